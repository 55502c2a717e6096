package dynamo_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/templatestore"
	"svc/internal/feature/template"
	"svc/internal/local/memstore"
	"svc/internal/platform/apperr"
)

// stallingProxy forwards DynamoDB calls to DynamoDB Local; while stalls is
// above 0, a write (TransactWriteItems, PutItem) is held until the client
// gives up, which a request's deadline makes it do: applied first when
// apply is set, never sent when not.
func stallingProxy(t *testing.T, stalls *atomic.Int32, apply bool) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		target := r.Header.Get("X-Amz-Target")
		write := strings.HasSuffix(target, ".TransactWriteItems") || strings.HasSuffix(target, ".PutItem")
		if write && stalls.Add(-1) >= 0 {
			if apply {
				if res, err := forwardToLocal(context.Background(), r, body); err == nil {
					_, _ = io.Copy(io.Discard, res.Body)
					_ = res.Body.Close()
				}
			}
			select {
			case <-r.Context().Done():
			case <-time.After(10 * time.Second):
			}
			return
		}
		res, err := forwardToLocal(r.Context(), r, body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer res.Body.Close()
		copyResponse(w, res)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestTemplateWriteDeadline: against DynamoDB Local, a create or edit
// whose answer the request's deadline cut off, whether DynamoDB applied it
// or it never arrived, answers 200 with the template as written, PENDING,
// counted once and with one review queued; a client's retry of the create
// is then the duplicate it is. Only a store silent all along answers 503
// (code 131016), leaving nothing behind.
func TestTemplateWriteDeadline(t *testing.T) {
	const budget = 300 * time.Millisecond
	body := []byte(`{"name":"notice","language":"en","category":"UTILITY","components":[{"type":"BODY","text":"Your order has shipped."}]}`)
	edit := []byte(`{"category":"UTILITY","components":[{"type":"BODY","text":"Your parcel is on its way."}]}`)
	noRetry := func(o *dynamodb.Options) { o.RetryMaxAttempts = 1 }
	ref := template.Ref{ZBAID: "acme", Name: "notice", Language: "en"}
	for _, tc := range []struct {
		name        string
		edit, apply bool
		// stalls is how many writes stall; ok: the answer is 200.
		stalls int32
		ok     bool
	}{
		{"create applied, answer cut off", false, true, 1, true},
		{"create never sent", false, false, 1, true},
		{"create, the store silent", false, false, 1000, false},
		{"edit applied, answer cut off", true, true, 1, true},
		{"edit never sent", true, false, 1, true},
		{"edit, the store silent", true, false, 1000, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb, name := freshTable(t)
			direct := templatestore.New(tb)
			var stalls atomic.Int32
			stalling := templatestore.New(dynamo.NewTable(dynamo.NewClient(sdkConfig, stallingProxy(t, &stalls, tc.apply), noRetry), name))
			queue := &memstore.Queue{}
			svc := template.Service{Store: stalling, Queue: template.PublishingQueue{Publisher: queue}, Now: time.Now, Settle: 3 * budget}
			if tc.edit {
				if _, err := svc.Create(t.Context(), "acme", body); err != nil {
					t.Fatal(err)
				}
				queue.Take()
			}
			stalls.Store(tc.stalls)
			ctx, cancel := context.WithTimeout(t.Context(), budget)
			defer cancel()
			var got template.Template
			var err error
			if tc.edit {
				got, err = svc.Edit(ctx, "acme", "acme_notice_en", edit)
			} else {
				got, err = svc.Create(ctx, "acme", body)
			}
			if ctx.Err() == nil {
				t.Fatalf("the request's deadline did not pass (%v): the test proves nothing", err)
			}
			reviews := queue.Take()
			stored, serr := direct.GetTemplate(t.Context(), ref)
			wantVersion := 1
			if tc.edit {
				wantVersion = 2
			}
			if !tc.ok {
				if ae := apperr.From(err); err == nil || ae.Code != apperr.CodeUnavailable || !strings.Contains(ae.Details, "did not confirm") {
					t.Fatalf("%+v, %v; want 503 code 131016", got, err)
				}
				if len(reviews) != 0 || (tc.edit && (serr != nil || stored.Version != 1)) || (!tc.edit && !errors.Is(serr, template.ErrNotFound)) {
					t.Fatalf("%d reviews queued, stored %+v (%v): want nothing written", len(reviews), stored, serr)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v, want 200: the template was stored", err)
			}
			if serr != nil || stored.Version != wantVersion || stored.Status != template.StatusPending || string(stored.Components) != string(got.Components) {
				t.Fatalf("stored %+v (%v), answered %+v", stored, serr, got)
			}
			if len(reviews) != 1 {
				t.Fatalf("%d reviews queued, want 1", len(reviews))
			}
			if _, err := (template.Service{Store: direct, Now: time.Now}).Create(t.Context(), "acme", body); apperr.From(err).Subcode != template.SubcodeDuplicate {
				t.Fatalf("a retry of the create: %v, want the duplicate", err)
			}
			// Counted once: a cap of 2 takes one more template, not two.
			other := bytes.Replace(body, []byte(`"notice"`), []byte(`"other"`), 1)
			capped := template.Service{Store: direct, Queue: template.PublishingQueue{Publisher: queue}, Now: time.Now, MaxTemplates: 2}
			if _, err := capped.Create(t.Context(), "acme", other); err != nil {
				t.Fatalf("one template stored, cap 2: %v", err)
			}
		})
	}
}

// TestTemplateDeleteDeadline: against DynamoDB Local, a delete whose
// answer the request's deadline cut off, whether DynamoDB applied it or it
// never arrived, answers success with what it deleted, the ZBA's count
// lowered once; only a store silent all along answers 503 (code 131016),
// leaving the templates.
func TestTemplateDeleteDeadline(t *testing.T) {
	// Longer than the create's: a delete by name reads the name's
	// templates first, within the same budget.
	const budget = time.Second
	noRetry := func(o *dynamodb.Options) { o.RetryMaxAttempts = 1 }
	for _, tc := range []struct {
		name   string
		q      template.DeleteQuery
		apply  bool
		stalls int32
		ok     bool
		want   int // deleted, when ok
	}{
		{"by hsm_id, applied, answer cut off", template.DeleteQuery{HSMID: "acme_notice_en"}, true, 1, true, 1},
		{"by hsm_id, never sent", template.DeleteQuery{HSMID: "acme_notice_en"}, false, 1, true, 1},
		{"by name, applied, answer cut off", template.DeleteQuery{Name: "notice"}, true, 1, true, 2},
		{"by name, never sent", template.DeleteQuery{Name: "notice"}, false, 1, true, 2},
		{"by name, the store silent", template.DeleteQuery{Name: "notice"}, false, 1000, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb, name := freshTable(t)
			queue := template.PublishingQueue{Publisher: &memstore.Queue{}}
			direct := template.Service{Store: templatestore.New(tb), Queue: queue, Now: time.Now}
			var stalls atomic.Int32
			stalling := templatestore.New(dynamo.NewTable(dynamo.NewClient(sdkConfig, stallingProxy(t, &stalls, tc.apply), noRetry), name))
			svc := template.Service{Store: stalling, Now: time.Now, Settle: 3 * budget}
			for _, lang := range []string{"en", "es"} {
				body := `{"name":"notice","language":"` + lang + `","category":"UTILITY","components":[{"type":"BODY","text":"Your order has shipped."}]}`
				if _, err := direct.Create(t.Context(), "acme", []byte(body)); err != nil {
					t.Fatal(err)
				}
			}
			stalls.Store(tc.stalls)
			ctx, cancel := context.WithTimeout(t.Context(), budget)
			defer cancel()
			n, err := svc.Delete(ctx, "acme", tc.q)
			if ctx.Err() == nil {
				t.Fatalf("the request's deadline did not pass (%d, %v): the test proves nothing", n, err)
			}
			left, lerr := direct.Store.TemplatesNamed(t.Context(), "acme", "notice")
			if lerr != nil {
				t.Fatal(lerr)
			}
			if !tc.ok {
				if ae := apperr.From(err); err == nil || ae.Code != apperr.CodeUnavailable || !strings.Contains(ae.Details, "did not confirm") {
					t.Fatalf("%d, %v; want 503 code 131016", n, err)
				}
				if len(left) != 2 {
					t.Fatalf("%d templates left, want both: nothing deleted", len(left))
				}
				return
			}
			if err != nil || n != tc.want {
				t.Fatalf("%d, %v; want %d deleted: the delete happened", n, err, tc.want)
			}
			if len(left) != 2-tc.want {
				t.Fatalf("%d templates left, want %d", len(left), 2-tc.want)
			}
			// Lowered once: a cap of 2-deleted+1 takes exactly one more.
			capped := template.Service{Store: direct.Store, Queue: queue, Now: time.Now, MaxTemplates: 2 - tc.want + 1}
			body := func(name string) []byte {
				return []byte(`{"name":"` + name + `","language":"en","category":"UTILITY","components":[{"type":"BODY","text":"Hi."}]}`)
			}
			if _, err := capped.Create(t.Context(), "acme", body("other")); err != nil {
				t.Fatalf("count not lowered: %v", err)
			}
			if _, err := capped.Create(t.Context(), "acme", body("third")); err == nil {
				t.Fatal("count lowered twice: a create past the cap was taken")
			}
		})
	}
}
