package devstack_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"

	"svc/internal/feature/account/auth"
	"svc/internal/local/devstack"
	"svc/internal/local/openapicheck"
)

// targetCounter sits between the service and DynamoDB Local and counts the
// operations (X-Amz-Target) each request costs.
type targetCounter struct {
	mu  sync.Mutex
	ops []string
}

func (c *targetCounter) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.ops
	c.ops = nil
	return out
}

// TestStoreCallsPerRequest holds the number of DynamoDB calls per request to
// the minimum: one key read per uncached key, one rate-limit counter update
// per business request, one query per list.
func TestStoreCallsPerRequest(t *testing.T) {
	target, _ := url.Parse(ddbEndpoint)
	counter := &targetCounter{}
	proxy := httputil.NewSingleHostReverseProxy(target)
	counting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		op := strings.TrimPrefix(r.Header.Get("X-Amz-Target"), "DynamoDB_20120810.")
		counter.mu.Lock()
		counter.ops = append(counter.ops, op)
		counter.mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	defer counting.Close()

	name := "calls-" + randomSuffix()
	st, err := devstack.Open(context.Background(), devstack.Options{DynamoEndpoint: counting.URL, TableName: name,
		SQSEndpoint: sqsEndpoint, QueuePrefix: name + "-", Log: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{stack: st}
	srv := httptest.NewServer(openapicheck.Handler(t, st.Gateway))
	defer srv.Close()
	e.url = srv.URL
	key := e.mint(t, "acme", auth.ScopeManagement)
	counter.take()

	path := fmt.Sprintf(listPath, "acme")
	steps := []struct {
		name string
		do   func() int
		want string
	}{
		{"versions", func() int { return e.call(t, "GET", "/versions", "").status }, ""},
		{"first list: key read, then query", func() int { return e.call(t, "GET", path, "Bearer "+key).status }, "GetItem,UpdateItem,Query"},
		{"second list: cached authorizer", func() int { return e.call(t, "GET", path, "Bearer "+key).status }, "UpdateItem,Query"},
		{"missing header: no store call", func() int { return e.call(t, "GET", path, "").status }, ""},
		{"malformed key: no store call", func() int { return e.call(t, "GET", path, "Bearer svc_x").status }, ""},
	}
	for _, s := range steps {
		s.do()
		if got := strings.Join(counter.take(), ","); got != s.want {
			t.Errorf("%s: DynamoDB calls %q, want %q", s.name, got, s.want)
		}
	}
}
