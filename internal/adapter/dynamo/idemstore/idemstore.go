// Package idemstore is the DynamoDB store of Idempotency-Key records, one
// item shape for every route that takes the header. A route's own store
// completes a record inside its own transaction with CompleteStep.
package idemstore

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/platform/idempotency"
)

// Store keeps idempotency records in the table.
type Store struct{ tb dynamo.Table }

// New returns the idempotency store over the table.
func New(tb dynamo.Table) *Store { return &Store{tb: tb} }

var _ idempotency.Store = (*Store)(nil)

// item is the record's layout. Times that conditions compare are epoch
// milliseconds; expires_at is the table's TTL, in epoch seconds.
type item struct {
	PK             string `dynamodbav:"pk"`
	SK             string `dynamodbav:"sk"`
	Type           string `dynamodbav:"type"`
	Scope          string `dynamodbav:"scope"`
	Key            string `dynamodbav:"idempotency_key"`
	Fingerprint    string `dynamodbav:"fingerprint"`
	Status         string `dynamodbav:"status"`
	Token          string `dynamodbav:"token"`
	LeaseUntil     int64  `dynamodbav:"lease_until"`
	ExpiresAt      int64  `dynamodbav:"expires_at"`
	ResponseStatus int    `dynamodbav:"response_status,omitempty"`
	ResponseBody   string `dynamodbav:"response_body,omitempty"`
}

// Key is the key of a record.
func Key(scope, key string) map[string]types.AttributeValue {
	return dynamo.Key(table.Idempotency(scope, key), table.IdempotencySK)
}

func (it item) record() idempotency.Record {
	r := idempotency.Record{Scope: it.Scope, Key: it.Key, Fingerprint: it.Fingerprint, Status: idempotency.Status(it.Status),
		Token: it.Token, LeaseUntil: time.UnixMilli(it.LeaseUntil).UTC(), ExpiresAt: time.Unix(it.ExpiresAt, 0).UTC()}
	if r.Status == idempotency.StatusCompleted {
		r.Response = &idempotency.Response{Status: it.ResponseStatus, Body: []byte(it.ResponseBody)}
	}
	return r
}

// Begin implements idempotency.Store with one conditional PutItem: it
// writes unless a live record is there, and a failed condition returns
// that record, so neither outcome needs a second call (a failure that
// does not return it is unavailable, 131016). A record past its TTL that
// DynamoDB has not yet deleted counts as absent.
func (s *Store) Begin(ctx context.Context, r idempotency.Record, now time.Time) (*idempotency.Record, error) {
	const op = "begin idempotent request"
	it := item{PK: table.Idempotency(r.Scope, r.Key), SK: table.IdempotencySK, Type: table.TypeIdempotency,
		Scope: r.Scope, Key: r.Key, Fingerprint: r.Fingerprint, Status: string(r.Status), Token: r.Token,
		LeaseUntil: r.LeaseUntil.UnixMilli(), ExpiresAt: r.ExpiresAt.Unix()}
	leaseOver := expression.Name("status").Equal(expression.Value(string(idempotency.StatusInProgress))).
		And(expression.Name("lease_until").LessThanEqual(expression.Value(now.UnixMilli())))
	expired := expression.Name(table.TTLAttribute).LessThanEqual(expression.Value(now.Unix()))
	in, err := s.tb.PutInput(it, dynamo.ItemAbsent.Or(leaseOver).Or(expired), op)
	if err != nil {
		return nil, err
	}
	in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	_, err = s.tb.DB().PutItem(ctx, in)
	if old, failed := dynamo.ConditionFailedItem(err); failed {
		if old == nil {
			// A live record refused the write but did not come back with
			// the answer: the client may ask again with the same key.
			return nil, dynamo.Unavailable(op, fmt.Errorf("condition failed without the record: %w", err))
		}
		var o item
		if err := attributevalue.UnmarshalMap(old, &o); err != nil {
			return nil, fmt.Errorf("%s: unreadable record: %w", op, err)
		}
		rec := o.record()
		return &rec, nil
	}
	if err != nil {
		return nil, dynamo.Unavailable(op, err)
	}
	return nil, nil
}

// Release implements idempotency.Store: a delete conditional on the
// attempt's token, quiet when another attempt holds the key by now.
func (s *Store) Release(ctx context.Context, scope, key, token string) error {
	return s.tb.ConditionalDelete(ctx, "release idempotent request", Key(scope, key), holds(token), nil)
}

// holds is true while the attempt with token holds the in-progress record.
func holds(token string) expression.ConditionBuilder {
	return expression.Name("token").Equal(expression.Value(token)).
		And(expression.Name("status").Equal(expression.Value(string(idempotency.StatusInProgress))))
}

// CompleteStep is the transaction step that stores c's response over the
// in-progress record its attempt holds. Its condition fails (cancelling the
// caller's transaction) when the attempt lost the lease.
func CompleteStep(tb dynamo.Table, c idempotency.Completion) (types.TransactWriteItem, error) {
	const op = "complete idempotent request"
	upd := expression.Set(expression.Name("status"), expression.Value(string(idempotency.StatusCompleted))).
		Set(expression.Name("response_status"), expression.Value(c.Response.Status)).
		Set(expression.Name("response_body"), expression.Value(string(c.Response.Body))).
		Set(expression.Name(table.TTLAttribute), expression.Value(c.ExpiresAt.Unix()))
	return tb.TransactUpdate(Key(c.Scope, c.Key), upd, holds(c.Token), op)
}
