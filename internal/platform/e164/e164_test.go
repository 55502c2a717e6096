package e164_test

import (
	"strings"
	"testing"

	"svc/internal/platform/e164"
)

func TestCheck(t *testing.T) {
	cases := []struct {
		in     string
		reason string // "" when valid
	}{
		{"4915112345678", ""},
		{"6834001", ""}, // Niue: 7 digits with the country code
		{"123456789012345", ""},
		{"683400", "7 to 15 digits with the country code (found 6)"},
		{"1234567890123456", "at most 15 digits"},
		{"0123456789", "country code"},
		{"+4915112345678", "without the plus sign"},
		{"49 151 1234", "without spaces"},
		{"49151abc45678", `found 'a' at character 6`},
		{"٤٩١٥١١٢٣٤٥٦", "digits only"},
		{"", "empty"},
	}
	for _, c := range cases {
		err := e164.Check(c.in)
		switch {
		case c.reason == "" && err != nil:
			t.Errorf("Check(%q) = %v, want nil", c.in, err)
		case c.reason != "" && (err == nil || !strings.Contains(err.Error(), c.reason)):
			t.Errorf("Check(%q) = %v, want it to say %q", c.in, err, c.reason)
		}
	}
}
