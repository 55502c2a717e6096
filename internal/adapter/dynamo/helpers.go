package dynamo

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"svc/internal/adapter/dynamo/table"
	"svc/internal/platform/apperr"
)

// The helpers every aggregate store shares: reading one item, conditional
// writes, partition queries, the translation of SDK errors and the time
// format of the items.

// Key is the primary key of the item pk / sk (built by package table).
func Key(pk, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{table.PartitionKey: str(pk), table.SortKey: str(sk)}
}

func str(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

// The two conditions most writes use: every item has a partition key, so
// its presence is the item's.
var (
	// ItemAbsent holds when there is no item at the key written.
	ItemAbsent = expression.Name(table.PartitionKey).AttributeNotExists()
	// ItemPresent holds when there is an item at the key written.
	ItemPresent = expression.Name(table.PartitionKey).AttributeExists()
)

// VersionIs holds when the item's optimistic-concurrency counter is v; on a
// missing item it fails too.
func VersionIs(v int) expression.ConditionBuilder {
	return expression.Name(table.VersionAttribute).Equal(expression.Value(v))
}

// Build finishes an expression. It fails only on a builder misused by a
// store, which no retry cures: an internal error.
func Build(b expression.Builder, op string) (expression.Expression, error) {
	e, err := b.Build()
	if err != nil {
		return e, apperr.Internal(fmt.Errorf("dynamodb %s: build expression: %w", op, err))
	}
	return e, nil
}

// GetItem reads one item and decodes it as T; found is false when there is
// none. consistent asks for a strongly consistent read, for reads that must
// see a write as soon as it returns.
func GetItem[T any](ctx context.Context, tb Table, k map[string]types.AttributeValue, consistent bool, op string) (it T, found bool, err error) {
	in := &dynamodb.GetItemInput{TableName: aws.String(tb.name), Key: k}
	if consistent {
		in.ConsistentRead = aws.Bool(true)
	}
	out, err := tb.db.GetItem(ctx, in)
	if err != nil {
		return it, false, Unavailable(op, err)
	}
	if out.Item == nil {
		return it, false, nil
	}
	if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
		return it, false, fmt.Errorf("%s: unmarshal: %w", op, err)
	}
	return it, true, nil
}

// Put writes item over whatever is at its key, for records that a retry
// writes again alike.
func (tb Table) Put(ctx context.Context, op string, item any) error {
	av, err := attributevalue.MarshalMap(item)
	if err != nil {
		return fmt.Errorf("%s: marshal: %w", op, err)
	}
	if _, err := tb.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(tb.name), Item: av}); err != nil {
		return Unavailable(op, err)
	}
	return nil
}

// PutInput is the put of item, conditional on cond, for callers that set
// more on it before sending it.
func (tb Table) PutInput(item any, cond expression.ConditionBuilder, op string) (*dynamodb.PutItemInput, error) {
	av, err := attributevalue.MarshalMap(item)
	if err != nil {
		return nil, fmt.Errorf("%s: marshal: %w", op, err)
	}
	e, err := Build(expression.NewBuilder().WithCondition(cond), op)
	if err != nil {
		return nil, err
	}
	return &dynamodb.PutItemInput{TableName: aws.String(tb.name), Item: av, ConditionExpression: e.Condition(),
		ExpressionAttributeNames: e.Names(), ExpressionAttributeValues: e.Values()}, nil
}

// ConditionalPut writes item if cond holds; see WriteError for what it
// returns.
func (tb Table) ConditionalPut(ctx context.Context, op string, item any, cond expression.ConditionBuilder, onConditionFailed error) error {
	in, err := tb.PutInput(item, cond, op)
	if err != nil {
		return err
	}
	_, err = tb.db.PutItem(ctx, in)
	return WriteError(op, err, onConditionFailed)
}

// UpdateInput is the update upd of the item at k, conditional on cond (an
// unset cond: none), for the caller to add what it wants returned and send.
func (tb Table) UpdateInput(k map[string]types.AttributeValue, upd expression.UpdateBuilder, cond expression.ConditionBuilder, op string) (*dynamodb.UpdateItemInput, error) {
	b := expression.NewBuilder().WithUpdate(upd)
	if cond.IsSet() {
		b = b.WithCondition(cond)
	}
	e, err := Build(b, op)
	if err != nil {
		return nil, err
	}
	return &dynamodb.UpdateItemInput{TableName: aws.String(tb.name), Key: k, UpdateExpression: e.Update(),
		ConditionExpression: e.Condition(), ExpressionAttributeNames: e.Names(), ExpressionAttributeValues: e.Values()}, nil
}

// ConditionalUpdate applies upd to the item at k if cond holds; see
// WriteError for what it returns.
func (tb Table) ConditionalUpdate(ctx context.Context, op string, k map[string]types.AttributeValue, upd expression.UpdateBuilder, cond expression.ConditionBuilder, onConditionFailed error) error {
	in, err := tb.UpdateInput(k, upd, cond, op)
	if err != nil {
		return err
	}
	_, err = tb.db.UpdateItem(ctx, in)
	return WriteError(op, err, onConditionFailed)
}

// TransactPut is a transaction step writing item if cond holds.
func (tb Table) TransactPut(item any, cond expression.ConditionBuilder, op string) (types.TransactWriteItem, error) {
	in, err := tb.PutInput(item, cond, op)
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{TableName: in.TableName, Item: in.Item,
		ConditionExpression: in.ConditionExpression, ExpressionAttributeNames: in.ExpressionAttributeNames,
		ExpressionAttributeValues: in.ExpressionAttributeValues}}, nil
}

// TransactUpdate is a transaction step applying upd to the item at k if
// cond holds (an unset cond: always).
func (tb Table) TransactUpdate(k map[string]types.AttributeValue, upd expression.UpdateBuilder, cond expression.ConditionBuilder, op string) (types.TransactWriteItem, error) {
	in, err := tb.UpdateInput(k, upd, cond, op)
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Update: &types.Update{TableName: in.TableName, Key: in.Key,
		UpdateExpression: in.UpdateExpression, ConditionExpression: in.ConditionExpression,
		ExpressionAttributeNames: in.ExpressionAttributeNames, ExpressionAttributeValues: in.ExpressionAttributeValues}}, nil
}

// DeleteInput is the delete of the item at k, conditional on cond (an
// unset cond: none).
func (tb Table) DeleteInput(k map[string]types.AttributeValue, cond expression.ConditionBuilder, op string) (*dynamodb.DeleteItemInput, error) {
	in := &dynamodb.DeleteItemInput{TableName: aws.String(tb.name), Key: k}
	if !cond.IsSet() {
		return in, nil
	}
	e, err := Build(expression.NewBuilder().WithCondition(cond), op)
	if err != nil {
		return nil, err
	}
	in.ConditionExpression, in.ExpressionAttributeNames, in.ExpressionAttributeValues = e.Condition(), e.Names(), e.Values()
	return in, nil
}

// ConditionalDelete deletes the item at k if cond holds; see WriteError
// for what it returns.
func (tb Table) ConditionalDelete(ctx context.Context, op string, k map[string]types.AttributeValue, cond expression.ConditionBuilder, onConditionFailed error) error {
	in, err := tb.DeleteInput(k, cond, op)
	if err != nil {
		return err
	}
	_, err = tb.db.DeleteItem(ctx, in)
	return WriteError(op, err, onConditionFailed)
}

// TransactDelete is a transaction step deleting the item at k if cond
// holds (an unset cond: always).
func (tb Table) TransactDelete(k map[string]types.AttributeValue, cond expression.ConditionBuilder, op string) (types.TransactWriteItem, error) {
	in, err := tb.DeleteInput(k, cond, op)
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{Delete: &types.Delete{TableName: in.TableName, Key: in.Key,
		ConditionExpression: in.ConditionExpression, ExpressionAttributeNames: in.ExpressionAttributeNames,
		ExpressionAttributeValues: in.ExpressionAttributeValues}}, nil
}

// TransactCheck is a transaction step that fails unless the item at k
// satisfies cond, and writes nothing.
func (tb Table) TransactCheck(k map[string]types.AttributeValue, cond expression.ConditionBuilder, op string) (types.TransactWriteItem, error) {
	e, err := Build(expression.NewBuilder().WithCondition(cond), op)
	if err != nil {
		return types.TransactWriteItem{}, err
	}
	return types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{TableName: aws.String(tb.name), Key: k,
		ConditionExpression: e.Condition(), ExpressionAttributeNames: e.Names(), ExpressionAttributeValues: e.Values()}}, nil
}

// WriteError translates the outcome of a conditional write: nil stays nil,
// a failed condition becomes onConditionFailed (the domain's sentinel error,
// or nil for a write that is skipped quietly when the item moved on), and
// anything else goes through Unavailable.
func WriteError(op string, err error, onConditionFailed error) error {
	switch {
	case err == nil:
		return nil
	case isConditionFailed(err):
		return onConditionFailed
	default:
		return Unavailable(op, err)
	}
}

// Unavailable marks a failed call as a dependency failure a retry may cure:
// clients see 131016, operators see the cause in the log. A request
// DynamoDB refuses as invalid is no outage, and a retry cannot cure it: see
// NotStorable.
func Unavailable(op string, err error) error {
	err = fmt.Errorf("dynamodb %s: %w", op, err)
	if isValidation(err) {
		return NotStorable(err)
	}
	return apperr.Unavailable(err)
}

// NotStorable is the answer to a write or read DynamoDB refused as invalid
// (ValidationException, or a transaction step cancelled with
// ValidationError): an item over 400 KB, a key attribute over its size, a
// value of the wrong type. What reaches the store has passed validation, so
// such a refusal comes from what the client sent exceeding a bound the
// validation does not check; it is the client's request that cannot be
// kept as sent, so it is 400 (code 100), not a 500, and carries no retry
// advice. The cause stays in the error for logs and tests, never in the
// answer, which would show the table's layout.
func NotStorable(err error) *apperr.Error {
	return &apperr.Error{Code: apperr.CodeInvalidParameter, Message: apperr.CodeInvalidParameter.Title(),
		Details: "The request could not be stored as sent: it exceeds what the store accepts (for example the size of one template). Shorten it and retry.",
		Err:     err}
}

// validationCancel is the cancellation code of a transaction step DynamoDB
// refused as invalid.
const validationCancel = "ValidationError"

// isValidation reports whether DynamoDB refused the request as invalid.
func isValidation(err error) bool {
	var api smithy.APIError
	if errors.As(err, &api) && api.ErrorCode() == "ValidationException" {
		return true
	}
	return slices.Contains(CancelReasons(err), validationCancel)
}

// OutcomeUnknown reports whether a failed write may have been applied all
// the same: its answer was lost (a deadline, a connection cut after the
// request went out) or DynamoDB failed on its side. A refusal DynamoDB
// answered (a cancelled transaction, a validation, a throttle) and a
// connection that was never made leave nothing written.
func OutcomeUnknown(err error) bool {
	if err == nil {
		return false
	}
	var api smithy.APIError
	if errors.As(err, &api) {
		return api.ErrorFault() == smithy.FaultServer
	}
	var op *net.OpError
	return !(errors.As(err, &op) && op.Op == "dial")
}

// isConditionFailed reports whether a single-item write failed its condition.
func isConditionFailed(err error) bool {
	var ccf *types.ConditionalCheckFailedException
	return errors.As(err, &ccf)
}

// ConditionFailedItem reports whether a single-item write failed its
// condition and returns the item as it was, for writes that asked for it
// with ReturnValuesOnConditionCheckFailure ALL_OLD: nil means there was no
// item, which tells "gone" from "changed" without a second read.
func ConditionFailedItem(err error) (map[string]types.AttributeValue, bool) {
	var ccf *types.ConditionalCheckFailedException
	if !errors.As(err, &ccf) {
		return nil, false
	}
	return ccf.Item, true
}

// CancelReasons returns the cancellation code of each action of a cancelled
// transaction, or nil for any other error.
func CancelReasons(err error) []string {
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) {
		return nil
	}
	out := make([]string, len(tce.CancellationReasons))
	for i, r := range tce.CancellationReasons {
		out[i] = aws.ToString(r.Code)
	}
	return out
}

// ConditionCheckFailed is the cancellation code of a transaction step whose
// condition failed, as CancelReasons reports it.
const ConditionCheckFailed = "ConditionalCheckFailed"

// TransactionConflict is the cancellation code of a transaction step whose
// item another transaction was changing at the time.
const TransactionConflict = "TransactionConflict"

// Transaction conflicts are retried this many times in all, pausing
// conflictPause times the attempt number in between: the transaction in
// the way commits within milliseconds, and the pauses (60 ms at most in
// all) stay well inside a request's budget.
const (
	conflictAttempts = 4
	conflictPause    = 10 * time.Millisecond
)

// TransactWrite runs the steps as one transaction. DynamoDB cancels a
// transaction whose item another transaction is changing (a conflict the
// SDK does not retry); items every write of a kind touches, such as a
// ZBA's count of templates, make that common under concurrent writes, so
// a transaction cancelled for conflicts alone is sent again, a few times.
// A step whose condition failed ends it at once. Errors come back as the
// SDK returned them, for the caller to read their cancellation reasons.
func (tb Table) TransactWrite(ctx context.Context, steps []types.TransactWriteItem) error {
	in := &dynamodb.TransactWriteItemsInput{TransactItems: steps}
	for attempt := 1; ; attempt++ {
		_, err := tb.db.TransactWriteItems(ctx, in)
		reasons := CancelReasons(err)
		if err == nil || attempt == conflictAttempts || !slices.Contains(reasons, TransactionConflict) ||
			slices.Contains(reasons, ConditionCheckFailed) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(time.Duration(attempt) * conflictPause):
		}
	}
}

// QueryInput is a query of the table (or of index, when not empty) by kc,
// with b's filter and projection, if any.
func (tb Table) QueryInput(index string, kc expression.KeyConditionBuilder, b expression.Builder, op string) (*dynamodb.QueryInput, error) {
	e, err := Build(b.WithKeyCondition(kc), op)
	if err != nil {
		return nil, err
	}
	in := &dynamodb.QueryInput{TableName: aws.String(tb.name), KeyConditionExpression: e.KeyCondition(),
		FilterExpression: e.Filter(), ProjectionExpression: e.Projection(),
		ExpressionAttributeNames: e.Names(), ExpressionAttributeValues: e.Values()}
	if index != "" {
		in.IndexName = aws.String(index)
	}
	return in, nil
}

// PrefixQuery is a query of one partition's items whose sort key starts
// with prefix, with b's filter and projection; callers add paging to it.
func (tb Table) PrefixQuery(pk, prefix string, b expression.Builder, op string) (*dynamodb.QueryInput, error) {
	kc := expression.Key(table.PartitionKey).Equal(expression.Value(pk)).And(expression.Key(table.SortKey).BeginsWith(prefix))
	return tb.QueryInput("", kc, b, op)
}

// QueryPages runs a query page after page, decoding every item as T, until
// it holds at least enough items (all of them when enough < 0) or the
// query ends. Filters apply after a page is read, so a page may hold fewer
// items than in.Limit, or none, and the query still go on.
func QueryPages[T any](ctx context.Context, db API, in *dynamodb.QueryInput, enough int, op string) ([]T, error) {
	var out []T
	for {
		page, err := db.Query(ctx, in)
		if err != nil {
			return nil, Unavailable(op, err)
		}
		var items []T
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, fmt.Errorf("%s: unmarshal: %w", op, err)
		}
		out = append(out, items...)
		if page.LastEvaluatedKey == nil || (enough >= 0 && len(out) >= enough) {
			return out, nil
		}
		in.ExclusiveStartKey = page.LastEvaluatedKey
	}
}

// QueryBudget bounds a query: at most Calls reads, each evaluating at most
// PerCall items (its Limit; DynamoDB also ends a read at 1 MB).
type QueryBudget struct {
	PerCall, Calls int
}

// QueryWithin runs a query page after page, decoding every item as T, until
// it holds at least enough items, the query ends, or the budget is spent.
// Each read asks for budget.PerCall items, or, when filtered is false (every
// item read is kept), only for those still missing. stop is the key of the
// last item evaluated (the last read's LastEvaluatedKey), nil when the query
// said it had ended; it means something when the items fall short of
// enough, as where the budget ran out. As in DynamoDB, a read that ends
// exactly on its Limit reports a key even when nothing follows.
func QueryWithin[T any](ctx context.Context, db API, in *dynamodb.QueryInput, enough int, filtered bool, budget QueryBudget, op string) (out []T, stop map[string]types.AttributeValue, err error) {
	for range budget.Calls {
		n := budget.PerCall
		if !filtered {
			n = min(n, enough-len(out))
		}
		in.Limit = aws.Int32(int32(max(n, 1)))
		page, err := db.Query(ctx, in)
		if err != nil {
			return nil, nil, Unavailable(op, err)
		}
		var items []T
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, nil, fmt.Errorf("%s: unmarshal: %w", op, err)
		}
		out = append(out, items...)
		if page.LastEvaluatedKey == nil || len(out) >= enough {
			return out, page.LastEvaluatedKey, nil
		}
		in.ExclusiveStartKey = page.LastEvaluatedKey
	}
	return out, in.ExclusiveStartKey, nil
}

// FormatTime is how the items hold a time: RFC 3339 in UTC, to the
// nanosecond.
func FormatTime(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// ParseTime reads a time FormatTime wrote; anything else is the zero time.
func ParseTime(s string) time.Time {
	t, _ := time.Parse(time.RFC3339Nano, s) // written by FormatTime only
	return t
}

// QueryDue reads the items whose due time has come from a sharded due index
// on GSI1 (pending reviews, armed dispatches, ended pauses): partition
// partition(n) for each of shards, sort keys below dueBy, until limit items
// are found. Each shard is one bounded Query; the table is never scanned.
func QueryDue[T any](ctx context.Context, tb Table, shards int, partition func(int) string, dueBy string, limit int, op string) ([]T, error) {
	var out []T
	for n := 0; n < shards && len(out) < limit; n++ {
		kc := expression.Key(table.GSI1.PartitionKey).Equal(expression.Value(partition(n))).
			And(expression.Key(table.GSI1.SortKey).LessThan(expression.Value(dueBy)))
		in, err := tb.QueryInput(table.GSI1.Name, kc, expression.NewBuilder(), op)
		if err != nil {
			return nil, err
		}
		in.Limit = aws.Int32(int32(limit - len(out)))
		items, err := QueryPages[T](ctx, tb.DB(), in, limit-len(out), op)
		if err != nil {
			return nil, err
		}
		out = append(out, items...)
	}
	return out, nil
}
