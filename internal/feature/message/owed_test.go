package message_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"svc/internal/feature/message"
	"svc/internal/feature/template"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/local/memstore"
)

// owedWorld is the inbound world with a dispatcher over the same store and
// webhook queue, and a grace long enough to tell a redelivery from a
// repeat running beside the attempt that wrote the move.
type owedWorld struct {
	*inboundWorld
	disp message.Dispatcher
	net  *memstore.Network
	id   string
}

const owedGrace = 30 * time.Second

var errQueueDown = errors.New("webhook queue unreachable")

func newOwedWorld(t *testing.T) *owedWorld {
	w := newInboundWorld(t)
	w.in.Grace = owedGrace
	net := &memstore.Network{}
	d := message.Dispatcher{Store: w.store, Network: net, Now: w.clock.Now, Log: quiet, Lease: owedGrace,
		Events: delivery.Queue{Publisher: w.hooks}}
	id := w.sendTemplate(t, "plain")
	w.hooks.Take()
	return &owedWorld{inboundWorld: w, disp: d, net: net, id: id}
}

// event is the network reporting status of the world's message now.
func (w *owedWorld) event(status message.Status) message.NetworkEvent {
	var f *message.Failure
	if status == message.StatusFailed {
		f = &message.Failure{Code: 131026, Title: "Message undeliverable", Details: "not on the network"}
	}
	return message.NetworkEvent{PhoneNumberID: sender, Statuses: []message.NetworkStatus{{NetworkID: "wamid.1", Status: status,
		At: w.clock.Now(), RecipientID: recipient, CallbackData: w.id, Failure: f}}}
}

// owedStep is one thing that happens to the message, what it returns
// (an error: the record or job is retried) and the status webhooks it
// queues.
type owedStep struct {
	name    string
	do      func(t *testing.T, w *owedWorld) error
	wantErr bool
	hooks   []string
}

func deliver(status message.Status) func(*testing.T, *owedWorld) error {
	return func(_ *testing.T, w *owedWorld) error { return w.in.Handle(context.Background(), w.event(status)) }
}

func dispatch(_ *testing.T, w *owedWorld) error { return w.disp.Dispatch(context.Background(), w.id) }

// crashAfter writes a move as the attempt that died before queueing its
// webhook did: the store's own call, nothing else.
func crashAfter(status message.Status) func(*testing.T, *owedWorld) error {
	return func(t *testing.T, w *owedWorld) error {
		ctx, now := context.Background(), w.clock.Now()
		var moved bool
		var err error
		if status == message.StatusSent {
			moved, err = w.store.MarkSent(ctx, w.id, "wamid.1", now)
		} else {
			moved, err = w.store.Advance(ctx, w.id, status, now, nil)
		}
		if err == nil && !moved {
			t.Fatalf("the crashed attempt's %s did not move", status)
		}
		return err
	}
}

func queueDown(_ *testing.T, w *owedWorld) error { w.hooks.FailWith(errQueueDown); return nil }
func queueUp(_ *testing.T, w *owedWorld) error   { w.hooks.FailWith(nil); return nil }

// later moves the clock past the grace, as the queue's visibility timeout
// does before a record or job is delivered again.
func later(_ *testing.T, w *owedWorld) error { w.clock.Advance(owedGrace); return nil }

// TestNoStatusWebhookLost: a move whose webhook was refused, or whose
// attempt died before queueing it, gets exactly one webhook when its event
// or job comes again; repeated and late events, and repeats running beside
// the attempt that wrote the move, get none.
func TestNoStatusWebhookLost(t *testing.T) {
	cases := []struct {
		name  string
		steps []owedStep
		// outcomes the template's quality counted, once per move.
		outcomes map[template.Outcome]int
	}{
		{"the queue refuses a status once; its redelivery queues it", []owedStep{
			{"queue down", queueDown, false, nil},
			{"delivered, refused", deliver(message.StatusDelivered), true, nil},
			{"queue back", queueUp, false, nil},
			{"a repeat beside the attempt", deliver(message.StatusDelivered), false, nil},
			{"the visibility timeout", later, false, nil},
			{"delivered again", deliver(message.StatusDelivered), false, []string{"delivered"}},
			{"a duplicate", deliver(message.StatusDelivered), false, nil},
			{"read", deliver(message.StatusRead), false, []string{"read"}},
			{"a late delivered", deliver(message.StatusDelivered), false, nil},
		}, map[template.Outcome]int{template.OutcomeDelivered: 1, template.OutcomeRead: 1}},
		{"a crash between the write and the enqueue; the redelivery queues it", []owedStep{
			{"delivered written, then the crash", crashAfter(message.StatusDelivered), false, nil},
			{"the visibility timeout", later, false, nil},
			{"delivered again", deliver(message.StatusDelivered), false, []string{"delivered"}},
			{"a duplicate", deliver(message.StatusDelivered), false, nil},
		}, map[template.Outcome]int{}},
		{"a late event does not pay another status's debt", []owedStep{
			{"read written, then the crash", crashAfter(message.StatusRead), false, nil},
			{"the visibility timeout", later, false, nil},
			{"a late delivered", deliver(message.StatusDelivered), false, nil},
			{"a late sent", deliver(message.StatusSent), false, nil},
			{"read again", deliver(message.StatusRead), false, []string{"read"}},
			{"read once more", deliver(message.StatusRead), false, nil},
		}, map[template.Outcome]int{}},
		{"a failed status refused once", []owedStep{
			{"queue down", queueDown, false, nil},
			{"failed, refused", deliver(message.StatusFailed), true, nil},
			{"queue back", queueUp, false, nil},
			{"the visibility timeout", later, false, nil},
			{"failed again", deliver(message.StatusFailed), false, []string{"failed"}},
			{"a late delivered", deliver(message.StatusDelivered), false, nil},
		}, map[template.Outcome]int{template.OutcomeFailed: 1}},
		{"dispatch's sent refused once; the job's redelivery queues it", []owedStep{
			{"queue down", queueDown, false, nil},
			{"dispatch, refused", dispatch, true, nil},
			{"queue back", queueUp, false, nil},
			{"the job again beside the attempt", dispatch, false, nil},
			{"the network's sent beside the attempt", deliver(message.StatusSent), false, nil},
			{"the visibility timeout", later, false, nil},
			{"the job again", dispatch, false, []string{"sent"}},
			{"the job once more", dispatch, false, nil},
			{"the network's sent", deliver(message.StatusSent), false, nil},
			{"delivered", deliver(message.StatusDelivered), false, []string{"delivered"}},
		}, map[template.Outcome]int{template.OutcomeDelivered: 1}},
		{"dispatch died after recording sent; the job's redelivery queues it", []owedStep{
			{"sent written, then the crash", crashAfter(message.StatusSent), false, nil},
			{"the visibility timeout", later, false, nil},
			{"the job again", dispatch, false, []string{"sent"}},
			{"the job once more", dispatch, false, nil},
		}, map[template.Outcome]int{}},
		{"the network's sent pays what a dead dispatch owed", []owedStep{
			{"sent written, then the crash", crashAfter(message.StatusSent), false, nil},
			{"the visibility timeout", later, false, nil},
			{"the network's sent", deliver(message.StatusSent), false, []string{"sent"}},
			{"the job again", dispatch, false, nil},
		}, map[template.Outcome]int{}},
		{"in order, nothing refused: one webhook per move", []owedStep{
			{"dispatch", dispatch, false, []string{"sent"}},
			{"the network's sent", deliver(message.StatusSent), false, nil},
			{"delivered", deliver(message.StatusDelivered), false, []string{"delivered"}},
			{"read", deliver(message.StatusRead), false, []string{"read"}},
			{"the visibility timeout", later, false, nil},
			{"every event again", func(t *testing.T, w *owedWorld) error {
				for _, s := range []message.Status{message.StatusSent, message.StatusDelivered, message.StatusRead} {
					must(t, deliver(s)(t, w))
				}
				return dispatch(t, w)
			}, false, nil},
		}, map[template.Outcome]int{template.OutcomeDelivered: 1, template.OutcomeRead: 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newOwedWorld(t)
			for _, s := range c.steps {
				err := s.do(t, w)
				if (err != nil) != s.wantErr {
					t.Fatalf("%s: error %v, want one: %v", s.name, err, s.wantErr)
				}
				if err != nil && !errors.Is(err, errQueueDown) {
					t.Fatalf("%s: %v, want the queue's error", s.name, err)
				}
				var got []string
				for _, v := range w.messagesHooks(t) {
					st := v["statuses"].([]any)[0].(map[string]any)
					if st["id"] != w.id {
						t.Fatalf("%s: webhook of %v", s.name, st["id"])
					}
					got = append(got, st["status"].(string))
				}
				if !slices.Equal(got, s.hooks) {
					t.Fatalf("%s: status webhooks %v, want %v", s.name, got, s.hooks)
				}
			}
			m, err := w.store.GetMessage(context.Background(), w.id)
			must(t, err)
			if len(m.Owed) != 0 {
				t.Fatalf("still owed %v", m.Owed)
			}
			if n := len(w.net.Sent()); n > 1 {
				t.Fatalf("the network got %d sends", n)
			}
			if got := outcomesOf(t, w.inboundWorld); !mapsEqual(got, c.outcomes) {
				t.Fatalf("quality outcomes %v, want %v", got, c.outcomes)
			}
		})
	}
}

// TestOwedWebhookKeepsItsMove: a webhook queued late carries the move's
// time and error as the record kept them, and the same webhook-id as the
// one the first attempt would have queued.
func TestOwedWebhookKeepsItsMove(t *testing.T) {
	w := newOwedWorld(t)
	ctx := context.Background()
	failedAt := w.clock.Now()
	w.hooks.FailWith(errQueueDown)
	if err := w.in.Handle(ctx, w.event(message.StatusFailed)); !errors.Is(err, errQueueDown) {
		t.Fatalf("refused: %v", err)
	}
	w.hooks.FailWith(nil)
	w.clock.Advance(time.Hour)
	must(t, w.in.Handle(ctx, w.event(message.StatusFailed)))
	msgs := w.hooks.Take()
	if len(msgs) != 1 {
		t.Fatalf("%d webhooks", len(msgs))
	}
	var j delivery.Job
	must(t, json.Unmarshal(msgs[0].Body, &j))
	st := j.Event.Value["statuses"].([]any)[0].(map[string]any)
	e := st["errors"].([]any)[0].(map[string]any)
	if st["timestamp"] != jsonUnix(failedAt) || e["code"] != json.Number("131026") || e["title"] != "Message undeliverable" {
		t.Fatalf("owed webhook %v", st)
	}
	// The id every webhook of this move has, whenever queued: receivers
	// recognise a repeat.
	want, err := webhook.MessageStatus("acme", webhook.Metadata{DisplayPhoneNumber: senderNum, PhoneNumberID: sender},
		webhook.Status{MessageID: w.id, Status: string(message.StatusFailed), At: failedAt, RecipientID: recipient})
	must(t, err)
	if j.Event.ID != want.ID {
		t.Fatalf("webhook-id %s, want %s", j.Event.ID, want.ID)
	}
}

func outcomesOf(t *testing.T, w *inboundWorld) map[template.Outcome]int {
	t.Helper()
	tp, err := w.store.GetTemplate(context.Background(), template.Ref{ZBAID: "acme", Name: "plain", Language: "en_US"})
	must(t, err)
	got := map[template.Outcome]int{}
	for _, sl := range tp.Outcomes {
		for o, n := range sl.Counts {
			if n > 0 {
				got[o] += n
			}
		}
	}
	return got
}

func mapsEqual(a, b map[template.Outcome]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
