package settle_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"svc/internal/platform/settle"
)

var errLost = errors.New("answer lost")

// TestUntil: step runs until it reports done, in a context that the
// caller's cancellation does not reach, and the budget ends a step that
// never does.
func TestUntil(t *testing.T) {
	errRefused := errors.New("refused")
	tests := []struct {
		name string
		// answers are step's answers in turn; past them it reports lost.
		answers    []error
		cancelled  bool // the caller's context is cancelled already
		budget     time.Duration
		wantDone   bool
		wantErr    error
		wantCalled int // 0: at least once, as many as the budget allows
	}{
		{"done at once", []error{nil}, false, time.Minute, true, nil, 1},
		{"a refusal is an answer", []error{errRefused}, false, time.Minute, true, errRefused, 1},
		{"lost twice, then written", []error{errLost, errLost, nil}, false, time.Minute, true, nil, 3},
		{"the caller's deadline is past", []error{errLost, nil}, true, time.Minute, true, nil, 2},
		{"never answered", nil, false, 120 * time.Millisecond, false, errLost, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(t.Context())
			if tt.cancelled {
				cancel()
			}
			defer cancel()
			called := 0
			start := time.Now()
			done, err := settle.Until(ctx, tt.budget, func(ctx context.Context) (bool, error) {
				if ctx.Err() != nil && called == 0 {
					t.Errorf("step's context ended before the first step: %v", ctx.Err())
				}
				called++
				if called <= len(tt.answers) {
					err := tt.answers[called-1]
					return !errors.Is(err, errLost), err
				}
				return false, errLost
			})
			if done != tt.wantDone || !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("Until = %v, %v; want %v, %v", done, err, tt.wantDone, tt.wantErr)
			}
			switch {
			case tt.wantCalled > 0 && called != tt.wantCalled:
				t.Fatalf("step called %d times, want %d", called, tt.wantCalled)
			case tt.wantCalled == 0 && time.Since(start) < tt.budget:
				t.Fatalf("gave up after %v, within its budget %v", time.Since(start), tt.budget)
			case tt.wantCalled == 0 && called < 2:
				t.Fatalf("step called %d times within %v, want it sent again", called, tt.budget)
			}
		})
	}
}

// TestLive: a live context is kept as it is; an ended one gives way to a
// live one of its own, which keeps the values of the first.
func TestLive(t *testing.T) {
	type key struct{}
	for _, ended := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.WithValue(t.Context(), key{}, "request"))
		if ended {
			cancel()
		}
		got, done := settle.Live(ctx)
		if got.Err() != nil || got.Value(key{}) != "request" {
			t.Fatalf("ended %v: Live = %v (value %v), want a live context with the request's values", ended, got.Err(), got.Value(key{}))
		}
		if !ended && got != ctx {
			t.Fatalf("a live context was replaced")
		}
		if dl, ok := got.Deadline(); ended && (!ok || time.Until(dl) > settle.Budget) {
			t.Fatalf("ended: deadline %v, %v; want one within settle.Budget", dl, ok)
		}
		done()
		cancel()
	}
}
