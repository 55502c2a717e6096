package message

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"svc/internal/platform/apperr"
	"svc/internal/platform/plainjson"
)

// Marking a received message as read: the compatible API's
// {"messaging_product":"whatsapp","status":"read","message_id":"<id>"} on
// the send route (optionally with typing_indicator {"type":"text"}), which
// answers {"success":true}. svc checks the key and the sender as a send
// does, checks the message id's shape (an svcmid. id becomes the network's,
// as a send's: refs.go), spends one of the sender's throughput tokens (a
// receipt takes the network's throughput and the outbound queue as a send
// does, so a flood of them is 429 as one of sends is), and relays the
// receipt to the network through the outbound queue and the dispatch
// consumer: no message record, no window, no webhook. Whether the id names
// a message the sender received only the network knows: svc keeps no
// record of received messages (it forwards them to the ZBA's webhook and
// records only the window they open), and a lookup would cost every
// receipt a read; a receipt for an id the network does not know is refused
// there, after svc answered.

// TypingText is the only typing indicator of the compatible API.
const TypingText = "text"

// TypingIndicator asks the network to show the recipient that the sender
// is typing, with the receipt.
type TypingIndicator struct {
	Type string `json:"type"`
}

// ReceiptResponse is the 200 body of a mark-as-read, the compatible API's.
const ReceiptResponse = `{"success":true}`

// IsReceipt reports whether r marks a received message as read rather than
// sending one: it names a status and neither a recipient nor a type.
func (r Request) IsReceipt() bool {
	return r.Status != "" && r.To == "" && r.Type == ""
}

// validateReceipt checks a mark-as-read: status "read", the message id
// (checkMessageRef: 131008 blank, 100 malformed), and an optional typing
// indicator of type text.
func validateReceipt(r Request) error {
	if r.Status != string(StatusRead) { // the only status a receipt sets
		return invalid("status: must be %q to mark a received message as read, found %s", StatusRead, quote(r.Status))
	}
	if err := checkMessageRef("message_id", r.MessageID); err != nil {
		return err
	}
	if t := r.TypingIndicator; t != nil {
		switch t.Type {
		case "":
			return required("typing_indicator.type")
		case TypingText:
		default:
			return invalid("typing_indicator.type: must be %q, found %s", TypingText, quote(t.Type))
		}
	}
	return nil
}

// Receipt is a read receipt on its way to the network: the outbound queue
// carries it whole (DispatchJob.Receipt), as there is no record to read it
// from.
type Receipt struct {
	// PhoneNumberID is svc's id of the sender; Origination its origination
	// number in the network, as a message's.
	PhoneNumberID string `json:"phone_number_id"`
	Origination   string `json:"origination"`
	// Body is the receipt in the compatible API's JSON.
	Body json.RawMessage `json:"body"`
}

// valid reports whether a queued receipt can be relayed.
func (r Receipt) valid() bool {
	return r.PhoneNumberID != "" && r.Origination != "" && len(r.Body) > 0 && json.Valid(r.Body)
}

// receiptBody is the receipt as the network takes it: the checked request
// written again.
func receiptBody(r Request) []byte {
	out := struct {
		MessagingProduct string           `json:"messaging_product"`
		Status           string           `json:"status"`
		MessageID        string           `json:"message_id"`
		TypingIndicator  *TypingIndicator `json:"typing_indicator,omitempty"`
	}{ProductCompatible, string(StatusRead), r.MessageID, r.TypingIndicator}
	b, _ := plainjson.Marshal(out) // strings always marshal
	return b
}

// receipt answers a checked mark-as-read: the sender is read and checked
// as a send's (133010, 403 code 200, 131037), one of its throughput tokens
// is spent (130429 when none is left), and the receipt is queued on the
// outbound queue; {"success":true} once it is queued, 503 when the queue
// refuses it (nothing was done but the token: retry).
func (s Service) receipt(ctx context.Context, in SendInput, req Request) (SendOutcome, error) {
	found, err := s.Store.Lookup(ctx, Lookup{ZBAID: in.ZBAID, PhoneNumberID: in.PhoneNumberID, Sender: true})
	if err != nil {
		return SendOutcome{}, err
	}
	phone, err := checkSender(found.Phone, in.ZBAID, in.PhoneNumberID)
	if err != nil {
		return SendOutcome{}, err
	}
	if err := s.throttle(ctx, phone.ID, s.Now().UTC()); err != nil {
		return SendOutcome{}, err
	}
	job := DispatchJob{Receipt: &Receipt{PhoneNumberID: phone.ID, Origination: cmp.Or(phone.Origination, phone.ID), Body: receiptBody(req)}}
	if _, err := s.Queue.Publish(ctx, job.Encode()); err != nil {
		return SendOutcome{}, apperr.Unavailable(fmt.Errorf("queue read receipt: %w", err))
	}
	s.Log.Info("read receipt queued", slog.String("zba_id", in.ZBAID), slog.String("sender", phone.ID),
		slog.String("message_id", req.MessageID))
	// The receipt is not recorded under an Idempotency-Key: a repeat
	// relays it again, which marks nothing new.
	return SendOutcome{Status: 200, Body: []byte(ReceiptResponse), release: true}, nil
}

// Relay hands a queued read receipt to the network. There is no record to
// claim or move and no webhook: a network error a retry may cure is
// returned, so the queue delivers the job again (and, past its receive
// count, keeps it in the dead-letter queue); a refusal is logged and the
// job dropped, as a retry would be refused again.
func (d Dispatcher) Relay(ctx context.Context, r Receipt) error {
	_, err := d.Network.Send(ctx, Outbound{PhoneNumberID: r.PhoneNumberID, Origination: r.Origination, Body: r.Body, Receipt: true})
	var ne *NetworkError
	switch {
	case errors.As(err, &ne) && ne.Permanent:
		d.Log.Warn("read receipt refused by the network", slog.String("sender", r.PhoneNumberID), slog.Int("code", ne.Code),
			slog.String("details", ne.Details))
		return nil
	case err != nil:
		return fmt.Errorf("relay read receipt from %s: %w", r.PhoneNumberID, err)
	}
	d.Log.Info("read receipt relayed", slog.String("sender", r.PhoneNumberID))
	return nil
}
