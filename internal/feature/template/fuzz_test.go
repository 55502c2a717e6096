package template

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"svc/internal/platform/apperr"
)

// FuzzDecodeDraft feeds arbitrary bytes to Stage A as the service runs it:
// nothing panics; the decoder fails only with a 400 code 100, never with
// its fallback (which would mean the shape check let a type error through
// to encoding/json); what it decodes validates to nil or a 400; and no
// details, of the decoder or of Validate, carry Go's wording.
func FuzzDecodeDraft(f *testing.F) {
	seeds := []string{
		compatBody,
		`{"name":"otp","language":"en","category":"AUTHENTICATION","components":[{"type":"BODY","text":"{{1}} is your code."},` +
			`{"type":"FOOTER","code_expiration_minutes":5},{"type":"BUTTONS","buttons":[{"type":"OTP","otp_type":"COPY_CODE"}]}]}`,
		`{"name":"n","language":"en","category":"UTILITY","parameter_format":"NAMED","components":[{"type":"BODY","text":"Hi {{first_name}}"}]}`,
		`{"name":"x","components":[{"type":"HEADER","format":"IMAGE","example":{"header_handle":["4::x"]}},{"type":"BODY","text":"{{1}}{{2}}"}]}`,
		`{"components":[{"type":"BUTTONS","buttons":[{"type":"URL","url":"http://x/{{1}}"},{"type":"QUICK_REPLY"},{"type":"URL"}]}]}`,
		`{"components":[{"type":"BODY","text":"sports betting 😀 www.x.com {{ 1 }} {{"}]}`,
		`{"name":5}`, `{"components":{}}`, `{"components":[1]}`, `{"components":[{"buttons":[null]}]}`,
		`[]`, `null`, `"x"`, ``, `{`, `{"a":1}{}`, `{"components":[{"code_expiration_minutes":1e400}]}`,
		"{\"name\":\"\xff\xfe\"}",
		// Shapes of examples, case and escapes in keys, numbers, bytes.
		`{"name":"a","language":"en","category":"MARKETING","components":[{"type":"BODY","text":"{{1}} {{2}}",` +
			`"example":{"body_text":[["a",2]],"header_text":"x","body_text_named_params":[{"param_name":1}]}},` +
			`{"type":"BUTTONS","buttons":[{"type":"URL","text":"Go","url":"https://e.com/{{1}}","example":"x"},` +
			`{"type":"COPY_CODE","example":["y"]},{"type":"OTP","supported_apps":[{"package_name":1}]}]}]}`,
		`{"NAME":"a","c\u006fmponents":[{"Type":"body","TEXT":[]}],"code_expiration_minutes":"x"}`,
		`{"components":[{"type":"FOOTER","code_expiration_minutes":-0.0}, {"code_expiration_minutes":99999999999999999999}]}`,
		`{"components":[{"type":"BUTTONS","buttons":[{"type":"FLOW","flow_json":{"screens":[]},"flow_id":7}]}]}`,
		"\xef\xbb\xbf{}", "{\"a\":\"\x01\"}", `{"a":"\u2028\ud800"}`, `{"a" 1}`, `{'a':1}`, `{"a":01}`, `tru`,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		d, err := DecodeDraft(body)
		if err != nil {
			var ae *apperr.Error
			if !errors.As(err, &ae) || ae.Code != apperr.CodeInvalidParameter || ae.Status() != 400 || ae.Details == "" {
				t.Fatalf("DecodeDraft(%q) = %v, want a 400 with code 100", body, err)
			}
			if leak := goWording(ae.Details); leak != "" {
				t.Fatalf("DecodeDraft(%q) details %q use Go's wording %q", body, ae.Details, leak)
			}
			if strings.Contains(ae.Details, "could not be read") {
				t.Fatalf("DecodeDraft(%q) reached the fallback: %q", body, ae.Details)
			}
			return
		}
		checkDraft(t, d)
		if !reflect.DeepEqual(d, d.normalized()) {
			t.Fatalf("decoded draft not normalised: %+v", d)
		}
		// Whatever was accepted stays within the stored-size budget once
		// valid: every field is bounded, so no store write can fail for size.
		if d.Validate() == nil && len(d.ComponentsJSON()) > MaxStoredComponentsBytes {
			t.Fatalf("valid draft stores %d bytes", len(d.ComponentsJSON()))
		}
	})
}

// FuzzValidate builds drafts from random strings: Validate never panics,
// agrees with Violations, and judges a draft as the decoder would after a
// JSON round trip.
func FuzzValidate(f *testing.F) {
	type seed struct {
		name, language, category, format, header, body, footer, buttonType, buttonText, url, example string
	}
	for _, s := range []seed{
		{"order_update", "en_US", "MARKETING", "", "Hi {{1}}", okBody, "Bye", "URL", "Track", "https://example.com/{{1}}", `{"body_text":[["a","b"]]}`},
		{"otp", "en", "authentication", "", "", "{{1}} is your code.", "", "otp", "Copy code", "", ""},
		{"n", "pt_BR", "UTILITY", "named", "Olá {{first_name}}", "Pedido {{order_id}}", "", "QUICK_REPLY", "Sim", "",
			`{"body_text_named_params":[{"param_name":"order_id","example":"7"}]}`},
		{"", "", "", "", "", "", "", "", "", "", "null"},
		{"Bad-Name", "en-US", "PROMO", "MIXED", "{{1}} {{2}}", "{{ 1 }} {{}} {{a$}} }} {{", "{{1}}", "CALL", repeat("x", 26), "http://x", `[1]`},
		{repeat("a", 513), "xx", "MARKETING", "", repeat("h", 61), repeat("é", 1025), repeat("f", 61), "PHONE_NUMBER", "Call", "", `{"body_text":"x"}`},
		{"a", "en", "AUTHENTICATION", "", "Visit example.com 😀", "Code {{1}} at https://x.io", "www.a", "URL", "Go ❤️", "https://x", `{"body_text":[[1,{}]]}`},
		{"a", "en", "MARKETING", "", "Online-Casino", "PRÉSTAMO RÁPIDO and bitcoin", "miracle cure", "COPY_CODE", "Sportwetten", "", `{`},
		{"a", "en", "UTILITY", "", "\xff\xfe", "{{1}}{{2}}{{3}}", "\u200d", "FLOW", "\U0001FAFF", "https://{{1}}", "\"\xff\""},
	} {
		f.Add(s.name, s.language, s.category, s.format, s.header, s.body, s.footer, s.buttonType, s.buttonText, s.url, s.example)
	}
	f.Fuzz(func(t *testing.T, name, language, category, format, headerText, bodyText, footerText, buttonType, buttonText, u, example string) {
		d := Draft{Name: name, Language: language, Category: category, ParameterFormat: format, Components: []Component{
			{Type: "HEADER", Text: headerText},
			{Type: "body", Text: bodyText, Example: json.RawMessage(example)},
			{Type: "FOOTER", Text: footerText},
			{Type: "BUTTONS", Buttons: []Button{
				{Type: buttonType, Text: buttonText, URL: u, Example: json.RawMessage(example)},
				{Type: "QUICK_REPLY", Text: buttonText},
			}},
		}}
		vs := checkDraft(t, d)
		if !allValidUTF8(name, language, category, format, headerText, bodyText, footerText, buttonType, buttonText, u, example) {
			return // JSON would replace the invalid bytes, changing the draft
		}
		// Marshalling compacts the examples and escapes <, > and & in them
		// (up to six bytes for one), so a size limit could judge them
		// differently after the round trip; a draft that is not JSON has
		// none.
		if !json.Valid([]byte(example)) && example != "" || 6*len(example) > MaxExampleBytes {
			return
		}
		raw, err := json.Marshal(d)
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		decoded, err := DecodeDraft(raw)
		if err != nil {
			t.Fatalf("DecodeDraft of a marshalled draft: %v", err)
		}
		if again := decoded.Violations(); !reflect.DeepEqual(again, vs) {
			t.Fatalf("violations differ after a JSON round trip:\n%s\nvs\n%s", listViolations(again), listViolations(vs))
		}
	})
}

// checkDraft holds Validate, Violations and ComponentsJSON to their
// contracts on any draft, and returns the violations.
func checkDraft(t *testing.T, d Draft) []Violation {
	t.Helper()
	vs := d.Violations()
	err := d.Validate()
	switch {
	case len(vs) == 0 && err != nil:
		t.Fatalf("Validate = %v with no violations", err)
	case len(vs) > 0:
		var ae *apperr.Error
		if !errors.As(err, &ae) || ae.Status() != 400 || ae.Code != vs[0].Code {
			t.Fatalf("Validate = %v, want a 400 with code %d", err, vs[0].Code)
		}
		if !strings.HasPrefix(ae.Details, vs[0].String()) {
			t.Fatalf("details %q do not start with %q", ae.Details, vs[0])
		}
	}
	for _, v := range vs {
		if v.Path == "" || v.Rule == "" || v.Code.Status() != 400 {
			t.Fatalf("malformed violation %+v", v)
		}
		if leak := goWording(v.String()); leak != "" {
			t.Fatalf("violation %q uses Go's wording %q", v, leak)
		}
	}
	js := d.ComponentsJSON()
	if !json.Valid(js) && (len(vs) == 0 || js != nil) {
		t.Fatalf("ComponentsJSON not JSON: %q", js)
	}
	if bound := encodedBound(reflect.ValueOf(d.normalized().Components)); len(js) > bound {
		t.Fatalf("ComponentsJSON of %d bytes over its bound %d", len(js), bound)
	}
	return vs
}

func allValidUTF8(ss ...string) bool {
	for _, s := range ss {
		if !utf8.ValidString(s) {
			return false
		}
	}
	return true
}
