package dynamo

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/table"
	"svc/internal/template"
)

var _ template.Store = (*Store)(nil)

// ListTemplates implements template.Store with one query over the ZBA's
// partition, following pages until the end.
func (s *Store) ListTemplates(ctx context.Context, zbaID string) ([]template.Template, error) {
	in := &dynamodb.QueryInput{
		TableName:              aws.String(s.table),
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :prefix)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk":     &types.AttributeValueMemberS{Value: table.ZBA(zbaID)},
			":prefix": &types.AttributeValueMemberS{Value: table.TemplatePrefix},
		},
	}
	var out []template.Template
	for p := dynamodb.NewQueryPaginator(s.db, in); p.HasMorePages(); {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, unavailable("query templates", err)
		}
		var items []templateItem
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, fmt.Errorf("unmarshal templates: %w", err)
		}
		for _, it := range items {
			out = append(out, it.asDomain())
		}
	}
	return out, nil
}

// PutTemplate stores a template only if none exists with its name and
// language. The template issue builds create and edit on it.
func (s *Store) PutTemplate(ctx context.Context, t template.Template) error {
	item, err := attributevalue.MarshalMap(toTemplateItem(t))
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
