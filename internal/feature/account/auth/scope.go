// Package auth holds the service's authentication domain: API key format,
// minting and verification, scopes, and the principal a verified key yields.
// It imports nothing from AWS; the key store is a small interface.
package auth

import (
	"fmt"
	"slices"
	"strings"
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
}

// Has reports whether the principal carries the scope.
func (p Principal) Has(s Scope) bool { return slices.Contains(p.Scopes, s) }

// Authorizer context keys: the authorizer writes them, route handlers read them.
const (
	ContextZBAID  = "zbaId"
	ContextKeyID  = "keyId"
	ContextScopes = "scopes"
)

// Context renders the principal as an API Gateway authorizer context.
func (p Principal) Context() map[string]any {
	return map[string]any{ContextZBAID: p.ZBAID, ContextKeyID: p.KeyID, ContextScopes: JoinScopes(p.Scopes)}
}

// PrincipalFromContext reads what Context wrote; ok is false when the context
// carries no zbaId (a route reached without the authorizer).
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
	return Principal{ZBAID: zba, KeyID: kid, Scopes: scopes}, true
}
