// Command create-template is the Lambda behind the create-template route
// (internal/routes.CreateTemplate).
package main

import (
	"svc/internal/routes"
	"svc/internal/wire"
)

func main() { wire.ServeRoute(routes.CreateTemplate) }
