// Command provider-page is the Lambda behind a call session route (internal/routes.ProviderPage).
// It is built by internal/wire/calls/session.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/calls/session"
)

func main() { wire.Main(session.ProviderPage) }
