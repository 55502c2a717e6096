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
	// RecipientID is the recipient's svc_id (digits).
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
	// contacts[].svc_id and wa_id.
	From string
	// ProfileName is the user's profile name, contacts[].profile.name;
	// profile is left out when empty.
	ProfileName string
	// At is when the user sent it (whole seconds are sent).
	At time.Time
	// Type is the message type: text, image, location, reaction, button,
	// interactive, ...
	Type string
	// Text is text.body of a text message, used when Object is nil.
	Text string
	// Object is the type's object (messages[][Type]) as the network
	// reported it, for any type; a JSON object.
	Object json.RawMessage
	// Context is messages[].context as the network reported it (what the
	// message replies to); nil leaves it out.
	Context json.RawMessage
}

// Errors of MessageStatus and InboundMessage: an input the event cannot be
// built from (a bug of the caller, not of the network).
var ErrIncompleteEvent = errors.New("webhook: incomplete event")

// MessageStatus is the messages event of one status change:
//
//	{"messaging_product":"svc","metadata":{...},"statuses":[{"id","status",
//	  "timestamp","recipient_id","biz_opaque_callback_data"?,"pricing"?,"errors"?}]}
//
// Its id depends on the message and the status only, so the same status
// reported again (a redelivered network event, a re-run after a crash)
// gives the same webhook-id, and each status of a message its own.
func MessageStatus(zbaID string, m Metadata, s Status) (Event, error) {
	if zbaID == "" || m.PhoneNumberID == "" || s.MessageID == "" || s.Status == "" || s.RecipientID == "" || s.At.IsZero() {
		return Event{}, fmt.Errorf("%w: a status needs the ZBA, phone_number_id, message id, status, recipient and time", ErrIncompleteEvent)
	}
	st := map[string]any{
		"id":           s.MessageID,
		"status":       s.Status,
		"timestamp":    strconv.FormatInt(s.At.Unix(), 10),
		"recipient_id": s.RecipientID,
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
			"statuses":          []any{st},
		},
	}, nil
}

// InboundMessage is the messages event of one message from a user:
//
//	{"messaging_product":"svc","metadata":{...},
//	 "contacts":[{"profile":{"name"},"svc_id","wa_id"}],
//	 "messages":[{"from","id","timestamp","type",<type>:{...}}]}
//
// wa_id repeats svc_id for receivers ported from the compatible API. Its
// id depends on the sender number and the message id only, so a
// redelivered network message gives the same webhook-id.
func InboundMessage(zbaID string, m Metadata, in Inbound) (Event, error) {
	if zbaID == "" || m.PhoneNumberID == "" || in.ID == "" || in.From == "" || in.Type == "" || in.At.IsZero() {
		return Event{}, fmt.Errorf("%w: a message needs the ZBA, phone_number_id, id, from, type and time", ErrIncompleteEvent)
	}
	object, err := typeObject(in)
	if err != nil {
		return Event{}, err
	}
	contact := map[string]any{"svc_id": in.From, "wa_id": in.From}
	if in.ProfileName != "" {
		contact["profile"] = map[string]any{"name": in.ProfileName}
	}
	msg := map[string]any{
		"from":      in.From,
		"id":        in.ID,
		"timestamp": strconv.FormatInt(in.At.Unix(), 10),
		"type":      in.Type,
		in.Type:     object,
	}
	if len(in.Context) > 0 {
		var ctx map[string]any
		d := json.NewDecoder(bytes.NewReader(in.Context))
		d.UseNumber()
		if err := d.Decode(&ctx); err == nil && ctx != nil {
			msg["context"] = ctx
		}
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

// typeObject is the message's type object, decoded into plain JSON values
// (numbers as json.Number) so that the event's body is the same before and
// after its trip through the queue.
func typeObject(in Inbound) (map[string]any, error) {
	if in.Object == nil {
		if in.Type != "text" {
			return nil, fmt.Errorf("%w: a %s message needs its object", ErrIncompleteEvent, in.Type)
		}
		return map[string]any{"body": in.Text}, nil
	}
	d := json.NewDecoder(bytes.NewReader(in.Object))
	d.UseNumber()
	var object map[string]any
	if err := d.Decode(&object); err != nil || object == nil || d.More() {
		return nil, fmt.Errorf("%w: the %s object is not one JSON object", ErrIncompleteEvent, in.Type)
	}
	return object, nil
}

func (m Metadata) value() map[string]any {
	return map[string]any{"display_phone_number": m.DisplayPhoneNumber, "phone_number_id": m.PhoneNumberID}
}

// partsID is "evt_" and 32 hex characters of SHA-256 over the parts, each
// preceded by its length, so that no choice of parts (message ids come
// from the network) can collide with another. No "." (Standard Webhooks).
func partsID(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		_ = binary.Write(h, binary.BigEndian, uint32(len(p)))
		h.Write([]byte(p))
	}
	return "evt_" + hex.EncodeToString(h.Sum(nil))[:32]
}
