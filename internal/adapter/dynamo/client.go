// Package dynamo is the DynamoDB adapter: the single table behind the
// account, auth, template, webhook and rate-limit domains. Each aggregate has
// a small store of its own (Accounts, Templates, Reviews, Webhooks,
// RateCounters), built over one shared Table handle, so each function is
// given only the stores its feature needs. It is, with the SQS adapter, the
// only code that imports the AWS SDK's service packages.
package dynamo

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// API is the part of the DynamoDB client the stores use.
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

// Table is the handle every aggregate store of this package shares: the
// client and the name of the one table they all live in. It is a small
// value, so each store holds its own copy.
type Table struct {
	db   API
	name string
}

// NewTable returns the handle of the named table reached through db.
func NewTable(db API, name string) Table { return Table{db: db, name: name} }
