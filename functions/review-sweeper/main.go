// Command review-sweeper runs every minute and hands pending templates
// whose review was never queued back to the classifier queue
// (internal/routes.ReviewSweeper).
package main

import (
	"svc/internal/routes"
	"svc/internal/wire"
)

func main() { wire.ServeSchedule(routes.ReviewSweeper) }
