package localgw

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

// TestControlFlushesTheCache: the control plane's DELETE of the stage's
// cache/authorizers answers 202 and drops every cached answer, so the next
// request of each token asks the authorizer again; any other request, and
// another stage's or API's path, is a 404 NotFoundException that flushes
// nothing.
func TestControlFlushesTheCache(t *testing.T) {
	var calls atomic.Int32
	g, srv := newTestGateway(t, &calls)
	control := httptest.NewServer(g.Control())
	defer control.Close()
	use := func() {
		do(t, "POST", srv.URL+"/things/1/parts", "good", "")
		do(t, "POST", srv.URL+"/things/1/parts", "bad", "")
	}
	use()
	if n := calls.Load(); n != 2 {
		t.Fatalf("authorizer called %d times, want 2", n)
	}
	for _, tc := range []struct {
		name, method, path string
		status             int
		flushes            bool
	}{
		{"another stage", "DELETE", "/restapis/local/stages/prod/cache/authorizers", 404, false},
		{"another API", "DELETE", "/restapis/abc123/stages/local/cache/authorizers", 404, false},
		{"not a DELETE", "GET", "/restapis/local/stages/local/cache/authorizers", 404, false},
		{"the stage's API cache", "DELETE", "/restapis/local/stages/local/cache/data", 404, false},
		{"the stage's authorizer cache", "DELETE", "/restapis/local/stages/local/cache/authorizers", 202, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := calls.Load()
			resp, b := do(t, tc.method, control.URL+tc.path, "", "")
			if resp.StatusCode != tc.status {
				t.Fatalf("%d %s, want %d", resp.StatusCode, b, tc.status)
			}
			if tc.status == 404 && resp.Header.Get("X-Amzn-Errortype") != "NotFoundException" {
				t.Errorf("error type %q, want NotFoundException", resp.Header.Get("X-Amzn-Errortype"))
			}
			use()
			want := before
			if tc.flushes {
				want += 2 // both tokens asked again
			}
			if n := calls.Load(); n != want {
				t.Fatalf("authorizer called %d times after it, want %d", n, want)
			}
		})
	}
	// The control plane is not on the API's listener.
	if resp, _ := do(t, "DELETE", srv.URL+"/restapis/local/stages/local/cache/authorizers", "good", ""); resp.StatusCode == http.StatusAccepted {
		t.Fatal("the public listener flushes the cache")
	}
}
