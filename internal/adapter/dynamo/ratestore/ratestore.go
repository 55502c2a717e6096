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

// Store counts the management rate limit's tokens per ZBA and window.
type Store struct{ tb dynamo.Table }

// New returns the rate counter store over the table.
func New(tb dynamo.Table) *Store { return &Store{tb: tb} }

var _ ratelimit.Counter = (*Store)(nil)

// countAttribute holds the tokens taken from a window (COUNT is a
// reserved word; the expression builder names every attribute through a
// placeholder).
const countAttribute = "count"

// Take implements ratelimit.Counter with one conditional UpdateItem on the
// item RATE#<key> / RATE#<window start epoch seconds> (see table.RateCounter
// for why the counters have a partition of their own) when the window has
// n tokens left: the update adds n unless that would take the count past
// the limit. ADD creates the item and the attribute on the first take, and
// the type and TTL are set on every take because that costs nothing extra
// and the values never change within a window. UPDATED_NEW returns the new
// count. A failed condition returns the item as it was, so a refusal needs
// no second call; when it shows fewer than n tokens left but some, the take
// asks again for exactly those (DynamoDB has no min() in an update), a
// second call that only a window's last block ever makes. Each call is one
// write unit, refused ones included.
//
// The SDK retries a call whose response was lost; if the first attempt had
// been applied, its tokens are counted twice. That errs towards refusing,
// never towards exceeding the limit.
func (s *Store) Take(ctx context.Context, id string, windowStart, ttl time.Time, limit, n int) (int, int, error) {
	const op = "take rate tokens"
	if limit < 1 || n < 1 {
		return 0, 0, apperr.Internal(fmt.Errorf("rate counter %s: limit %d, %d tokens", id, limit, n))
	}
	n = min(n, limit)
	k := dynamo.Key(table.RateCounter(id), table.RateWindow(strconv.FormatInt(windowStart.Unix(), 10)))
	for {
		granted, count, short, err := s.take(ctx, op, k, ttl, limit, n)
		if err != nil || short == 0 {
			return granted, count, err
		}
		// Fewer than n left: the count only grows, so this loop ends by
		// the time it reaches the limit.
		n = short
	}
}

// take adds n to the count if it stays within limit. On a failed condition
// it returns the count seen and, when some tokens are left but fewer than
// n, how many (short); short is 0 otherwise.
func (s *Store) take(ctx context.Context, op string, k map[string]types.AttributeValue, ttl time.Time, limit, n int) (granted, count, short int, err error) {
	c := expression.Name(countAttribute)
	upd := expression.Add(c, expression.Value(n)).
		Set(expression.Name(table.TypeAttribute), expression.Value(table.TypeRateCounter)).
		Set(expression.Name(table.TTLAttribute), expression.Value(ttl.Unix()))
	cond := c.AttributeNotExists().Or(c.LessThanEqual(expression.Value(limit - n)))
	in, err := s.tb.UpdateInput(k, upd, cond, op)
	if err != nil {
		return 0, 0, 0, err
	}
	in.ReturnValues = types.ReturnValueUpdatedNew
	in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	out, err := s.tb.DB().UpdateItem(ctx, in)
	if old, failed := dynamo.ConditionFailedItem(err); failed {
		seen, perr := itemCount(old)
		switch {
		case perr == nil && seen >= limit:
			return 0, seen, 0, nil
		case perr == nil:
			return 0, seen, limit - seen, nil
		case n > 1:
			// Without the old count, ask for one token: its condition
			// alone proves whether the window is spent.
			return 0, 0, 1, nil
		default:
			return 0, limit, 0, nil
		}
	}
	if err != nil {
		return 0, 0, 0, dynamo.Unavailable(op, err)
	}
	count, err = itemCount(out.Attributes)
	if err != nil {
		return 0, 0, 0, apperr.Internal(fmt.Errorf("%s: %w", op, err))
	}
	return n, count, 0, nil
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
