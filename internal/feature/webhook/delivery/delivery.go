// Package delivery is the webhook consumer's use case: it delivers one
// webhook event to the ZBA's callback, records the attempt, and schedules
// the next attempt on the retry schedule, or gives the event to the
// dead-letter queue when the schedule is spent. The same event id goes with
// every attempt.
package delivery

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/webhook"
	"svc/internal/platform/asciijson"
	"svc/internal/platform/secretkey"
)

// Job is one webhook event on its way, and which attempt it is on.
type Job struct {
	Event webhook.Event `json:"event"`
	// Attempt is the attempt this message is for, from 1.
	Attempt int `json:"attempt"`
	// NotBefore is when the attempt is due; the queue's delay cap means a
	// long wait takes several hops.
	NotBefore time.Time `json:"not_before"`
}

// retryAfterStatus are the answers whose Retry-After may lengthen the
// schedule's wait (webhook.Wait).
var retryAfterStatus = map[int]bool{http.StatusTooManyRequests: true, http.StatusBadGateway: true,
	http.StatusServiceUnavailable: true, http.StatusGatewayTimeout: true}

// NewJob is the first attempt of an event, due at once.
func NewJob(e webhook.Event) Job { return Job{Event: e, Attempt: 1} }

// MaxHop is the longest delay one queue message can carry (SQS's cap).
const MaxHop = 15 * time.Minute

// DelayedPublisher sends a message body to be received after a delay.
type DelayedPublisher interface {
	PublishAfter(ctx context.Context, body []byte, delay time.Duration) (string, error)
}

// Enqueuer puts jobs on the webhook queue.
type Enqueuer interface {
	Enqueue(ctx context.Context, j Job) error
}

// Queue is an Enqueuer over the webhook queue; it also re-queues a job for
// later, in hops of at most MaxHop.
type Queue struct {
	Publisher DelayedPublisher
}

// Enqueue implements Enqueuer: the job is due at NotBefore (or at once).
func (q Queue) Enqueue(ctx context.Context, j Job) error { return q.after(ctx, j, 0) }

func (q Queue) after(ctx context.Context, j Job, delay time.Duration) error {
	// ASCII, as the event's body: SQS (the local emulator at least) refuses
	// some characters user text holds, such as emoji.
	body, err := asciijson.Marshal(j)
	if err != nil {
		return err
	}
	_, err = q.Publisher.PublishAfter(ctx, body, min(delay, MaxHop))
	return err
}

// Subscriptions finds a ZBA's webhook subscription. The webhooks function
// reads it through a SubscriptionCache.
type Subscriptions interface {
	GetZBA(ctx context.Context, id string) (account.ZBA, error)
	// DisableWebhook removes the subscription of that generation.
	DisableWebhook(ctx context.Context, zbaID string, generation int) error
}

// Attempts records delivery attempts.
type Attempts interface {
	RecordAttempt(ctx context.Context, zbaID, eventID string, n int, a webhook.Attempt) error
}

// AttemptRecord is a recorded delivery attempt, as operators read it.
type AttemptRecord struct {
	EventID    string    `json:"event_id"`
	Attempt    int       `json:"attempt"`
	At         time.Time `json:"at"`
	StatusCode int       `json:"status_code"`
	LatencyMS  int64     `json:"latency_ms"`
	Error      string    `json:"error,omitempty"`
	Response   string    `json:"response,omitempty"`
	// RemoteAddr is the address connected to, after the SSRF checks.
	RemoteAddr string `json:"remote_addr,omitempty"`
}

// Sender delivers an event to a URL, signed with secret.
type Sender interface {
	Deliver(ctx context.Context, url, secret string, e webhook.Event, now time.Time) webhook.Attempt
}

// Publisher sends a message body to a queue.
type Publisher interface {
	Publish(ctx context.Context, body []byte) (string, error)
}

// Service delivers webhook jobs.
type Service struct {
	Subscriptions Subscriptions
	Attempts      Attempts
	Queue         Queue
	// DeadLetters receives a job whose attempts are spent.
	DeadLetters Publisher
	Sender      Sender
	// Master is the key the signing secrets are derived from.
	Master *secretkey.Master
	// Delay is the retry schedule: the wait before attempt n, false when
	// there is no attempt n (webhook.Delay with jitter in production).
	Delay func(n int) (time.Duration, bool)
	Now   func() time.Time
	Log   *slog.Logger
}

// Handle runs one job. It returns an error only for what a retry of the same
// message may cure (the store or the queue failing); a failed delivery is
// not an error: it is recorded and rescheduled.
func (s Service) Handle(ctx context.Context, body []byte) error {
	var j Job
	if err := json.Unmarshal(body, &j); err != nil || j.Event.ID == "" || j.Event.ZBAID == "" || j.Attempt < 1 {
		return fmt.Errorf("unreadable webhook job: %v", err)
	}
	now := s.Now().UTC()
	if wait := j.NotBefore.Sub(now); wait > 0 {
		return s.Queue.after(ctx, j, wait)
	}
	z, err := s.Subscriptions.GetZBA(ctx, j.Event.ZBAID)
	if errors.Is(err, account.ErrZBANotFound) || (err == nil && z.WebhookURL == "") {
		s.Log.Info("webhook dropped: no subscription", slog.String("event_id", j.Event.ID), slog.String("zba_id", j.Event.ZBAID))
		return nil
	}
	if err != nil {
		return err
	}
	if !webhook.Subscribed(z.WebhookFields, j.Event.Field) {
		// The receiver chose not to hear of this field: not an attempt, so
		// nothing is recorded, retried or dead-lettered.
		s.Log.Info("webhook skipped: field not subscribed", slog.String("event_id", j.Event.ID),
			slog.String("zba_id", z.ID), slog.String("field", j.Event.Field))
		return nil
	}
	master, err := s.Master.Key(ctx)
	if err != nil {
		return err
	}
	secret := webhook.DeriveSecret(master, z.ID, z.WebhookGeneration)
	a := s.Sender.Deliver(ctx, z.WebhookURL, secret, j.Event, now)
	if err := s.Attempts.RecordAttempt(ctx, z.ID, j.Event.ID, j.Attempt, a); err != nil {
		return err
	}
	log := s.Log.With(slog.String("event_id", j.Event.ID), slog.String("zba_id", z.ID), slog.Int("attempt", j.Attempt),
		slog.Int("status", a.StatusCode), slog.Duration("latency", a.Latency))
	if a.OK() {
		log.Info("webhook delivered")
		return nil
	}
	// The subscription may have changed since it was read (a new URL or
	// secret): the next attempt reads it again.
	forget(s.Subscriptions, z.ID)
	if a.StatusCode == http.StatusGone {
		// The receiver says the endpoint is gone for good: stop sending to
		// it; the operator subscribes again to resume.
		log.Warn("webhook endpoint gone (410); subscription disabled")
		return s.Subscriptions.DisableWebhook(ctx, z.ID, z.WebhookGeneration)
	}
	delay, more := s.Delay(j.Attempt + 1)
	if more && retryAfterStatus[a.StatusCode] {
		// The receiver asked to wait at least this long: a longer wait
		// than the schedule's is honoured (bounded), a shorter one is not.
		delay = webhook.Wait(delay, a.RetryAfter)
	}
	if !more {
		log.Warn("webhook attempts spent; moved to the dead-letter queue", slog.String("error", a.Error))
		_, err := s.DeadLetters.Publish(ctx, body)
		return err
	}
	log.Info("webhook attempt failed; rescheduled", slog.Duration("in", delay), slog.String("error", a.Error))
	next := Job{Event: j.Event, Attempt: j.Attempt + 1, NotBefore: now.Add(delay)}
	return s.Queue.after(ctx, next, delay)
}
