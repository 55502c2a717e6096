package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
)

// memCounter is an in-memory rate counter: the handlers' tests need the
// limiter, not DynamoDB (the store's own tests cover the DynamoDB counter).
type memCounter map[string]int

func (m memCounter) Hit(_ context.Context, key string, start, _ time.Time, limit int) (int, bool, error) {
	k := key + start.String()
	if m[k] >= limit {
		return m[k], false, nil
	}
	m[k]++
	return m[k], true, nil
}

// services has no template store: these tests stop before any store call.
func services() httpapi.Services {
	return httpapi.Services{
		Limiter: ratelimit.Limiter{Policy: ratelimit.Policy{Limit: 2, Window: time.Minute}, Counter: memCounter{}},
		Log:     slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
}

func proxyFixture(t *testing.T) events.APIGatewayProxyRequest {
	t.Helper()
	b, err := os.ReadFile("../../../events/apigateway-get-template.json")
	if err != nil {
		t.Fatal(err)
	}
	var ev events.APIGatewayProxyRequest
	if err := json.Unmarshal(b, &ev); err != nil {
		t.Fatal(err)
	}
	return ev
}

func TestEveryRouteHasAHandler(t *testing.T) {
	hs := httpapi.Handlers(services())
	if len(hs) != len(routes.All) {
		t.Fatalf("%d handlers for %d routes", len(hs), len(routes.All))
	}
	for _, r := range routes.All {
		if _, err := httpapi.For(r, services()); err != nil {
			t.Error(err)
		}
	}
}

// TestGuards runs the get-template fixture through the checks every
// business route shares: scope, ZBA, then the rate limit.
func TestGuards(t *testing.T) {
	svc := services()
	h, _ := httpapi.For(routes.GetTemplate, svc)
	tests := []struct {
		name   string
		edit   func(*events.APIGatewayProxyRequest)
		status int
		code   apperr.Code
	}{
		{"key of another zba", func(ev *events.APIGatewayProxyRequest) { ev.PathParameters["zbaId"] = "other" }, 403, apperr.CodeNotAuthorized},
		{"key without the management scope", func(ev *events.APIGatewayProxyRequest) {
			ev.RequestContext.Authorizer["scopes"] = "svc_business_messaging"
		}, 403, apperr.CodeNotAuthorized},
		{"no authorizer context", func(ev *events.APIGatewayProxyRequest) { ev.RequestContext.Authorizer = nil }, 401, apperr.CodeAuth},
		{"passes the guards: an id of another zba is not found", func(ev *events.APIGatewayProxyRequest) {
			ev.PathParameters["templateId"] = "other_order_update_en_US"
		}, 404, apperr.CodeInvalidParameter},
		{"second allowed call", func(ev *events.APIGatewayProxyRequest) {
			ev.PathParameters["templateId"] = "garbage"
		}, 404, apperr.CodeInvalidParameter},
		{"over the limit", func(*events.APIGatewayProxyRequest) {}, 429, apperr.CodeRateLimit},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ev := proxyFixture(t)
			tc.edit(&ev)
			resp, err := h(context.Background(), ev)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tc.status || resp.Headers[apperr.TraceHeader] != ev.RequestContext.RequestID ||
				resp.Headers["Content-Type"] != "application/json" {
				t.Fatalf("status %d headers %v body %s", resp.StatusCode, resp.Headers, resp.Body)
			}
			counted := tc.status == 404 || tc.status == 429
			if got := resp.Headers["RateLimit"]; counted == (got == "") {
				t.Errorf("RateLimit header %q: only requests past the checks are counted", got)
			}
			if tc.status == 429 && resp.Headers["Retry-After"] == "" {
				t.Error("a 429 says when to retry")
			}
			var env struct {
				Error struct {
					Code    apperr.Code `json:"code"`
					TraceID string      `json:"svc_trace_id"`
				} `json:"error"`
			}
			if err := json.Unmarshal([]byte(resp.Body), &env); err != nil || env.Error.Code != tc.code || env.Error.TraceID != ev.RequestContext.RequestID {
				t.Fatalf("body %s", resp.Body)
			}
		})
	}
}

func TestVersions(t *testing.T) {
	h, _ := httpapi.For(routes.Versions, services())
	resp, _ := h(context.Background(), events.APIGatewayProxyRequest{HTTPMethod: "GET", Path: "/versions",
		RequestContext: events.APIGatewayProxyRequestContext{RequestID: "r1"}})
	want := `{"data":[{"api":"business","version":"1.0","base_path":"/business/v1.0","status":"current"},{"api":"calls","version":"1","base_path":"/v1","status":"planned"}]}`
	if resp.StatusCode != 200 || resp.Body != want {
		t.Fatalf("%d %s", resp.StatusCode, resp.Body)
	}
}
