package templates_test

import (
	"testing"

	"svc/internal/feature/template"
	"svc/internal/platform/config"
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
