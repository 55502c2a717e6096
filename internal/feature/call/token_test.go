package call_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/call"
)

func fixedKey(k string) func(context.Context) ([]byte, error) {
	return func(context.Context) ([]byte, error) { return []byte(k), nil }
}

func TestTokens(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	clock := now
	tokens := call.Tokens{Key: fixedKey(strings.Repeat("k", 32)), Now: func() time.Time { return clock }}
	ctx := t.Context()
	userTok, err := tokens.Sign(ctx, call.Claims{CallID: "c1", ZBAID: "acme", Role: call.RoleUser, Expires: now.Add(time.Hour).Unix()})
	if err != nil {
		t.Fatal(err)
	}
	provTok, _ := tokens.Sign(ctx, call.Claims{ZBAID: "acme", Role: call.RoleProvider, ProviderID: "p1", Expires: now.Add(time.Hour).Unix()})
	otherKey := call.Tokens{Key: fixedKey(strings.Repeat("x", 32)), Now: tokens.Now}
	foreign, _ := otherKey.Sign(ctx, call.Claims{CallID: "c1", ZBAID: "acme", Role: call.RoleUser, Expires: now.Add(time.Hour).Unix()})
	c1 := call.Call{ID: "c1", ZBAID: "acme", ProviderID: "p1"}
	c2 := call.Call{ID: "c2", ZBAID: "acme", ProviderID: "p2"}
	otherZBA := call.Call{ID: "c1", ZBAID: "beta", ProviderID: "p1"}
	payload, sig, _ := strings.Cut(userTok, ".")
	flip := func(s string) string {
		b := []byte(s)
		if b[3] == 'A' {
			b[3] = 'B'
		} else {
			b[3] = 'A'
		}
		return string(b)
	}
	cases := []struct {
		name  string
		token string
		role  call.Role
		call  call.Call
		at    time.Time
		ok    bool
	}{
		{"the user's token on its call", userTok, call.RoleUser, c1, now, true},
		{"the provider's token on their call", provTok, call.RoleProvider, c1, now, true},
		{"tampered payload", flip(payload) + "." + sig, call.RoleUser, c1, now, false},
		{"tampered signature", payload + "." + flip(sig), call.RoleUser, c1, now, false},
		{"no signature", payload, call.RoleUser, c1, now, false},
		{"signed under another key", foreign, call.RoleUser, c1, now, false},
		{"expired", userTok, call.RoleUser, c1, now.Add(time.Hour), false},
		{"another call's", userTok, call.RoleUser, c2, now, false},
		{"another ZBA's call", userTok, call.RoleUser, otherZBA, now, false},
		{"another role's: user token as provider", userTok, call.RoleProvider, c1, now, false},
		{"another role's: provider token as user", provTok, call.RoleUser, c1, now, false},
		{"provider token on another provider's call", provTok, call.RoleProvider, c2, now, false},
		{"empty", "", call.RoleUser, c1, now, false},
		{"garbage", "!!.??", call.RoleUser, c1, now, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			clock = tc.at
			_, err := tokens.VerifyFor(ctx, tc.token, tc.role, tc.call)
			if tc.ok && err != nil {
				t.Fatalf("refused: %v", err)
			}
			if !tc.ok && !errors.Is(err, call.ErrToken) {
				t.Fatalf("got %v, want ErrToken", err)
			}
		})
	}
	if strings.ContainsAny(userTok, "+/=") || len(userTok) > 300 {
		t.Fatalf("token %q is not compact and URL-safe", userTok)
	}
}

func TestTokenAudience(t *testing.T) {
	// A token signed with the same key for another reader never verifies.
	key := strings.Repeat("k", 32)
	tokens := call.Tokens{Key: fixedKey(key), Now: time.Now}
	sign := func(aud string) string {
		body, _ := json.Marshal(map[string]any{"c": "c", "z": "z", "r": "user", "a": aud, "e": time.Now().Add(time.Hour).Unix()})
		payload := base64.RawURLEncoding.EncodeToString(body)
		m := hmac.New(sha256.New, []byte(key))
		m.Write([]byte(payload))
		return payload + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
	}
	if _, err := tokens.Verify(t.Context(), sign(call.Audience), call.RoleUser); err != nil {
		t.Fatalf("own audience refused: %v", err)
	}
	if _, err := tokens.Verify(t.Context(), sign("page-cursors"), call.RoleUser); !errors.Is(err, call.ErrToken) {
		t.Fatalf("another audience: %v, want ErrToken", err)
	}
}
