package callapi_test

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"log/slog"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/feature/account/auth"
	"svc/internal/feature/call"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/callapi"
)

// TestPagePaths holds the feature's page URLs to the route table: the
// links call and admin write are the routes the gateway serves.
func TestPagePaths(t *testing.T) {
	user := strings.Replace(routes.CallPage.Path, "{"+routes.ParamCallID+"}", "ID", 1)
	if got := call.UserPagePrefix + "ID" + call.UserPageSuffix; got != user {
		t.Errorf("user page %s, route %s", got, user)
	}
	if call.ProviderPagePath != routes.ProviderPage.Path {
		t.Errorf("provider page %s, route %s", call.ProviderPagePath, routes.ProviderPage.Path)
	}
}

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
