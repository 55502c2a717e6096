// Command edit-template is the Lambda behind the edit-template route
// (internal/routes.EditTemplate).
package main

import (
	"svc/internal/bootstrap"
	"svc/internal/routes"
)

func main() { bootstrap.ServeRoute(routes.EditTemplate) }
