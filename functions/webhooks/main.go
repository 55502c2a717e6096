// Command webhooks is the webhooks queue consumer (internal/routes.Webhooks).
// It is built by internal/wire/webhooks.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/webhooks"
)

func main() { wire.Main(webhooks.Webhooks) }
