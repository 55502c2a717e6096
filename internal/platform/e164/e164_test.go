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

func TestPlan(t *testing.T) {
	cases := []struct {
		national, country string
		want              string // "" when FromNational refuses it
		premium, mobile   bool
	}{
		{"09098790456", "GB", "449098790456", true, false},
		{"07700900123", "GB", "447700900123", false, true},
		{"07012345678", "GB", "447012345678", true, false},
		{"01614960270", "GB", "441614960270", false, false},
		{"806517243", "ES", "34806517243", true, false},
		{"612345678", "ES", "34612345678", false, true},
		{"934126680", "ES", "34934126680", false, false},
		{"0899192460", "FR", "33899192460", true, false},
		{"0612345678", "FR", "33612345678", false, true},
		{"09001234567", "DE", "499001234567", true, false},
		{"01511234567", "DE", "491511234567", false, true},
		{"11987654321", "BR", "5511987654321", false, true},
		{"1133334444", "BR", "551133334444", false, false},
		{"09001234567", "BR", "559001234567", true, false},
		{"19005550199", "US", "19005550199", true, false},
		{"9005550199", "US", "19005550199", true, false},
		{"2025550123", "US", "12025550123", false, false},
		{"555012", "US", "", false, false},
		{"123", "ES", "", false, false},
		{"612345678", "ZZ", "", false, false},
		{"0821234567", "ZA", "", false, false}, // no plan data: the trunk 0 would stay
		{"0125550123", "US", "", false, false}, // no area code starts with 0
	}
	for _, c := range cases {
		got, ok := e164.FromNational(c.national, c.country)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("FromNational(%q, %s) = %q, %v; want %q", c.national, c.country, got, ok, c.want)
			continue
		}
		if !ok {
			continue
		}
		if p := e164.PremiumRate(got); p != c.premium {
			t.Errorf("PremiumRate(%s) = %v, want %v", got, p, c.premium)
		}
		if m := e164.Mobile(got); m != c.mobile {
			t.Errorf("Mobile(%s) = %v, want %v", got, m, c.mobile)
		}
	}
	for country, want := range map[string]string{"GB": "44", "JM": "1", "CA": "1", "US": "1", "GG": "44", "KZ": "7", "BR": "55", "XX": ""} {
		if got := e164.CallingCode(country); got != want {
			t.Errorf("CallingCode(%s) = %q, want %q", country, got, want)
		}
	}
}

func TestFromNationalRefusesShortRuns(t *testing.T) {
	for _, c := range []struct{ digits, country string }{
		{"09122025", "GB"}, // a date, 09/12/2025
		{"06072025", "FR"}, // 06/07/2025
		{"12052024", "ES"},
		{"0161496027", "GB"}, // a digit short
	} {
		if n, ok := e164.FromNational(c.digits, c.country); ok {
			t.Errorf("FromNational(%q, %s) = %q, want refused", c.digits, c.country, n)
		}
	}
	if got := e164.CallingCode("SH"); got != "247" {
		t.Errorf("CallingCode(SH) = %q", got)
	}
	for range 20 {
		if a, b := e164.CallingCode("SH"), e164.CallingCode("SH"); a != b {
			t.Fatalf("CallingCode(SH) changes: %q, %q", a, b)
		}
	}
}
