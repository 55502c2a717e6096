// Command call-signal is the Lambda behind a call session route (internal/routes.CallSignal).
// It is built by internal/wire/calls/session.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/calls/session"
)

func main() { wire.Main(session.CallSignal) }
