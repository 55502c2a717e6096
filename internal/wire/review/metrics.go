package review

import (
	"context"
	"time"

	"svc/internal/feature/template"
	"svc/internal/feature/template/classify"
	"svc/internal/feature/template/review"
	"svc/internal/platform/metrics"
)

// countingStore emits one ReviewOutcomes record, by decision, for each
// decision the classifier records: at the consumer's store port, so the
// domain stays free of metrics, and only once per decision (a conflict,
// or a redelivery finding the decision made, records nothing).
type countingStore struct {
	review.Store
	m *metrics.Recorder
}

func (s countingStore) RecordDecision(ctx context.Context, t template.Template, d classify.Decision, at time.Time) error {
	err := s.Store.RecordDecision(ctx, t, d, at)
	if err == nil {
		s.m.Emit(map[string]string{metrics.DimOutcome: d.Status},
			map[string]any{"zba_id": t.ZBAID, "template_id": t.ID(), "category": d.Category},
			metrics.Metric{Name: metrics.ReviewOutcomes, Unit: metrics.Count, Value: 1})
	}
	return err
}
