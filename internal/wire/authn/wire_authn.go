// Package authn wires the REQUEST authorizer: it reads keys from the table
// and nothing else.
package authn

import (
	"svc/internal/adapter/dynamo/keystore"
	"svc/internal/feature/account/auth"
	"svc/internal/routes"
	"svc/internal/transport/authorizer"
	"svc/internal/wire"
	"svc/internal/wire/cloud"
)

// Authorizer is the authorizer function.
var Authorizer = wire.Function[authorizer.Handler]{Spec: routes.Authorizer,
	Build: func(d *wire.Deps) (authorizer.Handler, error) {
		return authorizer.New(Authenticator(d), d.Log, d.RequestBudget()), nil
	}}

// Functions lists every function of the feature.
var Functions = []wire.Builder{Authorizer}

// Authenticator verifies API keys against the table.
func Authenticator(d *wire.Deps) auth.Authenticator {
	return auth.Authenticator{Keys: keystore.New(cloud.Table(d)), Now: d.Now}
}
