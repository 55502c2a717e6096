package templates_test

import (
	"strings"
	"testing"

	"svc/internal/feature/template"
	"svc/internal/platform/config"
	"svc/internal/routes"
	"svc/internal/wire/templates"
)

// TestTemplateCap: the cap of templates per ZBA comes from
// config.EnvTemplateCap, with the default when unset, and a value that is
// no integer > 0 is an error, which fails the cold start.
func TestTemplateCap(t *testing.T) {
	cases := []struct {
		value   string
		want    int
		wantErr bool
	}{
		{"", template.DefaultMaxTemplates, false},
		{"1", 1, false},
		{"6000", 6000, false},
		{"0", 0, true},
		{"-5", 0, true},
		{"250 ", 0, true},
		{"many", 0, true},
	}
	for _, tc := range cases {
		got, err := templates.TemplateCap(func(k string) string {
			if k == config.EnvTemplateCap {
				return tc.value
			}
			return ""
		})
		if got != tc.want || (err != nil) != tc.wantErr {
			t.Errorf("%q: %d, %v; want %d, error %v", tc.value, got, err, tc.want, tc.wantErr)
		}
	}
}

// TestRateBlockSetting: the largest block of rate-limit tokens comes from
// config.EnvMgmtRateBlock; a value that is no integer >= 1 fails the cold
// start of a rate-limited function, naming the variable.
func TestRateBlockSetting(t *testing.T) {
	f := templates.GetTemplate
	env := routes.Environment(f.Spec, routes.EnvValues[string]{TableName: "svc-table", LogLevel: "info"})
	env["AWS_REGION"] = "eu-west-1"
	cases := []struct {
		value string
		ok    bool
	}{{"", true}, {"1", true}, {"64", true}, {"0", false}, {"-1", false}, {"8 ", false}, {"lots", false}}
	for _, tc := range cases {
		env[config.EnvMgmtRateBlock] = tc.value
		_, _, err := f.New(func(k string) string { return env[k] }, nil)
		if tc.ok != (err == nil) || (err != nil && !strings.Contains(err.Error(), config.EnvMgmtRateBlock)) {
			t.Errorf("%s=%q: %v", config.EnvMgmtRateBlock, tc.value, err)
		}
	}
}
