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
	longestWait,
	longestWait,
}

// longestWait is the schedule's longest wait between two attempts.
const longestWait = 10 * time.Hour

// MaxRetryAfter bounds the wait a receiver's Retry-After may ask for: the
// schedule's longest wait. A Retry-After only ever lengthens a wait (it is
// the least the receiver wants), so with this bound the MaxAttempts-1
// waits of an event last at most 7 × 10 h = 70 h, not a week per wait as
// the header allows: an event is still delivered or dead-lettered within
// three days, far inside the 30 days its attempts stay readable and the
// 14 days its dead letter is kept. A receiver asking for more is tried
// again after 10 h (and may ask again).
const MaxRetryAfter = longestWait

// Wait is the wait before the next attempt: the schedule's, or, when the
// receiver's Retry-After asks for longer, the receiver's, up to
// MaxRetryAfter. A Retry-After shorter than the schedule's wait changes
// nothing: it is when the receiver may take the event at the earliest, and
// taking it at its word spent every attempt of an event within seconds
// of a receiver answering 503 with Retry-After: 1.
func Wait(scheduled, retryAfter time.Duration) time.Duration {
	return max(scheduled, min(retryAfter, MaxRetryAfter))
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
