package webhook

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"svc/internal/platform/apperr"
)

// FieldMessages is the webhook field of message statuses and of the users'
// messages, as the compatible API names it.
const FieldMessages = "messages"

// Metadata is value.metadata of a messages event: the sender number the
// status or the message belongs to. Receivers route on phone_number_id
// (whatsapp-api-js reads it on every event).
type Metadata struct {
	DisplayPhoneNumber string
	PhoneNumberID      string
}

// Status is one status change of a message svc sent, as MessageStatus
// reports it.
type Status struct {
	// MessageID is the id the send route returned ("svcmid." ...).
	MessageID string
	// Status is the new status: sent, delivered, read or failed.
	Status string
	// At is when the network reported it (whole seconds are sent).
	At time.Time
	// RecipientID is the recipient's number (digits): recipient_id, and
	// contacts[].svc_id and wa_id beside the recipient's user id (UserID).
	RecipientID string
	// BizOpaqueCallbackData is what the sender sent with the message;
	// left out when empty.
	BizOpaqueCallbackData string
	// Error is why a failed message failed; nil for the other statuses.
	Error *StatusError
	// Pricing is how the message is billed; nil leaves it out (the
	// compatible API sends it on sent and on one of delivered or read).
	Pricing *Pricing
}

// Pricing is statuses[].pricing, the compatible API's per-message pricing
// of a message: whether it is billable, the pricing model, the price type
// (regular, free_customer_service) and the category it is billed as
// (marketing, utility, authentication, service).
type Pricing struct {
	Billable bool
	Model    string
	Type     string
	Category string
}

// StatusError is one item of statuses[].errors: the interface's error code,
// its title, and the details of this case.
type StatusError struct {
	Code  int
	Title string
	// Message defaults to Title, as the compatible API repeats the title.
	Message string
	Details string
}

// Inbound is one message a user sent to a sender number, as InboundMessage
// reports it.
type Inbound struct {
	// ID is the message's id; the same for a redelivery of the same
	// network message.
	ID string
	// From is the user's number (digits): messages[].from, and
	// contacts[].svc_id and wa_id, beside the user's user id (UserID).
	From string
	// ProfileName is the user's profile name, contacts[].profile.name;
	// "" when the network gave none (profile is always sent).
	ProfileName string
	// At is when the user sent it (whole seconds are sent).
	At time.Time
	// Type is the message type: text, image, location, reaction, button,
	// interactive, ...
	Type string
	// Text is text.body of a text message, used when Object is nil.
	Text string
	// Object is the type's object (messages[][Type]) as the network
	// reported it, for any type; a JSON object. A message without one is
	// forwarded without one when its type has none (unsupported, unknown) or
	// the network sent Errors; a text gets {"body": Text}.
	Object json.RawMessage
	// Errors is messages[].errors as the network reported it (a JSON
	// array: why it could not give the message, as with an unsupported
	// type's 131051); nil leaves it out.
	Errors json.RawMessage
	// Context is messages[].context as the network reported it (what the
	// message replies to); nil leaves it out.
	Context json.RawMessage
}

// Errors of MessageStatus and InboundMessage: an input the event cannot be
// built from (a bug of the caller, not of the network).
var ErrIncompleteEvent = errors.New("webhook: incomplete event")

// MessageStatus is the messages event of one status change:
//
//	{"messaging_product":"svc","metadata":{...},
//	 "contacts":[{"profile":{"name":""},"svc_id","wa_id","user_id"}],
//	 "statuses":[{"id","status","timestamp","recipient_id","recipient_user_id",
//	  "biz_opaque_callback_data"?,"pricing"?,"errors"?}]}
//
// contacts names the recipient on every status: svc_id, the interface's
// name for the recipient (the send's to), as an inbound message names its
// sender; wa_id repeats it for receivers ported from the compatible API,
// which names it so (pywa reads contacts[0] of each status); user_id and
// recipient_user_id are the recipient's UserID for the ZBA. profile is
// there with an empty name, as on an inbound message whose network gave
// none: the compatible API sends it on each contact, and strict receivers
// (@microfox/whatsapp-business's schema) refuse a contact without it; the
// name itself would cost a store read per status.
//
// Its id depends on the message and the status only, so the same status
// reported again (a redelivered network event, a re-run after a crash)
// gives the same webhook-id, and each status of a message its own.
func MessageStatus(zbaID string, m Metadata, s Status) (Event, error) {
	if zbaID == "" || m.PhoneNumberID == "" || s.MessageID == "" || s.Status == "" || s.RecipientID == "" || s.At.IsZero() {
		return Event{}, fmt.Errorf("%w: a status needs the ZBA, phone_number_id, message id, status, recipient and time", ErrIncompleteEvent)
	}
	userID := UserID(zbaID, s.RecipientID)
	st := map[string]any{
		"id":                s.MessageID,
		"status":            s.Status,
		"timestamp":         strconv.FormatInt(s.At.Unix(), 10),
		"recipient_id":      s.RecipientID,
		"recipient_user_id": userID,
	}
	if s.BizOpaqueCallbackData != "" {
		st["biz_opaque_callback_data"] = s.BizOpaqueCallbackData
	}
	if p := s.Pricing; p != nil {
		st["pricing"] = map[string]any{"billable": p.Billable, "pricing_model": p.Model, "type": p.Type, "category": p.Category}
	}
	if s.Error != nil {
		msg := s.Error.Message
		if msg == "" {
			msg = s.Error.Title
		}
		st["errors"] = []any{map[string]any{
			"code":       json.Number(strconv.Itoa(s.Error.Code)),
			"title":      s.Error.Title,
			"message":    msg,
			"error_data": map[string]any{"details": s.Error.Details},
		}}
	}
	return Event{
		ID:    partsID(FieldMessages, zbaID, m.PhoneNumberID, "status", s.MessageID, s.Status),
		ZBAID: zbaID, Field: FieldMessages, Time: s.At.UTC().Truncate(time.Second),
		Value: map[string]any{
			"messaging_product": apperr.MessagingProduct,
			"metadata":          m.value(),
			"contacts": []any{map[string]any{"profile": map[string]any{"name": ""}, "svc_id": s.RecipientID,
				"wa_id": s.RecipientID, "user_id": userID}},
			"statuses": []any{st},
		},
	}, nil
}

// InboundMessage is the messages event of one message from a user:
//
//	{"messaging_product":"svc","metadata":{...},
//	 "contacts":[{"profile":{"name"},"svc_id","wa_id","user_id"}],
//	 "messages":[{"from","id","timestamp","type",<type>:{...}?,"context"?,"errors"?}]}
//
// wa_id repeats svc_id for receivers ported from the compatible API;
// user_id is the user's UserID for the ZBA; profile is always there, as
// the compatible API always sends it (heyoo reads profile.name), its name
// "" when the network gave none. Its id depends on the sender number and
// the message id only, so a redelivered network message gives the same
// webhook-id.
func InboundMessage(zbaID string, m Metadata, in Inbound) (Event, error) {
	if zbaID == "" || m.PhoneNumberID == "" || in.ID == "" || in.From == "" || in.Type == "" || in.At.IsZero() {
		return Event{}, fmt.Errorf("%w: a message needs the ZBA, phone_number_id, id, from, type and time", ErrIncompleteEvent)
	}
	object, err := typeObject(in)
	if err != nil {
		return Event{}, err
	}
	contact := map[string]any{"profile": map[string]any{"name": in.ProfileName}, "svc_id": in.From, "wa_id": in.From,
		"user_id": UserID(zbaID, in.From)}
	msg := map[string]any{
		"from":      in.From,
		"id":        in.ID,
		"timestamp": strconv.FormatInt(in.At.Unix(), 10),
		"type":      in.Type,
	}
	if object != nil {
		msg[in.Type] = object
	}
	if len(in.Errors) > 0 {
		errs, ok := plainJSON(in.Errors).([]any)
		if !ok {
			return Event{}, fmt.Errorf("%w: the errors of a %s message are not one JSON array", ErrIncompleteEvent, in.Type)
		}
		msg["errors"] = errs
	}
	if ctx, ok := plainJSON(in.Context).(map[string]any); ok {
		msg["context"] = ctx
	}
	return Event{
		ID:    partsID(FieldMessages, zbaID, m.PhoneNumberID, "message", in.ID),
		ZBAID: zbaID, Field: FieldMessages, Time: in.At.UTC().Truncate(time.Second),
		Value: map[string]any{
			"messaging_product": apperr.MessagingProduct,
			"metadata":          m.value(),
			"contacts":          []any{contact},
			"messages":          []any{msg},
		},
	}, nil
}

// objectlessTypes are the message types the compatible API sends without
// a type object (with an errors array saying why): a message the network
// could not give, forwarded as it came.
var objectlessTypes = map[string]bool{"unsupported": true, "unknown": true}

// typeObject is the message's type object, decoded into plain JSON values;
// nil for a message forwarded without one.
func typeObject(in Inbound) (map[string]any, error) {
	if in.Object == nil {
		switch {
		case in.Type == "text":
			return map[string]any{"body": in.Text}, nil
		case objectlessTypes[in.Type] || len(in.Errors) > 0:
			return nil, nil
		}
		return nil, fmt.Errorf("%w: a %s message needs its object", ErrIncompleteEvent, in.Type)
	}
	object, ok := plainJSON(in.Object).(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: the %s object is not one JSON object", ErrIncompleteEvent, in.Type)
	}
	return object, nil
}

// plainJSON decodes one JSON value into plain values (numbers as
// json.Number, so that they are written back as the network wrote them and
// the event's body is the same before and after its trip through the
// queue); nil when raw is empty, not JSON, or followed by more.
func plainJSON(raw json.RawMessage) any {
	if len(raw) == 0 {
		return nil
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil || d.More() {
		return nil
	}
	return v
}

func (m Metadata) value() map[string]any {
	return map[string]any{"display_phone_number": m.DisplayPhoneNumber, "phone_number_id": m.PhoneNumberID}
}

// partsID is "evt_" and 32 hex characters of SHA-256 over the parts, each
// preceded by its length, so that no choice of parts (message ids come
// from the network) can collide with another. No "." (Standard Webhooks).
func partsID(parts ...string) string {
	sum := partsHash(parts...)
	return "evt_" + hex.EncodeToString(sum[:16])
}

// partsHash is SHA-256 over the parts, each preceded by its length.
func partsHash(parts ...string) [sha256.Size]byte {
	h := sha256.New()
	for _, p := range parts {
		_ = binary.Write(h, binary.BigEndian, uint32(len(p)))
		h.Write([]byte(p))
	}
	return [sha256.Size]byte(h.Sum(nil))
}
