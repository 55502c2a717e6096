package template

import (
	"encoding/json"
	"errors"
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

func TestDecodeDraftErrors(t *testing.T) {
	tests := []struct {
		name, body, details string
	}{
		{"empty body", ``, "request body: must be a JSON object"},
		{"spaces", "  \n", "request body: must be a JSON object"},
		{"array", `[]`, "request body: must be a JSON object"},
		{"string", `"x"`, "request body: must be a JSON object"},
		{"number", `5`, "request body: must be a JSON object"},
		{"null", `null`, "request body: must be a JSON object"},
		{"truncated", `{"name":`, "request body: malformed JSON at byte 8"},
		{"trailing garbage", `{"name":"a"} x`, "request body: malformed JSON at byte 14"},
		{"two objects", `{}{}`, "request body: malformed JSON"},
		{"single quotes", `{'name':'a'}`, "request body: malformed JSON at byte 2"},
		{"name a number", `{"name":5}`, "name: must be a string, not a JSON number"},
		{"language a boolean", `{"language":true}`, "language: must be a string, not a JSON bool"},
		{"category an array", `{"category":["MARKETING"]}`, "category: must be a string, not a JSON array"},
		{"parameter_format an object", `{"parameter_format":{}}`, "parameter_format: must be a string, not a JSON object"},
		{"components an object", `{"components":{"type":"BODY"}}`, "components: must be an array"},
		{"components a string", `{"components":"BODY"}`, "components: must be an array"},
		{"component a string", `{"components":["BODY"]}`, "components[0]: must be an object"},
		{"component null", `{"components":[{"type":"BODY","text":"a"},null]}`, "components[1]: must be an object"},
		{"component type a number", `{"components":[{"type":1}]}`, "components[0].type: must be a string, not a JSON number"},
		{"component text an object", `{"components":[{"type":"BODY"},{"type":"HEADER","text":{}}]}`, "components[1].text: must be a string, not a JSON object"},
		{"buttons a string", `{"components":[{"type":"BUTTONS","buttons":"x"}]}`, "components[0].buttons: must be an array"},
		{"button a number", `{"components":[{"type":"BUTTONS","buttons":[1]}]}`, "components[0].buttons[0]: must be an object"},
		{"button url a number", `{"components":[{"type":"BODY"},{"type":"BUTTONS","buttons":[{"type":"QUICK_REPLY"},{"type":"URL","url":7}]}]}`,
			"components[1].buttons[1].url: must be a string, not a JSON number"},
		{"add_security_recommendation a string", `{"components":[{"type":"BODY","add_security_recommendation":"yes"}]}`,
			"components[0].add_security_recommendation: must be a boolean, not a JSON string"},
		{"code_expiration_minutes a fraction", `{"components":[{"type":"FOOTER","code_expiration_minutes":1.5}]}`,
			"components[0].code_expiration_minutes: must be an integer, not a JSON number"},
		{"code_expiration_minutes too large", `{"components":[{"type":"FOOTER","code_expiration_minutes":1e30}]}`,
			"components[0].code_expiration_minutes: must be an integer, not a JSON number"},
		{"zero_tap_terms_accepted a string", `{"components":[{"type":"BUTTONS","buttons":[{"type":"OTP","zero_tap_terms_accepted":"yes"}]}]}`,
			"components[0].buttons[0].zero_tap_terms_accepted: must be a boolean, not a JSON string"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeDraft([]byte(tc.body))
			var ae *apperr.Error
			if !errors.As(err, &ae) {
				t.Fatalf("DecodeDraft: %v, want an *apperr.Error", err)
			}
			if ae.Code != apperr.CodeInvalidParameter || ae.Status() != 400 || !strings.HasPrefix(ae.Details, tc.details) {
				t.Errorf("got code %d status %d details %q, want 100, 400, %q", ae.Code, ae.Status(), ae.Details, tc.details)
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
