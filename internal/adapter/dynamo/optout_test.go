package dynamo_test

import (
	"errors"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo/messagestore"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/message"
)

// TestOptOutOfTheOldLayout: an opt-out stored before changes carried their
// time (no opted_out, no at_ms) still refuses marketing, and any later
// change replaces it.
func TestOptOutOfTheOldLayout(t *testing.T) {
	tb, name := freshTable(t)
	s, ctx := messagestore.New(tb), t.Context()
	s2 := func(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
	if _, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(name), Item: map[string]types.AttributeValue{
		table.PartitionKey: s2(table.Recipient("acme", "4915112345678")), table.SortKey: s2(table.OptOutSK),
		table.TypeAttribute: s2(table.TypeOptOut), "zba_id": s2("acme"), "recipient": s2("4915112345678"),
		"opted_out_at": s2("2026-01-01T00:00:00Z")}}); err != nil {
		t.Fatal(err)
	}
	l := message.Lookup{ZBAID: "acme", Recipient: "4915112345678", OptOut: true}
	at := time.Now().UTC()
	m := message.Message{ID: message.NewID(), ZBAID: "acme", PhoneNumberID: "pn-1", To: "4915112345678", Type: message.TypeTemplate,
		Status: message.StatusAccepted, CreatedAt: at, UpdatedAt: at}
	if f, err := s.Lookup(ctx, l); err != nil || !f.OptedOut {
		t.Fatalf("the old opt-out reads %+v %v", f, err)
	}
	if err := s.Accept(ctx, message.Acceptance{Message: m, CheckOptOut: true}); !errors.Is(err, message.ErrOptedOut) {
		t.Fatalf("a marketing acceptance over the old opt-out: %v", err)
	}
	if applied, err := s.SetMarketingOptOut(ctx, "acme", "4915112345678", false, at); err != nil || !applied {
		t.Fatalf("START over the old opt-out: recorded %v, %v", applied, err)
	}
	if f, err := s.Lookup(ctx, l); err != nil || f.OptedOut {
		t.Fatalf("after START %+v %v", f, err)
	}
	if err := s.Accept(ctx, message.Acceptance{Message: m, CheckOptOut: true}); err != nil {
		t.Fatalf("a marketing acceptance after START: %v", err)
	}
}
