// Command authorizer is the API Gateway REQUEST authorizer (internal/routes.Authorizer).
package main

import "svc/internal/wire"

func main() { wire.ServeAuthorizer() }
