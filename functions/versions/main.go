// Command versions is the Lambda behind GET /versions (internal/routes.Versions).
package main

import (
	"svc/internal/bootstrap"
	"svc/internal/routes"
)

func main() { bootstrap.ServeRoute(routes.Versions) }
