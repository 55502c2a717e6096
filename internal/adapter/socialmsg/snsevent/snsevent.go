// Package snsevent reads and writes the events of AWS End User Messaging
// Social as they reach svc: an SNS notification (the body of each record of
// the inbound queue, raw delivery off) whose Message is the service's
// envelope
//
//	{"context":{"MetaWabaIds":[...],"MetaPhoneNumberIds":[...]},
//	 "whatsAppWebhookEntry":"<the compatible API's webhook entry, as a JSON string>",
//	 "aws_account_id":"...","message_timestamp":"...","messageId":"..."}
//
// Decode turns it into the message feature's NetworkEvents, so the domain
// never sees the format; Encode writes it, for the local network simulator,
// which publishes the same notifications onto the local inbound queue. It
// imports no AWS module.
package snsevent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"svc/internal/feature/message"
	"svc/internal/platform/asciijson"
	"svc/internal/platform/plainjson"
)

// Notification is an SNS notification as SQS carries it.
type Notification struct {
	Type      string `json:"Type"`
	MessageID string `json:"MessageId"`
	TopicArn  string `json:"TopicArn"`
	// Message is the publisher's message: the service's envelope.
	Message          string `json:"Message"`
	Timestamp        string `json:"Timestamp"`
	SignatureVersion string `json:"SignatureVersion,omitempty"`
	Signature        string `json:"Signature,omitempty"`
	SigningCertURL   string `json:"SigningCertURL,omitempty"`
	UnsubscribeURL   string `json:"UnsubscribeURL,omitempty"`
}

// Envelope is End User Messaging Social's event.
type Envelope struct {
	Context struct {
		MetaWabaIds        []IDArn `json:"MetaWabaIds"`
		MetaPhoneNumberIds []IDArn `json:"MetaPhoneNumberIds"`
	} `json:"context"`
	// WebhookEntry is the compatible API's webhook entry, as a JSON string.
	WebhookEntry     string `json:"whatsAppWebhookEntry"`
	AWSAccountID     string `json:"aws_account_id"`
	MessageTimestamp string `json:"message_timestamp"`
	MessageID        string `json:"messageId"`
}

// IDArn is one id of the envelope's context with its ARN; the service
// names the id wabaId or metaPhoneNumberId.
type IDArn struct {
	WabaID            string `json:"wabaId,omitempty"`
	MetaPhoneNumberID string `json:"metaPhoneNumberId,omitempty"`
	Arn               string `json:"arn"`
}

// Entry is the compatible API's webhook entry.
type Entry struct {
	ID      string   `json:"id"`
	Changes []Change `json:"changes"`
}

// Change is one change of an entry.
type Change struct {
	Field string `json:"field"`
	Value Value  `json:"value"`
}

// Value is a messages change's value.
type Value struct {
	MessagingProduct string    `json:"messaging_product"`
	Metadata         Metadata  `json:"metadata"`
	Contacts         []Contact `json:"contacts,omitempty"`
	Messages         []Inbound `json:"messages,omitempty"`
	Statuses         []Status  `json:"statuses,omitempty"`
}

// Metadata names the sender number.
type Metadata struct {
	DisplayPhoneNumber string `json:"display_phone_number"`
	PhoneNumberID      string `json:"phone_number_id"`
}

// Contact is a user's profile.
type Contact struct {
	Profile struct {
		Name string `json:"name"`
	} `json:"profile"`
	WaID string `json:"wa_id"`
}

// Status is one status of a sent message.
type Status struct {
	ID                    string        `json:"id"`
	Status                string        `json:"status"`
	Timestamp             string        `json:"timestamp"`
	RecipientID           string        `json:"recipient_id"`
	BizOpaqueCallbackData string        `json:"biz_opaque_callback_data,omitempty"`
	Errors                []StatusError `json:"errors,omitempty"`
}

// StatusError is an error of a failed status.
type StatusError struct {
	Code      int    `json:"code"`
	Title     string `json:"title"`
	Message   string `json:"message,omitempty"`
	ErrorData struct {
		Details string `json:"details"`
	} `json:"error_data"`
}

// Inbound is one message from a user: its type's object is kept raw.
type Inbound struct {
	From      string
	ID        string
	Timestamp string
	Type      string
	Object    json.RawMessage
	// Errors is the message's errors (why the network could not give it,
	// as with type unsupported), kept raw; nil when it has none.
	Errors json.RawMessage
	// Context is the message's context (what it replies to or quotes:
	// {from, id}), kept raw; nil when it has none.
	Context json.RawMessage
}

// UnmarshalJSON reads the fixed fields and the object named by type.
func (in *Inbound) UnmarshalJSON(b []byte) error {
	var all map[string]json.RawMessage
	if err := json.Unmarshal(b, &all); err != nil {
		return err
	}
	for name, into := range map[string]*string{"from": &in.From, "id": &in.ID, "timestamp": &in.Timestamp, "type": &in.Type} {
		if raw, ok := all[name]; ok {
			if err := json.Unmarshal(raw, into); err != nil {
				return fmt.Errorf("messages[].%s: %w", name, err)
			}
		}
	}
	in.Object = present(all[in.Type])
	in.Errors = present(all["errors"])
	in.Context = present(all["context"])
	return nil
}

// present is raw, or nil when it is absent or null.
func present(raw json.RawMessage) json.RawMessage {
	if c := bytes.TrimSpace(raw); len(c) == 0 || string(c) == "null" {
		return nil
	}
	return raw
}

// MarshalJSON writes the message with its object under its type.
func (in Inbound) MarshalJSON() ([]byte, error) {
	out := map[string]any{"from": in.From, "id": in.ID, "timestamp": in.Timestamp, "type": in.Type}
	if len(in.Object) > 0 {
		out[in.Type] = in.Object
	}
	if len(in.Errors) > 0 {
		out["errors"] = in.Errors
	}
	if len(in.Context) > 0 {
		out["context"] = in.Context
	}
	return json.Marshal(out)
}

// Decode reads one queue record's body: the notification, its envelope and
// the entry inside, as one NetworkEvent per messages change. Changes of
// other fields are skipped. An error means the body never will be read.
func Decode(body []byte) ([]message.NetworkEvent, error) {
	var n Notification
	if err := json.Unmarshal(body, &n); err != nil {
		return nil, fmt.Errorf("inbound: not an SNS notification: %w", err)
	}
	if n.Message == "" {
		return nil, fmt.Errorf("inbound: SNS %s %s has no Message", n.Type, n.MessageID)
	}
	var env Envelope
	if err := json.Unmarshal([]byte(n.Message), &env); err != nil {
		return nil, fmt.Errorf("inbound: SNS message %s: not an End User Messaging Social event: %w", n.MessageID, err)
	}
	if env.WebhookEntry == "" {
		return nil, fmt.Errorf("inbound: event %s has no whatsAppWebhookEntry", env.MessageID)
	}
	var e Entry
	if err := json.Unmarshal([]byte(env.WebhookEntry), &e); err != nil {
		return nil, fmt.Errorf("inbound: event %s: whatsAppWebhookEntry: %w", env.MessageID, err)
	}
	var out []message.NetworkEvent
	for _, c := range e.Changes {
		if c.Field != "messages" {
			continue
		}
		out = append(out, toEvent(c.Value))
	}
	return out, nil
}

func toEvent(v Value) message.NetworkEvent {
	ev := message.NetworkEvent{PhoneNumberID: v.Metadata.PhoneNumberID}
	names := map[string]string{}
	for _, c := range v.Contacts {
		names[c.WaID] = c.Profile.Name
	}
	for _, s := range v.Statuses {
		st := message.NetworkStatus{NetworkID: s.ID, Status: message.Status(s.Status), At: unix(s.Timestamp),
			RecipientID: s.RecipientID, CallbackData: s.BizOpaqueCallbackData}
		if len(s.Errors) > 0 {
			e := s.Errors[0]
			st.Failure = &message.Failure{Code: e.Code, Title: e.Title, Details: e.ErrorData.Details}
			if st.Failure.Details == "" {
				st.Failure.Details = e.Message
			}
		}
		ev.Statuses = append(ev.Statuses, st)
	}
	for _, m := range v.Messages {
		ev.Messages = append(ev.Messages, message.NetworkMessage{ID: m.ID, From: m.From, ProfileName: names[m.From],
			At: unix(m.Timestamp), Type: m.Type, Object: m.Object, Errors: m.Errors, Context: m.Context})
	}
	return ev
}

// unix reads a timestamp of unix seconds as a string; zero when unreadable
// (the use case then takes its own clock).
func unix(s string) time.Time {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return time.Time{}
	}
	return time.Unix(n, 0).UTC()
}

// Source is who publishes: the account, the business account and the
// sender number's ids and ARNs, and the topic.
type Source struct {
	AccountID, Region, TopicArn string
	WabaID, WabaArn             string
	PhoneNumberID, PhoneArn     string
	DisplayPhoneNumber          string
}

// Encode writes one change of value as the SQS body an End User Messaging
// Social event has after SNS: the notification wrapping the envelope
// wrapping the entry. id names the event (the notification's and the
// envelope's messageId).
func Encode(src Source, id string, v Value, at time.Time) ([]byte, error) {
	v.MessagingProduct = "whatsapp"
	v.Metadata = Metadata{DisplayPhoneNumber: src.DisplayPhoneNumber, PhoneNumberID: src.PhoneNumberID}
	entry, err := json.Marshal(Entry{ID: src.WabaID, Changes: []Change{{Field: "messages", Value: v}}})
	if err != nil {
		return nil, err
	}
	var env Envelope
	env.Context.MetaWabaIds = []IDArn{{WabaID: src.WabaID, Arn: src.WabaArn}}
	env.Context.MetaPhoneNumberIds = []IDArn{{MetaPhoneNumberID: src.PhoneNumberID, Arn: src.PhoneArn}}
	env.WebhookEntry, env.AWSAccountID = string(entry), src.AccountID
	env.MessageTimestamp, env.MessageID = at.UTC().Format(time.RFC3339Nano), id
	msg, err := json.Marshal(env)
	if err != nil {
		return nil, err
	}
	b, err := plainjson.Marshal(Notification{Type: "Notification", MessageID: id, TopicArn: src.TopicArn, Message: string(msg),
		Timestamp: at.UTC().Format("2006-01-02T15:04:05.000Z"), SignatureVersion: "1"})
	// ASCII only: SQS (the local emulator at least) refuses some
	// characters user text holds, and any JSON reader reads the escapes
	// as the characters.
	return asciijson.Escape(b), err
}
