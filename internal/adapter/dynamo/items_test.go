package dynamo_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo/accountstore"
	"svc/internal/adapter/dynamo/reviewstore"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/adapter/dynamo/templatestore"
	"svc/internal/adapter/dynamo/webhookstore"
	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/feature/template/classify"
	"svc/internal/feature/webhook"
)

// The item layout: what the table holds beyond what the ports show, which
// the contract suites cannot see (TTLs, the sparse review index).

// rawItem reads one item as DynamoDB holds it; nil when there is none.
func rawItem(t *testing.T, tableName, pk, sk string) map[string]types.AttributeValue {
	t.Helper()
	out, err := client.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: aws.String(tableName), ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{
			table.PartitionKey: &types.AttributeValueMemberS{Value: pk},
			table.SortKey:      &types.AttributeValueMemberS{Value: sk},
		}})
	if err != nil {
		t.Fatal(err)
	}
	return out.Item
}

// ttlOf is an item's TTL in epoch seconds; it fails the test unless the
// attribute is a Number, the only type DynamoDB expires items by.
func ttlOf(t *testing.T, item map[string]types.AttributeValue) int64 {
	t.Helper()
	n, ok := item[table.TTLAttribute].(*types.AttributeValueMemberN)
	if !ok {
		t.Fatalf("TTL must be a Number: %T", item[table.TTLAttribute])
	}
	v, err := strconv.ParseInt(n.Value, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestKeyItem: a key lives under its own id, is indexed under its ZBA, and
// stays for 30 days past its expiry or revocation, so its holder is told
// why it no longer works.
func TestKeyItem(t *testing.T) {
	tb, name := freshTable(t)
	s, ctx := accountstore.New(tb), t.Context()
	now := time.Now().UTC()
	if err := s.CreateZBA(ctx, account.ZBA{ID: "acme", CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	expiry := now.Add(time.Hour)
	scopes := []auth.Scope{auth.ScopeManagement}
	_, expiring, _ := auth.MintKey("acme", scopes, now, &expiry)
	_, lasting, _ := auth.MintKey("acme", scopes, now, nil)
	for _, k := range []auth.Key{expiring, lasting} {
		if err := s.PutKey(ctx, k); err != nil {
			t.Fatal(err)
		}
	}
	const retention = 30 * 24 * time.Hour
	item := rawItem(t, name, table.APIKey(expiring.ID), table.APIKey(expiring.ID))
	if got := ttlOf(t, item); got != expiry.Add(retention).Unix() {
		t.Errorf("expiring key TTL %d, want its expiry + 30 days", got)
	}
	if attrString(item[table.GSI1.PartitionKey]) != table.ZBA("acme") || attrString(item[table.GSI1.SortKey]) != table.APIKey(expiring.ID) {
		t.Errorf("a key is indexed under its ZBA: %v", item)
	}
	if _, ok := rawItem(t, name, table.APIKey(lasting.ID), table.APIKey(lasting.ID))[table.TTLAttribute]; ok {
		t.Error("a key without expiry has no TTL until it is revoked")
	}
	if _, err := s.RevokeKey(ctx, lasting.ID, now); err != nil {
		t.Fatal(err)
	}
	if got := ttlOf(t, rawItem(t, name, table.APIKey(lasting.ID), table.APIKey(lasting.ID))); got != now.Add(retention).Unix() {
		t.Errorf("revoked key TTL %d, want the revocation + 30 days", got)
	}
}

// TestAttemptItem: attempts live in their ZBA's partition and expire 30
// days after they were made.
func TestAttemptItem(t *testing.T) {
	tb, name := freshTable(t)
	at := time.Now().UTC()
	if err := webhookstore.New(tb).RecordAttempt(t.Context(), "acme", "evt_a", 3, webhook.Attempt{At: at, StatusCode: 200}); err != nil {
		t.Fatal(err)
	}
	item := rawItem(t, name, table.ZBA("acme"), table.Attempt("evt_a", 3))
	if item == nil || attrString(item[table.TypeAttribute]) != table.TypeAttempt {
		t.Fatalf("attempt item: %v", item)
	}
	if got := ttlOf(t, item); got != at.Add(30*24*time.Hour).Unix() {
		t.Errorf("attempt TTL %d, want 30 days after the attempt", got)
	}
}

// TestReviewIndexIsSparse: a template is in the review index, under its
// shard and due time, only while its review is armed; the sweeper's query
// then reads pending reviews and nothing else.
func TestReviewIndexIsSparse(t *testing.T) {
	tb, name := freshTable(t)
	templates, reviews, ctx := templatestore.New(tb), reviewstore.New(tb), t.Context()
	due := time.Now().UTC().Add(time.Minute)
	tpl := template.Template{ZBAID: "acme", Name: "order", Language: "en", Status: template.StatusPending,
		Components: []byte(`[]`), Version: 1}
	marker := func() (string, string, string) {
		item := rawItem(t, name, table.ZBA("acme"), table.Template("order", "en"))
		return attrString(item[table.GSI1.PartitionKey]), attrString(item[table.GSI1.SortKey]), attrString(item["review_due"])
	}
	if err := templates.CreateTemplate(ctx, tpl, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if pk, sk, d := marker(); pk != "" || sk != "" || d != "" {
		t.Fatalf("an unarmed template is out of the index: %q %q %q", pk, sk, d)
	}
	tpl.Version = 2
	if err := templates.ReplaceTemplate(ctx, tpl, due); err != nil {
		t.Fatal(err)
	}
	wantPK := table.ReviewShard(table.ReviewShardOf("acme", "order", "en"))
	if pk, sk, _ := marker(); pk != wantPK || sk != table.ReviewDue(due, "acme", "order", "en") {
		t.Fatalf("armed: %q %q, want %q under its due time", pk, sk, wantPK)
	}
	if err := reviews.RecordDecision(ctx, tpl, classify.Decision{Status: "APPROVED", Category: "UTILITY", Version: "v1"}, due); err != nil {
		t.Fatal(err)
	}
	if pk, sk, d := marker(); pk != "" || sk != "" || d != "" {
		t.Fatalf("a decision takes the template out of the index: %q %q %q", pk, sk, d)
	}
}
