package webhooks

import (
	"context"
	"encoding/json"
	"time"

	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/platform/metrics"
)

// countingSender emits one WebhookAttempts record per delivery, by
// outcome, at the port the consumer delivers through: the domain stays
// free of metrics.
type countingSender struct {
	delivery.Sender
	m *metrics.Recorder
}

func (s countingSender) Deliver(ctx context.Context, url, secret string, e webhook.Event, now time.Time) webhook.Attempt {
	a := s.Sender.Deliver(ctx, url, secret, e, now)
	outcome := metrics.OutcomeDelivered
	if a.Error != "" {
		outcome = metrics.OutcomeFailed
	}
	s.m.Emit(map[string]string{metrics.DimOutcome: outcome},
		map[string]any{"zba_id": e.ZBAID, "event_id": e.ID, "field": e.Field, "status_code": a.StatusCode},
		metrics.Metric{Name: metrics.WebhookAttempts, Unit: metrics.Count, Value: 1},
		metrics.Metric{Name: metrics.Latency, Unit: metrics.Milliseconds, Value: float64(a.Latency.Microseconds()) / 1000})
	return a
}

// countingGiveUps emits WebhookGiveUps for each job the consumer moves
// to the dead-letter queue once it is published there.
type countingGiveUps struct {
	delivery.Publisher
	m *metrics.Recorder
}

func (p countingGiveUps) Publish(ctx context.Context, body []byte) (string, error) {
	id, err := p.Publisher.Publish(ctx, body)
	if err == nil {
		var j delivery.Job
		_ = json.Unmarshal(body, &j) // the consumer encoded it; the ZBA is only a property
		p.m.Emit(nil, map[string]any{"zba_id": j.Event.ZBAID, "event_id": j.Event.ID, "attempt": j.Attempt},
			metrics.Metric{Name: metrics.WebhookGiveUps, Unit: metrics.Count, Value: 1})
	}
	return id, err
}
