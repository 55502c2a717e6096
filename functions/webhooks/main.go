// Command webhooks is the webhooks queue consumer (internal/routes.Webhooks).
package main

import (
	"svc/internal/wire"
	"svc/internal/routes"
)

func main() { wire.ServeConsumer(routes.Webhooks) }
