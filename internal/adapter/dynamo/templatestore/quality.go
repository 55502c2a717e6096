package templatestore

import (
	"context"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/template"
)

// The methods of quality.Store, which the contract suite holds this store
// to. The package does not import quality: that would link the webhook
// feature into every function that reads templates.

// recordAttempts bounds the writes of one outcome: the count itself, or a
// slot reset that lost to a concurrent one and is followed by the count.
const recordAttempts = 4

// RecordOutcome implements quality.Store. The common case is one
// UpdateItem: the count added to the hour's slot, on the slot holding that
// hour. When the slot holds an older hour (or none, or the template has no
// outcome map yet) the condition fails and the slot is written afresh with
// this outcome counted, on the slot still being stale; a concurrent writer
// that got there first makes that fail in turn, and the count is retried.
// ReturnValues gives the template as written, so no read follows.
func (s *Store) RecordOutcome(ctx context.Context, r template.Ref, o template.Outcome, at time.Time) (template.Template, error) {
	const op = "record template outcome"
	hour := template.HourOf(at)
	slot := expression.Name(outcomesAttribute).AppendName(expression.Name(strconv.Itoa(template.SlotOf(hour))))
	count := slot.AppendName(expression.Name(string(o)))
	hourOf := slot.AppendName(expression.Name(slotHour))
	fresh := map[string]int64{slotHour: hour}
	for _, k := range template.AllOutcomes {
		fresh[string(k)] = 0
	}
	fresh[string(o)] = 1
	outcomes := expression.Name(outcomesAttribute)
	for range recordAttempts {
		// The count.
		upd := expression.Set(count, expression.Plus(count, expression.Value(1)))
		tmpl, done, gone, err := s.updateOutcome(ctx, r, upd, hourOf.Equal(expression.Value(hour)), op)
		if done || err != nil {
			return tmpl, err
		}
		if gone {
			return template.Template{}, template.ErrNotFound
		}
		// The slot afresh, in a map that exists, or the map itself.
		upd = expression.Set(slot, expression.Value(fresh))
		cond := outcomes.AttributeExists().And(expression.Or(slot.AttributeNotExists(), hourOf.NotEqual(expression.Value(hour))))
		if tmpl, done, gone, err = s.updateOutcome(ctx, r, upd, cond, op); done || err != nil {
			return tmpl, err
		}
		if gone {
			return template.Template{}, template.ErrNotFound
		}
		upd = expression.Set(outcomes, expression.Value(map[string]map[string]int64{strconv.Itoa(template.SlotOf(hour)): fresh}))
		cond = dynamo.ItemPresent.And(outcomes.AttributeNotExists().Or(outcomes.AttributeType(expression.Null)))
		if tmpl, done, gone, err = s.updateOutcome(ctx, r, upd, cond, op); done || err != nil {
			return tmpl, err
		}
		if gone {
			return template.Template{}, template.ErrNotFound
		}
	}
	return template.Template{}, dynamo.Unavailable(op, template.ErrConflict)
}

// updateOutcome sends one update of the outcome window: done with the
// template as written, or gone when there is no such template, or neither
// when its condition failed on the template as it stands.
func (s *Store) updateOutcome(ctx context.Context, r template.Ref, upd expression.UpdateBuilder, cond expression.ConditionBuilder, op string) (t template.Template, done, gone bool, err error) {
	in, err := s.tb.UpdateInput(Key(r), upd, cond, op)
	if err != nil {
		return template.Template{}, false, false, err
	}
	in.ReturnValues = types.ReturnValueAllNew
	in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	out, err := s.tb.DB().UpdateItem(ctx, in)
	if old, failed := dynamo.ConditionFailedItem(err); failed {
		return template.Template{}, false, old == nil, nil
	}
	if err != nil {
		return template.Template{}, false, false, dynamo.Unavailable(op, err)
	}
	var it templateItem
	if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
		return template.Template{}, false, false, dynamo.Unavailable(op, err)
	}
	return it.asDomain(), true, false, nil
}

// UpdateQuality implements quality.Store: one UpdateItem on the version
// read. A PAUSED template gets the pause marker in the index; any other
// status leaves the index (a pause ended, or the template is disabled and
// is never reviewed again).
func (s *Store) UpdateQuality(ctx context.Context, t template.Template, resetOutcomes bool) error {
	const op = "update template quality"
	upd := expression.Set(expression.Name("status"), expression.Value(string(t.Status))).
		Set(expression.Name("quality_score"), expression.Value(t.QualityScore)).
		Set(expression.Name("pauses"), expression.Value(t.Pauses)).
		Set(expression.Name("updated_at"), expression.Value(dynamo.FormatTime(t.UpdatedAt))).
		Set(expression.Name(table.VersionAttribute), expression.Value(t.Version))
	if t.Status == template.StatusPaused && !t.PausedUntil.IsZero() {
		upd = upd.Set(expression.Name("paused_until"), expression.Value(dynamo.FormatTime(t.PausedUntil))).
			Set(expression.Name(table.GSI1.PartitionKey), expression.Value(table.PauseShard(table.ReviewShardOf(t.ZBAID, t.Name, t.Language)))).
			Set(expression.Name(table.GSI1.SortKey), expression.Value(table.PauseEnd(t.PausedUntil, t.ZBAID, t.Name, t.Language)))
	} else {
		upd = upd.Remove(expression.Name("paused_until")).
			Remove(expression.Name(table.GSI1.PartitionKey)).Remove(expression.Name(table.GSI1.SortKey)).
			Remove(expression.Name("review_due"))
	}
	if t.DisabledAt.IsZero() {
		upd = upd.Remove(expression.Name("disabled_at"))
	} else {
		upd = upd.Set(expression.Name("disabled_at"), expression.Value(dynamo.FormatTime(t.DisabledAt)))
	}
	if len(t.PendingEvents) > 0 {
		upd = upd.Set(expression.Name(pendingEventsAttribute), expression.Value(string(t.PendingEvents)))
	} else {
		upd = upd.Remove(expression.Name(pendingEventsAttribute))
	}
	if resetOutcomes {
		upd = upd.Set(expression.Name(outcomesAttribute), expression.Value(map[string]map[string]int64{}))
	}
	in, err := s.tb.UpdateInput(Key(RefOf(t)), upd, dynamo.VersionIs(t.Version-1), op)
	if err != nil {
		return err
	}
	in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	_, err = s.tb.DB().UpdateItem(ctx, in)
	return versionedWriteError(op, err)
}

// DuePauseEnds implements quality.Store: each pause shard of the index is
// read up to now, until limit templates are found.
func (s *Store) DuePauseEnds(ctx context.Context, now time.Time, limit int) ([]template.Ref, error) {
	items, err := dynamo.QueryDue[templateItem](ctx, s.tb, table.ReviewShards, table.PauseShard, table.PauseEndBy(now), limit,
		"query due pause ends")
	out := []template.Ref{}
	for _, it := range items {
		out = append(out, template.Ref{ZBAID: it.ZBAID, Name: it.Name, Language: it.Language})
	}
	return out, err
}

const pendingEventsAttribute = "pending_events"

// ClearPendingEvents implements quality.Store: a template changed since is
// left alone, quietly (its own transition wrote its own events).
func (s *Store) ClearPendingEvents(ctx context.Context, r template.Ref, version int) error {
	return s.tb.ConditionalUpdate(ctx, "clear pending template events", Key(r),
		expression.Remove(expression.Name(pendingEventsAttribute)), dynamo.VersionIs(version), nil)
}
