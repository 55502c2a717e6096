// Package consumer is the transport of queue-fed Lambdas: it turns an SQS
// event into one call per record and reports the failed ones as a partial
// batch response.
package consumer

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/aws/aws-lambda-go/events"
)

// Handler is an SQS-triggered Lambda handler that reports partial batch
// failures: the signature functions/<consumer> passes to lambda.Start.
type Handler func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error)

// RecordHandler handles one message; an error leaves the message on the
// queue, to be received again and, after routes.MaxReceiveCount receives,
// moved to the dead-letter queue.
type RecordHandler func(ctx context.Context, body []byte) error

// PerRecord turns a RecordHandler into a batch Handler that reports each
// failed record (partial batch response) instead of failing the batch, so
// one poisoned message never holds back the others. A panic in one record is
// that record's failure.
func PerRecord(h RecordHandler, log *slog.Logger) Handler {
	return func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		var resp events.SQSEventResponse
		for _, m := range ev.Records {
			if err := safely(ctx, h, []byte(m.Body)); err != nil {
				log.Warn("record failed; it will be retried", slog.String("message_id", m.MessageId),
					slog.String("receive_count", m.Attributes["ApproximateReceiveCount"]), slog.String("error", err.Error()))
				resp.BatchItemFailures = append(resp.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: m.MessageId})
			}
		}
		return resp, nil
	}
}

func safely(ctx context.Context, h RecordHandler, body []byte) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return h(ctx, body)
}
