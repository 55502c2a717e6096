// Command classifier is the classifier queue consumer (internal/routes.Classifier).
// It is built by internal/wire/review.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/review"
)

func main() { wire.Main(review.Classifier) }
