package call_test

import (
	"slices"
	"testing"
	"time"

	"svc/internal/feature/call"
	"svc/internal/platform/geo"
)

func provider(id string, lat, lon float64, skills []string, desc string) call.Provider {
	return call.Provider{ZBAID: "acme", ID: id, Name: id, Skills: skills, Description: desc, Languages: []string{"en"},
		Location: geo.Point{Lat: lat, Lon: lon}, Availability: call.Availability{Active: true}}
}

func TestRank(t *testing.T) {
	paris := geo.Point{Lat: 48.8566, Lon: 2.3522}
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC) // a Monday
	near := provider("near-plumber", 48.86, 2.35, []string{"Plumbing"}, "Leaks and boilers")
	far := provider("far-plumber", 45.76, 4.83, []string{"plumbing", "heating"}, "")
	elec := provider("electrician", 48.857, 2.352, []string{"Électricité", "wiring"}, "Certified electrician")
	descOnly := provider("handyman", 48.80, 2.30, []string{"repairs"}, "also does some plumbing work")
	away := provider("on-leave", 48.8566, 2.3522, []string{"plumbing"}, "")
	away.Availability.Active = false
	office := provider("office-hours", 48.8567, 2.3522, []string{"plumbing"}, "")
	office.Availability = call.Availability{Active: true, TimeZone: "Europe/Paris",
		Hours: []call.Hours{{Days: []string{"sat", "sun"}, Start: "09:00", End: "17:00"}}}
	all := []call.Provider{far, near, elec, descOnly, away, office}
	cases := []struct {
		name  string
		query string
		want  []string
	}{
		{"plumber finds plumbing, skills before description, then by distance", "plumber", []string{"near-plumber", "far-plumber", "handyman"}},
		{"case and accents fold", "ELECTRICITE", []string{"electrician"}},
		{"stemmed trade names", "I need an electrician", []string{"electrician"}},
		{"a small typo still matches", "plumbinng", []string{"near-plumber", "far-plumber", "handyman"}},
		{"nothing matches", "dentist", nil},
		{"no query: nearest available first", "", []string{"electrician", "near-plumber", "handyman", "far-plumber"}},
		{"stop words alone are no query", "please help me", []string{"electrician", "near-plumber", "handyman", "far-plumber"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, m := range call.Rank(call.ParseQuery(tc.query), paris, all, now) {
				got = append(got, m.Provider.ID)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func TestAvailability(t *testing.T) {
	a := call.Availability{Active: true, TimeZone: "Europe/Paris",
		Hours: []call.Hours{{Days: []string{"mon", "tue"}, Start: "09:00", End: "17:30"}}}
	cases := []struct {
		at   time.Time
		want bool
	}{
		{time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC), true},    // Monday 09:00 in Paris
		{time.Date(2026, 11, 23, 7, 59, 0, 0, time.UTC), false},  // 08:59
		{time.Date(2026, 11, 23, 16, 30, 0, 0, time.UTC), false}, // 17:30, the end is excluded
		{time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC), false},  // Wednesday
	}
	for _, tc := range cases {
		if got := a.AvailableAt(tc.at); got != tc.want {
			t.Errorf("%v: got %v, want %v", tc.at, got, tc.want)
		}
	}
}

func TestProviderValidate(t *testing.T) {
	good := provider("p-1", 1, 2, []string{"plumbing"}, "")
	cases := []struct {
		name string
		edit func(p *call.Provider)
		ok   bool
	}{
		{"good", func(*call.Provider) {}, true},
		{"no id", func(p *call.Provider) { p.ID = "" }, false},
		{"id with a slash", func(p *call.Provider) { p.ID = "a/b" }, false},
		{"no name", func(p *call.Provider) { p.Name = " " }, false},
		{"no skills", func(p *call.Provider) { p.Skills = nil }, false},
		{"blank skill", func(p *call.Provider) { p.Skills = []string{""} }, false},
		{"bad language", func(p *call.Provider) { p.Languages = []string{"english!"} }, false},
		{"no language", func(p *call.Provider) { p.Languages = nil }, false},
		{"bad location", func(p *call.Provider) { p.Location.Lat = 100 }, false},
		{"bad zone", func(p *call.Provider) { p.Availability.TimeZone = "Mars/Base" }, false},
		{"bad day", func(p *call.Provider) {
			p.Availability.Hours = []call.Hours{{Days: []string{"monday"}, Start: "09:00", End: "10:00"}}
		}, false},
		{"end before start", func(p *call.Provider) {
			p.Availability.Hours = []call.Hours{{Days: []string{"mon"}, Start: "10:00", End: "09:00"}}
		}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := good
			tc.edit(&p)
			if err := p.Validate(); (err == nil) != tc.ok {
				t.Fatalf("Validate() = %v, want ok=%v", err, tc.ok)
			}
		})
	}
}

func TestStateMoves(t *testing.T) {
	cases := []struct {
		from, to call.State
		ok       bool
	}{
		{call.StateCreated, call.StateRinging, true},
		{call.StateRinging, call.StateConnected, true},
		{call.StateConnected, call.StateEnded, true},
		{call.StateRinging, call.StateExpired, true},
		{call.StateCreated, call.StateCancelled, true},
		{call.StateConnected, call.StateRinging, false},
		{call.StateEnded, call.StateConnected, false},
		{call.StateExpired, call.StateRinging, false},
		{call.StateCreated, call.StateConnected, false},
	}
	for _, tc := range cases {
		if got := tc.from.CanMove(tc.to); got != tc.ok {
			t.Errorf("%s -> %s: got %v, want %v", tc.from, tc.to, got, tc.ok)
		}
	}
}
