package message

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"

	"svc/internal/platform/jsonbody"
	"svc/internal/platform/plainjson"
)

// MaxRequestBytes caps a send body before anything is parsed: a template
// send with every parameter at its limit is a few KiB, a 4096-character text
// at most 24 KiB once every character is escaped.
const MaxRequestBytes = 64 << 10

// Request is a send body (interface section 4.6 and the compatible API's
// send shapes) as decoded. JSON null leaves a field unset, as absent does;
// fields it does not name are ignored, as the compatible API ignores them.
type Request struct {
	MessagingProduct string `json:"messaging_product"`
	RecipientType    string `json:"recipient_type"`
	To               string `json:"to"`
	Type             string `json:"type"`
	// PreviewURL at the top level is where one Go client puts it.
	PreviewURL *bool         `json:"preview_url"`
	Text       *Text         `json:"text"`
	Template   *TemplateSend `json:"template"`
	// The free-form types' objects (freeform.go). Only the one type names
	// is read; another beside it is ignored, as an unknown field is. A
	// media object and a location are read as a template's media and
	// location parameters are, by one decoder each (decodeMedia,
	// decodeLocation): their fields by the names the OpenAPI document
	// gives, exactly.
	Image    json.RawMessage `json:"image"`
	Video    json.RawMessage `json:"video"`
	Audio    json.RawMessage `json:"audio"`
	Document json.RawMessage `json:"document"`
	Sticker  json.RawMessage `json:"sticker"`
	Contacts []Contact       `json:"contacts"`
	Reaction *Reaction       `json:"reaction"`
	// Location is a location message's object: numbers or numeric
	// strings (decodeLocation).
	Location              json.RawMessage `json:"location"`
	Interactive           *Interactive    `json:"interactive"`
	BizOpaqueCallbackData string          `json:"biz_opaque_callback_data"`
	Context               *ReplyContext   `json:"context"`
	// Status, MessageID and TypingIndicator are the compatible API's
	// mark-as-read ({"status":"read","message_id":...} on the same route,
	// without to and type): receipt.go.
	Status          string           `json:"status"`
	MessageID       string           `json:"message_id"`
	TypingIndicator *TypingIndicator `json:"typing_indicator"`
}

// WantsPreviewURL reports whether a text message asks for a preview of its
// URL: preview_url true in its text object or at the top level.
func (r Request) WantsPreviewURL() bool {
	return r.Text != nil && r.Text.PreviewURL != nil && *r.Text.PreviewURL || r.PreviewURL != nil && *r.PreviewURL
}

// Text is the text object of a text message.
type Text struct {
	Body       string `json:"body"`
	PreviewURL *bool  `json:"preview_url"`
}

// ReplyContext names the message a send replies to.
type ReplyContext struct {
	MessageID string `json:"message_id"`
}

// TemplateSend is the template object of a template message. Its optional
// fields are left out when it is written again (the network's body), so
// the nulls some clients send do not travel on.
type TemplateSend struct {
	Name       string           `json:"name"`
	Language   *Language        `json:"language,omitempty"`
	Components []ComponentParam `json:"components,omitempty"`
}

// Language is a template send's language; policy is deterministic or empty.
type Language struct {
	Code   string `json:"code"`
	Policy string `json:"policy,omitempty"`
}

// ComponentParam gives the parameters of one component of the template:
// header, body or a button (by sub_type and index).
type ComponentParam struct {
	Type       string      `json:"type"`
	SubType    string      `json:"sub_type,omitempty"`
	Index      FlexString  `json:"index,omitzero"`
	Parameters []Parameter `json:"parameters,omitempty"`
}

// Parameter is one parameter value. Text, currency and date_time fill
// text placeholders; the media types fill a media header; payload,
// coupon_code and a flow button's action fill buttons.
type Parameter struct {
	Type          string          `json:"type"`
	ParameterName string          `json:"parameter_name,omitempty"`
	Text          *string         `json:"text,omitempty"`
	Payload       *string         `json:"payload,omitempty"`
	CouponCode    *string         `json:"coupon_code,omitempty"`
	Currency      *Currency       `json:"currency,omitempty"`
	DateTime      *DateTime       `json:"date_time,omitempty"`
	Image         json.RawMessage `json:"image,omitempty"`
	Video         json.RawMessage `json:"video,omitempty"`
	Document      json.RawMessage `json:"document,omitempty"`
	Location      json.RawMessage `json:"location,omitempty"`
	// Action is a flow button's: its flow_token and flow_action_data,
	// handed to the flow as they are.
	Action json.RawMessage `json:"action,omitempty"`
}

// Currency is a currency parameter; FallbackValue is what the text shows.
type Currency struct {
	FallbackValue string `json:"fallback_value"`
	Code          string `json:"code"`
	Amount1000    *int64 `json:"amount_1000,omitempty"`
}

// DateTime is a date_time parameter; FallbackValue is what the text shows.
type DateTime struct {
	FallbackValue string `json:"fallback_value"`
}

// FlexString is a JSON string or number kept as its text: a button's index
// comes as "0" from some clients and 0 from others.
type FlexString struct {
	Value string
	Set   bool
}

// UnmarshalJSON implements json.Unmarshaler.
func (f *FlexString) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		*f = FlexString{}
		return nil
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*f = FlexString{Value: s, Set: true}
		return nil
	}
	if _, err := strconv.ParseFloat(string(b), 64); err != nil {
		return &json.UnmarshalTypeError{Value: "value", Type: stringType}
	}
	*f = FlexString{Value: string(b), Set: true}
	return nil
}

// MarshalJSON writes the index as a string, the form every client reads.
func (f FlexString) MarshalJSON() ([]byte, error) {
	if !f.Set {
		return []byte("null"), nil
	}
	return plainjson.Marshal(f.Value)
}

// headerOf is the interactive message's header, nil when none.
func (r *Request) headerOf() *InteractiveHeader {
	if r.Interactive == nil {
		return nil
	}
	return r.Interactive.Header
}

var (
	stringType  = reflect.TypeFor[string]()
	requestType = reflect.TypeFor[Request]()
)

// Decode parses a send body. A body that is not one JSON object in UTF-8,
// nests deeper than jsonbody.MaxDepth, names a key twice in one object (or
// one field twice in two spellings, "body" and "Body", which encoding/json
// would read as one and keep the last), or has a field of the wrong JSON
// type, is a 400 with code 100 whose details say in the service's words
// where and what, the words jsonbody.Check gives every route; the rules on
// values are Validate's.
func Decode(body []byte) (Request, error) {
	if err := jsonbody.Check(body, MaxRequestBytes, requestType); err != nil {
		return Request{}, err
	}
	var r Request
	if err := json.Unmarshal(body, &r); err != nil {
		return Request{}, jsonbody.DecodeError(body, err, "a message")
	}
	r.dropNulls()
	r.lowerEnums()
	return r, nil
}

// lowerEnums writes every enum value of the request in lower case, the
// compatible API's canonical form, which the network then gets: any case is
// accepted ("IMAGE", "Button", "READ"), as template component values always
// were, so that one rule holds for every enum of a send.
func (r *Request) lowerEnums() {
	for _, v := range []*string{&r.MessagingProduct, &r.RecipientType, &r.Type, &r.Status} {
		*v = strings.ToLower(*v)
	}
	if t := r.TypingIndicator; t != nil {
		t.Type = strings.ToLower(t.Type)
	}
	if in := r.Interactive; in != nil {
		in.Type = strings.ToLower(in.Type)
		if in.Header != nil {
			in.Header.Type = strings.ToLower(in.Header.Type)
		}
		if a := in.Action; a != nil {
			a.Name = strings.ToLower(a.Name)
			for i := range a.Buttons {
				a.Buttons[i].Type = strings.ToLower(a.Buttons[i].Type)
			}
		}
	}
	if r.Template == nil {
		return
	}
	if l := r.Template.Language; l != nil {
		l.Policy = strings.ToLower(l.Policy)
	}
	for i := range r.Template.Components {
		c := &r.Template.Components[i]
		c.Type, c.SubType = strings.ToLower(c.Type), strings.ToLower(c.SubType)
		for j := range c.Parameters {
			c.Parameters[j].Type = strings.ToLower(c.Parameters[j].Type)
		}
	}
}

// dropNulls forgets the media and location objects sent as null, as if
// absent (a json.RawMessage keeps a null as the four bytes).
func (r *Request) dropNulls() {
	for _, raw := range []*json.RawMessage{&r.Image, &r.Video, &r.Audio, &r.Document, &r.Sticker, &r.Location} {
		if absent(*raw) {
			*raw = nil
		}
	}
	if h := r.headerOf(); h != nil {
		for _, raw := range []*json.RawMessage{&h.Image, &h.Video, &h.Document} {
			if absent(*raw) {
				*raw = nil
			}
		}
	}
	if r.Template == nil {
		return
	}
	for i := range r.Template.Components {
		for j := range r.Template.Components[i].Parameters {
			p := &r.Template.Components[i].Parameters[j]
			for _, raw := range []*json.RawMessage{&p.Image, &p.Video, &p.Document, &p.Location} {
				if string(bytes.TrimSpace(*raw)) == "null" {
					*raw = nil
				}
			}
		}
	}
}
