package gatewayresp_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/platform/apperr"
	"svc/internal/transport/gatewayresp"
)

type envelope struct {
	Error struct {
		Message   string `json:"message"`
		Type      string `json:"type"`
		Code      int    `json:"code"`
		Subcode   *int   `json:"error_subcode"`
		ErrorData struct {
			MessagingProduct string `json:"messaging_product"`
			Details          string `json:"details"`
		} `json:"error_data"`
		TraceID string `json:"svc_trace_id"`
	} `json:"error"`
}

// TestRenderedEnvelopes renders every gateway response as API Gateway would
// and checks it is the interface's envelope with the right code and status.
func TestRenderedEnvelopes(t *testing.T) {
	deny := gatewayresp.DenyContext(auth.ErrRevokedKey)
	vars := map[string]string{
		"context.requestId":           "req-1",
		"context.error.messageString": `"Request Too Long"`,
	}
	for k, v := range deny {
		b, _ := json.Marshal(v)
		s := string(b)
		if str, ok := v.(string); ok {
			s = str
		}
		vars["context.authorizer."+k] = s
	}
	want := map[string]struct {
		status int
		code   int
	}{
		"UNAUTHORIZED":                   {401, 0},
		"ACCESS_DENIED":                  {401, 190},
		"THROTTLED":                      {429, 130429},
		"MISSING_AUTHENTICATION_TOKEN":   {404, 100},
		"RESOURCE_NOT_FOUND":             {404, 100},
		"DEFAULT_4XX":                    {0, 100},
		"INTEGRATION_TIMEOUT":            {503, 131016},
		"AUTHORIZER_FAILURE":             {503, 131016},
		"AUTHORIZER_CONFIGURATION_ERROR": {503, 131016},
		"DEFAULT_5XX":                    {0, 131000},
	}
	if len(gatewayresp.All) != len(want) {
		t.Errorf("%d responses, want %d", len(gatewayresp.All), len(want))
	}
	for _, r := range gatewayresp.All {
		t.Run(r.Type, func(t *testing.T) {
			w, ok := want[r.Type]
			if !ok {
				t.Fatalf("unexpected type")
			}
			if r.Status != w.status {
				t.Errorf("status %d, want %d", r.Status, w.status)
			}
			if r.Status != 0 && apperr.Code(w.code).Status() != r.Status && w.code != 100 && r.Type != "ACCESS_DENIED" {
				t.Errorf("status %d disagrees with code %d's %d", r.Status, w.code, apperr.Code(w.code).Status())
			}
			headers, body := r.Render(vars)
			var env envelope
			if err := json.Unmarshal([]byte(body), &env); err != nil {
				t.Fatalf("not JSON: %v\n%s", err, body)
			}
			if env.Error.Code != w.code || env.Error.TraceID != "req-1" || env.Error.ErrorData.MessagingProduct != "svc" ||
				env.Error.Message == "" || env.Error.Type == "" {
				t.Errorf("envelope %s", body)
			}
			if headers[apperr.TraceHeader] != "req-1" || headers["Content-Type"] != "application/json" {
				t.Errorf("headers %v", headers)
			}
		})
	}
	_, body := gatewayresp.ByType("ACCESS_DENIED", 403).Render(vars)
	var env envelope
	_ = json.Unmarshal([]byte(body), &env)
	if env.Error.ErrorData.Details != auth.ErrRevokedKey.Details || env.Error.Message != "(#190) Access token invalid or expired" {
		t.Errorf("ACCESS_DENIED does not carry the authorizer's reason: %s", body)
	}
	_, body = gatewayresp.ByType("DEFAULT_4XX", 413).Render(vars)
	_ = json.Unmarshal([]byte(body), &env)
	if env.Error.ErrorData.Details != "Request Too Long" {
		t.Errorf("DEFAULT_4XX does not carry API Gateway's message: %s", body)
	}
}

func TestByTypeFallsBack(t *testing.T) {
	if got := gatewayresp.ByType("REQUEST_TOO_LARGE", 413).Type; got != "DEFAULT_4XX" {
		t.Errorf("4xx fallback %s", got)
	}
	if got := gatewayresp.ByType("INTEGRATION_FAILURE", 504).Type; got != "DEFAULT_5XX" {
		t.Errorf("5xx fallback %s", got)
	}
}

// TestRateBlocked: the web ACL's rate rule answers as every rate limit of
// the service does, 429 with the 130429 envelope and a whole number of
// seconds in Retry-After, with no trace id (WAF fills in no variable).
func TestRateBlocked(t *testing.T) {
	for _, tt := range []struct {
		retryAfter time.Duration
		want       string
	}{
		{5 * time.Minute, "300"},
		{90 * time.Second, "90"},
		{1500 * time.Millisecond, "2"},
	} {
		r := gatewayresp.RateBlocked(tt.retryAfter)
		if r.Status != 429 || len(r.Headers) != 1 || r.Headers["Retry-After"] != tt.want {
			t.Errorf("RateBlocked(%v) = %d %v, want 429 with Retry-After %s alone", tt.retryAfter, r.Status, r.Headers, tt.want)
		}
		var env envelope
		if err := json.Unmarshal([]byte(r.Body), &env); err != nil {
			t.Fatalf("not JSON: %v\n%s", err, r.Body)
		}
		if env.Error.Code != int(apperr.CodeRateLimit) || env.Error.Type != apperr.CodeRateLimit.Type() || env.Error.Subcode != nil ||
			env.Error.ErrorData.MessagingProduct != "svc" || env.Error.TraceID != "" ||
			env.Error.Message != "(#130429) Rate limit hit" || !strings.Contains(env.Error.ErrorData.Details, "Retry-After") {
			t.Errorf("envelope %s", r.Body)
		}
	}
}
