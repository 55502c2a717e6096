package sweep_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"svc/internal/platform/sweep"
)

// TestPass: a pass hands over what is due, in order, re-arms each one
// Grace on, stops at the first failure and counts what it completed.
func TestPass(t *testing.T) {
	now := time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	errRefused := errors.New("queue refused")
	tests := []struct {
		name        string
		due         int // items due
		limit       int
		listErr     error
		failHand    string // the item whose hand-over fails
		failRearm   string // the item whose re-arm fails
		wantLimit   int
		wantN       int
		wantHanded  []string
		wantRearmed []string
		wantErr     error
	}{
		{"nothing due", 0, 0, nil, "", "", sweep.Batch, 0, nil, nil, nil},
		{"all due, default batch", 3, 0, nil, "", "", sweep.Batch, 3, []string{"i0", "i1", "i2"}, []string{"i0", "i1", "i2"}, nil},
		{"the limit bounds the pass", 5, 2, nil, "", "", 2, 2, []string{"i0", "i1"}, []string{"i0", "i1"}, nil},
		{"the listing fails", 3, 0, errRefused, "", "", sweep.Batch, 0, nil, nil, errRefused},
		{"a hand-over fails: the rest wait", 4, 0, nil, "i1", "", sweep.Batch, 1, []string{"i0"}, []string{"i0"}, errRefused},
		{"a re-arm fails", 4, 0, nil, "", "i2", sweep.Batch, 2, []string{"i0", "i1", "i2"}, []string{"i0", "i1"}, errRefused},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var handed, rearmed []string
			p := sweep.Pass[string]{
				Grace: time.Minute, Limit: tt.limit,
				Due: func(_ context.Context, at time.Time, limit int) ([]string, error) {
					if !at.Equal(now) || limit != tt.wantLimit {
						t.Errorf("Due(%v, %d), want (%v, %d)", at, limit, now, tt.wantLimit)
					}
					var items []string
					for i := range min(tt.due, limit) {
						items = append(items, fmt.Sprintf("i%d", i))
					}
					return items, tt.listErr
				},
				HandOver: func(_ context.Context, item string) error {
					if item == tt.failHand {
						return errRefused
					}
					handed = append(handed, item)
					return nil
				},
				Rearm: func(_ context.Context, item string, due time.Time) error {
					if !due.Equal(now.Add(time.Minute)) {
						t.Errorf("%s re-armed for %v, want %v", item, due, now.Add(time.Minute))
					}
					if item == tt.failRearm {
						return errRefused
					}
					rearmed = append(rearmed, item)
					return nil
				},
			}
			n, err := p.Run(t.Context(), now)
			if n != tt.wantN || !errors.Is(err, tt.wantErr) || (err == nil) != (tt.wantErr == nil) {
				t.Fatalf("Run = %d, %v; want %d, %v", n, err, tt.wantN, tt.wantErr)
			}
			if !slices.Equal(handed, tt.wantHanded) || !slices.Equal(rearmed, tt.wantRearmed) {
				t.Fatalf("handed over %v, re-armed %v; want %v, %v", handed, rearmed, tt.wantHanded, tt.wantRearmed)
			}
		})
	}
}
