// Command webhooks is the webhooks queue consumer (internal/routes.Webhooks).
package main

import (
	"svc/internal/bootstrap"
	"svc/internal/routes"
)

func main() { bootstrap.ServeConsumer(routes.Webhooks) }
