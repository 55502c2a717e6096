// Command create-template is the Lambda behind the create-template route
// (internal/routes.CreateTemplate).
package main

import (
	"svc/internal/bootstrap"
	"svc/internal/routes"
)

func main() { bootstrap.ServeRoute(routes.CreateTemplate) }
