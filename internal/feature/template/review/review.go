// Package review is the classifier consumer's use case: it takes a review
// request from the queue, decides the template's review with the classifier,
// records the decision and publishes its webhook events. It is safe under
// at-least-once delivery: a decision is recorded only for the version that
// was asked about and only while the template is PENDING, and events are
// published from the recorded decision.
package review

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"svc/internal/feature/template"
	"svc/internal/feature/template/classify"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
)

// Store reads templates and records decisions.
type Store interface {
	GetTemplate(ctx context.Context, r template.Ref) (template.Template, error)
	// RecordDecision sets the review outcome of version t.Version, marks its
	// events pending and takes the template off the review index, if it is
	// still that version, PENDING, and holds t's content (ContentOf: the
	// category, parameter format and components decided on);
	// template.ErrConflict otherwise.
	RecordDecision(ctx context.Context, t template.Template, d classify.Decision, at time.Time) error
	// ClearEventsPending notes that the decision's events are queued.
	ClearEventsPending(ctx context.Context, t template.Template) error
}

// Service reviews templates.
type Service struct {
	Store  Store
	Events delivery.Enqueuer
	Now    func() time.Time
	Log    *slog.Logger
}

// Handle reviews the template one queue message names. It returns an error
// only for what a retry may cure (or a message that can never be read, which
// then ends in the dead-letter queue); a message about an old version, a
// deleted template or one already decided is done with, and changes nothing.
//
// The decision is recorded first, conditionally, so that no event ever
// announces a decision about text that was edited meanwhile; its events are
// queued next. If the process dies between the two, the redelivered message
// finds the decision with its events still pending and queues them from the
// record, with the same ids.
//
// A message that carries the version's content (create and edit send it)
// is decided without reading the template: the decision's write holds only
// while the stored template is that version, PENDING, with that content.
// When it does not hold, the template is read and the message handled as
// one without content, which tells a redelivery whose events are pending
// from a version edited or deleted since.
func (s Service) Handle(ctx context.Context, body []byte) error {
	var r template.ReviewRequest
	if err := json.Unmarshal(body, &r); err != nil || r.ZBAID == "" || r.Name == "" || r.Language == "" || r.Version < 1 {
		return fmt.Errorf("unreadable review request %q: %v", truncate(body), err)
	}
	if r.Content != nil {
		t := template.Template{ZBAID: r.ZBAID, Name: r.Name, Language: r.Language, Version: r.Version,
			Status: template.StatusPending, Category: r.Content.Category, ParameterFormat: r.Content.ParameterFormat,
			Components: []byte(r.Content.Components)}
		if stale, err := s.decide(ctx, t); !stale {
			return err
		}
	}
	t, err := s.Store.GetTemplate(ctx, template.Ref{ZBAID: r.ZBAID, Name: r.Name, Language: r.Language})
	switch {
	case errors.Is(err, template.ErrNotFound):
		s.skip(r.Review, "template deleted")
		return nil
	case err != nil:
		return err
	case t.Version != r.Version:
		s.skip(r.Review, fmt.Sprintf("template is at version %d", t.Version))
		return nil
	case t.Status != template.StatusPending && t.Decision != nil && t.Decision.EventsPending:
		return s.publish(ctx, t)
	case t.Status != template.StatusPending:
		s.skip(r.Review, "already decided")
		return nil
	}
	stale, err := s.decide(ctx, t)
	if stale {
		s.skip(r.Review, "changed while being reviewed")
	}
	return err
}

// decide classifies t, records the decision on the condition that t is
// what is stored, and queues its events. stale reports that t is not what
// is stored: nothing was recorded or queued.
func (s Service) decide(ctx context.Context, t template.Template) (stale bool, err error) {
	in, err := classify.FromTemplate(t)
	if err != nil {
		return false, err
	}
	d := classify.Classify(in)
	now := s.Now().UTC()
	switch err := s.Store.RecordDecision(ctx, t, d, now); {
	case errors.Is(err, template.ErrConflict):
		return true, nil
	case err != nil:
		return false, err
	}
	s.Log.Info("template reviewed", slog.String("template_id", t.ID()), slog.Int("version", t.Version),
		slog.String("label", d.Label()), slog.String("classifier", d.Version))
	decided := t
	decided.Status, decided.Category = template.Status(d.Status), d.Category
	decided.CorrectCategory, decided.RejectionReason = d.CorrectCategory, d.RejectionReason
	decided.Decision = &template.DecisionRecord{ClassifierVersion: d.Version, DecidedAt: now, DeclaredCategory: t.Category,
		EventsPending: true}
	return false, s.publish(ctx, decided)
}

// publish queues the webhook events of a recorded decision, then clears its
// pending mark.
func (s Service) publish(ctx context.Context, t template.Template) error {
	for _, e := range events(t) {
		if err := s.Events.Enqueue(ctx, delivery.NewJob(e)); err != nil {
			return fmt.Errorf("publish %s: %w", e.Field, err)
		}
	}
	return s.Store.ClearEventsPending(ctx, t)
}

// events are the webhook events of a recorded decision: for an edited
// version (any after the first), the components update; the status update;
// and the category update when the template was approved in another
// category (a rejection for an incorrect category carries correct_category,
// but the template's category does not change).
func events(t template.Template) []webhook.Event {
	d := t.Decision
	var out []webhook.Event
	if t.Version > 1 {
		if c, ok := content(t.Components); ok {
			out = append(out, webhook.ComponentsUpdate(t.ZBAID, t.ID(), t.Name, t.Language, c, t.Version, d.DecidedAt))
		}
	}
	out = append(out, webhook.StatusUpdate(t.ZBAID, t.ID(), t.Name, t.Language, t.Category, string(t.Status),
		t.RejectionReason, t.Version, d.DecidedAt))
	if t.Status == template.StatusApproved && t.Category != d.DeclaredCategory {
		out = append(out, webhook.CategoryUpdate(t.ZBAID, t.ID(), t.Name, t.Language, d.DeclaredCategory, t.Category,
			t.Version, d.DecidedAt))
	}
	return out
}

// content is what a components update says of stored components; ok is
// false when they cannot be read (Stage A stored them, so never in
// practice), and the update is left out rather than sent empty.
func content(components []byte) (webhook.TemplateContent, bool) {
	var comps []template.Component
	if err := json.Unmarshal(components, &comps); err != nil {
		return webhook.TemplateContent{}, false
	}
	var c webhook.TemplateContent
	for _, comp := range comps {
		switch comp.Type {
		case template.TypeBody:
			c.Body = comp.Text
		case template.TypeHeader:
			if comp.Format == "" || comp.Format == "TEXT" {
				c.Header = comp.Text
			}
		case template.TypeFooter:
			c.Footer = comp.Text
		case template.TypeButtons:
			for _, b := range comp.Buttons {
				c.Buttons = append(c.Buttons, webhook.TemplateButton{Type: b.Type, Text: b.Text, URL: b.URL, PhoneNumber: b.PhoneNumber})
			}
		}
	}
	return c, true
}

func (s Service) skip(r template.Review, why string) {
	s.Log.Info("review skipped", slog.String("template_id", template.ID(r.ZBAID, r.Name, r.Language)),
		slog.Int("version", r.Version), slog.String("why", why))
}

func truncate(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "..."
	}
	return string(b)
}
