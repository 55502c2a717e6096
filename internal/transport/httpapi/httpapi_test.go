package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/feature/template"
	"svc/internal/local/memstore"
	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/templateapi"
)

// memCounter is an in-memory rate counter: the handlers' tests need the
// limiter, not DynamoDB (the store's own tests cover the DynamoDB counter).
type memCounter map[string]int

func (m memCounter) Take(_ context.Context, key string, start, _ time.Time, limit, n int) (int, int, error) {
	k := key + start.String()
	granted := max(0, min(n, limit-m[k]))
	m[k] += granted
	return granted, m[k], nil
}

// options limit a ZBA to two requests a minute, on a clock that stands
// still mid-window: counted calls of one test never straddle a window
// boundary, which would reset the count.
func options() httpapi.Options {
	now := func() time.Time { return time.Date(2026, 1, 1, 12, 0, 30, 0, time.UTC) }
	return httpapi.Options{
		Limiter: &ratelimit.Limiter{Policy: ratelimit.Policy{Name: "management", Limit: 2, Window: time.Minute}, Counter: memCounter{}, Now: now},
		Log:     slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
}

// getTemplate is the get-template handler over an empty store in memory:
// a read runs beside the rate limit's reservation, so it may be read even
// when the limit refuses it.
func getTemplate(t *testing.T) httpapi.Handler {
	t.Helper()
	e := templateapi.Endpoints{Templates: template.Service{Store: memstore.New(), Log: options().Log}}
	h, err := httpapi.Serve(routes.GetTemplate, e.Get, options())
	if err != nil {
		t.Fatal(err)
	}
	return h
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

func TestServeRefusesAMissingLimiterOrLogger(t *testing.T) {
	if _, err := httpapi.Serve(routes.GetTemplate, httpapi.Versions, httpapi.Options{Log: options().Log}); err == nil {
		t.Error("a rate-limited route was served without a limiter")
	}
	unnamed := options()
	unnamed.Limiter.Policy.Name = ""
	if _, err := httpapi.Serve(routes.GetTemplate, httpapi.Versions, unnamed); err == nil {
		t.Error("a rate-limited route was served by a policy without a name")
	}
	if _, err := httpapi.Serve(routes.Versions, httpapi.Versions, httpapi.Options{}); err == nil {
		t.Error("a route was served without a logger")
	}
}

// TestGuards runs the get-template fixture through the checks every
// business route shares: scope, ZBA, then the rate limit.
func TestGuards(t *testing.T) {
	h := getTemplate(t)
	tests := []struct {
		name   string
		edit   func(*events.APIGatewayProxyRequest)
		status int
		code   apperr.Code
	}{
		{"key of another zba", func(ev *events.APIGatewayProxyRequest) { ev.PathParameters[routes.GatewayNodeParam] = "other" }, 403, apperr.CodeNotAuthorized},
		{"key without the management scope", func(ev *events.APIGatewayProxyRequest) {
			ev.RequestContext.Authorizer["scopes"] = "svc_business_messaging"
		}, 403, apperr.CodeNotAuthorized},
		{"no authorizer context", func(ev *events.APIGatewayProxyRequest) { ev.RequestContext.Authorizer = nil }, 401, apperr.CodeAuth},
		{"two Authorization headers, allowed from the cache of one", func(ev *events.APIGatewayProxyRequest) {
			ev.MultiValueHeaders = map[string][]string{"Authorization": {"Bearer one", ev.Headers["Authorization"]}}
		}, 401, apperr.CodeAuth},
		{"two spellings of Authorization", func(ev *events.APIGatewayProxyRequest) {
			ev.MultiValueHeaders = map[string][]string{"Authorization": {ev.Headers["Authorization"]}, "authorization": {"Bearer two"}}
		}, 401, apperr.CodeAuth},
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
	h, err := httpapi.Serve(routes.Versions, httpapi.Versions, options())
	if err != nil {
		t.Fatal(err)
	}
	resp, _ := h(context.Background(), events.APIGatewayProxyRequest{HTTPMethod: "GET", Path: "/versions",
		RequestContext: events.APIGatewayProxyRequestContext{RequestID: "r1"}})
	want := `{"data":[{"api":"business","version":"1.0","base_path":"/business/v1.0","status":"current"},{"api":"calls","version":"1","base_path":"/v1","status":"current"}]}`
	if resp.StatusCode != 200 || resp.Body != want {
		t.Fatalf("%d %s", resp.StatusCode, resp.Body)
	}
}

// waitingCounter answers a reservation only once the route's endpoint has
// started (or, without started, at once), or fails it after a long bound:
// it shows a read running beside its reservation rather than after it. A
// full counter refuses every request.
type waitingCounter struct {
	started chan struct{}
	full    bool
}

func (w waitingCounter) Take(_ context.Context, _ string, _, _ time.Time, limit, n int) (int, int, error) {
	if w.started != nil {
		select {
		case <-w.started:
		case <-time.After(10 * time.Second):
			return 0, 0, errors.New("the endpoint did not start beside the reservation")
		}
	}
	if w.full {
		return 0, limit, nil
	}
	return n, n, nil
}

// TestReadsRunBesideTheirReservation: a read whose rate-limit decision
// needs the counter runs beside it, and answers the limit's refusal when it
// refuses; a write never runs before the limit has allowed it.
func TestReadsRunBesideTheirReservation(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 1, 1, 12, 0, 30, 0, time.UTC) }
	for _, tc := range []struct {
		name   string
		route  routes.Route
		full   bool
		status int
		ran    bool
	}{
		{"a read, allowed", routes.GetTemplate, false, 200, true},
		{"a read, refused", routes.GetTemplate, true, 429, true},
		{"a write, refused", routes.CreateTemplate, true, 429, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			started := make(chan struct{})
			counter := waitingCounter{full: tc.full}
			if tc.ran {
				counter.started = started
			}
			ran := false
			ep := func(context.Context, httpapi.Request) (int, any, error) {
				ran = true
				close(started)
				return 200, map[string]string{"ok": "yes"}, nil
			}
			o := options()
			o.Limiter = &ratelimit.Limiter{Policy: ratelimit.Policy{Name: "management", Limit: 5, Window: time.Minute}, Counter: counter, Now: now}
			h, err := httpapi.Serve(tc.route, ep, o)
			if err != nil {
				t.Fatal(err)
			}
			ev := proxyFixture(t)
			ev.HTTPMethod = tc.route.Method
			resp, err := h(context.Background(), ev)
			if err != nil || resp.StatusCode != tc.status || ran != tc.ran {
				t.Fatalf("status %d (%v), endpoint ran %v; want %d, ran %v: %s", resp.StatusCode, err, ran, tc.status, tc.ran, resp.Body)
			}
		})
	}
}
