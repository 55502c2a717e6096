// Command classifier is the classifier queue consumer (internal/routes.Classifier).
package main

import (
	"svc/internal/bootstrap"
	"svc/internal/routes"
)

func main() { bootstrap.ServeConsumer(routes.Classifier) }
