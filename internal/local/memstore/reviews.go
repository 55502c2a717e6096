package memstore

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"svc/internal/feature/template"
	"svc/internal/feature/template/classify"
	"svc/internal/feature/template/review"
)

// Reviews records the classifier's decisions on the templates' own rows,
// as reviewstore.Store does on their items.
type Reviews struct {
	templateReader
	db *DB
}

// NewReviews returns the review store over db.
func NewReviews(db *DB) *Reviews { return &Reviews{templateReader: templateReader{db: db}, db: db} }

var _ review.Store = (*Reviews)(nil)

// RecordDecision implements review.Store: only on the version reviewed
// while it is PENDING and holds the content decided on (a missing template
// conflicts too). It sets the
// outcome, clears the outcome fields the decision leaves empty, records
// the decision with its events pending and disarms the review. The version
// is not bumped: a decision is no edit.
func (s *Reviews) RecordDecision(_ context.Context, t template.Template, d classify.Decision, at time.Time) error {
	signals, err := json.Marshal(d.Signals)
	if err != nil {
		return fmt.Errorf("marshal signals: %w", err)
	}
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	row, ok := s.db.templates[refOf(t)]
	if !ok || row.t.Version != t.Version || row.t.Status != template.StatusPending ||
		template.ContentOf(row.t) != template.ContentOf(t) {
		return template.ErrConflict
	}
	row.t.Status, row.t.Category = template.Status(d.Status), d.Category
	row.t.CorrectCategory, row.t.RejectionReason = d.CorrectCategory, d.RejectionReason
	// The declared category is the caller's, as the adapter writes it from t.
	row.decision = &template.DecisionRecord{ClassifierVersion: d.Version, Signals: signals, DecidedAt: instant(at),
		DeclaredCategory: t.Category, EventsPending: true}
	row.due = time.Time{}
	s.db.templates[refOf(t)] = row
	return nil
}

// ClearEventsPending implements review.Store: on t's version only; a
// template edited or deleted since is left alone quietly.
func (s *Reviews) ClearEventsPending(_ context.Context, t template.Template) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	row, ok := s.db.templates[refOf(t)]
	if !ok || row.t.Version != t.Version {
		return nil
	}
	if row.decision != nil {
		d := *row.decision
		d.EventsPending = false
		row.decision = &d
		s.db.templates[refOf(t)] = row
	}
	return nil
}
