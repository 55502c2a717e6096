package call

import (
	"context"
	"errors"
	"fmt"

	"svc/internal/platform/apperr"
	"svc/internal/platform/geo"
	"svc/internal/platform/uuid"
)

// PutProviderRequest is an operator's provider record: the location, or
// else an address the geocoder resolves.
type PutProviderRequest struct {
	Provider
	// HasLocation says Provider.Location was given.
	HasLocation bool
	Address     string
}

// ZBAs is what the directory asks of the business accounts
// (account.Service).
type ZBAs interface {
	// ZBAExists reports whether the ZBA exists.
	ZBAExists(ctx context.Context, id string) (bool, error)
}

// PutProvider validates and stores a provider of the directory, locating
// it from its address when no location was given (Locate). A provider
// joins an existing business only: a ZBA that does not exist is refused
// (ErrInvalidProvider) before anything else is checked.
func (s Service) PutProvider(ctx context.Context, req PutProviderRequest) (Provider, error) {
	p := req.Provider
	if s.ZBAs == nil {
		return p, apperr.Internal(errors.New("call: no accounts configured"))
	}
	switch ok, err := s.ZBAs.ZBAExists(ctx, p.ZBAID); {
	case err != nil:
		return p, err
	case !ok:
		return p, fmt.Errorf("%w: zba %s does not exist (create it first)", ErrInvalidProvider, p.ZBAID)
	}
	var location *geo.Point
	if req.HasLocation {
		location = &req.Location
	}
	var err error
	if p.Location, err = s.Locate(location, req.Address); err != nil {
		return p, err
	}
	p.UpdatedAt = s.Now().UTC()
	// Every put revokes the links of the record it replaces.
	newID := s.NewID
	if newID == nil {
		newID = uuid.New
	}
	p.LinkGen = newID()
	if err := p.Validate(); err != nil {
		return p, err
	}
	return p, s.Providers.PutProvider(ctx, p)
}
