// Command get-template is the Lambda behind the get-template route
// (internal/routes.GetTemplate).
package main

import (
	"svc/internal/wire"
	"svc/internal/routes"
)

func main() { wire.ServeRoute(routes.GetTemplate) }
