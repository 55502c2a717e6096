package message_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/message"
	"svc/internal/local/memstore"
	"svc/internal/platform/apperr"
)

func markRead(messageID string) string {
	return `{"messaging_product":"whatsapp","status":"read","message_id":` + js(messageID) + `}`
}

// TestReceiptRules covers what a mark-as-read is checked for before its
// sender is: the product, the status, the message id and the typing
// indicator.
func TestReceiptRules(t *testing.T) {
	cases := []struct {
		name   string
		body   string
		want   apperr.Code // 0: valid
		detail string
	}{
		{name: "mark as read", body: markRead("wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZC")},
		{name: "with a typing indicator", body: `{"messaging_product":"whatsapp","status":"read","message_id":"wamid.x","typing_indicator":{"type":"text"}}`},
		{name: "typing indicator null", body: `{"messaging_product":"whatsapp","status":"read","message_id":"wamid.x","typing_indicator":null}`},
		{name: "svc's product", body: `{"messaging_product":"svc","status":"read","message_id":"wamid.x"}`},
		{name: "message id of 256", body: markRead(strings.Repeat("m", 256))},
		{name: "no product", body: `{"status":"read","message_id":"wamid.x"}`, want: apperr.CodeRequiredParameter, detail: "messaging_product: required"},
		{name: "another product", body: `{"messaging_product":"sms","status":"read","message_id":"wamid.x"}`, want: apperr.CodeInvalidParameter, detail: `messaging_product: must be "svc" (or "whatsapp", the compatible API's value), found "sms"`},
		{name: "another status", body: `{"messaging_product":"whatsapp","status":"delivered","message_id":"wamid.x"}`, want: apperr.CodeInvalidParameter, detail: `status: must be "read" to mark a received message as read, found "delivered"`},
		{name: "no message id", body: `{"messaging_product":"whatsapp","status":"read"}`, want: apperr.CodeRequiredParameter, detail: "message_id: required"},
		{name: "blank message id", body: markRead("  "), want: apperr.CodeRequiredParameter, detail: "message_id: required"},
		{name: "message id with a space", body: markRead("wamid x"), want: apperr.CodeInvalidParameter, detail: "message_id: must be a message id, printable ASCII without spaces (found U+0020 at character 6)"},
		{name: "message id with an accent", body: markRead("wamid.é"), want: apperr.CodeInvalidParameter, detail: "message_id: must be a message id, printable ASCII without spaces (found U+00E9 at character 7)"},
		{name: "message id of 257", body: markRead(strings.Repeat("m", 257)), want: apperr.CodeInvalidParameter, detail: "message_id: must be a message id of at most 256 characters (found 257)"},
		{name: "message id a number", body: `{"messaging_product":"whatsapp","status":"read","message_id":5}`, want: apperr.CodeInvalidParameter, detail: "message_id: expected a string, found a number"},
		{name: "typing indicator without type", body: `{"messaging_product":"whatsapp","status":"read","message_id":"wamid.x","typing_indicator":{}}`, want: apperr.CodeRequiredParameter, detail: "typing_indicator.type: required"},
		{name: "typing indicator of audio", body: `{"messaging_product":"whatsapp","status":"read","message_id":"wamid.x","typing_indicator":{"type":"audio"}}`, want: apperr.CodeInvalidParameter, detail: `typing_indicator.type: must be "text", found "audio"`},
		// A status beside a recipient is a send, whose type is missing.
		{name: "a status beside to", body: `{"messaging_product":"whatsapp","status":"read","message_id":"wamid.x","to":"4915112345678"}`, want: apperr.CodeRequiredParameter, detail: "type: required"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := message.Decode([]byte(c.body))
			if err == nil {
				err = message.Validate(r)
			}
			if c.want == 0 {
				if err != nil || !r.IsReceipt() {
					t.Fatalf("refused: %v (receipt %v)", err, r.IsReceipt())
				}
				return
			}
			if got := codeOf(err); got != c.want {
				t.Fatalf("code %d (%v), want %d", got, err, c.want)
			}
			if ae := apperr.From(err); ae.Details != c.detail {
				t.Fatalf("details %q, want %q", ae.Details, c.detail)
			}
		})
	}
}

// TestReceiptRelayed: a mark-as-read from a sender of the key's ZBA is
// answered {"success":true} once the receipt is queued, whole, for the
// dispatch consumer; nothing is stored and no window is needed. The key
// and the sender are checked as a send's.
func TestReceiptRelayed(t *testing.T) {
	ctx := context.Background()
	t.Run("queued whole, answered success", func(t *testing.T) {
		w := newWorld(t)
		out, err := w.send(t, sender, `{"messaging_product":"whatsapp","status":"read","message_id":"wamid.in-1","typing_indicator":{"type":"text"},"extra":1}`)
		must(t, err)
		if out.Status != 200 || string(out.Body) != `{"success":true}` || out.Replayed {
			t.Fatalf("answer %d %s", out.Status, out.Body)
		}
		jobs := w.queue.Messages()
		if len(jobs) != 1 {
			t.Fatalf("queued %d jobs, want 1", len(jobs))
		}
		j, err := message.DecodeDispatchJob(jobs[0].Body)
		must(t, err)
		if j.MessageID != "" || j.Receipt == nil || j.Receipt.PhoneNumberID != sender || j.Receipt.Origination != sender ||
			string(j.Receipt.Body) != `{"messaging_product":"whatsapp","status":"read","message_id":"wamid.in-1","typing_indicator":{"type":"text"}}` {
			t.Fatalf("job %s", jobs[0].Body)
		}
		// The dispatch consumer relays it as it is, marked as a receipt.
		net := &memstore.Network{}
		d := message.Dispatcher{Store: w.store, Network: net, Now: w.clock.Now, Log: quiet, Lease: time.Minute}
		must(t, d.Relay(ctx, *j.Receipt))
		if got := net.Sent(); len(got) != 1 || !got[0].Receipt || string(got[0].Body) != string(j.Receipt.Body) || got[0].Origination != sender {
			t.Fatalf("the network got %+v", got)
		}
	})
	t.Run("sender checks", func(t *testing.T) {
		for _, c := range []struct {
			phone, body string
			want        apperr.Code
			status      int
		}{
			{"pn-rival", markRead("wamid.x"), apperr.CodeNotAuthorized, 403},
			{"pn-rival", markRead("wamid x"), apperr.CodeNotAuthorized, 403}, // the key before the body
			{"pn-nobody", markRead("wamid.x"), apperr.CodeSenderNotRegistered, 400},
			{"pn-pending", markRead("wamid.x"), apperr.CodeDisplayNameNotOK, 403},
			// The body before the sender, as the README says: a blank id
			// to an unregistered sender, a malformed one to a sender whose
			// display name is pending.
			{"pn-nobody", markRead(""), apperr.CodeRequiredParameter, 400},
			{"pn-pending", markRead("wamid x"), apperr.CodeInvalidParameter, 400},
		} {
			w := newWorld(t)
			_, err := w.send(t, c.phone, c.body)
			if ae := apperr.From(err); codeOf(err) != c.want || ae.Status() != c.status {
				t.Fatalf("%s %s: %v, want %d (HTTP %d)", c.phone, c.body, err, c.want, c.status)
			}
			if n := len(w.queue.Messages()); n != 0 {
				t.Fatalf("a refused receipt queued %d jobs", n)
			}
		}
	})
	t.Run("a queue that refuses it: 503, the key free", func(t *testing.T) {
		w := newWorld(t)
		w.queue.FailWith(errors.New("queue down"))
		_, err := w.sendKey(t, "r-1", markRead("wamid.x"))
		if ae := apperr.From(err); ae.Code != apperr.CodeUnavailable || ae.Status() != 503 {
			t.Fatalf("%v, want 503", err)
		}
		w.queue.FailWith(nil)
		if out, err := w.sendKey(t, "r-1", markRead("wamid.x")); err != nil || string(out.Body) != `{"success":true}` {
			t.Fatalf("retry with the key: %+v %v", out, err)
		}
	})
	t.Run("an Idempotency-Key is freed, not recorded", func(t *testing.T) {
		w := newWorld(t)
		for range 2 {
			out, err := w.sendKey(t, "r-2", markRead("wamid.x"))
			if err != nil || out.Replayed || string(out.Body) != `{"success":true}` {
				t.Fatalf("%+v %v", out, err)
			}
		}
		if n := len(w.queue.Messages()); n != 2 {
			t.Fatalf("queued %d, want 2 (a repeat relays again)", n)
		}
		// The key is free for a send.
		w.openWindow(t)
		if _, err := w.sendKey(t, "r-2", text(recipient, "hi")); err != nil {
			t.Fatalf("a send with the freed key: %v", err)
		}
	})
}

// TestReceiptsSpendThroughput: a mark-as-read spends one of the sender's
// throughput tokens, from the limiter sends use: past the limit it is 429
// code 130429 with Retry-After and queues nothing, and receipts and sends
// share the limit.
func TestReceiptsSpendThroughput(t *testing.T) {
	w := newWorld(t)
	w.openWindow(t)
	w.svc.Limits.Sender.Limit = 2
	w.svc.SenderBlocks = nil // one token a request: the count is exact
	if _, err := w.send(t, sender, markRead("wamid.a")); err != nil {
		t.Fatal(err)
	}
	if _, err := w.send(t, sender, text(recipient, "hi")); err != nil {
		t.Fatal(err)
	}
	for _, body := range []string{markRead("wamid.b"), text(recipient, "hi")} {
		_, err := w.send(t, sender, body)
		if ae := apperr.From(err); ae.Code != apperr.CodeRateLimit || ae.Status() != 429 || ae.RetryAfter() != "1" {
			t.Fatalf("%s past the limit: %v (Retry-After %q), want 429 130429 with Retry-After 1", body, err, ae.RetryAfter())
		}
	}
	if n := len(w.queue.Messages()); n != 2 {
		t.Fatalf("queued %d jobs, want 2", n)
	}
	w.clock.Advance(time.Second)
	if _, err := w.send(t, sender, markRead("wamid.b")); err != nil {
		t.Fatalf("the next second: %v", err)
	}
}

// TestRelay: a network error a retry may cure is returned (the queue
// delivers the job again); a refusal is dropped, as a retry would be
// refused again.
func TestRelay(t *testing.T) {
	r := message.Receipt{PhoneNumberID: sender, Origination: sender, Body: []byte(markRead("wamid.x"))}
	net := &memstore.Network{}
	d := message.Dispatcher{Network: net, Now: time.Now, Log: quiet}
	net.FailWith(errors.New("throttled"))
	if err := d.Relay(context.Background(), r); err == nil {
		t.Fatal("a transient error was not returned")
	}
	net.FailWith(&message.NetworkError{Permanent: true, Code: 131009, Title: "Parameter value is not valid", Details: "unknown message"})
	if err := d.Relay(context.Background(), r); err != nil {
		t.Fatalf("a refusal: %v, want it dropped", err)
	}
}

// TestDecodeDispatchJob: a job is a message id or a receipt whole, never
// both nor neither.
func TestDecodeDispatchJob(t *testing.T) {
	id := message.NewID()
	for body, ok := range map[string]bool{
		`{"message_id":"` + id + `"}`: true,
		`{"receipt":{"phone_number_id":"pn-1","origination":"o","body":{"status":"read","message_id":"w"}}}`: true,
		`{"message_id":"x"}`: false,
		`{"message_id":"` + id + `","receipt":{"phone_number_id":"pn-1","origination":"o","body":{}}}`: false,
		`{"receipt":{"phone_number_id":"","origination":"o","body":{}}}`:                               false,
		`{"receipt":{"phone_number_id":"pn-1","origination":"o"}}`:                                     false,
		`{}`:   false,
		`nope`: false,
	} {
		if _, err := message.DecodeDispatchJob([]byte(body)); (err == nil) != ok {
			t.Errorf("%s: %v, want ok %v", body, err, ok)
		}
	}
}
