// Command review-sweeper runs every minute and hands pending templates
// whose review was never queued back to the classifier queue
// (internal/routes.ReviewSweeper).
// It is built by internal/wire/templates/handoff.
package main

import (
	"svc/internal/wire"
	"svc/internal/wire/templates/handoff"
)

func main() { wire.Main(handoff.ReviewSweeper) }
