// Command list-templates is the Lambda behind the list-templates route
// (internal/routes.ListTemplates).
package main

import (
	"svc/internal/routes"
	"svc/internal/wire"
)

func main() { wire.ServeRoute(routes.ListTemplates) }
