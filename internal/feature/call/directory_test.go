package call_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/call"
	"svc/internal/local/memstore"
	"svc/internal/platform/apperr"
	"svc/internal/platform/geo"
)

// zbas is the accounts as the directory sees them: the ZBAs that exist.
type zbas map[string]bool

func (z zbas) ZBAExists(_ context.Context, id string) (bool, error) { return z[id], nil }

var _ call.ZBAs = zbas(nil)

// TestPutProvider: a provider joins an existing business only, and is
// placed at its location, else at its address geocoded.
func TestPutProvider(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	lyon := geo.Point{Lat: 45.764, Lon: 4.8357}
	paris := geo.Point{Lat: 48.85, Lon: 2.35}
	record := func(zbaID string) call.Provider {
		p := provider("pat", 0, 0, []string{"plumbing"}, "")
		p.ZBAID = zbaID
		return p
	}
	cases := []struct {
		name    string
		req     call.PutProviderRequest
		want    geo.Point
		code    apperr.Code // of an apperr refusal
		wantErr string      // in the refusal's text
	}{
		{"at its location", call.PutProviderRequest{Provider: withLocation(record("acme"), paris), HasLocation: true, Address: "Lyon, France"}, paris, 0, ""},
		{"at its address", call.PutProviderRequest{Provider: record("acme"), Address: "Lyon, France"}, lyon, 0, ""},
		{"a ZBA that does not exist", call.PutProviderRequest{Provider: record("ghost"), Address: "Lyon, France"}, geo.Point{}, 0,
			"invalid provider: zba ghost does not exist"},
		{"neither location nor address", call.PutProviderRequest{Provider: record("acme"), Address: "  "}, geo.Point{}, apperr.CodeRequiredParameter,
			"address: required when location is absent"},
		{"an address naming no known country", call.PutProviderRequest{Provider: record("acme"), Address: "Atlantis"}, geo.Point{}, apperr.CodeInvalidParameter,
			"address: no known country is named"},
		{"a location out of range", call.PutProviderRequest{Provider: withLocation(record("acme"), geo.Point{Lat: 91}), HasLocation: true}, geo.Point{}, 0,
			"invalid provider: location must have latitude in [-90, 90]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			providers := memstore.NewProviders(memstore.NewDB())
			svc := call.Service{Providers: providers, ZBAs: zbas{"acme": true}, Now: func() time.Time { return now },
				Geocoder: memstore.Geocoder{"lyon, france": {Point: lyon, City: "Lyon", CountryCode: "FR"}}}
			got, err := svc.PutProvider(t.Context(), tc.req)
			stored, _ := providers.ListProviders(t.Context(), tc.req.ZBAID)
			if tc.wantErr != "" {
				var ae *apperr.Error
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || (tc.code != 0) != errors.As(err, &ae) ||
					(tc.code != 0 && ae.Code != tc.code) || (tc.code == 0 && !errors.Is(err, call.ErrInvalidProvider)) {
					t.Fatalf("got %v, want a refusal (code %d) saying %q", err, tc.code, tc.wantErr)
				}
				if len(stored) != 0 {
					t.Fatalf("a refused provider was stored: %+v", stored)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Location != tc.want || !got.UpdatedAt.Equal(now) || len(stored) != 1 || stored[0].Location != tc.want {
				t.Fatalf("put %+v, stored %+v; want it at %v", got, stored, tc.want)
			}
			// Each put makes a new link generation, revoking the links of
			// the record it replaces.
			again, err := svc.PutProvider(t.Context(), tc.req)
			if err != nil || got.LinkGen == "" || again.LinkGen == "" || again.LinkGen == got.LinkGen {
				t.Fatalf("link generations %q then %q, %v; want two different ones", got.LinkGen, again.LinkGen, err)
			}
		})
	}
}

func withLocation(p call.Provider, at geo.Point) call.Provider {
	p.Location = at
	return p
}
