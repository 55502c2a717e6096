// Package jsonbody holds the checks every JSON request body passes before it
// is decoded (Check): one object in UTF-8 within the route's size, in the
// service's words rather than encoding/json's, and the strict rules beyond
// json.Valid: how deep arrays and objects nest, no lone surrogate escape,
// and no key named twice in one object. encoding/json accepts the last three
// (it nests 10000 levels, decodes a lone surrogate to U+FFFD and keeps the
// last of two keys), so a client's mistake would pass unseen; the refusals
// are 400s with code 100 whose details name the path, as "<path>: <rule>".
package jsonbody

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"svc/internal/platform/apperr"
)

// MaxDepth caps how deep arrays and objects nest in a body (the body's own
// object is level 1). The deepest body the service reads, a template, nests
// 6 levels; 64 leaves room for any field a client adds.
const MaxDepth = 64

// bodyPath names the body itself in a message.
const bodyPath = "request body"

// TooDeep returns the index of the first bracket, outside strings, that
// opens a level of arrays and objects past limit, or -1 when none does.
// It reads any bytes, JSON or not.
func TooDeep(b []byte, limit int) int {
	depth := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '"':
			// Skip the string; an unterminated one runs to the end.
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			if depth++; depth > limit {
				return i
			}
		case '}', ']':
			depth--
		}
	}
	return -1
}

// depthError is the 400 for a body whose bracket at index at (as TooDeep
// returns it) nests past MaxDepth.
func depthError(at int) error {
	return apperr.Newf(apperr.CodeInvalidParameter,
		"%s: nested too deep at byte %d: JSON arrays and objects may nest at most %d levels", bodyPath, at+1, MaxDepth)
}

// Duplicate is a key named twice in one object.
type Duplicate struct {
	// At is the path of the object below the value scanned: "" for the
	// value itself, else member names after "." and indices in brackets
	// (".text", "[2]", ".components[0].example").
	At string
	// Name is the key named twice or, for two spellings of one field, the
	// field's name.
	Name string
	// First and Second are the two spellings of one field ("body" and
	// "Body"); both are empty when one key is repeated as written.
	First, Second string
}

// Path is At as a message's path: without the leading "." and "request
// body" for the body itself.
func (d Duplicate) Path() string {
	if d.At == "" {
		return bodyPath
	}
	return strings.TrimPrefix(d.At, ".")
}

// Rule says what is wrong, without the path.
func (d Duplicate) Rule() string {
	if d.First != "" {
		return "names " + strconv.Quote(d.Name) + " twice in one object (as " +
			strconv.Quote(d.First) + " and " + strconv.Quote(d.Second) + ")"
	}
	return "names " + strconv.Quote(d.Name) + " twice in one object"
}

// FindDuplicate finds the first key named twice in one object of raw, a
// valid JSON value, in document order. With t, the Go type raw decodes
// into, two keys that encoding/json reads as one field (it matches a key
// to a field's name exactly first, then case-insensitively) are named
// twice as well; below a value t does not describe field by field (a map,
// an interface, json.RawMessage, a type with its own UnmarshalJSON) and
// with t nil, only keys repeated as written are.
func FindDuplicate(raw []byte, t reflect.Type) (Duplicate, bool) {
	s := scan{raw: raw}
	s.value(t)
	return s.dup, s.found
}

// PathAt is the path of the innermost value of raw, a valid JSON value,
// that holds the byte at index at, as details name it: member names after
// "." and indices in brackets, without a leading "." (contacts[1].name);
// "" for raw itself, or when at is outside it.
func PathAt(raw []byte, at int) string {
	s := scan{raw: raw}
	p, _ := s.locate(at)
	return strings.TrimPrefix(p, ".")
}

// locate reads one value, as value does, and returns the path of the
// innermost value read that holds the byte at index at: a value's members
// and elements are read, and asked, before the value itself.
func (s *scan) locate(at int) (string, bool) {
	s.space()
	start := s.pos
	if start >= len(s.raw) {
		return "", false
	}
	switch s.raw[s.pos] {
	case '{', '[':
		closing := byte('}')
		if s.raw[s.pos] == '[' {
			closing = ']'
		}
		s.pos++
		for i := 0; ; i++ {
			s.space()
			if s.pos >= len(s.raw) {
				return "", false
			}
			if s.raw[s.pos] == closing {
				s.pos++
				break
			}
			if s.raw[s.pos] == ',' {
				s.pos++
				s.space()
			}
			st := step{index: i}
			if closing == '}' {
				key, ok := s.key()
				if !ok {
					return "", false
				}
				s.space()
				s.pos++ // :
				st = step{key: key, index: -1}
			}
			s.path = append(s.path, st)
			p, found := s.locate(at)
			s.path = s.path[:len(s.path)-1]
			if found {
				return p, true
			}
		}
	case '"':
		s.str()
	default: // a number, true, false or null
		for s.pos < len(s.raw) && !strings.ContainsRune(",]} \t\r\n", rune(s.raw[s.pos])) {
			s.pos++
		}
	}
	if start <= at && at < s.pos {
		return s.at(), true
	}
	return "", false
}

// checkDuplicates is the 400 for the duplicate FindDuplicate finds, or nil.
func checkDuplicates(raw []byte, t reflect.Type) error {
	if d, ok := FindDuplicate(raw, t); ok {
		return apperr.Newf(apperr.CodeInvalidParameter, "%s: %s", d.Path(), d.Rule())
	}
	return nil
}

// scan reads a valid JSON value byte by byte: encoding/json's Decoder.Token
// allocates an error for the end of every value it reads in a stream, and
// so cost more than the decoding the check guards.
type scan struct {
	raw []byte
	pos int
	// path is the way to the value being read, a step per level, written
	// out only when a duplicate is found.
	path  []step
	dup   Duplicate
	found bool
}

// value reads one value whose Go type is t (nil when not known) and
// reports whether the scan goes on.
func (s *scan) value(t reflect.Type) bool {
	s.space()
	if s.pos >= len(s.raw) {
		return false
	}
	switch s.raw[s.pos] {
	case '{':
		return s.object(decoded(t))
	case '[':
		return s.array(decoded(t))
	case '"':
		s.str()
	default: // a number, true, false or null
		for s.pos < len(s.raw) && !strings.ContainsRune(",]} \t\r\n", rune(s.raw[s.pos])) {
			s.pos++
		}
	}
	return true
}

// seenKeys holds an object's keys: a short list searched in order, as most
// objects have a few keys, and a map once it has many.
type seenKeys struct {
	list []string
	set  map[string]bool
}

// add records key and reports whether it was there already.
func (k *seenKeys) add(key string) bool {
	if k.set != nil {
		if k.set[key] {
			return true
		}
		k.set[key] = true
		return false
	}
	if slices.Contains(k.list, key) {
		return true
	}
	if k.list = append(k.list, key); len(k.list) > 16 {
		k.set = map[string]bool{}
		for _, x := range k.list {
			k.set[x] = true
		}
	}
	return false
}

// spelling is a struct field set by a member, and the member's key.
type spelling struct{ field, key string }

func (s *scan) object(t reflect.Type) bool {
	s.pos++ // {
	var fields []field
	if t != nil && t.Kind() == reflect.Struct {
		fields = fieldsOf(t)
	}
	var elem reflect.Type
	if t != nil && t.Kind() == reflect.Map {
		elem = t.Elem()
	}
	var seen seenKeys
	// spelled are the fields set so far, each with the key that set it.
	var spelled []spelling
	for {
		s.space()
		if s.pos >= len(s.raw) {
			return false
		}
		if s.raw[s.pos] == '}' {
			s.pos++
			return true
		}
		if s.raw[s.pos] == ',' {
			s.pos++
			s.space()
		}
		key, ok := s.key()
		if !ok {
			return false
		}
		if seen.add(key) {
			s.dup, s.found = Duplicate{At: s.at(), Name: key}, true
			return false
		}
		next := elem
		if f := lookup(fields, key); f != nil {
			if i := slices.IndexFunc(spelled, func(x spelling) bool { return x.field == f.name }); i >= 0 {
				s.dup, s.found = Duplicate{At: s.at(), Name: f.name, First: spelled[i].key, Second: key}, true
				return false
			}
			spelled, next = append(spelled, spelling{f.name, key}), f.typ
		}
		s.space()
		s.pos++ // :
		if !s.child(step{key: key, index: -1}, next) {
			return false
		}
	}
}

func (s *scan) array(t reflect.Type) bool {
	s.pos++ // [
	var elem reflect.Type
	if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
		elem = t.Elem()
	}
	for i := 0; ; i++ {
		s.space()
		if s.pos >= len(s.raw) {
			return false
		}
		switch s.raw[s.pos] {
		case ']':
			s.pos++
			return true
		case ',':
			s.pos++
		}
		if !s.child(step{index: i}, elem) {
			return false
		}
	}
}

func (s *scan) space() {
	for s.pos < len(s.raw) && (s.raw[s.pos] == ' ' || s.raw[s.pos] == '\t' || s.raw[s.pos] == '\r' || s.raw[s.pos] == '\n') {
		s.pos++
	}
}

// str skips a string and returns it as written, quotes included.
func (s *scan) str() []byte {
	start := s.pos
	for s.pos++; s.pos < len(s.raw) && s.raw[s.pos] != '"'; s.pos++ {
		if s.raw[s.pos] == '\\' {
			s.pos++
		}
	}
	s.pos++
	return s.raw[start:min(s.pos, len(s.raw))]
}

// key reads a member's key as encoding/json decodes it: as written when it
// is plain, through the decoder when it holds an escape or bytes that are
// not UTF-8 (both spell one key several ways).
func (s *scan) key() (string, bool) {
	q := s.str()
	if len(q) < 2 {
		return "", false
	}
	inner := q[1 : len(q)-1]
	if bytes.IndexByte(inner, '\\') < 0 && utf8.Valid(inner) {
		return string(inner), true
	}
	var k string
	err := json.Unmarshal(q, &k)
	return k, err == nil
}

// step is one level of a path: a member's key, or an element's index
// (index -1 for a member).
type step struct {
	key   string
	index int
}

// at is the path as Duplicate.At writes it.
func (s *scan) at() string {
	var b strings.Builder
	for _, st := range s.path {
		if st.index < 0 {
			b.WriteString("." + st.key)
		} else {
			b.WriteString("[" + strconv.Itoa(st.index) + "]")
		}
	}
	return b.String()
}

// child reads the value at st below the current one.
func (s *scan) child(st step, t reflect.Type) bool {
	s.path = append(s.path, st)
	ok := s.value(t)
	s.path = s.path[:len(s.path)-1]
	return ok
}

var unmarshalerType = reflect.TypeFor[json.Unmarshaler]()
var textUnmarshalerType = reflect.TypeFor[encoding.TextUnmarshaler]()

// decoded is t without pointers, or nil when encoding/json does not fill
// t field by field (json.RawMessage is an Unmarshaler).
func decoded(t reflect.Type) reflect.Type {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil || t.Kind() == reflect.Interface {
		return nil
	}
	pt := reflect.PointerTo(t)
	if pt.Implements(unmarshalerType) || (t.Kind() == reflect.Struct && pt.Implements(textUnmarshalerType)) {
		return nil
	}
	return t
}

// field is a JSON field of a struct: its name and Go type.
type field struct {
	name string
	typ  reflect.Type
}

// fieldsOf lists the JSON fields of a struct, those of embedded structs
// without a name of their own included after the struct's own, as
// encoding/json lets the shallower field win.
func fieldsOf(t reflect.Type) []field {
	var own, inner []field
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if tag == "-" {
			continue
		}
		ft := f.Type
		if f.Anonymous && name == "" {
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				inner = append(inner, fieldsOf(ft)...)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		own = append(own, field{name, ft})
	}
	for _, f := range inner {
		if lookupExact(own, f.name) == nil {
			own = append(own, f)
		}
	}
	return own
}

func lookupExact(fields []field, key string) *field {
	for i := range fields {
		if fields[i].name == key {
			return &fields[i]
		}
	}
	return nil
}

// lookup finds the field a key sets as encoding/json matches them: the
// exact name first, then a case-insensitive match.
func lookup(fields []field, key string) *field {
	if f := lookupExact(fields, key); f != nil {
		return f
	}
	for i := range fields {
		if strings.EqualFold(fields[i].name, key) {
			return &fields[i]
		}
	}
	return nil
}

// LoneSurrogate returns the index of the first \u escape, inside a string
// of b, that names half of a UTF-16 surrogate pair without its other half
// (\ud83d not followed by \ude00 to \udfff, or a \udc00 to \udfff on its
// own), or -1 when there is none. encoding/json decodes such an escape to
// U+FFFD, which would store a character the client never sent; JSON text
// escapes a character above U+FFFF as a pair (RFC 8259, section 7). b is
// read as bytes, JSON or not.
func LoneSurrogate(b []byte) int {
	inString := false
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '"':
			inString = !inString
		case !inString || b[i] != '\\':
		case i+1 < len(b) && b[i+1] == 'u':
			r := hex4(b, i+2)
			switch {
			case r >= 0xD800 && r <= 0xDBFF:
				if i+11 < len(b) && b[i+6] == '\\' && b[i+7] == 'u' {
					if lo := hex4(b, i+8); lo >= 0xDC00 && lo <= 0xDFFF {
						i += 11
						continue
					}
				}
				return i
			case r >= 0xDC00 && r <= 0xDFFF:
				return i
			}
			i++ // past the u: its four digits hold no quote or backslash
		default:
			i++ // the escaped byte
		}
	}
	return -1
}

// hex4 is the value of the four hex digits at b[at:], or -1.
func hex4(b []byte, at int) int {
	if at+4 > len(b) {
		return -1
	}
	v := 0
	for _, c := range b[at : at+4] {
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | int(c-'0')
		case c >= 'a' && c <= 'f':
			v = v<<4 | int(c-'a'+10)
		case c >= 'A' && c <= 'F':
			v = v<<4 | int(c-'A'+10)
		default:
			return -1
		}
	}
	return v
}

// loneSurrogateRule says what is wrong with the escape at index at, as
// LoneSurrogate returns it, without the path.
func loneSurrogateRule(b []byte, at int) string {
	return "lone UTF-16 surrogate escape " + string(b[at:min(at+6, len(b))]) + " at byte " + strconv.Itoa(at+1) +
		": a character above U+FFFF is escaped as a pair (\\ud83d\\ude00), and U+D800 to U+DFFF alone are not characters"
}
