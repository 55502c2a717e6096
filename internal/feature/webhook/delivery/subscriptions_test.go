package delivery

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"reflect"
	"sync"
	"testing"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/webhook"
	"svc/internal/platform/secretkey"
)

// countingSubs is a subscription store that counts its reads, whose
// subscription a test changes as set_webhook would.
type countingSubs struct {
	subs
	reads int
}

func (s *countingSubs) GetZBA(ctx context.Context, id string) (account.ZBA, error) {
	s.reads++
	return s.subs.GetZBA(ctx, id)
}

// drivenClock is a clock the test moves.
type drivenClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *drivenClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *drivenClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func TestSubscriptionCache(t *testing.T) {
	subscribed := account.ZBA{ID: "acme", WebhookURL: "https://hooks.example.com/1", WebhookGeneration: 1}
	rotated := account.ZBA{ID: "acme", WebhookURL: "https://hooks.example.com/2", WebhookGeneration: 2}
	// A step: optionally change the store or the clock, or act on the
	// cache, then read and expect a subscription and a count of reads.
	type step struct {
		store   *account.ZBA
		advance time.Duration
		act     func(c *SubscriptionCache)
		want    account.ZBA
		reads   int
	}
	cases := []struct {
		name  string
		steps []step
	}{
		{"kept within the TTL", []step{
			{store: &subscribed, want: subscribed, reads: 1},
			{advance: SubscriptionTTL - time.Millisecond, want: subscribed, reads: 1},
		}},
		{"a rotation is read once the TTL has passed", []step{
			{store: &subscribed, want: subscribed, reads: 1},
			{store: &rotated, advance: time.Second, want: subscribed, reads: 1},
			{advance: SubscriptionTTL - time.Second, want: rotated, reads: 2},
			{advance: time.Second, want: rotated, reads: 2},
		}},
		{"forgetting reads again at once", []step{
			{store: &subscribed, want: subscribed, reads: 1},
			{store: &rotated, act: func(c *SubscriptionCache) { c.Forget("acme") }, want: rotated, reads: 2},
		}},
		{"disabling forgets", []step{
			{store: &subscribed, want: subscribed, reads: 1},
			{act: func(c *SubscriptionCache) { _ = c.DisableWebhook(context.Background(), "acme", 1) },
				want: account.ZBA{ID: "acme", WebhookGeneration: 1}, reads: 2},
		}},
		{"no subscription is never kept", []step{
			{store: &account.ZBA{ID: "acme"}, want: account.ZBA{ID: "acme"}, reads: 1},
			{store: &subscribed, want: subscribed, reads: 2},
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			clock := &drivenClock{t: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
			store := &countingSubs{}
			c := NewSubscriptionCache(store, SubscriptionTTL, clock.Now)
			for i, s := range tc.steps {
				if s.store != nil {
					store.zba = *s.store
				}
				clock.Advance(s.advance)
				if s.act != nil {
					s.act(c)
				}
				got, err := c.GetZBA(context.Background(), "acme")
				if err != nil || !reflect.DeepEqual(got, s.want) || store.reads != s.reads {
					t.Fatalf("step %d: %+v, %v after %d reads; want %+v after %d", i, got, err, store.reads, s.want, s.reads)
				}
			}
		})
	}
}

func TestSubscriptionCacheKeepsNoMissingZBA(t *testing.T) {
	clock := &drivenClock{t: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
	store := &countingSubs{}
	c := NewSubscriptionCache(store, SubscriptionTTL, clock.Now)
	if _, err := c.GetZBA(context.Background(), "acme"); err != account.ErrZBANotFound {
		t.Fatalf("%v, want account.ErrZBANotFound", err)
	}
	store.zba = account.ZBA{ID: "acme", WebhookURL: "https://hooks.example.com", WebhookGeneration: 1}
	if got, err := c.GetZBA(context.Background(), "acme"); err != nil || got.WebhookURL == "" || store.reads != 2 {
		t.Fatalf("%+v, %v after %d reads; want the new subscription at once", got, err, store.reads)
	}
}

func TestSubscriptionCacheIsBounded(t *testing.T) {
	clock := &drivenClock{t: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
	store := &countingSubs{subs: subs{zba: account.ZBA{ID: "z", WebhookURL: "https://hooks.example.com", WebhookGeneration: 1}}}
	c := NewSubscriptionCache(store, SubscriptionTTL, clock.Now)
	for i := range 3 * maxCachedSubscriptions {
		if _, err := c.GetZBA(context.Background(), string(rune('a'+i%26))+string(rune(i))); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(c.m); n > maxCachedSubscriptions {
		t.Fatalf("%d entries kept, want at most %d", n, maxCachedSubscriptions)
	}
}

// recordingSender answers with the next status and notes where each
// attempt went and with which secret.
type recordingSender struct {
	statuses []int
	urls     []string
	secrets  []string
}

func (s *recordingSender) Deliver(_ context.Context, url, secret string, _ webhook.Event, now time.Time) webhook.Attempt {
	s.urls, s.secrets = append(s.urls, url), append(s.secrets, secret)
	code := s.statuses[0]
	s.statuses = s.statuses[1:]
	return webhook.Attempt{At: now, StatusCode: code}
}

// A rotation between two attempts: the second attempt of an event that
// failed goes to the new URL with the new secret, however soon it comes;
// a new event after a delivered one reaches the rotation within the TTL.
func TestHandleReadsTheSubscriptionAgainAfterAFailure(t *testing.T) {
	master := []byte("0123456789abcdef0123456789abcdef")
	old := account.ZBA{ID: "acme", WebhookURL: "https://hooks.example.com/old", WebhookGeneration: 1}
	rotated := account.ZBA{ID: "acme", WebhookURL: "https://hooks.example.com/new", WebhookGeneration: 2}
	cases := []struct {
		name      string
		first     int           // the first attempt's answer
		advance   time.Duration // before the next attempt or event
		wantURL   string
		wantGen   int
		wantReads int
	}{
		{"retry after a failure, at once", 401, 0, rotated.WebhookURL, 2, 2},
		{"next event within the TTL after a success", 200, time.Second, old.WebhookURL, 1, 1},
		{"next event after the TTL", 200, SubscriptionTTL, rotated.WebhookURL, 2, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			clock := &drivenClock{t: time.Date(2026, 11, 23, 9, 0, 0, 0, time.UTC)}
			store := &countingSubs{subs: subs{zba: old}}
			snd := &recordingSender{statuses: []int{tc.first, 200}}
			svc := Service{Subscriptions: NewSubscriptionCache(store, SubscriptionTTL, clock.Now), Attempts: &attempts{},
				Queue: Queue{Publisher: &queue{}}, DeadLetters: &queue{}, Sender: snd, Master: secretkey.StaticMaster(master),
				Delay: func(n int) (time.Duration, bool) { return 0, n <= 3 }, Now: clock.Now,
				Log: slog.New(slog.NewTextHandler(io.Discard, nil))}
			ev := webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "APPROVED", "", 1, clock.Now())
			job, _ := json.Marshal(NewJob(ev))
			if err := svc.Handle(context.Background(), job); err != nil {
				t.Fatal(err)
			}
			store.zba = rotated
			clock.Advance(tc.advance)
			if tc.first != 200 {
				job, _ = json.Marshal(Job{Event: ev, Attempt: 2})
			}
			if err := svc.Handle(context.Background(), job); err != nil {
				t.Fatal(err)
			}
			wantSecret := webhook.DeriveSecret(master, "acme", tc.wantGen)
			if len(snd.urls) != 2 || snd.urls[1] != tc.wantURL || snd.secrets[1] != wantSecret || store.reads != tc.wantReads {
				t.Fatalf("second attempt to %v (secret of generation %d: %v), %d reads; want %s, generation %d, %d reads",
					snd.urls, tc.wantGen, snd.secrets[1] == wantSecret, store.reads, tc.wantURL, tc.wantGen, tc.wantReads)
			}
		})
	}
}
