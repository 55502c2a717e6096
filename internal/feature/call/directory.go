package call

import (
	"context"

	"svc/internal/platform/geo"
)

// PutProviderRequest is an operator's provider record: the location, or
// else an address the geocoder resolves.
type PutProviderRequest struct {
	Provider
	// HasLocation says Provider.Location was given.
	HasLocation bool
	Address     string
}

// PutProvider validates and stores a provider of the directory, locating
// it from its address when no location was given (Locate).
func (s Service) PutProvider(ctx context.Context, req PutProviderRequest) (Provider, error) {
	p := req.Provider
	var location *geo.Point
	if req.HasLocation {
		location = &req.Location
	}
	var err error
	if p.Location, err = s.Locate(location, req.Address); err != nil {
		return p, err
	}
	p.UpdatedAt = s.Now().UTC()
	if err := p.Validate(); err != nil {
		return p, err
	}
	return p, s.Providers.PutProvider(ctx, p)
}
