package storecontract

import (
	"slices"
	"sync"
	"testing"
	"time"

	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
)

// RateCounters is the contract of ratelimit.Counter: one count per key and
// window, a refused hit leaves it as it was, and concurrent hits never
// allow more than the limit.
func RateCounters(t *testing.T, newStore func(t *testing.T) ratelimit.Counter) {
	// An aligned window near now: a store may expire counters by their TTL.
	window := ratelimit.Policy{Limit: 1, Window: time.Minute}.WindowStart(time.Now())
	ttl := window.Add(time.Minute + ratelimit.TTLSlack)

	run(t, "each key and window counts up to the limit", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		hits := []struct {
			key     string
			start   time.Time
			limit   int
			count   int
			allowed bool
		}{
			{"acme", window, 3, 1, true},
			{"acme", window, 3, 2, true},
			{"acme", window, 3, 3, true},
			{"acme", window, 3, 3, false}, // at the limit: refused, count unchanged
			{"acme", window, 3, 3, false},
			{"rival", window, 3, 1, true},                     // another key has its own count
			{"acme", window.Add(time.Minute), 3, 1, true},     // the next window starts afresh
			{"acme", window.Add(-time.Minute), 3, 1, true},    // and so does an earlier one
			{"acme-2", window, 3, 1, true},                    // no prefix confusion between keys
			{"rival", window, 3, 2, true},                     // still independent of acme
			{"acme", window.Add(time.Minute), 3, 2, true},     // the windows do not share a count
			{"acme", window, 4, 4, true},                      // a raised limit (a redeploy) continues the window
			{"acme", window, 2, 4, false},                     // a lowered one refuses with the real count
			{"acme", window.Add(time.Minute), 1, 2, false},    // even when the count is above it
			{"acme", window.Add(2 * time.Minute), 1, 1, true}, // a limit of one allows one
		}
		for i, h := range hits {
			n, ok, err := s.Hit(ctx, h.key, h.start, ttl, h.limit)
			if err != nil || n != h.count || ok != h.allowed {
				t.Fatalf("hit %d (%s at %v, limit %d): count %d allowed %v err %v; want %d %v",
					i+1, h.key, h.start.Sub(window), h.limit, n, ok, err, h.count, h.allowed)
			}
		}
	})

	run(t, "concurrent hits allow exactly the limit", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		const limit = 25
		var (
			mu      sync.Mutex
			counts  []int
			refused int
			wg      sync.WaitGroup
		)
		for range 2 * limit {
			wg.Go(func() {
				n, ok, err := s.Hit(ctx, "acme", window, ttl, limit)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err != nil:
					t.Error(err)
				case ok:
					counts = append(counts, n)
				default:
					refused++
				}
			})
		}
		wg.Wait()
		slices.Sort(counts)
		if len(counts) != limit || refused != limit || counts[0] != 1 || counts[limit-1] != limit || len(slices.Compact(counts)) != limit {
			t.Fatalf("allowed counts %v, refused %d; want 1..%d once each and %d refused", counts, refused, limit, limit)
		}
	})

	// The domain's limiter over the counter: 2 × limit parallel requests of
	// one ZBA give exactly limit allowed, and every refusal is a 429 with a
	// Retry-After to the window's end.
	run(t, "the limiter over the counter", func(t *testing.T) {
		at := window.Add(20 * time.Second)
		l := ratelimit.Limiter{Policy: ratelimit.Policy{Limit: 10, Window: time.Minute}, Counter: newStore(t),
			Now: func() time.Time { return at }}
		var (
			mu        sync.Mutex
			remaining []int
			wg        sync.WaitGroup
		)
		for range 20 {
			wg.Go(func() {
				d, err := l.Allow(t.Context(), "acme")
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err != nil:
					t.Error(err)
				case d.Allowed:
					remaining = append(remaining, d.Remaining)
				default:
					if e := apperr.From(d.Err()); e.Status() != 429 || d.Headers()["Retry-After"] != "40" || d.Remaining != 0 {
						t.Errorf("refusal: %d %v", e.Status(), d.Headers())
					}
				}
			})
		}
		wg.Wait()
		slices.Sort(remaining)
		if len(remaining) != 10 || remaining[0] != 0 || remaining[9] != 9 {
			t.Fatalf("allowed with remaining %v; want 10, from 0 to 9", remaining)
		}
	})
}
