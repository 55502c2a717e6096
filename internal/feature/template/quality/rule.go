// Package quality drives a template's quality score and its pauses: the
// delivery outcomes of the messages sent with it are counted over a rolling
// window, a deterministic rule turns the counts into a score, and a
// template that falls to RED is paused as the compatible API does (3 hours,
// then 6 hours, then disabled). It publishes the compatible API's
// message_template_quality_update and message_template_status_update
// events through the webhook queue. It imports nothing from AWS.
package quality

import (
	"time"

	"svc/internal/feature/template"
)

// Quality scores (interface: quality_score; the compatible API's values).
const (
	ScoreUnknown = template.QualityUnknown
	ScoreGreen   = template.QualityGreen
	ScoreYellow  = template.QualityYellow
	ScoreRED     = template.QualityRed
)

// The rule's thresholds. Negative feedback (blocks and opt-outs by
// recipients who received the template) is what the compatible API rates
// quality on; undeliverable sends say the audience is stale.
const (
	// MinDelivered is the sample below which the window says nothing: the
	// score stays what it was (UNKNOWN for a new template).
	MinDelivered = 20
	// RedNegativePercent: negative feedback at or above this share of the
	// delivered messages is RED.
	RedNegativePercent = 8
	// YellowNegativePercent: at or above this share (and below RED) is YELLOW.
	YellowNegativePercent = 3
	// YellowFailedPercent: failures at or above this share of the messages
	// that reached an end (delivered + failed) is YELLOW at worst.
	YellowFailedPercent = 20
)

// Counts sums outcomes.
type Counts map[template.Outcome]int

// Window sums the template's outcomes of the rolling window ending in the
// hour of now: the template.OutcomeSlots hours up to and including it.
// Slots of older hours (a slot not yet reused) are left out.
func Window(slots []template.OutcomeSlot, now time.Time) Counts {
	end := template.HourOf(now)
	c := Counts{}
	for _, s := range slots {
		if s.Hour > end-template.OutcomeSlots && s.Hour <= end {
			for o, n := range s.Counts {
				c[o] += n
			}
		}
	}
	return c
}

// Score is the rule, in integer arithmetic so that it is exact:
//
//   - fewer than MinDelivered delivered in the window: the previous score;
//   - negative (blocked + opted_out) ≥ RedNegativePercent % of delivered: RED;
//   - negative ≥ YellowNegativePercent % of delivered, or failed ≥
//     YellowFailedPercent % of delivered + failed: YELLOW;
//   - otherwise GREEN.
//
// Reads are counted (operators see them) but do not move the score.
func Score(c Counts, previous string) string {
	delivered := c[template.OutcomeDelivered]
	if delivered < MinDelivered {
		return previous
	}
	negative := c[template.OutcomeBlocked] + c[template.OutcomeOptedOut]
	failed := c[template.OutcomeFailed]
	switch {
	case negative*100 >= RedNegativePercent*delivered:
		return ScoreRED
	case negative*100 >= YellowNegativePercent*delivered, failed*100 >= YellowFailedPercent*(delivered+failed):
		return ScoreYellow
	default:
		return ScoreGreen
	}
}

// Pause durations: the compatible API pauses a template that falls to RED
// for 3 hours the first time, 6 hours the second, and disables it the third.
const (
	FirstPause  = 3 * time.Hour
	SecondPause = 6 * time.Hour
	// DisablingPause is the pause count that disables instead.
	DisablingPause = 3
)

// PauseFor is how long the nth pause (from 1) lasts; ok is false when the
// nth pause disables the template instead.
func PauseFor(n int) (d time.Duration, ok bool) {
	switch {
	case n <= 1:
		return FirstPause, true
	case n == 2:
		return SecondPause, true
	default:
		return 0, false
	}
}
