// Package templatestore is the DynamoDB store of templates: their content,
// their versions and the review marker the sweeper finds them by. It
// imports the template feature alone; the review store reads templates
// through it.
package templatestore

import (
	"context"
	"slices"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
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

// CreateTemplate implements template.Store.
func (s *Store) CreateTemplate(ctx context.Context, t template.Template, reviewDue time.Time) error {
	return s.tb.ConditionalPut(ctx, "put template", toTemplateItem(t, reviewDue), dynamo.ItemAbsent, template.ErrExists)
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
	if old, failed := dynamo.ConditionFailedItem(err); failed {
		if old == nil {
			return template.ErrNotFound
		}
		return template.ErrConflict
	}
	if err != nil {
		return dynamo.Unavailable(op, err)
	}
	return nil
}

// DeleteTemplates implements template.Store: one conditional delete, or one
// transaction of them so that a name's languages go together or not at all.
func (s *Store) DeleteTemplates(ctx context.Context, refs []template.Ref) error {
	e, err := dynamo.Build(expression.NewBuilder().WithCondition(dynamo.ItemPresent), "delete templates")
	if err != nil {
		return err
	}
	if len(refs) == 1 {
		_, err := s.tb.DB().DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(s.tb.Name()), Key: Key(refs[0]),
			ConditionExpression: e.Condition(), ExpressionAttributeNames: e.Names()})
		return dynamo.WriteError("delete template", err, template.ErrNotFound)
	}
	steps := make([]types.TransactWriteItem, len(refs))
	for i, r := range refs {
		steps[i] = types.TransactWriteItem{Delete: &types.Delete{TableName: aws.String(s.tb.Name()), Key: Key(r),
			ConditionExpression: e.Condition(), ExpressionAttributeNames: e.Names()}}
	}
	_, err = s.tb.DB().TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: steps})
	if slices.Contains(dynamo.CancelReasons(err), dynamo.ConditionCheckFailed) {
		return template.ErrNotFound
	}
	if err != nil {
		return dynamo.Unavailable("delete templates", err)
	}
	return nil
}

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
// range from the boundary in the page's direction, filtering in DynamoDB,
// until it holds one template more than the page (which proves a next
// page exists) or the range ends.
func (s *Store) QueryTemplates(ctx context.Context, zbaID string, f template.Filter, from template.Position, limit int) ([]template.Template, bool, error) {
	const op = "query templates"
	prefix := table.TemplatePrefix
	if f.Name != "" {
		prefix = table.TemplateNamePrefix(f.Name)
	}
	b := expression.NewBuilder()
	if filter, ok := templateFilter(f); ok {
		b = b.WithFilter(filter)
	}
	q, err := s.tb.PrefixQuery(table.ZBA(zbaID), prefix, b, op)
	if err != nil {
		return nil, false, err
	}
	q.ScanIndexForward = aws.Bool(!from.Backward)
	q.Limit = aws.Int32(int32(limit + 1))
	if from.Ref != nil {
		// The boundary need not exist any more: a start key is a position.
		q.ExclusiveStartKey = dynamo.Key(table.ZBA(zbaID), table.Template(from.Ref.Name, from.Ref.Language))
	}
	items, err := dynamo.QueryPages[templateItem](ctx, s.tb.DB(), q, limit+1, op)
	if err != nil {
		return nil, false, err
	}
	more := len(items) > limit
	if more {
		items = items[:limit]
	}
	out := make([]template.Template, len(items))
	for i, it := range items {
		out[i] = it.asDomain()
	}
	if from.Backward {
		slices.Reverse(out)
	}
	return out, more, nil
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
	}{{"status", statuses}, {"category", f.Categories}, {"language", f.Languages}, {"name", names}} {
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
	const op = "query due reviews"
	var out []template.Review
	for n := 0; n < table.ReviewShards && len(out) < limit; n++ {
		kc := expression.Key(table.GSI1.PartitionKey).Equal(expression.Value(table.ReviewShard(n))).
			And(expression.Key(table.GSI1.SortKey).LessThan(expression.Value(table.ReviewDueBy(now))))
		in, err := s.tb.QueryInput(table.GSI1.Name, kc, expression.NewBuilder(), op)
		if err != nil {
			return nil, err
		}
		in.Limit = aws.Int32(int32(limit - len(out)))
		items, err := dynamo.QueryPages[templateItem](ctx, s.tb.DB(), in, limit-len(out), op)
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			out = append(out, template.Review{ZBAID: it.ZBAID, Name: it.Name, Language: it.Language, Version: it.Version})
		}
	}
	return out, nil
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
