package message_test

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"
	"testing"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/message"
	"svc/internal/feature/template"
	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
)

// lookups counts the reads a send makes before it writes.
type lookups struct {
	message.Store
	mu sync.Mutex
	n  int
}

func (l *lookups) Lookup(ctx context.Context, lk message.Lookup) (message.Found, error) {
	l.mu.Lock()
	l.n++
	l.mu.Unlock()
	return l.Store.Lookup(ctx, lk)
}

func (l *lookups) take() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := l.n
	l.n = 0
	return n
}

// TestCacheNeverDecides: a warm instance (its cache filled by a first send)
// answers every send as an instance that reads everything would, right
// after the sender, the template, the window or the opt-out changed; and
// a send on unchanged state reads nothing.
func TestCacheNeverDecides(t *testing.T) {
	ctx := context.Background()
	promo := tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"10%"}]}]`)
	replace := func(w *world, name, comps string, status template.Status) {
		t.Helper()
		cur, err := w.store.GetTemplate(ctx, template.Ref{ZBAID: "acme", Name: name, Language: "en_US"})
		must(t, err)
		cur.Version++
		if comps != "" {
			cur.Components = []byte(comps)
		}
		if status != "" {
			cur.Status = status
		}
		must(t, w.store.ReplaceTemplate(ctx, cur, time.Time{}))
	}
	cases := []struct {
		name string
		// warm is the send that fills the cache (accepted); change what
		// moves in the store after it; then is sent and must give want
		// (0: accepted, its stored content checked by ok).
		warm, then string
		// closed starts with no window open.
		closed bool
		change func(t *testing.T, w *world)
		want   apperr.Code
		ok     func(m message.Message) bool
	}{
		{name: "nothing changed", warm: tmpl("plain", `[]`), then: tmpl("plain", `[]`), change: func(*testing.T, *world) {},
			ok: func(m message.Message) bool { return m.Content.Body == "Hello there." }},
		{name: "template paused", warm: tmpl("plain", `[]`), then: tmpl("plain", `[]`),
			change: func(t *testing.T, w *world) { replace(w, "plain", "", template.StatusPaused) }, want: apperr.CodeTemplatePaused},
		{name: "template edited", warm: tmpl("plain", `[]`), then: tmpl("plain", `[]`),
			change: func(t *testing.T, w *world) { replace(w, "plain", `[{"type":"BODY","text":"Hello again."}]`, "") },
			ok:     func(m message.Message) bool { return m.Content.Body == "Hello again." }},
		{name: "template edited to take a parameter", warm: tmpl("plain", `[]`),
			then:   tmpl("plain", `[{"type":"body","parameters":[{"type":"text","text":"Ann"}]}]`),
			change: func(t *testing.T, w *world) { replace(w, "plain", `[{"type":"BODY","text":"Hello {{1}}."}]`, "") },
			ok:     func(m message.Message) bool { return m.Content.Body == "Hello Ann." }},
		{name: "template deleted", warm: tmpl("plain", `[]`), then: tmpl("plain", `[]`),
			change: func(t *testing.T, w *world) {
				must(t, w.store.DeleteTemplates(ctx, []template.Ref{{ZBAID: "acme", Name: "plain", Language: "en_US"}}))
			}, want: apperr.CodeTemplateMissing},
		{name: "template deleted and created again at its first version", warm: tmpl("plain", `[]`), then: tmpl("plain", `[]`),
			change: func(t *testing.T, w *world) {
				r := template.Ref{ZBAID: "acme", Name: "plain", Language: "en_US"}
				old, err := w.store.GetTemplate(ctx, r)
				must(t, err)
				must(t, w.store.DeleteTemplates(ctx, []template.Ref{r}))
				old.Components, old.CreatedAt = []byte(`[{"type":"BODY","text":"Reborn."}]`), old.CreatedAt.Add(time.Minute)
				must(t, w.store.CreateTemplate(ctx, old, time.Time{}))
			}, ok: func(m message.Message) bool { return m.Content.Body == "Reborn." }},
		{name: "sender's display name back to pending", warm: tmpl("plain", `[]`), then: tmpl("plain", `[]`),
			change: func(t *testing.T, w *world) {
				_, err := w.store.SetDisplayNameStatus(ctx, sender, account.DisplayNamePending)
				must(t, err)
			}, want: apperr.CodeDisplayNameNotOK},
		{name: "sender registered again with an origination", warm: tmpl("plain", `[]`), then: tmpl("plain", `[]`),
			change: func(t *testing.T, w *world) {
				must(t, w.store.RegisterPhone(ctx, account.Phone{ID: sender, Number: senderNum, ZBAID: "acme",
					DisplayNameStatus: account.DisplayNameApproved, Origination: "arn:new"}))
			}, ok: func(m message.Message) bool { return m.Origination == "arn:new" }},
		{name: "sender's number changed to the recipient's", warm: tmpl("plain", `[]`), then: tmpl("plain", `[]`),
			change: func(t *testing.T, w *world) {
				must(t, w.store.RegisterPhone(ctx, account.Phone{ID: sender, Number: recipient, ZBAID: "acme",
					DisplayNameStatus: account.DisplayNameApproved}))
			}, want: apperr.CodeRecipientIsSender},
		{name: "an opt-out right after a marketing send", warm: promo, then: promo,
			change: func(t *testing.T, w *world) { must(t, w.svc.SetMarketingOptOut(ctx, "acme", recipient, true)) },
			want:   apperr.CodeMarketingOptOut},
		{name: "an opt-out withdrawn", warm: promo, then: promo,
			change: func(t *testing.T, w *world) {
				must(t, w.svc.SetMarketingOptOut(ctx, "acme", recipient, true))
				if _, err := w.send(t, sender, promo); codeOf(err) != apperr.CodeMarketingOptOut {
					t.Fatalf("opted out: %v", err)
				}
				must(t, w.svc.SetMarketingOptOut(ctx, "acme", recipient, false))
			}, ok: func(m message.Message) bool { return m.Template != nil && m.Template.Category == "MARKETING" }},
		{name: "the marketing cap reached by another instance", warm: promo, then: promo,
			change: func(t *testing.T, w *world) {
				other := w.svc
				other.Cache, other.SenderBlocks = message.NewCache(), ratelimit.NewBlocks(message.DefaultLimits.SenderBlock)
				_, err := other.Send(ctx, message.SendInput{ZBAID: "acme", PhoneNumberID: sender, Method: "POST", Path: "/p", Body: []byte(promo)})
				must(t, err)
			}, want: apperr.CodeMarketingLimit},
		{name: "a window opened right after a refused text", warm: tmpl("plain", `[]`), then: text(recipient, "hi"), closed: true,
			change: func(t *testing.T, w *world) {
				if _, err := w.send(t, sender, text(recipient, "hi")); codeOf(err) != apperr.CodeReengagement {
					t.Fatalf("before the window: %v", err)
				}
				w.openWindow(t)
			}, ok: func(m message.Message) bool { return m.Content.Body == "hi" }},
		{name: "a window held open until it closes", warm: text(recipient, "hi"), then: text(recipient, "late"),
			change: func(t *testing.T, w *world) { w.clock.Advance(message.WindowLength) }, want: apperr.CodeReengagement},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t)
			count := &lookups{Store: w.store}
			w.svc.Store = count
			w.svc.Limits.MarketingCap = 3
			if !c.closed {
				w.openWindow(t)
				count.take() // the inbound message's read of the sender
			}
			if _, err := w.send(t, sender, c.warm); err != nil {
				t.Fatalf("warm-up send: %v", err)
			}
			if n := count.take(); n != 1 {
				t.Fatalf("a cold send read %d times, want 1", n)
			}
			if _, err := w.send(t, sender, c.warm); err != nil {
				t.Fatalf("warm send: %v", err)
			}
			if n := count.take(); n != 0 {
				t.Fatalf("a warm send on unchanged state read %d times, want 0", n)
			}
			c.change(t, w)
			queued := len(w.queue.Messages())
			out, err := w.send(t, sender, c.then)
			if c.want != 0 {
				if codeOf(err) != c.want {
					t.Fatalf("after the change: %v, want %d", err, c.want)
				}
				if len(w.queue.Messages()) != queued {
					t.Fatal("a refused send was queued")
				}
				return
			}
			if err != nil {
				t.Fatalf("after the change: %v", err)
			}
			var r message.Response
			must(t, json.Unmarshal(out.Body, &r))
			m, err := w.store.GetMessage(ctx, r.Messages[0].ID)
			must(t, err)
			if !c.ok(m) {
				t.Fatalf("stored %+v", m)
			}
		})
	}
}

// TestSenderTokenBound: with throughput tokens reserved in blocks, the
// sender's limit is never exceeded across instances, one warm instance is
// exact, and each further instance refuses at most (block − 1) sends
// early in a window (block = min(SenderBlock, limit/10)).
func TestSenderTokenBound(t *testing.T) {
	const limit = 100
	block := ratelimit.BlockCap(message.DefaultLimits.SenderBlock, limit)
	for _, instances := range []int{1, 2, 3} {
		t.Run(strconv.Itoa(instances), func(t *testing.T) {
			w := newWorld(t)
			svcs := make([]message.Service, instances)
			for i := range svcs {
				svcs[i] = w.svc
				svcs[i].Limits.Sender.Limit = limit
				svcs[i].Cache, svcs[i].SenderBlocks = message.NewCache(), ratelimit.NewBlocks(message.DefaultLimits.SenderBlock)
			}
			accepted, refused := 0, 0
			// Round robin over the instances, well past the limit, all in
			// one second.
			for i := range 2 * limit {
				_, err := svcs[i%instances].Send(context.Background(), message.SendInput{ZBAID: "acme", PhoneNumberID: sender,
					Method: "POST", Path: "/p", Body: []byte(tmpl("plain", `[]`))})
				switch {
				case err == nil:
					accepted++
				case codeOf(err) == apperr.CodeRateLimit:
					refused++
				default:
					t.Fatal(err)
				}
			}
			early := (instances - 1) * (block - 1)
			if accepted > limit || accepted < limit-early {
				t.Fatalf("%d instances accepted %d of %d sends, want %d to %d", instances, accepted, 2*limit, limit-early, limit)
			}
			if n := len(w.queue.Messages()); n != accepted {
				t.Fatalf("queued %d, accepted %d", n, accepted)
			}
		})
	}
}
