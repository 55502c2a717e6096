// Command outbound-sweeper is the Lambda behind the outbound sweeper (internal/routes.OutboundSweeper).
// It is built by internal/wire/messages.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/messages"
)

func main() { wire.Main(messages.OutboundSweeper) }
