package devstack

import (
	"testing"

	"svc/internal/platform/config"
)

// TestLocalDefaults: make run gives the request budget its own default
// when the environment sets none, and passes everything else on as set.
func TestLocalDefaults(t *testing.T) {
	env := map[string]string{config.EnvMgmtRateLimit: "5"}
	cases := []struct {
		name, set, want string
	}{
		{config.EnvRequestBudget, "", LocalRequestBudget.String()},
		{config.EnvRequestBudget, "1s", "1s"},
		{config.EnvMgmtRateLimit, "5", "5"},
		{config.EnvTemplateCap, "", ""},
	}
	for _, c := range cases {
		env[c.name] = c.set
		if got := localDefaults(func(n string) string { return env[n] })(c.name); got != c.want {
			t.Errorf("%s=%q: got %q, want %q", c.name, c.set, got, c.want)
		}
	}
}
