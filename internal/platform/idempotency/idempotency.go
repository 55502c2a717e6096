// Package idempotency is the Idempotency-Key contract of every route that
// takes the header (DESIGN decision 13): the IETF httpapi draft's semantics
// with Stripe's replay header. A key is scoped to the ZBA; the first
// request's fingerprint and final response are kept for RetentionPeriod; a
// repeat with the same fingerprint gets the stored response, a repeat while
// the first is in flight gets 409, a repeat with another payload 422. The
// in-flight lease is bounded by the function's timeout, so a crashed first
// attempt frees the key once the lease ends, and a request that failed
// validation releases it at once, since nothing was done.
//
// One record shape serves every route: Record. A route completes the record
// in the same transaction as its own write (the message store does so for
// sends), so a response is stored if and only if the work is.
package idempotency

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"svc/internal/platform/apperr"
)

// Headers.
const (
	// Header is the request header carrying the key (IETF draft).
	Header = "Idempotency-Key"
	// ReplayedHeader marks a replayed response ("true"): Stripe's
	// convention, not the draft's.
	ReplayedHeader = "Idempotent-Replayed"
)

// MaxKeyLength is the longest key accepted, in characters.
const MaxKeyLength = 255

// RetentionPeriod is how long a completed record answers repeats.
const RetentionPeriod = 24 * time.Hour

// Status is where a request with a key stands.
type Status string

// Record statuses (the names Powertools for Lambda uses).
const (
	StatusInProgress Status = "INPROGRESS"
	StatusCompleted  Status = "COMPLETED"
)

// Response is a stored final response.
type Response struct {
	Status int
	Body   []byte
}

// Record is the state of one key in one scope.
type Record struct {
	// Scope is the ZBA the key belongs to.
	Scope string
	Key   string
	// Fingerprint identifies the request: method, path and canonical body.
	Fingerprint string
	Status      Status
	// Token identifies the attempt holding the lease; completing needs it.
	Token string
	// LeaseUntil is when an in-progress record stops blocking repeats.
	LeaseUntil time.Time
	// ExpiresAt is when the record is forgotten (the store's TTL).
	ExpiresAt time.Time
	// Response is set once completed.
	Response *Response
}

// Store keeps records.
type Store interface {
	// Begin stores r (in progress) unless a record of the same scope and
	// key exists that is completed or whose lease has not ended at now; it
	// then returns that record and stores nothing.
	Begin(ctx context.Context, r Record, now time.Time) (existing *Record, err error)
	// Release deletes the in-progress record of the attempt holding token,
	// so that the key may be used again at once.
	Release(ctx context.Context, scope, key, token string) error
}

// ErrRepeatedKey refuses a request that sent Header more than once: which
// of its keys guards the request would be a guess (API Gateway's
// single-value header map keeps the last), and a guess can send twice.
var ErrRepeatedKey = apperr.New(apperr.CodeInvalidParameter, Header+": sent more than once; send exactly one key per request")

// ValidateKey checks a key: 1 to MaxKeyLength printable ASCII characters.
func ValidateKey(key string) error {
	if len(key) == 0 || len(key) > MaxKeyLength {
		return apperr.Newf(apperr.CodeInvalidParameter, "%s: must be 1 to %d printable ASCII characters (found %d)", Header, MaxKeyLength, len(key))
	}
	for i := 0; i < len(key); i++ {
		if c := key[i]; c < 0x20 || c > 0x7e {
			return apperr.Newf(apperr.CodeInvalidParameter, "%s: must be printable ASCII; character %d is not", Header, i+1)
		}
	}
	return nil
}

// Fingerprint is the SHA-256 of the method, the path and the canonical
// body: a JSON body is compacted and its object keys sorted, so that two
// encodings of the same payload match; any other body counts as its bytes.
// One trailing slash is dropped from the path, as the gateway serves
// ".../messages/" by the route of ".../messages": a retry that adds or
// drops it is the same request.
func Fingerprint(method, path string, body []byte) string {
	if len(path) > 1 {
		path = strings.TrimSuffix(path, "/")
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n", method, path)
	h.Write(Canonical(body))
	return hex.EncodeToString(h.Sum(nil))
}

// Canonical is body with its JSON re-encoded (keys sorted, no spaces,
// numbers as written); body itself when it is not JSON.
func Canonical(body []byte) []byte {
	var v any
	dec := json.NewDecoder(bytesReader(body))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil || dec.More() {
		return body
	}
	out, err := json.Marshal(v)
	if err != nil {
		return body
	}
	return out
}

// Guard runs the contract over a Store.
type Guard struct {
	Store Store
	Now   func() time.Time
	// Lease bounds an attempt: the function's timeout and a margin, so the
	// lease outlives every attempt that may still complete, and no more.
	Lease time.Duration
}

// Claim is a held lease: the caller completes it in its own write, or
// releases it.
type Claim struct {
	Scope, Key, Token, Fingerprint string
	// ExpiresAt is the completed record's expiry.
	ExpiresAt time.Time
}

// Completion is what the caller's transaction writes over the claim.
type Completion struct {
	Claim
	Response Response
}

// ErrConflict is the cause of Begin's refusals (409 in flight, 422 another
// request): they tell of the key's history in its scope, so a route answers
// them only once it knows the request could otherwise have been served.
var ErrConflict = errors.New("idempotency key in use")

// Begin takes the lease on key for a request with fingerprint fp. It
// returns the stored response to replay when the key completed with the
// same fingerprint, a 409 while another attempt holds the lease, a 422 when
// the key was used with another payload (both wrapping ErrConflict).
func (g Guard) Begin(ctx context.Context, scope, key, fp string) (*Claim, *Response, error) {
	now := g.Now()
	token := newToken()
	r := Record{Scope: scope, Key: key, Fingerprint: fp, Status: StatusInProgress, Token: token,
		LeaseUntil: now.Add(g.Lease), ExpiresAt: now.Add(RetentionPeriod)}
	old, err := g.Store.Begin(ctx, r, now)
	if err != nil {
		return nil, nil, err
	}
	if old == nil {
		return &Claim{Scope: scope, Key: key, Token: token, Fingerprint: fp, ExpiresAt: r.ExpiresAt}, nil, nil
	}
	switch {
	case old.Fingerprint != fp:
		return nil, nil, &apperr.Error{Code: apperr.CodeInvalidParameter, Message: apperr.CodeInvalidParameter.Title(),
			Details:    "Idempotency-Key was already used with another request (method, path or body); use a new key for a new request.",
			HTTPStatus: 422, Err: ErrConflict}
	case old.Status == StatusCompleted && old.Response != nil:
		return nil, old.Response, nil
	}
	return nil, nil, &apperr.Error{Code: apperr.CodeInvalidParameter, Message: apperr.CodeInvalidParameter.Title(),
		Details: fmt.Sprintf("A request with this Idempotency-Key is still in flight; retry after it completes (at most %d seconds).",
			int(max(time.Second, old.LeaseUntil.Sub(now)).Seconds())),
		HTTPStatus: 409, Err: ErrConflict}
}

// Release frees a claim whose request did nothing (validation failed, or a
// dependency did); a failure to release only delays the key's reuse until
// the lease ends.
func (g Guard) Release(ctx context.Context, c *Claim) error {
	if c == nil {
		return nil
	}
	return g.Store.Release(context.WithoutCancel(ctx), c.Scope, c.Key, c.Token)
}

// ErrNoClaim: a completion was written for a lease the attempt no longer
// holds (it outlived its lease and another attempt took the key).
var ErrNoClaim = errors.New("idempotency lease lost")

func newToken() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
