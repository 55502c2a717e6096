package dynamo_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/idemstore"
	"svc/internal/platform/apperr"
	"svc/internal/platform/idempotency"
)

// withoutOldItem is DynamoDB Local answering a failed PutItem condition
// without the item as it was, as an endpoint may that ignores
// ReturnValuesOnConditionCheckFailure.
type withoutOldItem struct{ dynamo.API }

func (w withoutOldItem) PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	out, err := w.API.PutItem(ctx, in, opts...)
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		ccf.Item = nil
	}
	return out, err
}

// TestBeginWithoutOldItem: a Begin refused by a live record whose answer
// does not carry that record is 503 131016 with Retry-After, which the
// client may retry with the same key, never a 500.
func TestBeginWithoutOldItem(t *testing.T) {
	tb, name := freshTable(t)
	s := idemstore.New(dynamo.NewTable(withoutOldItem{tb.DB()}, name))
	now := time.Now().UTC()
	r := idempotency.Record{Scope: "acme", Key: "k1", Fingerprint: "f", Status: idempotency.StatusInProgress, Token: "t1",
		LeaseUntil: now.Add(time.Minute), ExpiresAt: now.Add(time.Hour)}
	if old, err := s.Begin(t.Context(), r, now); old != nil || err != nil {
		t.Fatalf("first begin: %+v %v", old, err)
	}
	r.Token = "t2"
	old, err := s.Begin(t.Context(), r, now)
	var ae *apperr.Error
	if old != nil || !errors.As(err, &ae) || ae.Code != apperr.CodeUnavailable || ae.Status() != 503 || ae.RetryAfter() == "" {
		t.Fatalf("second begin: %+v %v, want 503 131016 with Retry-After", old, err)
	}
}
