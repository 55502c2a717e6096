// Package ratelimit is a fixed-window rate limit per key: the counter's
// contract, the decision, and the 429 and headers a decision renders as. Its
// users are the per-ZBA management limit of the template routes (interface
// section 8, configured from the environment: PolicyFromEnv, BlockFromEnv)
// and the message feature's per-sender throughput and marketing windows. It
// knows nothing of AWS; the DynamoDB adapter implements Counter.
//
// Windows are fixed and aligned to multiples of the window length since the
// Unix epoch, so every Lambda derives the same window from its own clock
// without coordination (Lambda clocks are NTP-synchronised; they disagree only
// within milliseconds of a boundary). A window's count lives in one item
// raised by conditional increments that never take it past the limit, so
// concurrent requests never exceed the limit. The known cost of fixed
// windows is that a client may spend a whole budget at the end of one window
// and another at the start of the next, i.e. up to 2 × Limit within one
// window length; for the limits svc sets that is acceptable.
//
// Without Blocks a Limiter spends one token of the shared count per request
// (one store write each). With Blocks, a warm instance reserves a block of
// tokens with one conditional increment and spends them from memory (see
// Blocks for the bound this costs).
//
// A failed count neither allows nor refuses: Allow returns the error, an
// *apperr.Error with code 131016, and the HTTP layer answers 503 without
// running the handler, so a broken store can neither open the API to floods
// nor be mistaken for the client's fault.
//
// Decision.Headers gives the header fields of
// draft-ietf-httpapi-ratelimit-headers (the structured-field generation, not
// the older RateLimit-Limit/-Remaining/-Reset trio), under the policy's Name:
//
//	RateLimit-Policy: "<name>";q=<limit>;w=<window seconds>
//	RateLimit: "<name>";r=<remaining>;t=<seconds until the window ends>
//	Retry-After: <seconds until the window ends>   (429 responses only)
package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"svc/internal/platform/apperr"
	"svc/internal/platform/config"
)

// Header field names, as the IETF draft and RFC 9110 spell them.
const (
	HeaderPolicy     = "RateLimit-Policy"
	HeaderRateLimit  = "RateLimit"
	HeaderRetryAfter = "Retry-After"
)

// Environment variables of the management limit, read by PolicyFromEnv
// (named in platform/config, with every other setting a function reads).
const (
	EnvLimit  = config.EnvMgmtRateLimit
	EnvWindow = config.EnvMgmtRateWindow
)

// Defaults of the management limit. The compatible API allows 200 management calls per hour per app
// and account (5000 for active accounts), so its clients never come near
// 1000 per minute; neither does a developer driving the API by hand nor an
// end-to-end suite that creates and pages through a few hundred templates.
// A one-minute window means whoever does hit the limit waits at most a
// minute. 1000 per minute is about 17 writes per second per ZBA on average,
// far below the roughly 1000 writes per second one DynamoDB partition takes,
// so the counter needs no sharding. Tests of the 429 path set a small limit
// and window through EnvLimit and EnvWindow.
const (
	DefaultLimit  = 1000
	DefaultWindow = time.Minute
)

// ManagementPolicy names the management limit in its RateLimit headers
// and its 429s.
const ManagementPolicy = "management"

// DefaultPolicy is the management limit's policy, less its name, when the
// environment sets none.
var DefaultPolicy = Policy{Limit: DefaultLimit, Window: DefaultWindow}

// TTLSlack is how long a counter outlives its window before DynamoDB may
// delete it. It only has to exceed the clock skew between Lambdas, so that a
// late clock never finds its window's count already gone; DynamoDB deletes
// expired items lazily (typically within two days) anyway, and nothing reads
// a past window.
const TTLSlack = 5 * time.Minute

// Policy is a limit of Limit requests per Window.
type Policy struct {
	// Name names the policy in the RateLimit-Policy and RateLimit fields
	// and the 429's details; a policy whose decisions are never rendered
	// (the sender throughput's) may leave it empty.
	Name   string
	Limit  int
	Window time.Duration
}

// Validate reports whether the policy can be enforced: Limit > 0 and a
// Window of whole seconds, at least one. Whole seconds because windows are
// aligned and keyed on epoch seconds and the headers carry integer seconds.
func (p Policy) Validate() error {
	switch {
	case p.Limit <= 0:
		return fmt.Errorf("rate limit %d: must be greater than 0", p.Limit)
	case p.Window < time.Second:
		return fmt.Errorf("rate window %s: must be at least 1s", p.Window)
	case p.Window%time.Second != 0:
		return fmt.Errorf("rate window %s: must be whole seconds", p.Window)
	}
	return nil
}

// WindowStart is the start of the window containing now: the latest multiple
// of the window length since the Unix epoch that is not after now.
func (p Policy) WindowStart(now time.Time) time.Time {
	w := int64(p.Window / time.Second)
	s := now.Unix() // floors, also before 1970
	return time.Unix(s-((s%w)+w)%w, 0).UTC()
}

// PolicyFromEnv reads the management limit's policy, named name, from
// EnvLimit and EnvWindow; an unset or empty variable keeps DefaultPolicy's
// value. A set but invalid
// value is an error, so a typo in the deployment fails at start rather than
// silently running with the default.
func PolicyFromEnv(name string, getenv func(string) string) (Policy, error) {
	p := DefaultPolicy
	p.Name = name
	n, err := config.PositiveInt(getenv, EnvLimit, p.Limit)
	if err != nil {
		return Policy{}, err
	}
	p.Limit = n
	if v := getenv(EnvWindow); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			return Policy{}, fmt.Errorf("%s=%q: want a Go duration such as 60s or 1h: %w", EnvWindow, v, err)
		}
		p.Window = d
	}
	if err := p.Validate(); err != nil {
		return Policy{}, fmt.Errorf("%s/%s: %w", EnvLimit, EnvWindow, err)
	}
	return p, nil
}

// Counter counts the tokens taken from each key's window; the DynamoDB
// store implements it.
type Counter interface {
	// Take takes up to n tokens (n ≥ 1) for key from the window starting at
	// windowStart, whose budget is limit: it grants min(n, limit-count)
	// tokens, none once count reached limit, adds the grant to the count and
	// returns the grant and the count after it (a refusal leaves the count as
	// it was, at least limit, and returns it). The record may be deleted
	// after ttl. Taking must be atomic: concurrent takes on one window never
	// grant more than limit in total.
	Take(ctx context.Context, key string, windowStart, ttl time.Time, limit, n int) (granted, count int, err error)
}

// Limiter applies Policy per key, counting in Counter. Now is the clock;
// nil means time.Now. Blocks, when set, holds this instance's reserved
// tokens between requests; nil takes one token from Counter per request.
type Limiter struct {
	Policy  Policy
	Counter Counter
	Now     func() time.Time
	Blocks  *Blocks
}

// Decision is the outcome of one request.
type Decision struct {
	Allowed bool
	// Name, Limit and Window are the policy the request was counted
	// against.
	Name   string
	Limit  int
	Window time.Duration
	// Remaining is how many more requests the window allows as far as this
	// instance knows; 0 when refused. Without Blocks it is the limit less
	// the shared count after this request. With Blocks it is the limit less
	// the shared count at this instance's latest reservation, plus the
	// tokens this instance still holds: requests other instances made since
	// that reservation are not in it.
	Remaining int
	// Reset is the time until the window ends, in (0, Window].
	Reset time.Duration
}

// Allow counts one request under key (the ZBA's id for the management
// limit, a sender's key for its throughput) and decides it. On error
// the Decision is the zero value (no headers) and the error is an
// *apperr.Error: 131016 (HTTP 503) when the counter failed, 131000 for a
// misconfigured limiter. Callers must not treat an error as either outcome.
func (l Limiter) Allow(ctx context.Context, key string) (Decision, error) {
	if err := l.Policy.Validate(); err != nil {
		return Decision{}, apperr.Internal(err)
	}
	if l.Counter == nil {
		return Decision{}, apperr.Internal(errors.New("ratelimit: no counter"))
	}
	if key == "" {
		return Decision{}, apperr.Internal(errors.New("ratelimit: empty key"))
	}
	now := time.Now()
	if l.Now != nil {
		now = l.Now()
	}
	start := l.Policy.WindowStart(now)
	end := start.Add(l.Policy.Window)
	w := window{counter: l.Counter, key: key, start: start, ttl: end.Add(TTLSlack), limit: l.Policy.Limit}
	var (
		allowed   bool
		remaining int
		err       error
	)
	if l.Blocks != nil {
		allowed, remaining, err = l.Blocks.spend(ctx, w, now)
	} else {
		allowed, remaining, err = w.takeOne(ctx)
	}
	if err != nil {
		var ae *apperr.Error
		if errors.As(err, &ae) {
			return Decision{}, err
		}
		return Decision{}, apperr.Unavailable(fmt.Errorf("rate limit counter: %w", err))
	}
	d := Decision{Allowed: allowed, Name: l.Policy.Name, Limit: l.Policy.Limit, Window: l.Policy.Window, Reset: end.Sub(now)}
	if allowed {
		d.Remaining = max(0, remaining)
	}
	return d, nil
}

// Local reports whether Allow would decide key's next request without
// a call to the counter (this instance holds a token of the window, or
// knows it full). Without Blocks every decision calls the counter.
func (l Limiter) Local(key string) bool {
	if l.Blocks == nil || l.Policy.Validate() != nil {
		return false
	}
	now := time.Now()
	if l.Now != nil {
		now = l.Now()
	}
	return l.Blocks.local(key, l.Policy.WindowStart(now).Unix())
}

// window is one key's window of the shared count.
type window struct {
	counter Counter
	key     string
	start   time.Time
	ttl     time.Time
	limit   int
}

// take reserves up to n tokens; see Counter.Take.
func (w window) take(ctx context.Context, n int) (granted, count int, err error) {
	return w.counter.Take(ctx, w.key, w.start, w.ttl, w.limit, n)
}

// takeOne spends one token of the shared count: exact, one write per
// request.
func (w window) takeOne(ctx context.Context) (allowed bool, remaining int, err error) {
	granted, count, err := w.take(ctx, 1)
	if err != nil {
		return false, 0, err
	}
	return granted == 1, w.limit - count, nil
}

// ResetSeconds is Reset in whole seconds, rounded up so that a client waiting
// that long always lands in the next window, at least 1 and at most the
// window length.
func (d Decision) ResetSeconds() int {
	s := int((d.Reset + time.Second - 1) / time.Second)
	return min(max(s, 1), max(int(d.Window/time.Second), 1))
}

// Headers returns the response headers of a counted request, under the
// policy's name: RateLimit-Policy and RateLimit always, Retry-After (integer seconds, the
// same value as RateLimit's t) only when the request was refused. The zero
// Decision, returned with an error by Allow, has none.
func (d Decision) Headers() map[string]string {
	if d.Limit == 0 {
		return nil
	}
	reset := d.ResetSeconds()
	h := map[string]string{
		HeaderPolicy:    fmt.Sprintf("%q;q=%d;w=%d", d.Name, d.Limit, int(d.Window/time.Second)),
		HeaderRateLimit: fmt.Sprintf("%q;r=%d;t=%d", d.Name, d.Remaining, reset),
	}
	if !d.Allowed {
		h[HeaderRetryAfter] = strconv.Itoa(reset)
	}
	return h
}

// Err returns the 429 *apperr.Error (code 130429) for a refused decision,
// with details saying when to retry; nil when allowed.
func (d Decision) Err() error {
	if d.Allowed {
		return nil
	}
	return apperr.Newf(apperr.CodeRateLimit,
		"Rate limit %q of %d requests per %d seconds reached; retry after %d seconds (Retry-After).",
		d.Name, d.Limit, int(d.Window/time.Second), d.ResetSeconds())
}
