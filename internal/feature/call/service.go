package call

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"svc/internal/platform/apperr"
	"svc/internal/platform/geo"
	"svc/internal/platform/uuid"
)

// Geocoder resolves a free-text address ("city, country") to a place,
// offline; it fails with geo.ErrNoCountry or geo.ErrNoCity.
type Geocoder interface {
	Resolve(address string) (geo.Place, error)
}

// TokenParam is the query parameter of a session page's URL carrying the
// session token.
const TokenParam = "metadata"

// Pages are the paths of the session pages under the API's public base
// URL. The route table owns the paths; the wiring makes these from it.
type Pages struct {
	// User is the path of a call's user page.
	User func(callID string) string
	// Provider is the path of a provider's page.
	Provider string
}

// enoughCandidates is how many ranked candidates end the widening of the
// directory search: more than one, so that the nearest of a cell's
// neighbourhood is found rather than the first one in the user's cell.
const enoughCandidates = 3

// Service creates calls and runs their sessions.
type Service struct {
	Calls     Calls
	Providers Providers
	Geocoder  Geocoder
	// ZBAs is asked by PutProvider only (the admin function's directory).
	ZBAs   ZBAs
	Tokens Tokens
	// Pages are where Create and ProviderLink point.
	Pages Pages
	Now   func() time.Time
	Log   *slog.Logger
	// NewID makes call ids (uuid.New when nil).
	NewID func() string
}

// Created is the answer to POST /v1/calls.
type Created struct {
	CallID  string `json:"call_id"`
	CallURL string `json:"call_url"`
}

// ErrNoProvider: no provider of the ZBA is available for the request. It
// is a 404 (code 100, subcode 33, as for an object that does not exist):
// the request was valid, the directory has nobody to take it now, and a
// client may try again later or without a query. No call is stored.
var ErrNoProvider = &apperr.Error{Code: apperr.CodeInvalidParameter, Message: "No provider available",
	Details: "No provider of this business is available for this request near this place; try again later, or with another query.",
	Subcode: apperr.SubcodeNotFound, HTTPStatus: 404}

// Locate is where a caller or a provider is: the location given, else the
// address geocoded. A blank address is 131008, one naming no known country
// or city 100 saying which; a missing geocoder or a table that fails to load
// is no fault of the request.
func (s Service) Locate(location *geo.Point, address string) (geo.Point, error) {
	if location != nil {
		return *location, nil
	}
	if strings.TrimSpace(address) == "" {
		return geo.Point{}, noPlace()
	}
	if s.Geocoder == nil {
		return geo.Point{}, apperr.Internal(errors.New("call: no geocoder configured"))
	}
	place, err := s.Geocoder.Resolve(address)
	switch {
	case errors.Is(err, geo.ErrNoCountry):
		return geo.Point{}, invalid("address", "no known country is named; "+placeRule)
	case errors.Is(err, geo.ErrNoCity):
		return geo.Point{}, invalid("address", "no known city of the country is named; "+placeRule)
	case err != nil:
		// The embedded table failed to load: no fault of the request.
		return geo.Point{}, apperr.Internal(fmt.Errorf("geocode: %w", err))
	}
	return place.Point, nil
}

// Match finds the providers of zbaID for a request at p, best first.
func (s Service) Match(ctx context.Context, zbaID, query string, p geo.Point) ([]Match, error) {
	q, now := ParseQuery(query), s.Now()
	found, err := s.Providers.Nearby(ctx, zbaID, p, func(ps []Provider) bool {
		return len(Rank(q, p, ps, now)) >= enoughCandidates
	})
	if err != nil {
		return nil, err
	}
	return Rank(q, p, found, now), nil
}

// Create creates a call for a user of zbaID: it locates them, matches the
// best provider and stores the call, whose URL (under baseURL) carries the
// user's session token.
func (s Service) Create(ctx context.Context, zbaID string, req CreateRequest, baseURL string) (Created, error) {
	if s.Pages.User == nil {
		return Created{}, errNoPages
	}
	p, err := s.Locate(req.Location, req.Address)
	if err != nil {
		return Created{}, err
	}
	matches, err := s.Match(ctx, zbaID, req.Query, p)
	if err != nil {
		return Created{}, err
	}
	if len(matches) == 0 {
		return Created{}, ErrNoProvider
	}
	now := s.Now().UTC()
	newID := s.NewID
	if newID == nil {
		newID = uuid.New
	}
	c := Call{ID: newID(), ZBAID: zbaID, State: StateCreated, Query: req.Query, CallerName: req.CallerName,
		RedirectURL: req.RedirectURL, Lat: p.Lat, Lon: p.Lon, CreatedAt: now, UpdatedAt: now, Version: 1}
	token, err := s.Tokens.Sign(ctx, Claims{CallID: c.ID, ZBAID: zbaID, Role: RoleUser,
		Expires: c.CreatedAt.Add(UserTokenLifetime).Unix()})
	if err != nil {
		return Created{}, apperr.Internal(fmt.Errorf("sign call token: %w", err))
	}
	if c, err = s.reserve(ctx, c, matches); err != nil {
		return Created{}, err
	}
	if s.Log != nil {
		s.Log.InfoContext(ctx, "call created", slog.String("call_id", c.ID), slog.String("zba_id", zbaID),
			slog.String("provider_id", c.ProviderID), slog.Float64("distance_km", c.DistanceKm))
	}
	return Created{CallID: c.ID, CallURL: pageURL(baseURL, s.Pages.User(c.ID), token)}, nil
}

// reserveAttempts bounds the reservations a create tries: a provider
// found busy only at the write (the busy list read after the first is
// eventually behind, or another create took it meanwhile) costs one.
const reserveAttempts = 3

// ErrAllBusy: every provider that matches is in another call now. It is
// ErrNoProvider's 404, saying why.
var ErrAllBusy = &apperr.Error{Code: apperr.CodeInvalidParameter, Message: ErrNoProvider.Message,
	Details: "Every provider of this business who matches this request near this place is in another call now; try again in a few minutes.",
	Subcode: apperr.SubcodeNotFound, HTTPStatus: 404}

// reserve stores c with the best of matches that no other call holds,
// reserving that provider in the same write. The first try takes the best
// without reading who is busy; when it is, the busy providers are read
// once and skipped, and a provider taken meanwhile (a lost race) passes
// to the next, at most reserveAttempts writes in all.
func (s Service) reserve(ctx context.Context, c Call, matches []Match) (Call, error) {
	busy, read := map[string]bool{}, false
	tries := 0
	for _, m := range matches {
		if busy[m.Provider.ID] {
			continue
		}
		if tries == reserveAttempts {
			break
		}
		tries++
		c.ProviderID, c.ProviderName, c.ProviderGen, c.DistanceKm = m.Provider.ID, m.Provider.Name, m.Provider.LinkGen, m.DistanceKm
		err := s.Calls.CreateCall(ctx, c)
		if !errors.Is(err, ErrProviderBusy) {
			return c, err
		}
		busy[m.Provider.ID] = true
		if !read {
			read = true
			held, err := s.Calls.BusyProviders(ctx, c.ZBAID, c.CreatedAt)
			if err != nil {
				return c, err
			}
			for id := range held {
				busy[id] = true
			}
		}
	}
	return c, ErrAllBusy
}

// errNoPages: the wiring left Service.Pages unset.
var errNoPages = apperr.Internal(errors.New("call: no session page paths configured"))

// pageURL is a session page's URL, carrying its token.
func pageURL(baseURL, path, token string) string {
	return baseURL + path + "?" + TokenParam + "=" + url.QueryEscape(token)
}

// ProviderLink signs a provider's page link, valid ProviderLinkLifetime
// or until the provider is put again or removed (p.LinkGen).
func (s Service) ProviderLink(ctx context.Context, baseURL string, p Provider) (string, error) {
	if s.Pages.Provider == "" {
		return "", errNoPages
	}
	token, err := s.Tokens.Sign(ctx, Claims{ZBAID: p.ZBAID, Role: RoleProvider, ProviderID: p.ID, LinkGen: p.LinkGen,
		Expires: s.Now().Add(ProviderLinkLifetime).Unix()})
	if err != nil {
		return "", err
	}
	return pageURL(baseURL, s.Pages.Provider, token), nil
}
