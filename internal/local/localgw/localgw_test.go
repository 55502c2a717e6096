package localgw

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/feature/account/auth"
	"svc/internal/platform/apperr"
	"svc/internal/routes"
	"svc/internal/transport/authorizer"
	"svc/internal/transport/httpapi"
)

var (
	echoRoute  = routes.Route{Function: routes.Function{Name: "echo"}, Method: "POST", Path: "/things/{id}/parts", Scope: auth.ScopeManagement}
	slowRoute  = routes.Route{Function: routes.Function{Name: "slow"}, Method: "GET", Path: "/slow"}
	panicRoute = routes.Route{Function: routes.Function{Name: "panic"}, Method: "GET", Path: "/panic"}
)

// testGateway serves three routes: one echoing the event it got, one slower
// than its function timeout, one that panics. Its authorizer allows the
// token "good", denies "bad" and fails on "broken". The function timeout
// (every route's) is 2 s, not less, so that on a loaded machine only the
// slow route times out.
func testGateway(t *testing.T, calls *atomic.Int32) *httptest.Server {
	t.Helper()
	_, srv := newTestGateway(t, calls)
	return srv
}

// newTestGateway is testGateway and the gateway it serves.
func newTestGateway(t *testing.T, calls *atomic.Int32) (*Gateway, *httptest.Server) {
	t.Helper()
	handlers := map[string]httpapi.Handler{
		"echo": func(_ context.Context, ev events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
			b, _ := json.Marshal(ev)
			return events.APIGatewayProxyResponse{StatusCode: 201, Body: string(b),
				MultiValueHeaders: map[string][]string{"X-Multi": {"a", "b"}}}, nil
		},
		"slow": func(ctx context.Context, _ events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
			<-ctx.Done()
			return events.APIGatewayProxyResponse{StatusCode: 200}, nil
		},
		"panic": func(context.Context, events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
			panic("boom")
		},
	}
	authz := func(_ context.Context, ev events.APIGatewayCustomAuthorizerRequestTypeRequest) (events.APIGatewayCustomAuthorizerResponse, error) {
		calls.Add(1)
		effect := "Allow"
		switch ev.Headers["Authorization"] {
		case "bad":
			effect = "Deny"
		case "broken":
			return events.APIGatewayCustomAuthorizerResponse{}, errors.New("store down")
		}
		return events.APIGatewayCustomAuthorizerResponse{PrincipalID: "p1",
			PolicyDocument: events.APIGatewayCustomAuthorizerPolicy{Version: "2012-10-17", Statement: []events.IAMPolicyStatement{
				{Action: []string{"execute-api:Invoke"}, Effect: effect, Resource: []string{wholeStage(ev.MethodArn)}}}},
			Context: map[string]any{"zbaId": "z1", "errorCode": 190, "errorMessage": "(#190) Access token invalid or expired",
				"errorType": "OAuthException", "errorDetails": "The API key is not recognised."}}, nil
	}
	g, err := New(Config{Routes: []routes.Route{echoRoute, slowRoute, panicRoute}, Handlers: handlers, Authorizer: authz,
		Timeout: 2 * time.Second, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	// Served as make run serves it, so every test also holds that the
	// wrapped listener leaves the gateway's own responses alone.
	srv := httptest.NewUnstartedServer(g)
	srv.Listener = g.Listener(srv.Listener)
	srv.Start()
	t.Cleanup(srv.Close)
	return g, srv
}

func wholeStage(arn string) string {
	parts := strings.SplitN(arn, "/", 3)
	return parts[0] + "/" + parts[1] + "/*/*"
}

func do(t *testing.T, method, url, token, body string) (*http.Response, []byte) {
	t.Helper()
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, b
}

func errorCode(t *testing.T, b []byte) int {
	t.Helper()
	var env struct {
		Error struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	if err := json.Unmarshal(b, &env); err != nil {
		t.Fatalf("not an envelope: %s", b)
	}
	return env.Error.Code
}

// TestProxyEvent: the event of a request, also with a trailing slash, which
// API Gateway's REST API serves as the resource without it while the event's
// path keeps the slash the client sent.
func TestProxyEvent(t *testing.T) {
	var calls atomic.Int32
	srv := testGateway(t, &calls)
	for _, path := range []string{"/things/42/parts", "/things/42/parts/"} {
		t.Run(path, func(t *testing.T) { checkProxyEvent(t, srv.URL, path) })
	}
}

func checkProxyEvent(t *testing.T, base, path string) {
	resp, b := do(t, "POST", base+path+"?a=1&a=2&b=x", "good", `{"k":"v"}`)
	if resp.StatusCode != 201 || resp.Header.Values("X-Multi")[1] != "b" {
		t.Fatalf("%d %v %s", resp.StatusCode, resp.Header, b)
	}
	var ev events.APIGatewayProxyRequest
	if err := json.Unmarshal(b, &ev); err != nil {
		t.Fatal(err)
	}
	checks := map[string]bool{
		"resource":      ev.Resource == echoRoute.Path,
		"path":          ev.Path == path && ev.RequestContext.Path == path,
		"method":        ev.HTTPMethod == "POST",
		"path param":    ev.PathParameters["id"] == "42",
		"last query":    ev.QueryStringParameters["a"] == "2",
		"multi query":   len(ev.MultiValueQueryStringParameters["a"]) == 2,
		"body":          ev.Body == `{"k":"v"}`,
		"request id":    len(ev.RequestContext.RequestID) == 36,
		"stage":         ev.RequestContext.Stage == "local",
		"resource path": ev.RequestContext.ResourcePath == echoRoute.Path,
		"principal":     ev.RequestContext.Authorizer["principalId"] == "p1",
		"context":       ev.RequestContext.Authorizer["zbaId"] == "z1",
		"source ip":     ev.RequestContext.Identity.SourceIP == "127.0.0.1",
	}
	for name, ok := range checks {
		if !ok {
			t.Errorf("%s wrong in %s", name, b)
		}
	}
}

func TestGatewayResponses(t *testing.T) {
	var calls atomic.Int32
	srv := testGateway(t, &calls)
	tests := []struct {
		name, method, path, token string
		status, code              int
	}{
		{"no identity source", "POST", "/things/1/parts", "", 401, 0},
		{"deny", "POST", "/things/1/parts", "bad", 401, 190},
		{"authorizer error", "POST", "/things/1/parts", "broken", 503, 131016},
		{"unknown path", "GET", "/things", "", 404, 100},
		{"two trailing slashes", "POST", "/things/1/parts//", "good", 404, 100},
		{"a leading double slash", "POST", "//things/1/parts", "good", 404, 100},
		{"an empty path parameter", "POST", "/things//parts", "good", 404, 100},
		{"a trailing slash on a public route", "GET", "/panic/", "", 502, 131000},
		{"wrong method", "GET", "/things/1/parts", "good", 404, 100},
		// An encoded slash stays inside its segment, as API Gateway reads
		// it: "1%2Fparts" is one segment, and /things/{id} has no POST.
		{"an encoded slash is not a separator", "POST", "/things/1%2Fparts", "good", 404, 100},
		{"function timeout: a failed Lambda, as in AWS", "GET", "/slow", "", 502, 131000},
		{"handler panic", "GET", "/panic", "", 502, 131000},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, b := do(t, tc.method, srv.URL+tc.path, tc.token, "")
			if resp.StatusCode != tc.status || errorCode(t, b) != tc.code || resp.Header.Get(apperr.TraceHeader) == "" {
				t.Fatalf("%d %s", resp.StatusCode, b)
			}
		})
	}
	resp, b := do(t, "POST", srv.URL+"/things/1/parts", "good", strings.Repeat("x", MaxBodyBytes+1))
	if resp.StatusCode != 413 || errorCode(t, b) != 100 {
		t.Fatalf("too large: %d %s", resp.StatusCode, b)
	}
}

func TestAuthorizerCacheKeyedByToken(t *testing.T) {
	var calls atomic.Int32
	srv := testGateway(t, &calls)
	for i := 0; i < 3; i++ {
		do(t, "POST", srv.URL+"/things/1/parts", "good", "")
		do(t, "POST", srv.URL+"/things/2/parts", "bad", "")
	}
	if n := calls.Load(); n != 2 {
		t.Fatalf("authorizer called %d times; one per token within the TTL", n)
	}
	do(t, "POST", srv.URL+"/things/1/parts", "broken", "")
	do(t, "POST", srv.URL+"/things/1/parts", "broken", "")
	if n := calls.Load(); n != 4 {
		t.Fatalf("a failed authorizer call is not cached: %d calls", n)
	}
}

func TestGlob(t *testing.T) {
	tests := []struct {
		p, s string
		want bool
	}{
		{"arn:x:api/prod/*/*", "arn:x:api/prod/GET/a/b", true},
		{"arn:x:api/prod/*/*", "arn:x:api/dev/GET/a", false},
		{"arn:x:api/prod/GET/a", "arn:x:api/prod/GET/a", true},
		{"arn:x:api/prod/GET/?", "arn:x:api/prod/GET/a", true},
		{"*", "", true},
		{"a*b*c", "aXXbYYc", true},
		{"a*b*c", "aXXbYY", false},
	}
	for _, tc := range tests {
		if got := glob(tc.p, tc.s); got != tc.want {
			t.Errorf("glob(%q, %q) = %v", tc.p, tc.s, got)
		}
	}
}

func TestEvaluateDenyWins(t *testing.T) {
	arn := "arn:x:api/prod/GET/a"
	doc := events.APIGatewayCustomAuthorizerPolicy{Statement: []events.IAMPolicyStatement{
		{Action: []string{"execute-api:Invoke"}, Effect: "Allow", Resource: []string{"*"}},
		{Action: []string{"execute-api:Invoke"}, Effect: "Deny", Resource: []string{arn}},
	}}
	if evaluate(doc, arn) != "Deny" {
		t.Fatal("an explicit deny wins")
	}
	if evaluate(events.APIGatewayCustomAuthorizerPolicy{}, arn) != "" {
		t.Fatal("no statement is an implicit deny")
	}
}

type memKeys map[string]auth.Key

func (m memKeys) GetKey(_ context.Context, id string) (auth.Key, error) {
	if k, ok := m[id]; ok {
		return k, nil
	}
	return auth.Key{}, auth.ErrKeyNotFound
}

// TestRepeatedAuthorization: a request with two Authorization headers is
// refused with the 401 envelope by the service's own authorizer, whatever
// the headers hold and whatever the cache holds for one of them; and the
// refusal is not served to that value sent alone afterwards.
func TestRepeatedAuthorization(t *testing.T) {
	now := time.Now()
	a, keyA, _ := auth.MintKey("acme", []auth.Scope{auth.ScopeManagement}, now, nil)
	b, keyB, _ := auth.MintKey("rival", []auth.Scope{auth.ScopeManagement}, now, nil)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	echo := func(_ context.Context, ev events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
		return events.APIGatewayProxyResponse{StatusCode: 200, Body: fmt.Sprint(ev.RequestContext.Authorizer["zbaId"])}, nil
	}
	g, err := New(Config{Routes: []routes.Route{echoRoute}, Handlers: map[string]httpapi.Handler{"echo": echo},
		Authorizer: authorizer.New(auth.Authenticator{Keys: memKeys{keyA.ID: keyA, keyB.ID: keyB}, Now: time.Now}, log, 0),
		CacheTTL:   time.Minute, Log: log})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(g)
	t.Cleanup(srv.Close)
	steps := []struct {
		name   string
		values []string
		status int
		body   string // the ZBA on a 200, the details on a 401
	}{
		{"key A alone (cached)", []string{a}, 200, "acme"},
		{"key A twice", []string{a, a}, 401, auth.ErrRepeatedCredentials.Details},
		{"key B, then key A (cached alone)", []string{b, a}, 401, auth.ErrRepeatedCredentials.Details},
		{"key A, then key B", []string{a, b}, 401, auth.ErrRepeatedCredentials.Details},
		{"a bad key, then key A", []string{"Bearer nope", a}, 401, auth.ErrRepeatedCredentials.Details},
		{"key A alone again: the refusal stays with the pair", []string{a}, 200, "acme"},
		{"key B alone", []string{b}, 200, "rival"},
	}
	for _, st := range steps {
		req, _ := http.NewRequest("POST", srv.URL+"/things/1/parts", nil)
		for _, v := range st.values {
			if !strings.HasPrefix(v, "Bearer ") {
				v = "Bearer " + v
			}
			req.Header.Add("Authorization", v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != st.status {
			t.Fatalf("%s: %d %s, want %d", st.name, resp.StatusCode, body, st.status)
		}
		if st.status == 200 {
			if string(body) != st.body {
				t.Fatalf("%s: authenticated as %s, want %s", st.name, body, st.body)
			}
			continue
		}
		var env apperr.Envelope
		if err := json.Unmarshal(body, &env); err != nil || env.Error.Code != apperr.CodeAuth ||
			env.Error.ErrorData.Details != st.body || resp.Header.Get("WWW-Authenticate") == "" {
			t.Fatalf("%s: %v %s", st.name, resp.Header, body)
		}
	}
}
