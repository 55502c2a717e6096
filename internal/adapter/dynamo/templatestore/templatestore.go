// Package templatestore is the DynamoDB store of templates: their content,
// their versions and the review marker the sweeper finds them by. It
// imports the template feature alone; the review store reads templates
// through it.
package templatestore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/template"
)

// Store stores a ZBA's templates: their content, their versions and the
// review marker the sweeper finds them by.
type Store struct{ tb dynamo.Table }

// New returns the template store over the table.
func New(tb dynamo.Table) *Store { return &Store{tb: tb} }

var _ template.Store = (*Store)(nil)

// Key is the key of a template's item.
func Key(r template.Ref) map[string]types.AttributeValue {
	return dynamo.Key(table.ZBA(r.ZBAID), table.Template(r.Name, r.Language))
}

// RefOf is the reference of a template, for its Key.
func RefOf(t template.Template) template.Ref {
	return template.Ref{ZBAID: t.ZBAID, Name: t.Name, Language: t.Language}
}

// CountKey is the key of the item counting a ZBA's templates.
func CountKey(zbaID string) map[string]types.AttributeValue {
	return dynamo.Key(table.ZBA(zbaID), table.TemplateCountSK)
}

// CreateTemplate implements template.Store.
func (s *Store) CreateTemplate(ctx context.Context, t template.Template, reviewDue time.Time) error {
	return s.create(ctx, t, reviewDue, 0)
}

// CreateTemplateWithin implements template.Store.
func (s *Store) CreateTemplateWithin(ctx context.Context, t template.Template, reviewDue time.Time, maxTemplates int) error {
	return s.create(ctx, t, reviewDue, max(maxTemplates, 0))
}

// create is one transaction of two steps: the put of the template, on its
// absence, and the increment of its ZBA's count, on the count being below
// maxTemplates (no condition when maxTemplates is 0). Both conditions are
// checked against the committed state, so concurrent creates cannot take
// the count past the cap, and a refused create leaves both unchanged. A
// duplicate is reported as such even at the cap: the name is what the
// client must change first.
func (s *Store) create(ctx context.Context, t template.Template, reviewDue time.Time, maxTemplates int) error {
	const op = "create template"
	put, err := s.tb.TransactPut(toTemplateItem(t, reviewDue), dynamo.ItemAbsent, op)
	if err != nil {
		return err
	}
	count, err := s.countStep(t.ZBAID, 1, maxTemplates, op)
	if err != nil {
		return err
	}
	err = s.tb.TransactWrite(ctx, []types.TransactWriteItem{put, count})
	switch reasons := dynamo.CancelReasons(err); {
	case err == nil:
		return nil
	case len(reasons) == 2 && reasons[0] == dynamo.ConditionCheckFailed:
		return template.ErrExists
	case len(reasons) == 2 && reasons[1] == dynamo.ConditionCheckFailed:
		return template.ErrCapReached
	default:
		return outcomeError(op, err)
	}
}

// countStep is the transaction step that adds delta to the ZBA's count of
// templates (creating the count at 0 when missing), on the count being
// below maxTemplates when that is positive. A count never read back except
// by its own condition needs no version: the update is atomic.
func (s *Store) countStep(zbaID string, delta, maxTemplates int, op string) (types.TransactWriteItem, error) {
	n := expression.Name(countAttribute)
	upd := expression.Set(n, expression.Plus(n.IfNotExists(expression.Value(0)), expression.Value(delta))).
		Set(expression.Name(table.TypeAttribute), expression.Value(typeTemplateCount))
	var cond expression.ConditionBuilder
	if maxTemplates > 0 {
		cond = n.AttributeNotExists().Or(n.LessThan(expression.Value(maxTemplates)))
	}
	return s.tb.TransactUpdate(CountKey(zbaID), upd, cond, op)
}

// GetTemplate implements template.Store.
func (s *Store) GetTemplate(ctx context.Context, r template.Ref) (template.Template, error) {
	return getTemplate(ctx, s.tb, r)
}

// Reader gives a store that is not the template's own the read of a
// template its port needs (review.Store). Embedded, its GetTemplate sits
// one level deeper than this store's in the composite Store, so the two
// never clash.
type Reader struct{ tb dynamo.Table }

// NewReader returns the read of templates over the table.
func NewReader(tb dynamo.Table) Reader { return Reader{tb: tb} }

// GetTemplate implements review.Store.
func (r Reader) GetTemplate(ctx context.Context, ref template.Ref) (template.Template, error) {
	return getTemplate(ctx, r.tb, ref)
}

// getTemplate is a strongly consistent read, so a template reads back as
// soon as it is written.
func getTemplate(ctx context.Context, tb dynamo.Table, r template.Ref) (template.Template, error) {
	it, found, err := dynamo.GetItem[templateItem](ctx, tb, Key(r), true, "get template")
	if err != nil {
		return template.Template{}, err
	}
	if !found {
		return template.Template{}, template.ErrNotFound
	}
	return it.asDomain(), nil
}

// ReplaceTemplate implements template.Store: one conditional put on the
// version read, which also re-arms the review marker. The item as it was
// comes back with a failed condition, which tells a deleted template from
// an edited one without a second read.
func (s *Store) ReplaceTemplate(ctx context.Context, t template.Template, reviewDue time.Time) error {
	const op = "replace template"
	in, err := s.tb.PutInput(toTemplateItem(t, reviewDue), dynamo.VersionIs(t.Version-1), op)
	if err != nil {
		return err
	}
	in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	_, err = s.tb.DB().PutItem(ctx, in)
	return versionedWriteError(op, err)
}

// versionedWriteError is the error of a write conditional on the version
// read that asked for the item as it was when the condition failed:
// ErrNotFound when there was none, ErrConflict when it had changed.
func versionedWriteError(op string, err error) error {
	if old, failed := dynamo.ConditionFailedItem(err); failed {
		if old == nil {
			return template.ErrNotFound
		}
		return template.ErrConflict
	}
	return outcomeError(op, err)
}

// outcomeError is the error of a write that failed (nil when it did not)
// for want of an answer or of DynamoDB: one that may have been applied all
// the same wraps ErrOutcomeUnknown, for the service to settle it.
func outcomeError(op string, err error) error {
	switch {
	case err == nil:
		return nil
	case dynamo.OutcomeUnknown(err):
		return fmt.Errorf("%w: %w", template.ErrOutcomeUnknown, dynamo.Unavailable(op, err))
	}
	return dynamo.Unavailable(op, err)
}

// DeleteTemplates implements template.Store: one transaction of a
// conditional delete per template and the decrement of their ZBA's count
// by as many, so that a name's languages go together or not at all, and
// the count with them.
//
// The count never goes below zero: templates stored before the count
// existed were never counted, and a count below zero would let the ZBA
// past its cap by as many. The decrement is conditional on the count
// covering it; when it does not, the transaction is sent again with the
// count set to zero instead (conditional on it still being short, since a
// create may raise it in between).
//
// A transaction holds at most maxTransactItems actions, so a delete of
// that many templates (a name in every supported language) leaves the
// count to an update of its own once they are gone. Should that update
// fail, the count overstates what the ZBA holds: creates are refused
// early, never let past the cap, and the delete, which happened, is not
// reported as failed. So it does when the answer of that delete was lost
// and the service settles it: the count's update is not sent.
func (s *Store) DeleteTemplates(ctx context.Context, refs []template.Ref) error {
	const op = "delete templates"
	if len(refs) == 0 {
		return nil
	}
	deletes := make([]types.TransactWriteItem, 0, len(refs)+1)
	for _, r := range refs {
		del, err := s.tb.TransactDelete(Key(r), dynamo.ItemPresent, op)
		if err != nil {
			return err
		}
		deletes = append(deletes, del)
	}
	zbaID, n := refs[0].ZBAID, len(refs)
	if len(deletes) >= maxTransactItems {
		err := s.tb.TransactWrite(ctx, deletes)
		if slices.Contains(dynamo.CancelReasons(err), dynamo.ConditionCheckFailed) {
			return template.ErrNotFound
		}
		if err != nil {
			return outcomeError(op, err)
		}
		s.lowerCount(ctx, zbaID, n)
		return nil
	}
	for attempt, floor := 0, false; ; attempt, floor = attempt+1, !floor {
		count, err := s.decrementStep(zbaID, n, floor, op)
		if err != nil {
			return err
		}
		err = s.tb.TransactWrite(ctx, append(deletes[:n:n], count))
		reasons := dynamo.CancelReasons(err)
		switch {
		case err == nil:
			return nil
		case slices.Contains(reasons[:min(n, len(reasons))], dynamo.ConditionCheckFailed):
			return template.ErrNotFound
		case len(reasons) == n+1 && reasons[n] == dynamo.ConditionCheckFailed && attempt < countAttempts:
			// The count did not cover the decrement (or, floored, a
			// create covered it since): the other form.
			continue
		}
		return outcomeError(op, err)
	}
}

// countAttempts bounds the alternations between the decrement of a ZBA's
// count and its floor, each of which a concurrent create or delete may
// refuse; a create between two attempts is rare, so a few suffice.
const countAttempts = 4

// lowerCount lowers the ZBA's count by n, floored at zero, in updates of
// its own; a failure is left as the count overstating (see
// DeleteTemplates).
func (s *Store) lowerCount(ctx context.Context, zbaID string, n int) {
	const op = "lower template count"
	for attempt, floor := 0, false; attempt <= countAttempts; attempt, floor = attempt+1, !floor {
		upd, cond := decrement(n, floor)
		if err := s.tb.ConditionalUpdate(ctx, op, CountKey(zbaID), upd, cond, errCountMoved); !errors.Is(err, errCountMoved) {
			return
		}
	}
}

// errCountMoved: the count no longer fits the form of lowerCount's update.
var errCountMoved = errors.New("template count moved")

// decrementStep is the transaction step of decrement.
func (s *Store) decrementStep(zbaID string, n int, floor bool, op string) (types.TransactWriteItem, error) {
	upd, cond := decrement(n, floor)
	return s.tb.TransactUpdate(CountKey(zbaID), upd, cond, op)
}

// decrement lowers a ZBA's count by n on the condition that the count is
// at least n; floored, it sets the count to zero on the condition that it
// is below n (or missing).
func decrement(n int, floor bool) (expression.UpdateBuilder, expression.ConditionBuilder) {
	c := expression.Name(countAttribute)
	upd := expression.Set(c, expression.Minus(c, expression.Value(n)))
	cond := c.GreaterThanEqual(expression.Value(n))
	if floor {
		upd = expression.Set(c, expression.Value(0))
		cond = c.AttributeNotExists().Or(c.LessThan(expression.Value(n)))
	}
	return upd.Set(expression.Name(table.TypeAttribute), expression.Value(typeTemplateCount)), cond
}

// maxTransactItems is DynamoDB's limit on the actions of one transaction
// (template.MaxDeleteBatch is bound by it too).
const maxTransactItems = 100

// TemplatesNamed implements template.Store: the query reads the name's key
// range, whose prefix longer names share too; the filter keeps the exact
// name. It reads consistently: a delete acts on what it returns.
func (s *Store) TemplatesNamed(ctx context.Context, zbaID, name string) ([]template.Ref, error) {
	const op = "query template names"
	b := expression.NewBuilder().
		WithFilter(expression.Name("name").Equal(expression.Value(name))).
		WithProjection(expression.NamesList(expression.Name("name"), expression.Name("language")))
	in, err := s.tb.PrefixQuery(table.ZBA(zbaID), table.TemplateNamePrefix(name), b, op)
	if err != nil {
		return nil, err
	}
	in.ConsistentRead = aws.Bool(true)
	items, err := dynamo.QueryPages[templateItem](ctx, s.tb.DB(), in, -1, op)
	if err != nil {
		return nil, err
	}
	refs := make([]template.Ref, 0, len(items))
	for _, it := range items {
		refs = append(refs, template.Ref{ZBAID: zbaID, Name: it.Name, Language: it.Language})
	}
	return refs, nil
}

// QueryTemplates implements template.Store. It reads the ZBA's template key
// range from the boundary in the page's direction, filtering in DynamoDB
// and projecting the summary fields only, until it holds one template more
// than the page (which proves a next page exists), the range ends or the
// budget is spent: each Query evaluates at most budget.PerCall items (an
// unfiltered one asks for the page and one more only) and at most
// budget.Calls Queries are made.
func (s *Store) QueryTemplates(ctx context.Context, zbaID string, f template.Filter, from template.Position, limit int, budget template.ReadBudget) (template.Listed, error) {
	const op = "query templates"
	prefix := table.TemplatePrefix
	if f.Name != "" {
		prefix = table.TemplateNamePrefix(f.Name)
	}
	b := expression.NewBuilder().WithProjection(summaryProjection)
	filter, filtered := templateFilter(f)
	if filtered {
		b = b.WithFilter(filter)
	}
	q, err := s.tb.PrefixQuery(table.ZBA(zbaID), prefix, b, op)
	if err != nil {
		return template.Listed{}, err
	}
	q.ScanIndexForward = aws.Bool(!from.Backward)
	if from.Ref != nil {
		// The boundary need not exist any more: a start key is a position.
		q.ExclusiveStartKey = dynamo.Key(table.ZBA(zbaID), table.Template(from.Ref.Name, from.Ref.Language))
	}
	limit = max(limit, 0)
	items, stop, err := dynamo.QueryWithin[templateItem](ctx, s.tb.DB(), q, limit+1, filtered,
		dynamo.QueryBudget{PerCall: budget.PerCall, Calls: budget.Calls}, op)
	if err != nil {
		return template.Listed{}, err
	}
	res := template.Listed{More: len(items) > limit}
	if res.More {
		items = items[:limit]
	} else if stop != nil {
		res.Stop = stopRef(zbaID, stop)
	}
	res.Templates = make([]template.Template, len(items))
	for i, it := range items {
		res.Templates[i] = it.asSummary()
	}
	if from.Backward {
		slices.Reverse(res.Templates)
	}
	return res, nil
}

// summaryProjection is what a list reads of each template: the fields of
// the list's summaries. A template's components (up to tens of KB) stay in
// the table; the capacity a Query consumes is that of the whole items
// evaluated all the same, which is what the read budget bounds.
var summaryProjection = expression.NamesList(expression.Name("zba_id"), expression.Name("name"),
	expression.Name("language"), expression.Name("category"), expression.Name("correct_category"),
	expression.Name("status"), expression.Name("quality_score"), expression.Name("rejection_reason"))

// stopRef is the position of the last key a budgeted Query evaluated. The
// item itself may have been filtered out, so its name and language are
// read from its sort key: as a template id reads (template.ParseID), which
// is exact for any template a create validated; for any other, a split at
// the last underscore, which puts the two back together into the same
// key, and a position needs no more.
func stopRef(zbaID string, key map[string]types.AttributeValue) *template.Ref {
	var sk string
	if v, ok := key[table.SortKey].(*types.AttributeValueMemberS); ok {
		sk = v.Value
	}
	rest, _ := table.TemplateOf(sk)
	if r, ok := template.ParseID(zbaID + "_" + rest); ok && r.ZBAID == zbaID {
		return &r
	}
	i := strings.LastIndex(rest, "_")
	return &template.Ref{ZBAID: zbaID, Name: rest[:max(i, 0)], Language: rest[i+1:]}
}

// templateFilter is f as a filter expression: each field one IN of its
// alternatives, the fields ANDed; ok is false when f filters nothing. The
// name also narrows the key range (see QueryTemplates); the filter drops
// the longer names that share its prefix.
func templateFilter(f template.Filter) (expression.ConditionBuilder, bool) {
	statuses := make([]string, len(f.Statuses))
	for i, st := range f.Statuses {
		statuses[i] = string(st)
	}
	var names []string
	if f.Name != "" {
		names = []string{f.Name}
	}
	var conds []expression.ConditionBuilder
	for _, field := range []struct {
		attr   string
		values []string
	}{{"status", statuses}, {"category", f.Categories}, {"language", f.Languages}, {"quality_score", f.QualityScores}, {"name", names}} {
		if len(field.values) == 0 {
			continue
		}
		ops := make([]expression.OperandBuilder, len(field.values))
		for i, v := range field.values {
			ops[i] = expression.Value(v)
		}
		conds = append(conds, expression.Name(field.attr).In(ops[0], ops[1:]...))
	}
	switch len(conds) {
	case 0:
		return expression.ConditionBuilder{}, false
	case 1:
		return conds[0], true
	default:
		return expression.And(conds[0], conds[1], conds[2:]...), true
	}
}

// DueReviews implements template.Store: each review shard of the index is
// read up to the due time, until limit reviews are found.
func (s *Store) DueReviews(ctx context.Context, now time.Time, limit int) ([]template.Review, error) {
	items, err := dynamo.QueryDue[templateItem](ctx, s.tb, table.ReviewShards, table.ReviewShard, table.ReviewDueBy(now), limit,
		"query due reviews")
	var out []template.Review
	for _, it := range items {
		out = append(out, template.Review{ZBAID: it.ZBAID, Name: it.Name, Language: it.Language, Version: it.Version})
	}
	return out, err
}

// RearmReview implements template.Store. A template edited or decided since
// it was read is left alone, quietly: its own write set its marker (or
// removed it).
func (s *Store) RearmReview(ctx context.Context, r template.Review, due time.Time) error {
	upd := expression.Set(expression.Name(table.GSI1.SortKey), expression.Value(table.ReviewDue(due, r.ZBAID, r.Name, r.Language))).
		Set(expression.Name("review_due"), expression.Value(dynamo.FormatTime(due)))
	cond := dynamo.VersionIs(r.Version).And(expression.Name(table.GSI1.PartitionKey).AttributeExists())
	k := Key(template.Ref{ZBAID: r.ZBAID, Name: r.Name, Language: r.Language})
	return s.tb.ConditionalUpdate(ctx, "rearm review", k, upd, cond, nil)
}
