package gatewaycache_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"svc/internal/adapter/gatewaycache"
)

// request is what the stand-in for API Gateway received.
type request struct {
	method, path, auth string
}

// TestFlush sends the SDK's real FlushStageAuthorizersCache call to a local
// HTTP server standing in for API Gateway's endpoint: a signed DELETE of
// the stage's cache/authorizers, whose 202 is a flush and whose error
// answers are errors naming the stage.
func TestFlush(t *testing.T) {
	cases := []struct {
		name    string
		status  int
		errType string
		wantErr string
	}{
		{"accepted", http.StatusAccepted, "", ""},
		{"no such stage", http.StatusNotFound, "NotFoundException", "NotFoundException"},
		{"not granted", http.StatusForbidden, "AccessDeniedException", "AccessDeniedException"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			var got []request
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				mu.Lock()
				got = append(got, request{r.Method, r.URL.EscapedPath(), r.Header.Get("Authorization")})
				mu.Unlock()
				if tc.errType != "" {
					w.Header().Set("X-Amzn-Errortype", tc.errType)
					w.Header().Set("Content-Type", "application/json")
					w.WriteHeader(tc.status)
					_, _ = w.Write([]byte(`{"message":"refused"}`))
					return
				}
				w.WriteHeader(tc.status)
			}))
			defer srv.Close()
			cfg := aws.Config{Region: "eu-west-1",
				Credentials: credentials.NewStaticCredentialsProvider("AKIDEXAMPLE", "secret", "")}
			stage := gatewaycache.New(gatewaycache.NewClient(cfg, srv.URL), "abc123", "prod")

			err := stage.Flush(context.Background())
			if tc.wantErr == "" && err != nil {
				t.Fatal(err)
			}
			if tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr) ||
				!strings.Contains(err.Error(), "stage prod of REST API abc123")) {
				t.Fatalf("error %v, want one naming %s and the stage", err, tc.wantErr)
			}
			mu.Lock()
			defer mu.Unlock()
			if len(got) != 1 {
				t.Fatalf("%d requests, want 1 (a 4xx is not retried): %+v", len(got), got)
			}
			r := got[0]
			if r.method != http.MethodDelete || r.path != "/restapis/abc123/stages/prod/cache/authorizers" {
				t.Errorf("%s %s, want DELETE /restapis/abc123/stages/prod/cache/authorizers", r.method, r.path)
			}
			if !strings.HasPrefix(r.auth, "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/") || !strings.Contains(r.auth, "/eu-west-1/apigateway/aws4_request") {
				t.Errorf("Authorization %q: want a SigV4 signature for apigateway in eu-west-1", r.auth)
			}
		})
	}
}
