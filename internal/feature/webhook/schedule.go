package webhook

import (
	"math/rand/v2"
	"time"
)

// MaxAttempts is how many times an event is sent before it goes to the DLQ.
const MaxAttempts = 8

// schedule[i] is the nominal wait before attempt i+1, after attempt i
// failed: Svix's schedule, immediately, then 5 s, 5 min, 30 min, 2 h, 5 h,
// 10 h and 10 h. The waits add up to 27 h 35 min 5 s, so an event outlives
// a receiver outage of a day; the quick early retries absorb a blip or a
// deploy. Each wait is jittered by ±10% so the retries of many events that
// failed together (one receiver down) do not return together.
//
// SQS caps a message's delay at 15 minutes: the consumer waits longer by
// re-queueing in hops of at most 15 minutes, the message carrying when the
// next attempt is due.
var schedule = [MaxAttempts]time.Duration{
	0,
	5 * time.Second,
	5 * time.Minute,
	30 * time.Minute,
	2 * time.Hour,
	5 * time.Hour,
	10 * time.Hour,
	10 * time.Hour,
}

// jitter is the relative spread of each wait either way.
const jitter = 0.10

// Delay is the wait before attempt number attempt (1-based: attempt 1 goes
// out at once), jittered by ±10% with rnd, which returns values in [0, 1)
// (nil means math/rand/v2's Float64). It returns false when there is no
// such attempt: attempt < 1 or beyond MaxAttempts, when the event goes to
// the DLQ.
func Delay(attempt int, rnd func() float64) (time.Duration, bool) {
	if attempt < 1 || attempt > MaxAttempts {
		return 0, false
	}
	if rnd == nil {
		rnd = rand.Float64
	}
	nominal := schedule[attempt-1]
	return time.Duration(float64(nominal) * (1 - jitter + 2*jitter*rnd())), true
}
