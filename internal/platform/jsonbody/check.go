package jsonbody

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"svc/internal/platform/apperr"
)

// The one gate every JSON request body passes (templates, sends, calls), so
// that every route speaks of a malformed body in the same words.
// encoding/json reports a syntax error in its scanner's terms and a field of
// the wrong type in Go's; these messages follow "<path>: <rule>" instead:
//
//	request body: must be at most 65536 bytes (found 70000)
//	request body: expected a JSON object, found an empty body
//	request body: not valid JSON at byte 2: unexpected "'"
//	request body: not valid JSON at byte 5: the body ends before the JSON value is complete
//	request body: not valid UTF-8 at byte 13: JSON text must be UTF-8
//	request body: expected a JSON object, found an array

// Check accepts a body that is one JSON object in UTF-8 of at most
// maxBytes bytes, spaces around it allowed, nested at most MaxDepth levels,
// without a lone surrogate escape, and naming no key twice in one object as
// FindDuplicate reads it for t. Anything else is a 400 with code 100 whose
// details say where and what is wrong.
func Check(body []byte, maxBytes int, t reflect.Type) error {
	if err := CheckObject(body, maxBytes); err != nil {
		return err
	}
	return checkDuplicates(body, t)
}

// CheckObject is Check without the duplicate keys, for a decoder that lists
// them among its own findings (the template's lists them with the fields of
// the wrong type).
func CheckObject(body []byte, maxBytes int) error {
	if len(body) > maxBytes {
		return bodyError("must be at most %d bytes (found %d)", maxBytes, len(body))
	}
	if skipSpace(body, 0) == len(body) {
		return bodyError("expected a JSON object, found an empty body")
	}
	// Of a body too deep and not JSON, the first fault is reported: what
	// is deeper than encoding/json reads it calls a syntax error.
	deep := TooDeep(body, MaxDepth)
	if !json.Valid(body) {
		if at, err := syntaxError(body); deep < 0 || at < deep {
			return err
		}
	}
	if deep >= 0 {
		return depthError(deep)
	}
	// encoding/json would quietly turn each bad byte into U+FFFD and the
	// service would store a character the client never sent; JSON text is
	// UTF-8 (RFC 8259), so such a body is refused.
	if !utf8.Valid(body) {
		return bodyError("not valid UTF-8 at byte %d: JSON text must be UTF-8", firstInvalidUTF8(body)+1)
	}
	if at := LoneSurrogate(body); at >= 0 {
		return bodyError("%s", loneSurrogateRule(body, at))
	}
	if k := KindOf(body); k != Object {
		return bodyError("expected a JSON object, found %s", k)
	}
	return nil
}

// DecodeError turns an error of encoding/json, met decoding body after
// Check passed it, into a 400 in the service's words that quotes no Go
// internals. A field of the wrong JSON type is named by its whole path,
// indices included (contacts[1].phones[0].phone), as the rules' own details
// name it: encoding/json names it without them (contacts.phones.phone), so
// the path is read again from body at the error's offset (PathAt). A
// decoder that checks each field's JSON type first leaves it nothing to
// fail on; this keeps any gap a client error. what names the body's kind
// for the last resort ("a template": "request body: could not be read as a
// template").
func DecodeError(body []byte, err error, what string) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		// The offset is just past the value read (a scalar) or its opening
		// bracket; the path found there is taken only when it is the
		// field's own, its indices aside.
		if p := PathAt(body, int(te.Offset)-1); withoutIndices(p) == te.Field {
			field = p
		}
		if field == "" {
			field = bodyPath
		}
		return apperr.Newf(apperr.CodeInvalidParameter, "%s: expected %s, found %s", field, goKind(te.Type), foundKind(te.Value))
	}
	return bodyError("could not be read as %s", what)
}

// withoutIndices is a path without its array indices, as encoding/json
// writes a field's path.
func withoutIndices(path string) string {
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		if path[i] == '[' {
			for i < len(path) && path[i] != ']' {
				i++
			}
			continue
		}
		b.WriteByte(path[i])
	}
	return b.String()
}

// Kind is the type of a JSON value.
type Kind uint8

// The kinds of JSON value.
const (
	Null Kind = iota
	String
	Number
	Bool
	Object
	Array
)

// String names the kind as messages say what was found ("an object").
func (k Kind) String() string {
	switch k {
	case String:
		return "a string"
	case Number:
		return "a number"
	case Bool:
		return "a boolean"
	case Object:
		return "an object"
	case Array:
		return "an array"
	}
	return "null"
}

// KindOf is the kind of the valid JSON value raw holds, spaces around it
// allowed: its first byte decides (Null for nothing at all).
func KindOf(raw []byte) Kind {
	i := skipSpace(raw, 0)
	if i == len(raw) {
		return Null
	}
	switch raw[i] {
	case '"':
		return String
	case '{':
		return Object
	case '[':
		return Array
	case 't', 'f':
		return Bool
	case 'n':
		return Null
	}
	return Number
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// bodyError is a 400 about the body as a whole.
func bodyError(format string, args ...any) error {
	return apperr.Newf(apperr.CodeInvalidParameter, bodyPath+": "+format, args...)
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

// goKind names the JSON a Go type takes.
func goKind(t reflect.Type) string {
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
		return goKind(t.Elem())
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
