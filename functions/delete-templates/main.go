// Command delete-templates is the Lambda behind the delete-templates route
// (internal/routes.DeleteTemplates).
package main

import (
	"svc/internal/bootstrap"
	"svc/internal/routes"
)

func main() { bootstrap.ServeRoute(routes.DeleteTemplates) }
