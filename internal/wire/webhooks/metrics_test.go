package webhooks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/platform/metrics"
)

type answer webhook.Attempt

func (a answer) Deliver(context.Context, string, string, webhook.Event, time.Time) webhook.Attempt {
	return webhook.Attempt(a)
}

type queue struct{ err error }

func (q queue) Publish(context.Context, []byte) (string, error) { return "m1", q.err }

// TestWebhookMetrics: each attempt is counted by outcome, each job the
// dead-letter queue took as a give-up, a failed dead-lettering not at all.
func TestWebhookMetrics(t *testing.T) {
	ev := webhook.Event{ID: "e1", ZBAID: "acme", Field: "message_template_status_update"}
	job, _ := json.Marshal(delivery.Job{Event: ev, Attempt: 5})
	for _, tc := range []struct {
		name string
		run  func(m *metrics.Recorder)
		want []string
	}{
		{"delivered", func(m *metrics.Recorder) {
			countingSender{answer{StatusCode: 200}, m}.Deliver(context.Background(), "u", "s", ev, time.Now())
		}, []string{`"Outcome":"delivered"`, `"WebhookAttempts":1`, `"zba_id":"acme"`}},
		{"failed", func(m *metrics.Recorder) {
			countingSender{answer{StatusCode: 500, Error: "500"}, m}.Deliver(context.Background(), "u", "s", ev, time.Now())
		}, []string{`"Outcome":"failed"`, `"status_code":500`}},
		{"given up", func(m *metrics.Recorder) {
			_, _ = countingGiveUps{queue{}, m}.Publish(context.Background(), job)
		}, []string{`"WebhookGiveUps":1`, `"zba_id":"acme"`, `"attempt":5`}},
		{"dead-lettering failed", func(m *metrics.Recorder) {
			_, _ = countingGiveUps{queue{err: errors.New("down")}, m}.Publish(context.Background(), job)
		}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			tc.run(metrics.New(&buf, metrics.Namespace, "webhooks"))
			if tc.want == nil && buf.Len() > 0 {
				t.Fatalf("emitted %s", buf.Bytes())
			}
			for _, w := range tc.want {
				if !strings.Contains(buf.String(), w) {
					t.Errorf("no %s in %s", w, buf.Bytes())
				}
			}
			if strings.Contains(buf.String(), `"Dimensions":[[],["Function"],["Function","zba_id"`) {
				t.Error("the ZBA is a dimension")
			}
		})
	}
}
