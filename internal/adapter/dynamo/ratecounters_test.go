package dynamo_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
)

// rateWindow is the start of an aligned one-minute window for the counter tests.
var rateWindow = ratelimit.Policy{Limit: 1, Window: time.Minute}.WindowStart(time.Now())

func TestRateCounterLimit(t *testing.T) {
	s, ctx := freshStore(t), context.Background()
	ttl := rateWindow.Add(time.Minute + ratelimit.TTLSlack)
	type hit struct {
		zba     string
		start   time.Time
		count   int
		allowed bool
	}
	tests := []hit{
		{"acme", rateWindow, 1, true},
		{"acme", rateWindow, 2, true},
		{"acme", rateWindow, 3, true},
		{"acme", rateWindow, 3, false}, // at the limit: refused, count unchanged
		{"acme", rateWindow, 3, false},
		{"rival", rateWindow, 1, true},                  // another ZBA has its own count
		{"acme", rateWindow.Add(time.Minute), 1, true},  // the next window starts afresh
		{"acme", rateWindow.Add(-time.Minute), 1, true}, // and so does an earlier one
		{"acme-2", rateWindow, 1, true},                 // no prefix confusion between ids
		{"rival", rateWindow, 2, true},                  // still independent of acme
		{"acme", rateWindow.Add(time.Minute), 2, true},  // the windows do not share a count
	}
	for i, tc := range tests {
		n, ok, err := s.Hit(ctx, tc.zba, tc.start, ttl, 3)
		if err != nil || n != tc.count || ok != tc.allowed {
			t.Fatalf("hit %d (%s at %v): count %d allowed %v err %v, want %d %v",
				i+1, tc.zba, tc.start.Sub(rateWindow), n, ok, err, tc.count, tc.allowed)
		}
	}
	// A higher limit (a redeploy mid-window) lets the same window continue.
	if n, ok, err := s.Hit(ctx, "acme", rateWindow, ttl, 4); err != nil || n != 4 || !ok {
		t.Fatalf("raised limit: %d %v %v", n, ok, err)
	}
	// A lower one refuses and reports the real count.
	if n, ok, err := s.Hit(ctx, "acme", rateWindow, ttl, 2); err != nil || n != 4 || ok {
		t.Fatalf("lowered limit: %d %v %v", n, ok, err)
	}
	if _, _, err := s.Hit(ctx, "acme", rateWindow, ttl, 0); apperr.From(err).Code != apperr.CodeInternal {
		t.Fatalf("limit 0 is a programming error: %v", err)
	}
}

// TestRateCounterItem reads the raw item, so it needs the table's name,
// which freshStore keeps to itself.
func TestRateCounterItem(t *testing.T) {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	name, ctx := "rate-"+hex.EncodeToString(b), context.Background()
	if err := dynamo.CreateTable(ctx, client, name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = dynamo.DeleteTable(context.Background(), client, name) })
	s := dynamo.New(client, name)

	ttl := rateWindow.Add(time.Minute + ratelimit.TTLSlack)
	for range 2 {
		if _, ok, err := s.Hit(ctx, "acme", rateWindow, ttl, 5); err != nil || !ok {
			t.Fatal(ok, err)
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
		var got string
		switch av := out.Item[attr].(type) {
		case *types.AttributeValueMemberN:
			got = av.Value
		case *types.AttributeValueMemberS:
			got = av.Value
		}
		if got != v {
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

// TestRateCounterConcurrent fires twice the limit at one window at once:
// exactly limit hits are allowed, and they saw the counts 1..limit.
func TestRateCounterConcurrent(t *testing.T) {
	s, ctx := freshStore(t), context.Background()
	const limit = 25
	ttl := rateWindow.Add(time.Minute + ratelimit.TTLSlack)
	var (
		mu      sync.Mutex
		counts  []int
		refused int
		wg      sync.WaitGroup
	)
	for range 2 * limit {
		wg.Go(func() {
			n, ok, err := s.Hit(ctx, "acme", rateWindow, ttl, limit)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err != nil:
				t.Error(err)
			case ok:
				counts = append(counts, n)
			default:
				refused++
			}
		})
	}
	wg.Wait()
	slices.Sort(counts)
	if len(counts) != limit || refused != limit || counts[0] != 1 || counts[limit-1] != limit || len(slices.Compact(counts)) != limit {
		t.Fatalf("allowed counts %v, refused %d", counts, refused)
	}
}

// TestLimiterOverDynamo runs the domain limiter on the store: 2 × limit
// parallel requests of one ZBA give exactly limit allowed, and every refusal
// is a 429 with a Retry-After within the window.
func TestLimiterOverDynamo(t *testing.T) {
	s := freshStore(t)
	now := rateWindow.Add(20 * time.Second)
	l := ratelimit.Limiter{Policy: ratelimit.Policy{Limit: 10, Window: time.Minute}, Counter: s,
		Now: func() time.Time { return now }}
	var (
		mu        sync.Mutex
		allowed   int
		remaining []int
		wg        sync.WaitGroup
	)
	for range 20 {
		wg.Go(func() {
			d, err := l.Allow(context.Background(), "acme")
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				t.Error(err)
				return
			}
			if d.Allowed {
				allowed++
				remaining = append(remaining, d.Remaining)
				return
			}
			if e := apperr.From(d.Err()); e.Status() != 429 || d.Headers()["Retry-After"] != "40" || d.Remaining != 0 {
				t.Errorf("refusal: %d %v", e.Status(), d.Headers())
			}
		})
	}
	wg.Wait()
	slices.Sort(remaining)
	if allowed != 10 || remaining[0] != 0 || remaining[9] != 9 {
		t.Fatalf("allowed %d, remaining %v", allowed, remaining)
	}
}

func TestRateCounterUnavailable(t *testing.T) {
	cfg, _ := config.LoadDefaultConfig(context.Background(), config.WithRegion("us-east-1"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("test", "test", "")),
		config.WithRetryMaxAttempts(1))
	dead := dynamo.New(dynamo.NewClient(cfg, "http://127.0.0.1:1"), "t")
	l := ratelimit.Limiter{Policy: ratelimit.DefaultPolicy, Counter: dead}
	d, err := l.Allow(context.Background(), "acme")
	if apperr.From(err).Code != apperr.CodeUnavailable || apperr.From(err).Status() != 503 || d.Allowed || d.Headers() != nil {
		t.Fatalf("an unreachable store neither allows nor refuses, it is 503: %+v %v", d, err)
	}
}
