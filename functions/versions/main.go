// Command versions is the Lambda behind GET /versions (internal/routes.Versions).
package main

import (
	"svc/internal/wire"
	"svc/internal/routes"
)

func main() { wire.ServeRoute(routes.Versions) }
