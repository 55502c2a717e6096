package webhook

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"svc/internal/platform/asciijson"
)

// The webhook fields (changes[].field) of the compatible API that review
// outcomes publish, and the envelope's object with the svc naming.
const (
	FieldStatusUpdate     = "message_template_status_update"
	FieldCategoryUpdate   = "template_category_update"
	FieldComponentsUpdate = "message_template_components_update"
	Object                = "svc_business_account"
)

// Fields are the webhook fields svc sends: the names a subscription may
// choose among. A field svc starts to send is added here.
var Fields = []string{FieldMessages, FieldStatusUpdate, FieldCategoryUpdate, FieldQualityUpdate, FieldComponentsUpdate}

// ErrUnknownField is wrapped by ParseFields' refusal of a field svc does not
// send.
var ErrUnknownField = errors.New("unknown webhook field")

// ParseFields checks a subscription's chosen fields: each must be one of
// Fields; repeats are dropped, the first order kept. None (nil) means every
// field.
func ParseFields(names []string) ([]string, error) {
	var out []string
	for _, n := range names {
		if !slices.Contains(Fields, n) {
			return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownField, n, strings.Join(Fields, ", "))
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out, nil
}

// Subscribed reports whether a subscription to fields receives events of
// field: none chosen means every field, so subscriptions set before fields
// existed keep receiving everything.
func Subscribed(fields []string, field string) bool {
	return len(fields) == 0 || slices.Contains(fields, field)
}

// Event is one webhook event to deliver, a template event or a messages
// event. It is what the webhook queue carries (hence the JSON tags): Body
// renders the same bytes before and after a round trip through JSON, so
// every attempt sends identical bytes.
type Event struct {
	// ID is the webhook-id: derived from the event's content, so the same
	// on every attempt and when a classifier re-run after a crash publishes
	// the event again.
	ID    string `json:"id"`
	ZBAID string `json:"zba_id"`
	// Field is one of Fields: the changes[].field the event is sent under,
	// which a subscription may choose not to receive.
	Field string `json:"field"`
	// Time is when the event happened (whole seconds): entry[].time of
	// template events.
	Time time.Time `json:"time"`
	// Value is the changes[].value object. The constructors fill it with
	// strings, json.Number, nulls, and maps and slices of those, so it
	// survives a JSON round trip (UnmarshalJSON) unchanged.
	Value map[string]any `json:"value"`
}

// StatusUpdate is the message_template_status_update event of a review
// outcome. event is the new status (APPROVED, REJECTED, ...); reason is the
// rejection reason, and "" is sent as "NONE", as the compatible API sends it
// with approvals (receivers ported from it compare against that value).
// version is the template version the outcome is about.
func StatusUpdate(zbaID, templateID, name, language, category, event, reason string, version int, at time.Time) Event {
	e := Event{
		ID:    eventID(FieldStatusUpdate, zbaID, templateID, version, event, at),
		ZBAID: zbaID, Field: FieldStatusUpdate, Time: at.UTC().Truncate(time.Second),
		Value: map[string]any{
			"event":                     event,
			"message_template_id":       templateID,
			"message_template_name":     name,
			"message_template_language": language,
			"message_template_category": category,
			"reason":                    reasonOrNone(reason),
		},
	}
	if event == "REJECTED" && reason == reasonInvalidFormat {
		// The compatible API explains this one rejection in words.
		e.Value["rejection_info"] = map[string]any{"reason": invalidFormatReason, "recommendation": invalidFormatAdvice}
	}
	return e
}

// The rejection_info of an INVALID_FORMAT rejection, the one reason the
// compatible API explains in words: what the review's format rules refuse
// and how to meet them.
const (
	reasonInvalidFormat = "INVALID_FORMAT"
	invalidFormatReason = "The body's parameters are placed so that the message cannot be read without their values: " +
		"a parameter starts or ends the text, two parameters stand side by side, or there are too many parameters for the length of the text."
	invalidFormatAdvice = "Put words before the first parameter, after the last one and between any two, " +
		"and use no more than one parameter for every two words of the body."
)

// reasonOrNone is a status update's reason: "NONE" when there is none.
func reasonOrNone(reason string) string {
	if reason == "" {
		return "NONE"
	}
	return reason
}

// CategoryUpdate is the template_category_update event of a
// recategorisation, in the compatible API's "completed" form
// (previous_category, new_category). svc changes a category at review, never
// a day later, so it has no "impending" form, and leaves out that form's
// correct_category: a receiver tells the two forms apart by it. The
// template's own correct_category says the same when read.
func CategoryUpdate(zbaID, templateID, name, language, previousCategory, newCategory string, version int, at time.Time) Event {
	return Event{
		ID:    eventID(FieldCategoryUpdate, zbaID, templateID, version, newCategory, at),
		ZBAID: zbaID, Field: FieldCategoryUpdate, Time: at.UTC().Truncate(time.Second),
		Value: map[string]any{
			"message_template_id":       templateID,
			"message_template_name":     name,
			"message_template_language": language,
			"previous_category":         previousCategory,
			"new_category":              newCategory,
		},
	}
}

// TemplateContent is what a components update says of the edited version:
// the body's text, a text header's, the footer's and the buttons.
type TemplateContent struct {
	Body, Header, Footer string
	Buttons              []TemplateButton
}

// TemplateButton is one of message_template_buttons.
type TemplateButton struct {
	Type, Text, URL, PhoneNumber string
}

// ComponentsUpdate is the message_template_components_update event of an
// edited template, in the compatible API's flattened form:
// message_template_element (the body), message_template_title (a text
// header), message_template_footer and message_template_buttons, each left
// out when the version has none.
func ComponentsUpdate(zbaID, templateID, name, language string, c TemplateContent, version int, at time.Time) Event {
	v := map[string]any{
		"message_template_id":       templateID,
		"message_template_name":     name,
		"message_template_language": language,
		"message_template_element":  c.Body,
	}
	if c.Header != "" {
		v["message_template_title"] = c.Header
	}
	if c.Footer != "" {
		v["message_template_footer"] = c.Footer
	}
	if len(c.Buttons) > 0 {
		buttons := make([]any, len(c.Buttons))
		for i, b := range c.Buttons {
			bv := map[string]any{"message_template_button_type": b.Type, "message_template_button_text": b.Text}
			if b.URL != "" {
				bv["message_template_button_url"] = b.URL
			}
			if b.PhoneNumber != "" {
				bv["message_template_button_phone_number"] = b.PhoneNumber
			}
			buttons[i] = bv
		}
		v["message_template_buttons"] = buttons
	}
	return Event{ID: eventID(FieldComponentsUpdate, zbaID, templateID, version, "EDITED", at),
		ZBAID: zbaID, Field: FieldComponentsUpdate, Time: at.UTC().Truncate(time.Second), Value: v}
}

// eventID is "evt_" and 32 hex characters of SHA-256 over what identifies
// the event. The outcome (the status, or the new category) is part of it so
// that later events about the same version (a pause, say) get their own id
// and are not dropped by a receiver deduplicating on webhook-id. None of the
// parts can contain "|" (ZBA ids, template ids, fields and statuses are
// letters, digits, "_" and "-"), so the joined string is unambiguous. The
// id has no "." as Standard Webhooks requires. The time of the outcome is
// part of it: a template deleted and created again restarts at version 1,
// and its new outcome must not look like a duplicate of the old one.
func eventID(field, zbaID, templateID string, version int, outcome string, at time.Time) string {
	sum := sha256.Sum256([]byte(strings.Join([]string{field, zbaID, templateID, strconv.Itoa(version), outcome,
		strconv.FormatInt(at.Unix(), 10)}, "|")))
	return "evt_" + hex.EncodeToString(sum[:])[:32]
}

type envelope struct {
	Object string  `json:"object"`
	Entry  []entry `json:"entry"`
}

type entry struct {
	ID string `json:"id"`
	// Time is sent with template fields only, as the compatible API does.
	Time    *int64   `json:"time,omitempty"`
	Changes []change `json:"changes"`
}

type change struct {
	Field string         `json:"field"`
	Value map[string]any `json:"value"`
}

// Body is the POST body: the compatible API's envelope
//
//	{"object":"svc_business_account","entry":[{"id":<zba>,"time":<unix seconds>,
//	  "changes":[{"field":<field>,"value":{...}}]}]}
//
// with exactly one entry and one change (and the constructors put one
// status or one message in a messages value): whatsapp-api-js reads only
// entry[0].changes[0] and statuses[0] or messages[0], and drops the rest.
// "time" is left out of messages events, as the compatible API does.
//
// The value always has a metadata object: whatsapp-api-js reads
// value.metadata.phone_number_id of every event before it looks at the
// field, and answers 500 (so svc would retry for days) when metadata is
// missing; template events get an empty one.
//
// The bytes are ASCII only (asciijson: non-ASCII and DEL as \u escapes),
// so the one signature over them verifies both in receivers that hash the
// raw body (@kapso/whatsapp-cloud-api) and in those that escape it first
// (whatsapp-api-js).
//
// Deterministic: struct fields keep their order and encoding/json sorts map
// keys. It is nil only if Value holds something JSON cannot encode, which
// the constructors never put there; Deliver refuses such an event.
func (e Event) Body() []byte {
	value := e.Value
	if _, ok := value["metadata"]; !ok {
		value = maps.Clone(e.Value)
		if value == nil {
			value = map[string]any{}
		}
		value["metadata"] = map[string]any{}
	}
	en := entry{ID: e.ZBAID, Changes: []change{{Field: e.Field, Value: value}}}
	if e.Field != FieldMessages {
		unix := e.Time.Unix()
		en.Time = &unix
	}
	b, err := json.Marshal(envelope{Object: Object, Entry: []entry{en}})
	if err != nil {
		return nil
	}
	return asciijson.Escape(b)
}

// UnmarshalJSON reads an event back from the queue with the numbers of
// Value kept as written (json.Number), so that Body renders the same bytes
// after the round trip even for numbers a float64 would round.
func (e *Event) UnmarshalJSON(b []byte) error {
	type plain Event
	var p plain
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := d.Decode(&p); err != nil {
		return err
	}
	*e = Event(p)
	return nil
}
