package admin_test

import (
	"context"
	"io"
	"log/slog"
	"net/url"
	"strings"
	"testing"

	"svc/internal/feature/call"
	"svc/internal/local/memstore"
	"svc/internal/platform/geo"
	"svc/internal/transport/admin"
)

func TestProviderActions(t *testing.T) {
	f := newFixture(t)
	db := memstore.NewDB()
	tokens := call.Tokens{Key: func(context.Context) ([]byte, error) { return master, nil }, Now: f.clock.Now}
	calls := call.Service{Calls: memstore.NewCalls(db), Providers: memstore.NewProviders(db), ZBAs: f.svc, Tokens: tokens, Now: f.clock.Now,
		Pages:    call.Pages{User: func(id string) string { return "/call/" + id }, Provider: "/provider-page"},
		Geocoder: memstore.Geocoder{"lyon, france": {Point: geo.Point{Lat: 45.76, Lon: 4.84}, City: "Lyon", CountryCode: "FR"}}}
	handle := admin.New(admin.Parts{Accounts: f.svc, Records: f.store, Directory: admin.Directory{Calls: calls, BaseURL: "https://api.example/prod"}},
		slog.New(slog.NewJSONHandler(io.Discard, nil)))
	ctx := t.Context()

	res, err := handle(ctx, admin.Event{Action: admin.ActionPutProvider, ZBAID: "acme", ProviderID: "pat", Name: "Pat",
		Skills: []string{"plumbing"}, Languages: []string{"fr"}, Address: "Lyon, France"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Provider == nil || res.Provider.Location.Latitude != 45.76 || !res.Provider.Availability.Active {
		t.Fatalf("put: %+v", res.Provider)
	}
	u, err := url.Parse(res.ProviderURL)
	if err != nil || !strings.HasPrefix(res.ProviderURL, "https://api.example/prod/provider-page?") {
		t.Fatalf("provider link %q", res.ProviderURL)
	}
	claims, err := tokens.Verify(ctx, u.Query().Get(call.TokenParam), call.RoleProvider)
	if err != nil || claims.ProviderID != "pat" || claims.ZBAID != "acme" {
		t.Fatalf("link token: %+v, %v", claims, err)
	}
	if _, err := handle(ctx, admin.Event{Action: admin.ActionPutProvider, ZBAID: "acme", ProviderID: "sam", Name: "Sam",
		Skills: []string{"law"}, Languages: []string{"en"}, Location: &admin.Location{Latitude: 48.85, Longitude: 2.35},
		Availability: &admin.Availability{Active: true, TimeZone: "Europe/Paris",
			Hours: []admin.Hours{{Days: []string{"mon"}, Start: "09:00", End: "12:00"}}}}); err != nil {
		t.Fatal(err)
	}
	refusals := []struct {
		name string
		ev   admin.Event
		want string
	}{
		{"no place", admin.Event{Action: admin.ActionPutProvider, ZBAID: "acme", ProviderID: "x", Name: "X", Skills: []string{"a"}, Languages: []string{"en"}}, "address: required when location is absent"},
		{"unknown place", admin.Event{Action: admin.ActionPutProvider, ZBAID: "acme", ProviderID: "x", Name: "X", Skills: []string{"a"}, Languages: []string{"en"}, Address: "Atlantis"}, "address: no known country is named"},
		{"no skills", admin.Event{Action: admin.ActionPutProvider, ZBAID: "acme", ProviderID: "x", Name: "X", Languages: []string{"en"}, Address: "Lyon, France"}, "skills"},
		{"remove a stranger", admin.Event{Action: admin.ActionRemoveProvider, ZBAID: "acme", ProviderID: "nobody"}, "zba acme has no provider nobody"},
	}
	for _, tc := range refusals {
		if _, err := handle(ctx, tc.ev); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
	list, err := handle(ctx, admin.Event{Action: admin.ActionListProviders, ZBAID: "acme"})
	if err != nil || len(list.Providers) != 2 || list.Providers[0].ProviderID != "pat" || list.Providers[1].Availability.Hours[0].End != "12:00" {
		t.Fatalf("list: %+v, %v", list.Providers, err)
	}
	if _, err := handle(ctx, admin.Event{Action: admin.ActionRemoveProvider, ZBAID: "acme", ProviderID: "pat"}); err != nil {
		t.Fatal(err)
	}
	list, _ = handle(ctx, admin.Event{Action: admin.ActionListProviders, ZBAID: "acme"})
	if len(list.Providers) != 1 || list.Providers[0].ProviderID != "sam" {
		t.Fatalf("after remove: %+v", list.Providers)
	}
}
