package message

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"svc/internal/feature/webhook/delivery"
	"svc/internal/platform/apperr"
	"svc/internal/platform/sweep"
)

// Dispatcher hands accepted messages to the network, each once: a claim
// conditional on the message's status keeps a redelivered queue message, or
// a job the sweeper queued again, from sending it a second time.
type Dispatcher struct {
	Store   Store
	Network Network
	Now     func() time.Time
	Log     *slog.Logger
	// Lease is how long a claim keeps other dispatches off the message:
	// the consumer's timeout, so a claim outlives the attempt that took it
	// and a crashed attempt's message is free for the next delivery.
	Lease time.Duration
	// Events is the webhook queue: the moves the dispatch makes (sent, or
	// failed on the network's refusal) are status changes the ZBA is told
	// of, as those the network reports later.
	Events delivery.Enqueuer
	// MaxAttempts bounds the dispatches of one message
	// (Message.DispatchAttempts); 0 is DefaultDispatchAttempts.
	MaxAttempts int
}

// Dispatch sends the message once. A message already sent, failed or held
// by a live claim is done (nil): its queue message may be deleted, once the
// webhook of a move the dispatch wrote is queued, if it is still owed. A
// network error that a retry may cure is returned, so the queue delivers
// the job again after its visibility timeout, by when the claim has ended;
// so is a refused webhook enqueue, which the next delivery queues again.
//
// Retries are bounded: the claim counts each attempt on the record, and
// the attempt that reaches MaxAttempts with a network error a retry might
// cure fails the message instead (code 131016), as does a claim past it
// (its attempts died, say at the function's timeout, without an answer),
// so that neither the queue nor the sweeper brings it back forever.
func (d Dispatcher) Dispatch(ctx context.Context, id string) error {
	now := d.Now().UTC()
	m, err := d.Store.Claim(ctx, id, now, now.Add(d.Lease))
	switch {
	case errors.Is(err, ErrNotClaimable):
		// A job delivered again: the attempt that moved the message may
		// have died, or had its webhook refused, before queueing it.
		// Past the lease the attempt that wrote the move is done or dead;
		// within it, it may still be queueing the webhook.
		for _, s := range []Status{StatusSent, StatusFailed} {
			if owedDue(m, s, now, d.Lease) {
				d.Log.Info("owed status webhook queued", slog.String("message_id", id), slog.String("status", string(s)))
				return queueOwed(ctx, d.Store, d.Events, d.Log, m, s)
			}
		}
		d.Log.Info("dispatch skipped", slog.String("message_id", id), slog.String("reason", err.Error()))
		return nil
	case errors.Is(err, ErrNotFound):
		d.Log.Info("dispatch skipped", slog.String("message_id", id), slog.String("reason", err.Error()))
		return nil
	case refusedForGood(err):
		return d.failUnwritable(ctx, id, err, "It was not sent.")
	case err != nil:
		return err
	}
	maxAttempts := cmp.Or(d.MaxAttempts, DefaultDispatchAttempts)
	if m.DispatchAttempts > maxAttempts {
		return d.giveUp(ctx, m, maxAttempts)
	}
	networkID, err := d.Network.Send(ctx, Outbound{PhoneNumberID: m.PhoneNumberID, Origination: m.Origination, Body: m.Body})
	var ne *NetworkError
	switch {
	case errors.As(err, &ne) && ne.Permanent:
		f := Failure{Code: ne.Code, Title: ne.Title, Details: ne.Details}
		d.Log.Info("message failed", slog.String("message_id", id), slog.Int("code", ne.Code))
		at := d.Now().UTC()
		moved, err := d.Store.MarkFailed(ctx, id, f, at)
		if err != nil || !moved {
			return err
		}
		return queueStatus(ctx, d.Store, d.Events, d.Log, m, StatusFailed, at, &f)
	case err != nil && m.DispatchAttempts >= maxAttempts:
		d.Log.Warn("dispatch failed", slog.String("message_id", id), slog.Int("attempts", m.DispatchAttempts),
			slog.String("error", err.Error()))
		return d.giveUp(ctx, m, maxAttempts)
	case err != nil:
		return fmt.Errorf("dispatch %s: %w", id, err)
	}
	at := d.Now().UTC()
	moved, err := d.Store.MarkSent(ctx, id, networkID, at)
	if refusedForGood(err) {
		// Retrying would send it again, and be refused again.
		return d.failUnwritable(ctx, id, err, "The network took it, so it may have been delivered; none of its later statuses will be reported.")
	}
	if err != nil {
		// The network has the message; the claim still holds it until its
		// lease ends, and the record is written on the next delivery's
		// attempt only after a second send (see the README on dispatch).
		return fmt.Errorf("dispatch %s: record sent: %w", id, err)
	}
	d.Log.Info("message sent", slog.String("message_id", id))
	if !moved {
		return nil
	}
	// The network's own sent status, when it comes, finds the message
	// sent and changes nothing: this is the one sent webhook.
	return queueStatus(ctx, d.Store, d.Events, d.Log, m, StatusSent, at, nil)
}

// giveUp fails a message that maxAttempts dispatches did not hand to the
// network, and queues the failed webhook. The message may have been sent
// all the same (an attempt that timed out after the network took it): a
// status the network reports later changes nothing, failed being final.
func (d Dispatcher) giveUp(ctx context.Context, m Message, maxAttempts int) error {
	f := Failure{Code: int(apperr.CodeUnavailable), Title: apperr.CodeUnavailable.Title(),
		Details: fmt.Sprintf("The message could not be handed to the network in %d attempts; it was not sent, or its sending was never confirmed.", maxAttempts)}
	at := d.Now().UTC()
	moved, err := d.Store.MarkFailed(ctx, m.ID, f, at)
	if err != nil || !moved {
		return err
	}
	d.Log.Warn("dispatch given up", slog.String("message_id", m.ID), slog.Int("attempts", m.DispatchAttempts))
	return queueStatus(ctx, d.Store, d.Events, d.Log, m, StatusFailed, at, &f)
}

// refusedForGood reports whether a store call failed for what the message
// record holds rather than for the store's state: a client error (4xx), as
// the adapter answers a write DynamoDB refuses as invalid (an item grown
// past its size limit, say). No retry cures it; a store that did not
// answer fails with a 5xx.
func refusedForGood(err error) bool {
	var e *apperr.Error
	return errors.As(err, &e) && e.Status() >= 400 && e.Status() < 500
}

// failUnwritable fails a message whose record the store refused to update
// for good (refusedForGood), with code 131000 and its failed webhook:
// otherwise every redelivery of its job and every sweep would meet the
// same refusal, and the message would stay accepted, unannounced, for
// ever. MarkFailed drops the network body, so its own write shrinks the
// record. outcome ends the details with what became of the message.
func (d Dispatcher) failUnwritable(ctx context.Context, id string, cause error, outcome string) error {
	m, err := d.Store.GetMessage(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	d.Log.Error("message record refused by the store; the message is failed", slog.String("message_id", id),
		slog.String("error", cause.Error()))
	f := Failure{Code: int(apperr.CodeInternal), Title: apperr.CodeInternal.Title(),
		Details: "The message's record could not be updated for its dispatch: the store refused the write as invalid. " + outcome}
	at := d.Now().UTC()
	moved, err := d.Store.MarkFailed(ctx, id, f, at)
	if err != nil || !moved {
		return err
	}
	return queueStatus(ctx, d.Store, d.Events, d.Log, m, StatusFailed, at, &f)
}

// Sweeper queues again the dispatch of accepted messages whose queued job
// never came (the process died between storing and queueing, or the queue
// refused the job), as the review sweeper does for templates.
type Sweeper struct {
	Store Store
	Queue Publisher
	Now   func() time.Time
	Log   *slog.Logger
	// Limit bounds one sweep; 0 is sweep.Batch.
	Limit int
}

// Sweep queues every due dispatch and re-arms it one grace period on, so
// that a job lost again is queued again, and returns how many it queued.
func (s Sweeper) Sweep(ctx context.Context) (int, error) {
	n, err := sweep.Pass[string]{Due: s.Store.DueDispatches, Rearm: s.Store.RearmDispatch, Grace: DispatchGrace, Limit: s.Limit,
		HandOver: func(ctx context.Context, id string) error {
			if _, err := s.Queue.Publish(ctx, DispatchJob{MessageID: id}.Encode()); err != nil {
				return fmt.Errorf("sweep: queue %s: %w", id, err)
			}
			return nil
		}}.Run(ctx, s.Now().UTC())
	if err != nil {
		return n, err
	}
	if n > 0 {
		s.Log.Info("dispatches queued again", slog.Int("count", n))
	}
	return n, nil
}
