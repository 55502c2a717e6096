package geo

import (
	"testing"
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
