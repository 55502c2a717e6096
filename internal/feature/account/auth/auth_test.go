package auth_test

import (
	"context"
	"encoding/base64"
	"errors"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/platform/apperr"
)

// memKeys is an in-memory KeyStore for the domain's own tests.
type memKeys struct {
	keys map[string]auth.Key
	err  error
}

func (m memKeys) GetKey(_ context.Context, id string) (auth.Key, error) {
	if m.err != nil {
		return auth.Key{}, m.err
	}
	k, ok := m.keys[id]
	if !ok {
		return auth.Key{}, auth.ErrKeyNotFound
	}
	return k, nil
}

var _ auth.KeyStore = memKeys{}

func TestMintAndParse(t *testing.T) {
	now := time.Now()
	plain, key, err := auth.MintKey("acme", []auth.Scope{auth.ScopeManagement}, now, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(plain, auth.KeyPrefix) {
		t.Fatalf("key %q lacks the prefix", plain)
	}
	id, secret, err := auth.ParseKey(plain)
	if err != nil || id != key.ID {
		t.Fatalf("parse: id %q err %v, want %q", id, err, key.ID)
	}
	if strings.Contains(string(key.SecretHash), secret) || len(key.SecretHash) != 32 {
		t.Fatal("the stored key must hold only a SHA-256 of the secret")
	}
	if !key.Matches(secret) || key.Matches(secret[:len(secret)-1]+"x") {
		t.Fatal("Matches must accept the secret and nothing else")
	}
	plain2, _, _ := auth.MintKey("acme", []auth.Scope{auth.ScopeManagement}, now, nil)
	if plain2 == plain {
		t.Fatal("two mints gave the same key")
	}
}

func TestParseKeyRejects(t *testing.T) {
	plain, _, _ := auth.MintKey("acme", []auth.Scope{auth.ScopeMessaging}, time.Now(), nil)
	flip := func(i int) string {
		b := []byte(plain)
		if b[i] == 'a' {
			b[i] = 'b'
		} else {
			b[i] = 'a'
		}
		return string(b)
	}
	for name, s := range map[string]string{
		"empty":            "",
		"truncated":        plain[:len(plain)-1],
		"extended":         plain + "a",
		"wrong prefix":     "xyz_" + plain[4:],
		"id character":     flip(5),
		"secret character": flip(30),
		"checksum":         flip(len(plain) - 1),
		"bad alphabet":     plain[:5] + "!" + plain[6:],
	} {
		if _, _, err := auth.ParseKey(s); !errors.Is(err, auth.ErrMalformedKey) {
			t.Errorf("%s: err %v, want ErrMalformedKey", name, err)
		}
	}
}

func TestAuthenticate(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	past, future := now.Add(-time.Minute), now.Add(time.Hour)
	mint := func(expires, revoked *time.Time) (string, auth.Key) {
		plain, k, err := auth.MintKey("acme", []auth.Scope{auth.ScopeManagement, auth.ScopeMessaging}, now, expires)
		if err != nil {
			t.Fatal(err)
		}
		k.RevokedAt = revoked
		return plain, k
	}
	good, goodKey := mint(&future, nil)
	revoked, revokedKey := mint(nil, &past)
	expired, expiredKey := mint(&past, nil)
	unknown, _ := mint(nil, nil)
	id, _, _ := auth.ParseKey(good)
	_, other := mint(nil, nil)
	other.ID = id // same id, another secret: a guessed id must not pass
	jwtHeader := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"RS256","typ":"JWT"}`))
	jwt := jwtHeader + ".eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl"
	session := base64.RawURLEncoding.EncodeToString([]byte(`{"c":"0c9e","z":"acme","r":"user","a":"svc-call-session","e":1}`)) + ".c2lnbmF0dXJl"

	store := memKeys{keys: map[string]auth.Key{
		goodKey.ID: goodKey, revokedKey.ID: revokedKey, expiredKey.ID: expiredKey,
	}}
	a := auth.Authenticator{Keys: store, Now: func() time.Time { return now }}
	tests := []struct {
		name   string
		header string
		want   error
		code   apperr.Code
	}{
		{"valid", "Bearer " + good, nil, 0},
		{"scheme is case-insensitive", "bearer " + good, nil, 0},
		{"missing", "", auth.ErrMissingCredentials, apperr.CodeAuth},
		{"blank", "   ", auth.ErrMissingCredentials, apperr.CodeAuth},
		{"basic scheme", "Basic dXNlcjpwYXNz", auth.ErrWrongScheme, apperr.CodeAuth},
		{"no scheme", good, auth.ErrWrongScheme, apperr.CodeAuth},
		{"malformed", "Bearer svc_notakey", auth.ErrMalformed, apperr.CodeTokenInvalid},
		{"jwt", "Bearer " + jwt, auth.ErrIdentityToken, apperr.CodeTokenInvalid},
		{"a call session token", "Bearer " + session, auth.ErrSessionToken, apperr.CodeTokenInvalid},
		{"two dots are no session token", "Bearer " + session + ".x", auth.ErrMalformed, apperr.CodeTokenInvalid},
		{"unknown", "Bearer " + unknown, auth.ErrUnknownKey, apperr.CodeTokenInvalid},
		{"revoked", "Bearer " + revoked, auth.ErrRevokedKey, apperr.CodeTokenInvalid},
		{"expired", "Bearer " + expired, auth.ErrExpiredKey, apperr.CodeTokenInvalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := a.Authenticate(context.Background(), tc.header)
			if tc.want == nil {
				if err != nil || p.ZBAID != "acme" || p.KeyID != goodKey.ID || !p.Has(auth.ScopeManagement) || !p.ExpiresAt.Equal(future) {
					t.Fatalf("got %+v, %v", p, err)
				}
				return
			}
			if !errors.Is(err, tc.want) || apperr.From(err).Code != tc.code || apperr.From(err).Status() != 401 {
				t.Fatalf("err %v, want %v (code %d, 401)", err, tc.want, tc.code)
			}
		})
	}
	t.Run("guessed id with another secret", func(t *testing.T) {
		forged := memKeys{keys: map[string]auth.Key{id: other}}
		_, err := auth.Authenticator{Keys: forged, Now: a.Now}.Authenticate(context.Background(), "Bearer "+good)
		if !errors.Is(err, auth.ErrUnknownKey) {
			t.Fatalf("err %v, want ErrUnknownKey", err)
		}
	})
	t.Run("store failure is unavailable, not 401", func(t *testing.T) {
		broken := memKeys{err: errors.New("connection reset")}
		_, err := auth.Authenticator{Keys: broken, Now: a.Now}.Authenticate(context.Background(), "Bearer "+good)
		if apperr.From(err).Code != apperr.CodeUnavailable {
			t.Fatalf("err %v, want 131016", err)
		}
	})
}

func TestScopes(t *testing.T) {
	got, err := auth.ParseScopes("svc_business_management, svc_business_messaging,svc_business_management")
	if err != nil || len(got) != 2 {
		t.Fatalf("got %v, %v", got, err)
	}
	for _, bad := range []string{"", " , ", "svc_business_admin"} {
		if _, err := auth.ParseScopes(bad); err == nil {
			t.Errorf("%q: want an error", bad)
		}
	}
	p := auth.Principal{ZBAID: "z", KeyID: "k", Scopes: got}
	back, ok := auth.PrincipalFromContext(p.Context())
	if !ok || back.ZBAID != "z" || back.KeyID != "k" || !back.Has(auth.ScopeMessaging) || !back.Has(auth.ScopeManagement) {
		t.Fatalf("context round trip: %+v", back)
	}
	if _, ok := auth.PrincipalFromContext(map[string]any{}); ok {
		t.Fatal("an empty context is no principal")
	}
}

// TestPrincipalExpiry follows a key's expiry through the authorizer context
// (where every value arrives as a string) to the routes' check.
func TestPrincipalExpiry(t *testing.T) {
	at := time.Date(2030, 1, 2, 3, 4, 5, 600, time.UTC)
	tests := []struct {
		name    string
		expires time.Time
		now     time.Time
		want    error
	}{
		{"no expiry", time.Time{}, at.Add(100 * 365 * 24 * time.Hour), nil},
		{"before expiry", at, at.Add(-time.Nanosecond), nil},
		{"at expiry", at, at, auth.ErrExpiredKey},
		{"after expiry", at, at.Add(time.Second), auth.ErrExpiredKey},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx := auth.Principal{ZBAID: "z", KeyID: "k", ExpiresAt: tc.expires}.Context()
			if _, has := ctx[auth.ContextExpiresAt]; has == tc.expires.IsZero() {
				t.Fatalf("context %v: expiry present %v, want %v", ctx, has, !tc.expires.IsZero())
			}
			p, ok := auth.PrincipalFromContext(ctx)
			if !ok || !p.ExpiresAt.Equal(tc.expires) {
				t.Fatalf("round trip: %+v %v, want expiry %v", p, ok, tc.expires)
			}
			if err := p.Check(tc.now); err != tc.want {
				t.Fatalf("Check: %v, want %v", err, tc.want)
			}
		})
	}
	if _, ok := auth.PrincipalFromContext(map[string]any{auth.ContextZBAID: "z", auth.ContextExpiresAt: "soon"}); ok {
		t.Fatal("an expiry that does not parse must not read as no expiry")
	}
}
