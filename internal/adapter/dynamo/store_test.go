package dynamo_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/accountstore"
	"svc/internal/adapter/dynamo/composite"
	"svc/internal/adapter/dynamo/idemstore"
	"svc/internal/adapter/dynamo/keystore"
	"svc/internal/adapter/dynamo/messagestore"
	"svc/internal/adapter/dynamo/ratestore"
	"svc/internal/adapter/dynamo/reviewstore"
	"svc/internal/adapter/dynamo/templatestore"
	"svc/internal/adapter/dynamo/webhookstore"
	"svc/internal/feature/account"
	"svc/internal/feature/template"
	"svc/internal/feature/template/classify"
	"svc/internal/feature/webhook"
	"svc/internal/local/emulators"
	"svc/internal/local/storecontract"
	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
)

// The tests of the base and of every store package (accountstore,
// keystore, templatestore, reviewstore, webhookstore, ratestore, composite)
// live in this one test binary, so that they share one DynamoDB Local.

var client *dynamodb.Client

// ddbEndpoint and sdkConfig are DynamoDB Local's address and the SDK
// configuration client was built from, for tests of the client itself.
var (
	ddbEndpoint string
	sdkConfig   aws.Config
)

func TestMain(m *testing.M) {
	ddb, _, stop, err := emulators.ForTests()
	if err != nil {
		fmt.Fprintln(os.Stderr, "emulators:", err)
		os.Exit(1)
	}
	cfg, err := config.LoadDefaultConfig(context.Background(), config.WithRegion("us-east-1"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("test", "test", "")))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	client, ddbEndpoint, sdkConfig = dynamo.NewClient(cfg, ddb), ddb, cfg
	code := m.Run()
	stop()
	os.Exit(code)
}

// freshTable creates a table with a random name on DynamoDB Local, drops it
// after the test, and returns its handle and name (for tests that read raw
// items).
func freshTable(t testing.TB) (dynamo.Table, string) {
	t.Helper()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	name := "store-" + hex.EncodeToString(b)
	if err := dynamo.CreateTable(t.Context(), client, name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = dynamo.DeleteTable(context.Background(), client, name) })
	return dynamo.NewTable(client, name), name
}

// fresh is the handle of a new empty table.
func fresh(t *testing.T) dynamo.Table {
	t.Helper()
	tb, _ := freshTable(t)
	return tb
}

// The contracts of the domain's ports, each run on the store that serves it
// in a function.

func TestAccountsContract(t *testing.T) {
	storecontract.Accounts(t, func(t *testing.T) account.Store { return accountstore.New(fresh(t)) })
}

func TestKeysContract(t *testing.T) {
	storecontract.Keys(t, func(t *testing.T) storecontract.KeyStores {
		tb := fresh(t)
		return storecontract.KeyStores{Accounts: accountstore.New(tb), Keys: keystore.New(tb)}
	})
}

func TestTemplatesContract(t *testing.T) {
	storecontract.Templates(t, func(t *testing.T) template.Store { return templatestore.New(fresh(t)) })
}

func TestReviewsContract(t *testing.T) {
	storecontract.Reviews(t, func(t *testing.T) storecontract.ReviewStores {
		tb := fresh(t)
		return storecontract.ReviewStores{Templates: templatestore.New(tb), Reviews: reviewstore.New(tb)}
	})
}

func TestSubscriptionsContract(t *testing.T) {
	storecontract.Subscriptions(t, func(t *testing.T) storecontract.SubscriptionStores {
		tb := fresh(t)
		return storecontract.SubscriptionStores{Accounts: accountstore.New(tb), Subscriptions: webhookstore.New(tb)}
	})
}

func TestAttemptsContract(t *testing.T) {
	storecontract.Attempts(t, func(t *testing.T) storecontract.AttemptLog { return webhookstore.New(fresh(t)) })
}

func TestRateCountersContract(t *testing.T) {
	storecontract.RateCounters(t, func(t *testing.T) ratelimit.Counter { return ratestore.New(fresh(t)) })
}

func TestMessagesContract(t *testing.T) {
	storecontract.Messages(t, func(t *testing.T) storecontract.MessageStores {
		tb := fresh(t)
		return storecontract.MessageStores{Accounts: accountstore.New(tb), Templates: templatestore.New(tb),
			Messages: messagestore.New(tb), Idempotency: idemstore.New(tb)}
	})
}

// TestCompositeStore checks that the local stack's all-in-one Store reaches
// one table through every aggregate, and that its GetTemplate and GetZBA are
// the owning aggregates'.
func TestCompositeStore(t *testing.T) {
	_, name := freshTable(t)
	s, ctx := composite.New(client, name), t.Context()
	if err := s.CreateZBA(ctx, account.ZBA{ID: "acme", CreatedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetWebhook(ctx, "acme", "https://x.example/hook", nil, 1); err != nil {
		t.Fatal(err)
	}
	if err := s.DisableWebhook(ctx, "acme", 1); err != nil {
		t.Fatal(err)
	}
	if z, err := s.GetZBA(ctx, "acme"); err != nil || z.WebhookURL != "" || z.WebhookGeneration != 1 {
		t.Fatalf("zba: %+v %v", z, err)
	}
	tpl := template.Template{ZBAID: "acme", Name: "order", Language: "en", Status: template.StatusPending, Version: 1,
		Components: []byte(`[]`)}
	ref := template.Ref{ZBAID: "acme", Name: "order", Language: "en"}
	if err := s.CreateTemplate(ctx, tpl, time.Time{}); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordDecision(ctx, tpl, classify.Decision{Status: "APPROVED", Category: "UTILITY", Version: "v1"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if got, err := s.GetTemplate(ctx, ref); err != nil || got.Status != template.StatusApproved {
		t.Fatalf("template: %+v %v", got, err)
	}
	if err := s.RecordAttempt(ctx, "acme", "evt_a", 1, webhook.Attempt{At: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if got, err := s.ListAttempts(ctx, "acme", ""); err != nil || len(got) != 1 {
		t.Fatalf("attempts: %+v %v", got, err)
	}
}

// TestCreateTableTwice: creating an existing table is a no-op, so a local
// stack may start over a table a previous run left.
func TestCreateTableTwice(t *testing.T) {
	_, name := freshTable(t)
	if err := dynamo.CreateTable(t.Context(), client, name); err != nil {
		t.Fatalf("creating an existing table must be a no-op: %v", err)
	}
}

// TestUnavailable: every store maps a DynamoDB it cannot reach to 131016,
// which clients may retry.
func TestUnavailable(t *testing.T) {
	cfg, err := config.LoadDefaultConfig(context.Background(), config.WithRegion("us-east-1"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("test", "test", "")),
		config.WithRetryMaxAttempts(1))
	if err != nil {
		t.Fatal(err)
	}
	dead := dynamo.NewTable(dynamo.NewClient(cfg, "http://127.0.0.1:1"), "t")
	ctx := t.Context()
	ref := template.Ref{ZBAID: "acme", Name: "order", Language: "en"}
	tpl := template.Template{ZBAID: "acme", Name: "order", Language: "en", Version: 2}
	calls := []struct {
		name string
		call func() error
	}{
		{"get key", func() error { _, err := accountstore.New(dead).GetKey(ctx, "k"); return err }},
		{"get key (key store)", func() error { _, err := keystore.New(dead).GetKey(ctx, "k"); return err }},
		{"create zba", func() error { return accountstore.New(dead).CreateZBA(ctx, account.ZBA{ID: "acme"}) }},
		{"register phone", func() error {
			return accountstore.New(dead).RegisterPhone(ctx, account.Phone{ID: "p", ZBAID: "acme"})
		}},
		{"set webhook", func() error { return accountstore.New(dead).SetWebhook(ctx, "acme", "https://x.example", nil, 1) }},
		{"get template", func() error { _, err := templatestore.New(dead).GetTemplate(ctx, ref); return err }},
		{"replace template", func() error { return templatestore.New(dead).ReplaceTemplate(ctx, tpl, time.Time{}) }},
		{"create template", func() error { return templatestore.New(dead).CreateTemplateWithin(ctx, tpl, time.Time{}, 5) }},
		{"delete template", func() error { return templatestore.New(dead).DeleteTemplates(ctx, []template.Ref{ref}) }},
		{"delete templates", func() error { return templatestore.New(dead).DeleteTemplates(ctx, []template.Ref{ref, ref}) }},
		{"query templates", func() error {
			_, err := templatestore.New(dead).QueryTemplates(ctx, "acme", template.Filter{}, template.Position{}, 10, template.ListBudget)
			return err
		}},
		{"rearm review", func() error {
			return templatestore.New(dead).RearmReview(ctx, template.Review{ZBAID: "acme", Name: "order", Language: "en", Version: 1}, time.Now())
		}},
		{"record decision", func() error {
			return reviewstore.New(dead).RecordDecision(ctx, tpl, classify.Decision{Status: "APPROVED"}, time.Now())
		}},
		{"disable webhook", func() error { return webhookstore.New(dead).DisableWebhook(ctx, "acme", 1) }},
		{"list attempts", func() error { _, err := webhookstore.New(dead).ListAttempts(ctx, "acme", ""); return err }},
		{"take rate tokens", func() error {
			_, _, err := ratestore.New(dead).Take(ctx, "acme", time.Now(), time.Now(), 1, 4)
			return err
		}},
	}
	for _, c := range calls {
		if err := c.call(); apperr.From(err).Code != apperr.CodeUnavailable {
			t.Errorf("%s: %v, want 131016", c.name, err)
		}
	}
}

func TestQualityContract(t *testing.T) {
	storecontract.Quality(t, func(t *testing.T) storecontract.QualityStores {
		s := templatestore.New(fresh(t))
		return storecontract.QualityStores{Templates: s, Quality: s}
	})
}
