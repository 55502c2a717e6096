package template

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"svc/internal/platform/apperr"
	"svc/internal/platform/jsonbody"
)

// Decoding a body in the service's own words. encoding/json reports a
// field of the wrong type in Go's terms ("json: cannot unmarshal number into
// Go struct field Component.components.text of type string"), without the
// array indices of the path, and a syntax error in its scanner's terms. So
// DecodeDraft checks the body first: that it is one JSON object in UTF-8
// (jsonbody.CheckObject, the gate every route shares), then, here, that
// every field Draft, Component and Button hold has the JSON type its Go
// field takes. Only then does encoding/json fill the structs,
// which can no longer fail. The messages follow Stage A's "<path>: <rule>":
//
//	request body: not valid JSON at byte 2: unexpected "'"
//	request body: expected a JSON object, found an array
//	components[0].text: expected a string, found a number
//	components[1].buttons[0]: expected an object, found null

// The scanners below walk JSON already known to be valid (json.Valid), so
// they only find boundaries; on other input they stop early rather than
// fail, and never index out of range.

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// stringEnd returns the index just past the string starting at b[i].
func stringEnd(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(b)
}

// valueEnd returns the index just past the value starting at b[i].
func valueEnd(b []byte, i int) int {
	if i >= len(b) {
		return len(b)
	}
	switch b[i] {
	case '"':
		return stringEnd(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				j = stringEnd(b, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return j + 1
				}
			}
		}
		return len(b)
	}
	// A number, true, false or null runs to the next delimiter.
	for j := i; j < len(b); j++ {
		switch b[j] {
		case ' ', '\t', '\r', '\n', ',', ']', '}':
			return j
		}
	}
	return len(b)
}

// members calls fn with the key (unescaped) and raw value of each member of
// a JSON object, in order, duplicates included.
func members(obj []byte, fn func(key string, val []byte)) {
	i := skipSpace(obj, 0)
	if i == len(obj) || obj[i] != '{' {
		return
	}
	for i = skipSpace(obj, i+1); i < len(obj) && obj[i] == '"'; {
		end := stringEnd(obj, i)
		key := unquoteKey(obj[i:end])
		i = skipSpace(obj, end)
		if i == len(obj) || obj[i] != ':' {
			return
		}
		i = skipSpace(obj, i+1)
		end = valueEnd(obj, i)
		fn(key, obj[i:end])
		if i = skipSpace(obj, end); i < len(obj) && obj[i] == ',' {
			i = skipSpace(obj, i+1)
		}
	}
}

// elements calls fn with the index and raw value of each element of a JSON
// array, in order.
func elements(arr []byte, fn func(i int, val []byte)) {
	i := skipSpace(arr, 0)
	if i == len(arr) || arr[i] != '[' {
		return
	}
	for i, n := skipSpace(arr, i+1), 0; i < len(arr) && arr[i] != ']'; n++ {
		end := valueEnd(arr, i)
		if end == i {
			return
		}
		fn(n, arr[i:end])
		if i = skipSpace(arr, end); i < len(arr) && arr[i] == ',' {
			i = skipSpace(arr, i+1)
		}
	}
}

// unquoteKey decodes a JSON string as encoding/json decodes an object key,
// so that keys match fields as they would there ("t\u0065xt" is text).
func unquoteKey(raw []byte) string {
	if len(raw) >= 2 && bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1])
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

// wantKind is the JSON a Go field of Draft, Component or Button takes.
type wantKind uint8

const (
	wantString  wantKind = iota // string
	wantBool                    // bool, *bool
	wantInteger                 // int, *int: a number without fraction or exponent
	wantAny                     // json.RawMessage: any JSON (Validate checks examples)
	wantObjects                 // a slice of structs: an array of objects
)

// fieldShape is one JSON field of a struct: its name, the JSON it takes
// and, for an array of objects, the fields of each element.
type fieldShape struct {
	name string
	want wantKind
	elem []fieldShape
}

// lookup finds the field a key sets as encoding/json matches them: the
// exact name first, then a case-insensitive match.
func lookup(fields []fieldShape, key string) *fieldShape {
	for i := range fields {
		if fields[i].name == key {
			return &fields[i]
		}
	}
	for i := range fields {
		if strings.EqualFold(fields[i].name, key) {
			return &fields[i]
		}
	}
	return nil
}

var rawMessageType = reflect.TypeFor[json.RawMessage]()

// draftShape is derived from the struct tags, so that a field added to
// Draft, Component or Button is checked without a second list to keep in
// step; a Go type it cannot map panics, at the first decode and in tests.
var draftShape = sync.OnceValue(func() []fieldShape { return shapeOf(reflect.TypeFor[Draft]()) })

// editShape is draftShape without name and language, which an edit does
// not read.
var editShape = sync.OnceValue(func() []fieldShape {
	return slices.DeleteFunc(slices.Clone(draftShape()), func(f fieldShape) bool { return f.name == "name" || f.name == "language" })
})

func shapeOf(t reflect.Type) []fieldShape {
	var fields []fieldShape
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		ft := f.Type
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		shape := fieldShape{name: name}
		switch {
		case ft == rawMessageType:
			shape.want = wantAny
		case ft.Kind() == reflect.String:
			shape.want = wantString
		case ft.Kind() == reflect.Bool:
			shape.want = wantBool
		case ft.Kind() == reflect.Int:
			shape.want = wantInteger
		case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct:
			shape.want, shape.elem = wantObjects, shapeOf(ft.Elem())
		default:
			panic("template: no JSON shape for field " + t.Name() + "." + f.Name + " of type " + f.Type.String())
		}
		fields = append(fields, shape)
	}
	return fields
}

// shapeChecker collects the fields whose JSON type their Go field cannot
// take, each as a violation naming the field's full path.
type shapeChecker struct{ out []Violation }

func (sc *shapeChecker) add(path, format string, args ...any) {
	sc.out = append(sc.out, Violation{Path: path, Rule: fmt.Sprintf(format, args...), Code: apperr.CodeInvalidParameter})
}

func (sc *shapeChecker) object(raw []byte, path string, fields []fieldShape) {
	// spelled is the key that set each field, for a field set twice.
	spelled := map[string]string{}
	members(raw, func(key string, val []byte) {
		// Keys no field takes are ignored, as DecodeDraft documents.
		f := lookup(fields, key)
		if f == nil {
			return
		}
		// Two spellings of one field ("text", "Text") set it twice, the
		// last winning, as a repeated key would; the same spelling twice
		// is duplicateName's.
		if first, ok := spelled[f.name]; ok && first != key {
			sc.add(cmp.Or(path, bodyPath), "%s", jsonbody.Duplicate{Name: f.name, First: first, Second: key}.Rule())
		}
		spelled[f.name] = key
		sc.value(val, joinPath(path, f.name), f)
	})
}

// bodyPath names the body itself in a message.
const bodyPath = "request body"

func (sc *shapeChecker) value(raw []byte, path string, f *fieldShape) {
	t := jsonbody.KindOf(raw)
	if t == jsonbody.Null {
		// encoding/json leaves a field empty for null, as if absent.
		return
	}
	switch f.want {
	case wantString:
		if t != jsonbody.String {
			sc.add(path, "expected a string, found %s", t)
		}
	case wantBool:
		if t != jsonbody.Bool {
			sc.add(path, "expected a boolean, found %s", t)
		}
	case wantInteger:
		switch _, err := strconv.ParseInt(string(raw), 10, strconv.IntSize); {
		case t != jsonbody.Number:
			sc.add(path, "expected an integer, found %s", t)
		case err != nil && bytes.ContainsAny(raw, ".eE"):
			sc.add(path, "expected an integer, found the number %s", shortNumber(raw))
		case err != nil:
			sc.add(path, "expected an integer, found %s, which is out of range", shortNumber(raw))
		}
	case wantObjects:
		if t != jsonbody.Array {
			sc.add(path, "expected an array, found %s", t)
			return
		}
		elements(raw, func(i int, el []byte) {
			p := fmt.Sprintf("%s[%d]", path, i)
			if et := jsonbody.KindOf(el); et != jsonbody.Object {
				sc.add(p, "expected an object, found %s", et)
				return
			}
			sc.object(el, p, f.elem)
		})
	}
}

// shortNumber is a number literal for a message, shortened as quoted
// shortens text: a body can hold a number of thousands of digits.
func shortNumber(raw []byte) string {
	const limit = 40
	if len(raw) > limit {
		return string(raw[:limit]) + "…"
	}
	return string(raw)
}
