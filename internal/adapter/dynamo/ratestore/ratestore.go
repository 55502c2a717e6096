// Package ratestore is the DynamoDB store of the management rate limit's
// counters. It imports no feature: its port is platform/ratelimit's.
package ratestore

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
)

// Store counts management requests per ZBA and window, for the rate limit.
type Store struct{ tb dynamo.Table }

// New returns the rate counter store over the table.
func New(tb dynamo.Table) *Store { return &Store{tb: tb} }

var _ ratelimit.Counter = (*Store)(nil)

// countAttribute holds a rate counter's hits (COUNT is a reserved word; the
// expression builder names every attribute through a placeholder).
const countAttribute = "count"

// Hit implements ratelimit.Counter with one conditional UpdateItem on the
// item RATE#<key> / RATE#<window start epoch seconds> (see table.RateCounter
// for why the counters have a partition of their own). The update
// increments the count unless it reached the limit: ADD creates the item and
// the attribute on the first hit, and the type and TTL are set on every hit
// because that costs nothing extra and the values never change within a
// window. UPDATED_NEW returns the new count, and a failed condition returns
// the item as it was, so neither outcome needs a second call; a refused hit
// is not written. Each call is one write unit, refused ones included.
//
// The SDK retries a call whose response was lost; if the first attempt had
// been applied the hit is counted twice. That errs towards refusing, never
// towards exceeding the limit.
func (s *Store) Hit(ctx context.Context, id string, windowStart, ttl time.Time, limit int) (int, bool, error) {
	const op = "hit rate counter"
	if limit < 1 {
		return 0, false, apperr.Internal(fmt.Errorf("rate counter %s: limit %d", id, limit))
	}
	count := expression.Name(countAttribute)
	upd := expression.Add(count, expression.Value(1)).
		Set(expression.Name(table.TypeAttribute), expression.Value(table.TypeRateCounter)).
		Set(expression.Name(table.TTLAttribute), expression.Value(ttl.Unix()))
	cond := count.AttributeNotExists().Or(count.LessThan(expression.Value(limit)))
	k := dynamo.Key(table.RateCounter(id), table.RateWindow(strconv.FormatInt(windowStart.Unix(), 10)))
	in, err := s.tb.UpdateInput(k, upd, cond, op)
	if err != nil {
		return 0, false, err
	}
	in.ReturnValues = types.ReturnValueUpdatedNew
	in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	out, err := s.tb.DB().UpdateItem(ctx, in)
	if old, failed := dynamo.ConditionFailedItem(err); failed {
		// The old item only informs the count reported; without it the
		// condition still proves the count reached the limit.
		if n, perr := itemCount(old); perr == nil {
			return n, false, nil
		}
		return limit, false, nil
	}
	if err != nil {
		return 0, false, dynamo.Unavailable(op, err)
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
