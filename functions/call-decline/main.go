// Command call-decline is the Lambda behind a call session route (internal/routes.CallDecline).
// It is built by internal/wire/calls/session.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/calls/session"
)

func main() { wire.Main(session.CallDecline) }
