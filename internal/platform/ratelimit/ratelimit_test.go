package ratelimit_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
)

// memCounter is an in-memory Counter with the contract of the DynamoDB one.
type memCounter struct {
	mu     sync.Mutex
	counts map[string]int
	// lastStart, lastTTL and takes record the arguments of the takes.
	lastStart, lastTTL time.Time
	takes              []int
	err                error
}

func newMem() *memCounter { return &memCounter{counts: map[string]int{}} }

func (m *memCounter) Take(_ context.Context, key string, start, ttl time.Time, limit, n int) (int, int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.err != nil {
		return 0, 0, m.err
	}
	m.lastStart, m.lastTTL = start, ttl
	m.takes = append(m.takes, n)
	k := fmt.Sprintf("%s/%d", key, start.Unix())
	granted := max(0, min(n, limit-m.counts[k]))
	m.counts[k] += granted
	return granted, m.counts[k], nil
}

// calls returns the sizes asked for since the last call, and forgets them.
func (m *memCounter) calls() []int {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := m.takes
	m.takes = nil
	return out
}

// clock is a settable time source.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// base is a multiple of 60, 3600 and 7 seconds since the epoch.
var base = time.Unix(1_700_000_040-1_700_000_040%(7*3600), 0)

var (
	policyRe     = regexp.MustCompile(`^"management";q=[1-9][0-9]*;w=[1-9][0-9]*$`)
	rateRe       = regexp.MustCompile(`^"management";r=(0|[1-9][0-9]*);t=([1-9][0-9]*)$`)
	retryAfterRe = regexp.MustCompile(`^[1-9][0-9]*$`)
)

func TestWindowStart(t *testing.T) {
	tests := []struct {
		name   string
		window time.Duration
		now    time.Time
		want   time.Time
	}{
		{"at the boundary", time.Minute, base, base},
		{"inside", time.Minute, base.Add(59*time.Second + 999*time.Millisecond), base},
		{"next window", time.Minute, base.Add(time.Minute), base.Add(time.Minute)},
		{"odd length aligns to the epoch, not year 1", 7 * time.Second, base.Add(13 * time.Second), base.Add(7 * time.Second)},
		{"hour", time.Hour, base.Add(90 * time.Minute), base.Add(time.Hour)},
		{"before 1970", time.Minute, time.Unix(-61, 0), time.Unix(-120, 0)},
		{"time zone is irrelevant", time.Minute, base.Add(30 * time.Second).In(time.FixedZone("x", 5*3600+1800)), base},
	}
	for _, tc := range tests {
		got := ratelimit.Policy{Limit: 1, Window: tc.window}.WindowStart(tc.now)
		if !got.Equal(tc.want) || got.Unix()%int64(tc.window/time.Second) != 0 {
			t.Errorf("%s: got %v, want %v", tc.name, got.Unix(), tc.want.Unix())
		}
	}
}

func TestAllowCountsDown(t *testing.T) {
	c, mem := &clock{base.Add(18*time.Second + 300*time.Millisecond)}, newMem()
	l := ratelimit.Limiter{Policy: ratelimit.Policy{Limit: 3, Window: time.Minute}, Counter: mem, Now: c.now}
	ctx := context.Background()
	tests := []struct {
		allowed   bool
		remaining int
	}{{true, 2}, {true, 1}, {true, 0}, {false, 0}, {false, 0}}
	for i, tc := range tests {
		d, err := l.Allow(ctx, "acme")
		if err != nil {
			t.Fatal(err)
		}
		if d.Allowed != tc.allowed || d.Remaining != tc.remaining || d.Limit != 3 || d.Window != time.Minute {
			t.Fatalf("hit %d: %+v, want allowed=%v remaining=%d", i+1, d, tc.allowed, tc.remaining)
		}
		if d.Reset != 41*time.Second+700*time.Millisecond || d.ResetSeconds() != 42 {
			t.Fatalf("hit %d: reset %v (%ds), want 41.7s (42s)", i+1, d.Reset, d.ResetSeconds())
		}
	}
	if !mem.lastStart.Equal(base) || !mem.lastTTL.Equal(base.Add(time.Minute+ratelimit.TTLSlack)) {
		t.Fatalf("counter got start %v ttl %v", mem.lastStart, mem.lastTTL)
	}
	// Another key has its own budget; the next window starts afresh.
	if d, _ := l.Allow(ctx, "rival"); !d.Allowed || d.Remaining != 2 {
		t.Fatalf("other key: %+v", d)
	}
	c.t = base.Add(time.Minute)
	if d, _ := l.Allow(ctx, "acme"); !d.Allowed || d.Remaining != 2 || d.Reset != time.Minute {
		t.Fatalf("next window: %+v", d)
	}
}

func TestHeaders(t *testing.T) {
	tests := []struct {
		name string
		d    ratelimit.Decision
		want map[string]string
	}{
		{"allowed", ratelimit.Decision{Name: "management", Allowed: true, Limit: 1000, Window: time.Minute, Remaining: 998, Reset: 41*time.Second + time.Millisecond},
			map[string]string{"RateLimit-Policy": `"management";q=1000;w=60`, "RateLimit": `"management";r=998;t=42`}},
		{"refused rounds up", ratelimit.Decision{Name: "management", Limit: 5, Window: time.Hour, Reset: 1500 * time.Millisecond},
			map[string]string{"RateLimit-Policy": `"management";q=5;w=3600`, "RateLimit": `"management";r=0;t=2`, "Retry-After": "2"}},
		{"refused just before the boundary waits at least 1s", ratelimit.Decision{Name: "management", Limit: 5, Window: time.Minute, Reset: time.Nanosecond},
			map[string]string{"RateLimit-Policy": `"management";q=5;w=60`, "RateLimit": `"management";r=0;t=1`, "Retry-After": "1"}},
		{"refused at the window start waits the whole window", ratelimit.Decision{Name: "management", Limit: 5, Window: time.Minute, Reset: time.Minute},
			map[string]string{"RateLimit-Policy": `"management";q=5;w=60`, "RateLimit": `"management";r=0;t=60`, "Retry-After": "60"}},
		{"never beyond the window", ratelimit.Decision{Name: "management", Limit: 5, Window: time.Minute, Reset: time.Minute + time.Millisecond},
			map[string]string{"RateLimit-Policy": `"management";q=5;w=60`, "RateLimit": `"management";r=0;t=60`, "Retry-After": "60"}},
		{"the policy's own name", ratelimit.Decision{Name: "sender", Allowed: true, Limit: 80, Window: time.Second, Remaining: 79, Reset: time.Second},
			map[string]string{"RateLimit-Policy": `"sender";q=80;w=1`, "RateLimit": `"sender";r=79;t=1`}},
		{"zero decision has none", ratelimit.Decision{}, nil},
	}
	for _, tc := range tests {
		got := tc.d.Headers()
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestHeaderSyntax sweeps a window at sub-second steps through the limiter:
// every response is well-formed and Retry-After lies in [1, window].
func TestHeaderSyntax(t *testing.T) {
	for _, window := range []time.Duration{time.Second, 7 * time.Second, time.Minute} {
		c := &clock{}
		l := ratelimit.Limiter{Policy: ratelimit.Policy{Name: "management", Limit: 1, Window: window}, Counter: newMem(), Now: c.now}
		for step := time.Duration(0); step < 2*window; step += 333 * time.Millisecond {
			c.t = base.Add(step)
			for range 2 { // the first hit of a window is allowed, the second refused
				d, err := l.Allow(context.Background(), "acme")
				if err != nil {
					t.Fatal(err)
				}
				h := d.Headers()
				if !policyRe.MatchString(h["RateLimit-Policy"]) {
					t.Fatalf("RateLimit-Policy %q", h["RateLimit-Policy"])
				}
				m := rateRe.FindStringSubmatch(h["RateLimit"])
				if m == nil {
					t.Fatalf("RateLimit %q", h["RateLimit"])
				}
				ra, present := h["Retry-After"]
				if present == d.Allowed {
					t.Fatalf("Retry-After present=%v on allowed=%v", present, d.Allowed)
				}
				if !present {
					continue
				}
				secs, _ := strconv.Atoi(ra)
				end := ratelimit.Policy{Limit: 1, Window: window}.WindowStart(c.t).Add(window)
				if !retryAfterRe.MatchString(ra) || secs > int(window/time.Second) || ra != m[2] ||
					c.t.Add(time.Duration(secs)*time.Second).Before(end) {
					t.Fatalf("window %v at +%v: Retry-After %q, RateLimit %q", window, step, ra, h["RateLimit"])
				}
			}
		}
	}
}

func TestErr(t *testing.T) {
	if err := (ratelimit.Decision{Allowed: true, Limit: 1, Window: time.Minute, Reset: time.Second}).Err(); err != nil {
		t.Fatalf("allowed: %v", err)
	}
	err := ratelimit.Decision{Name: "management", Limit: 10, Window: time.Minute, Reset: 2500 * time.Millisecond}.Err()
	e := apperr.From(err)
	if e.Code != 130429 || e.Status() != 429 {
		t.Fatalf("refused: code %d status %d", e.Code, e.Status())
	}
	if want := `Rate limit "management" of 10 requests per 60 seconds reached; retry after 3 seconds`; !strings.Contains(e.Details, want) {
		t.Fatalf("details %q lack %q", e.Details, want)
	}
	if status, body := apperr.Render(err, "trace"); status != 429 || !regexp.MustCompile(`"code":130429`).Match(body) {
		t.Fatalf("rendered %d %s", status, body)
	}
}

func TestAllowErrors(t *testing.T) {
	ctx := context.Background()
	mem := newMem()
	ok := ratelimit.Policy{Limit: 1, Window: time.Minute}
	tests := []struct {
		name     string
		l        ratelimit.Limiter
		key      string
		storeErr error
		want     apperr.Code
	}{
		{"counter failure is 131016", ratelimit.Limiter{Policy: ok, Counter: mem}, "acme", errors.New("boom"), apperr.CodeUnavailable},
		{"an apperr from the counter passes through", ratelimit.Limiter{Policy: ok, Counter: mem}, "acme",
			apperr.Unavailable(errors.New("dynamodb down")), apperr.CodeUnavailable},
		{"no counter", ratelimit.Limiter{Policy: ok}, "acme", nil, apperr.CodeInternal},
		{"invalid policy", ratelimit.Limiter{Policy: ratelimit.Policy{Limit: 0, Window: time.Minute}, Counter: mem}, "acme", nil, apperr.CodeInternal},
		{"empty key", ratelimit.Limiter{Policy: ok, Counter: mem}, "", nil, apperr.CodeInternal},
	}
	for _, tc := range tests {
		mem.err = tc.storeErr
		d, err := tc.l.Allow(ctx, tc.key)
		if err == nil || apperr.From(err).Code != tc.want || d != (ratelimit.Decision{}) || d.Headers() != nil {
			t.Errorf("%s: %+v, %v; want code %d and the zero decision", tc.name, d, err, tc.want)
		}
		if tc.storeErr != nil && !errors.Is(err, tc.storeErr) {
			t.Errorf("%s: cause lost: %v", tc.name, err)
		}
	}
}

func TestPolicyFromEnv(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		want    ratelimit.Policy
		wantErr bool
	}{
		{"defaults", nil, ratelimit.Policy{Limit: 1000, Window: time.Minute}, false},
		{"empty is unset", map[string]string{ratelimit.EnvLimit: "", ratelimit.EnvWindow: ""}, ratelimit.DefaultPolicy, false},
		{"limit only", map[string]string{"SVC_MGMT_RATE_LIMIT": "5"}, ratelimit.Policy{Limit: 5, Window: time.Minute}, false},
		{"window only", map[string]string{"SVC_MGMT_RATE_WINDOW": "1h"}, ratelimit.Policy{Limit: 1000, Window: time.Hour}, false},
		{"both", map[string]string{"SVC_MGMT_RATE_LIMIT": "3", "SVC_MGMT_RATE_WINDOW": "2s"}, ratelimit.Policy{Limit: 3, Window: 2 * time.Second}, false},
		{"minimum window", map[string]string{"SVC_MGMT_RATE_WINDOW": "1s"}, ratelimit.Policy{Limit: 1000, Window: time.Second}, false},
		{"zero limit", map[string]string{"SVC_MGMT_RATE_LIMIT": "0"}, ratelimit.Policy{}, true},
		{"negative limit", map[string]string{"SVC_MGMT_RATE_LIMIT": "-1"}, ratelimit.Policy{}, true},
		{"non-numeric limit", map[string]string{"SVC_MGMT_RATE_LIMIT": "lots"}, ratelimit.Policy{}, true},
		{"fractional limit", map[string]string{"SVC_MGMT_RATE_LIMIT": "1.5"}, ratelimit.Policy{}, true},
		{"padded limit", map[string]string{"SVC_MGMT_RATE_LIMIT": " 5"}, ratelimit.Policy{}, true},
		{"window without unit", map[string]string{"SVC_MGMT_RATE_WINDOW": "60"}, ratelimit.Policy{}, true},
		{"window below 1s", map[string]string{"SVC_MGMT_RATE_WINDOW": "500ms"}, ratelimit.Policy{}, true},
		{"window of fractional seconds", map[string]string{"SVC_MGMT_RATE_WINDOW": "1.5s"}, ratelimit.Policy{}, true},
		{"negative window", map[string]string{"SVC_MGMT_RATE_WINDOW": "-1m"}, ratelimit.Policy{}, true},
	}
	for _, tc := range tests {
		if !tc.wantErr {
			tc.want.Name = "management" // the name passed in, whatever the environment says
		}
		got, err := ratelimit.PolicyFromEnv("management", func(k string) string { return tc.env[k] })
		if (err != nil) != tc.wantErr || got != tc.want {
			t.Errorf("%s: %+v, %v", tc.name, got, err)
		}
	}
}
