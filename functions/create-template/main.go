// Command create-template is the Lambda behind the create-template route
// (internal/routes.CreateTemplate).
// It is built by internal/wire/templates/handoff.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/templates/handoff"
)

func main() { wire.Main(handoff.CreateTemplate) }
