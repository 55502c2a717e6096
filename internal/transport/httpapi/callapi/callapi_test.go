package callapi_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/feature/account/auth"
	"svc/internal/feature/call"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/callapi"
)

// TestPagePolicy checks that each page's inline script and style are the
// ones its Content-Security-Policy admits by hash, and that it admits
// nothing else.
func TestPagePolicy(t *testing.T) {
	for _, name := range []string{"user", "provider"} {
		t.Run(name, func(t *testing.T) {
			p := callapi.PageFor(name)
			csp := p.Headers["Content-Security-Policy"]
			for _, tag := range []string{"script", "style"} {
				body := p.Body[strings.Index(p.Body, "<"+tag+">")+len(tag)+2 : strings.Index(p.Body, "</"+tag+">")]
				sum := sha256.Sum256([]byte(body))
				want := tag + "-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
				if !strings.Contains(csp, want) {
					t.Errorf("%s not admitted: %s", tag, csp)
				}
				if strings.Count(p.Body, "<"+tag) != 1 {
					t.Errorf("more than one %s element", tag)
				}
			}
			for _, bad := range []string{"unsafe-inline", "unsafe-eval", "http:", "https:", "*"} {
				if strings.Contains(csp, bad) {
					t.Errorf("policy admits %s: %s", bad, csp)
				}
			}
			if !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "frame-ancestors 'none'") {
				t.Errorf("policy %s", csp)
			}
		})
	}
}

// TestCreateBodyStrict: a call body naming a key twice in one object, in
// one spelling or two, or nesting past the depth limit is 400 code 100
// naming where, before the service is asked (it has no store here).
func TestCreateBodyStrict(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	h, err := httpapi.Serve(routes.CreateCall, callapi.Endpoints{}.Create, httpapi.Options{Log: log})
	if err != nil {
		t.Fatal(err)
	}
	const ok = `"redirect_url":"https://example.com/done","address":"Lyon, France"`
	tests := []struct{ name, body, details string }{
		{"redirect_url twice", `{` + ok + `,"redirect_url":"https://example.com/other"}`,
			`request body: names \"redirect_url\" twice in one object`},
		{"address in two spellings", `{` + ok + `,"Address":"Paris, France"}`,
			`request body: names \"address\" twice in one object (as \"address\" and \"Address\")`},
		{"longitude twice", `{` + ok + `,"location":{"latitude":1,"longitude":2,"longitude":3}}`,
			`location: names \"longitude\" twice in one object`},
		{"nested too deep", `{` + ok + `,"x":` + strings.Repeat("[", 64) + strings.Repeat("]", 64) + `}`,
			`request body: nested too deep at byte`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := events.APIGatewayProxyRequest{HTTPMethod: "POST", Resource: routes.CreateCall.Path, Path: routes.CreateCall.Path, Body: tt.body}
			ev.RequestContext.Authorizer = auth.Principal{ZBAID: "acme", KeyID: "k", Scopes: []auth.Scope{auth.ScopeMessaging}}.Context()
			resp, err := h(context.Background(), ev)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != 400 || !strings.Contains(resp.Body, `"code":100`) || !strings.Contains(resp.Body, tt.details) {
				t.Fatalf("got %d %s, want 400 code 100 with %s", resp.StatusCode, resp.Body, tt.details)
			}
		})
	}
}

// TestPageErrorsByAccept: a page opened with a link that does not work
// answers a browser (whose Accept names text/html) with an HTML page of the
// same status saying what went wrong, under a policy without script; any
// other client, and every route that is not a page, keeps the envelope.
func TestPageErrorsByAccept(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	key := []byte(strings.Repeat("k", 32))
	s := callapi.Sessions{Sessions: call.Sessions{Now: time.Now,
		Tokens: call.Tokens{Key: func(context.Context) ([]byte, error) { return key, nil }, Now: time.Now}}}
	handlers := map[string]httpapi.Handler{}
	byName := map[string]routes.Route{}
	for _, r := range []struct {
		route routes.Route
		ep    httpapi.Endpoint
	}{{routes.CallPage, s.UserPage}, {routes.ProviderPage, s.ProviderPage}, {routes.CallSignal, s.Signal}} {
		h, err := httpapi.Serve(r.route, r.ep, httpapi.Options{Log: log})
		if err != nil {
			t.Fatal(err)
		}
		handlers[r.route.Name], byName[r.route.Name] = h, r.route
	}
	const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
	tests := []struct {
		name, route, accept string
		html                bool
	}{
		{"a browser opens the user's page", routes.CallPage.Name, browser, true},
		{"a browser opens the provider's page", routes.ProviderPage.Name, browser, true},
		{"text/html in capitals", routes.CallPage.Name, "TEXT/HTML", true},
		{"text/html refused by q=0", routes.CallPage.Name, "text/html;q=0, application/json", false},
		{"curl's */*", routes.CallPage.Name, "*/*", false},
		{"an API client", routes.ProviderPage.Name, "application/json", false},
		{"no Accept", routes.CallPage.Name, "", false},
		{"signalling is never a page", routes.CallSignal.Name, browser, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := byName[tt.route]
			ev := events.APIGatewayProxyRequest{HTTPMethod: "GET", Resource: r.GatewayPath(), Path: "/x",
				PathParameters:        map[string]string{routes.ParamCallID: "c1"},
				QueryStringParameters: map[string]string{call.TokenParam: "bm90.YXRva2Vu"},
				Headers:               map[string]string{"Accept": tt.accept}}
			ev.RequestContext.RequestID = "trace-1"
			resp, err := handlers[tt.route](context.Background(), ev)
			if err != nil {
				t.Fatal(err)
			}
			ct := resp.Headers["Content-Type"]
			if resp.StatusCode != 401 || resp.Headers["X-Svc-Trace-Id"] != "trace-1" {
				t.Fatalf("%d %v", resp.StatusCode, resp.Headers)
			}
			if !tt.html {
				if ct != "application/json" || !strings.Contains(resp.Body, `"code":190`) {
					t.Fatalf("want the envelope, got %s %s", ct, resp.Body)
				}
				return
			}
			csp := resp.Headers["Content-Security-Policy"]
			style := resp.Body[strings.Index(resp.Body, "<style>")+len("<style>") : strings.Index(resp.Body, "</style>")]
			sum := sha256.Sum256([]byte(style))
			if ct != "text/html; charset=utf-8" || !strings.Contains(resp.Body, "<h1>This call link does not work</h1>") ||
				!strings.Contains(resp.Body, "The session link is invalid or has expired; ask for a new call.") ||
				!strings.Contains(resp.Body, "<code>trace-1</code>") || strings.Contains(resp.Body, "<script") ||
				resp.Headers["Cache-Control"] != "no-store" || resp.Headers["Referrer-Policy"] != "no-referrer" {
				t.Fatalf("page %v\n%s", resp.Headers, resp.Body)
			}
			if csp != "default-src 'none'; style-src 'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'" {
				t.Fatalf("policy %s", csp)
			}
		})
	}
}

// TestSessionTokenGivenTwice: metadata given twice on any call session
// route is 400 code 100, as every parameter that takes one value is, not
// the last value read (API Gateway's single-value map keeps the last).
func TestSessionTokenGivenTwice(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	key := []byte(strings.Repeat("k", 32))
	s := callapi.Sessions{Sessions: call.Sessions{Now: time.Now,
		Tokens: call.Tokens{Key: func(context.Context) ([]byte, error) { return key, nil }, Now: time.Now}}}
	for _, r := range []struct {
		route routes.Route
		ep    httpapi.Endpoint
	}{
		{routes.CallPage, s.UserPage}, {routes.ProviderPage, s.ProviderPage}, {routes.ProviderCalls, s.ProviderCalls},
		{routes.CallSignal, s.Signal}, {routes.CallOffer, s.Offer}, {routes.CallAnswer, s.Answer},
		{routes.CallDecline, s.Decline}, {routes.CallHangup, s.Hangup},
	} {
		t.Run(r.route.Name, func(t *testing.T) {
			h, err := httpapi.Serve(r.route, r.ep, httpapi.Options{Log: log})
			if err != nil {
				t.Fatal(err)
			}
			ev := events.APIGatewayProxyRequest{HTTPMethod: r.route.Method, Resource: r.route.GatewayPath(), Path: "/x",
				PathParameters:                  map[string]string{routes.ParamCallID: "c1"},
				QueryStringParameters:           map[string]string{call.TokenParam: "bm90.YXRva2Vu"},
				MultiValueQueryStringParameters: map[string][]string{call.TokenParam: {"b25l.dG9rZW4", "bm90.YXRva2Vu"}},
				Body:                            `{"sdp":"v=0"}`}
			resp, err := h(context.Background(), ev)
			if err != nil {
				t.Fatal(err)
			}
			const want = "metadata: given 2 times; a call session request takes one"
			if resp.StatusCode != 400 || !strings.Contains(resp.Body, `"code":100`) || !strings.Contains(resp.Body, want) {
				t.Fatalf("got %d %s, want 400 code 100 with %q", resp.StatusCode, resp.Body, want)
			}
		})
	}
}
