package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/apperr"
	"svc/internal/httpapi"
	"svc/internal/routes"
	"svc/internal/template"
)

type memTemplates []template.Template

func (m memTemplates) ListTemplates(_ context.Context, zba string) ([]template.Template, error) {
	var out []template.Template
	for _, t := range m {
		if t.ZBAID == zba {
			out = append(out, t)
		}
	}
	return out, nil
}

func services() httpapi.Services {
	return httpapi.Services{
		Templates: template.Service{Store: memTemplates{
			{ZBAID: "acme-1", Name: "order_update", Language: "en_US", Category: "UTILITY", Status: template.StatusApproved, QualityScore: "UNKNOWN"},
			{ZBAID: "other", Name: "secret", Language: "en_US", Category: "UTILITY", Status: template.StatusPending},
		}},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
}

func proxyFixture(t *testing.T) events.APIGatewayProxyRequest {
	t.Helper()
	b, err := os.ReadFile("../../events/apigateway-list-templates.json")
	if err != nil {
		t.Fatal(err)
	}
	var ev events.APIGatewayProxyRequest
	if err := json.Unmarshal(b, &ev); err != nil {
		t.Fatal(err)
	}
	return ev
}

func TestEveryRouteHasAHandler(t *testing.T) {
	hs := httpapi.Handlers(services())
	if len(hs) != len(routes.All) {
		t.Fatalf("%d handlers for %d routes", len(hs), len(routes.All))
	}
	for _, r := range routes.All {
		if _, err := httpapi.For(r, services()); err != nil {
			t.Error(err)
		}
	}
}

func TestListTemplatesFixture(t *testing.T) {
	h, _ := httpapi.For(routes.ListTemplates, services())
	tests := []struct {
		name   string
		edit   func(*events.APIGatewayProxyRequest)
		status int
		code   apperr.Code
	}{
		{"fixture as sent", func(*events.APIGatewayProxyRequest) {}, 200, 0},
		{"key of another zba", func(ev *events.APIGatewayProxyRequest) { ev.PathParameters["zbaId"] = "other" }, 403, apperr.CodeNotAuthorized},
		{"key without the management scope", func(ev *events.APIGatewayProxyRequest) {
			ev.RequestContext.Authorizer["scopes"] = "svc_business_messaging"
		}, 403, apperr.CodeNotAuthorized},
		{"no authorizer context", func(ev *events.APIGatewayProxyRequest) { ev.RequestContext.Authorizer = nil }, 401, apperr.CodeAuth},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ev := proxyFixture(t)
			tc.edit(&ev)
			resp, err := h(context.Background(), ev)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tc.status || resp.Headers[apperr.TraceHeader] != ev.RequestContext.RequestID ||
				resp.Headers["Content-Type"] != "application/json" {
				t.Fatalf("status %d headers %v body %s", resp.StatusCode, resp.Headers, resp.Body)
			}
			if tc.status == 200 {
				var body struct {
					Data []map[string]any `json:"data"`
				}
				if err := json.Unmarshal([]byte(resp.Body), &body); err != nil || len(body.Data) != 1 {
					t.Fatalf("body %s", resp.Body)
				}
				got := body.Data[0]
				if got["id"] != "acme-1_order_update_en_US" || got["status"] != "APPROVED" || got["correct_category"] != nil {
					t.Fatalf("summary %v", got)
				}
				for _, extra := range []string{"components", "zba_id", "created_at"} {
					if _, ok := got[extra]; ok {
						t.Errorf("list shows %s; summaries carry only the summary fields", extra)
					}
				}
				return
			}
			var env struct {
				Error struct {
					Code    apperr.Code `json:"code"`
					TraceID string      `json:"svc_trace_id"`
				} `json:"error"`
			}
			if err := json.Unmarshal([]byte(resp.Body), &env); err != nil || env.Error.Code != tc.code || env.Error.TraceID != ev.RequestContext.RequestID {
				t.Fatalf("body %s", resp.Body)
			}
		})
	}
}

func TestVersions(t *testing.T) {
	h, _ := httpapi.For(routes.Versions, services())
	resp, _ := h(context.Background(), events.APIGatewayProxyRequest{HTTPMethod: "GET", Path: "/versions",
		RequestContext: events.APIGatewayProxyRequestContext{RequestID: "r1"}})
	want := `{"data":[{"api":"business","version":"1.0","base_path":"/business/v1.0","status":"current"},{"api":"calls","version":"1","base_path":"/v1","status":"current"}]}`
	if resp.StatusCode != 200 || resp.Body != want {
		t.Fatalf("%d %s", resp.StatusCode, resp.Body)
	}
}
