// Package signing gives the functions whose entry has SigningKey the
// service's master key, which the webhook secrets, the page cursors' key
// and the call session tokens' key derive from: read from Secrets Manager
// when first needed in AWS, or given in the environment on the local stack.
package signing

import (
	"svc/internal/adapter/secretstore"
	"svc/internal/platform/secretkey"
	"svc/internal/wire"
	"svc/internal/wire/cloud"
)

// MasterKey is the function's master key. Nothing is read at cold
// start: most invocations never sign anything.
func MasterKey(d *wire.Deps) *secretkey.Master {
	return wire.Once(d, "master-key", func() *secretkey.Master {
		arn, key := d.MasterKey()
		if arn != "" {
			return secretkey.NewMaster(secretstore.Loader(secretstore.NewClient(cloud.Config(d)), arn))
		}
		return secretkey.StaticMaster(key)
	})
}
