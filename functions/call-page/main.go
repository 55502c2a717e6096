// Command call-page is the Lambda behind a call session route (internal/routes.CallPage).
// It is built by internal/wire/calls/session.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/calls/session"
)

func main() { wire.Main(session.CallPage) }
