package webhook

import "time"

// Schedule is the nominal wait before each attempt, attempt 1 first (0),
// without jitter, for the tests of package webhook_test.
func Schedule() []time.Duration {
	return append([]time.Duration(nil), schedule[:]...)
}
