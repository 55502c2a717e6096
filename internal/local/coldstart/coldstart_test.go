package coldstart_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
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
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
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

// BenchmarkColdStart measures init and first invoke of every HTTP-path
// Lambda against DynamoDB Local, and reports the binary size. Run with
// make bench (go test -bench ColdStart ./internal/coldstart).
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
	listEvent, _ := json.Marshal(events.APIGatewayProxyRequest{HTTPMethod: "GET",
		PathParameters: map[string]string{routes.ParamZBA: "acme"},
		RequestContext: events.APIGatewayProxyRequestContext{RequestID: "r-1",
			Authorizer: map[string]any{"zbaId": "acme", "keyId": minted.KeyID, "scopes": "svc_business_management"}}})
	versionsEvent, _ := json.Marshal(events.APIGatewayProxyRequest{HTTPMethod: "GET", Path: "/versions"})

	for _, fn := range []struct {
		name  string
		event []byte
	}{
		{routes.Versions.Name, versionsEvent},
		{routes.Authorizer.Name, authorizerEvent},
		{routes.ListTemplates.Name, listEvent},
	} {
		bin, err := coldstart.Build(ctx, root, fn.name, b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		info, _ := os.Stat(bin)
		b.Run(fn.name, func(b *testing.B) {
			var init, invoke time.Duration
			for b.Loop() {
				res, err := coldstart.Measure(ctx, bin, env, fn.event)
				if err != nil {
					b.Fatal(err)
				}
				init += res.Init
				invoke += res.Invoke
			}
			b.ReportMetric(float64(init.Microseconds())/float64(b.N)/1000, "init-ms")
			b.ReportMetric(float64(invoke.Microseconds())/float64(b.N)/1000, "first-invoke-ms")
			b.ReportMetric(float64(info.Size())/1e6, "binary-MB")
		})
	}
}
