package memstore

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
)

// Webhooks is the delivery side of a subscription and the log of delivery
// attempts, as webhookstore.Store is.
type Webhooks struct {
	zbaReader
	db *DB
}

// NewWebhooks returns the webhook store over db.
func NewWebhooks(db *DB) *Webhooks { return &Webhooks{zbaReader: zbaReader{db: db}, db: db} }

var (
	_ delivery.Subscriptions = (*Webhooks)(nil)
	_ delivery.Attempts      = (*Webhooks)(nil)
)

// DisableWebhook implements delivery.Subscriptions: the subscription of
// that generation loses its URL; its generation stays, so subscribing
// again derives a new secret. Another generation, or a missing ZBA, is
// left alone without error.
func (s *Webhooks) DisableWebhook(_ context.Context, zbaID string, generation int) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	z, ok := s.db.zbas[zbaID]
	if !ok || z.WebhookGeneration != generation {
		return nil
	}
	z.WebhookURL = ""
	s.db.zbas[zbaID] = z
	return nil
}

// attemptKey names one attempt of one event of a ZBA.
type attemptKey struct {
	zbaID, eventID string
	n              int
}

// order is the attempt's position in the adapter's key order: event id,
// then the attempt number in two digits.
func (k attemptKey) order() string { return k.eventID + "#" + fmt.Sprintf("%02d", k.n) }

// RecordAttempt implements delivery.Attempts: a retried write of the same
// attempt replaces it.
func (s *Webhooks) RecordAttempt(_ context.Context, zbaID, eventID string, n int, a webhook.Attempt) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	s.db.attempts[attemptKey{zbaID, eventID, n}] = delivery.AttemptRecord{EventID: eventID, Attempt: n,
		At: instant(a.At), StatusCode: a.StatusCode, LatencyMS: a.Latency.Milliseconds(), Error: a.Error,
		Response: a.ResponseSnippet, RemoteAddr: a.RemoteAddr}
	return nil
}

// ListAttempts returns the attempts of one event, or of every event when
// eventID is empty, in event id order and each event's in attempt order,
// as the admin function's Records asks.
func (s *Webhooks) ListAttempts(_ context.Context, zbaID, eventID string) ([]delivery.AttemptRecord, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	var keys []attemptKey
	for k := range s.db.attempts {
		if k.zbaID == zbaID && (eventID == "" || k.eventID == eventID) {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b attemptKey) int { return strings.Compare(a.order(), b.order()) })
	out := make([]delivery.AttemptRecord, 0, len(keys))
	for _, k := range keys {
		out = append(out, s.db.attempts[k])
	}
	return out, nil
}
