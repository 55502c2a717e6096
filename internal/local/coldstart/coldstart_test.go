package coldstart_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/local/coldstart"
	"svc/internal/local/devstack"
	"svc/internal/local/emulators"
	"svc/internal/platform/config"
	"svc/internal/routes"
	"svc/internal/transport/admin"
)

// TestMeasureVersions runs the versions Lambda through the harness once:
// the harness must hand over an event and get the function's real answer.
func TestMeasureVersions(t *testing.T) {
	root, err := emulators.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	bin, err := coldstart.Build(t.Context(), root, routes.Versions.Name, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ev, _ := json.Marshal(events.APIGatewayProxyRequest{HTTPMethod: "GET", Path: "/versions",
		RequestContext: events.APIGatewayProxyRequestContext{RequestID: "r-1"}})
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute) // a bound on a hang, not on speed: a loaded machine is slow
	defer cancel()
	res, err := coldstart.Measure(ctx, bin, []string{config.EnvTableName + "=unused"}, ev)
	if err != nil {
		t.Fatal(err)
	}
	var resp events.APIGatewayProxyResponse
	if err := json.Unmarshal(res.Response, &resp); err != nil || resp.StatusCode != 200 || resp.Headers["X-Svc-Trace-Id"] != "r-1" {
		t.Fatalf("response %s (%v)", res.Response, err)
	}
	if res.Init <= 0 || res.Invoke <= 0 {
		t.Fatalf("timings %+v", res)
	}
}

// BenchmarkColdStart measures the init and first invoke of the HTTP-path
// Lambdas against DynamoDB Local and their binary sizes, beside the
// hello-world baselines built with the same flags, in one interleaved run
// (each round starts every binary once, so a busy machine slows all alike).
// Each function reports its ratios to its baseline: Hello for versions,
// HelloDynamoDB for the others. Run with make bench.
func BenchmarkColdStart(b *testing.B) {
	root, err := emulators.RepoRoot()
	if err != nil {
		b.Fatal(err)
	}
	ddb, _, stop, err := emulators.ForTests()
	if err != nil {
		b.Fatal(err)
	}
	defer stop()
	ctx := context.Background()
	st, err := devstack.Open(ctx, devstack.Options{DynamoEndpoint: ddb, TableName: fmt.Sprintf("cold-%d", time.Now().UnixNano()),
		Log: slog.New(slog.NewJSONHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	minted, err := st.Admin(ctx, admin.Event{Action: admin.ActionMintKey, ZBAID: "acme", CreateZBA: true,
		Scopes: []string{"svc_business_management"}})
	if err != nil {
		b.Fatal(err)
	}
	env := []string{config.EnvTableName + "=" + st.Deps.Config.TableName, "AWS_ENDPOINT_URL_DYNAMODB=" + ddb,
		config.EnvWebhookMasterKey + "=coldstart-benchmark-master-key-0123456789"}
	authorizerEvent, _ := json.Marshal(events.APIGatewayCustomAuthorizerRequestTypeRequest{Type: "REQUEST",
		MethodArn: "arn:aws:execute-api:us-east-1:000000000000:api/prod/GET/versions",
		Headers:   map[string]string{"Authorization": "Bearer " + minted.Key}})
	principal := map[string]any{"zbaId": "acme", "keyId": minted.KeyID, "scopes": "svc_business_management"}
	listEvent, _ := json.Marshal(events.APIGatewayProxyRequest{HTTPMethod: "GET",
		PathParameters: map[string]string{routes.ParamZBA: "acme"},
		RequestContext: events.APIGatewayProxyRequestContext{RequestID: "r-1", Authorizer: principal}})
	getEvent, _ := json.Marshal(events.APIGatewayProxyRequest{HTTPMethod: "GET",
		PathParameters: map[string]string{routes.ParamZBA: "acme", routes.ParamTemplateID: "acme_hello_en_US"},
		RequestContext: events.APIGatewayProxyRequestContext{RequestID: "r-1", Authorizer: principal}})
	versionsEvent, _ := json.Marshal(events.APIGatewayProxyRequest{HTTPMethod: "GET", Path: "/versions"})

	type subject struct {
		name, baseline string
		event          []byte
		bin            string
		size           int64
		init, invoke   []time.Duration
	}
	subjects := []*subject{
		{name: "baseline-" + coldstart.Hello, event: versionsEvent},
		{name: "baseline-" + coldstart.HelloDynamoDB, event: versionsEvent},
		{name: routes.Versions.Name, baseline: "baseline-" + coldstart.Hello, event: versionsEvent},
		{name: routes.OpenAPI.Name, baseline: "baseline-" + coldstart.Hello, event: versionsEvent},
		{name: routes.Authorizer.Name, baseline: "baseline-" + coldstart.HelloDynamoDB, event: authorizerEvent},
		{name: routes.ListTemplates.Name, baseline: "baseline-" + coldstart.HelloDynamoDB, event: listEvent},
		{name: routes.GetTemplate.Name, baseline: "baseline-" + coldstart.HelloDynamoDB, event: getEvent},
	}
	byName := map[string]*subject{}
	dir := b.TempDir()
	for _, s := range subjects {
		if base, ok := strings.CutPrefix(s.name, "baseline-"); ok {
			s.bin, err = coldstart.BuildBaseline(ctx, root, base, dir)
		} else {
			s.bin, err = coldstart.Build(ctx, root, s.name, dir)
		}
		if err != nil {
			b.Fatal(err)
		}
		info, err := os.Stat(s.bin)
		if err != nil {
			b.Fatal(err)
		}
		s.size = info.Size()
		byName[s.name] = s
	}
	for b.Loop() {
		for _, s := range subjects {
			res, err := coldstart.Measure(ctx, s.bin, env, s.event)
			if err != nil {
				b.Fatalf("%s: %v", s.name, err)
			}
			s.init = append(s.init, res.Init)
			s.invoke = append(s.invoke, res.Invoke)
		}
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	for _, s := range subjects {
		init, invoke := median(s.init), median(s.invoke)
		b.ReportMetric(float64(s.size)/1e6, s.name+"-MB")
		b.ReportMetric(ms(init), s.name+"-init-ms")
		b.ReportMetric(ms(init+invoke), s.name+"-cold-ms")
		if base := byName[s.baseline]; base != nil {
			baseCold := median(base.init) + median(base.invoke)
			// init-x is Lambda's Init Duration against the baseline's;
			// cold-x adds the first answer, in which a route makes its own
			// store calls (the rate counter, then its read) against the
			// baseline's one GetItem.
			b.ReportMetric(float64(s.size)/float64(base.size), s.name+"-size-x")
			b.ReportMetric(float64(init)/float64(median(base.init)), s.name+"-init-x")
			b.ReportMetric(float64(init+invoke)/float64(baseCold), s.name+"-cold-x")
		}
	}
}

// median is the middle of ds (the upper one of an even count).
func median(ds []time.Duration) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}
