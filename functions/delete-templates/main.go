// Command delete-templates is the Lambda behind the delete-templates route
// (internal/routes.DeleteTemplates).
package main

import (
	"svc/internal/routes"
	"svc/internal/wire"
)

func main() { wire.ServeRoute(routes.DeleteTemplates) }
