// Command call-answer is the Lambda behind a call session route (internal/routes.CallAnswer).
// It is built by internal/wire/calls/session.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/calls/session"
)

func main() { wire.Main(session.CallAnswer) }
