package dynamo

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"

	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
)

// Webhooks is the delivery side of a ZBA's webhook subscription: reading
// it, disabling it when the receiver is gone, and the log of delivery
// attempts. Setting a subscription is an operator's act on the account
// (Accounts.SetWebhook).
type Webhooks struct {
	zbaReader
	tb Table
}

// NewWebhooks returns the webhook store over the table.
func NewWebhooks(tb Table) *Webhooks { return &Webhooks{zbaReader: zbaReader{tb: tb}, tb: tb} }

var (
	_ delivery.Subscriptions = (*Webhooks)(nil)
	_ delivery.Attempts      = (*Webhooks)(nil)
)

// attemptRetention is how long delivery attempts stay readable.
const attemptRetention = 30 * 24 * time.Hour

// DisableWebhook implements delivery.Subscriptions: the subscription of that
// generation is removed; a newer one, or a ZBA that is gone, is left alone
// without error, as there is nothing left to disable.
func (s *Webhooks) DisableWebhook(ctx context.Context, zbaID string, generation int) error {
	return s.tb.conditionalUpdate(ctx, "disable webhook", zbaKey(zbaID),
		expression.Remove(expression.Name("webhook_url")), webhookGeneration.Equal(expression.Value(generation)), nil)
}

// RecordAttempt implements delivery.Attempts. A retried message writes its
// attempt again over the same key, so the write is unconditional.
func (s *Webhooks) RecordAttempt(ctx context.Context, zbaID, eventID string, n int, a webhook.Attempt) error {
	item := attemptItem{PK: table.ZBA(zbaID), SK: table.Attempt(eventID, n),
		Type: table.TypeAttempt, EventID: eventID, Attempt: n, At: formatTime(a.At), StatusCode: a.StatusCode,
		LatencyMS: a.Latency.Milliseconds(), Error: a.Error, Response: a.ResponseSnippet, RemoteAddr: a.RemoteAddr,
		TTL: a.At.Add(attemptRetention).Unix()}
	return s.tb.put(ctx, "put attempt", item)
}

// ListAttempts returns the recorded attempts of one event, or of every event
// when eventID is empty: in event id order (ids are digests, so that is no
// time order), each event's attempts in attempt order. Operators read it
// through the admin function.
func (s *Webhooks) ListAttempts(ctx context.Context, zbaID, eventID string) ([]delivery.AttemptRecord, error) {
	const op = "query attempts"
	in, err := s.tb.prefixQuery(table.ZBA(zbaID), table.AttemptPrefix(eventID), expression.NewBuilder(), op)
	if err != nil {
		return nil, err
	}
	in.ConsistentRead = aws.Bool(true)
	items, err := queryPages[attemptItem](ctx, s.tb.db, in, -1, op)
	if err != nil {
		return nil, err
	}
	out := make([]delivery.AttemptRecord, 0, len(items))
	for _, it := range items {
		out = append(out, delivery.AttemptRecord{EventID: it.EventID, Attempt: it.Attempt, At: parseTime(it.At),
			StatusCode: it.StatusCode, LatencyMS: it.LatencyMS, Error: it.Error, Response: it.Response,
			RemoteAddr: it.RemoteAddr})
	}
	return out, nil
}
