// Command admin is the operators' function, invoked with a JSON event
// (internal/routes.Admin, internal/admin).
package main

import "svc/internal/wire"

func main() { wire.ServeAdmin() }
