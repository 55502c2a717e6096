package devstack_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/local/devstack"
	"svc/internal/local/openapicheck"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
)

// TestStoreCallsPerRequest holds the number of DynamoDB calls per request to
// the minimum: one key read per uncached key, one query per list, and a
// rate-limit counter update only when the function instance has no token of
// the ZBA left. The list function's clock stands still, so each block it
// reserves is spent "at once" and the next is twice as large: it reserves
// on the 1st, 2nd, 4th and 8th request. A reservation runs beside the
// read (httpapi), so the calls are compared whatever their order.
func TestStoreCallsPerRequest(t *testing.T) {
	counter, endpoint := countingDynamo(t)

	name := "calls-" + randomSuffix()
	now := time.Now()
	st, err := devstack.Open(context.Background(), devstack.Options{DynamoEndpoint: endpoint, TableName: name,
		SQSEndpoint: sqsEndpoint, QueuePrefix: name + "-", Log: slog.New(slog.NewJSONHandler(io.Discard, nil)),
		RatePolicy: ratelimit.Policy{Limit: 1000, Window: time.Hour},
		Clocks:     map[string]func() time.Time{routes.ListTemplates.Name: func() time.Time { return now }}})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{stack: st}
	srv := httptest.NewServer(openapicheck.Handler(t, st.Gateway))
	defer srv.Close()
	e.url = srv.URL
	key := e.mint(t, "acme", auth.ScopeManagement)
	counter.calls()

	path := fmt.Sprintf(listPath, "acme")
	list := func() int { return e.call(t, "GET", path, "Bearer "+key).status }
	steps := []struct {
		name string
		do   func() int
		want string
	}{
		{"versions", func() int { return e.call(t, "GET", "/versions", "").status }, ""},
		{"first list: key read, a block of 1, query", list, "GetItem,UpdateItem,Query"},
		{"second list: cached authorizer, a block of 2", list, "UpdateItem,Query"},
		{"third list: a held token", list, "Query"},
		{"fourth list: a block of 4", list, "UpdateItem,Query"},
		{"fifth list", list, "Query"},
		{"sixth list", list, "Query"},
		{"seventh list", list, "Query"},
		{"eighth list: a block of 8", list, "UpdateItem,Query"},
		{"missing header: no store call", func() int { return e.call(t, "GET", path, "").status }, ""},
		{"malformed key: no store call", func() int { return e.call(t, "GET", path, "Bearer svc_x").status }, ""},
	}
	for _, s := range steps {
		s.do()
		// A read runs beside its reservation, so their order varies: the
		// calls are compared as a set, in sorted order.
		got := counter.calls()
		slices.Sort(got)
		want := strings.Split(s.want, ",")
		slices.Sort(want)
		if got := strings.Join(got, ","); got != strings.Trim(strings.Join(want, ","), ",") {
			t.Errorf("%s: DynamoDB calls %q, want %q", s.name, got, s.want)
		}
	}
}
