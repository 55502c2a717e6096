package sqslocal_test

import (
	"context"
	"log/slog"
	"os"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"svc/internal/adapter/sqsqueue"
	"svc/internal/local/sqslocal"
	"svc/internal/routes"
	"svc/internal/transport/consumer"
)

// fastTimeout is a consumer timeout whose queue gets a 2 s visibility
// timeout (6 × 1/3 s), so redelivery tests stay fast. It is also the
// handlers' function timeout: the test handlers return at once, but a
// loaded 2-core machine can hold a goroutine off the CPU for a good part of
// a second, so it is not shorter.
const fastTimeout = time.Second / 3

// pollWait is the receive wait of test pollers: well past the 2 s
// visibility timeout, so a message that was not deleted is seen again even
// when the emulator is slow. A receive returns as soon as a message is
// there, so only a receive that finds nothing waits this long.
const pollWait = 6 * time.Second

// settle bounds a wait on a running poller: generous, since a wait that
// succeeds ends at once and a loaded machine is slow.
const settle = time.Minute

// testQueue is a queue and its DLQ created through EnsureQueues.
type testQueue struct {
	queue          routes.Queue
	url, arn       string
	dlqURL, dlqARN string
}

// queueSeq numbers the queues of this run, so that a test run with
// -count=N gets fresh, empty queues each time.
var queueSeq atomic.Int64

// unique returns base with this run's next sequence number.
func unique(base string) string {
	return base + "-" + strconv.FormatInt(queueSeq.Add(1), 10)
}

// newTestQueue creates a fresh queue named after base, and its DLQ, with a
// 2 s visibility timeout.
func newTestQueue(t *testing.T, base string) testQueue {
	t.Helper()
	ctx := t.Context()
	q := routes.Queue{Name: unique(base), ConsumerTimeout: fastTimeout}
	urls, err := sqslocal.EnsureQueues(ctx, client, prefix, []routes.Queue{q})
	if err != nil {
		t.Fatalf("EnsureQueues: %v", err)
	}
	tq := testQueue{queue: q, url: urls[q.Name], dlqURL: urls[q.DLQName()]}
	if tq.arn, err = sqslocal.QueueARN(ctx, client, tq.url); err != nil {
		t.Fatal(err)
	}
	if tq.dlqARN, err = sqslocal.QueueARN(ctx, client, tq.dlqURL); err != nil {
		t.Fatal(err)
	}
	return tq
}

// poller returns a Poller on the queue for a consumer with batch size 10.
func (tq testQueue) poller(h consumer.Handler) *sqslocal.Poller {
	c := routes.Consumer{Function: routes.Function{Name: "test-" + tq.queue.Name}, Queue: tq.queue, BatchSize: 10}
	return sqslocal.NewPoller(client, tq.url, tq.arn, c, h, testLogger(), sqslocal.WithWaitTime(pollWait))
}

// publish sends each body and returns the message ids in order.
func (tq testQueue) publish(t *testing.T, bodies ...string) []string {
	t.Helper()
	p := sqsqueue.NewPublisher(client, tq.url)
	ids := make([]string, 0, len(bodies))
	for _, b := range bodies {
		id, err := p.Publish(t.Context(), []byte(b))
		if err != nil {
			t.Fatalf("Publish(%q): %v", b, err)
		}
		ids = append(ids, id)
	}
	return ids
}

// counts returns the queue's visible and in-flight message counts.
func counts(t *testing.T, url string) (visible, inFlight int) {
	t.Helper()
	out, err := client.GetQueueAttributes(t.Context(), &sqs.GetQueueAttributesInput{
		QueueUrl: aws.String(url),
		AttributeNames: []types.QueueAttributeName{
			types.QueueAttributeNameApproximateNumberOfMessages,
			types.QueueAttributeNameApproximateNumberOfMessagesNotVisible,
		},
	})
	if err != nil {
		t.Fatalf("GetQueueAttributes: %v", err)
	}
	atoi := func(name types.QueueAttributeName) int {
		n, err := strconv.Atoi(out.Attributes[string(name)])
		if err != nil {
			t.Fatalf("attribute %s = %q: %v", name, out.Attributes[string(name)], err)
		}
		return n
	}
	return atoi(types.QueueAttributeNameApproximateNumberOfMessages),
		atoi(types.QueueAttributeNameApproximateNumberOfMessagesNotVisible)
}

// handlerFunc adapts a per-record decision into a consumer.Handler that reports
// the records for which fail returns true.
func handlerFunc(seen func(events.SQSMessage), fail func(events.SQSMessage) bool) consumer.Handler {
	return func(_ context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		var resp events.SQSEventResponse
		for _, r := range ev.Records {
			if seen != nil {
				seen(r)
			}
			if fail != nil && fail(r) {
				resp.BatchItemFailures = append(resp.BatchItemFailures, events.SQSBatchItemFailure{ItemIdentifier: r.MessageId})
			}
		}
		return resp, nil
	}
}

// testLogger shows poller logs only with -v, where they explain a failure.
func testLogger() *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.DiscardHandler)
}
