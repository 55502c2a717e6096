// Command create-template is the Lambda behind the create-template route
// (internal/routes.CreateTemplate).
// It is built by internal/wire/templates.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/templates"
)

func main() { wire.Main(templates.CreateTemplate) }
