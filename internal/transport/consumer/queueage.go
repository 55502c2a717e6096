package consumer

import (
	"context"
	"strconv"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/platform/metrics"
)

// WithQueueAge emits, for each batch h is given, how long its oldest
// message waited in the queue (SQS's SentTimestamp, which Lambda and the
// local poller put on every record), then handles the batch.
func WithQueueAge(h Handler, m *metrics.Recorder, now func() time.Time) Handler {
	return func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		var oldest int64
		for _, r := range ev.Records {
			sent, err := strconv.ParseInt(r.Attributes["SentTimestamp"], 10, 64)
			if err == nil && sent > 0 && (oldest == 0 || sent < oldest) {
				oldest = sent
			}
		}
		if oldest > 0 {
			age := max(now().UnixMilli()-oldest, 0)
			m.Emit(nil, map[string]any{"batch": len(ev.Records)},
				metrics.Metric{Name: metrics.QueueAge, Unit: metrics.Milliseconds, Value: float64(age)})
		}
		return h(ctx, ev)
	}
}
