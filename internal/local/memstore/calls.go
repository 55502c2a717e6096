package memstore

import (
	"context"
	"slices"
	"strings"
	"time"

	"svc/internal/feature/call"
	"svc/internal/platform/geo"
)

// Calls is the store of call records, as callstore.Store is.
type Calls struct{ db *DB }

// NewCalls returns the call store over db.
func NewCalls(db *DB) *Calls { return &Calls{db: db} }

var _ call.Calls = (*Calls)(nil)

// providerStatus is a provider's reservation: the call that holds it,
// until when.
type providerStatus struct {
	busyCall  string
	busyUntil time.Time
	// linkGen is the provider's link generation; put says it was put.
	linkGen string
	put     bool
}

// ProviderLinkGen implements call.Calls.
func (s *Calls) ProviderLinkGen(_ context.Context, zbaID, providerID string) (string, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	st := s.db.status[providerKey{zbaID, providerID}]
	if !st.put {
		return "", call.ErrProviderNotFound
	}
	return st.linkGen, nil
}

// CreateCall implements call.Calls.
func (s *Calls) CreateCall(_ context.Context, c call.Call) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	if _, ok := s.db.calls[c.ID]; ok {
		return call.ErrCallExists
	}
	k := providerKey{c.ZBAID, c.ProviderID}
	st := s.db.status[k]
	if (st.busyCall != "" && st.busyUntil.After(c.CreatedAt)) || st.linkGen != c.ProviderGen {
		// Held, or put again (or removed) since it was matched.
		return call.ErrProviderBusy
	}
	st.busyCall, st.busyUntil = c.ID, c.ReservedUntil()
	s.db.status[k] = st
	s.db.calls[c.ID] = cloneCall(c)
	return nil
}

// BusyProviders implements call.Calls.
func (s *Calls) BusyProviders(_ context.Context, zbaID string, at time.Time) (map[string]bool, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	out := map[string]bool{}
	for k, st := range s.db.status {
		if k.zbaID == zbaID && st.busyCall != "" && st.busyUntil.After(at) {
			out[k.id] = true
		}
	}
	return out, nil
}

// GetCall implements call.Calls.
func (s *Calls) GetCall(_ context.Context, id string) (call.Call, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	c, ok := s.db.calls[id]
	if !ok {
		return call.Call{}, call.ErrCallNotFound
	}
	return cloneCall(c), nil
}

// UpdateCall implements call.Calls: conditional on the version read.
func (s *Calls) UpdateCall(_ context.Context, c call.Call) error { return s.write(c, c.Version-1) }

// TouchCall implements call.Calls: conditional on the version c keeps.
func (s *Calls) TouchCall(_ context.Context, c call.Call) error { return s.write(c, c.Version) }

func (s *Calls) write(c call.Call, read int) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	old, ok := s.db.calls[c.ID]
	switch {
	case !ok:
		return call.ErrCallNotFound
	case old.Version != read:
		return call.ErrConflict
	}
	s.db.calls[c.ID] = cloneCall(c)
	k := providerKey{c.ZBAID, c.ProviderID}
	if st, ok := s.db.status[k]; ok && st.busyCall == c.ID {
		st.busyUntil = c.ReservedUntil()
		if c.State.Final() {
			st.busyCall, st.busyUntil = "", time.Time{}
		}
		s.db.status[k] = st
	}
	return nil
}

// ListProviderCalls implements call.Calls.
func (s *Calls) ListProviderCalls(_ context.Context, zbaID, providerID string, since time.Time) ([]call.Call, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	var out []call.Call
	for _, c := range s.db.calls {
		if c.ZBAID == zbaID && c.ProviderID == providerID && !c.CreatedAt.Before(since) {
			out = append(out, cloneCall(c))
		}
	}
	slices.SortFunc(out, func(a, b call.Call) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return out, nil
}

// cloneCall keeps the caller's copy and the stored one apart, as a round
// trip through DynamoDB does, with times in UTC.
func cloneCall(c call.Call) call.Call {
	c.CreatedAt, c.UpdatedAt = instant(c.CreatedAt), instant(c.UpdatedAt)
	c.RingingAt, c.ConnectedAt, c.EndedAt = instantPtr(c.RingingAt), instantPtr(c.ConnectedAt), instantPtr(c.EndedAt)
	c.UserSeenAt, c.ProviderSeenAt = instantPtr(c.UserSeenAt), instantPtr(c.ProviderSeenAt)
	return c
}

// providerKey names a provider of a ZBA.
type providerKey struct{ zbaID, id string }

// Providers is a ZBA's provider directory, as providerstore.Store is. Its
// Nearby has no index: it runs the search (call.Widen) over the ZBA's
// whole directory, and answers with the directory when no neighbourhood
// has enough, as the adapter does.
type Providers struct{ db *DB }

// NewProviders returns the provider directory over db.
func NewProviders(db *DB) *Providers { return &Providers{db: db} }

var _ call.Providers = (*Providers)(nil)

// PutProvider implements call.Providers.
func (s *Providers) PutProvider(_ context.Context, p call.Provider) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	k := providerKey{p.ZBAID, p.ID}
	s.db.providers[k] = cloneProvider(p)
	st := s.db.status[k]
	st.linkGen, st.put = p.LinkGen, true
	s.db.status[k] = st
	return nil
}

// GetProvider implements call.Providers.
func (s *Providers) GetProvider(_ context.Context, zbaID, id string) (call.Provider, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	p, ok := s.db.providers[providerKey{zbaID, id}]
	if !ok {
		return call.Provider{}, call.ErrProviderNotFound
	}
	return cloneProvider(p), nil
}

// ListProviders implements call.Providers.
func (s *Providers) ListProviders(_ context.Context, zbaID string) ([]call.Provider, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	return s.of(zbaID), nil
}

func (s *Providers) of(zbaID string) []call.Provider {
	var out []call.Provider
	for k, p := range s.db.providers {
		if k.zbaID == zbaID {
			out = append(out, cloneProvider(p))
		}
	}
	slices.SortFunc(out, func(a, b call.Provider) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// RemoveProvider implements call.Providers.
func (s *Providers) RemoveProvider(_ context.Context, zbaID, id string) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	k := providerKey{zbaID, id}
	if _, ok := s.db.providers[k]; !ok {
		return call.ErrProviderNotFound
	}
	delete(s.db.providers, k)
	delete(s.db.status, k)
	return nil
}

// Nearby implements call.Providers.
func (s *Providers) Nearby(_ context.Context, zbaID string, p geo.Point, enough func([]call.Provider) bool) ([]call.Provider, error) {
	s.db.mu.Lock()
	all := s.of(zbaID)
	s.db.mu.Unlock()
	if found, ok := call.Widen(p, all, enough); ok {
		return found, nil
	}
	return all, nil
}

func cloneProvider(p call.Provider) call.Provider {
	p.Skills = slices.Clone(p.Skills)
	p.Languages = slices.Clone(p.Languages)
	p.Availability.Hours = slices.Clone(p.Availability.Hours)
	p.UpdatedAt = instant(p.UpdatedAt)
	return p
}

// Geocoder resolves addresses from a fixed table, for use-case tests: the
// real geocoder is gazetteer.Default.
type Geocoder map[string]geo.Place

// Resolve implements call.Geocoder: geo.ErrNoCountry for an address it
// does not hold.
func (g Geocoder) Resolve(address string) (geo.Place, error) {
	if p, ok := g[strings.ToLower(strings.TrimSpace(address))]; ok {
		return p, nil
	}
	return geo.Place{}, geo.ErrNoCountry
}
