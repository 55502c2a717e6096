// Command dispatch is the Lambda behind the dispatch consumer of the outbound queue (internal/routes.Dispatch).
// It is built by internal/wire/messages.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/messages"
)

func main() { wire.Main(messages.Dispatch) }
