package template

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"svc/internal/platform/jsonbody"
)

// Stage A rules on the fields the interface leaves free: their sizes
// (limits.go) and the shape of the JSON kept verbatim (examples and
// supported_apps). Violations here are code 100; shape violations read as
// the decoder's do ("components[1].example.body_text[0][2]: expected a
// string, found a number").

// maxLength reports a text over limit characters.
func (c *checker) maxLength(path, text string, limit int) {
	if l := length(text); l > limit {
		c.oversize = true
		c.invalid(path, "must be at most %d characters (found %d)", limit, l)
	}
}

// maxBytes reports a string over limit bytes.
func (c *checker) maxBytes(path, s string, limit int) {
	if len(s) > limit {
		c.oversize = true
		c.invalid(path, "must be at most %d bytes (found %d)", limit, len(s))
	}
}

// rawField checks a field kept as raw JSON: at most limit bytes as written,
// valid JSON, UTF-8. It reports whether the field is present and passed, so
// that its shape can be checked next; a field too large or not JSON gets
// that one violation, not a list about its content.
func (c *checker) rawField(path string, raw json.RawMessage, limit int) bool {
	switch {
	case isAbsent(raw):
		return false
	case len(raw) > limit:
		c.oversize = true
		c.invalid(path, "must be at most %d bytes (found %d)", limit, len(raw))
		return false
	case !json.Valid(raw):
		c.invalid(path, "must be valid JSON")
		return false
	case !utf8.Valid(raw):
		// DecodeDraft refuses such a body; a hand-built draft can still
		// hold one, and examples are stored as they are.
		c.invalid(path, "must be UTF-8 (found a byte that is not)")
		return false
	}
	// Kept as written, so a repeated name would be stored and served
	// twice, which strict JSON readers refuse.
	if d, ok := jsonbody.FindDuplicate(raw, nil); ok {
		c.invalid(path+d.At, "%s", d.Rule())
		return false
	}
	return true
}

// componentExample checks a component's example, the compatible API's
// object of sample values:
//
//	header_handle                                       an array of strings
//	header_text                                         an array of strings
//	body_text                                           an array of arrays of strings
//	header_text_named_params, body_text_named_params    an array of objects whose
//	                                                    param_name and example are strings
//
// header_text and body_text are also accepted in each other's shape (a
// header's value as [["Summer"]], a body's one set as ["a", "b"]): the
// interface does not define examples, and clients copy one field's shape
// to the other; exampleValues reads both.
//
// Other keys are kept as written (within MaxExampleBytes), as the
// compatible API may add some; their shape is not known here.
func (c *checker) componentExample(path string, raw json.RawMessage) {
	if !c.expect(path, raw, jsonbody.Object) {
		return
	}
	members(raw, func(key string, val []byte) {
		p := path + "." + key
		switch key {
		case "header_handle":
			c.stringArray(p, val)
		case "header_text", "body_text":
			if firstIsArray(val) {
				c.arrayOf(p, val, c.exampleStrings)
			} else {
				c.exampleStrings(p, val)
			}
		case "header_text_named_params", "body_text_named_params":
			c.arrayOf(p, val, func(p string, el []byte) {
				c.stringFields(p, el, "param_name", "example")
				members(el, func(key string, v []byte) {
					if key == "example" && jsonbody.KindOf(v) == jsonbody.String {
						c.exampleValue(p+".example", v)
					}
				})
			})
		}
	})
}

// exampleFitsParams holds a TEXT header's or a BODY's example values to
// the parameters of its text, as the compatible API does at creation: one
// value per distinct positional parameter in each header_text or body_text
// set, and one named example per named parameter, no name missing, unknown
// or given twice. A value short or over would be a sample the review reads
// in the wrong place, or none at all. A key absent from the example is not
// checked: examples stay optional (see README, Stage A validation). The
// callers compare only a well-shaped example (componentFields) with a text
// whose parameters passed their own rules: until they do, the text's
// violation says what to fix first.
func (c *checker) exampleFitsParams(path string, comp Component) {
	valuesKey, namedKey := "body_text", "body_text_named_params"
	if comp.Type == TypeHeader {
		valuesKey, namedKey = "header_text", "header_text_named_params"
	}
	params, _ := parseParams(comp.Text)
	var positional []int
	var names []string
	for _, p := range params {
		switch {
		case !p.named():
			positional = append(positional, p.index)
		case !slices.Contains(names, p.name):
			names = append(names, p.name)
		}
	}
	slices.Sort(positional)
	positional = slices.Compact(positional)
	members(comp.Example, func(key string, val []byte) {
		switch {
		case isAbsent(val):
		case key == valuesKey:
			c.exampleCount(path+"."+key, val, positional)
		case key == namedKey:
			c.exampleNames(path+"."+key, val, names)
		}
	})
}

// exampleCount checks that each set of a header_text or body_text example
// holds one value per positional parameter.
func (c *checker) exampleCount(path string, raw []byte, positional []int) {
	sets, ok := exampleSets(raw)
	if !ok {
		return
	}
	nested := firstIsArray(raw)
	for i, set := range sets {
		if len(set) == len(positional) {
			continue
		}
		p := path
		if nested {
			p = fmt.Sprintf("%s[%d]", path, i)
		}
		if len(positional) == 0 {
			c.invalid(p, "expected no values, as the text has no positional parameters, found %d", len(set))
		} else {
			c.invalid(p, "expected %s, one for each parameter of the text (%s), found %d",
				plural(len(positional), "value"), listParams(positional), len(set))
		}
	}
}

// exampleNames checks that a named example gives each named parameter of
// the text exactly once, and no other name.
func (c *checker) exampleNames(path string, raw []byte, names []string) {
	var given []namedExample
	if json.Unmarshal(raw, &given) != nil {
		return
	}
	var found, why []string
	count := map[string]int{}
	for _, g := range given {
		found = append(found, braced(g.ParamName))
		switch count[g.ParamName]++; {
		case count[g.ParamName] == 2:
			why = append(why, braced(g.ParamName)+" is given twice")
		case count[g.ParamName] == 1 && !slices.Contains(names, g.ParamName):
			why = append(why, braced(g.ParamName)+" is not in the text")
		}
	}
	for _, n := range names {
		if count[n] == 0 {
			why = append(why, braced(n)+" is missing")
		}
	}
	if len(why) == 0 {
		return
	}
	expected := "no names, as the text has no named parameters"
	if len(names) > 0 {
		ws := make([]string, len(names))
		for i, n := range names {
			ws[i] = braced(n)
		}
		expected = "one example for each named parameter of the text (" + shortList(ws) + ")"
	}
	foundList := "none"
	if len(found) > 0 {
		foundList = shortList(found)
	}
	c.invalid(path, "expected %s, found %s: %s", expected, foundList, shortList(why))
}

// urlExampleFits checks a URL button's example against its url: one value
// for the trailing {{1}} (urlRule allows no other variable), none for a
// static url.
func (c *checker) urlExampleFits(path string, b Button) {
	var values []string
	if json.Unmarshal(b.Example, &values) != nil {
		return
	}
	switch want := len(Placeholders(b.URL)); {
	case len(values) == want:
	case want == 0:
		c.invalid(path, "expected no values, as the url has no {{1}}, found %d", len(values))
	default:
		c.invalid(path, "expected 1 value, for the url's {{1}}, found %d", len(values))
	}
}

// braced writes a parameter name as the text holds it, quoted: a name an
// example gives is client text.
func braced(name string) string { return quoted("{{" + name + "}}") }

// shortList joins items, the first few only, so that details stay short
// however many an example lists.
func shortList(items []string) string {
	const shown = 8
	if len(items) > shown {
		return strings.Join(items[:shown], ", ") + ", ..."
	}
	return strings.Join(items, ", ")
}

// plural is "1 value", "2 values".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// firstIsArray reports whether raw is an array whose first element is an
// array.
func firstIsArray(raw []byte) bool {
	first := false
	elements(raw, func(i int, el []byte) { first = first || i == 0 && jsonbody.KindOf(el) == jsonbody.Array })
	return first
}

// exampleStrings checks an array of sample values: strings, each screened
// as exampleValue says.
func (c *checker) exampleStrings(path string, raw []byte) {
	c.arrayOf(path, raw, func(p string, el []byte) {
		if c.expect(p, el, jsonbody.String) {
			c.exampleValue(p, el)
		}
	})
}

// exampleValue runs the regulated-vertical screen on a sample value (a JSON
// string): what a parameter will hold is content the recipient reads, so a
// template that is harmless only until "{{2}}" becomes "100 free spins at
// our casino" refers to the vertical as much as one that says it outright.
func (c *checker) exampleValue(path string, raw []byte) {
	var v string
	if json.Unmarshal(raw, &v) != nil {
		return
	}
	c.screen(path, v)
}

// buttonExample checks a button's example as the compatible API writes
// it: for a URL button the values of the url's {{1}}, an array of strings;
// for COPY_CODE the code, a string of at most MaxCopyCodeLength characters. The other types have no example of
// their own, so either form is accepted there.
func (c *checker) buttonExample(path string, b Button) {
	switch t := jsonbody.KindOf(b.Example); {
	case b.Type == ButtonURL:
		c.stringArray(path, b.Example)
	case b.Type == ButtonCopyCode:
		// The example is the code the recipient copies; the compatible API
		// copies at most MaxCopyCodeLength characters.
		var code string
		if c.expect(path, b.Example, jsonbody.String) && json.Unmarshal(b.Example, &code) == nil {
			c.maxLength(path, code, MaxCopyCodeLength)
		}
	case t == jsonbody.Array:
		c.stringArray(path, b.Example)
	case t != jsonbody.String:
		c.invalid(path, "expected a string or an array of strings, found %s", t)
	}
}

// supportedApps checks an OTP button's apps: an array of objects whose
// package_name and signature_hash are strings.
func (c *checker) supportedApps(path string, raw json.RawMessage) {
	c.arrayOf(path, raw, func(p string, el []byte) { c.stringFields(p, el, "package_name", "signature_hash") })
}

// buttonSizes caps the button fields that no other rule bounds. They are
// capped on every button type: a field on a type that does not use it is
// still kept.
func (c *checker) buttonSizes(path string, b Button) {
	for _, f := range []struct{ name, value string }{
		{"autofill_text", b.AutofillText},
		{"package_name", b.PackageName},
		{"signature_hash", b.SignatureHash},
		{"flow_id", b.FlowID},
		{"flow_name", b.FlowName},
		{"flow_action", b.FlowAction},
		{"navigate_screen", b.NavigateScreen},
	} {
		c.maxBytes(path+"."+f.name, f.value, MaxShortFieldBytes)
	}
	c.maxBytes(path+".flow_json", b.FlowJSON, MaxFlowJSONBytes)
}

// expect reports a value of another JSON type than want.
func (c *checker) expect(path string, raw []byte, want jsonbody.Kind) bool {
	if t := jsonbody.KindOf(raw); t != want {
		c.invalid(path, "expected %s, found %s", want, t)
		return false
	}
	return true
}

// arrayOf checks that raw is an array and runs each on its elements.
func (c *checker) arrayOf(path string, raw []byte, each func(path string, el []byte)) {
	if c.expect(path, raw, jsonbody.Array) {
		elements(raw, func(i int, el []byte) { each(fmt.Sprintf("%s[%d]", path, i), el) })
	}
}

func (c *checker) stringArray(path string, raw []byte) {
	c.arrayOf(path, raw, func(p string, el []byte) { c.expect(p, el, jsonbody.String) })
}

// stringFields checks that raw is an object whose given keys, where
// present, hold strings.
func (c *checker) stringFields(path string, raw []byte, keys ...string) {
	if !c.expect(path, raw, jsonbody.Object) {
		return
	}
	members(raw, func(key string, val []byte) {
		if slices.Contains(keys, key) {
			c.expect(path+"."+key, val, jsonbody.String)
		}
	})
}

// storedSize holds the stored components to MaxStoredComponentsBytes. A
// draft with a field over its own limit is not measured: that violation
// already says what to shorten. An upper bound computed without encoding
// settles every ordinary template; only one whose bound is over the limit
// is encoded and measured.
func (c *checker) storedSize() {
	if c.oversize || encodedBound(reflect.ValueOf(c.d.Components)) <= MaxStoredComponentsBytes {
		return
	}
	if n := len(c.d.ComponentsJSON()); n > MaxStoredComponentsBytes {
		c.invalid("components", "must be at most %d bytes once stored (found %d); shorten the examples or flow_json",
			MaxStoredComponentsBytes, n)
	}
}

// encodedBound is at least the length of v's JSON as ComponentsJSON writes
// it. A string byte encodes to at most 6 bytes ("\u00XX", or "\ufffd" for
// a byte that is not UTF-8); raw JSON is compacted, so never grows; a
// struct field adds at most its quoted name, a colon and a comma. It walks
// the Go values by reflection so that a field added to Component or Button
// is counted without being listed here.
func encodedBound(v reflect.Value) int {
	switch v.Kind() {
	case reflect.String:
		return 2 + 6*v.Len()
	case reflect.Bool:
		return len("false")
	case reflect.Int:
		return len("-9223372036854775808")
	case reflect.Pointer:
		if v.IsNil() {
			return len("null")
		}
		return encodedBound(v.Elem())
	case reflect.Slice:
		if v.Type() == rawMessageType {
			return max(v.Len(), len("null"))
		}
		n := 2
		for i := range v.Len() {
			n += 1 + encodedBound(v.Index(i))
		}
		return n
	case reflect.Struct:
		n := 2
		for i := range v.NumField() {
			name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
			n += len(name) + 4 + encodedBound(v.Field(i))
		}
		return n
	}
	// A kind not listed: no bound, so the caller measures.
	return math.MaxInt32
}
