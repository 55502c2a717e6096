package auth_test

import (
	"context"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/platform/apperr"
)

// FuzzAuthenticate feeds arbitrary Authorization headers: it must never
// panic, and every refusal must be a 401 with code 0 or 190.
func FuzzAuthenticate(f *testing.F) {
	plain, key, _ := auth.MintKey("acme", []auth.Scope{auth.ScopeManagement}, time.Now(), nil)
	for _, seed := range []string{"", "Bearer ", "Bearer " + plain, "bearer\t" + plain, "Basic x", "Bearer a.b.c",
		"Bearer eyJhbGciOiJIUzI1NiJ9.e30.sig", "Bearer " + plain[:20], "Bearer svc_" + string(make([]byte, 70))} {
		f.Add(seed)
	}
	a := auth.Authenticator{Keys: memKeys{keys: map[string]auth.Key{key.ID: key}}, Now: time.Now}
	f.Fuzz(func(t *testing.T, header string) {
		p, err := a.Authenticate(context.Background(), header)
		if err == nil {
			if p.KeyID != key.ID {
				t.Fatalf("authenticated %q as %+v", header, p)
			}
			return
		}
		e := apperr.From(err)
		if e.Status() != 401 || (e.Code != apperr.CodeAuth && e.Code != apperr.CodeTokenInvalid) {
			t.Fatalf("header %q: %v", header, err)
		}
	})
}

// FuzzParseKey checks that whatever parses re-assembles to the same key.
func FuzzParseKey(f *testing.F) {
	plain, _, _ := auth.MintKey("acme", []auth.Scope{auth.ScopeManagement}, time.Now(), nil)
	f.Add(plain)
	f.Add("svc_")
	f.Fuzz(func(t *testing.T, s string) {
		id, secret, err := auth.ParseKey(s)
		if err != nil {
			return
		}
		if s[:len(auth.KeyPrefix)+len(id)+1+len(secret)] != auth.KeyPrefix+id+"_"+secret {
			t.Fatalf("%q parsed as %q/%q", s, id, secret)
		}
	})
}
