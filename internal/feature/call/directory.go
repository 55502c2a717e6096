package call

import (
	"context"
	"errors"
	"fmt"
	"strings"
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
// it from its address when no location was given.
func (s Service) PutProvider(ctx context.Context, req PutProviderRequest) (Provider, error) {
	p := req.Provider
	if !req.HasLocation {
		if strings.TrimSpace(req.Address) == "" {
			return p, fmt.Errorf("%w: location or address is required", ErrInvalidProvider)
		}
		if s.Geocoder == nil {
			return p, errors.New("call: no geocoder configured")
		}
		place, err := s.Geocoder.Resolve(req.Address)
		if err != nil {
			return p, fmt.Errorf("%w: address %q: %v", ErrInvalidProvider, req.Address, err)
		}
		p.Location = place.Point
	}
	p.UpdatedAt = s.Now().UTC()
	if err := p.Validate(); err != nil {
		return p, err
	}
	return p, s.Providers.PutProvider(ctx, p)
}
