// Package jsonbody holds the strict checks every JSON request body passes
// beyond json.Valid: how deep arrays and objects nest, and no key named
// twice in one object. encoding/json accepts both (it nests 10000 levels and
// keeps the last of two keys), so a client's mistake would pass unseen; the
// refusals are 400s with code 100 whose details name the path, as
// "<path>: <rule>".
package jsonbody

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

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

// DepthError is the 400 for a body whose bracket at index at (as TooDeep
// returns it) nests past MaxDepth.
func DepthError(at int) error {
	return apperr.Newf(apperr.CodeInvalidParameter,
		"%s: nested too deep at byte %d: JSON arrays and objects may nest at most %d levels", bodyPath, at+1, MaxDepth)
}

// CheckDepth refuses a body nested deeper than MaxDepth, JSON or not.
func CheckDepth(body []byte) error {
	if at := TooDeep(body, MaxDepth); at >= 0 {
		return DepthError(at)
	}
	return nil
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
	s := scan{dec: json.NewDecoder(bytes.NewReader(raw))}
	s.dec.UseNumber()
	s.value("", t)
	return s.dup, s.found
}

// CheckDuplicates is the 400 for the duplicate FindDuplicate finds, or nil.
func CheckDuplicates(raw []byte, t reflect.Type) error {
	if d, ok := FindDuplicate(raw, t); ok {
		return apperr.Newf(apperr.CodeInvalidParameter, "%s: %s", d.Path(), d.Rule())
	}
	return nil
}

// Check refuses a body, valid JSON, that nests deeper than MaxDepth or
// names a key twice in one object as FindDuplicate reads it for t.
func Check(body []byte, t reflect.Type) error {
	if err := CheckDepth(body); err != nil {
		return err
	}
	return CheckDuplicates(body, t)
}

type scan struct {
	dec   *json.Decoder
	dup   Duplicate
	found bool
}

// value reads one value whose Go type is t (nil when not known) and
// reports whether the scan goes on.
func (s *scan) value(path string, t reflect.Type) bool {
	tok, err := s.dec.Token()
	if err != nil {
		return false
	}
	t = decoded(t)
	switch tok {
	case json.Delim('{'):
		var fields []field
		if t != nil && t.Kind() == reflect.Struct {
			fields = fieldsOf(t)
		}
		var elem reflect.Type
		if t != nil && t.Kind() == reflect.Map {
			elem = t.Elem()
		}
		seen := map[string]bool{}
		spelled := map[string]string{} // field name -> the key that set it
		for s.dec.More() {
			kt, err := s.dec.Token()
			if err != nil {
				return false
			}
			key, _ := kt.(string)
			if seen[key] {
				s.dup, s.found = Duplicate{At: path, Name: key}, true
				return false
			}
			seen[key] = true
			next := elem
			if f := lookup(fields, key); f != nil {
				if first, ok := spelled[f.name]; ok {
					s.dup, s.found = Duplicate{At: path, Name: f.name, First: first, Second: key}, true
					return false
				}
				spelled[f.name], next = key, f.typ
			}
			if !s.value(path+"."+key, next) {
				return false
			}
		}
		_, err = s.dec.Token()
		return err == nil
	case json.Delim('['):
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for i := 0; s.dec.More(); i++ {
			if !s.value(path+"["+strconv.Itoa(i)+"]", elem) {
				return false
			}
		}
		_, err = s.dec.Token()
		return err == nil
	}
	return true
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
