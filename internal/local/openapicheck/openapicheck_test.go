package openapicheck_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"svc/internal/local/openapicheck"
)

type reports struct {
	mu   sync.Mutex
	list []string
}

func (r *reports) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.list = append(r.list, fmt.Sprintf(format, args...))
}

const envelope = `{"error":{"message":"(#100) bad","type":"OAuthException","code":100,"error_subcode":null,` +
	`"error_data":{"messaging_product":"svc","details":"bad"},"svc_trace_id":"t1"}}`

// TestHandler drives the check with answers that keep to the document and
// answers that do not: only the latter are reported.
func TestHandler(t *testing.T) {
	versions := `{"data":[{"api":"business","version":"1.0","base_path":"/business/v1.0","status":"current"}]}`
	for _, tc := range []struct {
		name, method, path, body string
		status                   int
		answer, contentType      string
		retryAfter               string
		reported                 string
	}{
		{name: "documented answer", method: "GET", path: "/versions", status: 200, answer: versions},
		{name: "trailing slash", method: "GET", path: "/versions/", status: 200, answer: versions},
		{name: "unknown field in an answer", method: "GET", path: "/versions", status: 200,
			answer: `{"data":[],"extra":1}`, reported: "not the document's"},
		{name: "error envelope", method: "GET", path: "/versions", status: 503, answer: envelope, retryAfter: "1"},
		{name: "a 503 without Retry-After", method: "GET", path: "/versions", status: 503, answer: envelope,
			reported: `"Retry-After" missing`},
		{name: "error without the envelope", method: "GET", path: "/versions", status: 503, retryAfter: "1",
			answer: `{"message":"down"}`, reported: "not the document's"},
		{name: "unknown path refused", method: "GET", path: "/nowhere", status: 404, answer: envelope},
		{name: "unknown path accepted", method: "GET", path: "/nowhere", status: 200, answer: `{}`, reported: "refuses the request"},
		{name: "refusal not in the envelope", method: "GET", path: "/nowhere", status: 404, answer: `{"x":1}`, reported: "not the envelope"},
		{name: "bad body refused", method: "POST", path: "/v1/calls/c1/offer?metadata=t", body: `{"sdp":5}`, status: 400, answer: envelope},
		{name: "bad body accepted", method: "POST", path: "/v1/calls/c1/offer?metadata=t", body: `{"sdp":5}`, status: 200,
			answer: `{}`, reported: "refuses the request"},
		{name: "page as html", method: "GET", path: "/v1/calls/c1/session?metadata=t", status: 200,
			answer: "<!doctype html>", contentType: "text/html; charset=utf-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := &reports{}
			h := openapicheck.Handler(got, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				ct := tc.contentType
				if ct == "" {
					ct = "application/json"
				}
				w.Header().Set("Content-Type", ct)
				if tc.retryAfter != "" {
					w.Header().Set("Retry-After", tc.retryAfter)
				}
				w.WriteHeader(tc.status)
				_, _ = w.Write([]byte(tc.answer))
			}))
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body)))
			if rec.Code != tc.status || rec.Body.String() != tc.answer {
				t.Errorf("the answer was changed: %d %s", rec.Code, rec.Body)
			}
			joined := strings.Join(got.list, "\n")
			switch {
			case tc.reported == "" && joined != "":
				t.Errorf("reported: %s", joined)
			case tc.reported != "" && !strings.Contains(joined, tc.reported):
				t.Errorf("want a report of %q, got %q", tc.reported, joined)
			}
		})
	}
}
