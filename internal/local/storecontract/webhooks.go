package storecontract

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"testing"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
)

// SubscriptionStores is what the Subscriptions contract needs: the port
// under test and the account store that creates ZBAs and sets their
// subscriptions, over the same state (one value may be both).
type SubscriptionStores struct {
	Accounts      account.Store
	Subscriptions delivery.Subscriptions
}

// Subscriptions is the contract of delivery.Subscriptions: the delivery
// side reads the subscription the operator set, and disables only the
// generation it delivered to.
func Subscriptions(t *testing.T, newStores func(t *testing.T) SubscriptionStores) {
	run(t, "the subscription set is the one read", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		if _, err := s.Subscriptions.GetZBA(ctx, "acme"); !errors.Is(err, account.ErrZBANotFound) {
			t.Fatalf("missing: %v, want account.ErrZBANotFound", err)
		}
		must(t, s.Accounts.CreateZBA(ctx, account.ZBA{ID: "acme", Name: "Acme", CreatedAt: now()}))
		must(t, s.Accounts.SetWebhook(ctx, "acme", "https://x.example/hook", nil, 1))
		z, err := s.Subscriptions.GetZBA(ctx, "acme")
		if err != nil || z.ID != "acme" || z.WebhookURL != "https://x.example/hook" || z.WebhookGeneration != 1 {
			t.Fatalf("got %+v, %v", z, err)
		}
	})

	run(t, "the fields set are the ones read, none as every field", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		must(t, s.Accounts.CreateZBA(ctx, account.ZBA{ID: "acme", CreatedAt: now()}))
		steps := []struct {
			name   string
			fields []string
			want   []string
		}{
			{"chosen fields, in order", []string{"messages", "template_category_update"}, []string{"messages", "template_category_update"}},
			{"none clears the previous choice", nil, nil},
			{"an empty list is none", []string{}, nil},
			{"one field", []string{"messages"}, []string{"messages"}},
		}
		for i, st := range steps {
			must(t, s.Accounts.SetWebhook(ctx, "acme", "https://x.example/hook", st.fields, i+1))
			for _, read := range []func(context.Context, string) (account.ZBA, error){s.Accounts.GetZBA, s.Subscriptions.GetZBA} {
				z, err := read(ctx, "acme")
				if err != nil || !slices.Equal(z.WebhookFields, st.want) || (st.want == nil) != (z.WebhookFields == nil) {
					t.Fatalf("%s: read %+v, %v; want fields %q", st.name, z, err, st.want)
				}
			}
		}
		// What a caller does with the list it read does not change the store.
		z, _ := s.Subscriptions.GetZBA(ctx, "acme")
		z.WebhookFields[0] = "changed"
		if z, _ := s.Subscriptions.GetZBA(ctx, "acme"); !slices.Equal(z.WebhookFields, []string{"messages"}) {
			t.Fatalf("stored fields changed through a read: %q", z.WebhookFields)
		}
	})

	run(t, "disabling removes that generation only and keeps counting", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		must(t, s.Accounts.CreateZBA(ctx, account.ZBA{ID: "acme", CreatedAt: now()}))
		must(t, s.Accounts.SetWebhook(ctx, "acme", "https://x.example/1", nil, 1))
		must(t, s.Accounts.SetWebhook(ctx, "acme", "https://x.example/2", nil, 2))
		steps := []struct {
			name       string
			generation int
			wantURL    string
		}{
			{"an older generation is left alone", 1, "https://x.example/2"},
			{"a newer generation is left alone", 3, "https://x.example/2"},
			{"the current generation is removed", 2, ""},
			{"again, nothing is left to remove", 2, ""},
		}
		for _, st := range steps {
			if err := s.Subscriptions.DisableWebhook(ctx, "acme", st.generation); err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
			z, err := s.Subscriptions.GetZBA(ctx, "acme")
			if err != nil || z.WebhookURL != st.wantURL || z.WebhookGeneration != 2 {
				t.Fatalf("%s: %+v, %v; want url %q at generation 2", st.name, z, err, st.wantURL)
			}
		}
		// The generation survives, so subscribing again derives a new secret.
		if err := s.Accounts.SetWebhook(ctx, "acme", "https://x.example/again", nil, 2); !errors.Is(err, account.ErrConflict) {
			t.Fatalf("resubscribing at a used generation: %v, want account.ErrConflict", err)
		}
		must(t, s.Accounts.SetWebhook(ctx, "acme", "https://x.example/3", nil, 3))
	})

	run(t, "disabling on a missing ZBA does nothing", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		must(t, s.Subscriptions.DisableWebhook(ctx, "ghost", 1))
		if _, err := s.Subscriptions.GetZBA(ctx, "ghost"); !errors.Is(err, account.ErrZBANotFound) {
			t.Fatalf("disabling must not create a ZBA: %v", err)
		}
	})
}

// AttemptLog is the delivery attempt record: delivery.Attempts writes it,
// and operators list it (the admin function's Records).
type AttemptLog interface {
	delivery.Attempts
	// ListAttempts returns the attempts of one event, or of every event
	// when eventID is empty, in event id order and each event's attempts in
	// attempt order.
	ListAttempts(ctx context.Context, zbaID, eventID string) ([]delivery.AttemptRecord, error)
}

// Attempts is the contract of the attempt log: attempts read back as
// recorded, in event and attempt order, per ZBA; a retried write of one
// attempt replaces it.
func Attempts(t *testing.T, newStore func(t *testing.T) AttemptLog) {
	run(t, "an attempt reads back as recorded", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		a := webhook.Attempt{At: now(), StatusCode: 503, Latency: 1500 * time.Millisecond, Error: "HTTP 503",
			ResponseSnippet: "busy", RemoteAddr: "203.0.113.7:443"}
		must(t, s.RecordAttempt(ctx, "acme", "evt_a", 1, a))
		got, err := s.ListAttempts(ctx, "acme", "evt_a")
		want := delivery.AttemptRecord{EventID: "evt_a", Attempt: 1, At: a.At, StatusCode: 503, LatencyMS: 1500,
			Error: "HTTP 503", Response: "busy", RemoteAddr: "203.0.113.7:443"}
		if err != nil || len(got) != 1 || !sameAttempt(got[0], want) {
			t.Fatalf("got %+v, %v; want %+v", got, err, want)
		}
	})

	run(t, "attempts list in event then attempt order", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		writes := []struct {
			zba, event string
			n          int
		}{
			{"acme", "evt_b", 2}, {"acme", "evt_a", 10}, {"acme", "evt_b", 1}, {"acme", "evt_ab", 1},
			{"acme", "evt_a", 2}, {"acme", "evt_a", 1}, {"rival", "evt_a", 3},
		}
		for _, w := range writes {
			must(t, s.RecordAttempt(ctx, w.zba, w.event, w.n, webhook.Attempt{At: now(), StatusCode: 500}))
		}
		cases := []struct {
			zba, event string
			want       []string
		}{
			{"acme", "", []string{"evt_a/1", "evt_a/2", "evt_a/10", "evt_ab/1", "evt_b/1", "evt_b/2"}},
			{"acme", "evt_a", []string{"evt_a/1", "evt_a/2", "evt_a/10"}}, // never evt_ab
			{"acme", "evt_c", nil},
			{"rival", "", []string{"evt_a/3"}},
			{"nobody", "", nil},
		}
		for _, tc := range cases {
			got, err := s.ListAttempts(ctx, tc.zba, tc.event)
			if err != nil || !slices.Equal(attemptIDs(got), tc.want) {
				t.Errorf("%s %q: %v, %v; want %v", tc.zba, tc.event, attemptIDs(got), err, tc.want)
			}
		}
	})

	run(t, "a retried write replaces the attempt", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		must(t, s.RecordAttempt(ctx, "acme", "evt_a", 1, webhook.Attempt{At: now(), StatusCode: 0, Error: "timeout"}))
		must(t, s.RecordAttempt(ctx, "acme", "evt_a", 1, webhook.Attempt{At: now(), StatusCode: 200}))
		got, err := s.ListAttempts(ctx, "acme", "evt_a")
		if err != nil || len(got) != 1 || got[0].StatusCode != 200 || got[0].Error != "" {
			t.Fatalf("got %+v, %v; want the second write alone", got, err)
		}
	})
}

func attemptIDs(rs []delivery.AttemptRecord) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.EventID+"/"+strconv.Itoa(r.Attempt))
	}
	return out
}

// sameAttempt compares records with their times as instants.
func sameAttempt(a, b delivery.AttemptRecord) bool {
	a.At, b.At = a.At.UTC(), b.At.UTC()
	return a == b
}
