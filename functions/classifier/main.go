// Command classifier is the classifier queue consumer (internal/routes.Classifier).
// It is built by internal/wire/templates.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/templates"
)

func main() { wire.Main(templates.Classifier) }
