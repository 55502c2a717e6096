package localgw

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/routes"
	"svc/internal/transport/httpapi"
)

// BenchmarkServeHTTP is the gateway's own work on a template read with the
// authorizer's answer cached: matching the route table, building the
// proxy event, running the function's handler (here one that answers at
// once) under its timeout, and writing the response.
func BenchmarkServeHTTP(b *testing.B) {
	handlers := map[string]httpapi.Handler{}
	ok := func(context.Context, events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
		return events.APIGatewayProxyResponse{StatusCode: 200, Body: `{}`, Headers: map[string]string{"Content-Type": "application/json"}}, nil
	}
	for _, r := range routes.All {
		handlers[r.Name] = ok
	}
	authz := func(_ context.Context, ev events.APIGatewayCustomAuthorizerRequestTypeRequest) (events.APIGatewayCustomAuthorizerResponse, error) {
		return events.APIGatewayCustomAuthorizerResponse{PrincipalID: "p1",
			PolicyDocument: events.APIGatewayCustomAuthorizerPolicy{Version: "2012-10-17", Statement: []events.IAMPolicyStatement{
				{Action: []string{"execute-api:Invoke"}, Effect: "Allow", Resource: []string{"*"}}}},
			Context: map[string]any{"zbaId": "acme"}}, nil
	}
	g, err := New(Config{Routes: routes.All, Handlers: handlers, Authorizer: authz, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	serve := func() {
		req := httptest.NewRequest("GET", "/business/v1.0/acme/message_templates/acme_hello_en_US", nil)
		req.Header.Set("Authorization", "Bearer svc_k")
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatalf("%d %s", rec.Code, rec.Body)
		}
	}
	serve()
	b.ReportAllocs()
	for b.Loop() {
		serve()
	}
}
