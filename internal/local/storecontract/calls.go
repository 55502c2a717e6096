package storecontract

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/call"
	"svc/internal/platform/geo"
)

// Calls is the contract of call.Calls: a call is created once, read back
// as written, and updated only over the version it was read at.
func Calls(t *testing.T, newStore func(t *testing.T) call.Calls) {
	newCall := func(id, provider string, created time.Time) call.Call {
		return call.Call{ID: id, ZBAID: "acme", ProviderID: provider, ProviderName: "Pat", State: call.StateCreated,
			Query: "plumber", CallerName: "Ana", RedirectURL: "https://example.com/done", Lat: 45.76, Lon: 4.83,
			DistanceKm: 1.5, CreatedAt: created, UpdatedAt: created, Version: 1}
	}
	run(t, "created, read back, and not created twice", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		if _, err := s.GetCall(ctx, "c1"); !errors.Is(err, call.ErrCallNotFound) {
			t.Fatalf("missing: %v, want ErrCallNotFound", err)
		}
		c := newCall("c1", "p1", now())
		must(t, s.CreateCall(ctx, c))
		got, err := s.GetCall(ctx, "c1")
		if err != nil || got.ProviderID != "p1" || got.State != call.StateCreated || got.RedirectURL != c.RedirectURL ||
			got.Lat != c.Lat || got.Version != 1 || !got.CreatedAt.Equal(c.CreatedAt) || got.RingingAt != nil {
			t.Fatalf("got %+v, %v", got, err)
		}
		if err := s.CreateCall(ctx, c); !errors.Is(err, call.ErrCallExists) {
			t.Fatalf("second create: %v, want ErrCallExists", err)
		}
	})
	run(t, "updates only over the version read", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		c := newCall("c1", "p1", now())
		must(t, s.CreateCall(ctx, c))
		at := now()
		c.State, c.Offer, c.RingingAt, c.Version = call.StateRinging, strings.Repeat("v=0\r\n", 200), &at, 2
		must(t, s.UpdateCall(ctx, c))
		stale := c
		stale.State, stale.Version = call.StateCancelled, 2
		if err := s.UpdateCall(ctx, stale); !errors.Is(err, call.ErrConflict) {
			t.Fatalf("stale update: %v, want ErrConflict", err)
		}
		got, err := s.GetCall(ctx, "c1")
		if err != nil || got.State != call.StateRinging || got.Offer != c.Offer || got.RingingAt == nil || !got.RingingAt.Equal(at) || got.Version != 2 {
			t.Fatalf("got %+v, %v", got, err)
		}
		ghost := newCall("nope", "p1", now())
		ghost.Version = 2
		if err := s.UpdateCall(ctx, ghost); !errors.Is(err, call.ErrCallNotFound) {
			t.Fatalf("update of a missing call: %v, want ErrCallNotFound", err)
		}
	})
	run(t, "a provider's calls, newest first, since a time", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		t0 := now().Add(-time.Hour)
		must(t, s.CreateCall(ctx, newCall("old", "p1", t0)))
		must(t, s.CreateCall(ctx, newCall("mid", "p1", t0.Add(30*time.Minute))))
		must(t, s.CreateCall(ctx, newCall("new", "p1", t0.Add(50*time.Minute))))
		must(t, s.CreateCall(ctx, newCall("other", "p2", t0.Add(40*time.Minute))))
		got, err := s.ListProviderCalls(ctx, "acme", "p1", t0.Add(10*time.Minute))
		must(t, err)
		var ids []string
		for _, c := range got {
			ids = append(ids, c.ID)
		}
		if !slices.Equal(ids, []string{"new", "mid"}) {
			t.Fatalf("got %v, want [new mid]", ids)
		}
	})
}

// Providers is the contract of call.Providers: a ZBA's directory holds
// what was put, and Nearby never returns another ZBA's provider nor
// misses the nearest.
func Providers(t *testing.T, newStore func(t *testing.T) call.Providers) {
	prov := func(zba, id string, lat, lon float64) call.Provider {
		return call.Provider{ZBAID: zba, ID: id, Name: "Name " + id, Skills: []string{"plumbing", "heating"},
			Description: "Boilers", Languages: []string{"fr", "en"}, Location: geo.Point{Lat: lat, Lon: lon},
			Availability: call.Availability{Active: true, TimeZone: "Europe/Paris",
				Hours: []call.Hours{{Days: []string{"mon", "tue"}, Start: "09:00", End: "17:00"}}},
			UpdatedAt: now()}
	}
	run(t, "put, read, list, replace and remove", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		a := prov("acme", "a", 45.76, 4.83)
		must(t, s.PutProvider(ctx, a))
		must(t, s.PutProvider(ctx, prov("acme", "b", 48.85, 2.35)))
		must(t, s.PutProvider(ctx, prov("beta", "a", 45.76, 4.83)))
		got, err := s.GetProvider(ctx, "acme", "a")
		if err != nil || got.Name != a.Name || !slices.Equal(got.Skills, a.Skills) || got.Location != a.Location ||
			got.Availability.TimeZone != "Europe/Paris" || len(got.Availability.Hours) != 1 || got.Availability.Hours[0].End != "17:00" {
			t.Fatalf("got %+v, %v", got, err)
		}
		a.Name = "Renamed"
		must(t, s.PutProvider(ctx, a))
		list, err := s.ListProviders(ctx, "acme")
		must(t, err)
		if len(list) != 2 || list[0].ID != "a" || list[0].Name != "Renamed" || list[1].ID != "b" {
			t.Fatalf("list %+v", list)
		}
		must(t, s.RemoveProvider(ctx, "acme", "a"))
		if err := s.RemoveProvider(ctx, "acme", "a"); !errors.Is(err, call.ErrProviderNotFound) {
			t.Fatalf("second remove: %v, want ErrProviderNotFound", err)
		}
		if _, err := s.GetProvider(ctx, "acme", "a"); !errors.Is(err, call.ErrProviderNotFound) {
			t.Fatalf("removed: %v, want ErrProviderNotFound", err)
		}
		if _, err := s.GetProvider(ctx, "beta", "a"); err != nil {
			t.Fatalf("another ZBA's provider of the same id went too: %v", err)
		}
	})
	run(t, "nearby: the nearest are found, another ZBA's never", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		user := geo.Point{Lat: 45.7640, Lon: 4.8357} // Lyon
		must(t, s.PutProvider(ctx, prov("acme", "lyon", 45.7600, 4.8400)))
		must(t, s.PutProvider(ctx, prov("acme", "villeurbanne", 45.7719, 4.8902)))
		must(t, s.PutProvider(ctx, prov("acme", "paris", 48.8566, 2.3522)))
		must(t, s.PutProvider(ctx, prov("acme", "sydney", -33.8688, 151.2093)))
		must(t, s.PutProvider(ctx, prov("beta", "on-the-spot", 45.7640, 4.8357)))
		cases := []struct {
			name   string
			enough int
			must   []string
		}{
			{"one is enough", 1, []string{"lyon"}},
			{"two", 2, []string{"lyon", "villeurbanne"}},
			{"more than there are: the whole directory", 10, []string{"lyon", "villeurbanne", "paris", "sydney"}},
		}
		for _, tc := range cases {
			got, err := s.Nearby(ctx, "acme", user, func(ps []call.Provider) bool { return len(ps) >= tc.enough })
			must(t, err)
			var ids []string
			for _, p := range got {
				if p.ZBAID != "acme" {
					t.Fatalf("%s: another ZBA's provider %+v", tc.name, p)
				}
				ids = append(ids, p.ID)
			}
			for _, id := range tc.must {
				if !slices.Contains(ids, id) {
					t.Fatalf("%s: got %v, missing %s", tc.name, ids, id)
				}
			}
		}
		if got, err := s.Nearby(ctx, "nobody", user, func([]call.Provider) bool { return false }); err != nil || len(got) != 0 {
			t.Fatalf("empty directory: %v, %v", got, err)
		}
	})
}
