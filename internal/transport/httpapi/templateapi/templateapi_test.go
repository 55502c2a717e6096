package templateapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/feature/template"
	"svc/internal/local/memstore"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/templateapi"
)

// TestPageLinksDoNotTrustTheClientsHost lists two pages of templates with a
// hostile Host and X-Forwarded-Proto: with a base URL configured the links
// start with it, and only without one do they follow the request.
func TestPageLinksDoNotTrustTheClientsHost(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	svc := template.Service{Store: memstore.NewTemplates(memstore.NewDB()), Now: func() time.Time { return now },
		Queue: template.PublishingQueue{Publisher: &memstore.Queue{}},
		Log:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		Cursors: template.SignedCursors{Key: func(context.Context) ([]byte, error) { return []byte("0123456789abcdef0123456789abcdef"), nil },
			Now: func() time.Time { return now }}}
	for i := range 3 {
		body := fmt.Sprintf(`{"name":"notice_%d","language":"en_US","category":"UTILITY","components":[{"type":"BODY","text":"Your order has shipped."}]}`, i)
		if _, err := svc.Create(ctx, "acme", []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	const base = "https://abc123.execute-api.eu-west-1.amazonaws.com/prod"
	for _, tc := range []struct {
		name, base, wantPrefix string
	}{
		{"configured base URL", base, base + "/business/v1.0/acme/message_templates?"},
		{"no base URL: the request's host", "", "https://evil.example/prod/business/v1.0/acme/message_templates?"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := templateapi.Endpoints{Templates: svc, BaseURL: tc.base}
			req := httpapi.Request{APIGatewayProxyRequest: events.APIGatewayProxyRequest{
				Path:                  "/business/v1.0/acme/message_templates",
				Headers:               map[string]string{"Host": "evil.example", "X-Forwarded-Proto": "https"},
				PathParameters:        map[string]string{routes.ParamZBA: "acme"},
				QueryStringParameters: map[string]string{"limit": "1"},
				RequestContext:        events.APIGatewayProxyRequestContext{Path: "/prod/business/v1.0/acme/message_templates"},
			}}
			status, body, err := e.List(ctx, req)
			if err != nil || status != 200 {
				t.Fatalf("%d %v", status, err)
			}
			raw, _ := json.Marshal(body)
			var page struct {
				Paging struct {
					Next string `json:"next"`
				} `json:"paging"`
			}
			if err := json.Unmarshal(raw, &page); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(page.Paging.Next, tc.wantPrefix) {
				t.Fatalf("next = %s, want it to start with %s", page.Paging.Next, tc.wantPrefix)
			}
			u, _ := url.Parse(page.Paging.Next)
			if u.Query().Get("after") == "" || u.Query().Get("limit") != "1" {
				t.Fatalf("next = %s: want the cursor and the limit", page.Paging.Next)
			}
		})
	}
}
