package quality

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"svc/internal/feature/template"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/platform/apperr"
	"svc/internal/platform/sweep"
)

// Store keeps the outcome counts, scores and pauses of templates.
type Store interface {
	// GetTemplate returns the template or template.ErrNotFound.
	GetTemplate(ctx context.Context, r template.Ref) (template.Template, error)
	// RecordOutcome counts one outcome in the slot of the hour at falls in
	// (emptying the slot first when it still holds an older hour) and
	// returns the template as it is after, in one conditional write in the
	// common case. The version does not change: counting is not an edit.
	// template.ErrNotFound when there is no such template.
	RecordOutcome(ctx context.Context, r template.Ref, o template.Outcome, at time.Time) (template.Template, error)
	// UpdateQuality writes t's status, quality score, pause count, pause end
	// and disable time over the stored template of version t.Version-1, and
	// t.PendingEvents (none when empty), on the stored template of version
	// t.Version-1, and sets t.Version; template.ErrConflict when the stored version differs,
	// template.ErrNotFound when it is gone. A PAUSED t is indexed under its
	// pause end for DuePauseEnds; resetOutcomes empties the window.
	UpdateQuality(ctx context.Context, t template.Template, resetOutcomes bool) error
	// ClearPendingEvents drops the pending events of version version, if
	// the template is still at it; quietly nothing otherwise.
	ClearPendingEvents(ctx context.Context, r template.Ref, version int) error
	// DuePauseEnds returns up to limit paused templates whose pause ended
	// by now, earliest first, from an index (never a scan).
	DuePauseEnds(ctx context.Context, now time.Time, limit int) ([]template.Ref, error)
}

// Service runs the quality use cases.
type Service struct {
	Store  Store
	Events delivery.Enqueuer
	Now    func() time.Time
	Log    *slog.Logger
}

// maxAttempts bounds the re-reads of a transition that lost a race: the
// loser reads the winner's state and, finding the transition made, stops.
const maxAttempts = 4

// RecordOutcome is the port the delivery statuses feed: it counts one
// outcome of a message sent with the template and moves the template's
// quality score by the rule (Score), pausing or disabling it when the score
// falls to RED. Outcomes of a template that is not APPROVED are counted but
// move nothing. A bad outcome is a 400; an unknown template a 404.
func (s Service) RecordOutcome(ctx context.Context, zbaID, name, language string, o template.Outcome) error {
	if !o.Valid() {
		return apperr.Newf(apperr.CodeInvalidParameter, "outcome: must be one of %v", template.AllOutcomes)
	}
	r := template.Ref{ZBAID: zbaID, Name: name, Language: language}
	t, err := s.Store.RecordOutcome(ctx, r, o, s.Now().UTC())
	if errors.Is(err, template.ErrNotFound) {
		return notFound(r)
	}
	if err != nil {
		return err
	}
	if err := s.flush(ctx, t); err != nil {
		return err
	}
	return s.transition(ctx, r, t, s.rescore)
}

// MaxOutcomes bounds the outcomes one RecordOutcomes counts.
const MaxOutcomes = 1000

// RecordOutcomes counts n outcomes o of the template r, one at a time as
// RecordOutcome does (each may move the score), for operators and tests,
// and returns the template as it is after. An n outside 1 to MaxOutcomes
// is a 400, before anything is counted.
func (s Service) RecordOutcomes(ctx context.Context, r template.Ref, o template.Outcome, n int) (template.Template, error) {
	if n < 1 || n > MaxOutcomes {
		return template.Template{}, apperr.Newf(apperr.CodeInvalidParameter, "count: must be between 1 and %d", MaxOutcomes)
	}
	for range n {
		if err := s.RecordOutcome(ctx, r.ZBAID, r.Name, r.Language, o); err != nil {
			return template.Template{}, err
		}
	}
	return s.Store.GetTemplate(ctx, r)
}

// flush queues the pending events of a transition written earlier whose
// queueing failed, then clears them.
func (s Service) flush(ctx context.Context, t template.Template) error {
	if len(t.PendingEvents) == 0 {
		return nil
	}
	var events []webhook.Event
	if err := json.Unmarshal(t.PendingEvents, &events); err != nil {
		return fmt.Errorf("pending events of %s: %w", t.ID(), err)
	}
	return s.publish(ctx, template.Ref{ZBAID: t.ZBAID, Name: t.Name, Language: t.Language}, t.Version, events)
}

// change is a transition of one template: the template as it is to be
// written and its events, or ok false when there is nothing to do.
type change func(t template.Template, now time.Time) (next template.Template, reset bool, events []webhook.Event, ok bool, err error)

// transition applies c to t, writes the result on t's version and publishes
// its events; a write that lost a race re-reads and applies c again, so a
// transition another writer made already is not made twice.
func (s Service) transition(ctx context.Context, r template.Ref, t template.Template, c change) error {
	for attempt := 1; ; attempt++ {
		now := s.Now().UTC()
		next, reset, events, ok, err := c(t, now)
		if err != nil || !ok {
			return err
		}
		next.UpdatedAt, next.Version = now, t.Version+1
		if next.PendingEvents, err = json.Marshal(events); err != nil {
			return err
		}
		err = s.Store.UpdateQuality(ctx, next, reset)
		switch {
		case err == nil:
			return s.publish(ctx, r, next.Version, events)
		case errors.Is(err, template.ErrConflict) && attempt < maxAttempts:
			if t, err = s.Store.GetTemplate(ctx, r); err != nil {
				return err
			}
		case errors.Is(err, template.ErrNotFound):
			return notFound(r)
		default:
			return err
		}
	}
}

// publish queues the events of the transition written as version, then
// clears them from the template. A failure is returned; the events stay
// pending on the template, and the next use case that reads it queues them
// again (a receiver deduplicates on their ids).
func (s Service) publish(ctx context.Context, r template.Ref, version int, events []webhook.Event) error {
	if err := s.enqueue(ctx, events); err != nil {
		return err
	}
	return s.Store.ClearPendingEvents(ctx, r, version)
}

func (s Service) enqueue(ctx context.Context, events []webhook.Event) error {
	for _, e := range events {
		if err := s.Events.Enqueue(ctx, delivery.NewJob(e)); err != nil {
			return fmt.Errorf("publish %s: %w", e.Field, err)
		}
		if s.Log != nil {
			s.Log.Info("template event queued", slog.String("field", e.Field), slog.String("event_id", e.ID),
				slog.String("template_id", fmt.Sprint(e.Value["message_template_id"])))
		}
	}
	return nil
}

// rescore moves an APPROVED template's score to what its window says, and
// pauses it when the score falls to RED.
func (s Service) rescore(t template.Template, now time.Time) (template.Template, bool, []webhook.Event, bool, error) {
	if t.Status != template.StatusApproved {
		return t, false, nil, false, nil
	}
	score := Score(Window(t.Outcomes, now), t.QualityScore)
	if score == t.QualityScore {
		return t, false, nil, false, nil
	}
	next := t
	next.QualityScore = score
	events := []webhook.Event{webhook.QualityUpdate(t.ZBAID, t.ID(), t.Name, t.Language, t.QualityScore, score, t.Version+1, now)}
	if score == ScoreRED {
		var ev webhook.Event
		next, ev = pause(next, now)
		events = append(events, ev)
	}
	return next, false, events, true, nil
}

// pause is the next pause of t: PAUSED for PauseFor(the new count), or
// DISABLED when the count reaches DisablingPause; and its event.
func pause(t template.Template, now time.Time) (template.Template, webhook.Event) {
	t.Pauses++
	d, ok := PauseFor(t.Pauses)
	if !ok {
		return disable(t, now, "Template disabled: paused too often for low quality. It can no longer be sent; editing it submits it for review again.")
	}
	t.Status, t.PausedUntil = template.StatusPaused, now.Add(d)
	title := webhook.TitleFirstPause
	if t.Pauses > 1 {
		title = webhook.TitleSecondPause
	}
	desc := fmt.Sprintf("Template paused for %s for low quality; it returns to APPROVED at %s.", d, t.PausedUntil.Format(time.RFC3339))
	return t, webhook.PauseUpdate(t.ZBAID, t.ID(), t.Name, t.Language, t.Category, string(template.StatusPaused),
		title, desc, t.Version+1, now)
}

// disable is t DISABLED now, and its event saying why.
func disable(t template.Template, now time.Time, why string) (template.Template, webhook.Event) {
	t.Status, t.PausedUntil, t.DisabledAt = template.StatusDisabled, time.Time{}, now
	return t, webhook.PauseUpdate(t.ZBAID, t.ID(), t.Name, t.Language, t.Category, string(template.StatusDisabled),
		webhook.TitleDisabled, why, t.Version+1, now)
}

// unpause returns a PAUSED template to APPROVED with its window emptied
// and its score UNKNOWN, as the compatible API recomputes quality after a
// pause: a template paused again must earn it with new outcomes.
func unpause(t template.Template, now time.Time, why string) (template.Template, []webhook.Event) {
	prev := t.QualityScore
	t.Status, t.PausedUntil, t.QualityScore = template.StatusApproved, time.Time{}, ScoreUnknown
	events := []webhook.Event{webhook.PauseUpdate(t.ZBAID, t.ID(), t.Name, t.Language, t.Category,
		string(template.StatusApproved), webhook.TitleUnpause, why, t.Version+1, now)}
	if prev != ScoreUnknown {
		events = append(events, webhook.QualityUpdate(t.ZBAID, t.ID(), t.Name, t.Language, prev, ScoreUnknown, t.Version+1, now))
	}
	return t, events
}

// SweepBatch is how many ended pauses one sweep ends.
const SweepBatch = sweep.Batch

// EndPauses returns every template whose pause has ended to APPROVED (the
// scheduled sweep). It returns how many it unpaused; a template changed
// meanwhile (edited, or unpaused by an operator) is left as it is.
func (s Service) EndPauses(ctx context.Context) (int, error) {
	due, err := s.Store.DuePauseEnds(ctx, s.Now().UTC(), SweepBatch)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, r := range due {
		t, err := s.Store.GetTemplate(ctx, r)
		if errors.Is(err, template.ErrNotFound) {
			continue
		}
		if err != nil {
			return n, err
		}
		if err := s.flush(ctx, t); err != nil {
			return n, err
		}
		ended := false
		err = s.transition(ctx, r, t, func(t template.Template, now time.Time) (template.Template, bool, []webhook.Event, bool, error) {
			if t.Status != template.StatusPaused || t.PausedUntil.After(now) {
				return t, false, nil, false, nil
			}
			next, events := unpause(t, now, "The pause ended; the template is APPROVED again.")
			ended = true
			return next, true, events, true, nil
		})
		if err != nil && !isNotFound(err) {
			return n, err
		}
		if ended && err == nil {
			n++
		}
	}
	return n, nil
}

// Pause pauses an APPROVED template now, as a fall to RED does (it counts
// as one of the pauses; the third disables). For operators.
func (s Service) Pause(ctx context.Context, r template.Ref) (template.Template, error) {
	return s.operate(ctx, r, func(t template.Template, now time.Time) (template.Template, bool, []webhook.Event, bool, error) {
		if t.Status != template.StatusApproved {
			return t, false, nil, false, wrongStatus(t, "paused", "APPROVED")
		}
		next, ev := pause(t, now)
		return next, false, []webhook.Event{ev}, true, nil
	})
}

// Unpause ends a template's pause now. For operators.
func (s Service) Unpause(ctx context.Context, r template.Ref) (template.Template, error) {
	return s.operate(ctx, r, func(t template.Template, now time.Time) (template.Template, bool, []webhook.Event, bool, error) {
		if t.Status != template.StatusPaused {
			return t, false, nil, false, wrongStatus(t, "unpaused", "PAUSED")
		}
		next, events := unpause(t, now, "An operator ended the pause; the template is APPROVED again.")
		return next, true, events, true, nil
	})
}

// Disable disables a template now, whatever its status. For operators.
func (s Service) Disable(ctx context.Context, r template.Ref) (template.Template, error) {
	return s.operate(ctx, r, func(t template.Template, now time.Time) (template.Template, bool, []webhook.Event, bool, error) {
		if t.Status == template.StatusDisabled {
			return t, false, nil, false, wrongStatus(t, "disabled", "not DISABLED")
		}
		next, ev := disable(t, now, "Template disabled by an operator. It can no longer be sent; editing it submits it for review again.")
		return next, false, []webhook.Event{ev}, true, nil
	})
}

// operate reads the template, applies c and returns the template as stored.
func (s Service) operate(ctx context.Context, r template.Ref, c change) (template.Template, error) {
	t, err := s.Store.GetTemplate(ctx, r)
	if errors.Is(err, template.ErrNotFound) {
		return template.Template{}, notFound(r)
	}
	if err != nil {
		return template.Template{}, err
	}
	if err := s.flush(ctx, t); err != nil {
		return template.Template{}, err
	}
	if err := s.transition(ctx, r, t, c); err != nil {
		return template.Template{}, err
	}
	return s.Store.GetTemplate(ctx, r)
}

func wrongStatus(t template.Template, verb, want string) error {
	return apperr.Newf(apperr.CodeInvalidParameter, "template %s is %s; only a template that is %s can be %s",
		t.ID(), t.Status, want, verb)
}

func notFound(r template.Ref) error {
	return apperr.NotFound("Template " + template.ID(r.ZBAID, r.Name, r.Language) + " does not exist for this ZBA.")
}

func isNotFound(err error) bool {
	var ae *apperr.Error
	return errors.As(err, &ae) && ae.HTTPStatus == 404
}
