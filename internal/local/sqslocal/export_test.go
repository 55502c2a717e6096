package sqslocal

import "time"

// WithWaitTime sets how long one receive waits for a message (rounded up to
// whole seconds, at most 20 s; 0 makes short polls): the tests wait longer
// than DefaultWaitTime, and check that a wait SQS refuses is refused.
func WithWaitTime(d time.Duration) PollerOption {
	return func(p *Poller) { p.wait = d }
}
