// Package signing gives functions the signing secrets their entry names
// (routes.Function.Secrets), from which the webhook secrets, the call
// session tokens' key and the page cursors' key derive, one secret per
// purpose: read from Secrets Manager when first needed in AWS, or given in
// the environment on the local stack.
package signing

import (
	"svc/internal/adapter/secretstore"
	"svc/internal/platform/secretkey"
	"svc/internal/routes"
	"svc/internal/wire"
	"svc/internal/wire/cloud"
)

// Key is the function's secret s. Nothing is read at cold start: most
// invocations never sign anything.
func Key(d *wire.Deps, s routes.Secret) *secretkey.Master {
	return wire.Once(d, "secret-"+string(s), func() *secretkey.Master {
		arn, key := d.Secret(s)
		if arn != "" {
			return secretkey.NewMaster(secretstore.Loader(secretstore.NewClient(cloud.Config(d)), arn))
		}
		return secretkey.StaticMaster(key)
	})
}
