// Command versions is the Lambda behind GET /versions (internal/routes.Versions).
package main

import (
	"svc/internal/routes"
	"svc/internal/wire"
)

func main() { wire.ServeRoute(routes.Versions) }
