// Package dynamo is the DynamoDB adapter: the single-table store behind the
// account, auth and template domains. It is, with the SQS adapter, the only
// code that imports the AWS SDK's service packages.
package dynamo

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"svc/internal/platform/apperr"
)

// API is the part of the DynamoDB client the store uses.
type API interface {
	GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
	DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error)
	Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
	TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error)
}

var _ API = (*dynamodb.Client)(nil)

// NewClient builds the DynamoDB client. endpoint overrides the service
// address (DynamoDB Local); its error responses carry no CRC32 header, so
// response checksum validation is switched off for it.
func NewClient(cfg aws.Config, endpoint string) *dynamodb.Client {
	return dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
			o.DisableValidateResponseChecksum = true
		}
	})
}

// Store is the single-table store.
type Store struct {
	db    API
	table string
}

// New returns a store over the named table.
func New(db API, table string) *Store { return &Store{db: db, table: table} }

// unavailable marks a failed call as a dependency failure a retry may cure:
// clients see 131016, operators see the cause in the log. A request
// DynamoDB refuses as invalid is no outage: a retry cannot cure it, so it is
// an internal error (131000), which also keeps it out of "retry" advice.
func unavailable(op string, err error) error {
	err = fmt.Errorf("dynamodb %s: %w", op, err)
	var api smithy.APIError
	if errors.As(err, &api) && api.ErrorCode() == "ValidationException" {
		return apperr.Internal(err)
	}
	return apperr.Unavailable(err)
}

func isConditionFailed(err error) bool {
	var ccf *types.ConditionalCheckFailedException
	return errors.As(err, &ccf)
}

// cancelReasons returns the cancellation code of each action of a cancelled
// transaction, or nil for any other error.
func cancelReasons(err error) []string {
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

// prefixQuery is a query of one partition's items whose sort key starts
// with prefix; callers add filters, projections and paging to it.
func (s *Store) prefixQuery(pk, prefix string) *dynamodb.QueryInput {
	return &dynamodb.QueryInput{
		TableName:              aws.String(s.table),
		KeyConditionExpression: aws.String("pk = :pk AND begins_with(sk, :prefix)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: pk}, ":prefix": &types.AttributeValueMemberS{Value: prefix},
		},
	}
}

// queryAll runs a query to its last page and decodes every item as T.
func queryAll[T any](ctx context.Context, db API, in *dynamodb.QueryInput, op string) ([]T, error) {
	var out []T
	for p := dynamodb.NewQueryPaginator(db, in); p.HasMorePages(); {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, unavailable(op, err)
		}
		var items []T
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, fmt.Errorf("%s: unmarshal: %w", op, err)
		}
		out = append(out, items...)
	}
	return out, nil
}
