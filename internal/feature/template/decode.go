package template

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"svc/internal/platform/apperr"
	"svc/internal/platform/jsonbody"
)

// Decoding a body in the service's own words. encoding/json reports a
// field of the wrong type in Go's terms ("json: cannot unmarshal number into
// Go struct field Component.components.text of type string"), without the
// array indices of the path, and a syntax error in its scanner's terms. So
// DecodeDraft checks the body first, here: that it is one JSON object in
// UTF-8, and that every field Draft, Component and Button hold has the JSON
// type its Go field takes. Only then does encoding/json fill the structs,
// which can no longer fail. The messages follow Stage A's "<path>: <rule>":
//
//	request body: not valid JSON at byte 2: unexpected "'"
//	request body: expected a JSON object, found an array
//	components[0].text: expected a string, found a number
//	components[1].buttons[0]: expected an object, found null

// jsonType is the type of a JSON value.
type jsonType uint8

const (
	jsonNull jsonType = iota
	jsonString
	jsonNumber
	jsonBool
	jsonObject
	jsonArray
)

// String names the type as messages say what was found.
func (t jsonType) String() string {
	switch t {
	case jsonString:
		return "a string"
	case jsonNumber:
		return "a number"
	case jsonBool:
		return "a boolean"
	case jsonObject:
		return "an object"
	case jsonArray:
		return "an array"
	}
	return "null"
}

// typeOf is the type of the valid JSON value that raw holds, spaces around
// it allowed. Its first byte decides.
func typeOf(raw []byte) jsonType {
	i := skipSpace(raw, 0)
	if i == len(raw) {
		return jsonNull
	}
	switch raw[i] {
	case '"':
		return jsonString
	case '{':
		return jsonObject
	case '[':
		return jsonArray
	case 't', 'f':
		return jsonBool
	case 'n':
		return jsonNull
	}
	return jsonNumber
}

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
	t := typeOf(raw)
	if t == jsonNull {
		// encoding/json leaves a field empty for null, as if absent.
		return
	}
	switch f.want {
	case wantString:
		if t != jsonString {
			sc.add(path, "expected a string, found %s", t)
		}
	case wantBool:
		if t != jsonBool {
			sc.add(path, "expected a boolean, found %s", t)
		}
	case wantInteger:
		switch _, err := strconv.ParseInt(string(raw), 10, strconv.IntSize); {
		case t != jsonNumber:
			sc.add(path, "expected an integer, found %s", t)
		case err != nil && bytes.ContainsAny(raw, ".eE"):
			sc.add(path, "expected an integer, found the number %s", shortNumber(raw))
		case err != nil:
			sc.add(path, "expected an integer, found %s, which is out of range", shortNumber(raw))
		}
	case wantObjects:
		if t != jsonArray {
			sc.add(path, "expected an array, found %s", t)
			return
		}
		elements(raw, func(i int, el []byte) {
			p := fmt.Sprintf("%s[%d]", path, i)
			if et := typeOf(el); et != jsonObject {
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

// bodyError is a 400 about the body as a whole.
func bodyError(format string, args ...any) error {
	return apperr.Newf(apperr.CodeInvalidParameter, "request body: "+format, args...)
}

// checkBody accepts one JSON object in UTF-8 nested at most
// MaxNestingDepth levels, spaces around it allowed.
func checkBody(body []byte) error {
	start := skipSpace(body, 0)
	if start == len(body) {
		return bodyError("expected a JSON object, found an empty body")
	}
	// Of a body too deep and not JSON, the first fault is reported: what
	// is deeper than encoding/json reads it calls a syntax error.
	deep := jsonbody.TooDeep(body, MaxNestingDepth)
	if !json.Valid(body) {
		if at, err := syntaxError(body); deep < 0 || at < deep {
			return err
		}
	}
	if deep >= 0 {
		return jsonbody.DepthError(deep)
	}
	// encoding/json would quietly turn each bad byte into U+FFFD in
	// strings and keep it in examples, which are stored verbatim; JSON text
	// is UTF-8 (RFC 8259), so such a body is refused.
	if !utf8.Valid(body) {
		return bodyError("not valid UTF-8 at byte %d: JSON text must be UTF-8", firstInvalidUTF8(body)+1)
	}
	if at := jsonbody.LoneSurrogate(body); at >= 0 {
		return bodyError("%s", jsonbody.LoneSurrogateRule(body, at))
	}
	if t := typeOf(body); t != jsonObject {
		return bodyError("expected a JSON object, found %s", t)
	}
	return nil
}

// syntaxError says where a body that is not JSON stops being JSON: data
// after a complete value, its end before the value is complete, or the
// first byte that cannot be where it is. Byte positions count from 1; at
// is the index of that byte (len(body) when the body ends too soon or the
// place is not known).
func syntaxError(body []byte) (at int, err error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	var first json.RawMessage
	derr := dec.Decode(&first)
	var se *json.SyntaxError
	switch {
	case derr == nil:
		at := skipSpace(body, int(dec.InputOffset()))
		return at, bodyError("not valid JSON at byte %d: unexpected data after the JSON value", at+1)
	case errors.Is(derr, io.ErrUnexpectedEOF):
		return len(body), bodyError("not valid JSON at byte %d: the body ends before the JSON value is complete", len(body))
	case errors.As(derr, &se) && se.Offset > 0 && int(se.Offset) <= len(body):
		// Offset counts the bytes read up to and including the bad one.
		at := int(se.Offset) - 1
		return at, bodyError("not valid JSON at byte %d: unexpected %s", at+1, describeByte(body, at))
	}
	return len(body), bodyError("not valid JSON")
}

// describeByte names the character at b[i] for a message: quoted when it
// is printable ASCII, by code point otherwise, or as a byte when it does
// not start a UTF-8 character.
func describeByte(b []byte, i int) string {
	r, size := utf8.DecodeRune(b[i:])
	switch {
	case r == utf8.RuneError && size <= 1:
		return fmt.Sprintf("byte 0x%02X", b[i])
	case r >= 0x20 && r < 0x7f:
		return strconv.Quote(string(r))
	}
	return fmt.Sprintf("character U+%04X", r)
}

func firstInvalidUTF8(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(b)
}

// unreadable turns an error of encoding/json after the checks above into a
// 400 in the service's words. checkBody and the shape check leave it
// nothing to fail on; this keeps any gap between them and encoding/json a
// client error that quotes no Go internals.
func unreadable(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			field = "request body"
		}
		return apperr.Newf(apperr.CodeInvalidParameter, "%s: expected %s, found %s", field, jsonKind(te.Type), foundKind(te.Value))
	}
	return bodyError("could not be read as a template")
}

// jsonKind names the JSON a Go type takes.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "an object"
}

// foundKind names what json.UnmarshalTypeError.Value describes ("number",
// "number 1.5", "bool", "string", "array", "object").
func foundKind(value string) string {
	kind, _, _ := strings.Cut(value, " ")
	switch kind {
	case "number":
		return "a number"
	case "bool":
		return "a boolean"
	case "string":
		return "a string"
	case "array":
		return "an array"
	case "object":
		return "an object"
	}
	return "a value of another type"
}
