// Command edit-template is the Lambda behind the edit-template route
// (internal/routes.EditTemplate).
package main

import (
	"svc/internal/wire"
	"svc/internal/routes"
)

func main() { wire.ServeRoute(routes.EditTemplate) }
