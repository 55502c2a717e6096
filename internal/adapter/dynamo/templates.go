package dynamo

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/template"
)

var _ template.Store = (*Store)(nil)

func templateKey(r template.Ref) map[string]types.AttributeValue {
	return key(table.ZBA(r.ZBAID), table.Template(r.Name, r.Language))
}

func str(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

// CreateTemplate implements template.Store.
func (s *Store) CreateTemplate(ctx context.Context, t template.Template, reviewDue time.Time) error {
	item, err := attributevalue.MarshalMap(toTemplateItem(t, reviewDue))
	if err != nil {
		return fmt.Errorf("marshal template: %w", err)
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.table), Item: item, ConditionExpression: notExists})
	if isConditionFailed(err) {
		return template.ErrExists
	}
	if err != nil {
		return unavailable("put template", err)
	}
	return nil
}

// GetTemplate implements template.Store with a strongly consistent read, so
// a template reads back as soon as it is written.
func (s *Store) GetTemplate(ctx context.Context, r template.Ref) (template.Template, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(s.table), Key: templateKey(r),
		ConsistentRead: aws.Bool(true)})
	if err != nil {
		return template.Template{}, unavailable("get template", err)
	}
	if out.Item == nil {
		return template.Template{}, template.ErrNotFound
	}
	var it templateItem
	if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
		return template.Template{}, fmt.Errorf("unmarshal template: %w", err)
	}
	return it.asDomain(), nil
}

// ReplaceTemplate implements template.Store: one conditional put on the
// version read, which also re-arms the review marker.
func (s *Store) ReplaceTemplate(ctx context.Context, t template.Template, reviewDue time.Time) error {
	item, err := attributevalue.MarshalMap(toTemplateItem(t, reviewDue))
	if err != nil {
		return fmt.Errorf("marshal template: %w", err)
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(s.table), Item: item,
		ConditionExpression:                 aws.String("version = :prev"),
		ExpressionAttributeValues:           map[string]types.AttributeValue{":prev": num(t.Version - 1)},
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		if ccf.Item == nil {
			return template.ErrNotFound
		}
		return template.ErrConflict
	}
	if err != nil {
		return unavailable("replace template", err)
	}
	return nil
}

func num(n int) types.AttributeValue { return &types.AttributeValueMemberN{Value: strconv.Itoa(n)} }

// DeleteTemplates implements template.Store: one conditional delete, or one
// transaction of them so that a name's languages go together or not at all.
func (s *Store) DeleteTemplates(ctx context.Context, refs []template.Ref) error {
	if len(refs) == 1 {
		_, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(s.table), Key: templateKey(refs[0]),
			ConditionExpression: exists})
		if isConditionFailed(err) {
			return template.ErrNotFound
		}
		if err != nil {
			return unavailable("delete template", err)
		}
		return nil
	}
	steps := make([]types.TransactWriteItem, len(refs))
	for i, r := range refs {
		steps[i] = types.TransactWriteItem{Delete: &types.Delete{TableName: aws.String(s.table), Key: templateKey(r),
			ConditionExpression: exists}}
	}
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: steps})
	if slices.Contains(cancelReasons(err), "ConditionalCheckFailed") {
		return template.ErrNotFound
	}
	if err != nil {
		return unavailable("delete templates", err)
	}
	return nil
}

// TemplatesNamed implements template.Store: the query reads the name's key
// range, whose prefix longer names share too; the filter keeps the exact name.
func (s *Store) TemplatesNamed(ctx context.Context, zbaID, name string) ([]template.Ref, error) {
	in := s.prefixQuery(table.ZBA(zbaID), table.TemplateNamePrefix(name))
	in.FilterExpression = aws.String("#name = :name")
	in.ProjectionExpression = aws.String("#name, #language")
	in.ExpressionAttributeNames = map[string]string{"#name": "name", "#language": "language"}
	in.ExpressionAttributeValues[":name"] = str(name)
	in.ConsistentRead = aws.Bool(true)
	items, err := queryAll[templateItem](ctx, s.db, in, "query template names")
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
	prefix := table.TemplatePrefix
	if f.Name != "" {
		prefix = table.TemplateNamePrefix(f.Name)
	}
	q := s.prefixQuery(table.ZBA(zbaID), prefix)
	q.ScanIndexForward = aws.Bool(!from.Backward)
	q.Limit = aws.Int32(int32(limit + 1))
	names, values := map[string]string{}, q.ExpressionAttributeValues
	var filters []string
	in := func(attr string, vals []string) {
		if len(vals) == 0 {
			return
		}
		names["#"+attr] = attr
		expr := "#" + attr + " IN ("
		for i, v := range vals {
			ph := ":" + attr + strconv.Itoa(i)
			values[ph] = str(v)
			if i > 0 {
				expr += ", "
			}
			expr += ph
		}
		filters = append(filters, expr+")")
	}
	statuses := make([]string, len(f.Statuses))
	for i, st := range f.Statuses {
		statuses[i] = string(st)
	}
	in("status", statuses)
	in("category", f.Categories)
	in("language", f.Languages)
	if f.Name != "" {
		in("name", []string{f.Name})
	}
	if len(filters) > 0 {
		q.ExpressionAttributeNames = names
		q.FilterExpression = aws.String(strings.Join(filters, " AND "))
	}
	if from.Ref != nil {
		q.ExclusiveStartKey = key(table.ZBA(zbaID), table.Template(from.Ref.Name, from.Ref.Language))
	}
	var out []template.Template
	for len(out) <= limit {
		page, err := s.db.Query(ctx, q)
		if err != nil {
			return nil, false, unavailable("query templates", err)
		}
		var items []templateItem
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, false, fmt.Errorf("unmarshal templates: %w", err)
		}
		for _, it := range items {
			out = append(out, it.asDomain())
		}
		if page.LastEvaluatedKey == nil {
			break
		}
		q.ExclusiveStartKey = page.LastEvaluatedKey
	}
	more := len(out) > limit
	if more {
		out = out[:limit]
	}
	if from.Backward {
		slices.Reverse(out)
	}
	return out, more, nil
}

// DueReviews implements template.Store: each review shard of the index is
// read up to the due time.
func (s *Store) DueReviews(ctx context.Context, now time.Time, limit int) ([]template.Review, error) {
	var out []template.Review
	for n := 0; n < table.ReviewShards && len(out) < limit; n++ {
		page, err := s.db.Query(ctx, &dynamodb.QueryInput{
			TableName:              aws.String(s.table),
			IndexName:              aws.String(table.GSI1.Name),
			KeyConditionExpression: aws.String("gsi1pk = :shard AND gsi1sk < :due"),
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":shard": str(table.ReviewShard(n)), ":due": str(table.ReviewDueBy(now)),
			},
			Limit: aws.Int32(int32(limit - len(out))),
		})
		if err != nil {
			return nil, unavailable("query due reviews", err)
		}
		var items []templateItem
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, fmt.Errorf("unmarshal templates: %w", err)
		}
		for _, it := range items {
			out = append(out, template.Review{ZBAID: it.ZBAID, Name: it.Name, Language: it.Language, Version: it.Version})
		}
	}
	return out, nil
}

// RearmReview implements template.Store. A template edited or decided since
// it was read is left alone: its own write set its marker.
func (s *Store) RearmReview(ctx context.Context, r template.Review, due time.Time) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:           aws.String(s.table),
		Key:                 templateKey(template.Ref{ZBAID: r.ZBAID, Name: r.Name, Language: r.Language}),
		ConditionExpression: aws.String("version = :v AND attribute_exists(gsi1pk)"),
		UpdateExpression:    aws.String("SET gsi1sk = :sk, review_due = :due"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":v": num(r.Version), ":sk": str(table.ReviewDue(due, r.ZBAID, r.Name, r.Language)), ":due": str(formatTime(due)),
		},
	})
	if err != nil && !isConditionFailed(err) {
		return unavailable("rearm review", err)
	}
	return nil
}
