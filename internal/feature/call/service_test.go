package call_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/call"
	"svc/internal/local/memstore"
	"svc/internal/platform/apperr"
	"svc/internal/platform/geo"
)

// testPages are page paths of the tests' own: the service points where the
// wiring tells it (calls.Pages, from the route table).
var testPages = call.Pages{User: func(id string) string { return "/pages/call/" + id }, Provider: "/pages/provider"}

func TestCreate(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	lyon := geo.Point{Lat: 45.764, Lon: 4.8357}
	geocoder := memstore.Geocoder{"lyon, france": {Point: lyon, City: "Lyon", CountryCode: "FR"}}
	newService := func(t *testing.T) (call.Service, *memstore.Calls) {
		db := memstore.NewDB()
		providers, calls := memstore.NewProviders(db), memstore.NewCalls(db)
		for _, p := range []call.Provider{
			provider("lyon-plumber", 45.76, 4.84, []string{"plumbing"}, ""),
			provider("paris-plumber", 48.86, 2.35, []string{"plumbing"}, ""),
			provider("lyon-lawyer", 45.77, 4.83, []string{"family law"}, "Divorce and custody"),
		} {
			if err := providers.PutProvider(t.Context(), p); err != nil {
				t.Fatal(err)
			}
		}
		other := provider("other-zba-dentist", 45.764, 4.8357, []string{"dentistry"}, "")
		other.ZBAID = "beta"
		if err := providers.PutProvider(t.Context(), other); err != nil {
			t.Fatal(err)
		}
		return call.Service{Calls: calls, Providers: providers, Geocoder: geocoder,
			Tokens: call.Tokens{Key: fixedKey(strings.Repeat("k", 32)), Now: func() time.Time { return now }},
			Pages:  testPages, Now: func() time.Time { return now }}, calls
	}
	cases := []struct {
		name         string
		req          call.CreateRequest
		wantProvider string
		wantErr      string
	}{
		{"by location, with a query", call.CreateRequest{Query: "plumber", Location: &lyon}, "lyon-plumber", ""},
		{"by address, with a query", call.CreateRequest{Query: "divorce lawyer", Address: "Lyon, France"}, "lyon-lawyer", ""},
		{"by location, no query: the nearest", call.CreateRequest{Location: &geo.Point{Lat: 48.85, Lon: 2.35}}, "paris-plumber", ""},
		{"no provider for the need", call.CreateRequest{Query: "astronaut", Location: &lyon}, "", "No provider available"},
		{"another ZBA's provider is never matched", call.CreateRequest{Query: "dentist", Location: &lyon}, "", "No provider available"},
		{"an address that does not resolve", call.CreateRequest{Address: "Atlantis"}, "", "address: no known country"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			svc, calls := newService(t)
			tc.req.RedirectURL = "https://example.com/done"
			got, err := svc.Create(t.Context(), "acme", tc.req, "https://api.example/prod")
			if tc.wantErr != "" {
				var e *apperr.Error
				if !errors.As(err, &e) || e.Status()/100 != 4 || !strings.Contains(e.Error(), tc.wantErr) {
					t.Fatalf("got %v, want a 4xx with %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			c, err := calls.GetCall(t.Context(), got.CallID)
			if err != nil {
				t.Fatal(err)
			}
			if c.ProviderID != tc.wantProvider || c.ZBAID != "acme" || c.State != call.StateCreated || c.Version != 1 {
				t.Fatalf("stored %+v, want provider %s", c, tc.wantProvider)
			}
			u, err := url.Parse(got.CallURL)
			if err != nil || u.Scheme != "https" || u.Host != "api.example" || u.Path != "/prod/pages/call/"+c.ID {
				t.Fatalf("call_url %q", got.CallURL)
			}
			if _, err := svc.Tokens.VerifyFor(t.Context(), u.Query().Get("metadata"), call.RoleUser, c); err != nil {
				t.Fatalf("the URL's token does not admit the user: %v", err)
			}
		})
	}
}

// TestNoPages: a service the wiring gave no page paths hands out no link
// and stores no call.
func TestNoPages(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	db := memstore.NewDB()
	calls, providers := memstore.NewCalls(db), memstore.NewProviders(db)
	if err := providers.PutProvider(t.Context(), provider("pat", 45.76, 4.84, []string{"plumbing"}, "")); err != nil {
		t.Fatal(err)
	}
	svc := call.Service{Calls: calls, Providers: providers, Now: func() time.Time { return now },
		Tokens: call.Tokens{Key: fixedKey(strings.Repeat("k", 32)), Now: func() time.Time { return now }}}
	_, err := svc.Create(t.Context(), "acme", call.CreateRequest{Location: &geo.Point{Lat: 45.76, Lon: 4.84},
		RedirectURL: "https://example.com/done"}, "https://api.example")
	var e *apperr.Error
	if !errors.As(err, &e) || e.Status() != 500 {
		t.Fatalf("create: %v, want a 500", err)
	}
	if listed, _ := calls.ListProviderCalls(t.Context(), "acme", "pat", time.Time{}); len(listed) != 0 {
		t.Fatalf("a call was stored: %+v", listed)
	}
	if _, err := svc.ProviderLink(t.Context(), "https://api.example", call.Provider{ZBAID: "acme", ID: "pat"}); !errors.As(err, &e) || e.Status() != 500 {
		t.Fatalf("provider link: %v, want a 500", err)
	}
}
