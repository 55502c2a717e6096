package dynamo_test

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/ratestore"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
)

// rateWindow is the start of an aligned one-minute window for the counter tests.
var rateWindow = ratelimit.Policy{Limit: 1, Window: time.Minute}.WindowStart(time.Now())

// TestRateCounterItem reads the raw item: its own partition, a Number TTL
// DynamoDB can expire it by, and nothing else.
func TestRateCounterItem(t *testing.T) {
	tb, name := freshTable(t)
	s, ctx := ratestore.New(tb), t.Context()
	ttl := rateWindow.Add(time.Minute + ratelimit.TTLSlack)
	for range 2 {
		if granted, _, err := s.Take(ctx, "acme", rateWindow, ttl, 5, 1); err != nil || granted != 1 {
			t.Fatal(granted, err)
		}
	}
	start := strconv.FormatInt(rateWindow.Unix(), 10)
	out, err := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(name), ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{
			table.PartitionKey: &types.AttributeValueMemberS{Value: "RATE#acme"},
			table.SortKey:      &types.AttributeValueMemberS{Value: "RATE#" + start},
		}})
	if err != nil || out.Item == nil {
		t.Fatalf("counter item: %v %v", out, err)
	}
	want := map[string]string{
		table.TTLAttribute:  strconv.FormatInt(ttl.Unix(), 10),
		"count":             "2",
		table.TypeAttribute: table.TypeRateCounter,
	}
	for attr, v := range want {
		if got := attrString(out.Item[attr]); got != v {
			t.Errorf("%s = %q, want %q", attr, got, v)
		}
	}
	if _, ok := out.Item[table.TTLAttribute].(*types.AttributeValueMemberN); !ok {
		t.Errorf("TTL must be a Number for DynamoDB to expire the item: %T", out.Item[table.TTLAttribute])
	}
	if _, ok := out.Item[table.GSI1.PartitionKey]; ok || len(out.Item) != 5 {
		t.Errorf("the counter stays out of the index and carries nothing else: %v", out.Item)
	}
}

// TestRateCounterLimitZero: a limit below one is a programming error, not a
// refusal.
func TestRateCounterLimitZero(t *testing.T) {
	s := ratestore.New(fresh(t))
	ttl := rateWindow.Add(time.Minute + ratelimit.TTLSlack)
	if _, _, err := s.Take(t.Context(), "acme", rateWindow, ttl, 0, 1); apperr.From(err).Code != apperr.CodeInternal {
		t.Fatalf("limit 0: %v, want 131000", err)
	}
}

// TestRateCounterUnavailable: a limiter whose counter cannot be reached
// neither allows nor refuses; it is 503.
func TestRateCounterUnavailable(t *testing.T) {
	cfg, err := config.LoadDefaultConfig(context.Background(), config.WithRegion("us-east-1"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("test", "test", "")),
		config.WithRetryMaxAttempts(1))
	if err != nil {
		t.Fatal(err)
	}
	dead := ratestore.New(dynamo.NewTable(dynamo.NewClient(cfg, "http://127.0.0.1:1"), "t"))
	for _, l := range []ratelimit.Limiter{
		{Policy: ratelimit.DefaultPolicy, Counter: dead},
		{Policy: ratelimit.DefaultPolicy, Counter: dead, Blocks: ratelimit.NewBlocks(ratelimit.DefaultBlock)},
	} {
		d, err := l.Allow(t.Context(), "acme")
		if apperr.From(err).Code != apperr.CodeUnavailable || apperr.From(err).Status() != 503 || d.Allowed || d.Headers() != nil {
			t.Fatalf("an unreachable store neither allows nor refuses, it is 503 (blocks %v): %+v %v", l.Blocks != nil, d, err)
		}
	}
}

// attrString is a String or Number attribute's text, "" for anything else.
func attrString(av types.AttributeValue) string {
	switch v := av.(type) {
	case *types.AttributeValueMemberN:
		return v.Value
	case *types.AttributeValueMemberS:
		return v.Value
	}
	return ""
}
