// Command edit-template is the Lambda behind the edit-template route
// (internal/routes.EditTemplate).
// It is built by internal/wire/templates/handoff.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/templates/handoff"
)

func main() { wire.Main(handoff.EditTemplate) }
