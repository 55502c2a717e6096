package dynamo_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/adapter/dynamo/templatestore"
	"svc/internal/feature/template"
	"svc/internal/platform/apperr"
)

// notStorable reports whether err is the 400 of a request the store
// refused as invalid.
func notStorable(err error) bool {
	e := apperr.From(err)
	return e.Code == apperr.CodeInvalidParameter && e.Status() == 400 && e.RetryAfter() == "" &&
		strings.Contains(e.Details, "could not be stored as sent")
}

// TestErrorMapping: DynamoDB refusing a request as invalid is the client's
// 400 (code 100), whether a single call or a transaction step says so;
// anything else the store fails with stays a 503 a retry may cure.
func TestErrorMapping(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want apperr.Code
	}{
		{"ValidationException", &smithy.GenericAPIError{Code: "ValidationException", Message: "Item size has exceeded the maximum allowed size"}, apperr.CodeInvalidParameter},
		{"a transaction step refused as invalid", &types.TransactionCanceledException{CancellationReasons: []types.CancellationReason{
			{Code: aws.String("None")}, {Code: aws.String("ValidationError")}}}, apperr.CodeInvalidParameter},
		{"throttling", &types.ProvisionedThroughputExceededException{}, apperr.CodeUnavailable},
		{"a transaction in conflict", &types.TransactionCanceledException{CancellationReasons: []types.CancellationReason{
			{Code: aws.String("TransactionConflict")}}}, apperr.CodeUnavailable},
		{"a network failure", errors.New("connection refused"), apperr.CodeUnavailable},
	}
	for _, tc := range cases {
		err := dynamo.Unavailable("op", tc.err)
		if got := apperr.From(err); got.Code != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("%s: %v (code %d), want code %d wrapping the cause", tc.name, err, got.Code, tc.want)
		}
		if tc.want == apperr.CodeInvalidParameter && !notStorable(err) {
			t.Errorf("%s: %v, want the 400 of a request that cannot be stored", tc.name, err)
		}
	}
}

// TestOversizedTemplate: a template over DynamoDB's 400 KB item limit,
// written through the store on DynamoDB Local, is a 400 and not a 500,
// and stores nothing: neither the template nor a place in the count.
func TestOversizedTemplate(t *testing.T) {
	tb, name := freshTable(t)
	s, ctx := templatestore.New(tb), t.Context()
	big := template.Template{ZBAID: "acme", Name: "big", Language: "en", Category: "UTILITY", Status: template.StatusPending,
		Components: []byte(`[{"type":"BODY","text":"` + strings.Repeat("x", 410*1024) + `"}]`), Version: 1}
	small := big
	small.Name, small.Components = "small", []byte(`[]`)
	if err := s.CreateTemplateWithin(ctx, small, time.Time{}, 2); err != nil {
		t.Fatal(err)
	}
	grown := small
	grown.Version, grown.Components = 2, big.Components
	writes := []struct {
		name  string
		write func() error
	}{
		{"create (a transaction)", func() error { return s.CreateTemplateWithin(ctx, big, time.Time{}, 2) }},
		{"create without a cap", func() error { return s.CreateTemplate(ctx, big, time.Time{}) }},
		{"replace (a put)", func() error { return s.ReplaceTemplate(ctx, grown, time.Time{}) }},
	}
	for _, w := range writes {
		if err := w.write(); !notStorable(err) {
			t.Errorf("%s: %v, want a 400 saying it could not be stored", w.name, err)
		}
	}
	if _, err := s.GetTemplate(ctx, template.Ref{ZBAID: "acme", Name: "big", Language: "en"}); !errors.Is(err, template.ErrNotFound) {
		t.Fatalf("the oversized template was stored: %v", err)
	}
	if got, err := s.GetTemplate(ctx, template.Ref{ZBAID: "acme", Name: "small", Language: "en"}); err != nil || got.Version != 1 {
		t.Fatalf("the refused replace changed the template: %+v %v", got, err)
	}
	if n := countOf(t, name, "acme"); n != "1" {
		t.Fatalf("count %s after refused writes, want 1", n)
	}
}

// countOf is the raw count of a ZBA's templates, "" when there is none.
func countOf(t *testing.T, tableName, zbaID string) string {
	t.Helper()
	item := rawItem(t, tableName, table.ZBA(zbaID), table.TemplateCountSK)
	if item == nil {
		return ""
	}
	if typ, _ := item[table.TypeAttribute].(*types.AttributeValueMemberS); typ == nil || typ.Value == "" {
		t.Errorf("the count item has no type: %v", item)
	}
	n, ok := item["templates"].(*types.AttributeValueMemberN)
	if !ok {
		t.Fatalf("the count must be a Number: %T", item["templates"])
	}
	return n.Value
}

// TestTemplateCountItem: the count lives in the ZBA's partition under its
// own sort key, out of the template key range, and follows creates and
// deletes (by the number deleted) but not edits or refused writes.
func TestTemplateCountItem(t *testing.T) {
	tb, name := freshTable(t)
	s, ctx := templatestore.New(tb), t.Context()
	tpl := func(n, lang string) template.Template {
		return template.Template{ZBAID: "acme", Name: n, Language: lang, Status: template.StatusPending, Version: 1, Components: []byte(`[]`)}
	}
	ref := func(n, lang string) template.Ref { return template.Ref{ZBAID: "acme", Name: n, Language: lang} }
	steps := []struct {
		name string
		do   func() error
		want string
	}{
		{"none yet", func() error { return nil }, ""},
		{"a create", func() error { return s.CreateTemplateWithin(ctx, tpl("order", "en"), time.Time{}, 10) }, "1"},
		{"two more", func() error {
			return errors.Join(s.CreateTemplateWithin(ctx, tpl("order", "de"), time.Time{}, 10),
				s.CreateTemplate(ctx, tpl("order", "fr"), time.Time{}))
		}, "3"},
		{"a duplicate", func() error {
			if err := s.CreateTemplateWithin(ctx, tpl("order", "en"), time.Time{}, 10); !errors.Is(err, template.ErrExists) {
				return err
			}
			return nil
		}, "3"},
		{"an edit", func() error {
			v2 := tpl("order", "en")
			v2.Version = 2
			return s.ReplaceTemplate(ctx, v2, time.Time{})
		}, "3"},
		{"a delete of two", func() error { return s.DeleteTemplates(ctx, []template.Ref{ref("order", "en"), ref("order", "de")}) }, "1"},
		{"a failed delete", func() error {
			if err := s.DeleteTemplates(ctx, []template.Ref{ref("order", "fr"), ref("order", "es")}); !errors.Is(err, template.ErrNotFound) {
				return err
			}
			return nil
		}, "1"},
		{"a delete of one", func() error { return s.DeleteTemplates(ctx, []template.Ref{ref("order", "fr")}) }, "0"},
	}
	for _, st := range steps {
		if err := st.do(); err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		if got := countOf(t, name, "acme"); got != st.want {
			t.Fatalf("%s: count %q, want %q", st.name, got, st.want)
		}
	}
	if got, err := s.QueryTemplates(ctx, "acme", template.Filter{}, template.Position{}, 10, template.ListBudget); err != nil || len(got.Templates) != 0 {
		t.Fatalf("a list never reads the count item: %+v %v", got, err)
	}
}

// conflicting is a DynamoDB whose transactions conflict a given number of
// times before one goes through.
type conflicting struct {
	dynamo.API
	conflicts, calls int
}

func (c *conflicting) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, _ ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	c.calls++
	if c.calls <= c.conflicts {
		return nil, &types.TransactionCanceledException{CancellationReasons: []types.CancellationReason{
			{Code: aws.String("None")}, {Code: aws.String("TransactionConflict")}}}
	}
	return &dynamodb.TransactWriteItemsOutput{}, nil
}

// TestTransactionConflicts: a transaction cancelled only because another
// was changing one of its items (every create of a ZBA updates its count)
// is sent again a few times, and then reported as unavailable.
func TestTransactionConflicts(t *testing.T) {
	cases := []struct {
		conflicts, calls int
		ok               bool
	}{
		{0, 1, true}, {1, 2, true}, {3, 4, true}, {4, 4, false}, {9, 4, false},
	}
	tpl := template.Template{ZBAID: "acme", Name: "order", Language: "en", Version: 1}
	for _, tc := range cases {
		db := &conflicting{conflicts: tc.conflicts}
		err := templatestore.New(dynamo.NewTable(db, "t")).CreateTemplateWithin(t.Context(), tpl, time.Time{}, 5)
		if (err == nil) != tc.ok || db.calls != tc.calls {
			t.Errorf("%d conflicts: %v after %d calls, want ok=%v after %d", tc.conflicts, err, db.calls, tc.ok, tc.calls)
		}
		if !tc.ok && apperr.From(err).Code != apperr.CodeUnavailable {
			t.Errorf("%d conflicts: %v, want 131016", tc.conflicts, err)
		}
	}
}

// TestTemplateCountFloor: deleting templates the count never counted
// (stored before it existed) leaves it at zero, never below, so the ZBA
// gets no more than its cap afterwards; a delete of a full transaction's
// worth of templates, whose count is lowered on its own, is floored too.
func TestTemplateCountFloor(t *testing.T) {
	tb, name := freshTable(t)
	s, ctx := templatestore.New(tb), t.Context()
	tpl := func(n, lang string) template.Template {
		return template.Template{ZBAID: "acme", Name: n, Language: lang, Status: template.StatusPending, Version: 1, Components: []byte(`[]`)}
	}
	ref := func(n, lang string) template.Ref { return template.Ref{ZBAID: "acme", Name: n, Language: lang} }
	must := func(t *testing.T, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	forgetCount := func() {
		t.Helper()
		if _, err := client.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(name),
			Key: templatestore.CountKey("acme")}); err != nil {
			t.Fatal(err)
		}
	}
	langs := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("l%03d", i)
		}
		return out
	}
	cases := []struct {
		name      string
		uncounted []string // created, then the count forgotten
		counted   []string // created after
		want      string
	}{
		{"none counted", []string{"en", "de"}, nil, "0"},
		{"some counted", []string{"en", "de"}, []string{"fr"}, "0"},
		{"all counted", nil, []string{"en", "de"}, "0"},
		{"a full transaction's worth, none counted", langs(template.MaxDeleteBatch), nil, "0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var refs []template.Ref
			for _, l := range c.uncounted {
				must(t, s.CreateTemplate(ctx, tpl("order", l), time.Time{}))
				refs = append(refs, ref("order", l))
			}
			forgetCount()
			for _, l := range c.counted {
				must(t, s.CreateTemplate(ctx, tpl("order", l), time.Time{}))
				refs = append(refs, ref("order", l))
			}
			must(t, s.DeleteTemplates(ctx, refs))
			if got := countOf(t, name, "acme"); got != c.want {
				t.Fatalf("count %q after the delete, want %q", got, c.want)
			}
			must(t, s.CreateTemplateWithin(ctx, tpl("cap", "en"), time.Time{}, 1))
			if err := s.CreateTemplateWithin(ctx, tpl("cap", "de"), time.Time{}, 1); !errors.Is(err, template.ErrCapReached) {
				t.Fatalf("a create past a cap of 1: %v, want ErrCapReached", err)
			}
			must(t, s.DeleteTemplates(ctx, []template.Ref{ref("cap", "en")}))
		})
	}
}
