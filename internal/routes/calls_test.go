package routes_test

import (
	"slices"
	"testing"

	"svc/internal/feature/account/auth"
	"svc/internal/routes"
)

// TestCallRoutes holds the decisions of the call routes: creating a call
// takes the messaging scope behind the authorizer; the session routes are
// public to it (a browser holds no key) and each checks the session token
// itself, with the call sessions' secret, the only one it reads.
func TestCallRoutes(t *testing.T) {
	if routes.CreateCall.Scope != auth.ScopeMessaging || routes.CreateCall.Public() || !slices.Equal(routes.CreateCall.Secrets, []routes.Secret{routes.SecretCallSessions}) || !routes.CreateCall.Links {
		t.Errorf("create-call: %+v", routes.CreateCall)
	}
	for _, r := range routes.CallSessionRoutes {
		if !r.Public() || !slices.Equal(r.Secrets, []routes.Secret{routes.SecretCallSessions}) || !slices.Contains(r.Features, routes.FeatureCall) || r.RateLimited {
			t.Errorf("%s: public %v, secrets %v, features %v", r.Name, r.Public(), r.Secrets, r.Features)
		}
		if !slices.ContainsFunc(routes.All, func(a routes.Route) bool { return a.Name == r.Name }) {
			t.Errorf("%s is not in routes.All", r.Name)
		}
	}
}
