// Package signing gives the functions whose entry has SigningKey the
// webhook master key: read from Secrets Manager when first needed in AWS,
// or given in the environment on the local stack.
package signing

import (
	"svc/internal/adapter/secretstore"
	"svc/internal/feature/webhook"
	"svc/internal/wire"
	"svc/internal/wire/cloud"
)

// MasterKey is the function's webhook master key. Nothing is read at cold
// start: most invocations never sign anything.
func MasterKey(d *wire.Deps) *webhook.MasterKey {
	return wire.Once(d, "master-key", func() *webhook.MasterKey {
		arn, key := d.MasterKey()
		if arn != "" {
			return webhook.NewMasterKey(secretstore.Loader(secretstore.NewClient(cloud.Config(d)), arn))
		}
		return webhook.StaticMasterKey(key)
	})
}
