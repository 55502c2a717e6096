// Command template-unpauser runs every minute and returns paused templates
// whose pause has ended to APPROVED (internal/routes.TemplateUnpauser).
// It is built by internal/wire/templates/pausing.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/templates/pausing"
)

func main() { wire.Main(pausing.Unpauser) }
