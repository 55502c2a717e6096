package accountid_test

import (
	"strings"
	"testing"

	"svc/internal/feature/account/accountid"
)

func TestValid(t *testing.T) {
	tests := []struct {
		in string
		ok bool
	}{
		{"acme", true}, {"ACME-1", true}, {strings.Repeat("a", accountid.MaxLength), true},
		{"", false}, {strings.Repeat("a", accountid.MaxLength+1), false}, {"a_b", false}, {"a b", false}, {"é", false}, {"a/b", false},
	}
	for _, tc := range tests {
		if got := accountid.Valid(tc.in); got != tc.ok {
			t.Errorf("Valid(%q) = %v, want %v", tc.in, got, tc.ok)
		}
	}
}
