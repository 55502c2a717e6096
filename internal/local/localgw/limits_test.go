package localgw

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
)

// TestLargeHeadersAreRefused: API Gateway refuses a request whose request
// line and header values pass 10 KB; a request just under passes.
func TestLargeHeadersAreRefused(t *testing.T) {
	var calls atomic.Int32
	srv := testGateway(t, &calls)
	for _, tc := range []struct {
		name   string
		pad    int
		status int
	}{
		{"just under the limit", MaxHeaderBytes - 200, 201},
		{"over the limit", MaxHeaderBytes + 1, 413},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest("POST", srv.URL+"/things/1/parts", nil)
			req.Header.Set("Authorization", "good")
			req.Header.Set("X-Pad", strings.Repeat("p", tc.pad))
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			if resp.StatusCode != tc.status || (tc.status == 413 && errorCode(t, b) != 100) {
				t.Fatalf("status %d, want %d (%.200s)", resp.StatusCode, tc.status, b)
			}
		})
	}
}

// TestAuthorizerCacheIsBounded fills the cache past its bound: expired
// answers go first, then the ones closest to expiring, and the cache never
// holds more than MaxCachedAuthorizations.
func TestAuthorizerCacheIsBounded(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	g := &Gateway{cfg: Config{CacheTTL: time.Minute, Now: func() time.Time { return now }}, cache: map[string]cachedPolicy{}}
	resp := events.APIGatewayCustomAuthorizerResponse{PrincipalID: "p"}
	g.store("expired", resp)
	now = now.Add(2 * time.Minute)
	for i := range MaxCachedAuthorizations - 1 {
		g.store(fmt.Sprint("t", i), resp)
		now = now.Add(time.Millisecond)
	}
	if len(g.cache) != MaxCachedAuthorizations {
		t.Fatalf("%d entries before the bound", len(g.cache))
	}
	g.store("new-1", resp)
	if _, ok := g.cache["expired"]; ok || len(g.cache) != MaxCachedAuthorizations {
		t.Fatalf("the expired answer was kept (%d entries)", len(g.cache))
	}
	g.store("new-2", resp)
	if _, ok := g.cache["t0"]; ok || len(g.cache) != MaxCachedAuthorizations {
		t.Fatalf("the answer closest to expiring was kept (%d entries)", len(g.cache))
	}
	if _, ok := g.cached("new-2"); !ok {
		t.Fatal("the newest answer is not served from the cache")
	}
}
