// Command list-templates is the Lambda behind the list-templates route
// (internal/routes.ListTemplates).
package main

import (
	"svc/internal/bootstrap"
	"svc/internal/routes"
)

func main() { bootstrap.ServeRoute(routes.ListTemplates) }
