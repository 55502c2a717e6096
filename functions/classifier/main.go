// Command classifier is the classifier queue consumer (internal/routes.Classifier).
package main

import (
	"svc/internal/routes"
	"svc/internal/wire"
)

func main() { wire.ServeConsumer(routes.Classifier) }
