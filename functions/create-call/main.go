// Command create-call is the Lambda behind POST /v1/calls (internal/routes.CreateCall).
// It is built by internal/wire/calls.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/calls"
)

func main() { wire.Main(calls.CreateCall) }
