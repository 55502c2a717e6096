// Package webhookstore is the DynamoDB store of the delivery side of a
// ZBA's webhook subscription: reading it (through the account store,
// accountstore, whose item it is), disabling it when the receiver is gone,
// and the log of delivery attempts. It imports the webhook feature, and the
// account feature its port and the ZBA item belong to.
package webhookstore

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/accountstore"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
)

// Store is the delivery side of a ZBA's webhook subscription: reading it,
// disabling it when the receiver is gone, and the log of delivery attempts.
// Setting a subscription is an operator's act on the account
// (accountstore.Store.SetWebhook). Its GetZBA is the account store's read.
type Store struct {
	accountstore.ZBAReader
	tb dynamo.Table
}

// New returns the webhook store over the table.
func New(tb dynamo.Table) *Store { return &Store{ZBAReader: accountstore.NewZBAReader(tb), tb: tb} }

var (
	_ delivery.Subscriptions = (*Store)(nil)
	_ delivery.Attempts      = (*Store)(nil)
)

// attemptRetention is how long delivery attempts stay readable.
const attemptRetention = 30 * 24 * time.Hour

// DisableWebhook implements delivery.Subscriptions: the subscription of that
// generation is removed; a newer one, or a ZBA that is gone, is left alone
// without error, as there is nothing left to disable.
func (s *Store) DisableWebhook(ctx context.Context, zbaID string, generation int) error {
	return s.tb.ConditionalUpdate(ctx, "disable webhook", accountstore.ZBAKey(zbaID),
		expression.Remove(expression.Name("webhook_url")), accountstore.WebhookGeneration.Equal(expression.Value(generation)), nil)
}

// RecordAttempt implements delivery.Attempts. A retried message writes its
// attempt again over the same key, so the write is unconditional.
func (s *Store) RecordAttempt(ctx context.Context, zbaID, eventID string, n int, a webhook.Attempt) error {
	item := attemptItem{PK: table.ZBA(zbaID), SK: table.Attempt(eventID, n),
		Type: table.TypeAttempt, EventID: eventID, Attempt: n, At: dynamo.FormatTime(a.At), StatusCode: a.StatusCode,
		LatencyMS: a.Latency.Milliseconds(), Error: a.Error, Response: a.ResponseSnippet, RemoteAddr: a.RemoteAddr,
		TTL: a.At.Add(attemptRetention).Unix()}
	return s.tb.Put(ctx, "put attempt", item)
}

// ListAttempts returns the recorded attempts of one event, or of every event
// when eventID is empty: in event id order (ids are digests, so that is no
// time order), each event's attempts in attempt order. Operators read it
// through the admin function.
func (s *Store) ListAttempts(ctx context.Context, zbaID, eventID string) ([]delivery.AttemptRecord, error) {
	const op = "query attempts"
	in, err := s.tb.PrefixQuery(table.ZBA(zbaID), table.AttemptPrefix(eventID), expression.NewBuilder(), op)
	if err != nil {
		return nil, err
	}
	in.ConsistentRead = aws.Bool(true)
	items, err := dynamo.QueryPages[attemptItem](ctx, s.tb.DB(), in, -1, op)
	if err != nil {
		return nil, err
	}
	out := make([]delivery.AttemptRecord, 0, len(items))
	for _, it := range items {
		out = append(out, delivery.AttemptRecord{EventID: it.EventID, Attempt: it.Attempt, At: dynamo.ParseTime(it.At),
			StatusCode: it.StatusCode, LatencyMS: it.LatencyMS, Error: it.Error, Response: it.Response,
			RemoteAddr: it.RemoteAddr})
	}
	return out, nil
}

// attemptItem is a delivery attempt as the table holds it: in its ZBA's
// partition, expiring attemptRetention after it was made (epoch seconds, as
// DynamoDB requires).
type attemptItem struct {
	PK         string `dynamodbav:"pk"`
	SK         string `dynamodbav:"sk"`
	Type       string `dynamodbav:"type"`
	EventID    string `dynamodbav:"event_id"`
	Attempt    int    `dynamodbav:"attempt"`
	At         string `dynamodbav:"at"`
	StatusCode int    `dynamodbav:"status_code"`
	LatencyMS  int64  `dynamodbav:"latency_ms"`
	Error      string `dynamodbav:"error,omitempty"`
	Response   string `dynamodbav:"response,omitempty"`
	RemoteAddr string `dynamodbav:"remote_addr,omitempty"`
	TTL        int64  `dynamodbav:"expires_at"`
}
