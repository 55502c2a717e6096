package message_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/message"
	"svc/internal/feature/template"
	"svc/internal/feature/template/quality"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/local/memstore"
)

// inboundWorld is the send world with the inbound use case over the same
// store, its webhooks on hooks and template quality fed for real.
type inboundWorld struct {
	*world
	in    message.Inbound
	hooks *memstore.Queue
}

func newInboundWorld(t *testing.T) *inboundWorld {
	w := newWorld(t)
	hooks := w.hooks
	q := quality.Service{Store: w.store, Events: delivery.Queue{Publisher: hooks}, Now: w.clock.Now, Log: quiet}
	return &inboundWorld{world: w, hooks: hooks,
		in: message.Inbound{Store: w.store, Events: delivery.Queue{Publisher: hooks}, Quality: q, Now: w.clock.Now, Log: quiet}}
}

// messagesHooks are the queued messages webhooks, as their values.
func (w *inboundWorld) messagesHooks(t *testing.T) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, m := range w.hooks.Take() {
		var j delivery.Job
		must(t, json.Unmarshal(m.Body, &j))
		if j.Event.Field == "messages" {
			out = append(out, j.Event.Value)
		}
	}
	return out
}

func (w *inboundWorld) status(t *testing.T, id string, st message.Status, at time.Time, f *message.Failure) {
	t.Helper()
	must(t, w.in.Handle(context.Background(), message.NetworkEvent{PhoneNumberID: sender,
		Statuses: []message.NetworkStatus{{NetworkID: "wamid." + id, Status: st, At: at, RecipientID: recipient, CallbackData: id, Failure: f}}}))
}

func (w *inboundWorld) sendTemplate(t *testing.T, name string) string {
	t.Helper()
	body := tmpl(name, `[]`)
	if name == "promo" {
		body = tmpl(name, `[{"type":"body","parameters":[{"type":"text","text":"10%"}]}]`)
	}
	body = strings.Replace(body, `"type":"template"`, `"biz_opaque_callback_data":"order-42","type":"template"`, 1)
	out, err := w.send(t, sender, body)
	must(t, err)
	var r message.Response
	must(t, json.Unmarshal(out.Body, &r))
	return r.Messages[0].ID
}

func TestInboundStatuses(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 5, 0, time.UTC)
	type step struct {
		status message.Status
		fail   *message.Failure
		hook   bool // a webhook is forwarded
	}
	undeliverable := &message.Failure{Code: 131026, Title: "Message undeliverable", Details: "not on the network"}
	cases := []struct {
		name     string
		steps    []step
		want     message.Status
		outcomes map[template.Outcome]int
	}{
		{"in order", []step{{message.StatusSent, nil, true}, {message.StatusDelivered, nil, true}, {message.StatusRead, nil, true}},
			message.StatusRead, map[template.Outcome]int{template.OutcomeDelivered: 1, template.OutcomeRead: 1}},
		{"duplicates change nothing", []step{{message.StatusSent, nil, true}, {message.StatusSent, nil, false},
			{message.StatusDelivered, nil, true}, {message.StatusDelivered, nil, false}},
			message.StatusDelivered, map[template.Outcome]int{template.OutcomeDelivered: 1}},
		{"out of order", []step{{message.StatusRead, nil, true}, {message.StatusDelivered, nil, false}, {message.StatusSent, nil, false}},
			message.StatusRead, map[template.Outcome]int{template.OutcomeDelivered: 1, template.OutcomeRead: 1}},
		{"failed before delivered", []step{{message.StatusSent, nil, true}, {message.StatusFailed, undeliverable, true},
			{message.StatusDelivered, nil, false}}, message.StatusFailed, map[template.Outcome]int{template.OutcomeFailed: 1}},
		{"failed after delivered changes nothing", []step{{message.StatusDelivered, nil, true}, {message.StatusFailed, undeliverable, false}},
			message.StatusDelivered, map[template.Outcome]int{template.OutcomeDelivered: 1}},
		{"other statuses ignored", []step{{"played", nil, false}, {"deleted", nil, false}}, message.StatusAccepted, map[template.Outcome]int{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newInboundWorld(t)
			id := w.sendTemplate(t, "plain")
			w.hooks.Take()
			delivered := false // pricing rides on sent and on the first of delivered or read
			for i, s := range c.steps {
				w.status(t, id, s.status, at.Add(time.Duration(i)*time.Second), s.fail)
				hooks := w.messagesHooks(t)
				if got := len(hooks) == 1; got != s.hook || len(hooks) > 1 {
					t.Fatalf("step %d (%s): %d webhooks, want one: %v", i, s.status, len(hooks), s.hook)
				}
				if !s.hook {
					continue
				}
				st := hooks[0]["statuses"].([]any)[0].(map[string]any)
				if st["id"] != id || st["status"] != string(s.status) || st["recipient_id"] != recipient ||
					st["biz_opaque_callback_data"] != "order-42" || st["timestamp"] != jsonUnix(at.Add(time.Duration(i)*time.Second)) {
					t.Fatalf("step %d: status webhook %v", i, st)
				}
				_, priced := st["pricing"]
				if want := s.status == message.StatusSent || s.status == message.StatusDelivered ||
					s.status == message.StatusRead && !delivered; priced != want {
					t.Fatalf("step %d (%s): pricing %v, want it: %v", i, s.status, st["pricing"], want)
				}
				delivered = delivered || s.status == message.StatusDelivered
				md := hooks[0]["metadata"].(map[string]any)
				if md["phone_number_id"] != sender || md["display_phone_number"] != senderNum {
					t.Fatalf("metadata %v", md)
				}
				if s.fail != nil {
					e := st["errors"].([]any)[0].(map[string]any)
					if e["code"] != json.Number("131026") || e["title"] != s.fail.Title || e["error_data"].(map[string]any)["details"] != s.fail.Details {
						t.Fatalf("errors %v", e)
					}
				}
			}
			m, err := w.store.GetMessage(context.Background(), id)
			must(t, err)
			if m.Status != c.want {
				t.Fatalf("status %s, want %s", m.Status, c.want)
			}
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
			if len(got) != len(c.outcomes) {
				t.Fatalf("outcomes %v, want %v", got, c.outcomes)
			}
			for o, n := range c.outcomes {
				if got[o] != n {
					t.Fatalf("outcomes %v, want %v", got, c.outcomes)
				}
			}
		})
	}
}

func jsonUnix(t time.Time) string { return strconv.FormatInt(t.Unix(), 10) }

func TestInboundStatusOfUnknownMessageIsDropped(t *testing.T) {
	w := newInboundWorld(t)
	for _, cb := range []string{"", "order-42", message.NewID()} {
		if err := w.in.Handle(context.Background(), message.NetworkEvent{PhoneNumberID: sender, Statuses: []message.NetworkStatus{{
			NetworkID: "wamid.x", Status: message.StatusDelivered, At: w.clock.Now(), CallbackData: cb}}}); err != nil {
			t.Fatalf("%q: %v", cb, err)
		}
	}
	if hooks := w.messagesHooks(t); len(hooks) != 0 {
		t.Fatalf("webhooks %v", hooks)
	}
}

func userMessage(id, body string, at time.Time) message.NetworkEvent {
	obj, _ := json.Marshal(map[string]string{"body": body})
	return message.NetworkEvent{PhoneNumberID: sender, Messages: []message.NetworkMessage{{ID: id, From: recipient,
		ProfileName: "João", At: at, Type: "text", Object: obj}}}
}

func TestInboundMessages(t *testing.T) {
	w := newInboundWorld(t)
	ctx := context.Background()
	// Before the user writes, a text is 131047.
	if _, err := w.send(t, sender, text(recipient, "hi")); codeOf(err) != 131047 {
		t.Fatalf("before: %v", err)
	}
	must(t, w.in.Handle(ctx, userMessage("wamid.in1", "Olá! Está aberto? 👋", w.clock.Now())))
	hooks := w.messagesHooks(t)
	if len(hooks) != 1 {
		t.Fatalf("webhooks %v", hooks)
	}
	msg := hooks[0]["messages"].([]any)[0].(map[string]any)
	contact := hooks[0]["contacts"].([]any)[0].(map[string]any)
	if msg["id"] != "wamid.in1" || msg["from"] != recipient || msg["type"] != "text" ||
		msg["text"].(map[string]any)["body"] != "Olá! Está aberto? 👋" || contact["wa_id"] != recipient || contact["svc_id"] != recipient ||
		contact["profile"].(map[string]any)["name"] != "João" {
		t.Fatalf("inbound webhook %v", hooks[0])
	}
	if _, err := w.send(t, sender, text(recipient, "hi")); err != nil {
		t.Fatalf("after: %v", err)
	}
	// A redelivery forwards the same event again (same webhook-id) and
	// changes nothing else.
	must(t, w.in.Handle(ctx, userMessage("wamid.in1", "Olá! Está aberto? 👋", w.clock.Now())))
	w.hooks.Take()

	// A marketing template delivered, then STOP: the next is 131050, and
	// the template's quality counts one opt-out, once under redelivery.
	promo := w.sendTemplate(t, "promo")
	w.status(t, promo, message.StatusDelivered, w.clock.Now(), nil)
	for range 2 {
		must(t, w.in.Handle(ctx, userMessage("wamid.stop", " Stop! ", w.clock.Now())))
	}
	if _, err := w.send(t, sender, tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"10%"}]}]`)); codeOf(err) != 131050 {
		t.Fatalf("after STOP: %v", err)
	}
	tp, err := w.store.GetTemplate(ctx, template.Ref{ZBAID: "acme", Name: "promo", Language: "en_US"})
	must(t, err)
	optedOut := 0
	for _, sl := range tp.Outcomes {
		optedOut += sl.Counts[template.OutcomeOptedOut]
	}
	if optedOut != 1 {
		t.Fatalf("opted_out counted %d times", optedOut)
	}
	must(t, w.in.Handle(ctx, userMessage("wamid.start", "START", w.clock.Now())))
	if _, err := w.send(t, sender, tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"10%"}]}]`)); err != nil {
		t.Fatalf("after START: %v", err)
	}
	// A user writing to a number svc does not know is dropped, not retried.
	ev := userMessage("wamid.x", "hi", w.clock.Now())
	ev.PhoneNumberID = "pn-unknown"
	must(t, w.in.Handle(ctx, ev))
}

// TestInboundOptOutsInTheirOrder: STOP and START apply in the order the
// user sent them, whatever order they arrive in, and a redelivered START
// does not undo a later STOP.
func TestInboundOptOutsInTheirOrder(t *testing.T) {
	promo := tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"10%"}]}]`)
	t0 := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	type msg struct {
		id, text string
		at       time.Duration
	}
	cases := []struct {
		name     string
		arrivals []msg
		refused  bool // the marketing send after them is 131050
	}{
		{"STOP then START", []msg{{"wamid.stop", "STOP", 1}, {"wamid.start", "START", 2}}, false},
		{"START arriving after a later STOP", []msg{{"wamid.stop", "STOP", 2}, {"wamid.start", "START", 1}}, true},
		{"STOP arriving after a later START", []msg{{"wamid.start", "START", 2}, {"wamid.stop", "STOP", 1}}, false},
		{"START redelivered after a later STOP", []msg{{"wamid.start", "START", 1}, {"wamid.stop", "STOP", 2},
			{"wamid.start", "START", 1}}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newInboundWorld(t)
			for _, m := range c.arrivals {
				must(t, w.in.Handle(context.Background(), userMessage(m.id, m.text, t0.Add(m.at*time.Second))))
			}
			_, err := w.send(t, sender, promo)
			if refused := codeOf(err) == 131050; refused != c.refused || err != nil && !refused {
				t.Fatalf("marketing send: %v, want refused %v", err, c.refused)
			}
		})
	}
}

// TestInboundWindowFromFutureTimestamp: the 24-hour window runs from the
// user's timestamp, but from the moment svc received the message when the
// network's timestamp lies ahead of it.
func TestInboundWindowFromFutureTimestamp(t *testing.T) {
	cases := []struct {
		name     string
		stamp    time.Duration // the network's timestamp, from receipt
		noStamp  bool
		after    time.Duration // when the text is sent, from receipt
		wantOpen bool
	}{
		{"future stamp: open up to 24 h after receipt", 48 * time.Hour, false, 24*time.Hour - time.Second, true},
		{"future stamp: closed 24 h after receipt", 48 * time.Hour, false, 24 * time.Hour, false},
		{"slightly future stamp: closed 24 h after receipt", time.Minute, false, 24 * time.Hour, false},
		{"past stamp: open up to 24 h after it", -time.Hour, false, 23*time.Hour - time.Second, true},
		{"past stamp: closed 24 h after it", -time.Hour, false, 23 * time.Hour, false},
		{"no stamp: receipt", 0, true, 24*time.Hour - time.Second, true},
		{"no stamp: closed 24 h after receipt", 0, true, 24 * time.Hour, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newInboundWorld(t)
			stamp := w.clock.Now().Add(c.stamp)
			if c.noStamp {
				stamp = time.Time{}
			}
			must(t, w.in.Handle(context.Background(), userMessage("wamid.in", "hi", stamp)))
			w.clock.Advance(c.after)
			_, err := w.send(t, sender, text(recipient, "hi"))
			if open := err == nil; open != c.wantOpen || err != nil && codeOf(err) != 131047 {
				t.Fatalf("text %v after receipt: %v, want window open %v", c.after, err, c.wantOpen)
			}
		})
	}
}

// TestInboundFromShortestNumbers: a user whose number has the fewest
// digits E.164 numbers have (7, as Niue's) is a recipient svc sends to, so
// their message is forwarded and opens the window, never dropped.
func TestInboundFromShortestNumbers(t *testing.T) {
	w := newInboundWorld(t)
	const user = "6834001"
	ev := userMessage("wamid.niue", "hello", w.clock.Now())
	ev.Messages[0].From = user
	must(t, w.in.Handle(context.Background(), ev))
	if hooks := w.messagesHooks(t); len(hooks) != 1 {
		t.Fatalf("the message was not forwarded: %v", hooks)
	}
	if _, err := w.send(t, sender, text(user, "hi")); err != nil {
		t.Fatalf("a text in the window the message opened: %v", err)
	}
}

func TestOptOutWord(t *testing.T) {
	cases := map[string]message.OptChange{
		"STOP": message.OptOut, " stop ": message.OptOut, "Stop.": message.OptOut, "STOPP": message.OptOut, "Parar": message.OptOut,
		"arrêt": message.OptOut, "Abmelden": message.OptOut, "darme de baja": message.OptOut, "UNSUBSCRIBE": message.OptOut,
		"START": message.OptIn, "démarrer": message.OptIn, "Começar": message.OptIn, "unstop": message.OptIn,
		"please stop sending": message.OptNone, "stopwatch": message.OptNone, "": message.OptNone, "hello": message.OptNone,
	}
	for text, want := range cases {
		if got := message.OptOutWord(text); got != want {
			t.Errorf("%q: %v, want %v", text, got, want)
		}
	}
}

func TestStatusPricing(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 5, 0, time.UTC)
	free := func(category string) map[string]any {
		return map[string]any{"billable": false, "pricing_model": "PMP", "type": "free_customer_service", "category": category}
	}
	billed := func(category string) map[string]any {
		return map[string]any{"billable": true, "pricing_model": "PMP", "type": "regular", "category": category}
	}
	for _, c := range []struct {
		name   string
		window bool
		body   string
		want   map[string]any
	}{
		{"text, a service message", true, text(recipient, "Your table is ready."), free("service")},
		{"image, a service message", true, ff("image", `{"link":"https://a.example/i.png"}`), free("service")},
		{"reply buttons, a service message", true, buttons(2), free("service")},
		{"reaction, a service message", true, reaction("wamid.x", "👍"), free("service")},
		{"utility outside the window", false, tmpl("plain", `[]`), billed("utility")},
		{"utility inside the window is free", true, tmpl("plain", `[]`), free("utility")},
		{"marketing outside the window", false, tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"10%"}]}]`), billed("marketing")},
		{"marketing inside the window is still billed", true, tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"10%"}]}]`), billed("marketing")},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newInboundWorld(t)
			if c.window {
				w.openWindow(t)
			}
			out, err := w.send(t, sender, c.body)
			must(t, err)
			var r message.Response
			must(t, json.Unmarshal(out.Body, &r))
			id := r.Messages[0].ID
			w.hooks.Take()
			for i, s := range []message.Status{message.StatusSent, message.StatusDelivered, message.StatusRead} {
				w.status(t, id, s, at.Add(time.Duration(i)*time.Second), nil)
				hooks := w.messagesHooks(t)
				if len(hooks) != 1 {
					t.Fatalf("%s: %d webhooks", s, len(hooks))
				}
				got, _ := hooks[0]["statuses"].([]any)[0].(map[string]any)["pricing"].(map[string]any)
				want := c.want
				if s == message.StatusRead {
					want = nil // delivered carried it
				}
				if !sameJSON(got, want) {
					t.Fatalf("%s: pricing %v, want %v", s, got, want)
				}
			}
		})
	}
}

// sameJSON compares two decoded JSON objects (nil and absent alike).
func sameJSON(a, b map[string]any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// advanceCounter counts the conditional writes of statuses.
type advanceCounter struct {
	message.InboundStore
	calls int
}

func (c *advanceCounter) Advance(ctx context.Context, id string, to message.Status, at time.Time, f *message.Failure) (bool, error) {
	c.calls++
	return c.InboundStore.Advance(ctx, id, to, at, f)
}

// outcomes records what the observer is told.
type outcomes []bool

func (o *outcomes) StatusOutcome(_ message.Message, _ message.Status, moved bool) {
	*o = append(*o, moved)
}

// TestInboundSkipsStatusesAlreadyPassed: a status the record already shows
// passed (the network's sent after dispatch wrote it, a repeat, a late one)
// costs no conditional write, and the observer is told of every status.
func TestInboundSkipsStatusesAlreadyPassed(t *testing.T) {
	at := time.Date(2026, 11, 23, 10, 0, 5, 0, time.UTC)
	w := newInboundWorld(t)
	counter := &advanceCounter{InboundStore: w.store}
	var told outcomes
	w.in.Store, w.in.Statuses = counter, &told
	id := w.sendTemplate(t, "plain")
	steps := []struct {
		status message.Status
		moves  bool
	}{
		{message.StatusSent, true}, {message.StatusSent, false}, {message.StatusDelivered, true},
		{message.StatusSent, false}, {message.StatusRead, true}, {message.StatusDelivered, false},
	}
	writes := 0
	for i, s := range steps {
		w.status(t, id, s.status, at.Add(time.Duration(i)*time.Second), nil)
		if s.moves {
			writes++
		}
		if counter.calls != writes || len(told) != i+1 || told[i] != s.moves {
			t.Fatalf("step %d (%s): %d writes (want %d), told %v", i, s.status, counter.calls, writes, told)
		}
	}
}

// TestInboundUnsupportedForwarded: a message the network could not give
// (type unsupported, no object, the network's errors) is forwarded with
// those errors as they came, and opens the window like any other.
func TestInboundUnsupportedForwarded(t *testing.T) {
	const errs = `[{"code":131051,"title":"Message type unknown","message":"Message type unknown",` +
		`"error_data":{"details":"Message type is currently not supported."}}]`
	for _, tc := range []struct {
		name, typ string
		object    json.RawMessage
	}{
		{"unsupported without an object", "unsupported", nil},
		{"unsupported with its newer object", "unsupported", json.RawMessage(`{"type":"pool"}`)},
		{"unknown", "unknown", nil},
		{"another type without its object", "interactive", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newInboundWorld(t)
			ev := userMessage("wamid.un", "", w.clock.Now())
			ev.Messages[0].Type, ev.Messages[0].Object, ev.Messages[0].Errors = tc.typ, tc.object, json.RawMessage(errs)
			must(t, w.in.Handle(context.Background(), ev))
			hooks := w.messagesHooks(t)
			if len(hooks) != 1 {
				t.Fatalf("webhooks %v", hooks)
			}
			msg := hooks[0]["messages"].([]any)[0].(map[string]any)
			got, _ := json.Marshal(msg["errors"])
			var want any
			must(t, json.Unmarshal([]byte(errs), &want))
			wantJSON, _ := json.Marshal(want)
			if msg["type"] != tc.typ || string(got) != string(wantJSON) {
				t.Fatalf("forwarded %v", msg)
			}
			if _, has := msg[tc.typ]; has != (tc.object != nil) {
				t.Fatalf("object under %q: %v, want %v", tc.typ, msg[tc.typ], tc.object != nil)
			}
			if _, err := w.send(t, sender, text(recipient, "hi")); err != nil {
				t.Fatalf("a text in the window the message opened: %v", err)
			}
		})
	}
}
