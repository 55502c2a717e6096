package devstack_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/local/devstack"
	"svc/internal/platform/ratelimit"
	"svc/internal/transport/admin"
)

// BenchmarkGatewayInProcess runs template reads through the local gateway
// in process (no HTTP hop), against DynamoDB Local: what the gateway, the
// function and the SDK spend beside the store's own time, in allocations
// per request (exact) and time (which the store and the machine's load
// dominate). The P1 rows of make bench are the end-to-end view.
func BenchmarkGatewayInProcess(b *testing.B) {
	ctx := context.Background()
	name := "inproc-" + randomSuffix()
	st, err := devstack.Open(ctx, devstack.Options{DynamoEndpoint: ddbEndpoint, SQSEndpoint: sqsEndpoint, TableName: name,
		QueuePrefix: name + "-", Log: quietLog(), RatePolicy: ratelimit.Policy{Limit: 1 << 30, Window: time.Hour}})
	if err != nil {
		b.Fatal(err)
	}
	minted, err := st.Admin(ctx, admin.Event{Action: admin.ActionMintKey, ZBAID: "acme", CreateZBA: true,
		Scopes: []string{string(auth.ScopeManagement)}})
	if err != nil {
		b.Fatal(err)
	}
	serve := func(method, path, body string) int {
		req := httptest.NewRequest(method, path, stringsReader(body))
		req.Header.Set("Authorization", "Bearer "+minted.Key)
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		rec := httptest.NewRecorder()
		st.Gateway.ServeHTTP(rec, req)
		return rec.Code
	}
	if code := serve("POST", "/business/v1.0/acme/message_templates", `{"name":"hello","language":"en_US",`+
		`"category":"UTILITY","components":[{"type":"BODY","text":"Your order {{1}} has shipped."}]}`); code != 200 {
		b.Fatalf("create: %d", code)
	}
	for _, c := range []struct{ name, path string }{
		{"get-template", "/business/v1.0/acme/message_templates/acme_hello_en_US"},
		{"list-templates", "/business/v1.0/acme/message_templates?limit=10"},
		{"versions", "/versions"},
		{"openapi", "/openapi.json"},
	} {
		b.Run(c.name, func(b *testing.B) {
			serve("GET", c.path, "") // the authorizer's cache
			b.ReportAllocs()
			for b.Loop() {
				if code := serve("GET", c.path, ""); code != 200 {
					b.Fatalf("%d", code)
				}
			}
		})
	}
}

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }
