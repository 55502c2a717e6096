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

// FuzzDecodeDraft feeds arbitrary bytes to the decoder: it never panics, it
// fails only with a 400 code 100, and what it decodes validates without
// panicking to nil or a 400, and has canonical components JSON.
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
			return
		}
		checkDraft(t, d)
		if !reflect.DeepEqual(d, d.normalized()) {
			t.Fatalf("decoded draft not normalised: %+v", d)
		}
	})
}

// FuzzValidate builds drafts from random strings: Validate never panics,
// agrees with Violations, and judges a draft as the decoder would after a
// JSON round trip.
func FuzzValidate(f *testing.F) {
	type seed struct {
		name, language, category, format, header, body, footer, buttonType, buttonText, url string
	}
	for _, s := range []seed{
		{"order_update", "en_US", "MARKETING", "", "Hi {{1}}", okBody, "Bye", "URL", "Track", "https://example.com/{{1}}"},
		{"otp", "en", "authentication", "", "", "{{1}} is your code.", "", "otp", "Copy code", ""},
		{"n", "pt_BR", "UTILITY", "named", "Olá {{first_name}}", "Pedido {{order_id}}", "", "QUICK_REPLY", "Sim", ""},
		{"", "", "", "", "", "", "", "", "", ""},
		{"Bad-Name", "en-US", "PROMO", "MIXED", "{{1}} {{2}}", "{{ 1 }} {{}} {{a$}} }} {{", "{{1}}", "CALL", repeat("x", 26), "http://x"},
		{repeat("a", 513), "xx", "MARKETING", "", repeat("h", 61), repeat("é", 1025), repeat("f", 61), "PHONE_NUMBER", "Call", ""},
		{"a", "en", "AUTHENTICATION", "", "Visit example.com 😀", "Code {{1}} at https://x.io", "www.a", "URL", "Go ❤️", "https://x"},
		{"a", "en", "MARKETING", "", "Online-Casino", "PRÉSTAMO RÁPIDO and bitcoin", "miracle cure", "COPY_CODE", "Sportwetten", ""},
		{"a", "en", "UTILITY", "", "\xff\xfe", "{{1}}{{2}}{{3}}", "\u200d", "FLOW", "\U0001FAFF", "https://{{1}}"},
	} {
		f.Add(s.name, s.language, s.category, s.format, s.header, s.body, s.footer, s.buttonType, s.buttonText, s.url)
	}
	f.Fuzz(func(t *testing.T, name, language, category, format, headerText, bodyText, footerText, buttonType, buttonText, u string) {
		d := Draft{Name: name, Language: language, Category: category, ParameterFormat: format, Components: []Component{
			{Type: "HEADER", Text: headerText},
			{Type: "body", Text: bodyText},
			{Type: "FOOTER", Text: footerText},
			{Type: "BUTTONS", Buttons: []Button{{Type: buttonType, Text: buttonText, URL: u}, {Type: "QUICK_REPLY", Text: buttonText}}},
		}}
		vs := checkDraft(t, d)
		if !allValidUTF8(name, language, category, format, headerText, bodyText, footerText, buttonType, buttonText, u) {
			return // JSON would replace the invalid bytes, changing the draft
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
	}
	if js := d.ComponentsJSON(); !json.Valid(js) {
		t.Fatalf("ComponentsJSON not JSON: %q", js)
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
