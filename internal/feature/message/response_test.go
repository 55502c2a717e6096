package message_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"svc/internal/feature/message"
)

// strictResponse is the send response as github.com/piusalfred/whatsapp
// v0.1.12 decodes it, unknown fields disallowed: a field outside it fails
// that client's call although the message was accepted.
type strictResponse struct {
	MessagingProduct string `json:"messaging_product"`
	Contacts         []struct {
		Input string `json:"input"`
		WaID  string `json:"wa_id"`
	} `json:"contacts"`
	Messages []struct {
		ID            string `json:"id"`
		MessageStatus string `json:"message_status"`
		GroupID       string `json:"group_id"`
	} `json:"messages"`
	Success bool `json:"success"`
}

// TestSendResponseContacts: a send's answer names its recipient as the
// compatible API's does, contacts [{input: the "to" as sent, wa_id: its
// digits}], beside messaging_product and messages and in that order, with
// nothing a strict client does not know; an idempotent replay answers the
// same bytes.
func TestSendResponseContacts(t *testing.T) {
	const other = "447700900123"
	for _, tc := range []struct {
		name, to, body string
		window         bool
		key            string
		wantStatus     string
	}{
		{"text", recipient, text(recipient, "Your table is booked."), true, "", ""},
		{"text to another recipient", other, text(other, "Hello."), true, "", ""},
		{"template", recipient, tmpl("plain", `[]`), false, "", "accepted"},
		{"template with an idempotency key", recipient, tmpl("plain", `[]`), false, "k-contacts", "accepted"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newWorld(t)
			if tc.window {
				_, err := w.svc.RecordInbound(t.Context(), sender, tc.to, w.clock.Now())
				must(t, err)
			}
			send := func() message.SendOutcome {
				var out message.SendOutcome
				var err error
				if tc.key != "" {
					out, err = w.sendKey(t, tc.key, tc.body)
				} else {
					out, err = w.send(t, sender, tc.body)
				}
				must(t, err)
				return out
			}
			out := send()
			dec := json.NewDecoder(bytes.NewReader(out.Body))
			dec.DisallowUnknownFields()
			var r strictResponse
			if err := dec.Decode(&r); err != nil {
				t.Fatalf("a strict client cannot read %s: %v", out.Body, err)
			}
			if r.MessagingProduct != "svc" || len(r.Contacts) != 1 || r.Contacts[0].Input != tc.to || r.Contacts[0].WaID != tc.to ||
				len(r.Messages) != 1 || !message.ValidID(r.Messages[0].ID) || r.Messages[0].MessageStatus != tc.wantStatus {
				t.Fatalf("answer %s", out.Body)
			}
			prefix := `{"messaging_product":"svc","contacts":[{"input":"` + tc.to + `","wa_id":"` + tc.to + `"}],"messages":[`
			if !bytes.HasPrefix(out.Body, []byte(prefix)) {
				t.Fatalf("answer %s, want it to start %s", out.Body, prefix)
			}
			if tc.key != "" {
				again := send()
				if !again.Replayed || !bytes.Equal(again.Body, out.Body) {
					t.Fatalf("replay %s (replayed %v), want the stored %s", again.Body, again.Replayed, out.Body)
				}
			}
		})
	}
}
