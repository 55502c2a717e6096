package account

import (
	"strings"
	"testing"
)

func TestIDChecks(t *testing.T) {
	ids := []struct {
		in string
		ok bool
	}{
		{"acme", true}, {"ACME-1", true}, {strings.Repeat("a", 64), true},
		{"", false}, {strings.Repeat("a", 65), false}, {"a_b", false}, {"a b", false}, {"é", false}, {"a/b", false},
	}
	for _, tc := range ids {
		if err := ValidateZBAID(tc.in); (err == nil) != tc.ok {
			t.Errorf("ValidateZBAID(%q) = %v", tc.in, err)
		}
	}
	numbers := []struct {
		in string
		ok bool
	}{
		{"4915112345678", true}, {"1234567", true}, {"123456789012345", true},
		{"123456", false}, {"1234567890123456", false}, {"0123456789", false}, {"+4915112345678", false},
		{"49 151 1234", false}, {"", false}, {"٤٩١٥١١٢٣٤٥٦", false},
	}
	for _, tc := range numbers {
		if got := isE164Digits(tc.in); got != tc.ok {
			t.Errorf("isE164Digits(%q) = %v, want %v", tc.in, got, tc.ok)
		}
	}
}
