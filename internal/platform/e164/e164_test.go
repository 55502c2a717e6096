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

func TestCountry(t *testing.T) {
	for _, c := range []struct{ number, want string }{
		// NANP: US unless the area code is another country's.
		{"12025550123", "US"},
		{"18005550123", "US"}, // toll-free, not a country's own
		{"14165550123", "CA"},
		{"16045550123", "CA"},
		{"19025550123", "CA"},
		{"18765550123", "JM"},
		{"16585550123", "JM"},
		{"18095550123", "DO"},
		{"18495550123", "DO"},
		{"17875550123", "PR"},
		{"19395550123", "PR"},
		{"12425550123", "BS"},
		{"12465550123", "BB"},
		{"14415550123", "BM"},
		{"18685550123", "TT"},
		{"16715550123", "GU"},
		{"13405550123", "VI"},
		{"17215550123", "SX"},
		// +7: Kazakhstan's +76 and +77, Russia otherwise.
		{"79161234567", "RU"},
		{"77012345678", "KZ"},
		{"76272123456", "KZ"},
		// +44: the Crown Dependencies, fixed and mobile; GB otherwise.
		{"447400123456", "GB"},
		{"447911712345", "GG"},
		{"441481123456", "GG"},
		{"447781123456", "GG"},
		{"441534123456", "JE"},
		{"447797123456", "JE"},
		{"441624123456", "IM"},
		{"447624123456", "IM"},
		{"442071234567", "GB"},
		// Other shared codes.
		{"390669812345", "VA"},
		{"390612345678", "IT"},
		{"4779012345", "SJ"},
		{"4722123456", "NO"},
		{"358181234567", "AX"},
		{"358401234567", "FI"},
		{"262269123456", "YT"},
		{"262692123456", "RE"},
		{"59991234567", "CW"},
		{"59971234567", "BQ"},
		{"61891621234", "CC"},
		{"61412345678", "AU"},
		{"6723123456", "NF"},
		// One of each length of code.
		{"4915112345678", "DE"},
		{"5511987654321", "BR"},
		{"201001234567", "EG"},
		{"2348012345678", "NG"},
		{"35312345678", "IE"},
		{"6834001", "NU"},
		{"85212345678", "HK"},
		{"97150123456", "AE"},
		{"99890123456", "UZ"},
		{"38344123456", "XK"},
		// Not a country's: international networks, unassigned codes.
		{"80012345678", e164.Unknown},
		{"8816123456789", e164.Unknown},
		{"8835100123456", e164.Unknown},
		{"2101234567", e164.Unknown},
		{"999123456", e164.Unknown},
		{"", e164.Unknown},
	} {
		if got := e164.Country(c.number); got != c.want {
			t.Errorf("Country(%q) = %q, want %q", c.number, got, c.want)
		}
	}
}
