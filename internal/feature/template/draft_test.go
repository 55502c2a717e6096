package template

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"svc/internal/platform/apperr"
)

// A body as clients of the compatible API write it: lower-case types and
// category, examples, fields the interface does not name.
const compatBody = `{
  "name": "seasonal_promo",
  "language": "en_US",
  "category": "marketing",
  "message_send_ttl_seconds": 3600,
  "allow_category_change": true,
  "sub_category": "CUSTOM",
  "components": [
    {"type": "header", "text": "Our {{1}} sale", "example": {"header_text": ["Summer"]}},
    {"type": "body", "text": "Shop <now> & save {{1}}%", "example": {"body_text": [["20"]]}, "unknown": 1},
    {"type": "Footer", "text": "Reply STOP to opt out"},
    {"type": "buttons", "buttons": [
      {"type": "quick_reply", "text": "Stop"},
      {"type": "url", "text": "Shop", "url": "https://example.com/{{1}}", "example": ["summer"]},
      {"type": "phone_number", "text": "Call", "phone_number": "+15550001111"},
      {"type": "copy_code", "example": "SAVE20"}
    ]}
  ]
}`

func TestDecodeDraftCompatibleBody(t *testing.T) {
	d, err := DecodeDraft([]byte(compatBody))
	if err != nil {
		t.Fatalf("DecodeDraft: %v", err)
	}
	if d.Name != "seasonal_promo" || d.Language != "en_US" || d.Category != "MARKETING" || d.ParameterFormat != "POSITIONAL" {
		t.Errorf("draft %+v", d)
	}
	if err := d.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
	want := `[{"type":"HEADER","format":"TEXT","text":"Our {{1}} sale","example":{"header_text":["Summer"]}},` +
		`{"type":"BODY","text":"Shop <now> & save {{1}}%","example":{"body_text":[["20"]]}},` +
		`{"type":"FOOTER","text":"Reply STOP to opt out"},` +
		`{"type":"BUTTONS","buttons":[{"type":"QUICK_REPLY","text":"Stop"},` +
		`{"type":"URL","text":"Shop","url":"https://example.com/{{1}}","example":["summer"]},` +
		`{"type":"PHONE_NUMBER","text":"Call","phone_number":"+15550001111"},` +
		`{"type":"COPY_CODE","example":"SAVE20"}]}]`
	if got := string(d.ComponentsJSON()); got != want {
		t.Errorf("ComponentsJSON:\n got %s\nwant %s", got, want)
	}
}

func TestDecodeDraftAuthenticationFields(t *testing.T) {
	body := `{"name":"otp","language":"en","category":"authentication","parameter_format":"positional","components":[
		{"type":"BODY","text":"{{1}} is your verification code.","add_security_recommendation":false},
		{"type":"FOOTER","code_expiration_minutes":5},
		{"type":"BUTTONS","buttons":[{"type":"otp","otp_type":"one_tap","text":"Autofill","autofill_text":"Autofill",
			"package_name":"com.example","signature_hash":"K8a/AINcGX7","supported_apps":[{"package_name":"com.example","signature_hash":"x"}],
			"zero_tap_terms_accepted":true}]}]}`
	d, err := DecodeDraft([]byte(body))
	if err != nil {
		t.Fatalf("DecodeDraft: %v", err)
	}
	if err := d.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
	want := `[{"type":"BODY","text":"{{1}} is your verification code.","add_security_recommendation":false},` +
		`{"type":"FOOTER","code_expiration_minutes":5},` +
		`{"type":"BUTTONS","buttons":[{"type":"OTP","text":"Autofill","otp_type":"one_tap","autofill_text":"Autofill",` +
		`"package_name":"com.example","signature_hash":"K8a/AINcGX7",` +
		`"supported_apps":[{"package_name":"com.example","signature_hash":"x"}],"zero_tap_terms_accepted":true}]}]`
	if got := string(d.ComponentsJSON()); got != want {
		t.Errorf("ComponentsJSON:\n got %s\nwant %s", got, want)
	}
}

func TestDecodeDraftFlowButton(t *testing.T) {
	body := `{"name":"book","language":"en","category":"UTILITY","components":[{"type":"BODY","text":"Book a slot"},
		{"type":"BUTTONS","buttons":[{"type":"FLOW","text":"Book","flow_id":"123","flow_action":"navigate","navigate_screen":"WELCOME"}]}]}`
	d, err := DecodeDraft([]byte(body))
	if err != nil {
		t.Fatalf("DecodeDraft: %v", err)
	}
	if err := d.Validate(); err != nil {
		t.Errorf("Validate: %v", err)
	}
	if got := string(d.ComponentsJSON()); !strings.Contains(got, `"flow_id":"123","flow_action":"navigate","navigate_screen":"WELCOME"`) {
		t.Errorf("ComponentsJSON %s", got)
	}
}

func TestDecodeDraftNulls(t *testing.T) {
	d, err := DecodeDraft([]byte(`{"name":"a","language":"en","category":"UTILITY","parameter_format":null,
		"components":[{"type":"BODY","text":"Hi","buttons":null,"example":null}]}`))
	if err != nil {
		t.Fatalf("DecodeDraft: %v", err)
	}
	if d.ParameterFormat != FormatPositional || d.Validate() != nil {
		t.Errorf("draft %+v: %v", d, d.Validate())
	}
	if got := string(d.ComponentsJSON()); got != `[{"type":"BODY","text":"Hi"}]` {
		t.Errorf("ComponentsJSON %s", got)
	}
}

// TestDecodeDraftErrors holds every decoder refusal to its message: the
// service's own words, the field's full path, a 400 with code 100, and no
// wording of Go's JSON package.
// surrogateRule ends the message for a lone surrogate escape.
const surrogateRule = `a character above U+FFFF is escaped as a pair (\ud83d\ude00), and U+D800 to U+DFFF alone are not characters`

func TestDecodeDraftErrors(t *testing.T) {
	tests := []struct {
		name, body, details string
	}{
		// The body as a whole.
		{"empty body", ``, "request body: expected a JSON object, found an empty body"},
		{"spaces", "  \n\t", "request body: expected a JSON object, found an empty body"},
		{"array", `[]`, "request body: expected a JSON object, found an array"},
		{"array of the object", `[{"name":"a"}]`, "request body: expected a JSON object, found an array"},
		{"string", `"x"`, "request body: expected a JSON object, found a string"},
		{"number", ` 5 `, "request body: expected a JSON object, found a number"},
		{"boolean", `true`, "request body: expected a JSON object, found a boolean"},
		{"null", `null`, "request body: expected a JSON object, found null"},
		{"truncated", `{"name":`, "request body: not valid JSON at byte 8: the body ends before the JSON value is complete"},
		{"truncated string", `{"name":"ab`, "request body: not valid JSON at byte 11: the body ends before the JSON value is complete"},
		{"truncated literal", `tru`, "request body: not valid JSON at byte 3: the body ends before the JSON value is complete"},
		{"unclosed array", `{"components":[{}`, "request body: not valid JSON at byte 17: the body ends before the JSON value is complete"},
		{"trailing garbage", `{"name":"a"} x`, "request body: not valid JSON at byte 14: unexpected data after the JSON value"},
		{"two objects", `{}{}`, "request body: not valid JSON at byte 3: unexpected data after the JSON value"},
		{"two objects on lines", "{}\n\n{}", "request body: not valid JSON at byte 5: unexpected data after the JSON value"},
		{"single quotes", `{'name':'a'}`, `request body: not valid JSON at byte 2: unexpected "'"`},
		{"trailing comma", `{"a":1,}`, `request body: not valid JSON at byte 8: unexpected "}"`},
		{"missing colon", `{"a" 1}`, `request body: not valid JSON at byte 6: unexpected "1"`},
		{"leading zero", `{"a":01}`, `request body: not valid JSON at byte 7: unexpected "1"`},
		{"bad escape", `{"name":"\x"}`, `request body: not valid JSON at byte 11: unexpected "x"`},
		{"byte-order mark", "\xef\xbb\xbf{}", "request body: not valid JSON at byte 1: unexpected character U+FEFF"},
		{"raw control character", "{\"a\":\"\x01\"}", "request body: not valid JSON at byte 7: unexpected character U+0001"},
		{"stray byte", "{\"a\":\xff}", "request body: not valid JSON at byte 6: unexpected byte 0xFF"},
		{"comment", `{"name":"a" /* c */}`, `request body: not valid JSON at byte 13: unexpected "/"`},
		{"not UTF-8", "{\"name\":\"caf\xe9\"}", "request body: not valid UTF-8 at byte 13: JSON text must be UTF-8"},
		{"not UTF-8 in an example", "{\"components\":[{\"example\":\"\xc3\"}]}", "request body: not valid UTF-8 at byte 28: JSON text must be UTF-8"},
		{"lone high surrogate", `{"name":"a\ud83d"}`, "request body: lone UTF-16 surrogate escape \\ud83d at byte 11: " + surrogateRule},
		{"high surrogate before a letter", `{"name":"\uD83Dx\ude00"}`, "request body: lone UTF-16 surrogate escape \\uD83D at byte 10: " + surrogateRule},
		{"lone low surrogate", `{"components":[{"text":"\ude00"}]}`, "request body: lone UTF-16 surrogate escape \\ude00 at byte 25: " + surrogateRule},

		// Fields of the wrong JSON type.
		{"name a number", `{"name":5}`, "name: expected a string, found a number"},
		{"name in capitals a number", `{"NAME":5}`, "name: expected a string, found a number"},
		{"escaped key", `{"n\u0061me":5}`, "name: expected a string, found a number"},
		{"language a boolean", `{"language":true}`, "language: expected a string, found a boolean"},
		{"category an array", `{"category":["MARKETING"]}`, "category: expected a string, found an array"},
		{"parameter_format an object", `{"parameter_format":{}}`, "parameter_format: expected a string, found an object"},
		{"components an object", `{"components":{"type":"BODY"}}`, "components: expected an array, found an object"},
		{"components a string", `{"components":"BODY"}`, "components: expected an array, found a string"},
		{"components a number", `{"components":0}`, "components: expected an array, found a number"},
		{"component a string", `{"components":["BODY"]}`, "components[0]: expected an object, found a string"},
		{"component an array", `{"components":[[{"type":"BODY"}]]}`, "components[0]: expected an object, found an array"},
		{"component null", `{"components":[{"type":"BODY","text":"a"},null]}`, "components[1]: expected an object, found null"},
		{"component type a number", `{"components":[{"type":1}]}`, "components[0].type: expected a string, found a number"},
		{"component text a number", `{"components":[{"type":"BODY","text":12}]}`, "components[0].text: expected a string, found a number"},
		{"component text an object", `{"components":[{"type":"BODY"},{"type":"HEADER","text":{}}]}`, "components[1].text: expected a string, found an object"},
		{"component format an array", `{"components":[{"type":"HEADER","format":["IMAGE"]}]}`, "components[0].format: expected a string, found an array"},
		{"buttons a string", `{"components":[{"type":"BUTTONS","buttons":"x"}]}`, "components[0].buttons: expected an array, found a string"},
		{"buttons an object", `{"components":[{"type":"BUTTONS","buttons":{"type":"URL"}}]}`, "components[0].buttons: expected an array, found an object"},
		{"button a number", `{"components":[{"type":"BUTTONS","buttons":[1]}]}`, "components[0].buttons[0]: expected an object, found a number"},
		{"button null", `{"components":[{"type":"BUTTONS","buttons":[{"type":"URL"},null]}]}`, "components[0].buttons[1]: expected an object, found null"},
		{"button url a number", `{"components":[{"type":"BODY"},{"type":"BUTTONS","buttons":[{"type":"QUICK_REPLY"},{"type":"URL","url":7}]}]}`,
			"components[1].buttons[1].url: expected a string, found a number"},
		{"button flow_json an object", `{"components":[{"type":"BUTTONS","buttons":[{"type":"FLOW","flow_json":{"screens":[]}}]}]}`,
			"components[0].buttons[0].flow_json: expected a string, found an object"},
		{"add_security_recommendation a string", `{"components":[{"type":"BODY","add_security_recommendation":"yes"}]}`,
			"components[0].add_security_recommendation: expected a boolean, found a string"},
		{"add_security_recommendation a number", `{"components":[{"type":"BODY","add_security_recommendation":1}]}`,
			"components[0].add_security_recommendation: expected a boolean, found a number"},
		{"code_expiration_minutes a string", `{"components":[{"type":"FOOTER","code_expiration_minutes":"5"}]}`,
			"components[0].code_expiration_minutes: expected an integer, found a string"},
		{"code_expiration_minutes a fraction", `{"components":[{"type":"FOOTER","code_expiration_minutes":1.5}]}`,
			"components[0].code_expiration_minutes: expected an integer, found the number 1.5"},
		{"code_expiration_minutes with an exponent", `{"components":[{"type":"FOOTER","code_expiration_minutes":1e1}]}`,
			"components[0].code_expiration_minutes: expected an integer, found the number 1e1"},
		{"code_expiration_minutes too large", `{"components":[{"type":"FOOTER","code_expiration_minutes":1e30}]}`,
			"components[0].code_expiration_minutes: expected an integer, found the number 1e30"},
		{"code_expiration_minutes out of range", `{"components":[{"type":"FOOTER","code_expiration_minutes":99999999999999999999}]}`,
			"components[0].code_expiration_minutes: expected an integer, found 99999999999999999999, which is out of range"},
		{"code_expiration_minutes of a thousand digits", `{"components":[{"type":"FOOTER","code_expiration_minutes":` + strings.Repeat("9", 1000) + `}]}`,
			"components[0].code_expiration_minutes: expected an integer, found " + strings.Repeat("9", 40) + "…, which is out of range"},
		{"zero_tap_terms_accepted a string", `{"components":[{"type":"BUTTONS","buttons":[{"type":"OTP","zero_tap_terms_accepted":"yes"}]}]}`,
			"components[0].buttons[0].zero_tap_terms_accepted: expected a boolean, found a string"},
		{"every wrong field listed", `{"name":5,"components":[{"type":1,"buttons":[{"url":true},"x"]},7]}`,
			"name: expected a string, found a number; components[0].type: expected a string, found a number; " +
				"components[0].buttons[0].url: expected a string, found a boolean; " +
				"components[0].buttons[1]: expected an object, found a string; components[1]: expected an object, found a number"},
		{"a wrong field and its duplicate", `{"text":1,"name":"a","NAME":[]}`,
			`request body: names "name" twice in one object (as "name" and "NAME"); name: expected a string, found an array`},

		// The size of the body, checked before anything else.
		{"body over the limit", `{"name":"` + strings.Repeat("a", MaxRequestBytes) + `"}`,
			fmt.Sprintf("request body: must be at most %d bytes (found %d)", MaxRequestBytes, MaxRequestBytes+11)},
		{"body over the limit and not JSON", strings.Repeat("{", MaxRequestBytes+1),
			fmt.Sprintf("request body: must be at most %d bytes (found %d)", MaxRequestBytes, MaxRequestBytes+1)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeDraft([]byte(tc.body))
			var ae *apperr.Error
			if !errors.As(err, &ae) {
				t.Fatalf("DecodeDraft: %v, want an *apperr.Error", err)
			}
			if ae.Code != apperr.CodeInvalidParameter || ae.Status() != 400 || ae.Details != tc.details {
				t.Errorf("got code %d status %d details\n  %q\nwant 100, 400,\n  %q", ae.Code, ae.Status(), ae.Details, tc.details)
			}
			if leak := goWording(ae.Details); leak != "" {
				t.Errorf("details %q use Go's wording %q", ae.Details, leak)
			}
		})
	}
}

// TestDecodeDraftRoundTrip holds the decoder to the draft: marshalling a
// draft and decoding it gives the draft back, normalised.
func TestDecodeDraftRoundTrip(t *testing.T) {
	d := Draft{Name: "a", Language: "en", Category: "utility", Components: []Component{
		{Type: "header", Text: "Hi {{1}}", Example: json.RawMessage(`{"header_text":["x"]}`)},
		{Type: "body", Text: "Hi", AddSecurityRecommendation: ptr(false)},
		{Type: "buttons", Buttons: []Button{{Type: "url", Text: "Go", URL: "https://e.com/{{1}}", Example: json.RawMessage(`["a"]`)}}},
	}}
	raw, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeDraft(raw)
	if err != nil {
		t.Fatalf("DecodeDraft: %v", err)
	}
	if !reflect.DeepEqual(got, d.normalized()) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, d.normalized())
	}
	if string(got.ComponentsJSON()) != string(d.ComponentsJSON()) {
		t.Errorf("ComponentsJSON differs: %s vs %s", got.ComponentsJSON(), d.ComponentsJSON())
	}
}

func TestComponentsJSONEmpty(t *testing.T) {
	if got := string(Draft{}.ComponentsJSON()); got != "[]" {
		t.Errorf("ComponentsJSON of no components = %s", got)
	}
}

// TestDecodeEditIgnoresNameAndLanguage: an edit takes the stored template's
// name and language whatever the body holds, so their values and types are
// not read; every other field is checked as a create's.
func TestDecodeEditIgnoresNameAndLanguage(t *testing.T) {
	comps := `"components":[{"type":"BODY","text":"Hi"}]`
	for _, tc := range []struct {
		name, body, wantErr string
	}{
		{"wrong types", `{"name":123,"language":false,"category":"utility",` + comps + `}`, ""},
		{"other case, objects", `{"NAME":{"a":1},"Language":[1],"category":"UTILITY",` + comps + `}`, ""},
		{"absent", `{"category":"UTILITY",` + comps + `}`, ""},
		{"a wrong category type is still refused", `{"name":"x","category":7,` + comps + `}`, "category: expected a string, found a number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := DecodeEdit([]byte(tc.body))
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("DecodeEdit: %v", err)
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("DecodeEdit: %v, want %q", err, tc.wantErr)
			case tc.wantErr == "" && (d.Name != "" || d.Language != "" || d.Category != "UTILITY" || len(d.Components) != 1):
				t.Fatalf("draft %+v", d)
			}
		})
	}
}
