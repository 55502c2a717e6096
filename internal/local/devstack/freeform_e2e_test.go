package devstack_test

import (
	"context"
	"encoding/json"
	"regexp"
	"testing"

	"svc/internal/feature/message"
	"svc/internal/local/netsim"
	"svc/internal/platform/idempotency"
	"svc/internal/transport/admin"
)

// freeFormCases are one send of each free-form type (the object as a
// client sends it) and the object the network must get, in the compatible
// API's shape.
var freeFormCases = []struct {
	typ, object, network string
}{
	{"image", `{"link":"https://acme.example/i.png","caption":"Your order","id":null}`, `{"link":"https://acme.example/i.png","caption":"Your order"}`},
	{"video", `{"id":"1200","caption":"How to"}`, `{"id":"1200","caption":"How to"}`},
	{"audio", `{"link":"https://acme.example/a.ogg"}`, `{"link":"https://acme.example/a.ogg"}`},
	{"document", `{"link":"https://acme.example/inv.pdf","filename":"invoice.pdf","caption":"Invoice"}`,
		`{"link":"https://acme.example/inv.pdf","caption":"Invoice","filename":"invoice.pdf"}`},
	{"sticker", `{"id":"77"}`, `{"id":"77"}`},
	{"location", `{"latitude":"52.52","longitude":13.405,"name":"Acme","address":"Berlin"}`,
		`{"latitude":52.52,"longitude":13.405,"name":"Acme","address":"Berlin"}`},
	{"contacts", `[{"name":{"formatted_name":"Ann Lee","first_name":"Ann"},"phones":[{"phone":"+1 555 0100","type":"WORK"}],"birthday":"1990-02-28"}]`,
		`[{"name":{"formatted_name":"Ann Lee","first_name":"Ann"},"phones":[{"phone":"+1 555 0100","type":"WORK"}],"birthday":"1990-02-28"}]`},
	{"reaction", `{"message_id":"wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZC","emoji":"👍"}`, `{"message_id":"wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZC","emoji":"👍"}`},
	{"interactive", `{"type":"button","header":{"type":"text","text":"Booking"},"body":{"text":"Confirm 19:30?"},"footer":{"text":"Acme"},"action":{"buttons":[{"type":"reply","reply":{"id":"yes","title":"Yes"}},{"type":"reply","reply":{"id":"no","title":"No"}}]}}`,
		`{"type":"button","header":{"type":"text","text":"Booking"},"body":{"text":"Confirm 19:30?"},"footer":{"text":"Acme"},"action":{"buttons":[{"type":"reply","reply":{"id":"yes","title":"Yes"}},{"type":"reply","reply":{"id":"no","title":"No"}}]}}`},
	{"interactive", `{"type":"list","body":{"text":"Pick a table"},"action":{"button":"Tables","sections":[{"title":"Inside","rows":[{"id":"t1","title":"Window","description":"For two"}]},{"title":"Outside","rows":[{"id":"t2","title":"Terrace"}]}]}}`,
		`{"type":"list","body":{"text":"Pick a table"},"action":{"button":"Tables","sections":[{"title":"Inside","rows":[{"id":"t1","title":"Window","description":"For two"}]},{"title":"Outside","rows":[{"id":"t2","title":"Terrace"}]}]}}`},
	{"interactive", `{"type":"cta_url","header":{"type":"image","image":{"link":"https://acme.example/h.png"}},"body":{"text":"Your booking"},"action":{"name":"cta_url","parameters":{"display_text":"Open","url":"https://acme.example/b/1"}}}`,
		`{"type":"cta_url","header":{"type":"image","image":{"link":"https://acme.example/h.png"}},"body":{"text":"Your booking"},"action":{"name":"cta_url","parameters":{"display_text":"Open","url":"https://acme.example/b/1"}}}`},
	{"interactive", `{"type":"location_request_message","body":{"text":"Where should we pick you up?"},"action":{"name":"send_location"}}`,
		`{"type":"location_request_message","body":{"text":"Where should we pick you up?"},"action":{"name":"send_location"}}`},
}

func freeFormBody(to, typ, object string) string {
	return `{"messaging_product":"whatsapp","recipient_type":"individual","to":"` + to + `","type":"` + typ + `","` + typ + `":` + object + `}`
}

// TestFreeFormSendEndToEnd: each free-form type is 131047 outside the
// recipient's 24-hour window; inside it, it is accepted as a text is,
// dispatched, reaches the network simulator with the body the compatible
// API expects, and moves through the statuses the simulated recipient
// plays.
func TestFreeFormSendEndToEnd(t *testing.T) {
	e := newSendEnv(t, nil)
	ctx := context.Background()
	for _, c := range freeFormCases {
		checkEnvelope(t, e.send(t, e.acme, e2eSender, freeFormBody(e2eTo, c.typ, c.object), ""), 400, 131047, "")
	}
	if _, err := e.stack.Admin(ctx, admin.Event{Action: admin.ActionRecordInbound, PhoneNumberID: e2eSender, From: e2eTo}); err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(freeFormCases))
	for i, c := range freeFormCases {
		ids[i] = accepted(t, e.send(t, e.acme, e2eSender, freeFormBody(e2eTo, c.typ, c.object), ""), false)
	}
	for i, c := range freeFormCases {
		id := ids[i]
		waitFor(t, "the read status of "+id, settle, func() bool {
			m, err := e.messages.GetMessage(ctx, id)
			return err == nil && m.Status == message.StatusRead
		})
		m, _ := e.messages.GetMessage(ctx, id)
		sent, ok := e.stack.Network.Find(m.NetworkID)
		if !ok || sent.Type != c.typ || sent.To != e2eTo || m.Type != c.typ || m.Template != nil {
			t.Fatalf("%s: network record %+v (found %v), message %+v", c.typ, sent, ok, m)
		}
		var body map[string]json.RawMessage
		if err := json.Unmarshal(sent.Body, &body); err != nil {
			t.Fatal(err)
		}
		if string(body[c.typ]) != c.network || string(body["messaging_product"]) != `"whatsapp"` || len(body) != 6 {
			t.Fatalf("%s: the network got %s, want its %s object %s", c.typ, sent.Body, c.typ, c.network)
		}
		for _, s := range []message.Status{message.StatusSent, message.StatusDelivered} {
			if m.StatusTimes[s].IsZero() {
				t.Fatalf("%s: no %s time: %+v", c.typ, s, m.StatusTimes)
			}
		}
	}
}

// TestMarkAsReadEndToEnd: the compatible API's mark-as-read of a message
// a user wrote is answered {"success":true} and reaches the network
// simulator as a read receipt, through the outbound queue and the
// dispatch consumer; the key and the sender are checked as a send's, and
// nothing is stored.
func TestMarkAsReadEndToEnd(t *testing.T) {
	e := newSendEnv(t, nil)
	ctx := context.Background()
	const user = "4915112340077"
	event, err := e.stack.Recipients.Write(ctx, e2eSender, user, "Zoë", "Table for two?")
	if err != nil {
		t.Fatal(err)
	}
	// The id of the message the user wrote, the network's, as the ZBA's
	// webhook carries it.
	inboundID := regexp.MustCompile(`wamid\.sim-in-[0-9]+-[0-9]+`).FindString(string(event))
	if inboundID == "" {
		t.Fatalf("no message id in %s", event)
	}
	body := `{"messaging_product":"whatsapp","status":"read","message_id":"` + inboundID + `","typing_indicator":{"type":"text"}}`
	r := e.send(t, e.acme, e2eSender, body, "")
	if r.status != 200 || string(r.body) != `{"success":true}` {
		t.Fatalf("mark as read: %d %s", r.status, r.body)
	}
	var got []byte
	waitFor(t, "the read receipt at the network", settle, func() bool {
		for _, s := range e.stack.Network.SentFrom(e2eSender) {
			if s.Type == netsim.TypeReadReceipt {
				got = s.Body
				return true
			}
		}
		return false
	})
	if want := `{"messaging_product":"whatsapp","status":"read","message_id":"` + inboundID + `","typing_indicator":{"type":"text"}}`; string(got) != want {
		t.Fatalf("the network got %s, want %s", got, want)
	}
	// With an Idempotency-Key: the same answer, and the key is not kept.
	for range 2 {
		if r := e.send(t, e.acme, e2eSender, body, "read-1"); r.status != 200 || string(r.body) != `{"success":true}` ||
			r.header.Get(idempotency.ReplayedHeader) != "" {
			t.Fatalf("mark as read with a key: %d %s %v", r.status, r.body, r.header)
		}
	}
	read := `{"messaging_product":"whatsapp","status":"read","message_id":"wamid.x"}`
	checkEnvelope(t, e.send(t, e.acme, "pn-rival", read, ""), 403, 200, "")
	checkEnvelope(t, e.send(t, e.acme, "pn-nobody", read, ""), 400, 133010, "")
	checkEnvelope(t, e.send(t, e.acme, "pn-pending", read, ""), 403, 131037, "")
	checkEnvelope(t, e.send(t, e.mgmtOnly, e2eSender, read, ""), 403, 200, "")
	checkEnvelope(t, e.send(t, e.acme, e2eSender, `{"messaging_product":"whatsapp","status":"read"}`, ""), 400, 131008, "message_id: required")
	checkEnvelope(t, e.send(t, e.acme, e2eSender, `{"messaging_product":"whatsapp","status":"read","message_id":"a b"}`, ""), 400, 100, "")
}
