// Command versions is the Lambda behind GET /versions (internal/routes.Versions).
// It is built by internal/wire/versions.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/versions"
)

func main() { wire.Main(versions.Versions) }
