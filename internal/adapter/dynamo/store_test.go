package dynamo_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"svc/internal/adapter/dynamo"
	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/local/emulators"
	"svc/internal/platform/apperr"
)

var client *dynamodb.Client

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
	client = dynamo.NewClient(cfg, ddb)
	code := m.Run()
	stop()
	os.Exit(code)
}

// freshStore creates a table with a random name and drops it after the test.
func freshStore(t *testing.T) *dynamo.Store {
	t.Helper()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	name := "store-" + hex.EncodeToString(b)
	ctx := context.Background()
	if err := dynamo.CreateTable(ctx, client, name); err != nil {
		t.Fatal(err)
	}
	if err := dynamo.CreateTable(ctx, client, name); err != nil {
		t.Fatalf("creating an existing table must be a no-op: %v", err)
	}
	t.Cleanup(func() { _ = dynamo.DeleteTable(context.Background(), client, name) })
	return dynamo.New(client, name)
}

func TestZBAs(t *testing.T) {
	s, ctx := freshStore(t), context.Background()
	z := account.ZBA{ID: "acme", Name: "Acme", CreatedAt: time.Now()}
	if err := s.CreateZBA(ctx, z); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateZBA(ctx, z); !errors.Is(err, account.ErrZBAExists) {
		t.Fatalf("second create: %v", err)
	}
	if _, err := s.GetZBA(ctx, "nobody"); !errors.Is(err, account.ErrZBANotFound) {
		t.Fatalf("get missing: %v", err)
	}
	if err := s.SetWebhook(ctx, "nobody", "https://x.example", 1); !errors.Is(err, account.ErrZBANotFound) {
		t.Fatalf("webhook on missing zba: %v", err)
	}
	if err := s.SetWebhook(ctx, "acme", "https://x.example/old", 1); err != nil {
		t.Fatal(err)
	}
	if err := s.SetWebhook(ctx, "acme", "https://x.example/hook", 2); err != nil {
		t.Fatal(err)
	}
	if err := s.SetWebhook(ctx, "acme", "https://x.example/lost", 2); !errors.Is(err, account.ErrConflict) {
		t.Fatalf("a second subscription from the same generation loses: %v", err)
	}
	got, err := s.GetZBA(ctx, "acme")
	if err != nil || got.Name != "Acme" || got.WebhookURL != "https://x.example/hook" || got.WebhookGeneration != 2 ||
		!got.CreatedAt.Equal(z.CreatedAt.UTC()) {
		t.Fatalf("got %+v, %v", got, err)
	}
}

func TestKeys(t *testing.T) {
	s, ctx := freshStore(t), context.Background()
	now := time.Now().UTC()
	expiry := now.Add(time.Hour)
	_, key, _ := auth.MintKey("acme", []auth.Scope{auth.ScopeManagement, auth.ScopeMessaging}, now, &expiry)
	if err := s.PutKey(ctx, key); !errors.Is(err, account.ErrZBANotFound) {
		t.Fatalf("key of a missing zba: %v", err)
	}
	if err := s.CreateZBA(ctx, account.ZBA{ID: "acme", CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	if err := s.PutKey(ctx, key); err != nil {
		t.Fatal(err)
	}
	if err := s.PutKey(ctx, key); err == nil {
		t.Fatal("a key id must never be overwritten")
	}
	got, err := s.GetKey(ctx, key.ID)
	if err != nil || got.ZBAID != "acme" || len(got.Scopes) != 2 || string(got.SecretHash) != string(key.SecretHash) ||
		got.ExpiresAt == nil || !got.ExpiresAt.Equal(expiry) || got.RevokedAt != nil {
		t.Fatalf("got %+v, %v", got, err)
	}
	if _, err := s.GetKey(ctx, "missingmissingmi"); !errors.Is(err, auth.ErrKeyNotFound) {
		t.Fatalf("missing key: %v", err)
	}
	first, err := s.RevokeKey(ctx, key.ID, now)
	if err != nil || first.RevokedAt == nil || !first.RevokedAt.Equal(now) {
		t.Fatalf("revoke: %+v %v", first, err)
	}
	again, err := s.RevokeKey(ctx, key.ID, now.Add(time.Minute))
	if err != nil || !again.RevokedAt.Equal(now) {
		t.Fatalf("a second revocation keeps the first time: %+v %v", again, err)
	}
	if _, err := s.RevokeKey(ctx, "missingmissingmi", now); !errors.Is(err, account.ErrKeyNotFound) {
		t.Fatalf("revoke missing: %v", err)
	}
}

func TestPhones(t *testing.T) {
	s, ctx := freshStore(t), context.Background()
	for _, id := range []string{"acme", "rival"} {
		if err := s.CreateZBA(ctx, account.ZBA{ID: id, CreatedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	p := account.Phone{ID: "pn-1", Number: "4915123456789", ZBAID: "acme", CreatedAt: time.Now()}
	tests := []struct {
		name string
		p    account.Phone
		want error
	}{
		{"register", p, nil},
		{"again by the owner", p, nil},
		{"by another zba", account.Phone{ID: "pn-1", Number: p.Number, ZBAID: "rival"}, account.ErrPhoneTaken},
		{"for a missing zba", account.Phone{ID: "pn-2", Number: p.Number, ZBAID: "ghost"}, account.ErrZBANotFound},
	}
	for _, tc := range tests {
		if err := s.RegisterPhone(ctx, tc.p); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

func TestTemplates(t *testing.T) {
	s, ctx := freshStore(t), context.Background()
	now := time.Now().UTC()
	tpl := template.Template{ZBAID: "acme", Name: "order_update", Language: "en_US", Category: "UTILITY",
		Status: template.StatusPending, QualityScore: "UNKNOWN", ParameterFormat: "POSITIONAL",
		Components: []byte(`[{"type":"BODY","text":"Order {{1}} shipped"}]`), CreatedAt: now, UpdatedAt: now, Version: 1}
	ref := template.Ref{ZBAID: "acme", Name: "order_update", Language: "en_US"}
	if err := s.CreateTemplate(ctx, tpl, now.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTemplate(ctx, tpl, time.Time{}); !errors.Is(err, template.ErrExists) {
		t.Fatalf("duplicate: %v", err)
	}
	got, err := s.GetTemplate(ctx, ref)
	if err != nil || string(got.Components) != string(tpl.Components) || !got.CreatedAt.Equal(now) || got.Version != 1 {
		t.Fatalf("round trip: %+v %v", got, err)
	}
	if _, err := s.GetTemplate(ctx, template.Ref{ZBAID: "acme", Name: "x", Language: "de"}); !errors.Is(err, template.ErrNotFound) {
		t.Fatalf("missing: %v", err)
	}

	t.Run("replace is conditional on the version", func(t *testing.T) {
		next := got
		next.Version, next.Category = 2, "MARKETING"
		if err := s.ReplaceTemplate(ctx, next, now.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if err := s.ReplaceTemplate(ctx, next, now.Add(time.Minute)); !errors.Is(err, template.ErrConflict) {
			t.Fatalf("stale version: %v", err)
		}
		gone := next
		gone.Name = "gone"
		if err := s.ReplaceTemplate(ctx, gone, time.Time{}); !errors.Is(err, template.ErrNotFound) {
			t.Fatalf("missing: %v", err)
		}
	})

	t.Run("names and transactional delete", func(t *testing.T) {
		for _, n := range []struct{ name, lang string }{{"order", "en"}, {"order", "de"}, {"order_update", "de"}} {
			v := tpl
			v.Name, v.Language = n.name, n.lang
			if err := s.CreateTemplate(ctx, v, time.Time{}); err != nil {
				t.Fatal(err)
			}
		}
		refs, err := s.TemplatesNamed(ctx, "acme", "order")
		if err != nil || len(refs) != 2 {
			t.Fatalf("exactly the name, never a longer one: %+v %v", refs, err)
		}
		stale := append(refs, template.Ref{ZBAID: "acme", Name: "order", Language: "fr"})
		if err := s.DeleteTemplates(ctx, stale); !errors.Is(err, template.ErrNotFound) {
			t.Fatalf("a missing member fails the whole delete: %v", err)
		}
		if again, _ := s.TemplatesNamed(ctx, "acme", "order"); len(again) != 2 {
			t.Fatalf("nothing half-deleted: %+v", again)
		}
		if err := s.DeleteTemplates(ctx, refs); err != nil {
			t.Fatal(err)
		}
		if again, _ := s.TemplatesNamed(ctx, "acme", "order"); len(again) != 0 {
			t.Fatalf("deleted: %+v", again)
		}
	})

	t.Run("due reviews and re-arming", func(t *testing.T) {
		due, err := s.DueReviews(ctx, now.Add(2*time.Minute), 10)
		if err != nil || len(due) != 1 || due[0] != (template.Review{ZBAID: "acme", Name: "order_update", Language: "en_US", Version: 2}) {
			t.Fatalf("due: %+v %v", due, err)
		}
		if err := s.RearmReview(ctx, due[0], now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if due, _ := s.DueReviews(ctx, now.Add(2*time.Minute), 10); len(due) != 0 {
			t.Fatalf("re-armed reviews are not due: %+v", due)
		}
		stale := template.Review{ZBAID: "acme", Name: "order_update", Language: "en_US", Version: 1}
		if err := s.RearmReview(ctx, stale, now); err != nil {
			t.Fatalf("a stale review is skipped quietly: %v", err)
		}
		if due, _ := s.DueReviews(ctx, now.Add(2*time.Minute), 10); len(due) != 0 {
			t.Fatalf("a stale re-arm must not move the marker: %+v", due)
		}
	})

}

func TestUnavailable(t *testing.T) {
	cfg, _ := config.LoadDefaultConfig(context.Background(), config.WithRegion("us-east-1"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("test", "test", "")),
		config.WithRetryMaxAttempts(1))
	dead := dynamo.New(dynamo.NewClient(cfg, "http://127.0.0.1:1"), "t")
	_, err := dead.GetKey(context.Background(), "k")
	if apperr.From(err).Code != apperr.CodeUnavailable {
		t.Fatalf("a store that cannot be reached is 131016: %v", err)
	}
}
