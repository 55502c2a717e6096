package callapi_test

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"
	"testing"

	"svc/internal/feature/call"
	"svc/internal/routes"
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
