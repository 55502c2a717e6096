package ratelimit_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
)

// blockLimiter is a limiter holding blocks of at most maxBlock tokens over
// mem, on clock c.
func blockLimiter(limit, maxBlock int, window time.Duration, mem *memCounter, c *clock) ratelimit.Limiter {
	return ratelimit.Limiter{Policy: ratelimit.Policy{Limit: limit, Window: window}, Counter: mem, Now: c.now,
		Blocks: ratelimit.NewBlocks(maxBlock)}
}

// TestBlocksOneInstanceIsExact: one instance spending a whole window's
// budget is allowed exactly the limit, sees RateLimit's r count down one by
// one as without blocks, and reserves 1, 2, 4, 8, 8, ... tokens (its clock
// stands still, so every block is spent fast). Once the shared count is
// spent it refuses without calling the store.
func TestBlocksOneInstanceIsExact(t *testing.T) {
	tests := []struct {
		limit, maxBlock int
		wantTakes       []int
	}{
		{limit: 100, maxBlock: 8, wantTakes: append([]int{1, 2, 4}, slices.Repeat([]int{8}, 12)...)},     // 7 + 12 × 8 > 100: the last grant is 5
		{limit: 100, maxBlock: 32, wantTakes: append([]int{1, 2, 4, 8}, slices.Repeat([]int{10}, 9)...)}, // capped at limit/10
		{limit: 9, maxBlock: 32, wantTakes: slices.Repeat([]int{1}, 9)},                                  // a limit below 10 is one token a time
		{limit: 50, maxBlock: 1, wantTakes: slices.Repeat([]int{1}, 50)},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("limit %d block %d", tc.limit, tc.maxBlock), func(t *testing.T) {
			mem, c := newMem(), &clock{base.Add(10 * time.Second)}
			l := blockLimiter(tc.limit, tc.maxBlock, time.Minute, mem, c)
			for i := range tc.limit + 5 {
				d, err := l.Allow(t.Context(), "acme")
				if err != nil {
					t.Fatal(err)
				}
				wantAllowed, wantLeft := i < tc.limit, max(0, tc.limit-1-i)
				if d.Allowed != wantAllowed || d.Remaining != wantLeft || d.Reset != 50*time.Second {
					t.Fatalf("request %d: %+v; want allowed=%v remaining=%d", i+1, d, wantAllowed, wantLeft)
				}
				if !wantAllowed && d.Headers()["Retry-After"] != "50" {
					t.Fatalf("request %d: refusal headers %v", i+1, d.Headers())
				}
			}
			if got := mem.calls(); !slices.Equal(got, tc.wantTakes) {
				t.Fatalf("reservations %v, want %v", got, tc.wantTakes)
			}
		})
	}
}

// TestBlocksGrowAndShrink: a block spent within GrowWithin doubles the next
// one, up to the cap; a block that lasted longer halves it, down to one.
func TestBlocksGrowAndShrink(t *testing.T) {
	mem, c := newMem(), &clock{base}
	l := blockLimiter(10_000, 8, time.Hour, mem, c)
	steps := []struct {
		after time.Duration
		take  int // the reservation this request makes; 0: a held token
	}{
		{0, 1},
		{100 * time.Millisecond, 2}, // the block of one lasted 0.1 s
		{100 * time.Millisecond, 0},
		{2 * time.Second, 1}, // the block of two lasted 2.1 s: halved
		{2 * time.Second, 1}, // and one cannot go lower
		{500 * time.Millisecond, 2},
		{0, 0},
		{0, 4},
		{0, 0}, {0, 0}, {0, 0},
		{0, 8},
		{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
		{0, 8}, // the cap
		{0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0},
		{5 * time.Second, 4}, // slow again
	}
	for i, s := range steps {
		c.t = c.t.Add(s.after)
		if d, err := l.Allow(t.Context(), "acme"); err != nil || !d.Allowed {
			t.Fatalf("step %d: %+v %v", i+1, d, err)
		}
		var want []int
		if s.take > 0 {
			want = []int{s.take}
		}
		if got := mem.calls(); !slices.Equal(got, want) {
			t.Fatalf("step %d: reservations %v, want %v", i+1, got, want)
		}
	}
}

// TestBlocksRollover: tokens held when the window ends are dropped, not
// spent in the next window, which starts from its own count.
func TestBlocksRollover(t *testing.T) {
	mem, c := newMem(), &clock{base.Add(59*time.Second + 500*time.Millisecond)}
	l := blockLimiter(1000, 8, time.Minute, mem, c)
	for range 4 { // reserves 1, 2, 4: holds 3 tokens after the fourth request
		if d, err := l.Allow(t.Context(), "acme"); err != nil || !d.Allowed {
			t.Fatal(d, err)
		}
	}
	if got := mem.calls(); !slices.Equal(got, []int{1, 2, 4}) {
		t.Fatalf("reservations %v", got)
	}
	c.t = base.Add(time.Minute + 100*time.Millisecond)
	d, err := l.Allow(t.Context(), "acme")
	if err != nil || !d.Allowed {
		t.Fatal(d, err)
	}
	// A new reservation in the new window (the last block was spent fast,
	// so it is twice as large), and r is the new window's.
	if got := mem.calls(); !slices.Equal(got, []int{8}) || !mem.lastStart.Equal(base.Add(time.Minute)) {
		t.Fatalf("after the rollover: reservations %v in the window of %v", got, mem.lastStart)
	}
	if d.Remaining != 999 || d.Reset != 59*time.Second+900*time.Millisecond {
		t.Fatalf("after the rollover: %+v", d)
	}
	if got := mem.counts[fmt.Sprintf("acme/%d", base.Unix())]; got != 7 {
		t.Fatalf("the old window keeps its 7 reserved tokens (3 unspent): %d", got)
	}
}

// TestBlocksTwoInstances: two instances over one shared count, requests
// alternating between them, a ZBA asking twice its limit. The limit is
// never exceeded, and the requests refused while the window still had
// tokens (held by the other instance) are at most (block-1) per instance.
func TestBlocksTwoInstances(t *testing.T) {
	for _, maxBlock := range []int{1, 4, 16, 64} {
		t.Run(fmt.Sprintf("block %d", maxBlock), func(t *testing.T) {
			const limit = 1000
			mem, c := newMem(), &clock{base.Add(time.Second)}
			a, b := blockLimiter(limit, maxBlock, time.Minute, mem, c), blockLimiter(limit, maxBlock, time.Minute, mem, c)
			allowed, early := 0, 0
			var refusedSince []int // refusals since the last allowed request
			for i := range 2 * limit {
				l := a
				if i%2 == 1 {
					l = b
				}
				d, err := l.Allow(t.Context(), "acme")
				if err != nil {
					t.Fatal(err)
				}
				if d.Allowed {
					allowed++
					early += len(refusedSince)
					refusedSince = nil
				} else {
					refusedSince = append(refusedSince, i)
				}
			}
			block := ratelimit.BlockCap(maxBlock, limit)
			if allowed != limit || early > 2*(block-1) {
				t.Fatalf("allowed %d (want %d), refused early %d (bound %d)", allowed, limit, early, 2*(block-1))
			}
			if maxBlock == 1 && early != 0 {
				t.Fatalf("blocks of one are exact: %d refused early", early)
			}
		})
	}
}

// TestBlocksStoreFailure: a reservation that fails is a 503 with no
// headers, neither allowed nor refused; a request served from held tokens
// needs no store; the limiter recovers with the store.
func TestBlocksStoreFailure(t *testing.T) {
	mem, c := newMem(), &clock{base.Add(time.Second)}
	l := blockLimiter(1000, 8, time.Minute, mem, c)
	boom := errors.New("dynamodb down")
	steps := []struct {
		storeErr error
		allowed  bool
		code     apperr.Code
	}{
		{boom, false, apperr.CodeUnavailable}, // no block yet: a reservation of 1 fails
		{nil, true, 0},                        // reserves 2, holds 1
		{boom, true, 0},                       // spends the held token
		{boom, false, apperr.CodeUnavailable}, // must reserve: 503
		{nil, true, 0},
	}
	for i, s := range steps {
		mem.err = s.storeErr
		d, err := l.Allow(t.Context(), "acme")
		if s.code != 0 {
			if apperr.From(err).Code != s.code || apperr.From(err).Status() != 503 || d != (ratelimit.Decision{}) || !errors.Is(err, boom) {
				t.Fatalf("step %d: %+v %v; want 131016 and the zero decision", i+1, d, err)
			}
			continue
		}
		if err != nil || d.Allowed != s.allowed {
			t.Fatalf("step %d: %+v %v", i+1, d, err)
		}
	}
	// A request whose deadline passed before it could reserve is a 503 too.
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	mem.err = context.Canceled
	if _, err := l.Allow(ctx, "rival"); apperr.From(err).Status() != 503 {
		t.Fatalf("cancelled: %v", err)
	}
}

// TestBlocksBoundedMemory: an instance holds state for at most
// MaxHeldKeys ZBAs. When all of them hold tokens of the current window, a
// new ZBA is served one token per request, exactly; in the next window an
// idle entry makes room for it.
func TestBlocksBoundedMemory(t *testing.T) {
	mem, c := newMem(), &clock{base.Add(time.Second)}
	policy := ratelimit.Policy{Limit: 1000, Window: time.Minute}
	blocks := ratelimit.NewBlocks(8)
	l := ratelimit.Limiter{Policy: policy, Counter: mem, Now: c.now, Blocks: blocks}
	allow := func(zba string) ratelimit.Decision {
		t.Helper()
		d, err := l.Allow(t.Context(), zba)
		if err != nil || !d.Allowed {
			t.Fatalf("%s: %+v %v", zba, d, err)
		}
		return d
	}
	for i := range ratelimit.MaxHeldKeys {
		allow(fmt.Sprint("zba-", i)) // reserves 1
		allow(fmt.Sprint("zba-", i)) // reserves 2: holds one token
	}
	mem.calls()
	for i := range 3 {
		if d := allow("late"); d.Remaining != 999-i {
			t.Fatalf("late request %d: %+v", i+1, d)
		}
	}
	if got := mem.calls(); !slices.Equal(got, []int{1, 1, 1}) || blocks.Held() != ratelimit.MaxHeldKeys {
		t.Fatalf("a full holder serves one token a time: reservations %v, %d held", got, blocks.Held())
	}
	c.t = c.t.Add(time.Minute)
	allow("late")
	allow("late")
	if got := mem.calls(); !slices.Equal(got, []int{1, 2}) || blocks.Held() != ratelimit.MaxHeldKeys {
		t.Fatalf("next window: reservations %v, %d held", got, blocks.Held())
	}
}

func TestBlockFromEnv(t *testing.T) {
	tests := []struct {
		value   string
		want    int
		wantErr bool
	}{
		{"", ratelimit.DefaultBlock, false},
		{"1", 1, false},
		{"64", 64, false},
		{"0", 0, true},
		{"-3", 0, true},
		{"8.5", 0, true},
		{" 8", 0, true},
		{"many", 0, true},
	}
	for _, tc := range tests {
		got, err := ratelimit.BlockFromEnv(func(k string) string {
			if k == ratelimit.EnvBlock {
				return tc.value
			}
			return ""
		})
		if got != tc.want || (err != nil) != tc.wantErr {
			t.Errorf("%q: %d, %v", tc.value, got, err)
		}
	}
}

func TestBlockCap(t *testing.T) {
	tests := []struct{ maxBlock, limit, want int }{
		{32, 1000, 32},
		{32, 100, 10},
		{32, 19, 1},
		{32, 9, 1},
		{1, 1_000_000, 1},
		{0, 1000, 1},
	}
	for _, tc := range tests {
		if got := ratelimit.BlockCap(tc.maxBlock, tc.limit); got != tc.want {
			t.Errorf("BlockCap(%d, %d) = %d, want %d", tc.maxBlock, tc.limit, got, tc.want)
		}
	}
}

// TestBlocksConcurrentRequests: one instance serving requests concurrently
// (the local stack does) never allows more than the limit, and strands at
// most (block-1) tokens per request in flight.
func TestBlocksConcurrentRequests(t *testing.T) {
	const limit, maxBlock, clients = 1000, 16, 8
	mem, c := newMem(), &clock{base.Add(time.Second)}
	l := blockLimiter(limit, maxBlock, time.Minute, mem, c)
	var (
		mu      sync.Mutex
		allowed int
		wg      sync.WaitGroup
	)
	for range clients {
		wg.Go(func() {
			for range 2 * limit / clients {
				d, err := l.Allow(t.Context(), "acme")
				mu.Lock()
				if err != nil {
					t.Error(err)
				} else if d.Allowed {
					allowed++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if bound := clients * (ratelimit.BlockCap(maxBlock, limit) - 1); allowed > limit || allowed < limit-bound {
		t.Fatalf("allowed %d; want between %d and %d", allowed, limit-bound, limit)
	}
}
