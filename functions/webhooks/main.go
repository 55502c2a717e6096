// Command webhooks is the webhooks queue consumer (internal/routes.Webhooks).
package main

import (
	"svc/internal/routes"
	"svc/internal/wire"
)

func main() { wire.ServeConsumer(routes.Webhooks) }
