// Command openapi is the Lambda behind GET /openapi.json (internal/routes.OpenAPI).
// It is built by internal/wire/versions.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/versions"
)

func main() { wire.Main(versions.OpenAPI) }
