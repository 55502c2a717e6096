package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/feature/template"
	"svc/internal/local/memstore"
	"svc/internal/platform/metrics"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/templateapi"
)

// TestRequestMetrics: every request emits one record with its latency and
// status class; an error answer one more with its code; the rate limit's
// refusal counts as RateLimited; the ZBA is a property.
func TestRequestMetrics(t *testing.T) {
	var buf bytes.Buffer
	now := func() time.Time { return time.Date(2026, 1, 1, 12, 0, 30, 0, time.UTC) }
	o := httpapi.Options{
		Limiter: &ratelimit.Limiter{Policy: ratelimit.Policy{Name: "management", Limit: 1, Window: time.Minute}, Counter: memCounter{}, Now: now},
		Log:     slog.New(slog.NewTextHandler(io.Discard, nil)),
		Metrics: metrics.New(&buf, metrics.Namespace, routes.GetTemplate.Name),
	}
	e := templateapi.Endpoints{Templates: template.Service{Store: memstore.New(), Log: o.Log}}
	h, err := httpapi.Serve(routes.GetTemplate, e.Get, o)
	if err != nil {
		t.Fatal(err)
	}
	type record struct {
		Function    string
		Code        string
		ZBA         string   `json:"zba_id"`
		Requests    *float64 `json:"Requests"`
		Errors      *float64 `json:"Errors"`
		Status4xx   *float64 `json:"Status4xx"`
		Status5xx   *float64 `json:"Status5xx"`
		RateLimited *float64 `json:"RateLimited"`
		Latency     *float64 `json:"Latency"`
	}
	for _, tc := range []struct {
		name        string
		edit        func(*events.APIGatewayProxyRequest)
		code        string
		rateLimited float64
	}{
		{name: "not found", edit: func(ev *events.APIGatewayProxyRequest) { ev.PathParameters["templateId"] = "garbage" }, code: "100"},
		{name: "over the limit", edit: func(*events.APIGatewayProxyRequest) {}, code: "130429", rateLimited: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			buf.Reset()
			ev := proxyFixture(t)
			tc.edit(&ev)
			if _, err := h(context.Background(), ev); err != nil {
				t.Fatal(err)
			}
			dec := json.NewDecoder(&buf)
			var recs []record
			for dec.More() {
				var r record
				if err := dec.Decode(&r); err != nil {
					t.Fatal(err)
				}
				recs = append(recs, r)
			}
			if len(recs) != 2 {
				t.Fatalf("%d records, want an error record and a request record", len(recs))
			}
			errRec, reqRec := recs[0], recs[1]
			if errRec.Code != tc.code || errRec.Errors == nil || *errRec.Errors != 1 {
				t.Errorf("error record %+v, want code %s", errRec, tc.code)
			}
			if reqRec.Requests == nil || *reqRec.Requests != 1 || *reqRec.Status4xx != 1 || *reqRec.Status5xx != 0 ||
				*reqRec.RateLimited != tc.rateLimited || reqRec.Latency == nil {
				t.Errorf("request record %+v", reqRec)
			}
			if reqRec.Function != routes.GetTemplate.Name || reqRec.ZBA == "" {
				t.Errorf("function %q zba %q", reqRec.Function, reqRec.ZBA)
			}
		})
	}
}
