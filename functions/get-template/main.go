// Command get-template is the Lambda behind the get-template route
// (internal/routes.GetTemplate).
package main

import (
	"svc/internal/routes"
	"svc/internal/wire"
)

func main() { wire.ServeRoute(routes.GetTemplate) }
