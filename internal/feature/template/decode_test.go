package template

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"svc/internal/platform/apperr"
	"svc/internal/platform/jsonbody"
)

// quotedText matches the client's own text as messages quote it (quoted
// and strconv.Quote), which may say anything.
var quotedText = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

var goJSONPrefix = regexp.MustCompile(`(^|[^a-z_])json:`)

// goWording returns the first piece of Go's own wording in details outside
// quoted client text: encoding/json's messages and Go type names, which a
// client must never see. "" when there is none.
func goWording(details string) string {
	plain := strings.ToLower(quotedText.ReplaceAllString(details, `""`))
	// "json:" is encoding/json's prefix; flow_json, a field of the
	// interface, ends in it too when a path names it.
	if goJSONPrefix.MatchString(plain) {
		return "json:"
	}
	for _, w := range []string{
		"go struct", "go value", "unmarshal", "struct field", "of type", "invalid character",
		"end of json input", "looking for beginning", "after top-level value", "rawmessage", "template.",
		"int64", "float64", "*int", "*bool", "[]template", "reflect", "syntaxerror", "typeerror",
	} {
		if strings.Contains(plain, w) {
			return w
		}
	}
	return ""
}

func TestGoWording(t *testing.T) {
	for details, want := range map[string]string{
		"json: cannot unmarshal number into Go struct field Component.components.text of type string": "json:",
		"name: invalid character 'x' looking for beginning of value":                                  "invalid character",
		`language: "json: unmarshal" is not a supported language code`:                                "",
		"components[0].text: expected a string, found a number":                                       "",
		"components[0].buttons[0].flow_json: must be at most 65536 bytes (found 65537)":               "",
		"request body: not valid JSON: unexpected":                                                    "json:",
	} {
		if got := goWording(details); got != want {
			t.Errorf("goWording(%q) = %q, want %q", details, got, want)
		}
	}
}

// validBody is a create body that passes Stage A, padded with an unknown
// top-level field (which the decoder ignores) to exactly size bytes.
func validBody(t testing.TB, size int) []byte {
	t.Helper()
	const head = `{"name":"order_update","language":"en_US","category":"UTILITY",` +
		`"components":[{"type":"BODY","text":"Order {{1}} has shipped.","example":{"body_text":[["42"]]}}],"pad":"`
	n := size - len(head) - len(`"}`)
	if n < 0 {
		t.Fatalf("size %d below the %d bytes of the template", size, len(head)+2)
	}
	return []byte(head + strings.Repeat("x", n) + `"}`)
}

// TestDecodeDraftBodyLimit: a body of exactly MaxRequestBytes passes, one
// byte more is refused, naming the body and both sizes.
func TestDecodeDraftBodyLimit(t *testing.T) {
	d, err := DecodeDraft(validBody(t, MaxRequestBytes))
	if err != nil {
		t.Fatalf("body of %d bytes: %v", MaxRequestBytes, err)
	}
	if err := d.Validate(); err != nil {
		t.Fatalf("body of %d bytes: Validate: %v", MaxRequestBytes, err)
	}
	_, err = DecodeDraft(validBody(t, MaxRequestBytes+1))
	var ae *apperr.Error
	want := fmt.Sprintf("request body: must be at most %d bytes (found %d)", MaxRequestBytes, MaxRequestBytes+1)
	if !errors.As(err, &ae) || ae.Status() != 400 || ae.Code != apperr.CodeInvalidParameter || ae.Details != want {
		t.Fatalf("body of %d bytes: %v, want a 400 with details %q", MaxRequestBytes+1, err, want)
	}
}

// TestDecodeDraftRefusesLargeBodyBeforeParsing: a body just over the limit
// is refused before it is parsed. Each body here would fail parsing or the
// shape check with its own message (or pass them); the answer is the size
// refusal every time, so the size is checked first.
func TestDecodeDraftRefusesLargeBodyBeforeParsing(t *testing.T) {
	over := MaxRequestBytes + 1
	pad := func(prefix, suffix string, fill byte) []byte {
		return []byte(prefix + strings.Repeat(string([]byte{fill}), over-len(prefix)-len(suffix)) + suffix)
	}
	for name, body := range map[string][]byte{
		"a valid template": validBody(t, over),
		"spaces only":      bytes.Repeat([]byte(" "), over),
		"not JSON":         pad("{'name'", "", 'x'),
		"nested too deep":  pad(`{"name":`, "", '['),
		"not UTF-8":        pad(`{"name":"`, `"}`, 0xff),
		"an array":         pad("[", "]", ' '),
		"a wrong type":     pad(`{"name":`, `1}`, ' '),
	} {
		if len(body) != over {
			t.Fatalf("%s: %d bytes", name, len(body))
		}
		_, err := DecodeDraft(body)
		var ae *apperr.Error
		want := fmt.Sprintf("request body: must be at most %d bytes (found %d)", MaxRequestBytes, over)
		if !errors.As(err, &ae) || ae.Status() != 400 || ae.Details != want {
			t.Errorf("%s: DecodeDraft = %v, want details %q", name, err, want)
		}
		// A byte less, the same body is parsed and judged on its content.
		if _, err := DecodeDraft(body[1:]); err != nil && strings.Contains(err.Error(), "must be at most") {
			t.Errorf("%s: a body of %d bytes refused for its size: %v", name, MaxRequestBytes, err)
		}
	}
}

// TestDraftShapeCoversEveryField: the shape check knows every JSON field of
// Draft, Component and Button, with the JSON type encoding/json takes.
func TestDraftShapeCoversEveryField(t *testing.T) {
	shape := draftShape()
	var check func(typ reflect.Type, fields []fieldShape)
	check = func(typ reflect.Type, fields []fieldShape) {
		if len(fields) != typ.NumField() {
			t.Errorf("%s: %d shapes for %d fields", typ.Name(), len(fields), typ.NumField())
		}
		for i, f := range fields {
			tag, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
			if f.name != tag {
				t.Errorf("%s field %d: shape %q, tag %q", typ.Name(), i, f.name, tag)
			}
			if f.want == wantObjects {
				check(typ.Field(i).Type.Elem(), f.elem)
			}
		}
	}
	check(reflect.TypeFor[Draft](), shape)
	comps := lookup(shape, "components")
	if comps == nil || comps.want != wantObjects || lookup(comps.elem, "buttons") == nil {
		t.Fatalf("components shape %+v", comps)
	}
	for key, want := range map[string]wantKind{
		"type": wantString, "Example": wantAny, "ADD_SECURITY_RECOMMENDATION": wantBool, "code_expiration_minutes": wantInteger,
	} {
		if f := lookup(comps.elem, key); f == nil || f.want != want {
			t.Errorf("component field %q: %+v, want kind %d", key, f, want)
		}
	}
}

// TestScanners walks JSON that tempts a naive scanner: brackets, quotes,
// commas and backslashes inside strings, escapes in keys, nesting, spaces.
func TestScanners(t *testing.T) {
	obj := []byte(` { "a" : "x,}\"]" , "b\u0063":[1,{"c":"]"}], "e":{"f":[[]]},"g":-1.5e3 ,"h":null,"i":true } `)
	var got []string
	members(obj, func(key string, val []byte) { got = append(got, key+"="+string(val)) })
	want := []string{`a="x,}\"]"`, `bc=[1,{"c":"]"}]`, `e={"f":[[]]}`, `g=-1.5e3`, `h=null`, `i=true`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("members:\n got %q\nwant %q", got, want)
	}
	got = nil
	elements([]byte(`[ "]" , {"a":[1,2]},[],3 ,false]`), func(i int, val []byte) { got = append(got, fmt.Sprint(i, ":", string(val))) })
	want = []string{`0:"]"`, `1:{"a":[1,2]}`, `2:[]`, `3:3`, `4:false`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("elements:\n got %q\nwant %q", got, want)
	}
	for _, empty := range []string{`{}`, ` { } `, `[]`, `[ ]`, ``, `5`, `{`, `[`, `{"a"`, `{"a":`, `[1,`} {
		members([]byte(empty), func(key string, _ []byte) {
			if empty != `{"a":` {
				t.Errorf("members(%q) found %q", empty, key)
			}
		})
		elements([]byte(empty), func(int, []byte) {
			if !strings.HasPrefix(empty, "[1") {
				t.Errorf("elements(%q) found an element", empty)
			}
		})
	}

}

// TestDecodeDraftAgreesWithEncodingJSON: whatever the decoder accepts,
// encoding/json fills the same draft from, and a body the shape check
// passes never reaches the fallback message.
func TestDecodeDraftAgreesWithEncodingJSON(t *testing.T) {
	for _, body := range []string{
		compatBody,
		`{"NAME":"a","Language":"en","cAtEgOrY":"utility","components":[{"TYPE":"body","Text":"Hi"}]}`,
		`{"name":null,"components":[{"type":"BODY","code_expiration_minutes":-3,"example":null}],"x":[1,{"y":2}]}`,
		`{"components":[{"type":"BUTTONS","buttons":[{"type":"OTP","supported_apps":{"any":"json"},"example":7}]}]}`,
	} {
		d, err := DecodeDraft([]byte(body))
		if err != nil {
			t.Fatalf("DecodeDraft(%s): %v", body, err)
		}
		var want Draft
		if err := json.Unmarshal([]byte(body), &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(d, want.normalized()) {
			t.Errorf("DecodeDraft(%s) =\n%+v\nwant\n%+v", body, d, want.normalized())
		}
	}
	// The fallback, reached only if the shape check missed a type error,
	// still speaks the service's words.
	var d Draft
	raw := []byte(`{"components":[{"text":5}]}`)
	err := jsonbody.DecodeError(raw, json.Unmarshal(raw, &d), "a template")
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Status() != 400 || goWording(ae.Details) != "" ||
		ae.Details != "components[0].text: expected a string, found a number" {
		t.Errorf("DecodeError = %v", err)
	}
}

// TestDecodeRefusesRepeatedNames: a create or edit body naming a key twice
// in one object, at any level, is refused as an example doing so is (400
// code 100, the object's path and the key), and so is a field set twice by
// two spellings encoding/json reads as one (it would keep the last).
func TestDecodeRefusesRepeatedNames(t *testing.T) {
	const comps = `"components":[{"type":"BODY","text":"Hi"}]`
	for _, tc := range []struct {
		name, body, want string
	}{
		{"top level", `{"name":"a","name":"b","language":"en","category":"UTILITY",` + comps + `}`,
			`request body: names "name" twice in one object`},
		{"top level, an unknown key", `{"name":"a","language":"en","category":"UTILITY",` + comps + `,"x":1,"x":2}`,
			`request body: names "x" twice in one object`},
		{"top level, two spellings", `{"name":"a","language":"en","category":"UTILITY","CATEGORY":"MARKETING",` + comps + `}`,
			`request body: names "category" twice in one object (as "category" and "CATEGORY")`},
		{"top level, an escape", `{"name":"a","n\u0061me":"b","language":"en","category":"UTILITY",` + comps + `}`,
			`request body: names "name" twice in one object`},
		{"a component", `{"name":"a","language":"en","category":"UTILITY","components":[{"type":"BODY","text":"Hi","text":"Bye"}]}`,
			`components[0]: names "text" twice in one object`},
		{"a button", `{"name":"a","language":"en","category":"MARKETING","components":[{"type":"BODY","text":"Hi"},` +
			`{"type":"BUTTONS","buttons":[{"type":"QUICK_REPLY","text":"Yes","Text":"No"}]}]}`,
			`components[1].buttons[0]: names "text" twice in one object (as "text" and "Text")`},
		{"an example", `{"name":"a","language":"en","category":"UTILITY","components":[{"type":"BODY","text":"Hi {{1}}",` +
			`"example":{"body_text":[["x"]],"body_text":[["y"]]}}]}`,
			`components[0].example: names "body_text" twice in one object`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, decode := range []func([]byte) (Draft, error){DecodeDraft, DecodeEdit} {
				_, err := decode([]byte(tc.body))
				var ae *apperr.Error
				if !errors.As(err, &ae) || ae.Status() != 400 || ae.Code != apperr.CodeInvalidParameter || !strings.Contains(ae.Details, tc.want) {
					t.Fatalf("%s: %v, want 400 code 100 with %q", tc.body, err, tc.want)
				}
			}
		})
	}
}

// TestDecodeNestingDepth: a body nested up to MaxNestingDepth levels is
// read; one deeper is refused saying so, at the byte that opens the level
// too many, whether or not encoding/json could read it, unless the body
// stopped being JSON before that byte.
func TestDecodeNestingDepth(t *testing.T) {
	nest := func(levels int) string { // levels counts the body's own object
		return `{"name":"a","language":"en","category":"UTILITY","components":[{"type":"BODY","text":"Hi"}],"x":` +
			strings.Repeat("[", levels-1) + strings.Repeat("]", levels-1) + `}`
	}
	prefix := len(`{"name":"a","language":"en","category":"UTILITY","components":[{"type":"BODY","text":"Hi"}],"x":`)
	tooDeep := fmt.Sprintf("request body: nested too deep at byte %d: JSON arrays and objects may nest at most %d levels",
		prefix+MaxNestingDepth, MaxNestingDepth)
	for _, tc := range []struct {
		name, body, want string
	}{
		{"at the limit", nest(MaxNestingDepth), ""},
		{"a level over", nest(MaxNestingDepth + 1), tooDeep},
		{"20000 levels", nest(20000), tooDeep},
		{"20000 levels, never closed", nest(20000)[:prefix+20000], tooDeep},
		{"brackets in a string do not count", `{"y":"` + strings.Repeat("[", 200) + `",` + nest(3)[1:], ""},
		{"a syntax error before the depth", `{"x":1,,` + strings.Repeat("[", 200), `request body: not valid JSON at byte 8: unexpected ","`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeDraft([]byte(tc.body))
			if tc.want == "" {
				if err != nil {
					t.Fatalf("%v, want it read", err)
				}
				return
			}
			var ae *apperr.Error
			if !errors.As(err, &ae) || ae.Status() != 400 || ae.Code != apperr.CodeInvalidParameter || ae.Details != tc.want {
				t.Fatalf("%v, want 400 code 100 %q", err, tc.want)
			}
		})
	}
}
