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
}
