package webhook_test

import (
	"testing"
	"time"

	"svc/internal/feature/webhook"
)

func TestSchedule(t *testing.T) {
	nominal := webhook.Schedule()
	want := []time.Duration{0, 5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour, 10 * time.Hour, 10 * time.Hour}
	if len(nominal) != webhook.MaxAttempts || len(want) != webhook.MaxAttempts {
		t.Fatalf("%d slots, want %d", len(nominal), webhook.MaxAttempts)
	}
	var shortest time.Duration
	for i, d := range nominal {
		if d != want[i] {
			t.Fatalf("slot %d is %s, want %s", i+1, d, want[i])
		}
		for _, r := range []float64{0, 0.5, 0.999999} {
			got, ok := webhook.Delay(i+1, func() float64 { return r })
			if !ok || float64(got) < 0.9*float64(d)-1 || float64(got) > 1.1*float64(d)+1 {
				t.Fatalf("Delay(%d) with rnd %v = %s, %v; want within 10%% of %s", i+1, r, got, ok, d)
			}
		}
		for range 100 {
			got, _ := webhook.Delay(i+1, nil)
			if float64(got) < 0.9*float64(d)-1 || float64(got) > 1.1*float64(d)+1 {
				t.Fatalf("Delay(%d) = %s, outside 10%% of %s", i+1, got, d)
			}
		}
		low, _ := webhook.Delay(i+1, func() float64 { return 0 })
		shortest += low
	}
	if shortest <= 24*time.Hour {
		t.Fatalf("with the shortest jitter the retries span %s; they must outlast a day", shortest)
	}
	if d, ok := webhook.Delay(1, nil); !ok || d != 0 {
		t.Fatalf("the first attempt goes out at once: %s, %v", d, ok)
	}
	for _, n := range []int{0, -1, webhook.MaxAttempts + 1} {
		if _, ok := webhook.Delay(n, nil); ok {
			t.Fatalf("Delay(%d) must report no such attempt", n)
		}
	}
}

// TestWait: a Retry-After is the least the receiver wants waited, so it
// lengthens the schedule's wait and never shortens it; it lengthens it to
// MaxRetryAfter at most, the schedule's longest wait.
func TestWait(t *testing.T) {
	var longest time.Duration
	for _, d := range webhook.Schedule() {
		longest = max(longest, d)
	}
	if webhook.MaxRetryAfter != longest {
		t.Fatalf("MaxRetryAfter %s, want the schedule's longest wait %s", webhook.MaxRetryAfter, longest)
	}
	cases := []struct {
		name                  string
		scheduled, retryAfter time.Duration
		want                  time.Duration
	}{
		{"no Retry-After", 5 * time.Minute, 0, 5 * time.Minute},
		{"a shorter one keeps the schedule's", 5 * time.Minute, time.Second, 5 * time.Minute},
		{"an equal one", 30 * time.Minute, 30 * time.Minute, 30 * time.Minute},
		{"a longer one is waited", 5 * time.Second, 2 * time.Minute, 2 * time.Minute},
		{"up to the bound", 5 * time.Second, 10 * time.Hour, 10 * time.Hour},
		{"beyond it, the bound", 5 * time.Second, 7 * 24 * time.Hour, webhook.MaxRetryAfter},
		{"the schedule's own longest wait stands", 10 * time.Hour, 7 * 24 * time.Hour, 10 * time.Hour},
	}
	for _, tc := range cases {
		if got := webhook.Wait(tc.scheduled, tc.retryAfter); got != tc.want {
			t.Errorf("%s: Wait(%s, %s) = %s, want %s", tc.name, tc.scheduled, tc.retryAfter, got, tc.want)
		}
	}
}
