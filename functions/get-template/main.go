// Command get-template is the Lambda behind the get-template route
// (internal/routes.GetTemplate).
package main

import (
	"svc/internal/bootstrap"
	"svc/internal/routes"
)

func main() { bootstrap.ServeRoute(routes.GetTemplate) }
