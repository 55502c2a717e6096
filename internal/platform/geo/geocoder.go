package geo

import (
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"svc/internal/platform/geo/internal/geokey"
)

// geodata is the table `make geodata` writes (see internal/gen): countries,
// first-level admin areas and cities of population >= 1,000 from GeoNames
// (CC BY 4.0), with country names from i18n-iso-countries (MIT).
//
//go:embed geodata.tsv.gz
var geodata []byte

// Limits on what Resolve reads of an address: an address is a line, not a
// document, and the work per address stays bounded whatever it is sent.
const (
	maxAddressBytes = 1024
	maxAddressWords = 64
	maxCityWords    = 6
)

// Geocoder resolves "city, country" addresses offline from an embedded
// table. It is safe for concurrent use; the table is read on first use.
type Geocoder struct {
	once sync.Once
	src  []byte
	t    *table
	err  error
}

var defaultGeocoder = New(geodata)

// Default is the process-wide geocoder over the embedded table. Nothing is
// decompressed until its first Resolve (or Load), so a function that never
// geocodes pays nothing at cold start.
func Default() *Geocoder { return defaultGeocoder }

// New returns a geocoder over a table in the generator's format (gzip'd);
// Default is the one to use, New serves tests and benchmarks.
func New(gzippedTable []byte) *Geocoder { return &Geocoder{src: gzippedTable} }

// Load reads the table now rather than on the first Resolve (to warm a
// function up in its init phase, or to measure the one-time cost). It is
// idempotent and returns the table's error, if any.
func (g *Geocoder) Load() error {
	g.once.Do(func() { g.t, g.err = parseTable(g.src) })
	return g.err
}

// Resolve finds the city an address names. The address must name a
// country (English or native name, ISO alpha-2 or alpha-3 code, a common
// alias such as "USA" or "UK") at its end, or as its first comma-separated
// part, and a city of that country before it; street parts and postal
// codes before the city are tolerated, and an admin area ("IL", "Bayern")
// between city and country settles which of two same-named cities is meant.
// Otherwise the most populous wins. Case and accents are folded.
//
// The error wraps ErrNoCountry or ErrNoCity.
func (g *Geocoder) Resolve(address string) (Place, error) {
	if err := g.Load(); err != nil {
		return Place{}, err
	}
	return g.t.resolve(address)
}

// ---- the table ----------------------------------------------------------------

type country struct {
	alpha2, name string
}

type adminKey struct {
	country, key string
}

// city is one P row, parsed at load into fields without pointers (so the
// collector never scans them); its name and admin code stay in the table
// text at row.
type city struct {
	row        uint32
	country    [2]byte
	population int32
	point      Point
}

type table struct {
	data            string // the whole inflated table; rows are read in place
	countries       []country
	countryByName   map[string]int // normalized name -> index in countries
	countryByCode   map[string]int // lower-case alpha-2 and alpha-3 codes
	maxCountryWords int
	admins          map[adminKey]string // (country, normalized name or code) -> admin1 code
	cities          []city
	// names holds the offsets of the K rows, sorted by key: the name
	// index is searched in place, with no hash table built at load.
	names []uint32
}

func parseTable(src []byte) (*table, error) {
	zr, err := gzip.NewReader(bytes.NewReader(src))
	if err != nil {
		return nil, fmt.Errorf("geo: table: %w", err)
	}
	// One string for the whole table, sized from the gzip trailer: names
	// and keys are substrings of it.
	var b strings.Builder
	if n := len(src); n >= 4 {
		b.Grow(int(uint32(src[n-4]) | uint32(src[n-3])<<8 | uint32(src[n-2])<<16 | uint32(src[n-1])<<24))
	}
	if _, err := io.Copy(&b, zr); err != nil {
		return nil, fmt.Errorf("geo: table: %w", err)
	}
	data := b.String()
	t := &table{
		data:          data,
		countryByName: map[string]int{},
		countryByCode: map[string]int{},
		admins:        map[adminKey]string{},
		cities:        make([]city, 0, strings.Count(data, "\nP\t")),
		names:         make([]uint32, 0, strings.Count(data, "\nK\t")),
	}
	known := map[string]bool{}
	var f [8]string
	lineNo, prevKey := 0, ""
	for off := 0; off < len(data); {
		line := data[off:]
		if i := strings.IndexByte(line, '\n'); i >= 0 {
			line = line[:i]
		}
		row := off
		off += len(line) + 1
		lineNo++
		if line == "" || line[0] == '#' {
			continue
		}
		n := splitTabs(line, f[:])
		bad := func(why string) error { return fmt.Errorf("geo: table line %d: %s", lineNo, why) }
		switch {
		case f[0] == "C" && n == 5 && len(f[1]) == 2:
			i := len(t.countries)
			t.countries = append(t.countries, country{alpha2: f[1], name: f[3]})
			known[f[1]] = true
			t.countryByCode[strings.ToLower(f[1])] = i
			t.countryByCode[strings.ToLower(f[2])] = i
			for k := range keys(f[4]) {
				t.countryByName[k] = i
				t.maxCountryWords = max(t.maxCountryWords, strings.Count(k, " ")+1)
			}
		case f[0] == "A" && n == 4:
			for k := range keys(f[3]) {
				t.admins[adminKey{f[1], k}] = f[2]
			}
		case f[0] == "P" && n == 7:
			lat, err1 := strconv.ParseFloat(f[3], 64)
			lon, err2 := strconv.ParseFloat(f[4], 64)
			pop, err3 := strconv.ParseInt(f[5], 10, 32)
			p := Point{Lat: lat, Lon: lon}
			if err1 != nil || err2 != nil || err3 != nil || !p.Valid() || f[6] == "" {
				return nil, bad("bad city")
			}
			if !known[f[1]] {
				return nil, bad("city of unknown country " + f[1])
			}
			t.cities = append(t.cities, city{row: uint32(row), country: [2]byte{f[1][0], f[1][1]}, population: int32(pop), point: p})
		case f[0] == "K" && n == 3:
			if f[1] <= prevKey {
				return nil, bad("name index out of order")
			}
			prevKey = f[1]
			t.names = append(t.names, uint32(row))
		default:
			return nil, bad("unknown row")
		}
	}
	if len(t.countries) == 0 || len(t.cities) == 0 {
		return nil, fmt.Errorf("geo: table has no countries or no cities")
	}
	// Every city number the index holds must be a city.
	for _, row := range t.names {
		for id := range t.idsAt(row) {
			if id < 0 || id >= len(t.cities) {
				return nil, fmt.Errorf("geo: table: name index refers to city %d of %d", id, len(t.cities))
			}
		}
	}
	return t, nil
}

// nameAt is the key of the K row at offset row.
func (t *table) nameAt(row uint32) string {
	s := t.data[row+2:]
	return s[:strings.IndexByte(s, '\t')]
}

// idsAt yields the city numbers of the K row at offset row (-1 for a
// malformed number).
func (t *table) idsAt(row uint32) func(func(int) bool) {
	return func(yield func(int) bool) {
		s := t.data[row+2:]
		s = s[strings.IndexByte(s, '\t')+1:]
		id, digits := 0, 0
		for i := 0; i <= len(s); i++ {
			if i == len(s) || s[i] == ',' || s[i] == '\n' {
				if digits == 0 || digits > 9 {
					id = -1
				}
				if !yield(id) || i == len(s) || s[i] == '\n' {
					return
				}
				id, digits = 0, 0
				continue
			}
			if s[i] < '0' || s[i] > '9' {
				yield(-1)
				return
			}
			id = id*10 + int(s[i]-'0')
			digits++
		}
	}
}

// citiesNamed yields the numbers of the cities bearing a normalized name.
func (t *table) citiesNamed(key string) func(func(int) bool) {
	i, found := slices.BinarySearchFunc(t.names, key, func(row uint32, key string) int {
		return strings.Compare(t.nameAt(row), key)
	})
	if !found {
		return func(func(int) bool) {}
	}
	return t.idsAt(t.names[i])
}

// cityField returns field n (0-based, after the row tag) of city c's row.
func (t *table) cityField(c *city, n int) string {
	s := t.data[c.row+2:]
	for ; n > 0; n-- {
		s = s[strings.IndexByte(s, '\t')+1:]
	}
	if i := strings.IndexAny(s, "\t\n"); i >= 0 {
		s = s[:i]
	}
	return s
}

func (t *table) admin1(c *city) string { return t.cityField(c, 1) }
func (t *table) name(c *city) string   { return t.cityField(c, 5) }

// splitTabs cuts line at tabs into f without allocating; it returns the
// number of fields, or len(f)+1 when there are more.
func splitTabs(line string, f []string) int {
	n := 0
	for {
		if n == len(f) {
			return n + 1
		}
		field, rest, more := strings.Cut(line, "\t")
		f[n] = field
		n++
		if !more {
			return n
		}
		line = rest
	}
}

// keys yields the non-empty |-separated keys of a field.
func keys(field string) func(func(string) bool) {
	return func(yield func(string) bool) {
		for field != "" {
			var k string
			k, field, _ = strings.Cut(field, "|")
			if k != "" && !yield(k) {
				return
			}
		}
	}
}

// ---- resolving ------------------------------------------------------------------

// part is one comma-separated part of an address, normalized: its words
// joined by single spaces (words with digits, postal codes and house
// numbers, left out), with each word's start and end in text.
type part struct {
	text       string
	start, end []int
}

func (p part) words() int { return len(p.start) }

// span is the text of words [i, j).
func (p part) span(i, j int) string { return p.text[p.start[i]:p.end[j-1]] }

// cut keeps words [i, j).
func (p part) cut(i, j int) part {
	if i >= j {
		return part{}
	}
	base := p.start[i]
	q := part{text: p.text[base:p.end[j-1]]}
	for k := i; k < j; k++ {
		q.start = append(q.start, p.start[k]-base)
		q.end = append(q.end, p.end[k]-base)
	}
	return q
}

func splitAddress(address string) []part {
	if len(address) > maxAddressBytes {
		// Keep the end, where the city and country are; cut on a rune
		// boundary.
		cut := len(address) - maxAddressBytes
		for cut < len(address) && !utf8.RuneStart(address[cut]) {
			cut++
		}
		address = address[cut:]
	}
	var parts []part
	total := 0
	for _, raw := range strings.FieldsFunc(address, func(r rune) bool {
		return r == ',' || r == ';' || r == '\n' || r == '\r' || r == '|'
	}) {
		var p part
		var b strings.Builder
		for _, w := range strings.Fields(geokey.Normalize(raw)) {
			if strings.IndexFunc(w, unicode.IsDigit) >= 0 {
				continue
			}
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			p.start = append(p.start, b.Len())
			b.WriteString(w)
			p.end = append(p.end, b.Len())
		}
		p.text = b.String()
		if p.words() > 0 {
			parts = append(parts, p)
			total += p.words()
		}
	}
	// Keep the last words if there are too many.
	for total > maxAddressWords && len(parts) > 0 {
		drop := min(parts[0].words(), total-maxAddressWords)
		if drop == parts[0].words() {
			parts = parts[1:]
		} else {
			parts[0] = parts[0].cut(drop, parts[0].words())
		}
		total -= drop
	}
	return parts
}

func (t *table) resolve(address string) (Place, error) {
	parts := splitAddress(address)
	if len(parts) == 0 {
		return Place{}, fmt.Errorf("%w: the address is empty", ErrNoCountry)
	}
	ci, parts, ok := t.findCountry(parts)
	if !ok {
		return Place{}, fmt.Errorf("%w: %q is not a country", ErrNoCountry, quoteShort(parts[len(parts)-1].text))
	}
	cc := t.countries[ci]
	if len(parts) == 0 {
		return Place{}, fmt.Errorf("%w: the address names only the country (%s)", ErrNoCity, cc.name)
	}
	best, ok := t.findCity([2]byte{cc.alpha2[0], cc.alpha2[1]}, parts)
	if !ok {
		return Place{}, fmt.Errorf("%w: no city of %s found in %q", ErrNoCity, cc.name, quoteShort(joinParts(parts)))
	}
	c := &t.cities[best]
	return Place{Point: c.point, City: t.name(c), CountryCode: cc.alpha2, Population: int(c.population)}, nil
}

// findCountry looks for the country at the end of the address (the longest
// trailing run of words that is a country's name, else a trailing ISO code),
// then as the whole first part ("Deutschland, Berlin"). It returns the
// country and the parts left for the city.
func (t *table) findCountry(parts []part) (int, []part, bool) {
	last := parts[len(parts)-1]
	n := last.words()
	for k := min(n, t.maxCountryWords); k >= 1; k-- {
		if ci, ok := t.countryByName[last.span(n-k, n)]; ok {
			return ci, withLast(parts, last.cut(0, n-k)), true
		}
	}
	if ci, ok := t.countryByCode[last.span(n-1, n)]; ok {
		return ci, withLast(parts, last.cut(0, n-1)), true
	}
	if len(parts) > 1 {
		first := parts[0].text
		if ci, ok := t.countryByName[first]; ok {
			return ci, parts[1:], true
		}
		if ci, ok := t.countryByCode[first]; ok {
			return ci, parts[1:], true
		}
	}
	return 0, parts, false
}

func withLast(parts []part, last part) []part {
	out := append([]part(nil), parts[:len(parts)-1]...)
	if last.words() > 0 {
		out = append(out, last)
	}
	return out
}

type mention struct {
	part, i, j int
	code       string
}

type candidate struct {
	city       int
	wholePart  bool
	adminMatch bool
	partRank   int
	endsPart   bool
	words      int
	population int32
}

// better orders candidates: a city named by a whole comma-separated part
// (not a word of a street name: "Calle de Alcalá 10, Madrid"), then one in
// the admin area the address names, then one in a later part (nearer the
// country; a part that is only an admin area's name comes last), then one
// ending its part (street words come before the city), then the longer
// name, then the larger population, then table order.
func (a candidate) better(b candidate) bool {
	switch {
	case a.wholePart != b.wholePart:
		return a.wholePart
	case a.adminMatch != b.adminMatch:
		return a.adminMatch
	case a.partRank != b.partRank:
		return a.partRank > b.partRank
	case a.endsPart != b.endsPart:
		return a.endsPart
	case a.words != b.words:
		return a.words > b.words
	case a.population != b.population:
		return a.population > b.population
	}
	return a.city < b.city
}

func (t *table) findCity(cc [2]byte, parts []part) (int, bool) {
	ccName := string(cc[:])
	var mentions []mention
	// adminOnly[pi] is the admin area a part names in full ("IL",
	// "Bayern"), or "".
	adminOnly := make([]string, len(parts))
	for pi, p := range parts {
		n := p.words()
		for i := 0; i < n; i++ {
			for j := i + 1; j <= min(n, i+maxCityWords); j++ {
				if code, ok := t.admins[adminKey{ccName, p.span(i, j)}]; ok {
					mentions = append(mentions, mention{pi, i, j, code})
					if i == 0 && j == n {
						adminOnly[pi] = code
					}
				}
			}
		}
	}
	var best candidate
	found := false
	for pi, p := range parts {
		n := p.words()
		for i := 0; i < n; i++ {
			for j := i + 1; j <= min(n, i+maxCityWords); j++ {
				for ci := range t.citiesNamed(p.span(i, j)) {
					c := &t.cities[ci]
					if c.country != cc {
						continue
					}
					admin1 := t.admin1(c)
					// A part that names an admin area names a city in
					// it only when the city is in that area ("Berlin",
					// "New York"); a namesake elsewhere ranks last.
					rank := pi
					if adminOnly[pi] != "" && adminOnly[pi] != admin1 {
						rank = -1
					}
					cand := candidate{
						city: ci, wholePart: i == 0 && j == n, partRank: rank, endsPart: j == n, words: j - i, population: c.population,
						adminMatch: namesAdmin(mentions, admin1, pi, i, j),
					}
					if !found || cand.better(best) {
						best, found = cand, true
					}
				}
			}
		}
	}
	return best.city, found
}

// namesAdmin reports whether the address names the admin area code
// somewhere other than in the words [i, j) of part pi that name the city.
func namesAdmin(mentions []mention, code string, pi, i, j int) bool {
	if code == "" {
		return false
	}
	for _, m := range mentions {
		if m.code == code && (m.part != pi || m.j <= i || m.i >= j) {
			return true
		}
	}
	return false
}

func joinParts(parts []part) string {
	texts := make([]string, len(parts))
	for i, p := range parts {
		texts[i] = p.text
	}
	return strings.Join(texts, ", ")
}

// quoteShort bounds what an error repeats of the input.
func quoteShort(s string) string {
	const limit = 60
	if len(s) <= limit {
		return s
	}
	cut := limit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
