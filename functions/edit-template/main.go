// Command edit-template is the Lambda behind the edit-template route
// (internal/routes.EditTemplate).
// It is built by internal/wire/templates.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/templates"
)

func main() { wire.Main(templates.EditTemplate) }
