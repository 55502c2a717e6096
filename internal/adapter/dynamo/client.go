// Package dynamo is the base of the DynamoDB adapter: the SDK client, the
// handle on the single table every aggregate lives in, its creation for
// local stacks and tests, and the helpers the aggregate stores share
// (reading one item, conditional writes, transactions, queries, the
// translation of SDK errors, the time format). It imports no feature.
//
// Each aggregate's store is a package of its own beside it (accountstore,
// keystore, templatestore, reviewstore, webhookstore, ratestore,
// messagestore, idemstore, callstore, providerstore) that imports only its
// own feature (idemstore none: its records are platform/idempotency's), so
// a function that builds a store links that store's feature and no other; composite puts the account, key, template, review,
// webhook and rate-count stores in one value for the local stack and tests.
// The keys are built in package table alone.
package dynamo

import (
	"context"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"svc/internal/adapter/sdkhttp"
)

// API is the part of the DynamoDB client the stores use.
type API interface {
	GetItem(ctx context.Context, in *dynamodb.GetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error)
	PutItem(ctx context.Context, in *dynamodb.PutItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
	UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
	DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error)
	Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
	TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error)
	TransactGetItems(ctx context.Context, in *dynamodb.TransactGetItemsInput, opts ...func(*dynamodb.Options)) (*dynamodb.TransactGetItemsOutput, error)
}

var _ API = (*dynamodb.Client)(nil)

// NewClient builds the DynamoDB client. endpoint overrides the service
// address (DynamoDB Local); its error responses carry no CRC32 header, so
// response checksum validation is switched off for it. opts adjust the
// client further (the request path's retry budget). Its HTTP client keeps
// connections alive (sdkhttp).
func NewClient(cfg aws.Config, endpoint string, opts ...func(*dynamodb.Options)) *dynamodb.Client {
	return dynamodb.NewFromConfig(cfg, append([]func(*dynamodb.Options){func(o *dynamodb.Options) {
		o.HTTPClient = sdkhttp.Client(o.HTTPClient)
		if endpoint != "" {
			o.BaseEndpoint = aws.String(endpoint)
			o.DisableValidateResponseChecksum = true
		}
	}}, opts...)...)
}

// Table is the handle every aggregate store shares: the client and the
// name of the one table they all live in. It is a small value, so each
// store holds its own copy.
type Table struct {
	db   API
	name string
}

// NewTable returns the handle of the named table reached through db.
func NewTable(db API, name string) Table { return Table{db: db, name: name} }

// DB is the client the table is reached through, for the calls a store
// sends itself (transactions, deletes, writes it sets more on).
func (tb Table) DB() API { return tb.db }

// Name is the table's name, for the inputs a store builds itself.
func (tb Table) Name() string { return tb.name }
