package routes_test

import (
	"maps"
	"slices"
	"testing"

	"svc/internal/platform/config"
	"svc/internal/routes"
	"svc/internal/routes/routestest"
	"svc/internal/wire/catalog"
)

// TestReadSettingsAreWhatEachFunctionReads builds every function as its
// cold start does, recording the optional settings it looks up: the route
// table's ReadSettings must be exactly those, so that the stack passes a
// setting of its context to every function that reads it, and to no other.
func TestReadSettingsAreWhatEachFunctionReads(t *testing.T) {
	for _, b := range catalog.All() {
		f := b.Entry()
		t.Run(f.Name, func(t *testing.T) {
			env := routestest.Deployed(f, nil)
			read := map[string]bool{}
			if _, _, err := b.Any(func(name string) string {
				if slices.Contains(config.Tunables, name) && name != config.EnvLogLevel {
					read[name] = true
				}
				return env[name]
			}); err != nil {
				t.Fatal(err)
			}
			got, want := slices.Sorted(maps.Keys(read)), slices.Sorted(slices.Values(f.ReadSettings()))
			if !slices.Equal(got, want) {
				t.Errorf("the cold start reads %v, the route table says %v", got, want)
			}
		})
	}
}

// TestEnvironmentPassesSettingsToTheirReaders: a set setting reaches the
// functions that read it and no other; an unset one reaches none.
func TestEnvironmentPassesSettingsToTheirReaders(t *testing.T) {
	set := map[string]string{config.EnvMgmtRateLimit: "5", config.EnvCallICEServers: `[{"urls":["stun:x"]}]`,
		config.EnvRequestBudget: "2s"}
	for _, f := range routes.Functions() {
		env := routestest.Deployed(f, set)
		for _, name := range config.Tunables {
			if name == config.EnvLogLevel {
				continue
			}
			_, given := env[name]
			want := set[name] != "" && slices.Contains(f.ReadSettings(), name)
			if given != want {
				t.Errorf("%s: %s given = %v, want %v", f.Name, name, given, want)
			}
		}
	}
	if env := routestest.Deployed(routes.CreateTemplate.Function, set); env[config.EnvMgmtRateLimit] != "5" || env[config.EnvRequestBudget] != "2s" {
		t.Errorf("create-template environment = %v, want the rate limit and the request budget set", env)
	}
}
