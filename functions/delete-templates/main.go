// Command delete-templates is the Lambda behind the delete-templates route
// (internal/routes.DeleteTemplates).
// It is built by internal/wire/templates.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/templates"
)

func main() { wire.Main(templates.DeleteTemplates) }
