package devstack_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/local/devstack"
)

// queryCounter sits between the service and DynamoDB Local and records each
// operation, with the Limit a Query asked for and the items it evaluated
// (its ScannedCount, read from the answer).
type queryCounter struct {
	mu      sync.Mutex
	ops     []string
	limits  []int
	scanned []int
}

// take returns what was recorded since the last take, and forgets it.
func (c *queryCounter) take() (ops []string, limits, scanned []int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ops, limits, scanned = c.ops, c.limits, c.scanned
	c.ops, c.limits, c.scanned = nil, nil, nil
	return ops, limits, scanned
}

// calls returns the operations recorded since the last take, and forgets
// everything recorded.
func (c *queryCounter) calls() []string {
	ops, _, _ := c.take()
	return ops
}

// countedEnv is a local stack on a fresh table whose DynamoDB calls the
// returned counter sees, served over real HTTP.
func countedEnv(t *testing.T, prefix string) (*env, *queryCounter) {
	t.Helper()
	counter, endpoint := countingDynamo(t)
	name := prefix + randomSuffix()
	st, err := devstack.Open(context.Background(), devstack.Options{DynamoEndpoint: endpoint, TableName: name,
		SQSEndpoint: sqsEndpoint, QueuePrefix: name + "-", Log: quietLog()})
	if err != nil {
		t.Fatal(err)
	}
	return serve(t, st), counter
}

// countingDynamo starts the proxy in front of DynamoDB Local.
func countingDynamo(t *testing.T) (*queryCounter, string) {
	t.Helper()
	target, _ := url.Parse(ddbEndpoint)
	c := &queryCounter{}
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ModifyResponse = func(resp *http.Response) error {
		if !strings.HasSuffix(resp.Request.Header.Get("X-Amz-Target"), ".Query") || resp.StatusCode != 200 {
			return nil
		}
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			return err
		}
		resp.Body = io.NopCloser(bytes.NewReader(body))
		plain := body
		if resp.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				return err
			}
			if plain, err = io.ReadAll(zr); err != nil {
				return err
			}
		}
		var out struct{ ScannedCount int }
		if err := json.Unmarshal(plain, &out); err != nil {
			return fmt.Errorf("query answer %q: %w", body, err)
		}
		c.mu.Lock()
		c.scanned = append(c.scanned, out.ScannedCount)
		c.mu.Unlock()
		return nil
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		op := strings.TrimPrefix(r.Header.Get("X-Amz-Target"), "DynamoDB_20120810.")
		c.mu.Lock()
		c.ops = append(c.ops, op)
		if op == "Query" {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			var in struct{ Limit int }
			_ = json.Unmarshal(body, &in)
			c.limits = append(c.limits, in.Limit)
		}
		c.mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return c, srv.URL
}

type listPage struct {
	Data []struct {
		ID, Name, Status string
	} `json:"data"`
	Paging *struct {
		Cursors struct{ Before, After string } `json:"cursors"`
		Next    string                         `json:"next"`
	} `json:"paging"`
}

// TestListReadBudget: a filtered list of a ZBA holding several hundred
// templates, few of which match, costs at most template.ListReadCalls
// Queries of at most template.ListReadPerCall items each per request,
// instead of reading the whole partition; the client follows the after
// cursors to the end and finds every match once. An unfiltered page still
// costs one Query of the page and one more.
func TestListReadBudget(t *testing.T) {
	e, counter := countedEnv(t, "budget-")
	key := e.mint(t, "acme", auth.ScopeManagement)

	// 460 templates, as in the report that found a filtered page taking a
	// second; every 100th is approved. Seeded through the store, which
	// counts them as creates do, beyond any cap (seeding enforces none).
	const total = 460
	var want []string
	at := time.Now().UTC()
	for i := range total {
		tpl := template.Template{ZBAID: "acme", Name: fmt.Sprintf("notice_%03d", i), Language: "en", Category: "UTILITY",
			Status: template.StatusPending, QualityScore: "UNKNOWN", ParameterFormat: "POSITIONAL",
			Components: fmt.Appendf(nil, `[{"type":"BODY","text":"Notice %d: %s"}]`, i, strings.Repeat("lorem ipsum ", 40)),
			CreatedAt:  at, UpdatedAt: at, Version: 1}
		if i%100 == 42 {
			tpl.Status = template.StatusApproved
			want = append(want, "acme_"+tpl.Name+"_en")
		}
		if err := e.stack.Deps.Store.CreateTemplate(context.Background(), tpl, time.Time{}); err != nil {
			t.Fatal(err)
		}
	}
	// One request first, so that the authorizer's cache holds the key.
	e.call(t, "GET", fmt.Sprintf(listPath, "acme")+"?limit=1", "Bearer "+key)
	counter.take()

	check := func(label string, wantQueries int, maxScanned int) {
		t.Helper()
		ops, limits, scanned := counter.take()
		queries := 0
		for _, op := range ops {
			switch op {
			case "Query":
				queries++
			case "UpdateItem": // the rate limit's counter
			default:
				t.Errorf("%s: unexpected DynamoDB call %s", label, op)
			}
		}
		sum := 0
		for _, n := range scanned {
			sum += n
		}
		if queries > template.ListReadCalls || (wantQueries > 0 && queries != wantQueries) || sum > maxScanned {
			t.Errorf("%s: %d Queries evaluating %v items (%d), want at most %d Queries (exactly %d) and %d items",
				label, queries, scanned, sum, template.ListReadCalls, wantQueries, maxScanned)
		}
		for _, l := range limits {
			if l < 1 || l > template.ListReadPerCall {
				t.Errorf("%s: a Query with Limit %d, want 1 to %d", label, l, template.ListReadPerCall)
			}
		}
	}

	// Filtered: each request reads at most its budget; the pages together
	// hold every match.
	budget := template.ListBudget.Items()
	var got []string
	path := fmt.Sprintf(listPath, "acme") + "?status=APPROVED&limit=25"
	requests := 0
	for cursor := ""; ; requests++ {
		u := path
		if cursor != "" {
			u += "&after=" + url.QueryEscape(cursor)
		}
		start := time.Now()
		r := e.call(t, "GET", u, "Bearer "+key)
		elapsed := time.Since(start)
		if r.status != 200 || requests > 5 {
			t.Fatalf("request %d: %d %s", requests, r.status, r.body)
		}
		check(fmt.Sprintf("filtered request %d", requests), 0, budget)
		page := decode[listPage](t, r)
		t.Logf("filtered request %d: %d templates in %s", requests, len(page.Data), elapsed)
		for _, d := range page.Data {
			got = append(got, d.ID)
		}
		if page.Paging == nil || page.Paging.Next == "" {
			break
		}
		cursor = page.Paging.Cursors.After
	}
	if !slices.Equal(got, want) {
		t.Fatalf("the filtered pages hold %v, want %v", got, want)
	}
	// 460 templates in reads of at most 303: two requests.
	if wantRequests := (total + budget - 1) / budget; requests+1 != wantRequests {
		t.Errorf("%d requests to walk the filtered list, want %d", requests+1, wantRequests)
	}

	// Unfiltered: one Query of the page and the one template that proves more.
	start := time.Now()
	r := e.call(t, "GET", fmt.Sprintf(listPath, "acme")+"?limit=100", "Bearer "+key)
	if page := decode[listPage](t, r); r.status != 200 || len(page.Data) != 100 || page.Paging == nil || page.Paging.Cursors.After == "" || page.Paging.Next == "" {
		t.Fatalf("unfiltered page: %d, %d templates", r.status, len(page.Data))
	}
	t.Logf("unfiltered page of 100: %s", time.Since(start))
	check("unfiltered page", 1, template.MaxLimit+1)
}
