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
//	created|ringing -> expired (nobody accepted within RingTimeout)
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
	// RingTimeout is how long a call waits for its provider to accept:
	// after it, the call is expired and its links stop working.
	RingTimeout = 2 * time.Minute
	// MaxDuration bounds a connected call: the user's token expires then.
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
	EndedBy     string
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

// RingDeadline is when an unanswered call expires.
func (c Call) RingDeadline() time.Time { return c.CreatedAt.Add(RingTimeout) }

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
)

// Calls is the store of call records. Every update is conditional on the
// version read, so racing writers cannot move a call backwards.
type Calls interface {
	CreateCall(ctx context.Context, c Call) error
	GetCall(ctx context.Context, id string) (Call, error)
	// UpdateCall writes c over the stored call whose version is
	// c.Version-1, else ErrConflict (ErrCallNotFound when there is none).
	UpdateCall(ctx context.Context, c Call) error
	// ListProviderCalls lists the calls of one provider created at or after
	// since, newest first.
	ListProviderCalls(ctx context.Context, zbaID, providerID string, since time.Time) ([]Call, error)
}
