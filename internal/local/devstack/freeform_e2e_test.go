package devstack_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
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

// atSizeCap is a contacts send whose network body is exactly
// message.MaxNetworkBodyBytes bytes, plus extra bytes: compact, in the
// shape the network body writes (its fields, the cards' fields in their
// order), so that the network body is the request with
// biz_opaque_callback_data (the message id) added.
func atSizeCap(to string, extra int) string {
	head := `{"messaging_product":"whatsapp","recipient_type":"individual","to":"` + to + `","type":"contacts","contacts":[`
	const tail = `]}`
	added := len(`,"biz_opaque_callback_data":""`) + len(message.IDPrefix) + 22
	card := func(name string) string { return `{"name":{"formatted_name":"` + name + `"}}` }
	// name is b bytes in at most 256 characters (b at most 1016): emoji,
	// four bytes each, and one or two characters for the rest.
	name := func(b int) string {
		return strings.Repeat("😀", b/4) + []string{"", "a", "é", "éa"}[b%4]
	}
	room := message.MaxNetworkBodyBytes + extra - added - len(head) - len(tail)
	// n cards of about 1000 bytes of name each, their commas between them.
	per := 1000 + len(card("")) + 1
	n := (room + per - 1) / per
	names := room - n*len(card("")) - (n - 1)
	var cards []string
	for i := range n {
		b := names / n
		if i < names%n {
			b++
		}
		cards = append(cards, card(name(b)))
	}
	return head + strings.Join(cards, ",") + tail
}

// TestSendAtTheSizeCap: a send whose network body is exactly at the cap
// (64 KiB) is accepted, dispatched and delivered, the network getting all
// of it; one byte more is 400 code 100 before anything is stored, queued
// or spent.
func TestSendAtTheSizeCap(t *testing.T) {
	e := newSendEnv(t, nil)
	ctx := context.Background()
	if _, err := e.stack.Admin(ctx, admin.Event{Action: admin.ActionRecordInbound, PhoneNumberID: e2eSender, From: e2eTo}); err != nil {
		t.Fatal(err)
	}
	at, over := atSizeCap(e2eTo, 0), atSizeCap(e2eTo, 1)
	if len(at) > message.MaxRequestBytes {
		t.Fatalf("the request is %d bytes, over the request cap", len(at))
	}
	checkEnvelope(t, e.send(t, e.acme, e2eSender, over, ""), 400, 100,
		fmt.Sprintf("The message as the network gets it would be %d bytes, over the limit of %d; shorten its texts or send fewer contacts.",
			message.MaxNetworkBodyBytes+1, message.MaxNetworkBodyBytes))
	id := accepted(t, e.send(t, e.acme, e2eSender, at, ""), false)
	waitFor(t, "the delivery of the message at the cap", settle, func() bool {
		m, err := e.messages.GetMessage(ctx, id)
		return err == nil && (m.Status == message.StatusDelivered || m.Status == message.StatusRead)
	})
	m, err := e.messages.GetMessage(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	sent, ok := e.stack.Network.Find(m.NetworkID)
	if !ok || len(sent.Body) != message.MaxNetworkBodyBytes || string(sent.Body) != string(m.Body) || sent.Type != "contacts" {
		t.Fatalf("the network got %d bytes (found %v), want %d", len(sent.Body), ok, message.MaxNetworkBodyBytes)
	}
}
