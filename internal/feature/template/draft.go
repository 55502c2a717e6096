package template

import (
	"bytes"
	"encoding/json"
	"strings"

	"svc/internal/platform/jsonbody"
	"svc/internal/platform/plainjson"
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

// DecodeDraft parses a TemplateCreate body. Fields that neither Draft,
// Component nor Button holds are ignored: at the top level the compatible
// API's message_send_ttl_seconds, allow_category_change, sub_category and
// the like, elsewhere anything unknown. Keys match case-insensitively, as
// encoding/json matches them. The result is normalised as Draft describes;
// Validate checks it.
//
// A body over MaxRequestBytes is refused before anything is parsed. A body
// that is empty, not JSON, not UTF-8 or not an object, and fields of the
// wrong JSON type, are a 400 with code 100 whose details say in the
// service's words where and what ("request body: not valid JSON at byte 2:
// unexpected "'"", "components[1].buttons[0].url: expected a string, found
// a number"); every field of the wrong type is listed, as Validate lists
// its violations.
func DecodeDraft(body []byte) (Draft, error) {
	if err := checkDraftBody(body, draftShape()); err != nil {
		return Draft{}, err
	}
	var d Draft
	if err := json.Unmarshal(body, &d); err != nil {
		return Draft{}, jsonbody.DecodeError(body, err, "a template")
	}
	return d.normalized(), nil
}

// DecodeEdit reads an edit's TemplateCreate body as DecodeDraft does, but
// for name and language, which it does not read at all: an edit keeps the
// stored template's "whatever the body contains" (interface section 4.5),
// so neither their values nor their types are the client's mistake. The
// draft's Name and Language are empty.
func DecodeEdit(body []byte) (Draft, error) {
	if err := checkDraftBody(body, editShape()); err != nil {
		return Draft{}, err
	}
	// The outer fields take name and language (any JSON value) before the
	// embedded draft's would.
	var e struct {
		Draft
		Name     json.RawMessage `json:"name"`
		Language json.RawMessage `json:"language"`
	}
	if err := json.Unmarshal(body, &e); err != nil {
		return Draft{}, jsonbody.DecodeError(body, err, "a template")
	}
	return e.Draft.normalized(), nil
}

// checkDraftBody checks a TemplateCreate body's size, encoding and the
// shape of the fields in shape.
func checkDraftBody(body []byte, shape []fieldShape) error {
	if err := jsonbody.CheckObject(body, MaxRequestBytes); err != nil {
		return err
	}
	var sc shapeChecker
	// A key named twice in one object is refused at every level, as in
	// an example (see checker.rawField): encoding/json would keep the
	// last, what the client meant is not known, and strict JSON readers
	// refuse the body.
	if d, ok := jsonbody.FindDuplicate(body, nil); ok {
		sc.add(d.Path(), "%s", d.Rule())
	}
	sc.object(body, "", shape)
	if len(sc.out) > 0 {
		return violationsError(sc.out)
	}
	return nil
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
	// Template texts are shown to people, not embedded in HTML: keep <, >
	// and & readable in the stored form.
	b, err := plainjson.Marshal(comps)
	if err != nil {
		return nil
	}
	return b
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

// joinPath appends a field name to a path; either may be empty.
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

// isAbsent treats JSON null like a missing field, whitespace around it
// included, so that a draft built in code judges as its encoding does.
func isAbsent(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || string(t) == "null"
}
