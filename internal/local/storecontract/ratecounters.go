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
// window, a take grants what is left of what it asks for and a refused one
// leaves the count as it was, and concurrent takes never grant more than
// the limit in total.
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
			granted, n, err := s.Take(ctx, h.key, h.start, ttl, h.limit, 1)
			if ok := granted == 1; err != nil || n != h.count || ok != h.allowed || granted > 1 {
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
				granted, n, err := s.Take(ctx, "acme", window, ttl, limit, 1)
				ok := granted == 1
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

	run(t, "a take grants what is left of its block", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		takes := []struct {
			key            string
			limit, n       int
			granted, count int
		}{
			{"acme", 10, 4, 4, 4},
			{"acme", 10, 4, 4, 8},
			{"acme", 10, 4, 2, 10}, // two left: both granted, never more
			{"acme", 10, 4, 0, 10}, // none left: refused, count unchanged
			{"acme", 10, 1, 0, 10},
			{"rival", 10, 25, 10, 10}, // more than the limit: the limit
			{"acme", 12, 5, 2, 12},    // a raised limit grants what it adds
			{"acme", 8, 1, 0, 12},     // a lowered one refuses with the real count
			{"solo", 1, 1, 1, 1},
			{"solo", 1, 3, 0, 1},
		}
		for i, tk := range takes {
			granted, count, err := s.Take(ctx, tk.key, window, ttl, tk.limit, tk.n)
			if err != nil || granted != tk.granted || count != tk.count {
				t.Fatalf("take %d (%s, limit %d, %d tokens): granted %d count %d err %v; want %d %d",
					i+1, tk.key, tk.limit, tk.n, granted, count, err, tk.granted, tk.count)
			}
		}
		for _, bad := range [][2]int{{0, 1}, {3, 0}, {3, -2}} {
			if _, _, err := s.Take(ctx, "acme", window, ttl, bad[0], bad[1]); apperr.From(err).Code != apperr.CodeInternal {
				t.Errorf("limit %d, %d tokens: %v, want 131000", bad[0], bad[1], err)
			}
		}
	})

	run(t, "concurrent blocks grant exactly the limit", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		const limit = 50
		var (
			mu    sync.Mutex
			total int
			wg    sync.WaitGroup
		)
		for i := range 30 {
			wg.Go(func() {
				granted, count, err := s.Take(ctx, "acme", window, ttl, limit, 1+i%7)
				mu.Lock()
				defer mu.Unlock()
				if err != nil || granted < 0 || granted > 1+i%7 || count > limit {
					t.Errorf("take of %d: granted %d count %d err %v", 1+i%7, granted, count, err)
				}
				total += granted
			})
		}
		wg.Wait()
		// 30 takes ask for 1..7 tokens, 118 in all: exactly the limit is granted.
		if total != limit {
			t.Fatalf("granted %d in total, want %d", total, limit)
		}
	})

	// Two instances of a function, each a limiter holding blocks and
	// serving one request at a time as a Lambda instance does, side by side
	// over the one shared count: together they never allow more than the
	// limit, and they refuse early at most (block-1) requests each.
	run(t, "two instances holding blocks", func(t *testing.T) {
		store := newStore(t)
		const limit, maxBlock = 200, 8
		at := window.Add(5 * time.Second)
		policy := ratelimit.Policy{Limit: limit, Window: time.Minute}
		var (
			mu      sync.Mutex
			allowed [2]int
			wg      sync.WaitGroup
		)
		for i := range 2 {
			l := ratelimit.Limiter{Policy: policy, Counter: store, Now: func() time.Time { return at }, Blocks: ratelimit.NewBlocks(maxBlock)}
			wg.Go(func() {
				for range limit {
					d, err := l.Allow(t.Context(), "acme")
					mu.Lock()
					if err != nil {
						t.Error(err)
					} else if d.Allowed {
						allowed[i]++
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		bound := 2 * (ratelimit.BlockCap(maxBlock, limit) - 1)
		if total := allowed[0] + allowed[1]; total > limit || total < limit-bound {
			t.Fatalf("allowed %v of %d requests each; want between %d and %d in all", allowed, limit, limit-bound, limit)
		}
		// The count never passed the limit: nothing is left to take.
		if granted, count, err := store.Take(t.Context(), "acme", window, ttl, limit, 1); err != nil || granted != 0 || count != limit {
			t.Fatalf("after the run: granted %d count %d err %v; want the window spent", granted, count, err)
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
