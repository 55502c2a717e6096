// Command admin is the operators' function, invoked with a JSON event
// (internal/routes.Admin, internal/transport/admin).
// It is built by internal/wire/accounts.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/accounts"
)

func main() { wire.Main(accounts.Admin) }
