// Package gazetteer is the offline geocoder: it resolves "city, country"
// addresses to a geo.Place from an embedded GeoNames-derived table, with no
// network call. The table adds about 3.4 MB to a binary, so only code that
// geocodes imports this package; the types it answers with are in geo.
package gazetteer

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

	"svc/internal/platform/geo"
	"svc/internal/platform/geo/gazetteer/internal/geokey"
)

// geodata is the table `make geodata` writes (see internal/gen and
// internal/tablefile): countries, first-level admin areas and, in a chunk
// per country, cities of population >= 1,000 from GeoNames (CC BY 4.0),
// with country names from i18n-iso-countries (MIT).
//
//go:embed geodata.tsv.gz
var geodata []byte

// Limits on what Resolve reads of an address: an address is a line, not a
// document, and the work per address stays bounded whatever it is sent.
const (
	maxAddressBytes = 1024
	maxAddressWords = 64
	maxCityWords    = 8
)

// Geocoder resolves "city, country" addresses offline from an embedded
// table. It is safe for concurrent use. The table is read on first use, and
// only in part: the countries and admin areas, then the cities of each
// country the first time an address names it.
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

// New returns a geocoder over a table in the generator's format (see
// internal/tablefile); Default is the one to use, New serves tests and
// benchmarks.
func New(table []byte) *Geocoder { return &Geocoder{src: table} }

// head reads the first part of the table (countries, admin areas and the
// directory of the cities' chunks) once.
func (g *Geocoder) head() (*table, error) {
	g.once.Do(func() { g.t, g.err = parseHead(g.src) })
	return g.t, g.err
}

// Load reads the whole table now rather than piece by piece on first use:
// to warm a function up in its init phase, or to measure the one-time
// cost. It is idempotent and returns the table's error, if any.
func (g *Geocoder) Load() error {
	t, err := g.head()
	if err != nil {
		return err
	}
	for i := range t.countries {
		if _, err := t.cities(i); err != nil {
			return err
		}
	}
	return nil
}

// Resolve finds the city an address names. The address must name a
// country (English or native name, ISO alpha-2 or alpha-3 code, a common
// alias such as "USA" or "UK") at its end, or as its first comma-separated
// part, and a city of that country before it; street parts and postal
// codes before the city are tolerated, and an admin area ("IL", "Bayern")
// between city and country settles which of two same-named cities is meant.
// Otherwise the most populous wins. Case and accents are folded.
//
// The error wraps ErrNoCountry or ErrNoCity, or is the table's own error.
func (g *Geocoder) Resolve(address string) (geo.Place, error) {
	t, err := g.head()
	if err != nil {
		return geo.Place{}, err
	}
	return t.resolve(address)
}

// ---- the table ----------------------------------------------------------------

type country struct {
	alpha2, name string
	// The country's chunk in the table file, read once on first use.
	chunk []byte
	once  sync.Once
	c     *cityTable
	err   error
}

type adminKey struct {
	country, key string
}

type table struct {
	countries       []*country
	countryByName   map[string]int // normalized name -> index in countries
	countryByCode   map[string]int // lower-case alpha-2 and alpha-3 codes
	maxCountryWords int
	admins          map[adminKey]string // (country, normalized name or code) -> admin1 code
}

// cityTable is one country's chunk: its cities and its name index.
type cityTable struct {
	data   string // the inflated chunk; rows are read in place
	cities []city
	// names holds the offsets of the K rows, sorted by key: the name
	// index is searched in place, with no hash table built at load.
	names []uint32
}

// city is one P row, parsed at load into fields without pointers (so the
// collector never scans them); its name and admin code stay in the chunk
// text at row.
type city struct {
	row        uint32
	population int32
	point      geo.Point
}

// inflate reads one gzip member from r, sized from what the writer said.
func inflate(r *bytes.Reader, sizeHint int) (string, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return "", err
	}
	// Stop at the end of this member: with a byte reader under it, gzip
	// reads no further, so r is left where the next member starts.
	zr.Multistream(false)
	var b strings.Builder
	b.Grow(sizeHint)
	if _, err := io.Copy(&b, zr); err != nil {
		return "", err
	}
	return b.String(), zr.Close()
}

// gzipSize is the uncompressed size a gzip member's trailer records.
func gzipSize(member []byte) int {
	n := len(member)
	if n < 4 {
		return 0
	}
	return int(uint32(member[n-4]) | uint32(member[n-3])<<8 | uint32(member[n-2])<<16 | uint32(member[n-1])<<24)
}

func parseHead(src []byte) (*table, error) {
	r := bytes.NewReader(src)
	data, err := inflate(r, 0)
	if err != nil {
		return nil, fmt.Errorf("geo: table: %w", err)
	}
	body := src[len(src)-r.Len():]
	t := &table{
		countryByName: map[string]int{},
		countryByCode: map[string]int{},
		admins:        map[adminKey]string{},
	}
	byCode := map[string]*country{}
	var f [5]string
	for lineNo, line := range strings.Split(data, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		n := splitTabs(line, f[:])
		bad := func(why string) error { return fmt.Errorf("geo: table line %d: %s", lineNo+1, why) }
		switch {
		case f[0] == "C" && n == 5 && len(f[1]) == 2:
			i := len(t.countries)
			c := &country{alpha2: f[1], name: f[3]}
			t.countries = append(t.countries, c)
			byCode[f[1]] = c
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
		case f[0] == "D" && n == 4:
			off, err1 := strconv.Atoi(f[2])
			size, err2 := strconv.Atoi(f[3])
			c := byCode[f[1]]
			if err1 != nil || err2 != nil || off < 0 || size <= 0 || off+size > len(body) || c == nil {
				return nil, bad("bad chunk")
			}
			c.chunk = body[off : off+size]
		default:
			return nil, bad("unknown row")
		}
	}
	if len(t.countries) == 0 {
		return nil, fmt.Errorf("geo: table has no countries")
	}
	return t, nil
}

// cities returns country i's cities, reading its chunk on first use (nil
// for a country without cities).
func (t *table) cities(i int) (*cityTable, error) {
	c := t.countries[i]
	c.once.Do(func() {
		if c.chunk != nil {
			c.c, c.err = parseChunk(c.chunk)
			if c.err != nil {
				c.err = fmt.Errorf("geo: table, cities of %s: %w", c.alpha2, c.err)
			}
		}
	})
	return c.c, c.err
}

func parseChunk(chunk []byte) (*cityTable, error) {
	data, err := inflate(bytes.NewReader(chunk), gzipSize(chunk))
	if err != nil {
		return nil, err
	}
	t := &cityTable{
		data:   data,
		cities: make([]city, 0, strings.Count(data, "\nP\t")+1),
		names:  make([]uint32, 0, strings.Count(data, "\nK\t")),
	}
	var f [6]string
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
		bad := func(why string) error { return fmt.Errorf("line %d: %s", lineNo, why) }
		switch {
		case f[0] == "P" && n == 6:
			lat, err1 := strconv.ParseFloat(f[2], 64)
			lon, err2 := strconv.ParseFloat(f[3], 64)
			pop, err3 := strconv.ParseInt(f[4], 10, 32)
			p := geo.Point{Lat: lat, Lon: lon}
			if err1 != nil || err2 != nil || err3 != nil || !p.Valid() || f[5] == "" {
				return nil, bad("bad city")
			}
			t.cities = append(t.cities, city{row: uint32(row), population: int32(pop), point: p})
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
	// Every city number the index holds must be a city.
	for _, row := range t.names {
		for id := range t.idsAt(row) {
			if id < 0 || id >= len(t.cities) {
				return nil, fmt.Errorf("name index refers to city %d of %d", id, len(t.cities))
			}
		}
	}
	return t, nil
}

// nameAt is the key of the K row at offset row.
func (t *cityTable) nameAt(row uint32) string {
	s := t.data[row+2:]
	return s[:strings.IndexByte(s, '\t')]
}

// idsAt yields the city numbers of the K row at offset row (-1 for a
// malformed number).
func (t *cityTable) idsAt(row uint32) func(func(int) bool) {
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
func (t *cityTable) citiesNamed(key string) func(func(int) bool) {
	i, found := slices.BinarySearchFunc(t.names, key, func(row uint32, key string) int {
		return strings.Compare(t.nameAt(row), key)
	})
	if !found {
		return func(func(int) bool) {}
	}
	return t.idsAt(t.names[i])
}

// cityField returns field n (0-based, after the row tag) of city c's row.
func (t *cityTable) cityField(c *city, n int) string {
	s := t.data[c.row+2:]
	for ; n > 0; n-- {
		s = s[strings.IndexByte(s, '\t')+1:]
	}
	if i := strings.IndexAny(s, "\t\n"); i >= 0 {
		s = s[:i]
	}
	return s
}

func (t *cityTable) admin1(c *city) string { return t.cityField(c, 0) }
func (t *cityTable) name(c *city) string   { return t.cityField(c, 4) }

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

func (t *table) resolve(address string) (geo.Place, error) {
	parts := splitAddress(address)
	if len(parts) == 0 {
		return geo.Place{}, fmt.Errorf("%w: the address is empty or has no names", geo.ErrNoCountry)
	}
	ci, parts, ok := t.findCountry(parts)
	if !ok {
		return geo.Place{}, fmt.Errorf("%w: %q is not a country", geo.ErrNoCountry, quoteShort(parts[len(parts)-1].text))
	}
	cc := t.countries[ci]
	if len(parts) == 0 {
		return geo.Place{}, fmt.Errorf("%w: the address names only the country (%s)", geo.ErrNoCity, cc.name)
	}
	ct, err := t.cities(ci)
	if err != nil {
		return geo.Place{}, err
	}
	best, ok := t.findCity(cc.alpha2, ct, parts)
	if !ok {
		return geo.Place{}, fmt.Errorf("%w: no city of %s found in %q", geo.ErrNoCity, cc.name, quoteShort(joinParts(parts)))
	}
	c := &ct.cities[best]
	return geo.Place{Point: c.point, City: ct.name(c), CountryCode: cc.alpha2, Population: int(c.population)}, nil
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

func (t *table) findCity(cc string, ct *cityTable, parts []part) (int, bool) {
	if ct == nil {
		return 0, false
	}
	var mentions []mention
	// adminOnly[pi] is the admin area a part names in full ("IL",
	// "Bayern"), or "".
	adminOnly := make([]string, len(parts))
	for pi, p := range parts {
		n := p.words()
		for i := 0; i < n; i++ {
			for j := i + 1; j <= min(n, i+maxCityWords); j++ {
				if code, ok := t.admins[adminKey{cc, p.span(i, j)}]; ok {
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
				for ci := range ct.citiesNamed(p.span(i, j)) {
					c := &ct.cities[ci]
					admin1 := ct.admin1(c)
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
