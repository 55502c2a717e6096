package main

import (
	"testing"
	"time"
)

// TestKeyExpiresIn: a lifetime, when given, is always the key's expiry,
// so that mint_key refuses a lifetime that is not positive as it refuses an
// expires_at that is not in the future; without one the key never expires.
func TestKeyExpiresIn(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		expiry bool
		future bool
	}{
		{"no lifetime: never expires", nil, false, false},
		{"720h", []string{"-expires-in", "720h"}, true, true},
		{"zero", []string{"-expires-in", "0s"}, true, false},
		{"negative", []string{"-expires-in", "-1h"}, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := event("key", append([]string{"-zba", "acme", "-scopes", "svc_business_messaging"}, tt.args...))
			if err != nil {
				t.Fatal(err)
			}
			// mint_key compares with its own clock, read after this.
			after := time.Now()
			if (ev.ExpiresAt != nil) != tt.expiry {
				t.Fatalf("expires_at %v, want set %v", ev.ExpiresAt, tt.expiry)
			}
			if ev.ExpiresAt != nil && ev.ExpiresAt.After(after) != tt.future {
				t.Fatalf("expires_at %v (now %v), want in the future %v", ev.ExpiresAt, after, tt.future)
			}
		})
	}
}

// TestPortFromEnv: the helper commands read make run's PORT (the Makefile
// exports it), which the links admin prints are built on.
func TestPortFromEnv(t *testing.T) {
	t.Setenv("PORT", "8860")
	l, err := localFromEnv()
	if err != nil {
		t.Fatal(err)
	}
	if l.Port != 8860 {
		t.Fatalf("port %d, want 8860", l.Port)
	}
}
