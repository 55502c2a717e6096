// Command inbound is the Lambda behind the inbound consumer of the network's events (internal/routes.Inbound).
// It is built by internal/wire/messages.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/messages"
)

func main() { wire.Main(messages.Inbound) }
