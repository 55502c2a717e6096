// Command list-templates is the Lambda behind the list-templates route
// (internal/routes.ListTemplates).
// It is built by internal/wire/templates/paging.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/templates/paging"
)

func main() { wire.Main(paging.ListTemplates) }
