// Command list-templates is the Lambda behind the list-templates route
// (internal/routes.ListTemplates).
package main

import (
	"svc/internal/wire"
	"svc/internal/routes"
)

func main() { wire.ServeRoute(routes.ListTemplates) }
