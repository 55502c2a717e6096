package template

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"svc/internal/platform/apperr"
)

// Parameter formats (interface section 2.2).
const (
	FormatPositional = "POSITIONAL"
	FormatNamed      = "NAMED"
)

// Draft is a TemplateCreate request body (interface section 2.2), decoded
// and normalised: Category, ParameterFormat and the type and format fields
// of components and buttons are upper case, ParameterFormat defaults to
// POSITIONAL and a HEADER without format is a TEXT header.
type Draft struct {
	Name            string      `json:"name"`
	Language        string      `json:"language"`
	Category        string      `json:"category"`
	ParameterFormat string      `json:"parameter_format,omitempty"`
	Components      []Component `json:"components"`
}

// Component is a TemplateComponent (interface section 2.3) with the fields
// the compatible API's clients send beside the interface's: examples are
// kept verbatim, and the AUTHENTICATION body and footer options are kept.
type Component struct {
	Type    string          `json:"type"`
	Format  string          `json:"format,omitempty"`
	Text    string          `json:"text,omitempty"`
	Buttons []Button        `json:"buttons,omitempty"`
	Example json.RawMessage `json:"example,omitempty"`
	// AddSecurityRecommendation and CodeExpirationMinutes are the compatible
	// API's AUTHENTICATION options on BODY and FOOTER; pointers keep an
	// explicit false or 0 apart from an absent field.
	AddSecurityRecommendation *bool `json:"add_security_recommendation,omitempty"`
	CodeExpirationMinutes     *int  `json:"code_expiration_minutes,omitempty"`
}

// Button is a button of a BUTTONS component. Beside the interface's type,
// text and url it keeps what the compatible API's clients send for phone,
// one-time-password and flow buttons.
type Button struct {
	Type                 string          `json:"type"`
	Text                 string          `json:"text,omitempty"`
	URL                  string          `json:"url,omitempty"`
	PhoneNumber          string          `json:"phone_number,omitempty"`
	Example              json.RawMessage `json:"example,omitempty"`
	OTPType              string          `json:"otp_type,omitempty"`
	AutofillText         string          `json:"autofill_text,omitempty"`
	PackageName          string          `json:"package_name,omitempty"`
	SignatureHash        string          `json:"signature_hash,omitempty"`
	SupportedApps        json.RawMessage `json:"supported_apps,omitempty"`
	ZeroTapTermsAccepted *bool           `json:"zero_tap_terms_accepted,omitempty"`
	FlowID               string          `json:"flow_id,omitempty"`
	FlowName             string          `json:"flow_name,omitempty"`
	FlowJSON             string          `json:"flow_json,omitempty"`
	FlowAction           string          `json:"flow_action,omitempty"`
	NavigateScreen       string          `json:"navigate_screen,omitempty"`
}

// The wire forms shadow the nested arrays with raw JSON, so that each level
// is decoded on its own and a type error names its full path with indices
// (encoding/json's own error paths leave the indices out).
type draftWire struct {
	Draft
	Components json.RawMessage `json:"components"`
}

type componentWire struct {
	Component
	Buttons json.RawMessage `json:"buttons"`
}

// DecodeDraft parses a TemplateCreate body. Fields that neither Draft,
// Component nor Button holds are ignored: at the top level the compatible
// API's message_send_ttl_seconds, allow_category_change, sub_category and
// the like, elsewhere anything unknown. Malformed JSON, a body that is not
// an object, or a field of the wrong JSON type is a 400 with code 100 whose
// details name the field ("components[1].buttons[0].url: must be a
// string, not a JSON number"). Keys match case-insensitively, as
// encoding/json matches them. The result is normalised as Draft describes;
// Validate checks it.
func DecodeDraft(body []byte) (Draft, error) {
	trimmed := bytes.TrimSpace(body)
	if !json.Valid(trimmed) {
		return Draft{}, malformed(trimmed)
	}
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return Draft{}, apperr.New(apperr.CodeInvalidParameter, "request body: must be a JSON object")
	}
	var w draftWire
	if err := decodeAt(trimmed, &w, ""); err != nil {
		return Draft{}, err
	}
	d := w.Draft
	comps, err := decodeArray(w.Components, "components")
	if err != nil {
		return Draft{}, err
	}
	for i, raw := range comps {
		path := fmt.Sprintf("components[%d]", i)
		var cw componentWire
		if err := decodeObject(raw, &cw, path); err != nil {
			return Draft{}, err
		}
		c := cw.Component
		buttons, err := decodeArray(cw.Buttons, path+".buttons")
		if err != nil {
			return Draft{}, err
		}
		for j, rawButton := range buttons {
			var b Button
			if err := decodeObject(rawButton, &b, fmt.Sprintf("%s.buttons[%d]", path, j)); err != nil {
				return Draft{}, err
			}
			c.Buttons = append(c.Buttons, b)
		}
		d.Components = append(d.Components, c)
	}
	return d.normalized(), nil
}

// ComponentsJSON is the canonical JSON of the normalised components, as
// stored and returned by read: fields in declaration order, empty fields
// left out, examples verbatim. It is "[]" for no components. It cannot fail
// for a draft DecodeDraft returned; a hand-built draft whose raw example is
// not JSON (which Validate reports) yields nil.
func (d Draft) ComponentsJSON() []byte {
	comps := d.normalized().Components
	if comps == nil {
		comps = []Component{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	// Template texts are shown to people, not embedded in HTML: keep <, >
	// and & readable in the stored form.
	enc.SetEscapeHTML(false)
	if err := enc.Encode(comps); err != nil {
		return nil
	}
	return bytes.TrimRight(buf.Bytes(), "\n")
}

// normalized returns a copy with the case and defaults Draft documents. It
// copies the component and button slices, so the receiver is not changed.
func (d Draft) normalized() Draft {
	d.Category = strings.ToUpper(d.Category)
	d.ParameterFormat = strings.ToUpper(d.ParameterFormat)
	if d.ParameterFormat == "" {
		d.ParameterFormat = FormatPositional
	}
	if d.Components == nil {
		return d
	}
	comps := make([]Component, len(d.Components))
	for i, c := range d.Components {
		c.Type = strings.ToUpper(c.Type)
		c.Format = strings.ToUpper(c.Format)
		if c.Type == TypeHeader && c.Format == "" {
			c.Format = HeaderText
		}
		c.Example = dropNull(c.Example)
		if c.Buttons != nil {
			buttons := make([]Button, len(c.Buttons))
			for j, b := range c.Buttons {
				b.Type = strings.ToUpper(b.Type)
				b.Example, b.SupportedApps = dropNull(b.Example), dropNull(b.SupportedApps)
				buttons[j] = b
			}
			c.Buttons = buttons
		}
		comps[i] = c
	}
	d.Components = comps
	return d
}

// decodeArray splits a raw JSON array; absent and null are no elements.
func decodeArray(raw json.RawMessage, path string) ([]json.RawMessage, error) {
	if isAbsent(raw) {
		return nil, nil
	}
	if raw[0] != '[' {
		return nil, apperr.Newf(apperr.CodeInvalidParameter, "%s: must be an array", path)
	}
	var out []json.RawMessage
	if err := json.Unmarshal(raw, &out); err != nil {
		return nil, apperr.Newf(apperr.CodeInvalidParameter, "%s: must be an array", path)
	}
	return out, nil
}

// decodeObject decodes one array element, which must be an object.
func decodeObject(raw json.RawMessage, v any, path string) error {
	if isAbsent(raw) || raw[0] != '{' {
		return apperr.Newf(apperr.CodeInvalidParameter, "%s: must be an object", path)
	}
	return decodeAt(raw, v, path)
}

// decodeAt unmarshals an object into v and turns a type error into a
// client error naming the field under path.
func decodeAt(raw []byte, v any, path string) error {
	err := json.Unmarshal(raw, v)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		// encoding/json names an embedded struct in the path ("Draft.name");
		// the client knows only the JSON names.
		rel := strings.TrimPrefix(strings.TrimPrefix(te.Field, "Draft."), "Component.")
		field := joinPath(path, rel)
		if field == "" {
			field = "request body"
		}
		got, _, _ := strings.Cut(te.Value, " ")
		return apperr.Newf(apperr.CodeInvalidParameter, "%s: must be %s, not a JSON %s", field, jsonKind(te.Type), got)
	}
	// The input is valid JSON, so only a value a Go type cannot hold (an
	// integer out of range) gets here.
	if path == "" {
		path = "request body"
	}
	return apperr.Newf(apperr.CodeInvalidParameter, "%s: %v", path, err)
}

func joinPath(path, field string) string {
	switch {
	case path == "":
		return field
	case field == "":
		return path
	}
	return path + "." + field
}

// dropNull turns an explicit JSON null into an absent field, so the stored
// form leaves it out as it leaves out every empty field.
func dropNull(raw json.RawMessage) json.RawMessage {
	if isAbsent(raw) {
		return nil
	}
	return raw
}

func isAbsent(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}

// jsonKind names the JSON type a Go field expects.
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

// malformed reports where a body stops being JSON.
func malformed(body []byte) error {
	if len(body) == 0 {
		return apperr.New(apperr.CodeInvalidParameter, "request body: must be a JSON object")
	}
	var v any
	err := json.Unmarshal(body, &v)
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return apperr.Newf(apperr.CodeInvalidParameter, "request body: malformed JSON at byte %d: %v", se.Offset, se)
	}
	return apperr.New(apperr.CodeInvalidParameter, "request body: malformed JSON")
}
