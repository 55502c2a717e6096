// Command classifier is the classifier queue consumer (internal/routes.Classifier).
package main

import (
	"svc/internal/wire"
	"svc/internal/routes"
)

func main() { wire.ServeConsumer(routes.Classifier) }
