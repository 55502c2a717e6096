// Package call is the call-session feature (interface section 4.7): a user
// asks for a call, a provider of the key's ZBA is matched by need and place,
// and both meet in web pages that signal WebRTC through the service's own
// routes. It holds the call record and its states, the body of
// POST /v1/calls, the provider directory, the matcher and the session
// token; the ports it needs (stores, geocoder) are declared here.
package call

import (
	"context"
	"errors"
	"time"
)

// State is where a call is in its life. States only move forward:
//
//	created -> ringing -> connected -> ended
//	created -> expired (the user did not join within JoinTimeout)
//	ringing -> expired (nobody accepted within RingTimeout of the join)
//	created|ringing -> cancelled (the user left, or the provider declined)
type State string

// The states of a call.
const (
	StateCreated   State = "created"
	StateRinging   State = "ringing"
	StateConnected State = "connected"
	StateEnded     State = "ended"
	StateExpired   State = "expired"
	StateCancelled State = "cancelled"
)

// next lists the states each state may move to.
var next = map[State][]State{
	StateCreated:   {StateRinging, StateExpired, StateCancelled},
	StateRinging:   {StateConnected, StateExpired, StateCancelled},
	StateConnected: {StateEnded},
}

// CanMove reports whether a call in state s may move to t.
func (s State) CanMove(t State) bool {
	for _, n := range next[s] {
		if n == t {
			return true
		}
	}
	return false
}

// Final reports whether no state follows s.
func (s State) Final() bool { return len(next[s]) == 0 }

// Lifetimes of a call.
const (
	// JoinTimeout is how long a created call waits for its user to join
	// (open call_url and post the offer): after it, the call is expired
	// and its provider free again.
	JoinTimeout = 2 * time.Minute
	// RingTimeout is how long a call rings at its provider, from the
	// user's offer: after it, unanswered, the call is expired.
	RingTimeout = 2 * time.Minute
	// MaxDuration bounds a connected call: the user's token expires at the
	// latest ring deadline plus MaxDuration.
	MaxDuration = 2 * time.Hour
	// Retention is how long a call's record is kept after it was created
	// (DynamoDB's TTL removes it).
	Retention = 30 * 24 * time.Hour
)

// Call is a call session as stored.
type Call struct {
	ID         string
	ZBAID      string
	ProviderID string
	// ProviderName is shown on the user's page.
	ProviderName string
	State        State
	Query        string
	CallerName   string
	RedirectURL  string
	// Location is where the user is (given, or geocoded from the address).
	Lat, Lon float64
	// DistanceKm is from the user to the matched provider.
	DistanceKm float64
	// Offer and Answer are the complete SDPs (non-trickle ICE).
	Offer, Answer string
	// EndedBy is "user" or "provider" once someone hung up or declined.
	EndedBy string
	// EndReason says how a call that is over came to end (the Reason
	// constants).
	EndReason   Reason
	CreatedAt   time.Time
	UpdatedAt   time.Time
	RingingAt   *time.Time
	ConnectedAt *time.Time
	EndedAt     *time.Time
	// Version is the optimistic-concurrency counter every write raises.
	Version int
}

// ExpiresAt is when the record is deleted.
func (c Call) ExpiresAt() time.Time { return c.CreatedAt.Add(Retention) }

// Reason is why a call is over.
type Reason string

// The reasons.
const (
	ReasonHungUp      Reason = "hung_up"
	ReasonDeclined    Reason = "declined"
	ReasonJoinTimeout Reason = "join_timeout"
	ReasonRingTimeout Reason = "ring_timeout"
)

// JoinDeadline is when a created call that its user has not joined
// expires.
func (c Call) JoinDeadline() time.Time { return c.CreatedAt.Add(JoinTimeout) }

// RingDeadline is when a ringing call that nobody accepted expires: the
// ring time runs from the user's offer (the zero time before it).
func (c Call) RingDeadline() time.Time {
	if c.RingingAt == nil {
		return time.Time{}
	}
	return c.RingingAt.Add(RingTimeout)
}

// Deadline is when a call that is not connected ends by itself unless
// something happens first: the join deadline while created, the ring
// deadline while ringing; the zero time in any other state.
func (c Call) Deadline() time.Time {
	switch c.State {
	case StateCreated:
		return c.JoinDeadline()
	case StateRinging:
		return c.RingDeadline()
	}
	return time.Time{}
}

// lapse is the state and reason c moves to once its Deadline passed.
func (c Call) lapse() (State, Reason) {
	if c.State == StateCreated {
		return StateExpired, ReasonJoinTimeout
	}
	return StateExpired, ReasonRingTimeout
}

// ReservedUntil is until when c holds its provider: its Deadline while it
// waits (to be joined, or to be answered), and MaxDuration from its
// connection while connected. A call that is over holds nobody (the zero
// time). The reservation never outlives the call: once it passes, the
// call is over by its own rules, whether or not anyone has read it since.
func (c Call) ReservedUntil() time.Time {
	switch {
	case c.State == StateConnected && c.ConnectedAt != nil:
		return c.ConnectedAt.Add(MaxDuration)
	case c.State.Final():
		return time.Time{}
	}
	return c.Deadline()
}

// UserTokenLifetime is how long a call's user token works from the
// call's creation: the join and ring times at their longest, then the
// longest call.
const UserTokenLifetime = JoinTimeout + RingTimeout + MaxDuration

// Duration is how long the call was connected, 0 when it never was.
func (c Call) Duration() time.Duration {
	if c.ConnectedAt == nil || c.EndedAt == nil {
		return 0
	}
	return c.EndedAt.Sub(*c.ConnectedAt)
}

// Errors of the call stores.
var (
	ErrCallNotFound = errors.New("call: no such call")
	// ErrConflict: the call changed since it was read (a racing write).
	ErrConflict   = errors.New("call: the call changed meanwhile")
	ErrCallExists = errors.New("call: a call with this id exists")
	// ErrProviderBusy: another call holds the provider (calls.md §4).
	ErrProviderBusy = errors.New("call: the provider is reserved by another call")
)

// Calls is the store of call records and of the reservations of their
// providers. Every update is conditional on the version read, so racing
// writers cannot move a call backwards, and a provider is reserved by a
// conditional write in the same transaction as its call, so two calls
// never hold one provider.
type Calls interface {
	// CreateCall stores c, new, and reserves its provider for it until
	// c.ReservedUntil(), at once: ErrProviderBusy (and nothing stored)
	// when another call holds the provider at c.CreatedAt.
	CreateCall(ctx context.Context, c Call) error
	GetCall(ctx context.Context, id string) (Call, error)
	// UpdateCall writes c over the stored call whose version is
	// c.Version-1, else ErrConflict (ErrCallNotFound when there is none),
	// and moves the provider's reservation with it in the same write:
	// held until c.ReservedUntil() while c is not over, released once it
	// is. A reservation that is no longer c's is left alone.
	UpdateCall(ctx context.Context, c Call) error
	// BusyProviders are the ids of zbaID's providers that a call holds at
	// at (a store may bound the read: the reservation's own condition is
	// what keeps two calls apart).
	BusyProviders(ctx context.Context, zbaID string, at time.Time) (map[string]bool, error)
	// ListProviderCalls lists the calls of one provider created at or after
	// since, newest first.
	ListProviderCalls(ctx context.Context, zbaID, providerID string, since time.Time) ([]Call, error)
}
