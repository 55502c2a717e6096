package sqslocal_test

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"svc/internal/local/sqslocal"
	"svc/internal/routes"
	"svc/internal/transport/consumer"
)

func TestPartialBatchFailure(t *testing.T) {
	t.Parallel()
	tq := newTestQueue(t, "partial")
	ids := tq.publish(t, "ok-1", "fail", "ok-2")

	var seen []events.SQSMessage
	p := tq.poller(handlerFunc(
		func(r events.SQSMessage) { seen = append(seen, r) },
		func(r events.SQSMessage) bool { return r.Body == "fail" }))
	n, err := p.ProcessOnce(t.Context())
	if err != nil || n != 3 {
		t.Fatalf("ProcessOnce = %d, %v; want the batch of 3, nil", n, err)
	}
	// Left on the queue, not deleted: in flight, or visible again when the
	// machine took longer than the visibility timeout to get here.
	if visible, inFlight := counts(t, tq.url); visible+inFlight != 1 {
		t.Fatalf("after the batch: %d visible, %d in flight; want only the failed message left", visible, inFlight)
	}

	// The failed message comes back after the visibility timeout.
	seen = nil
	p = tq.poller(handlerFunc(func(r events.SQSMessage) { seen = append(seen, r) }, nil))
	if n, err := p.ProcessOnce(t.Context()); err != nil || n != 1 {
		t.Fatalf("ProcessOnce after the visibility timeout = %d, %v; want 1, nil", n, err)
	}
	if r := seen[0]; r.MessageId != ids[1] || r.Body != "fail" || r.Attributes["ApproximateReceiveCount"] != "2" {
		t.Errorf("redelivered %s %q (receive count %s), want %s \"fail\" (receive count 2)",
			r.MessageId, r.Body, r.Attributes["ApproximateReceiveCount"], ids[1])
	}
	if visible, inFlight := counts(t, tq.url); visible != 0 || inFlight != 0 {
		t.Errorf("at the end: %d visible, %d in flight; want an empty queue", visible, inFlight)
	}
}

func TestAlwaysFailingMessageEndsInDLQ(t *testing.T) {
	t.Parallel()
	tq := newTestQueue(t, "poison")
	id := tq.publish(t, "poison")[0]

	var receiveCounts []string
	p := tq.poller(handlerFunc(
		func(r events.SQSMessage) {
			receiveCounts = append(receiveCounts, r.Attributes["ApproximateReceiveCount"])
		},
		func(events.SQSMessage) bool { return true }))
	// Each cycle waits out the visibility timeout; the receive after the
	// last allowed one finds nothing, because SQS has moved the message.
	for cycle := 0; cycle <= routes.MaxReceiveCount+1; cycle++ {
		n, err := p.ProcessOnce(t.Context())
		if err != nil {
			t.Fatalf("cycle %d: %v", cycle, err)
		}
		if n == 0 {
			break
		}
	}
	want := make([]string, routes.MaxReceiveCount)
	for i := range want {
		want[i] = strconv.Itoa(i + 1)
	}
	if fmt.Sprint(receiveCounts) != fmt.Sprint(want) {
		t.Errorf("handler saw receive counts %v, want %v", receiveCounts, want)
	}

	out, err := client.ReceiveMessage(t.Context(), &sqs.ReceiveMessageInput{
		QueueUrl: aws.String(tq.dlqURL), MaxNumberOfMessages: 10, WaitTimeSeconds: 2,
	})
	if err != nil {
		t.Fatalf("receive from the DLQ: %v", err)
	}
	if len(out.Messages) != 1 || aws.ToString(out.Messages[0].MessageId) != id || aws.ToString(out.Messages[0].Body) != "poison" {
		t.Errorf("DLQ holds %d messages (%+v), want the poison message %s", len(out.Messages), out.Messages, id)
	}
}

func TestWholeBatchFails(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		handler consumer.Handler
	}{
		{
			name: "handler returns an error",
			handler: func(context.Context, events.SQSEvent) (events.SQSEventResponse, error) {
				return events.SQSEventResponse{}, errors.New("store unavailable")
			},
		},
		{
			name: "handler panics",
			handler: func(context.Context, events.SQSEvent) (events.SQSEventResponse, error) {
				panic("nil map")
			},
		},
		{
			name: "failure names a message not in the batch",
			handler: func(context.Context, events.SQSEvent) (events.SQSEventResponse, error) {
				return events.SQSEventResponse{BatchItemFailures: []events.SQSBatchItemFailure{{ItemIdentifier: "not-in-batch"}}}, nil
			},
		},
		{
			name: "failure with an empty item identifier",
			handler: func(context.Context, events.SQSEvent) (events.SQSEventResponse, error) {
				return events.SQSEventResponse{BatchItemFailures: []events.SQSBatchItemFailure{{}}}, nil
			},
		},
		{
			name: "handler overruns the function timeout",
			// The handler ignores its deadline: it returns success, but only
			// once the function timeout has run out (from its own start,
			// which is after the poller's), as Lambda would have stopped it.
			handler: func(ctx context.Context, _ events.SQSEvent) (events.SQSEventResponse, error) {
				entered := time.Now()
				<-ctx.Done()
				for time.Since(entered) <= fastTimeout {
					runtime.Gosched() // the deadline timer can fire a hair early against this start
				}
				return events.SQSEventResponse{}, nil
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tq := newTestQueue(t, "whole")
			tq.publish(t, "a", "b")

			n, err := tq.poller(tc.handler).ProcessOnce(t.Context())
			if err == nil || n != 2 {
				t.Fatalf("ProcessOnce = %d, %v; want the batch of 2 and an error", n, err)
			}
			// In flight, or visible again if getting here outlasted the
			// visibility timeout: either way not deleted.
			if visible, inFlight := counts(t, tq.url); visible+inFlight != 2 {
				t.Fatalf("after the failed batch: %d visible, %d in flight; want both left", visible, inFlight)
			}

			var again []string
			p := tq.poller(handlerFunc(func(r events.SQSMessage) { again = append(again, r.Attributes["ApproximateReceiveCount"]) }, nil))
			if n, err := p.ProcessOnce(t.Context()); err != nil || n != 2 {
				t.Fatalf("ProcessOnce after the visibility timeout = %d, %v; want 2, nil", n, err)
			}
			if fmt.Sprint(again) != "[2 2]" {
				t.Errorf("receive counts on redelivery = %v, want [2 2]", again)
			}
		})
	}
}

func TestBatchingWindowGathersOneBatch(t *testing.T) {
	t.Parallel()
	tq := newTestQueue(t, "window")
	bodies := make([]string, 15)
	for i := range bodies {
		bodies[i] = "m" + strconv.Itoa(i)
	}
	tq.publish(t, bodies...)

	var batches []int
	h := func(_ context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		batches = append(batches, len(ev.Records))
		return events.SQSEventResponse{}, nil
	}
	c := routes.Consumer{Function: routes.Function{Name: "window"}, Queue: tq.queue, BatchSize: 15, MaxBatchingWindow: 3 * time.Second}
	p := sqslocal.NewPoller(client, tq.url, tq.arn, c, h, testLogger(), sqslocal.WithWaitTime(pollWait))
	if n, err := p.ProcessOnce(t.Context()); err != nil || n != 15 {
		t.Fatalf("ProcessOnce = %d, %v; want 15, nil", n, err)
	}
	if fmt.Sprint(batches) != "[15]" {
		t.Errorf("handler batches = %v, want one of 15", batches)
	}
	if visible, inFlight := counts(t, tq.url); visible != 0 || inFlight != 0 {
		t.Errorf("after the batch: %d visible, %d in flight; want all 15 deleted", visible, inFlight)
	}
}

func TestRunKeepsGoingThenStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	tq := newTestQueue(t, "run")
	var calls atomic.Int32
	started, release := make(chan string, 1), make(chan struct{})
	h := func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		if calls.Add(1) == 1 {
			return events.SQSEventResponse{}, errors.New("first invocation fails")
		}
		started <- ev.Records[0].Body
		<-release
		return events.SQSEventResponse{}, ctx.Err()
	}
	c := routes.Consumer{Function: routes.Function{Name: "run"}, Queue: tq.queue, BatchSize: 10}
	p := sqslocal.NewPoller(client, tq.url, tq.arn, c, h, testLogger())

	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- p.Run(ctx) }()

	tq.publish(t, "one")
	select {
	case body := <-started:
		if body != "one" {
			t.Errorf("handled %q, want \"one\"", body)
		}
	case <-time.After(settle):
		t.Fatal("Run did not deliver the message again after the failed invocation")
	}
	// Cancel while the handler holds the batch: the batch still completes,
	// with an uncancelled context, and is deleted.
	cancel()
	close(release)
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run = %v, want nil after cancellation", err)
		}
	case <-time.After(settle):
		t.Fatal("Run did not return after cancellation")
	}
	if visible, inFlight := counts(t, tq.url); visible != 0 || inFlight != 0 {
		t.Errorf("after Run: %d visible, %d in flight; want the handled message deleted", visible, inFlight)
	}
}

func TestPollerRejectsConfiguration(t *testing.T) {
	t.Parallel()
	ok := func(context.Context, events.SQSEvent) (events.SQSEventResponse, error) {
		return events.SQSEventResponse{}, nil
	}
	const (
		url = "http://sqs.us-east-1.localhost/000000000000/config"
		arn = "arn:aws:sqs:us-east-1:000000000000:config"
	)
	q := routes.Queue{Name: "config", ConsumerTimeout: time.Second}
	tests := []struct {
		name     string
		url      string
		consumer routes.Consumer
		handler  consumer.Handler
		opts     []sqslocal.PollerOption
	}{
		{name: "no handler", url: url, consumer: routes.Consumer{Queue: q}},
		{name: "no queue URL", consumer: routes.Consumer{Queue: q}, handler: ok},
		{name: "negative batch size", url: url, consumer: routes.Consumer{Queue: q, BatchSize: -1}, handler: ok},
		{name: "batch over 10 without a batching window", url: url, consumer: routes.Consumer{Queue: q, BatchSize: 11}, handler: ok},
		{name: "batching window over 5 minutes", url: url, consumer: routes.Consumer{Queue: q, BatchSize: 10, MaxBatchingWindow: 6 * time.Minute}, handler: ok},
		{name: "wait over 20 s", url: url, consumer: routes.Consumer{Queue: q}, handler: ok, opts: []sqslocal.PollerOption{sqslocal.WithWaitTime(21 * time.Second)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := sqslocal.NewPoller(client, tc.url, arn, tc.consumer, tc.handler, testLogger(), tc.opts...)
			if err := p.Run(t.Context()); err == nil {
				t.Error("Run = nil, want a configuration error")
			}
			if _, err := p.ProcessOnce(t.Context()); err == nil {
				t.Error("ProcessOnce = nil error, want a configuration error")
			}
		})
	}
}

func TestHandlerGetsLambdaContext(t *testing.T) {
	t.Parallel()
	tq := newTestQueue(t, "lambdactx")
	tq.publish(t, "ctx")

	var (
		lc          *lambdacontext.LambdaContext
		hasDeadline bool
		deadline    time.Time
		start       = time.Now()
	)
	h := func(ctx context.Context, _ events.SQSEvent) (events.SQSEventResponse, error) {
		lc, _ = lambdacontext.FromContext(ctx)
		deadline, hasDeadline = ctx.Deadline()
		return events.SQSEventResponse{}, nil
	}
	if n, err := tq.poller(h).ProcessOnce(t.Context()); err != nil || n != 1 {
		t.Fatalf("ProcessOnce = %d, %v; want 1, nil", n, err)
	}
	if lc == nil {
		t.Fatal("handler context has no lambdacontext")
	}
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(lc.AwsRequestID) {
		t.Errorf("AwsRequestID = %q, want a UUID", lc.AwsRequestID)
	}
	f := strings.Split(tq.arn, ":") // arn:aws:sqs:region:account:name
	if want := "arn:aws:lambda:" + f[3] + ":" + f[4] + ":function:test-" + tq.queue.Name; lc.InvokedFunctionArn != want {
		t.Errorf("InvokedFunctionArn = %q, want %q", lc.InvokedFunctionArn, want)
	}
	if !hasDeadline || deadline.After(time.Now().Add(tq.queue.ConsumerTimeout)) || deadline.Before(start) {
		t.Errorf("handler deadline = %v (set: %v), want within the %s function timeout", deadline, hasDeadline, tq.queue.ConsumerTimeout)
	}
}
