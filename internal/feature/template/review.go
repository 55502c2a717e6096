package template

import (
	"context"
	"log/slog"

	"svc/internal/platform/asciijson"
	"svc/internal/platform/settle"
	"svc/internal/platform/sweep"
)

// Review asks the classifier to review one version of a template. It holds
// ids only: the classifier reads the template, and decides only if the
// version is still the stored one.
type Review struct {
	ZBAID    string `json:"zba_id"`
	Name     string `json:"name"`
	Language string `json:"language"`
	Version  int    `json:"version"`
}

func reviewOf(t Template) Review {
	return Review{ZBAID: t.ZBAID, Name: t.Name, Language: t.Language, Version: t.Version}
}

// ReviewContent is what the classifier decides on, as the version a review
// names was stored: its declared category, parameter format and components
// (the stored JSON text, byte for byte).
type ReviewContent struct {
	Category        string `json:"category"`
	ParameterFormat string `json:"parameter_format"`
	Components      string `json:"components"`
}

// ReviewRequest is one message on the classifier queue: the review and,
// when the sender wrote that version itself (create, edit), its content,
// so that the classifier decides without reading the template back. The
// decision is still recorded only if the stored template is that version,
// PENDING, with that very content (a template deleted and created again
// starts at version 1 once more). The sweeper, which finds reviews on an
// index of ids, sends none; the classifier then reads the template.
type ReviewRequest struct {
	Review
	Content *ReviewContent `json:"content,omitempty"`
}

// ContentOf is the content of t a review decides on.
func ContentOf(t Template) ReviewContent {
	return ReviewContent{Category: t.Category, ParameterFormat: t.ParameterFormat, Components: string(t.Components)}
}

// handToReview queues the review with the content just written. A failure
// is logged and otherwise left to the sweeper: the template was stored
// armed for review, so the review cannot be lost, and the client's request
// has already succeeded. A write settled after the request's budget ran
// out (see settle) still gets its review queued now, within a moment of
// its own, rather than in ReviewGrace by the sweeper.
func (s Service) handToReview(ctx context.Context, t Template) {
	ctx, cancel := settle.Live(ctx)
	defer cancel()
	content := ContentOf(t)
	if err := s.Queue.Enqueue(ctx, ReviewRequest{Review: reviewOf(t), Content: &content}); err != nil && s.Log != nil {
		s.Log.Warn("review not queued; the sweeper will hand it over", slog.String("template_id", t.ID()),
			slog.Int("version", t.Version), slog.String("error", err.Error()))
	}
}

// SweepBatch is how many due reviews one sweep hands over.
const SweepBatch = sweep.Batch

// SweepReviews hands every pending template whose review is due to the
// queue again and re-arms it for ReviewGrace. It returns how many it handed
// over; a failed hand-over stays due for the next sweep.
func (s Service) SweepReviews(ctx context.Context) (int, error) {
	return sweep.Pass[Review]{Due: s.Store.DueReviews, Rearm: s.Store.RearmReview, Grace: ReviewGrace, Limit: SweepBatch,
		HandOver: func(ctx context.Context, r Review) error { return s.Queue.Enqueue(ctx, ReviewRequest{Review: r}) },
	}.Run(ctx, s.Now().UTC())
}

// Publisher sends one message body to a queue.
type Publisher interface {
	Publish(ctx context.Context, body []byte) (string, error)
}

// PublishingQueue is a ReviewQueue over a message publisher: each review
// is one JSON message, ASCII only (the content is user text, and SQS, the
// local emulator at least, refuses some characters, such as emoji).
type PublishingQueue struct {
	Publisher Publisher
}

// Enqueue implements ReviewQueue.
func (q PublishingQueue) Enqueue(ctx context.Context, r ReviewRequest) error {
	body, err := asciijson.Marshal(r)
	if err != nil {
		return err
	}
	_, err = q.Publisher.Publish(ctx, body)
	return err
}
