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
	// AbandonAfter is how long a side of a ringing or connected call may
	// go without polling (its page closed, its machine asleep) before the
	// call is over: ended (cancelled while it rings) as abandoned. The
	// pages poll every second or faster, and the user's page has live
	// media, which browsers do not throttle.
	AbandonAfter = 30 * time.Second
	// HeartbeatEvery is how often a side's polls are recorded on the call
	// (UserSeenAt, ProviderSeenAt): at most one write per side in this
	// time, well inside AbandonAfter.
	HeartbeatEvery = 10 * time.Second
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
	// ProviderGen is the provider's link generation when the call was
	// made (Provider.LinkGen): only that provider's links of it act on
	// the call.
	ProviderGen string
	State       State
	Query       string
	CallerName  string
	RedirectURL string
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
	// UserSeenAt and ProviderSeenAt are when each side's page last polled
	// the call (recorded every HeartbeatEvery at most).
	UserSeenAt     *time.Time
	ProviderSeenAt *time.Time
	// Version is the optimistic-concurrency counter every state change
	// raises (a recorded poll keeps it: TouchCall).
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
	// ReasonAbandoned: a side stopped polling for AbandonAfter (EndedBy
	// names it).
	ReasonAbandoned Reason = "abandoned"
)

// Seen is when role's page last polled c: its recorded poll, or the step
// that brought the call to its state (a side is not held to polls it
// could not have made yet).
func (c Call) Seen(role Role) time.Time {
	at, since := c.UserSeenAt, c.RingingAt
	if role == RoleProvider {
		at, since = c.ProviderSeenAt, c.ConnectedAt
	}
	if c.State == StateConnected && c.ConnectedAt != nil && (since == nil || since.Before(*c.ConnectedAt)) {
		since = c.ConnectedAt
	}
	switch {
	case at == nil && since == nil:
		return c.CreatedAt
	case at == nil:
		return *since
	case since == nil || at.After(*since):
		return *at
	}
	return *since
}

// gone is the side of a ringing or connected call seen longest ago, and
// when the call is abandoned by it: AbandonAfter after that. While it
// rings only the user polls the call (the provider's page lists calls).
func (c Call) gone() (Role, time.Time) {
	if c.State == StateRinging {
		return RoleUser, c.Seen(RoleUser).Add(AbandonAfter)
	}
	user, provider := c.Seen(RoleUser), c.Seen(RoleProvider)
	if provider.Before(user) {
		return RoleProvider, provider.Add(AbandonAfter)
	}
	return RoleUser, user.Add(AbandonAfter)
}

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

// Deadline is when a call ends by itself unless something happens first:
// the join deadline while created; while ringing, the ring deadline or
// AbandonAfter past the user's last poll, whichever comes first; while
// connected, AbandonAfter past the last poll of the side seen longest
// ago. The zero time once it is over.
func (c Call) Deadline() time.Time {
	switch c.State {
	case StateCreated:
		return c.JoinDeadline()
	case StateRinging:
		_, abandoned := c.gone()
		if ring := c.RingDeadline(); !abandoned.Before(ring) {
			return ring
		}
		return abandoned
	case StateConnected:
		_, abandoned := c.gone()
		return abandoned
	}
	return time.Time{}
}

// lapse is what c becomes once its Deadline passed: the state, the
// reason, and the side that left it (for an abandoned call).
func (c Call) lapse() (State, Reason, Role) {
	switch c.State {
	case StateCreated:
		return StateExpired, ReasonJoinTimeout, ""
	case StateRinging:
		if role, abandoned := c.gone(); abandoned.Before(c.RingDeadline()) {
			return StateCancelled, ReasonAbandoned, role
		}
		return StateExpired, ReasonRingTimeout, ""
	}
	role, _ := c.gone()
	return StateEnded, ReasonAbandoned, role
}

// ReservedUntil is until when c holds its provider: its Deadline, which
// each recorded poll moves on. A call that is over holds nobody (the zero
// time). The reservation never outlives the call: once it passes, the
// call is over by its own rules, whether or not anyone has read it since.
func (c Call) ReservedUntil() time.Time { return c.Deadline() }

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
	// TouchCall writes c over the stored call whose version is c.Version,
	// keeping it (ErrConflict when it changed), and moves the reservation
	// as UpdateCall does: the record of a page's poll (UserSeenAt,
	// ProviderSeenAt), which a state change racing it overwrites rather
	// than conflicts with.
	TouchCall(ctx context.Context, c Call) error
	// BusyProviders are the ids of zbaID's providers that a call holds at
	// at (a store may bound the read: the reservation's own condition is
	// what keeps two calls apart).
	BusyProviders(ctx context.Context, zbaID string, at time.Time) (map[string]bool, error)
	// ProviderLinkGen is the provider's current link generation
	// (Provider.LinkGen), read from its status item, where its put wrote
	// it; ErrProviderNotFound for a provider removed (or put before links
	// had a generation).
	ProviderLinkGen(ctx context.Context, zbaID, providerID string) (string, error)
	// ListProviderCalls lists the calls of one provider created at or after
	// since, newest first.
	ListProviderCalls(ctx context.Context, zbaID, providerID string, since time.Time) ([]Call, error)
}
