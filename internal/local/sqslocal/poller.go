package sqslocal

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"svc/internal/platform/uuid"
	"svc/internal/routes"
	"svc/internal/transport/consumer"
)

// Limits of SQS and of Lambda's SQS event source mapping.
const (
	// maxReceive is the most messages one ReceiveMessage returns.
	maxReceive = 10
	// defaultBatchSize is Lambda's default batch size for SQS.
	defaultBatchSize = 10
	// maxBatchSize is Lambda's largest batch size for a standard queue.
	maxBatchSize = 10000
	// maxBatchingWindow is Lambda's longest batching window.
	maxBatchingWindow = 5 * time.Minute
	// maxWaitTime is the longest long poll SQS allows.
	maxWaitTime = 20 * time.Second
)

// DefaultWaitTime is how long one receive waits for a message. It is short
// because it bounds how long Run takes to notice cancellation (see receive).
const DefaultWaitTime = time.Second

const (
	// receiveSlack is added to the wait time to bound a receive whose
	// connection hangs.
	receiveSlack = 10 * time.Second
	// deleteTimeout bounds deleting a handled batch.
	deleteTimeout = 10 * time.Second
	// minBackoff and maxBackoff bound the pause after a failed cycle.
	minBackoff = 100 * time.Millisecond
	maxBackoff = 5 * time.Second
)

// Poller feeds one queue to a consumer.Handler as a Lambda event source mapping with
// ReportBatchItemFailures does: it receives a batch, invokes the handler
// with the event Lambda would build, and deletes every message the handler
// did not report as failed. Failed messages reappear after the queue's
// visibility timeout, so the queue's redrive policy moves a message that
// keeps failing to the dead-letter queue. The local gateway runs one per
// consumer.
type Poller struct {
	client   Client
	queueURL string
	queueARN string
	consumer routes.Consumer
	handler  consumer.Handler
	log      *slog.Logger
	wait     time.Duration
	// functionARN is what lambdacontext reports to the handler.
	functionARN string
}

// PollerOption configures a Poller.
type PollerOption func(*Poller)

// NewPoller returns a Poller that feeds the queue at queueURL, whose ARN is
// queueARN, to h with c's batch size, batching window and function timeout.
// A nil log means slog.Default().
func NewPoller(client Client, queueURL, queueARN string, c routes.Consumer, h consumer.Handler, log *slog.Logger, opts ...PollerOption) *Poller {
	if log == nil {
		log = slog.Default()
	}
	p := &Poller{
		client: client, queueURL: queueURL, queueARN: queueARN, consumer: c, handler: h,
		log:         log.With("queue", c.Queue.Name, "consumer", c.Name),
		wait:        DefaultWaitTime,
		functionARN: functionARN(queueARN, c.Name),
	}
	for _, o := range opts {
		o(p)
	}
	return p
}

// Run polls until ctx is cancelled, then returns nil once the batch in hand,
// if any, is handled: within the wait time plus the function timeout. It
// returns an error only for a Poller that cannot work (bad configuration);
// failures while polling are logged, followed by a short backoff, because a
// local gateway must keep serving when the emulator hiccups or a handler
// fails.
func (p *Poller) Run(ctx context.Context) error {
	if err := p.check(); err != nil {
		return err
	}
	p.log.Debug("sqs poller started", "batch_size", p.batchSize(), "batching_window", p.consumer.MaxBatchingWindow)
	var backoff time.Duration
	for ctx.Err() == nil {
		_, err := p.ProcessOnce(ctx)
		if err == nil {
			backoff = 0
			continue
		}
		if ctx.Err() != nil {
			p.log.Warn("sqs poll cycle failed while stopping", "err", err)
			break
		}
		backoff = min(max(2*backoff, minBackoff), maxBackoff)
		p.log.Error("sqs poll cycle failed", "err", err, "backoff", backoff)
		select {
		case <-ctx.Done():
		case <-time.After(backoff):
		}
	}
	p.log.Info("sqs poller stopped")
	return nil
}

// ProcessOnce runs one cycle: receive a batch, invoke the handler, delete
// what succeeded. It returns how many messages the handler was given, and an
// error when receiving or deleting failed or when the whole batch failed (the
// handler returned an error, panicked, overran the function timeout or sent
// an invalid response). Items the handler reports as failed are not an
// error: that is the handler doing its job.
func (p *Poller) ProcessOnce(ctx context.Context) (int, error) {
	if err := p.check(); err != nil {
		return 0, err
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	msgs, err := p.receive(ctx)
	if len(msgs) == 0 {
		return 0, err
	}
	ev := toEvent(msgs, p.queueARN)
	resp, err := p.invoke(ctx, ev)
	if err != nil {
		return len(msgs), fmt.Errorf("sqsqueue: batch of %d from %s failed, left for redelivery: %w", len(msgs), p.consumer.Queue.Name, err)
	}
	failed, err := failedIDs(ev, resp)
	if err != nil {
		return len(msgs), fmt.Errorf("sqsqueue: batch of %d from %s failed, left for redelivery: %w", len(msgs), p.consumer.Queue.Name, err)
	}
	if len(failed) > 0 {
		p.log.Warn("sqs batch items failed, left for redelivery", "failed", len(failed), "batch", len(msgs))
	}
	if err := p.delete(ctx, msgs, failed); err != nil {
		return len(msgs), err
	}
	return len(msgs), nil
}

// check rejects a configuration Lambda would refuse for an event source
// mapping, or that cannot poll at all.
func (p *Poller) check() error {
	switch {
	case p.client == nil || p.handler == nil:
		return errors.New("sqsqueue: poller needs a client and a handler")
	case p.queueURL == "" || p.queueARN == "":
		return fmt.Errorf("sqsqueue: poller for %s needs a queue URL and ARN", p.consumer.Queue.Name)
	case p.consumer.BatchSize < 0 || p.consumer.BatchSize > maxBatchSize:
		return fmt.Errorf("sqsqueue: batch size %d is outside 1..%d", p.consumer.BatchSize, maxBatchSize)
	case p.consumer.BatchSize > maxReceive && p.consumer.MaxBatchingWindow < time.Second:
		return fmt.Errorf("sqsqueue: batch size %d needs a batching window of at least 1 s", p.consumer.BatchSize)
	case p.consumer.MaxBatchingWindow < 0 || p.consumer.MaxBatchingWindow > maxBatchingWindow:
		return fmt.Errorf("sqsqueue: batching window %s is outside 0..%s", p.consumer.MaxBatchingWindow, maxBatchingWindow)
	case p.wait < 0 || p.wait > maxWaitTime:
		return fmt.Errorf("sqsqueue: wait time %s is outside 0..%s", p.wait, maxWaitTime)
	}
	return nil
}

func (p *Poller) batchSize() int {
	if p.consumer.BatchSize == 0 {
		return defaultBatchSize
	}
	return p.consumer.BatchSize
}

// receive gathers one batch: a single receive, or, with a batching window,
// receives until the batch is full or the window has passed since the first
// message arrived. Messages already received are returned even if a later
// receive fails, because they are now invisible and must be handled.
func (p *Poller) receive(ctx context.Context) ([]types.Message, error) {
	size := p.batchSize()
	msgs, err := p.receiveUpTo(ctx, size, p.wait)
	if err != nil || len(msgs) == 0 || p.consumer.MaxBatchingWindow <= 0 {
		return msgs, err
	}
	deadline := time.Now().Add(p.consumer.MaxBatchingWindow)
	for len(msgs) < size && ctx.Err() == nil {
		left := time.Until(deadline)
		if left <= 0 {
			break
		}
		more, err := p.receiveUpTo(ctx, size-len(msgs), min(left, p.wait))
		if err != nil {
			p.log.Warn("sqs receive while batching failed; handling the partial batch", "err", err, "batch", len(msgs))
			break
		}
		msgs = append(msgs, more...)
	}
	return msgs, nil
}

// receiveUpTo makes one ReceiveMessage call for at most n messages.
func (p *Poller) receiveUpTo(ctx context.Context, n int, wait time.Duration) ([]types.Message, error) {
	// The call is not cancelled with ctx: a long poll whose client has gone
	// still takes messages on the server (fauxqs does this, SQS may), hiding
	// them for a whole visibility timeout. The short wait bounds how long
	// cancellation takes to be noticed instead.
	rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), wait+receiveSlack)
	defer cancel()
	out, err := p.client.ReceiveMessage(rctx, &sqs.ReceiveMessageInput{
		QueueUrl:                    aws.String(p.queueURL),
		MaxNumberOfMessages:         int32(min(n, maxReceive)),
		WaitTimeSeconds:             int32(math.Ceil(wait.Seconds())),
		MessageSystemAttributeNames: []types.MessageSystemAttributeName{types.MessageSystemAttributeNameAll},
		MessageAttributeNames:       []string{"All"},
	})
	if err != nil {
		return nil, fmt.Errorf("sqsqueue: receive from %s: %w", p.consumer.Queue.Name, err)
	}
	return out.Messages, nil
}

// invoke calls the handler as Lambda would: with a lambdacontext (request id,
// function ARN), the function timeout as the context deadline, a panic turned
// into a failed invocation, and a handler that returns after its timeout
// counted as failed, since Lambda would have stopped it.
func (p *Poller) invoke(ctx context.Context, ev events.SQSEvent) (resp events.SQSEventResponse, err error) {
	timeout := p.consumer.Queue.ConsumerTimeout
	// A received batch is invisible on the queue until its visibility
	// timeout; handling it to completion, even when the poller is stopping,
	// beats hiding it for minutes. The function timeout still bounds it.
	hctx := lambdacontext.NewContext(context.WithoutCancel(ctx),
		&lambdacontext.LambdaContext{AwsRequestID: uuid.New(), InvokedFunctionArn: p.functionARN})
	if timeout > 0 {
		var cancel context.CancelFunc
		hctx, cancel = context.WithTimeout(hctx, timeout)
		defer cancel()
	}
	start := time.Now()
	defer func() {
		if r := recover(); r != nil {
			p.log.Error("sqs handler panicked", "panic", r, "stack", string(debug.Stack()))
			resp, err = events.SQSEventResponse{}, fmt.Errorf("handler panicked: %v", r)
			return
		}
		if took := time.Since(start); err == nil && timeout > 0 && took > timeout {
			err = fmt.Errorf("handler took %s, more than the function timeout %s", took.Round(time.Millisecond), timeout)
		}
	}()
	return p.handler(hctx, ev)
}

// delete removes every message of the batch that did not fail, in chunks of
// what DeleteMessageBatch accepts.
func (p *Poller) delete(ctx context.Context, msgs []types.Message, failed map[string]bool) error {
	// Finished work is deleted even when the poller is stopping; otherwise
	// it would be redelivered and done twice.
	dctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), deleteTimeout)
	defer cancel()
	entries := make([]types.DeleteMessageBatchRequestEntry, 0, len(msgs))
	for i, m := range msgs {
		if failed[aws.ToString(m.MessageId)] {
			continue
		}
		// Ids only need to be unique within one request.
		entries = append(entries, types.DeleteMessageBatchRequestEntry{Id: aws.String(strconv.Itoa(i)), ReceiptHandle: m.ReceiptHandle})
	}
	var errs []error
	for len(entries) > 0 {
		chunk := entries[:min(len(entries), maxReceive)]
		entries = entries[len(chunk):]
		out, err := p.client.DeleteMessageBatch(dctx, &sqs.DeleteMessageBatchInput{QueueUrl: aws.String(p.queueURL), Entries: chunk})
		if err != nil {
			errs = append(errs, fmt.Errorf("sqsqueue: delete %d handled messages from %s: %w", len(chunk), p.consumer.Queue.Name, err))
			continue
		}
		for _, f := range out.Failed {
			errs = append(errs, fmt.Errorf("sqsqueue: delete handled message (entry %s) from %s: %s: %s",
				aws.ToString(f.Id), p.consumer.Queue.Name, aws.ToString(f.Code), aws.ToString(f.Message)))
		}
	}
	return errors.Join(errs...)
}
