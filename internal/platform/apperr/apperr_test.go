package apperr_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"svc/internal/platform/apperr"
)

// TestCodeStatus holds the code table to section 7 of the interface.
func TestCodeStatus(t *testing.T) {
	want := map[apperr.Code]int{
		0: 401, 3: 403, 10: 403, 100: 400, 190: 401, 200: 403, 130429: 429, 131000: 500,
		131008: 400, 131009: 400, 131016: 503, 131021: 400, 131026: 400, 131037: 403, 131042: 402,
		131047: 400, 131048: 400, 131049: 400, 131050: 400, 131051: 400, 131052: 400, 131053: 400,
		132000: 400, 132001: 400, 132005: 400, 132007: 400, 132012: 400, 132015: 400, 132016: 400,
		133010: 400,
	}
	if got := len(apperr.Codes()); got != len(want) {
		t.Errorf("codes: got %d, want %d", got, len(want))
	}
	for code, status := range want {
		if got := code.Status(); got != status {
			t.Errorf("code %d: status %d, want %d", code, got, status)
		}
		if code.Title() == "" {
			t.Errorf("code %d has no title", code)
		}
	}
	if apperr.Code(999).Status() != 500 {
		t.Error("unknown code must render as 500")
	}
}

func TestRender(t *testing.T) {
	tests := []struct {
		name        string
		err         error
		status      int
		code        apperr.Code
		typ         string
		message     string
		details     string
		subcode     *int
		hiddenCause string
	}{
		{name: "client error", err: apperr.New(apperr.CodeInvalidParameter, "limit: must be at most 100"),
			status: 400, code: 100, typ: "OAuthException", message: "(#100) Invalid parameter", details: "limit: must be at most 100"},
		{name: "not found", err: apperr.NotFound("template x does not exist"),
			status: 404, code: 100, typ: "OAuthException", message: "(#100) Object does not exist", details: "template x does not exist", subcode: ptr(33)},
		{name: "plain error is internal", err: errors.New("dial tcp 10.0.0.1: secret detail"),
			status: 500, code: 131000, typ: "ServerException", message: "(#131000) Something went wrong", hiddenCause: "secret detail"},
		{name: "unavailable keeps its cause private", err: apperr.Unavailable(errors.New("throttled by table t1")),
			status: 503, code: 131016, typ: "ServerException", message: "(#131016) Service unavailable", hiddenCause: "table t1"},
		{name: "wrapped app error", err: errors.Join(errors.New("ctx"), apperr.New(apperr.CodeRateLimit, "slow down")),
			status: 429, code: 130429, typ: "OAuthException", message: "(#130429) Rate limit hit", details: "slow down"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, body := apperr.Render(tc.err, "trace-1")
			if status != tc.status {
				t.Errorf("status %d, want %d", status, tc.status)
			}
			var env struct {
				Error struct {
					Message   string          `json:"message"`
					Type      string          `json:"type"`
					Code      *int            `json:"code"`
					Subcode   json.RawMessage `json:"error_subcode"`
					ErrorData struct {
						MessagingProduct string `json:"messaging_product"`
						Details          string `json:"details"`
					} `json:"error_data"`
					TraceID string `json:"svc_trace_id"`
				} `json:"error"`
			}
			if err := json.Unmarshal(body, &env); err != nil {
				t.Fatalf("body is not JSON: %v: %s", err, body)
			}
			e := env.Error
			if e.Code == nil || apperr.Code(*e.Code) != tc.code || e.Type != tc.typ || e.Message != tc.message ||
				e.ErrorData.MessagingProduct != "svc" || e.TraceID != "trace-1" {
				t.Errorf("envelope %s", body)
			}
			if tc.details != "" && e.ErrorData.Details != tc.details {
				t.Errorf("details %q, want %q", e.ErrorData.Details, tc.details)
			}
			wantSub := "null"
			if tc.subcode != nil {
				b, _ := json.Marshal(*tc.subcode)
				wantSub = string(b)
			}
			if string(e.Subcode) != wantSub {
				t.Errorf("error_subcode %s, want %s", e.Subcode, wantSub)
			}
			if tc.hiddenCause != "" && json.Valid(body) && contains(string(body), tc.hiddenCause) {
				t.Errorf("internal cause leaked: %s", body)
			}
		})
	}
}

func ptr(i int) *int { return &i }

func contains(s, sub string) bool { return strings.Contains(s, sub) }
