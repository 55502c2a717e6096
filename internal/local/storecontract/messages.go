package storecontract

import (
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/message"
	"svc/internal/feature/template"
	"svc/internal/platform/idempotency"
)

// MessageStores is what the Messages contract needs: the ports under test
// and the account and template stores that register what Lookup reads,
// over the same state.
type MessageStores struct {
	Accounts    account.Store
	Templates   template.Store
	Messages    message.InboundStore
	Idempotency idempotency.Store
}

func sampleMessage(at time.Time) message.Message {
	return message.Message{ID: message.NewID(), ZBAID: "acme", PhoneNumberID: "pn-1", From: "4915100000001", Origination: "arn:x",
		To: "4915112345678", Type: message.TypeTemplate, Content: message.Content{Header: "H", Body: "Hi Ann", Footer: "F", Buttons: []string{"Go"}},
		Template: &message.TemplateRef{Name: "order", Language: "en_US", Category: "MARKETING"}, BizOpaqueCallbackData: "cb",
		ReplyTo: "svcmid.prev", Body: []byte(`{"to":"4915112345678"}`), Status: message.StatusAccepted,
		StatusTimes: map[message.Status]time.Time{message.StatusAccepted: at}, CreatedAt: at, UpdatedAt: at}
}

// Messages is the contract of message.Store and idempotency.Store.
func Messages(t *testing.T, newStores func(t *testing.T) MessageStores) {
	seed := func(t *testing.T, s MessageStores) {
		ctx := t.Context()
		must(t, s.Accounts.CreateZBA(ctx, account.ZBA{ID: "acme", Name: "Acme", CreatedAt: now()}))
		must(t, s.Accounts.RegisterPhone(ctx, account.Phone{ID: "pn-1", Number: "4915100000001", ZBAID: "acme",
			DisplayNameStatus: account.DisplayNamePending, Origination: "arn:x", CreatedAt: now()}))
		tpl := newTemplate("acme", "order", "en_US")
		tpl.Status = template.StatusApproved
		must(t, s.Templates.CreateTemplate(ctx, tpl, time.Time{}))
	}

	run(t, "lookup reads the sender, the template, the window and the opt-out it names", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		seed(t, s)
		at := now().Truncate(time.Millisecond)
		ref := &template.Ref{ZBAID: "acme", Name: "order", Language: "en_US"}
		all := message.Lookup{ZBAID: "acme", PhoneNumberID: "pn-1", Recipient: "4915112345678", Sender: true, Template: ref,
			Window: true, OptOut: true}
		f, err := s.Messages.Lookup(ctx, all)
		must(t, err)
		if f.Phone == nil || f.Phone.ZBAID != "acme" || f.Phone.DisplayNameStatus != account.DisplayNamePending || f.Phone.Origination != "arn:x" {
			t.Fatalf("phone %+v", f.Phone)
		}
		if f.Template == nil || f.Template.Status != template.StatusApproved || !f.WindowUntil.IsZero() || f.OptedOut {
			t.Fatalf("found %+v", f)
		}
		must(t, s.Messages.OpenWindow(ctx, message.Window{ZBAID: "acme", PhoneNumberID: "pn-1", Recipient: "4915112345678",
			LastInbound: at, Until: at.Add(message.WindowLength)}))
		optOut(t, s.Messages, "acme", "4915112345678", true, at)
		f, err = s.Messages.Lookup(ctx, all)
		must(t, err)
		if !f.WindowUntil.Equal(at.Add(message.WindowLength)) || !f.OptedOut {
			t.Fatalf("after writes %+v", f)
		}
		// Each part alone, as a warm instance reads it (one item: the
		// adapter's GetItem), and nothing that was not named.
		parts := []struct {
			name string
			l    message.Lookup
			ok   func(message.Found) bool
		}{
			{"the sender", message.Lookup{PhoneNumberID: "pn-1", Sender: true}, func(f message.Found) bool {
				return f.Phone != nil && f.Phone.Number == "4915100000001" && f.Template == nil && f.WindowUntil.IsZero() && !f.OptedOut
			}},
			{"the template", message.Lookup{PhoneNumberID: "pn-1", Template: ref}, func(f message.Found) bool {
				return f.Phone == nil && f.Template != nil && f.Template.Name == "order" && f.WindowUntil.IsZero()
			}},
			{"the window", message.Lookup{ZBAID: "acme", PhoneNumberID: "pn-1", Recipient: "4915112345678", Window: true}, func(f message.Found) bool {
				return f.Phone == nil && f.Template == nil && f.WindowUntil.Equal(at.Add(message.WindowLength)) && !f.OptedOut
			}},
			{"the opt-out", message.Lookup{ZBAID: "acme", PhoneNumberID: "pn-1", Recipient: "4915112345678", OptOut: true}, func(f message.Found) bool {
				return f.Phone == nil && f.WindowUntil.IsZero() && f.OptedOut
			}},
			{"nothing", message.Lookup{ZBAID: "acme", PhoneNumberID: "pn-1", Recipient: "4915112345678"}, func(f message.Found) bool {
				return f.Phone == nil && f.Template == nil && f.WindowUntil.IsZero() && !f.OptedOut
			}},
		}
		for _, p := range parts {
			f, err := s.Messages.Lookup(ctx, p.l)
			if err != nil || !p.ok(f) {
				t.Fatalf("%s alone: %+v %v", p.name, f, err)
			}
		}
		// A window never moves back; an opt-out can be withdrawn.
		must(t, s.Messages.OpenWindow(ctx, message.Window{ZBAID: "acme", PhoneNumberID: "pn-1", Recipient: "4915112345678",
			LastInbound: at.Add(-time.Hour), Until: at.Add(-time.Hour + message.WindowLength)}))
		optOut(t, s.Messages, "acme", "4915112345678", false, at)
		f, err = s.Messages.Lookup(ctx, all)
		must(t, err)
		if !f.WindowUntil.Equal(at.Add(message.WindowLength)) || f.OptedOut {
			t.Fatalf("after older window and opt-in %+v", f)
		}
		// Another sender has no window; nothing is found for strangers.
		all.PhoneNumberID, all.Template = "pn-2", &template.Ref{ZBAID: "acme", Name: "nope", Language: "en_US"}
		f, err = s.Messages.Lookup(ctx, all)
		must(t, err)
		if f.Phone != nil || f.Template != nil || !f.WindowUntil.IsZero() {
			t.Fatalf("strangers %+v", f)
		}
	})

	run(t, "a marketing acceptance is conditional on no opt-out, checked before the cap", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		at := now().Truncate(time.Millisecond)
		mk := &message.MarketingCount{WindowStart: at.Truncate(time.Hour), Cap: 2, ExpiresAt: at.Add(time.Hour)}
		cases := []struct {
			name   string
			before func()
			a      message.Acceptance
			want   error
		}{
			{"no opt-out", nil, message.Acceptance{CheckOptOut: true, Marketing: mk}, nil},
			{"an opt-out that arrived after any read", func() {
				optOut(t, s.Messages, "acme", "4915112345678", true, at)
			}, message.Acceptance{CheckOptOut: true, Marketing: mk}, message.ErrOptedOut},
			{"a send that is not marketing ignores it", nil, message.Acceptance{}, nil},
			{"withdrawn", func() {
				optOut(t, s.Messages, "acme", "4915112345678", false, at)
			}, message.Acceptance{CheckOptOut: true, Marketing: mk}, nil},
			{"the cap reached", nil, message.Acceptance{CheckOptOut: true, Marketing: mk}, message.ErrMarketingCap},
			{"opted out and at the cap: the opt-out", func() {
				optOut(t, s.Messages, "acme", "4915112345678", true, at)
			}, message.Acceptance{CheckOptOut: true, Marketing: mk}, message.ErrOptedOut},
		}
		for _, c := range cases {
			if c.before != nil {
				c.before()
			}
			a := c.a
			a.Message, a.DispatchDue = sampleMessage(at), at
			err := s.Messages.Accept(ctx, a)
			if !errors.Is(err, c.want) || (c.want == nil) != (err == nil) {
				t.Fatalf("%s: %v, want %v", c.name, err, c.want)
			}
			_, gerr := s.Messages.GetMessage(ctx, a.Message.ID)
			if stored := gerr == nil; stored != (err == nil) {
				t.Fatalf("%s: stored %v after %v", c.name, stored, err)
			}
		}
	})

	run(t, "opt-out changes apply in the order of their times, not of their arrival", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		t0 := now().Truncate(time.Millisecond)
		l := message.Lookup{ZBAID: "acme", Recipient: "4915112345678", OptOut: true}
		mk := &message.MarketingCount{WindowStart: t0.Truncate(time.Hour), Cap: 100, ExpiresAt: t0.Add(time.Hour)}
		steps := []struct {
			name     string
			optedOut bool
			at       time.Time
			// applied: the change is recorded; want: opted out after it.
			applied, want bool
		}{
			{"STOP", true, t0.Add(2 * time.Second), true, true},
			{"an older START arriving late", false, t0.Add(time.Second), false, true},
			{"the STOP again", true, t0.Add(2 * time.Second), true, true},
			{"a later START", false, t0.Add(3 * time.Second), true, false},
			{"the first STOP redelivered", true, t0.Add(2 * time.Second), false, false},
			{"an older START redelivered", false, t0.Add(time.Second), false, false},
			{"a later STOP", true, t0.Add(4 * time.Second), true, true},
		}
		for _, st := range steps {
			applied, err := s.Messages.SetMarketingOptOut(ctx, "acme", "4915112345678", st.optedOut, st.at)
			must(t, err)
			if applied != st.applied {
				t.Fatalf("%s: recorded %v, want %v", st.name, applied, st.applied)
			}
			f, err := s.Messages.Lookup(ctx, l)
			must(t, err)
			if f.OptedOut != st.want {
				t.Fatalf("%s: opted out %v, want %v", st.name, f.OptedOut, st.want)
			}
			a := message.Acceptance{Message: sampleMessage(t0), DispatchDue: t0, CheckOptOut: true, Marketing: mk}
			if err := s.Messages.Accept(ctx, a); errors.Is(err, message.ErrOptedOut) != st.want || err != nil && !st.want {
				t.Fatalf("%s: a marketing acceptance: %v, want refused: %v", st.name, err, st.want)
			}
		}
	})

	run(t, "an accepted message reads back whole, once", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		at := now()
		m := sampleMessage(at)
		must(t, s.Messages.Accept(ctx, message.Acceptance{Message: m, DispatchDue: at}))
		got, err := s.Messages.GetMessage(ctx, m.ID)
		must(t, err)
		if !sameMessage(got, m) {
			t.Fatalf("got %+v, want %+v", got, m)
		}
		if err := s.Messages.Accept(ctx, message.Acceptance{Message: m, DispatchDue: at}); !errors.Is(err, message.ErrExists) {
			t.Fatalf("same id again: %v", err)
		}
		if _, err := s.Messages.GetMessage(ctx, message.NewID()); !errors.Is(err, message.ErrNotFound) {
			t.Fatalf("missing: %v", err)
		}
	})

	run(t, "the marketing cap refuses the whole acceptance", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		at := now()
		mk := &message.MarketingCount{WindowStart: at.Truncate(time.Hour), Cap: 1, ExpiresAt: at.Add(time.Hour)}
		must(t, s.Messages.Accept(ctx, message.Acceptance{Message: sampleMessage(at), DispatchDue: at, Marketing: mk}))
		over := sampleMessage(at)
		if err := s.Messages.Accept(ctx, message.Acceptance{Message: over, DispatchDue: at, Marketing: mk}); !errors.Is(err, message.ErrMarketingCap) {
			t.Fatalf("over the cap: %v", err)
		}
		if _, err := s.Messages.GetMessage(ctx, over.ID); !errors.Is(err, message.ErrNotFound) {
			t.Fatalf("a refused message was stored: %v", err)
		}
	})

	run(t, "idempotency: one lease, completed with the message, released at will", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		at := now().Truncate(time.Millisecond)
		rec := idempotency.Record{Scope: "acme", Key: "k 1/é?", Fingerprint: "fp", Status: idempotency.StatusInProgress, Token: "t1",
			LeaseUntil: at.Add(10 * time.Second), ExpiresAt: at.Add(idempotency.RetentionPeriod)}
		old, err := s.Idempotency.Begin(ctx, rec, at)
		if err != nil || old != nil {
			t.Fatalf("first begin: %+v %v", old, err)
		}
		other := rec
		other.Token, other.Fingerprint = "t2", "fp2"
		old, err = s.Idempotency.Begin(ctx, other, at.Add(time.Second))
		if err != nil || old == nil || old.Status != idempotency.StatusInProgress || old.Fingerprint != "fp" || !old.LeaseUntil.Equal(rec.LeaseUntil) {
			t.Fatalf("second begin in flight: %+v %v", old, err)
		}
		// Another attempt's token neither completes nor releases it.
		m := sampleMessage(at)
		stale := &idempotency.Completion{Claim: idempotency.Claim{Scope: "acme", Key: rec.Key, Token: "t2", ExpiresAt: rec.ExpiresAt},
			Response: idempotency.Response{Status: 200, Body: []byte(`{}`)}}
		if err := s.Messages.Accept(ctx, message.Acceptance{Message: m, DispatchDue: at, Idempotency: stale}); !errors.Is(err, idempotency.ErrNoClaim) {
			t.Fatalf("completion without the lease: %v", err)
		}
		if _, err := s.Messages.GetMessage(ctx, m.ID); !errors.Is(err, message.ErrNotFound) {
			t.Fatalf("message stored without the lease: %v", err)
		}
		must(t, s.Idempotency.Release(ctx, "acme", rec.Key, "t2"))
		done := &idempotency.Completion{Claim: idempotency.Claim{Scope: "acme", Key: rec.Key, Token: "t1", ExpiresAt: rec.ExpiresAt},
			Response: idempotency.Response{Status: 200, Body: []byte(`{"id":"x"}`)}}
		must(t, s.Messages.Accept(ctx, message.Acceptance{Message: m, DispatchDue: at, Idempotency: done}))
		// Completed: it answers repeats even after the lease would end.
		old, err = s.Idempotency.Begin(ctx, other, at.Add(time.Hour))
		if err != nil || old == nil || old.Status != idempotency.StatusCompleted || old.Response == nil ||
			old.Response.Status != 200 || string(old.Response.Body) != `{"id":"x"}` {
			t.Fatalf("completed: %+v %v", old, err)
		}
		must(t, s.Idempotency.Release(ctx, "acme", rec.Key, "t1")) // a completed record is not released
		if old, _ := s.Idempotency.Begin(ctx, other, at.Add(time.Hour)); old == nil {
			t.Fatal("release removed a completed record")
		}
		// Past its retention the key is free again.
		if old, err := s.Idempotency.Begin(ctx, other, at.Add(idempotency.RetentionPeriod+time.Second)); err != nil || old != nil {
			t.Fatalf("after retention: %+v %v", old, err)
		}
	})

	run(t, "a lease ends or is released", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		at := now().Truncate(time.Millisecond)
		rec := idempotency.Record{Scope: "acme", Key: "k", Fingerprint: "fp", Status: idempotency.StatusInProgress, Token: "t1",
			LeaseUntil: at.Add(10 * time.Second), ExpiresAt: at.Add(idempotency.RetentionPeriod)}
		_, err := s.Idempotency.Begin(ctx, rec, at)
		must(t, err)
		next := rec
		next.Token = "t2"
		if old, err := s.Idempotency.Begin(ctx, next, at.Add(10*time.Second)); err != nil || old != nil {
			t.Fatalf("after the lease: %+v %v", old, err)
		}
		must(t, s.Idempotency.Release(ctx, "acme", "k", "t2"))
		next.Token = "t3"
		if old, err := s.Idempotency.Begin(ctx, next, at.Add(11*time.Second)); err != nil || old != nil {
			t.Fatalf("after release: %+v %v", old, err)
		}
		// Scoped to the ZBA.
		rival := rec
		rival.Scope = "rival"
		if old, err := s.Idempotency.Begin(ctx, rival, at); err != nil || old != nil {
			t.Fatalf("another ZBA's key: %+v %v", old, err)
		}
	})

	run(t, "a claim is exclusive until its lease ends, and status moves once", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		at := now().Truncate(time.Millisecond)
		m := sampleMessage(at)
		must(t, s.Messages.Accept(ctx, message.Acceptance{Message: m, DispatchDue: at}))
		got, err := s.Messages.Claim(ctx, m.ID, at, at.Add(30*time.Second))
		if err != nil || got.ID != m.ID || string(got.Body) != string(m.Body) || got.DispatchAttempts != 1 {
			t.Fatalf("claim: %+v %v", got, err)
		}
		// A refused claim counts no attempt; each claim counts one.
		if old, err := s.Messages.Claim(ctx, m.ID, at.Add(29*time.Second), at.Add(time.Minute)); !errors.Is(err, message.ErrNotClaimable) ||
			old.DispatchAttempts != 1 {
			t.Fatalf("second claim in the lease: %+v %v", old, err)
		}
		if got, err := s.Messages.Claim(ctx, m.ID, at.Add(30*time.Second), at.Add(time.Minute)); err != nil || got.DispatchAttempts != 2 {
			t.Fatalf("claim after the lease: %d attempts, %v", got.DispatchAttempts, err)
		}
		moves(t, true)(s.Messages.MarkSent(ctx, m.ID, "net-1", at.Add(time.Second)))
		moves(t, false)(s.Messages.MarkFailed(ctx, m.ID, message.Failure{Code: 131026}, at.Add(2*time.Second)))
		moves(t, false)(s.Messages.MarkSent(ctx, m.ID, "net-2", at.Add(3*time.Second)))
		got, err = s.Messages.GetMessage(ctx, m.ID)
		must(t, err)
		if got.Status != message.StatusSent || got.NetworkID != "net-1" || got.Failure != nil ||
			!got.StatusTimes[message.StatusSent].Equal(at.Add(time.Second)) || !got.StatusTimes[message.StatusAccepted].Equal(at) {
			t.Fatalf("after sent: %+v", got)
		}
		if _, err := s.Messages.Claim(ctx, m.ID, at.Add(time.Hour), at.Add(2*time.Hour)); !errors.Is(err, message.ErrNotClaimable) {
			t.Fatalf("claim of a sent message: %v", err)
		}
		if _, err := s.Messages.Claim(ctx, message.NewID(), at, at); !errors.Is(err, message.ErrNotFound) {
			t.Fatalf("claim of a missing message: %v", err)
		}
		f := sampleMessage(at)
		must(t, s.Messages.Accept(ctx, message.Acceptance{Message: f, DispatchDue: at}))
		moves(t, true)(s.Messages.MarkFailed(ctx, f.ID, message.Failure{Code: 131026, Title: "Undeliverable", Details: "d"}, at))
		got, err = s.Messages.GetMessage(ctx, f.ID)
		must(t, err)
		// A message failed before it was sent never is: its network body
		// is dropped (which shrinks a record too large to claim).
		if got.Status != message.StatusFailed || got.Failure == nil || *got.Failure != (message.Failure{Code: 131026, Title: "Undeliverable", Details: "d"}) ||
			len(got.Body) != 0 || got.Content.Body != f.Content.Body {
			t.Fatalf("after failed: %+v", got)
		}
		if got, err := s.Messages.GetMessage(ctx, m.ID); err != nil || string(got.Body) != string(m.Body) {
			t.Fatalf("a sent message lost its body: %+v %v", got, err)
		}
	})

	run(t, "statuses move forward only", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		at := now().Truncate(time.Millisecond)
		m := sampleMessage(at)
		must(t, s.Messages.Accept(ctx, message.Acceptance{Message: m, DispatchDue: at}))
		steps := []struct {
			to    message.Status
			moved bool
		}{
			{message.StatusSent, true}, {message.StatusSent, false}, {message.StatusRead, true},
			{message.StatusDelivered, false}, {message.StatusFailed, false},
		}
		for i, st := range steps {
			moved, err := s.Messages.Advance(ctx, m.ID, st.to, at.Add(time.Duration(i+1)*time.Second), nil)
			if err != nil || moved != st.moved {
				t.Fatalf("step %d to %s: moved %v %v, want %v", i, st.to, moved, err, st.moved)
			}
		}
		got, err := s.Messages.GetMessage(ctx, m.ID)
		must(t, err)
		if got.Status != message.StatusRead || !got.StatusTimes[message.StatusSent].Equal(at.Add(time.Second)) ||
			!got.StatusTimes[message.StatusRead].Equal(at.Add(3*time.Second)) || got.StatusTimes[message.StatusDelivered] != (time.Time{}) {
			t.Fatalf("after the moves %+v", got)
		}
		f := sampleMessage(at)
		must(t, s.Messages.Accept(ctx, message.Acceptance{Message: f, DispatchDue: at}))
		fail := &message.Failure{Code: 131026, Title: "Message undeliverable", Details: "no account"}
		if moved, err := s.Messages.Advance(ctx, f.ID, message.StatusFailed, at, fail); err != nil || !moved {
			t.Fatalf("fail: %v %v", moved, err)
		}
		if got, _ := s.Messages.GetMessage(ctx, f.ID); got.Failure == nil || *got.Failure != *fail {
			t.Fatalf("failure %+v", got.Failure)
		}
		if due, _ := s.Messages.DueDispatches(ctx, at.Add(time.Hour), 10); len(due) != 0 {
			t.Fatalf("advanced messages still armed: %v", due)
		}
		if _, err := s.Messages.Advance(ctx, message.NewID(), message.StatusSent, at, nil); !errors.Is(err, message.ErrNotFound) {
			t.Fatalf("missing: %v", err)
		}
	})

	run(t, "each move owes its webhook until settled; a refused claim returns the record", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		at := now().Truncate(time.Millisecond)
		owes := func(t *testing.T, id string, want ...message.Status) {
			t.Helper()
			got, err := s.Messages.GetMessage(ctx, id)
			must(t, err)
			if !slices.Equal(got.Owed, want) {
				t.Fatalf("owed %v, want %v", got.Owed, want)
			}
		}
		m := sampleMessage(at)
		must(t, s.Messages.Accept(ctx, message.Acceptance{Message: m, DispatchDue: at}))
		owes(t, m.ID)
		steps := []struct {
			name string
			do   func() error
			owed []message.Status
		}{
			{"dispatch marks sent", func() error { _, err := s.Messages.MarkSent(ctx, m.ID, "net-1", at); return err },
				[]message.Status{message.StatusSent}},
			{"read before sent is settled", func() error { _, err := s.Messages.Advance(ctx, m.ID, message.StatusRead, at, nil); return err },
				[]message.Status{message.StatusSent, message.StatusRead}},
			{"a repeated status owes nothing more", func() error {
				_, err := s.Messages.Advance(ctx, m.ID, message.StatusRead, at.Add(time.Second), nil)
				return err
			}, []message.Status{message.StatusSent, message.StatusRead}},
			{"sent settled", func() error { return s.Messages.Settle(ctx, m.ID, message.StatusSent) },
				[]message.Status{message.StatusRead}},
			{"settled twice: nothing changes", func() error { return s.Messages.Settle(ctx, m.ID, message.StatusSent) },
				[]message.Status{message.StatusRead}},
			{"a status never owed", func() error { return s.Messages.Settle(ctx, m.ID, message.StatusDelivered) },
				[]message.Status{message.StatusRead}},
			{"read settled: nothing owed", func() error { return s.Messages.Settle(ctx, m.ID, message.StatusRead) }, nil},
		}
		for _, st := range steps {
			must(t, st.do())
			owes(t, m.ID, st.owed...)
		}
		// A refused claim returns the message as it is, with what it owes.
		f := sampleMessage(at)
		must(t, s.Messages.Accept(ctx, message.Acceptance{Message: f, DispatchDue: at}))
		moves(t, true)(s.Messages.MarkFailed(ctx, f.ID, message.Failure{Code: 131026, Title: "Undeliverable"}, at))
		got, err := s.Messages.Claim(ctx, f.ID, at, at.Add(time.Minute))
		if !errors.Is(err, message.ErrNotClaimable) || got.ID != f.ID || got.Status != message.StatusFailed ||
			!slices.Equal(got.Owed, []message.Status{message.StatusFailed}) || got.Failure == nil || got.Failure.Code != 131026 {
			t.Fatalf("claim of a failed message: %+v %v", got, err)
		}
		// Settling a message that does not exist creates nothing.
		gone := message.NewID()
		must(t, s.Messages.Settle(ctx, gone, message.StatusSent))
		if _, err := s.Messages.GetMessage(ctx, gone); !errors.Is(err, message.ErrNotFound) {
			t.Fatalf("settle of a missing message: %v", err)
		}
	})

	run(t, "a sent status that overtakes the dispatch leaves the network id to it", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		at := now().Truncate(time.Millisecond)
		m := sampleMessage(at)
		must(t, s.Messages.Accept(ctx, message.Acceptance{Message: m, DispatchDue: at}))
		if moved, err := s.Messages.Advance(ctx, m.ID, message.StatusDelivered, at, nil); err != nil || !moved {
			t.Fatalf("advance: %v %v", moved, err)
		}
		moves(t, false)(s.Messages.MarkSent(ctx, m.ID, "wamid.1", at.Add(time.Second)))
		moves(t, false)(s.Messages.MarkSent(ctx, m.ID, "wamid.2", at.Add(time.Second)))
		got, err := s.Messages.GetMessage(ctx, m.ID)
		must(t, err)
		if got.Status != message.StatusDelivered || got.NetworkID != "wamid.1" || !got.StatusTimes[message.StatusSent].IsZero() {
			t.Fatalf("after a late dispatch %+v", got)
		}
	})

	run(t, "an inbound message is handled once; the last template delivered is kept per recipient", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		at := now()
		for i, want := range []bool{true, false} {
			first, err := s.Messages.MarkInboundSeen(ctx, "pn-1", "wamid.A", at)
			if err != nil || first != want {
				t.Fatalf("mark %d: %v %v, want %v", i, first, err, want)
			}
		}
		for _, other := range [][2]string{{"pn-2", "wamid.A"}, {"pn-1", "wamid.B"}} {
			if first, err := s.Messages.MarkInboundSeen(ctx, other[0], other[1], at); err != nil || !first {
				t.Fatalf("mark %v: %v %v", other, first, err)
			}
		}
		if last, err := s.Messages.LastTemplate(ctx, "acme", "4915112345678"); err != nil || last != nil {
			t.Fatalf("last before any: %+v %v", last, err)
		}
		for _, name := range []string{"order", "promo"} {
			must(t, s.Messages.SetLastTemplate(ctx, "acme", "4915112345678", message.TemplateRef{Name: name, Language: "en_US", Category: "MARKETING"}, at))
		}
		last, err := s.Messages.LastTemplate(ctx, "acme", "4915112345678")
		if err != nil || last == nil || *last != (message.TemplateRef{Name: "promo", Language: "en_US", Category: "MARKETING"}) {
			t.Fatalf("last %+v %v", last, err)
		}
		if other, err := s.Messages.LastTemplate(ctx, "acme", "4915100000009"); err != nil || other != nil {
			t.Fatalf("another recipient's: %+v %v", other, err)
		}
	})

	run(t, "armed dispatches come due, re-arm, and disarm when sent", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		at := now()
		a, b := sampleMessage(at), sampleMessage(at)
		must(t, s.Messages.Accept(ctx, message.Acceptance{Message: a, DispatchDue: at}))
		must(t, s.Messages.Accept(ctx, message.Acceptance{Message: b, DispatchDue: at.Add(time.Minute)}))
		due := func(t *testing.T, when time.Time, want ...string) {
			t.Helper()
			got, err := s.Messages.DueDispatches(ctx, when, 10)
			must(t, err)
			if len(got) != len(want) || (len(want) > 0 && !sameSet(got, want)) {
				t.Fatalf("due at %s: %v, want %v", when, got, want)
			}
		}
		due(t, at.Add(-time.Second))
		due(t, at, a.ID)
		due(t, at.Add(time.Minute), a.ID, b.ID)
		must(t, s.Messages.RearmDispatch(ctx, a.ID, at.Add(2*time.Minute)))
		due(t, at.Add(time.Minute), b.ID)
		moves(t, true)(s.Messages.MarkSent(ctx, b.ID, "n", at))
		must(t, s.Messages.RearmDispatch(ctx, b.ID, at)) // disarmed: stays so
		due(t, at.Add(time.Hour), a.ID)
	})
}

func sameSet(a, b []string) bool {
	m := map[string]int{}
	for _, s := range a {
		m[s]++
	}
	for _, s := range b {
		m[s]--
	}
	for _, n := range m {
		if n != 0 {
			return false
		}
	}
	return true
}

// sameMessage compares messages with times as instants.
func sameMessage(a, b message.Message) bool {
	norm := func(m message.Message) message.Message {
		m.CreatedAt, m.UpdatedAt = m.CreatedAt.UTC(), m.UpdatedAt.UTC()
		times := map[message.Status]time.Time{}
		for k, v := range m.StatusTimes {
			times[k] = v.UTC()
		}
		m.StatusTimes = times
		return m
	}
	return reflect.DeepEqual(norm(a), norm(b))
}

// moves checks a status move's report: whether it moved, and no error.
func moves(t *testing.T, want bool) func(bool, error) {
	t.Helper()
	return func(moved bool, err error) {
		t.Helper()
		if err != nil || moved != want {
			t.Fatalf("moved %v (%v), want %v", moved, err, want)
		}
	}
}

// optOut records an opt-out change that must be recorded.
func optOut(t *testing.T, s message.InboundStore, zbaID, recipient string, optedOut bool, at time.Time) {
	t.Helper()
	applied, err := s.SetMarketingOptOut(t.Context(), zbaID, recipient, optedOut, at)
	if err != nil || !applied {
		t.Fatalf("opt-out %v at %s: recorded %v, %v", optedOut, at, applied, err)
	}
}
