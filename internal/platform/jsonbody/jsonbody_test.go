package jsonbody_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"svc/internal/platform/apperr"
	"svc/internal/platform/jsonbody"
)

type flex string

func (f *flex) UnmarshalJSON([]byte) error { return nil }

type inner struct {
	Body string `json:"body"`
}

type embedded struct {
	Extra string `json:"extra"`
	Type  string `json:"type"` // shadowed by outer's type
}

type outer struct {
	embedded
	Type    string            `json:"type"`
	Text    *inner            `json:"text"`
	Items   []inner           `json:"items"`
	Labels  map[string]string `json:"labels"`
	Raw     json.RawMessage   `json:"raw"`
	Any     any               `json:"any"`
	Flex    flex              `json:"flex"`
	Skipped string            `json:"-"`
	NoTag   string
}

func TestFindDuplicate(t *testing.T) {
	typ := reflect.TypeFor[outer]()
	tests := []struct {
		name string
		raw  string
		t    reflect.Type
		want jsonbody.Duplicate // zero: none
	}{
		{"none", `{"type":"text","text":{"body":"x"}}`, typ, jsonbody.Duplicate{}},
		{"not an object", `[1,"a",null]`, typ, jsonbody.Duplicate{}},
		{"top-level repeat", `{"type":"text","type":"image"}`, typ, jsonbody.Duplicate{Name: "type"}},
		{"repeat of an unknown key", `{"zz":1,"zz":2}`, typ, jsonbody.Duplicate{Name: "zz"}},
		{"unknown keys in two spellings", `{"zz":1,"ZZ":2}`, typ, jsonbody.Duplicate{}},
		{"nested two spellings", `{"text":{"body":"x","Body":"y"}}`, typ, jsonbody.Duplicate{At: ".text", Name: "body", First: "body", Second: "Body"}},
		{"two spellings at the top", `{"Type":"a","type":"b"}`, typ, jsonbody.Duplicate{Name: "type", First: "Type", Second: "type"}},
		{"escaped key is the same key", `{"t\u0079pe":"a","type":"b"}`, typ, jsonbody.Duplicate{Name: "type"}},
		{"in an array element", `{"items":[{"body":"a"},{"body":"a","BODY":"b"}]}`, typ, jsonbody.Duplicate{At: ".items[1]", Name: "body", First: "body", Second: "BODY"}},
		{"embedded field", `{"extra":"a","EXTRA":"b"}`, typ, jsonbody.Duplicate{Name: "extra", First: "extra", Second: "EXTRA"}},
		{"field without tag", `{"NoTag":"a","notag":"b"}`, typ, jsonbody.Duplicate{Name: "NoTag", First: "NoTag", Second: "notag"}},
		{"skipped field is unknown", `{"Skipped":"a","skipped":"b"}`, typ, jsonbody.Duplicate{}},
		// Map keys, raw JSON, interfaces and Unmarshalers are matched as
		// written: encoding/json keeps both spellings there.
		{"map keys in two spellings", `{"labels":{"a":"1","A":"2"}}`, typ, jsonbody.Duplicate{}},
		{"map key repeated", `{"labels":{"a":"1","a":"2"}}`, typ, jsonbody.Duplicate{At: ".labels", Name: "a"}},
		{"raw in two spellings", `{"raw":{"body":1,"Body":2}}`, typ, jsonbody.Duplicate{}},
		{"raw repeated", `{"raw":{"x":[{"k":1,"k":2}]}}`, typ, jsonbody.Duplicate{At: ".raw.x[0]", Name: "k"}},
		{"any repeated", `{"any":{"k":1,"k":2}}`, typ, jsonbody.Duplicate{At: ".any", Name: "k"}},
		{"unmarshaler repeated", `{"flex":{"k":1,"k":2}}`, typ, jsonbody.Duplicate{At: ".flex", Name: "k"}},
		{"without a type, spellings differ", `{"body":1,"Body":2}`, nil, jsonbody.Duplicate{}},
		{"without a type, repeat", `[{"a":{"b":1,"b":2}}]`, nil, jsonbody.Duplicate{At: "[0].a", Name: "b"}},
		{"first in document order", `{"a":{"x":1,"x":2},"a":3}`, nil, jsonbody.Duplicate{At: ".a", Name: "x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := jsonbody.FindDuplicate([]byte(tt.raw), tt.t)
			if ok != (tt.want != jsonbody.Duplicate{}) || got != tt.want {
				t.Fatalf("FindDuplicate(%s) = %+v, %v; want %+v", tt.raw, got, ok, tt.want)
			}
		})
	}
}

func TestCheck(t *testing.T) {
	nest := func(n int) string { return strings.Repeat(`{"a":`, n) + "1" + strings.Repeat("}", n) }
	typ := reflect.TypeFor[outer]()
	const max = 1000
	tests := []struct {
		name, body, want string // want "": accepted
	}{
		{"plain", `{"type":"text","text":{"body":"x"}}`, ""},
		{"spaces around", " \t\r\n{}\n", ""},
		{"at the size limit", `{"a":"` + strings.Repeat("x", max-8) + `"}`, ""},
		{"a byte over", `{"a":"` + strings.Repeat("x", max-7) + `"}`, "request body: must be at most 1000 bytes (found 1001)"},
		{"empty", ``, "request body: expected a JSON object, found an empty body"},
		{"only spaces", " \n ", "request body: expected a JSON object, found an empty body"},
		{"an array", `[1]`, "request body: expected a JSON object, found an array"},
		{"a string", ` "s"`, "request body: expected a JSON object, found a string"},
		{"null", `null`, "request body: expected a JSON object, found null"},
		{"a bad byte", `{'a':1}`, `request body: not valid JSON at byte 2: unexpected "'"`},
		{"a bad character", `{"a":é}`, "request body: not valid JSON at byte 6: unexpected character U+00E9"},
		{"a byte that starts no character", "{\xff}", "request body: not valid JSON at byte 2: unexpected byte 0xFF"},
		{"ends too soon", `{"a":`, "request body: not valid JSON at byte 5: the body ends before the JSON value is complete"},
		{"data after the value", `{"a":1} {}`, "request body: not valid JSON at byte 9: unexpected data after the JSON value"},
		{"not UTF-8 in a string", "{\"a\":\"\xff\"}", "request body: not valid UTF-8 at byte 7: JSON text must be UTF-8"},
		{"lone surrogate", `{"a":"\ud83d"}`, "request body: lone UTF-16 surrogate escape \\ud83d at byte 7: " +
			"a character above U+FFFF is escaped as a pair (\\ud83d\\ude00), and U+D800 to U+DFFF alone are not characters"},
		{"at the depth limit", nest(jsonbody.MaxDepth), ""},
		{"a level over", nest(jsonbody.MaxDepth + 1),
			"request body: nested too deep at byte 321: JSON arrays and objects may nest at most 64 levels"},
		// Of two faults the first in the body is reported.
		{"not JSON before too deep", `{"a":x` + nest(jsonbody.MaxDepth+1) + `}`, `request body: not valid JSON at byte 6: unexpected "x"`},
		{"too deep before not JSON", nest(jsonbody.MaxDepth+1) + `x`, "request body: nested too deep at byte 321: JSON arrays and objects may nest at most 64 levels"},
		{"brackets in strings do not count", `{"a":"` + strings.Repeat("[", 100) + `\"{"}`, ""},
		{"repeat at the top", `{"type":"text","type":"image"}`, `request body: names "type" twice in one object`},
		{"two spellings", `{"text":{"body":"x","Body":"y"}}`, `text: names "body" twice in one object (as "body" and "Body")`},
		{"in an array", `{"items":[{},{"body":"","body":""}]}`, `items[1]: names "body" twice in one object`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := jsonbody.Check([]byte(tt.body), max, typ)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			var e *apperr.Error
			if !errors.As(err, &e) || e.Code != apperr.CodeInvalidParameter || e.Status() != 400 || e.Details != tt.want {
				t.Fatalf("got %v, want 400 code 100 %q", err, tt.want)
			}
		})
	}
}

// TestCheckObject: the gate without the duplicate keys, which a decoder that
// lists them with its own findings reads itself.
func TestCheckObject(t *testing.T) {
	if err := jsonbody.CheckObject([]byte(`{"a":1,"a":2}`), 100); err != nil {
		t.Errorf("CheckObject refused a repeated key: %v", err)
	}
	if err := jsonbody.CheckObject([]byte(`[]`), 100); err == nil {
		t.Error("CheckObject accepted an array")
	}
}

func TestDecodeError(t *testing.T) {
	type phone struct {
		Phone string `json:"phone"`
	}
	var v struct {
		N     int     `json:"n"`
		List  []int   `json:"list"`
		F     float64 `json:"f"`
		S     *string `json:"s"`
		Cards []struct {
			Phones []phone `json:"phones"`
			Name   *struct {
				First string `json:"first"`
			} `json:"name"`
		} `json:"cards"`
	}
	tests := []struct{ body, want string }{
		{`{"n":1.5}`, "n: expected an integer, found a number"},
		{`{"list":{}}`, "list: expected an array, found an object"},
		{`{"f":"1"}`, "f: expected a number, found a string"},
		{`{"s":true}`, "s: expected a string, found a boolean"},
		{`[1]`, "request body: expected an object, found an array"},
		// A field inside arrays is named with its indices, as the rules'
		// details name it.
		{`{"cards":[{"phones":[]},{"phones":[{"phone":"1"},{"phone":2}]}]}`, "cards[1].phones[1].phone: expected a string, found a number"},
		{`{"cards":[{"phones":{"phone":"1"}}]}`, "cards[0].phones: expected an array, found an object"},
		{`{"cards":[{"name":{"first":[1, 2]}}]}`, "cards[0].name.first: expected a string, found an array"},
		{`{"list":[1, "two"]}`, "list[1]: expected an integer, found a string"},
		{` { "cards" : [ { "name" : "x" } ] } `, "cards[0].name: expected an object, found a string"},
	}
	for _, tt := range tests {
		err := jsonbody.DecodeError([]byte(tt.body), json.Unmarshal([]byte(tt.body), &v), "a thing")
		var e *apperr.Error
		if !errors.As(err, &e) || e.Code != apperr.CodeInvalidParameter || e.Details != tt.want {
			t.Errorf("DecodeError for %s = %v, want %q", tt.body, err, tt.want)
		}
	}
	err := jsonbody.DecodeError([]byte(`{}`), errors.New("json: something else"), "a thing")
	var e *apperr.Error
	if !errors.As(err, &e) || e.Details != "request body: could not be read as a thing" {
		t.Errorf("DecodeError fallback = %v", err)
	}
}

// TestPathAt: the path of the innermost value holding a byte.
func TestPathAt(t *testing.T) {
	raw := `{"a":[1,{"b":"xy"}],"c":{"d":null}}`
	for at, want := range map[int]string{
		0:                          "",
		strings.Index(raw, "1"):    "a[0]",
		strings.Index(raw, `"xy"`): "a[1].b",
		strings.Index(raw, `{"b"`): "a[1]",
		strings.Index(raw, "null"): "c.d",
		strings.Index(raw, `,"c"`): "",
		len(raw) + 3:               "",
	} {
		if got := jsonbody.PathAt([]byte(raw), at); got != want {
			t.Errorf("PathAt(%d) = %q, want %q", at, got, want)
		}
	}
}

func TestKindOf(t *testing.T) {
	for raw, want := range map[string]jsonbody.Kind{`"s"`: jsonbody.String, ` 1`: jsonbody.Number, `-1`: jsonbody.Number,
		`true`: jsonbody.Bool, `false`: jsonbody.Bool, `null`: jsonbody.Null, ``: jsonbody.Null, `{}`: jsonbody.Object, "\n[]": jsonbody.Array} {
		if got := jsonbody.KindOf([]byte(raw)); got != want {
			t.Errorf("KindOf(%q) = %s, want %s", raw, got, want)
		}
	}
}

func TestTooDeep(t *testing.T) {
	tests := []struct {
		in    string
		limit int
		want  int
	}{
		{`[[1]]`, 2, -1},
		{`[[[1]]]`, 2, 2},
		{`{"a":[{"b":[]}]}`, 3, 11},
		{`["[[[[", {}]`, 1, 9},
		{`"unterminated [[[`, 0, -1},
		{`not json [[`, 1, 10},
	}
	for _, tt := range tests {
		if got := jsonbody.TooDeep([]byte(tt.in), tt.limit); got != tt.want {
			t.Errorf("TooDeep(%s, %d) = %d, want %d", tt.in, tt.limit, got, tt.want)
		}
	}
}

// FuzzFindDuplicate holds the byte scanner to encoding/json's reading of
// the same valid JSON: the first key repeated in one object, found by the
// decoder's token stream (the scanner replaced it to save its
// allocations), at the same path.
func FuzzFindDuplicate(f *testing.F) {
	for _, seed := range []string{`{"a":1,"a":2}`, `{"a":{"b":[1,{"c":true,"c":null}]}}`, `[{"x":"\"","x":"}"}]`,
		`{"t\u0079pe":1,"type":2}`, `{"\u00e9":1,"é":2}`, "{\"\xff\":1,\"\xfe\":2}", ` { "k" : [ ] , "k2" : { } } `, `"s"`, `-1.5e3`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return
		}
		got, found := jsonbody.FindDuplicate(raw, nil)
		want, wantFound := tokenDuplicate(raw)
		if found != wantFound || got != want {
			t.Errorf("%q: got %+v %v, encoding/json reads %+v %v", raw, got, found, want, wantFound)
		}
	})
}

// tokenDuplicate is the oracle: the first repeated key by json.Decoder.Token.
func tokenDuplicate(raw []byte) (jsonbody.Duplicate, bool) {
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	var dup jsonbody.Duplicate
	found := false
	var value func(path string) bool
	value = func(path string) bool {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return false
				}
				key := kt.(string)
				if seen[key] {
					dup, found = jsonbody.Duplicate{At: path, Name: key}, true
					return false
				}
				seen[key] = true
				if !value(path + "." + key) {
					return false
				}
			}
			_, err = dec.Token()
			return err == nil
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if !value(path + "[" + strconv.Itoa(i) + "]") {
					return false
				}
			}
			_, err = dec.Token()
			return err == nil
		}
		return true
	}
	value("")
	return dup, found
}

func TestLoneSurrogate(t *testing.T) {
	for _, c := range []struct {
		name string
		body string
		want int
	}{
		{"no escape", `{"a":"😀"}`, -1},
		{"a pair", `{"a":"\ud83d\ude00"}`, -1},
		{"a pair in capitals", `{"a":"\uD83D\uDE00 and \u00e9"}`, -1},
		{"two pairs in a row", `{"a":"\ud83d\ude00\ud83d\ude01"}`, -1},
		{"the last high and low surrogates paired", `{"a":"\udbff\udfff"}`, -1},
		{"an escaped backslash before u", `{"a":"\\ud83d"}`, -1},
		{"outside a string", `{"a":1} \ud83d`, -1},
		{"a high surrogate alone", `{"a":"\ud83d"}`, 6},
		{"a high surrogate at the end of the text", `{"a":"x\ud800`, 7},
		{"a high surrogate before a letter", `{"a":"\ud83dx"}`, 6},
		{"two high surrogates", `{"a":"\ud83d\ud83d\ude00"}`, 6},
		{"a low surrogate alone", `{"a":"\udfff"}`, 6},
		{"a low surrogate after a pair", `{"a":"\ud83d\ude00\ude00"}`, 18},
		{"in a key", `{"\udc00":1}`, 2},
		{"after an escaped quote", `{"a":"\"\ud800"}`, 8},
		{"just below and above the range", `{"a":"\ud7ff\ue000"}`, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := jsonbody.LoneSurrogate([]byte(c.body)); got != c.want {
				t.Errorf("LoneSurrogate(%s) = %d, want %d", c.body, got, c.want)
			}
		})
	}
}
