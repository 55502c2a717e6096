// Command edit-template is the Lambda behind the edit-template route
// (internal/routes.EditTemplate).
package main

import (
	"svc/internal/routes"
	"svc/internal/wire"
)

func main() { wire.ServeRoute(routes.EditTemplate) }
