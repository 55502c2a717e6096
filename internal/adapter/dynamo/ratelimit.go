package dynamo

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo/table"
	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
)

var _ ratelimit.Counter = (*Store)(nil)

// countAttribute holds a rate counter's hits. COUNT is a DynamoDB reserved
// word, so expressions name it through a placeholder.
const countAttribute = "count"

// rateCounterUpdate increments the window's count unless it reached the
// limit. ADD creates the item and the attribute on the first hit; the type
// and TTL are set on every hit because that costs nothing extra and the
// values never change within a window.
var (
	rateCounterUpdate    = aws.String("ADD #count :one SET #type = :type, #ttl = :ttl")
	rateCounterCondition = aws.String("attribute_not_exists(#count) OR #count < :limit")
)

// Hit implements ratelimit.Counter with one conditional UpdateItem on the
// item RATE#<key> / RATE#<window start epoch seconds> (see table.RateCounter
// for why the counters have a partition of their own). UPDATED_NEW returns
// the new count, and a failed condition returns the item as it was, so
// neither outcome needs a second call; a refused hit is not written. Each
// call is one write unit, refused ones included.
//
// The SDK retries a call whose response was lost; if the first attempt had
// been applied the hit is counted twice. That errs towards refusing, never
// towards exceeding the limit.
func (s *Store) Hit(ctx context.Context, id string, windowStart, ttl time.Time, limit int) (int, bool, error) {
	if limit < 1 {
		return 0, false, apperr.Internal(fmt.Errorf("rate counter %s: limit %d", id, limit))
	}
	out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:           aws.String(s.table),
		Key:                 key(table.RateCounter(id), table.RateWindow(strconv.FormatInt(windowStart.Unix(), 10))),
		UpdateExpression:    rateCounterUpdate,
		ConditionExpression: rateCounterCondition,
		ExpressionAttributeNames: map[string]string{
			"#count": countAttribute, "#type": table.TypeAttribute, "#ttl": table.TTLAttribute,
		},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one":   &types.AttributeValueMemberN{Value: "1"},
			":limit": &types.AttributeValueMemberN{Value: strconv.Itoa(limit)},
			":type":  &types.AttributeValueMemberS{Value: table.TypeRateCounter},
			":ttl":   &types.AttributeValueMemberN{Value: strconv.FormatInt(ttl.Unix(), 10)},
		},
		ReturnValues:                        types.ReturnValueUpdatedNew,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		// The old item only informs the count reported; without it the
		// condition still proves the count reached the limit.
		if n, perr := itemCount(ccf.Item); perr == nil {
			return n, false, nil
		}
		return limit, false, nil
	}
	if err != nil {
		return 0, false, unavailable("hit rate counter", err)
	}
	n, err := itemCount(out.Attributes)
	if err != nil {
		return 0, false, apperr.Internal(fmt.Errorf("rate counter %s: %w", id, err))
	}
	return n, true, nil
}

// itemCount reads the count attribute of a rate counter's attributes.
func itemCount(attrs map[string]types.AttributeValue) (int, error) {
	v, ok := attrs[countAttribute].(*types.AttributeValueMemberN)
	if !ok {
		return 0, errors.New("no numeric count attribute")
	}
	n, err := strconv.Atoi(v.Value)
	if err != nil {
		return 0, fmt.Errorf("count %q: %w", v.Value, err)
	}
	return n, nil
}
