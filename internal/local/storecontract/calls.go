package storecontract

import (
	"errors"
	"fmt"
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
		stale.State, stale.EndReason, stale.Version = call.StateCancelled, call.ReasonHungUp, 2
		if err := s.UpdateCall(ctx, stale); !errors.Is(err, call.ErrConflict) {
			t.Fatalf("stale update: %v, want ErrConflict", err)
		}
		got, err := s.GetCall(ctx, "c1")
		if err != nil || got.State != call.StateRinging || got.Offer != c.Offer || got.RingingAt == nil || !got.RingingAt.Equal(at) || got.Version != 2 {
			t.Fatalf("got %+v, %v", got, err)
		}
		c.State, c.EndReason, c.EndedBy, c.Version = call.StateCancelled, call.ReasonDeclined, "provider", 3
		must(t, s.UpdateCall(ctx, c))
		if got, err := s.GetCall(ctx, "c1"); err != nil || got.EndReason != call.ReasonDeclined || got.EndedBy != "provider" {
			t.Fatalf("got %+v, %v", got, err)
		}
		ghost := newCall("nope", "p1", now())
		ghost.Version = 2
		if err := s.UpdateCall(ctx, ghost); !errors.Is(err, call.ErrCallNotFound) {
			t.Fatalf("update of a missing call: %v, want ErrCallNotFound", err)
		}
	})
	run(t, "a provider is held by one call at a time, until it is over or its reservation lapses", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		t0 := now()
		first := newCall("first", "p1", t0)
		must(t, s.CreateCall(ctx, first))
		second := newCall("second", "p1", t0.Add(time.Second))
		if err := s.CreateCall(ctx, second); !errors.Is(err, call.ErrProviderBusy) {
			t.Fatalf("a second call on a held provider: %v, want ErrProviderBusy", err)
		}
		if _, err := s.GetCall(ctx, "second"); !errors.Is(err, call.ErrCallNotFound) {
			t.Fatalf("a refused call was stored: %v", err)
		}
		must(t, s.CreateCall(ctx, newCall("elsewhere", "p2", t0)))
		busy, err := s.BusyProviders(ctx, "acme", t0.Add(time.Second))
		if err != nil || len(busy) != 2 || !busy["p1"] || !busy["p2"] {
			t.Fatalf("busy: %v, %v", busy, err)
		}
		if busy, err := s.BusyProviders(ctx, "beta", t0.Add(time.Second)); err != nil || len(busy) != 0 {
			t.Fatalf("another ZBA's busy: %v, %v", busy, err)
		}
		// Held longer while it rings, then released when it is over.
		at, polled := t0.Add(time.Minute), t0.Add(time.Minute+55*time.Second)
		first.State, first.RingingAt, first.UserSeenAt, first.Version = call.StateRinging, &at, &polled, 2
		must(t, s.UpdateCall(ctx, first))
		if err := s.CreateCall(ctx, newCall("third", "p1", t0.Add(call.JoinTimeout+time.Second))); !errors.Is(err, call.ErrProviderBusy) {
			t.Fatalf("past the join time, a ringing call's provider: %v, want ErrProviderBusy", err)
		}
		first.State, first.EndReason, first.Version = call.StateCancelled, call.ReasonHungUp, 3
		must(t, s.UpdateCall(ctx, first))
		if busy, _ := s.BusyProviders(ctx, "acme", t0.Add(time.Second)); busy["p1"] {
			t.Fatalf("released, still busy: %v", busy)
		}
		must(t, s.CreateCall(ctx, newCall("fourth", "p1", t0.Add(2*time.Second))))
		// A reservation lapses at its call's deadline: a crash that never
		// released it holds the provider no longer.
		if err := s.CreateCall(ctx, newCall("fifth", "p1", t0.Add(2*time.Second+call.JoinTimeout))); err != nil {
			t.Fatalf("after the lapse: %v", err)
		}
		// The lapsed call's own writes leave the new reservation alone.
		fourth, err := s.GetCall(ctx, "fourth")
		must(t, err)
		fourth.State, fourth.EndReason, fourth.Version = call.StateExpired, call.ReasonJoinTimeout, 2
		must(t, s.UpdateCall(ctx, fourth))
		if busy, _ := s.BusyProviders(ctx, "acme", t0.Add(3*time.Second+call.JoinTimeout)); !busy["p1"] {
			t.Fatalf("the lapsed call released its successor's reservation: %v", busy)
		}
	})
	run(t, "a poll recorded keeps the version and holds the provider on", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		t0 := now()
		c := newCall("c1", "p1", t0)
		must(t, s.CreateCall(ctx, c))
		rang, seen := t0.Add(time.Second), t0.Add(20*time.Second)
		c.State, c.RingingAt, c.Version = call.StateRinging, &rang, 2
		must(t, s.UpdateCall(ctx, c))
		c.UserSeenAt = &seen
		must(t, s.TouchCall(ctx, c))
		got, err := s.GetCall(ctx, "c1")
		if err != nil || got.Version != 2 || got.UserSeenAt == nil || !got.UserSeenAt.Equal(seen) || got.ProviderSeenAt != nil {
			t.Fatalf("got %+v, %v", got, err)
		}
		// Held until the user's poll plus call.AbandonAfter, not its
		// offer's.
		if busy, _ := s.BusyProviders(ctx, "acme", rang.Add(call.AbandonAfter+time.Second)); !busy["p1"] {
			t.Fatalf("the poll did not hold the provider on: %v", busy)
		}
		stale := c
		stale.Version = 1
		if err := s.TouchCall(ctx, stale); !errors.Is(err, call.ErrConflict) {
			t.Fatalf("a poll over a changed call: %v, want ErrConflict", err)
		}
	})
	run(t, "two creates at once never take one provider", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		t0 := now()
		errs := make(chan error, 8)
		for i := range 8 {
			go func() { errs <- s.CreateCall(ctx, newCall(fmt.Sprintf("race-%d", i), "p1", t0)) }()
		}
		won := 0
		for range 8 {
			switch err := <-errs; {
			case err == nil:
				won++
			case !errors.Is(err, call.ErrProviderBusy):
				t.Fatalf("a racing create: %v", err)
			}
		}
		if won != 1 {
			t.Fatalf("%d creates took the provider, want 1", won)
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
	run(t, "nearby: the finest neighbourhood with enough, else the directory; another ZBA's never", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		user := geo.Point{Lat: 45.7640, Lon: 4.8357} // Lyon
		// In the user's neighbourhood at precision 5 (lyon, villeurbanne),
		// at 4 (givors, 20 km), at 3 (grenoble, 94 km), in none (paris,
		// 390 km; sydney).
		must(t, s.PutProvider(ctx, prov("acme", "lyon", 45.7600, 4.8400)))
		must(t, s.PutProvider(ctx, prov("acme", "villeurbanne", 45.7719, 4.8902)))
		must(t, s.PutProvider(ctx, prov("acme", "givors", 45.5906, 4.7689)))
		must(t, s.PutProvider(ctx, prov("acme", "grenoble", 45.1885, 5.7245)))
		must(t, s.PutProvider(ctx, prov("acme", "paris", 48.8566, 2.3522)))
		must(t, s.PutProvider(ctx, prov("acme", "sydney", -33.8688, 151.2093)))
		must(t, s.PutProvider(ctx, prov("beta", "on-the-spot", 45.7640, 4.8357)))
		cases := []struct {
			name   string
			enough int
			want   []string
		}{
			{"one is enough: the finest neighbourhood", 1, []string{"lyon", "villeurbanne"}},
			{"three: the next one", 3, []string{"givors", "lyon", "villeurbanne"}},
			{"four: the widest", 4, []string{"givors", "grenoble", "lyon", "villeurbanne"}},
			{"more than the neighbourhoods hold: the whole directory", 5,
				[]string{"givors", "grenoble", "lyon", "paris", "sydney", "villeurbanne"}},
		}
		for _, tc := range cases {
			got, err := s.Nearby(ctx, "acme", user, func(ps []call.Provider) bool { return len(ps) >= tc.enough })
			must(t, err)
			if ids := providerIDs(t, "acme", got); !slices.Equal(ids, tc.want) {
				t.Fatalf("%s: got %v, want %v", tc.name, ids, tc.want)
			}
		}
		if got, err := s.Nearby(ctx, "nobody", user, func([]call.Provider) bool { return false }); err != nil || len(got) != 0 {
			t.Fatalf("empty directory: %v, %v", got, err)
		}
	})
	run(t, "nearby: a provider moved or removed is found where it is, not where it was", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		lyon, sydney := geo.Point{Lat: 45.7640, Lon: 4.8357}, geo.Point{Lat: -33.8688, Lon: 151.2093}
		atLeast := func(n int) func([]call.Provider) bool { return func(ps []call.Provider) bool { return len(ps) >= n } }
		mover := prov("acme", "mover", lyon.Lat, lyon.Lon)
		must(t, s.PutProvider(ctx, mover))
		must(t, s.PutProvider(ctx, prov("acme", "anchor", sydney.Lat, sydney.Lon)))
		nearby := func(p geo.Point, n int) []call.Provider {
			got, err := s.Nearby(ctx, "acme", p, atLeast(n))
			must(t, err)
			return got
		}
		if ids := providerIDs(t, "acme", nearby(lyon, 1)); !slices.Equal(ids, []string{"mover"}) {
			t.Fatalf("before the move, near Lyon: %v", ids)
		}
		mover.Location, mover.Name = sydney, "Moved"
		must(t, s.PutProvider(ctx, mover))
		// Nobody is near Lyon now: the search falls through to the
		// directory, where the mover is in Sydney.
		got := nearby(lyon, 1)
		if ids := providerIDs(t, "acme", got); !slices.Equal(ids, []string{"anchor", "mover"}) || got[1].Location != sydney || got[1].Name != "Moved" {
			t.Fatalf("after the move, near Lyon: %+v", got)
		}
		if ids := providerIDs(t, "acme", nearby(sydney, 2)); !slices.Equal(ids, []string{"anchor", "mover"}) {
			t.Fatalf("after the move, near Sydney: %v", ids)
		}
		must(t, s.RemoveProvider(ctx, "acme", "mover"))
		if ids := providerIDs(t, "acme", nearby(sydney, 1)); !slices.Equal(ids, []string{"anchor"}) {
			t.Fatalf("after the removal, near Sydney: %v", ids)
		}
		if ids := providerIDs(t, "acme", nearby(lyon, 1)); !slices.Equal(ids, []string{"anchor"}) {
			t.Fatalf("after the removal, near Lyon: %v", ids)
		}
	})
}

// providerIDs are the ids of ps, which must all be zbaID's.
func providerIDs(t *testing.T, zbaID string, ps []call.Provider) []string {
	t.Helper()
	ids := []string{}
	for _, p := range ps {
		if p.ZBAID != zbaID {
			t.Fatalf("another ZBA's provider %+v", p)
		}
		ids = append(ids, p.ID)
	}
	return ids
}
