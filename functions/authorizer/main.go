// Command authorizer is the API Gateway REQUEST authorizer (internal/routes.Authorizer).
// It is built by internal/wire/authn.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/authn"
)

func main() { wire.Main(authn.Authorizer) }
