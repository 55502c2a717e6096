package dynamo

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/template"
	"svc/internal/feature/template/classify"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
)

// attemptRetention is how long delivery attempts stay readable.
const attemptRetention = 30 * 24 * time.Hour

// RecordDecision implements review.Store: one conditional update on the
// version reviewed and PENDING, which also takes the template off the review
// index so the sweeper leaves it alone.
func (s *Store) RecordDecision(ctx context.Context, t template.Template, d classify.Decision, at time.Time) error {
	signals, err := json.Marshal(d.Signals)
	if err != nil {
		return fmt.Errorf("marshal signals: %w", err)
	}
	values := map[string]types.AttributeValue{
		":v": num(t.Version), ":pending": str(string(template.StatusPending)),
		":status": str(d.Status), ":category": str(d.Category), ":declared": str(t.Category),
		":version": str(d.Version), ":signals": str(string(signals)), ":at": str(formatTime(at)),
		":true": &types.AttributeValueMemberBOOL{Value: true},
	}
	set := "#status = :status, category = :category, declared_category = :declared, classifier_version = :version, " +
		"review_signals = :signals, decided_at = :at, events_pending = :true"
	remove := []string{"gsi1pk", "gsi1sk", "review_due"}
	for attr, v := range map[string]string{"correct_category": d.CorrectCategory, "rejection_reason": d.RejectionReason} {
		if v == "" {
			remove = append(remove, attr)
		} else {
			set += ", " + attr + " = :" + attr
			values[":"+attr] = str(v)
		}
	}
	_, err = s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 aws.String(s.table),
		Key:                       templateKey(template.Ref{ZBAID: t.ZBAID, Name: t.Name, Language: t.Language}),
		ConditionExpression:       aws.String("version = :v AND #status = :pending"),
		UpdateExpression:          aws.String("SET " + set + " REMOVE " + strings.Join(remove, ", ")),
		ExpressionAttributeNames:  map[string]string{"#status": "status"},
		ExpressionAttributeValues: values,
	})
	if isConditionFailed(err) {
		return template.ErrConflict
	}
	if err != nil {
		return unavailable("record decision", err)
	}
	return nil
}

// ClearEventsPending implements review.Store: the decision's events are
// queued. A template edited since is left alone.
func (s *Store) ClearEventsPending(ctx context.Context, t template.Template) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 aws.String(s.table),
		Key:                       templateKey(template.Ref{ZBAID: t.ZBAID, Name: t.Name, Language: t.Language}),
		ConditionExpression:       aws.String("version = :v"),
		UpdateExpression:          aws.String("REMOVE events_pending"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":v": num(t.Version)},
	})
	if err != nil && !isConditionFailed(err) {
		return unavailable("clear events pending", err)
	}
	return nil
}

// RecordAttempt implements delivery.Attempts. A retried message writes its
// attempt again over the same key.
func (s *Store) RecordAttempt(ctx context.Context, zbaID, eventID string, n int, a webhook.Attempt) error {
	item, err := attributevalue.MarshalMap(attemptItem{PK: table.ZBA(zbaID), SK: table.Attempt(eventID, n),
		Type: table.TypeAttempt, EventID: eventID, Attempt: n, At: formatTime(a.At), StatusCode: a.StatusCode,
		LatencyMS: a.Latency.Milliseconds(), Error: a.Error, Response: a.ResponseSnippet, RemoteAddr: a.RemoteAddr,
		TTL: a.At.Add(attemptRetention).Unix()})
	if err != nil {
		return fmt.Errorf("marshal attempt: %w", err)
	}
	if _, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.table), Item: item}); err != nil {
		return unavailable("put attempt", err)
	}
	return nil
}

// ListAttempts returns the recorded attempts of one event, or of every event
// when eventID is empty, oldest event first.
func (s *Store) ListAttempts(ctx context.Context, zbaID, eventID string) ([]delivery.AttemptRecord, error) {
	in := s.prefixQuery(table.ZBA(zbaID), table.AttemptPrefix(eventID))
	in.ConsistentRead = aws.Bool(true)
	items, err := queryAll[attemptItem](ctx, s.db, in, "query attempts")
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

// DisableWebhook implements delivery.Subscriptions: the subscription of that
// generation is removed; a newer one is left alone.
func (s *Store) DisableWebhook(ctx context.Context, zbaID string, generation int) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 aws.String(s.table),
		Key:                       key(table.ZBA(zbaID), table.ProfileSK),
		ConditionExpression:       aws.String("webhook_generation = :gen"),
		UpdateExpression:          aws.String("REMOVE webhook_url"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":gen": num(generation)},
	})
	if err != nil && !isConditionFailed(err) {
		return unavailable("disable webhook", err)
	}
	return nil
}
