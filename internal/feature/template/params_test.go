package template

import (
	"strings"
	"testing"
)

// TestPlaceholderReadings holds the three readings of "{{...}}" (see
// params.go) to what its comment says: they agree on every placeholder
// parseParams accepts, and differ on malformed ones.
func TestPlaceholderReadings(t *testing.T) {
	// Texts whose every brace pair parseParams accepts.
	for _, text := range []string{
		"Hi {{1}}, your order {{2}} ships on {{3}}.",
		"Hallo {{first_name}}, bis {{4}} gilt {{code_2}}",
		"{{1}}",
		"{x} {{10}} }{ {{1000}}}",
		"{{" + strings.Repeat("x", maxParamInner) + "}} ok",
		// A name longer than maxParamInner is one placeholder to all three.
		"Hi {{" + strings.Repeat("customer_", 12) + "name}}, {{x2}}",
	} {
		params, problems := parseParams(text)
		if len(problems) > 0 || len(params) == 0 {
			t.Fatalf("parseParams(%q): %d params, problems %q", text, len(params), problems)
		}
		var want strings.Builder
		from := 0
		for _, p := range params {
			if got := PlaceholderEnd(text[p.start+2:]); got != p.end-2-(p.start+2) {
				t.Errorf("%q: PlaceholderEnd at %s = %d, want %d", text, p.raw, got, p.end-2-(p.start+2))
			}
			want.WriteString(text[from:p.start] + " param ")
			from = p.end
		}
		want.WriteString(text[from:])
		if got := withoutParams(text); got != want.String() {
			t.Errorf("withoutParams(%q) = %q, want %q", text, got, want.String())
		}
	}
	// Malformed ones: Stage A reports them; the classifier's token and the
	// screen read them as the comment says.
	for _, tt := range []struct {
		text     string
		token    bool   // PlaceholderEnd finds one at the first "{{"
		screened string // withoutParams
	}{
		{"{{Name}} hi", true, " param  hi"},
		{"{{ 4 }} hi", false, " param  hi"},
		{"{{}} hi", false, " param  hi"},
		{"{{a {{b}} hi", false, " param  hi"},
		{"{{1 hi", false, "{{1 hi"},
	} {
		if _, problems := parseParams(tt.text); len(problems) == 0 {
			t.Errorf("parseParams(%q) found no problem", tt.text)
		}
		if got := PlaceholderEnd(tt.text[2:]) >= 0; got != tt.token {
			t.Errorf("PlaceholderEnd(%q) finds a token: %v, want %v", tt.text, got, tt.token)
		}
		if got := withoutParams(tt.text); got != tt.screened {
			t.Errorf("withoutParams(%q) = %q, want %q", tt.text, got, tt.screened)
		}
	}
	// Malformed content longer than maxParamInner is no token: the scan
	// reads malformed pairs only while they are short.
	long := "{{" + strings.Repeat("X", maxParamInner+1) + "}} hi"
	if PlaceholderEnd(long[2:]) >= 0 {
		t.Errorf("PlaceholderEnd(long malformed content) found a token")
	}
}
