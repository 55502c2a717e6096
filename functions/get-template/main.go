// Command get-template is the Lambda behind the get-template route
// (internal/routes.GetTemplate).
// It is built by internal/wire/templates.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/templates"
)

func main() { wire.Main(templates.GetTemplate) }
