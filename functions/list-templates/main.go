// Command list-templates is the Lambda behind the list-templates route
// (internal/routes.ListTemplates).
// It is built by internal/wire/templates.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/templates"
)

func main() { wire.Main(templates.ListTemplates) }
