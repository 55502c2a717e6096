package gazetteer

import (
	"strings"
	"testing"
	"unicode"
)

// TestEveryCountrysLargestCity reads the whole embedded table: for every
// country with cities, its most populous city must resolve by its own name
// followed by the country's English name, alpha-2 code and alpha-3 code. A
// country name shadowed by another's, or a city name the index lost, fails
// here.
func TestEveryCountrysLargestCity(t *testing.T) {
	g := New(geodata)
	if err := g.Load(); err != nil {
		t.Fatal(err)
	}
	tbl, _ := g.head()
	checked := 0
	for i, c := range tbl.countries {
		ct, err := tbl.cities(i)
		if err != nil {
			t.Fatal(err)
		}
		if ct == nil {
			continue
		}
		largest := ct.name(&ct.cities[0])
		alpha3 := ""
		for code, j := range tbl.countryByCode {
			if j == i && len(code) == 3 {
				alpha3 = code
			}
		}
		for _, country := range []string{c.name, c.alpha2, alpha3} {
			address := largest + ", " + country
			got, err := g.Resolve(address)
			if err != nil || got.CountryCode != c.alpha2 || got.Population < int(ct.cities[0].population) {
				t.Errorf("Resolve(%q) = %+v, %v; want %s in %s", address, got, err, largest, c.alpha2)
			}
		}
		checked++
	}
	if checked < 200 {
		t.Errorf("only %d countries have cities", checked)
	}
}

// TestEveryLargeCityByItsName: every city of 100,000 or more resolves by
// its own GeoNames name and its country's code, to itself or to a more
// populous namesake (which the ranking prefers on purpose).
func TestEveryLargeCityByItsName(t *testing.T) {
	g := New(geodata)
	tbl, err := g.head()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i, c := range tbl.countries {
		ct, err := tbl.cities(i)
		if err != nil {
			t.Fatal(err)
		}
		if ct == nil {
			continue
		}
		for k := range ct.cities {
			city := &ct.cities[k]
			if city.population < 100000 {
				break // cities are in order of population
			}
			name := ct.name(city)
			if strings.IndexFunc(name, unicode.IsDigit) >= 0 {
				continue // an address's numbers are read as house numbers
			}
			address := name + ", " + c.alpha2
			got, err := g.Resolve(address)
			if err != nil || got.CountryCode != c.alpha2 || got.Population < int(city.population) {
				t.Errorf("Resolve(%q) = %+v, %v; want %s (%d) or a larger namesake", address, got, err, name, city.population)
			}
			checked++
		}
	}
	t.Logf("%d cities of 100,000 or more checked", checked)
	if checked < 4000 {
		t.Errorf("only %d cities of 100,000 or more", checked)
	}
}
