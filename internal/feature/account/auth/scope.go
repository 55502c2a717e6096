// Package auth holds the service's authentication domain: API key format,
// minting and verification, scopes, and the principal a verified key yields.
// It imports nothing from AWS; the key store is a small interface.
package auth

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// Scope is a permission an API key carries (interface section 5).
type Scope string

// The scopes of the interface.
const (
	ScopeMessaging  Scope = "svc_business_messaging"
	ScopeManagement Scope = "svc_business_management"
)

// AllScopes lists every scope a key may carry.
var AllScopes = []Scope{ScopeMessaging, ScopeManagement}

// ParseScopes reads a comma- or space-separated scope list, rejecting unknown
// scopes and an empty list, and returns it sorted without duplicates.
func ParseScopes(s string) ([]Scope, error) {
	var out []Scope
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		sc := Scope(f)
		if !slices.Contains(AllScopes, sc) {
			return nil, fmt.Errorf("unknown scope %q (known: %s, %s)", f, ScopeMessaging, ScopeManagement)
		}
		out = append(out, sc)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("at least one scope is required (%s, %s)", ScopeMessaging, ScopeManagement)
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// JoinScopes renders scopes as the space-separated string the authorizer
// context carries (context values must be scalars).
func JoinScopes(scopes []Scope) string {
	parts := make([]string, len(scopes))
	for i, s := range scopes {
		parts[i] = string(s)
	}
	return strings.Join(parts, " ")
}

// Principal is who a verified key speaks for.
type Principal struct {
	ZBAID  string
	KeyID  string
	Scopes []Scope
	// ExpiresAt is when the key stops working; zero when it never does.
	ExpiresAt time.Time
}

// Has reports whether the principal carries the scope.
func (p Principal) Has(s Scope) bool { return slices.Contains(p.Scopes, s) }

// Check refuses a principal whose key has expired at now, with the error the
// authorizer gives an expired key. API Gateway serves the authorizer's
// cached answer for its whole TTL, so the routes check the expiry again:
// an expired key stops at its expiry, not when the cached answer ends.
func (p Principal) Check(now time.Time) error {
	if expiredAt(p.ExpiresAt, now) {
		return ErrExpiredKey
	}
	return nil
}

// Authorizer context keys: the authorizer writes them, route handlers read them.
const (
	ContextZBAID  = "zbaId"
	ContextKeyID  = "keyId"
	ContextScopes = "scopes"
	// ContextExpiresAt is the key's expiry in RFC 3339 (absent: none). A
	// string, because API Gateway hands every context value to the
	// integration as one.
	ContextExpiresAt = "expiresAt"
)

// Context renders the principal as an API Gateway authorizer context.
func (p Principal) Context() map[string]any {
	ctx := map[string]any{ContextZBAID: p.ZBAID, ContextKeyID: p.KeyID, ContextScopes: JoinScopes(p.Scopes)}
	if !p.ExpiresAt.IsZero() {
		ctx[ContextExpiresAt] = p.ExpiresAt.UTC().Format(time.RFC3339Nano)
	}
	return ctx
}

// PrincipalFromContext reads what Context wrote; ok is false when the context
// carries no zbaId (a route reached without the authorizer) or an expiry
// that does not parse (which no authorizer of ours writes: refused rather
// than read as no expiry).
func PrincipalFromContext(ctx map[string]any) (Principal, bool) {
	zba, _ := ctx[ContextZBAID].(string)
	if zba == "" {
		return Principal{}, false
	}
	kid, _ := ctx[ContextKeyID].(string)
	raw, _ := ctx[ContextScopes].(string)
	var scopes []Scope
	for _, f := range strings.Fields(raw) {
		scopes = append(scopes, Scope(f))
	}
	p := Principal{ZBAID: zba, KeyID: kid, Scopes: scopes}
	if exp, _ := ctx[ContextExpiresAt].(string); exp != "" {
		t, err := time.Parse(time.RFC3339Nano, exp)
		if err != nil {
			return Principal{}, false
		}
		p.ExpiresAt = t
	}
	return p, true
}
