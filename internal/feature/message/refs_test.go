package message_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/message"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/local/memstore"
	"svc/internal/platform/apperr"
)

// reads counts a store's GetMessage calls.
type reads struct {
	message.Store
	n int
}

func (r *reads) GetMessage(ctx context.Context, id string) (message.Message, error) {
	r.n++
	return r.Store.GetMessage(ctx, id)
}

// TestMessageRefs: an svcmid. id in context.message_id,
// reaction.message_id or a mark-as-read's message_id is read (one
// GetMessage per distinct id) and the network gets the network's id of
// that message; a message of another ZBA or sender, an unknown one, one not
// yet sent or never sent is 131009 saying which; a network id passes
// through unread.
func TestMessageRefs(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.openWindow(t)
	d := message.Dispatcher{Store: w.store, Network: &memstore.Network{}, Now: w.clock.Now, Log: quiet, Lease: time.Minute,
		Events: delivery.Queue{Publisher: w.hooks}}
	sendID := func(body string) string {
		t.Helper()
		out, err := w.send(t, sender, body)
		must(t, err)
		return idOf(t, out)
	}
	sent := sendID(text(recipient, "Your table is ready."))
	must(t, d.Dispatch(ctx, sent))
	m, err := w.store.GetMessage(ctx, sent)
	must(t, err)
	wamid := m.NetworkID
	pending := sendID(text(recipient, "Not dispatched yet."))
	failed := sendID(text(recipient, "Refused by the network."))
	net := &memstore.Network{}
	net.FailWith(&message.NetworkError{Permanent: true, Code: 131026, Title: "Message undeliverable"})
	must(t, (message.Dispatcher{Store: w.store, Network: net, Now: w.clock.Now, Log: quiet, Lease: time.Minute,
		Events: delivery.Queue{Publisher: w.hooks}}).Dispatch(ctx, failed))
	// Messages of another sender of acme and of another ZBA, both sent.
	other := func(zba, phone string) string {
		t.Helper()
		id := message.NewID()
		now := w.clock.Now()
		must(t, w.store.Accept(ctx, message.Acceptance{Message: message.Message{ID: id, ZBAID: zba, PhoneNumberID: phone, To: recipient,
			Type: message.TypeText, Status: message.StatusAccepted, StatusTimes: map[message.Status]time.Time{message.StatusAccepted: now},
			CreatedAt: now, UpdatedAt: now}, DispatchDue: now}))
		_, err := w.store.MarkSent(ctx, id, "wamid.other-"+phone, now)
		must(t, err)
		return id
	}
	otherSender, rivals, unknown := other("acme", "pn-pending"), other("rival", "pn-rival"), message.NewID()
	w.queue.Take()

	react := func(id string) string { return reaction(id, "👍") }
	reply := func(id string) string {
		return `{"messaging_product":"whatsapp","to":"` + recipient + `","type":"text","text":{"body":"Yes"},"context":{"message_id":` + js(id) + `}}`
	}
	cases := []struct {
		name  string
		body  string
		reads int
		// network is the body's fragment the network must get; "" for a
		// refusal with details.
		network, details string
	}{
		{name: "a reaction to an svc id", body: react(sent), reads: 1, network: `"reaction":{"message_id":"` + wamid + `","emoji":"👍"}`},
		{name: "a reply to an svc id", body: reply(sent), reads: 1, network: `"context":{"message_id":"` + wamid + `"}`},
		{name: "a reaction replying to its own message: one read", reads: 1, network: `"context":{"message_id":"` + wamid + `"}`,
			body: `{"messaging_product":"whatsapp","to":"` + recipient + `","type":"reaction","reaction":{"message_id":"` + sent + `","emoji":"👍"},"context":{"message_id":"` + sent + `"}}`},
		{name: "a mark-as-read of an svc id", body: markRead(sent), reads: 1, network: `"message_id":"` + wamid + `"`},
		{name: "a network id passes through unread", body: react("wamid.HBgLMTY1MDM4"), network: `"message_id":"wamid.HBgLMTY1MDM4"`},
		{name: "not yet sent", body: react(pending), reads: 1,
			details: "reaction.message_id: \"" + pending + "\" has not been sent yet (its status is accepted); refer to it once its sent status has arrived"},
		{name: "never sent", body: reply(failed), reads: 1,
			details: "context.message_id: \"" + failed + "\" was never sent (its status is failed), so the network does not know it"},
		{name: "another sender's", body: markRead(otherSender), reads: 1,
			details: "message_id: \"" + otherSender + "\" was sent from phone number id pn-pending, not from " + sender},
		{name: "another ZBA's, as an unknown one", body: react(rivals), reads: 1,
			details: "reaction.message_id: \"" + rivals + "\" is not a message sent by this business account"},
		{name: "unknown", body: react(unknown), reads: 1, details: "reaction.message_id: \"" + unknown + "\" is not a message sent by this business account"},
		{name: "not an id svc gives", body: reply("svcmid.nope"), reads: 0,
			details: "context.message_id: \"svcmid.nope\" is not a message sent by this business account"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := &reads{Store: w.store}
			svc := w.svc
			svc.Store = r
			_, err := svc.Send(ctx, message.SendInput{ZBAID: "acme", PhoneNumberID: sender, Method: "POST", Path: "/p", Body: []byte(c.body)})
			if r.n != c.reads {
				t.Fatalf("%d GetMessage calls, want %d", r.n, c.reads)
			}
			jobs := w.queue.Take()
			if c.details != "" {
				if ae := apperr.From(err); ae.Code != apperr.CodeInvalidValue || ae.Details != c.details || len(jobs) != 0 {
					t.Fatalf("%v (%d jobs), want 131009 %q", err, len(jobs), c.details)
				}
				return
			}
			must(t, err)
			j, err := message.DecodeDispatchJob(jobs[0].Body)
			must(t, err)
			var body []byte
			if j.Receipt != nil {
				body = j.Receipt.Body
			} else {
				queued, err := w.store.GetMessage(ctx, j.MessageID)
				must(t, err)
				body = queued.Body
			}
			if !json.Valid(body) || !strings.Contains(string(body), c.network) {
				t.Fatalf("the network gets %s, want %s in it", body, c.network)
			}
		})
	}
}
