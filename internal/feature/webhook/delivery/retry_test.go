package delivery_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/local/memstore"
	"svc/internal/platform/secretkey"
)

// The webhook consumer over the in-memory store, on the production retry
// schedule without its jitter: jobs go through an in-memory queue, whose
// delays the test plays out by moving the clock.

var (
	t0     = time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	master = []byte("0123456789abcdef0123456789abcdef")
	hook   = "https://hooks.example.com/svc"
)

type fixture struct {
	svc         delivery.Service
	store       *memstore.Store
	queue, dead *memstore.Queue
	sender      *memstore.Sender
	clock       *memstore.Clock
	event       webhook.Event
}

// newFixture is acme subscribed at generation 1, and a receiver that
// answers with answers in turn (200 when none).
func newFixture(t *testing.T, answers ...webhook.Attempt) fixture {
	t.Helper()
	f := fixture{store: memstore.New(), queue: &memstore.Queue{}, dead: &memstore.Queue{},
		sender: memstore.NewSender(answers...), clock: memstore.NewClock(t0)}
	if err := f.store.CreateZBA(t.Context(), account.ZBA{ID: "acme", Name: "Acme", CreatedAt: t0}); err != nil {
		t.Fatal(err)
	}
	if err := f.store.SetWebhook(t.Context(), "acme", hook, nil, 1); err != nil {
		t.Fatal(err)
	}
	f.svc = delivery.Service{Subscriptions: f.store.Webhooks, Attempts: f.store.Webhooks,
		Queue: delivery.Queue{Publisher: f.queue}, DeadLetters: f.dead, Sender: f.sender,
		Master: secretkey.StaticMaster(master), Delay: nominal, Now: f.clock.Now,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	f.event = webhook.StatusUpdate("acme", "acme_order_shipped_en", "order_shipped", "en", "UTILITY", "APPROVED", "", 1, t0)
	return f
}

// nominal is the production schedule with the jitter at its midpoint, so
// every wait is the nominal one.
func nominal(n int) (time.Duration, bool) { return webhook.Delay(n, func() float64 { return 0.5 }) }

func jobBody(t *testing.T, j delivery.Job) []byte {
	t.Helper()
	b, err := json.Marshal(j)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// requeued decodes the jobs put back on the queue, with their delays, and
// empties it.
func (f fixture) requeued(t *testing.T) ([]delivery.Job, []time.Duration) {
	t.Helper()
	var jobs []delivery.Job
	var delays []time.Duration
	for _, m := range f.queue.Take() {
		var j delivery.Job
		if err := json.Unmarshal(m.Body, &j); err != nil {
			t.Fatal(err)
		}
		jobs, delays = append(jobs, j), append(delays, m.Delay)
	}
	return jobs, delays
}

func (f fixture) attempts(t *testing.T) []delivery.AttemptRecord {
	t.Helper()
	rs, err := f.store.ListAttempts(t.Context(), "acme", f.event.ID)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func TestDeliverSignsForTheSubscription(t *testing.T) {
	f := newFixture(t, webhook.Attempt{StatusCode: 204, Latency: 120 * time.Millisecond, RemoteAddr: "203.0.113.9:443"})
	if err := f.svc.Handle(t.Context(), jobBody(t, delivery.NewJob(f.event))); err != nil {
		t.Fatal(err)
	}
	calls := f.sender.Deliveries()
	if len(calls) != 1 || calls[0].URL != hook || calls[0].Secret != webhook.DeriveSecret(master, "acme", 1) ||
		calls[0].Event.ID != f.event.ID || !calls[0].At.Equal(t0) {
		t.Fatalf("deliveries %+v; want one to %s signed with generation 1's secret", calls, hook)
	}
	want := delivery.AttemptRecord{EventID: f.event.ID, Attempt: 1, At: t0, StatusCode: 204, LatencyMS: 120,
		RemoteAddr: "203.0.113.9:443"}
	if got := f.attempts(t); len(got) != 1 || got[0] != want {
		t.Fatalf("recorded %+v, want %+v", got, want)
	}
	if jobs, _ := f.requeued(t); len(jobs) != 0 || len(f.dead.Messages()) != 0 {
		t.Fatalf("a delivered event went back to a queue: %+v, %d dead", jobs, len(f.dead.Messages()))
	}
}

func TestFailedAttemptFollowsTheSchedule(t *testing.T) {
	for n := 1; n < webhook.MaxAttempts; n++ {
		f := newFixture(t, webhook.Attempt{StatusCode: 500, Error: "HTTP 500"})
		if err := f.svc.Handle(t.Context(), jobBody(t, delivery.Job{Event: f.event, Attempt: n})); err != nil {
			t.Fatalf("attempt %d: %v", n, err)
		}
		wait, _ := nominal(n + 1)
		jobs, delays := f.requeued(t)
		want := delivery.Job{Event: f.event, Attempt: n + 1, NotBefore: t0.Add(wait)}
		if len(jobs) != 1 || jobs[0].Attempt != want.Attempt || !jobs[0].NotBefore.Equal(want.NotBefore) ||
			jobs[0].Event.ID != f.event.ID || delays[0] != min(wait, delivery.MaxHop) {
			t.Errorf("after attempt %d failed: %+v in %v; want attempt %d due at %v in %v", n, jobs, delays,
				n+1, want.NotBefore, min(wait, delivery.MaxHop))
		}
		if got := f.attempts(t); len(got) != 1 || got[0].Attempt != n || got[0].StatusCode != 500 || got[0].Error != "HTTP 500" {
			t.Errorf("attempt %d recorded as %+v", n, got)
		}
		if len(f.dead.Messages()) != 0 {
			t.Errorf("attempt %d: dead-lettered with attempts left", n)
		}
	}
}

// TestRetryAfterOnlyLengthensTheWait, over (schedule step, Retry-After,
// status): a Retry-After on a 429, 502, 503 or 504 is the least the
// receiver wants waited, so the wait before the next attempt is the
// schedule's or the receiver's, whichever is longer, the receiver's bounded
// by webhook.MaxRetryAfter; any other status's Retry-After changes nothing.
func TestRetryAfterOnlyLengthensTheWait(t *testing.T) {
	const (
		sec  = time.Second
		mins = time.Minute
		hour = time.Hour
		week = 7 * 24 * hour
	)
	cases := []struct {
		attempt    int // the attempt that failed; the wait is the schedule's before attempt+1
		status     int
		retryAfter time.Duration
		want       time.Duration
	}{
		// Retry-After: 1, the probe's: the schedule stands at every step.
		{1, 503, sec, 5 * sec}, {2, 503, sec, 5 * mins}, {3, 503, sec, 30 * mins}, {4, 503, sec, 2 * hour},
		{5, 503, sec, 5 * hour}, {6, 503, sec, 10 * hour}, {7, 503, sec, 10 * hour},
		// Shorter than the schedule, on each status that carries one.
		{3, 429, 2 * mins, 30 * mins}, {3, 502, 10 * sec, 30 * mins}, {3, 504, mins, 30 * mins},
		// Longer than the schedule: waited.
		{1, 429, 2 * mins, 2 * mins}, {2, 503, 20 * mins, 20 * mins}, {4, 502, 3 * hour, 3 * hour}, {5, 504, 8 * hour, 8 * hour},
		// Beyond the bound: the bound, or the schedule's own wait where it is as long.
		{1, 503, week, webhook.MaxRetryAfter}, {4, 429, 12 * hour, webhook.MaxRetryAfter}, {6, 503, week, 10 * hour},
		// A 500's (or another status's) Retry-After is not read.
		{1, 500, 2 * mins, 5 * sec}, {3, 500, 2 * hour, 30 * mins}, {3, 408, 2 * hour, 30 * mins},
		// None.
		{3, 503, 0, 30 * mins}, {1, 429, 0, 5 * sec},
	}
	for _, tc := range cases {
		name := fmt.Sprintf("attempt %d, %d, Retry-After %s", tc.attempt, tc.status, tc.retryAfter)
		t.Run(name, func(t *testing.T) {
			f := newFixture(t, webhook.Attempt{StatusCode: tc.status, RetryAfter: tc.retryAfter})
			if err := f.svc.Handle(t.Context(), jobBody(t, delivery.Job{Event: f.event, Attempt: tc.attempt})); err != nil {
				t.Fatal(err)
			}
			jobs, delays := f.requeued(t)
			if len(jobs) != 1 || jobs[0].Attempt != tc.attempt+1 || !jobs[0].NotBefore.Equal(t0.Add(tc.want)) ||
				delays[0] != min(tc.want, delivery.MaxHop) {
				t.Fatalf("re-queued %+v in %v; want attempt %d due in %v", jobs, delays, tc.attempt+1, tc.want)
			}
		})
	}
}

// TestRetryAfterCannotSpendTheAttempts plays an event out against a
// receiver that answers every attempt the same way, moving the clock by
// each re-queued message's delay: one answering 503 with Retry-After: 1
// gets every attempt on the schedule, the last 27 h 35 min after the
// first, before the event is dead-lettered; one asking for a week each
// time gets them 10 h apart at most (webhook.MaxRetryAfter).
func TestRetryAfterCannotSpendTheAttempts(t *testing.T) {
	cases := []struct {
		name       string
		retryAfter time.Duration
		span       time.Duration // first attempt to last
	}{
		{"Retry-After: 1", time.Second, 27*time.Hour + 35*time.Minute + 5*time.Second},
		{"Retry-After: a week", 7 * 24 * time.Hour, time.Duration(webhook.MaxAttempts-1) * webhook.MaxRetryAfter},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, webhook.Attempt{StatusCode: 503, Error: "HTTP 503", RetryAfter: tc.retryAfter})
			body := jobBody(t, delivery.NewJob(f.event))
			for hops := 0; len(f.dead.Messages()) == 0; hops++ {
				if hops > 1000 {
					t.Fatal("never dead-lettered")
				}
				if err := f.svc.Handle(t.Context(), body); err != nil {
					t.Fatal(err)
				}
				msgs := f.queue.Take()
				if len(msgs) == 0 {
					break
				}
				if len(msgs) != 1 {
					t.Fatalf("%d messages re-queued", len(msgs))
				}
				f.clock.Advance(msgs[0].Delay)
				body = msgs[0].Body
			}
			d := f.sender.Deliveries()
			if len(d) != webhook.MaxAttempts || len(f.dead.Messages()) != 1 {
				t.Fatalf("%d attempts, %d dead letters; want %d attempts, then the DLQ", len(d), len(f.dead.Messages()), webhook.MaxAttempts)
			}
			if span := d[len(d)-1].At.Sub(d[0].At); span != tc.span {
				t.Fatalf("the attempts span %s, want %s", span, tc.span)
			}
			for i := 1; i < len(d); i++ {
				wait, _ := nominal(i + 1)
				if gap := d[i].At.Sub(d[i-1].At); gap < wait {
					t.Errorf("attempt %d came %s after attempt %d, sooner than the schedule's %s", i+1, gap, i, wait)
				}
			}
		})
	}
}

func TestAJobNotYetDueHopsUntilItIs(t *testing.T) {
	f := newFixture(t)
	due := t0.Add(2*time.Hour + 5*time.Minute)
	body := jobBody(t, delivery.Job{Event: f.event, Attempt: 5, NotBefore: due})
	hops := 0
	for len(f.sender.Deliveries()) == 0 {
		if err := f.svc.Handle(t.Context(), body); err != nil {
			t.Fatal(err)
		}
		msgs := f.queue.Take()
		if len(f.sender.Deliveries()) > 0 {
			break
		}
		if len(msgs) != 1 || string(msgs[0].Body) != string(body) || msgs[0].Delay > delivery.MaxHop {
			t.Fatalf("hop %d: %+v; want the same job again within one hop", hops, msgs)
		}
		if hops++; hops > 20 {
			t.Fatal("the job never became due")
		}
		f.clock.Advance(msgs[0].Delay)
		if len(f.attempts(t)) != 0 {
			t.Fatal("a hop recorded an attempt")
		}
	}
	// Eight full hops and one of five minutes.
	if d := f.sender.Deliveries(); hops != 9 || !d[0].At.Equal(due) {
		t.Fatalf("delivered at %v after %d hops; want at %v after 9", d[0].At, hops, due)
	}
	if got := f.attempts(t); len(got) != 1 || got[0].Attempt != 5 {
		t.Fatalf("recorded %+v; want attempt 5", got)
	}
}

func TestGoneEndsTheSubscription(t *testing.T) {
	f := newFixture(t, webhook.Attempt{StatusCode: 410})
	ctx := t.Context()
	if err := f.svc.Handle(ctx, jobBody(t, delivery.NewJob(f.event))); err != nil {
		t.Fatal(err)
	}
	z, err := f.store.GetZBA(ctx, "acme")
	if err != nil || z.WebhookURL != "" || z.WebhookGeneration != 1 {
		t.Fatalf("after a 410: %+v, %v; want no URL, generation kept", z, err)
	}
	if jobs, _ := f.requeued(t); len(jobs) != 0 || len(f.dead.Messages()) != 0 || len(f.attempts(t)) != 1 {
		t.Fatalf("a 410 ends the event: re-queued %+v, %d dead, attempts %+v", jobs, len(f.dead.Messages()), f.attempts(t))
	}

	// Later events are dropped until the operator subscribes again, which
	// derives a new secret.
	later := webhook.StatusUpdate("acme", "acme_other_en", "other", "en", "UTILITY", "REJECTED", "SCAM", 1, t0)
	if err := f.svc.Handle(ctx, jobBody(t, delivery.NewJob(later))); err != nil {
		t.Fatal(err)
	}
	if n := len(f.sender.Deliveries()); n != 1 {
		t.Fatalf("%d deliveries; want none after the 410", n-1)
	}
	if err := f.store.SetWebhook(ctx, "acme", "https://hooks.example.com/v2", nil, 2); err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Handle(ctx, jobBody(t, delivery.NewJob(later))); err != nil {
		t.Fatal(err)
	}
	d := f.sender.Deliveries()
	if len(d) != 2 || d[1].URL != "https://hooks.example.com/v2" || d[1].Secret != webhook.DeriveSecret(master, "acme", 2) {
		t.Fatalf("after resubscribing: %+v", d)
	}
}

func TestSpentAttemptsGoToTheDeadLetterQueue(t *testing.T) {
	for _, answer := range []webhook.Attempt{
		{StatusCode: 500},
		{StatusCode: 503, RetryAfter: time.Second},
		{StatusCode: 0, Error: "connection refused"},
	} {
		f := newFixture(t, answer)
		body := jobBody(t, delivery.Job{Event: f.event, Attempt: webhook.MaxAttempts})
		if err := f.svc.Handle(t.Context(), body); err != nil {
			t.Fatal(err)
		}
		dead := f.dead.Messages()
		if len(dead) != 1 || string(dead[0].Body) != string(body) {
			t.Fatalf("%d after the last attempt: dead letters %+v; want the job as received", answer.StatusCode, dead)
		}
		if jobs, _ := f.requeued(t); len(jobs) != 0 {
			t.Fatalf("%d: re-queued %+v after the last attempt", answer.StatusCode, jobs)
		}
		if got := f.attempts(t); len(got) != 1 || got[0].Attempt != webhook.MaxAttempts {
			t.Fatalf("%d: recorded %+v", answer.StatusCode, got)
		}
	}
}

func TestNoSubscriptionDropsTheEvent(t *testing.T) {
	cases := []struct {
		name    string
		zbaID   string
		disable bool
	}{
		{"a ZBA that does not exist", "ghost", false},
		{"a ZBA without a webhook", "acme", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			if tc.disable {
				if err := f.store.DisableWebhook(t.Context(), "acme", 1); err != nil {
					t.Fatal(err)
				}
			}
			ev := f.event
			ev.ZBAID = tc.zbaID
			if err := f.svc.Handle(t.Context(), jobBody(t, delivery.NewJob(ev))); err != nil {
				t.Fatalf("an event nobody subscribed to is done with: %v", err)
			}
			if len(f.sender.Deliveries()) != 0 || len(f.attempts(t)) != 0 || len(f.queue.Messages()) != 0 || len(f.dead.Messages()) != 0 {
				t.Fatal("an event without a subscription went somewhere")
			}
		})
	}
}

func TestUnreadableJobsAreRefused(t *testing.T) {
	f := newFixture(t)
	for _, body := range []string{
		`not json`,
		`{"event":{"id":"","zba_id":"acme"},"attempt":1}`,
		`{"event":{"id":"evt_1","zba_id":""},"attempt":1}`,
		`{"event":{"id":"evt_1","zba_id":"acme"},"attempt":0}`,
	} {
		if err := f.svc.Handle(t.Context(), []byte(body)); err == nil {
			t.Errorf("%s: accepted; want an error, so that it ends in the dead-letter queue", body)
		}
	}
	if len(f.sender.Deliveries()) != 0 {
		t.Fatal("an unreadable job was delivered")
	}
}

func TestAFailedRequeueIsRetried(t *testing.T) {
	f := newFixture(t, webhook.Attempt{StatusCode: 500})
	down := errors.New("queue unreachable")
	f.queue.FailWith(down)
	if err := f.svc.Handle(t.Context(), jobBody(t, delivery.NewJob(f.event))); !errors.Is(err, down) {
		t.Fatalf("%v; want the queue's error, so that the message is received again", err)
	}
	// The attempt was made and is on record; the retried message records
	// it again over the same key.
	if got := f.attempts(t); len(got) != 1 || got[0].Attempt != 1 {
		t.Fatalf("recorded %+v", got)
	}
}

// run plays the webhook queue out: it receives every message, moves the
// clock to when it would be received, and handles it, until the queue is
// empty.
func (f fixture) run(t *testing.T, first []byte) {
	t.Helper()
	pending := []memstore.Message{{Body: first}}
	for steps := 0; len(pending) > 0; steps++ {
		if steps > 500 {
			t.Fatal("the queue never drained")
		}
		m := pending[0]
		f.clock.Advance(m.Delay)
		if err := f.svc.Handle(t.Context(), m.Body); err != nil {
			t.Fatal(err)
		}
		pending = append(pending[1:], f.queue.Take()...)
	}
}

func TestAnEventOutlivesAnOutage(t *testing.T) {
	down := webhook.Attempt{StatusCode: 503}
	f := newFixture(t, down, down, down, down, down, webhook.Attempt{StatusCode: 200})
	f.run(t, jobBody(t, delivery.NewJob(f.event)))

	d := f.sender.Deliveries()
	if len(d) != 6 {
		t.Fatalf("%d deliveries, want 6", len(d))
	}
	// 0 + 5 s + 5 min + 30 min + 2 h + 5 h: attempt 6 goes out 7 h 35 min 5 s in.
	if want := t0.Add(7*time.Hour + 35*time.Minute + 5*time.Second); !d[5].At.Equal(want) {
		t.Fatalf("delivered at %v, want %v", d[5].At, want)
	}
	for i, x := range d {
		if x.Event.ID != f.event.ID || string(x.Event.Body()) != string(f.event.Body()) {
			t.Fatalf("attempt %d sent %s %s; every attempt sends the same event", i+1, x.Event.ID, x.Event.Body())
		}
	}
	var numbers []int
	for _, a := range f.attempts(t) {
		numbers = append(numbers, a.Attempt)
	}
	if !slices.Equal(numbers, []int{1, 2, 3, 4, 5, 6}) || len(f.dead.Messages()) != 0 {
		t.Fatalf("attempts %v, %d dead", numbers, len(f.dead.Messages()))
	}
}

func TestAnEventThatNeverLandsIsDeadLettered(t *testing.T) {
	f := newFixture(t, webhook.Attempt{StatusCode: 500})
	f.run(t, jobBody(t, delivery.NewJob(f.event)))
	d := f.sender.Deliveries()
	var total time.Duration
	for n := 1; n <= webhook.MaxAttempts; n++ {
		w, _ := nominal(n)
		total += w
	}
	if len(d) != webhook.MaxAttempts || !d[len(d)-1].At.Equal(t0.Add(total)) {
		t.Fatalf("%d deliveries, the last at %v; want %d, the last %v in", len(d), d[len(d)-1].At.Sub(t0), webhook.MaxAttempts, total)
	}
	dead := f.dead.Messages()
	if len(dead) != 1 {
		t.Fatalf("%d dead letters, want 1", len(dead))
	}
	var j delivery.Job
	if err := json.Unmarshal(dead[0].Body, &j); err != nil || j.Attempt != webhook.MaxAttempts || j.Event.ID != f.event.ID {
		t.Fatalf("dead letter %+v, %v; want the last attempt's job", j, err)
	}
	if n := len(f.attempts(t)); n != webhook.MaxAttempts {
		t.Fatalf("%d attempts recorded, want %d", n, webhook.MaxAttempts)
	}
}

// Jobs go on the queue as ASCII-only JSON (the SQS emulator refuses
// emoji), and a messages event with user text comes back from a retry
// with the same body.
func TestQueuedJobsAreASCII(t *testing.T) {
	f := newFixture(t, webhook.Attempt{StatusCode: 503}, webhook.Attempt{StatusCode: 200})
	e, err := webhook.InboundMessage("acme", webhook.Metadata{PhoneNumberID: "pn_1"}, webhook.Inbound{ID: "svcmid.i", From: "1",
		ProfileName: "Zoë 👩🏽‍💻", At: t0, Type: "location", Object: json.RawMessage(`{"latitude":52.516275000000000001,"name":"Café 🎉\u007f"}`)})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.svc.Queue.Enqueue(t.Context(), delivery.NewJob(e)); err != nil {
		t.Fatal(err)
	}
	first := f.queue.Take()
	if err := f.svc.Handle(t.Context(), first[0].Body); err != nil {
		t.Fatal(err)
	}
	retry := f.queue.Take()
	for _, m := range append(first, retry...) {
		for i, c := range m.Body {
			if c >= 0x7f {
				t.Fatalf("byte %d of a queued job is 0x%02x: %s", i, c, m.Body)
			}
		}
	}
	f.run(t, retry[0].Body)
	d := f.sender.Deliveries()
	if len(d) != 2 || string(d[1].Event.Body()) != string(e.Body()) || d[1].Event.ID != e.ID {
		t.Fatalf("%d deliveries; the retry sent %s, want %s", len(d), d[len(d)-1].Event.Body(), e.Body())
	}
}
