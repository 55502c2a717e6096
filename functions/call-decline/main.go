// Command call-decline is the Lambda behind a call session route (internal/routes.CallDecline).
// It is built by internal/wire/calls.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/calls"
)

func main() { wire.Main(calls.CallDecline) }
