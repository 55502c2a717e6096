package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"
	"github.com/cdklabs/cdk-nag-go/cdknag/v2"

	"svc/internal/adapter/dynamo/table"
	"svc/internal/platform/config"
	"svc/internal/platform/metrics"
	"svc/internal/routes"
	"svc/internal/transport/gatewayresp"
)

// testStack names the stack under test; physical names start with it.
const testStack = "SvcTest"

// testNamespace is the namespace the test stack's functions publish under.
var testNamespace = metrics.StackNamespace(testStack)

// assetDir holds placeholder bootstraps: the template does not depend on
// the binaries' content, and the tests then run without `make build`.
var assetDir string

func TestMain(m *testing.M) {
	code := func() int {
		dir, err := os.MkdirTemp("", "infra-assets-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		for _, f := range routes.Functions() {
			if err := os.MkdirAll(filepath.Join(dir, f.Name), 0o755); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			if err := os.WriteFile(filepath.Join(dir, f.Name, "bootstrap"), []byte(f.Name), 0o755); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
		}
		assetDir = dir
		return m.Run()
	}()
	// Once for the whole binary: every jsii start-up costs seconds.
	jsii.Close()
	os.Exit(code)
}

// cfnResource is one resource of a synthesized template.
type cfnResource struct {
	Type                string
	Properties          map[string]any
	Metadata            map[string]any
	DeletionPolicy      string
	UpdateReplacePolicy string
}

// parsed is a synthesized template, for the checks that need to follow
// references between resources.
type parsed struct {
	Resources map[string]cfnResource
	Outputs   map[string]map[string]any
}

func parse(tpl assertions.Template) (parsed, error) {
	var p parsed
	b, err := json.Marshal(tpl.ToJSON())
	if err == nil {
		err = json.Unmarshal(b, &p)
	}
	return p, err
}

// ofType returns the logical IDs and resources of one type.
func (p parsed) ofType(typ string) map[string]cfnResource {
	out := map[string]cfnResource{}
	for id, r := range p.Resources {
		if r.Type == typ {
			out[id] = r
		}
	}
	return out
}

// find returns the logical ID of the only resource of typ whose property
// prop equals value.
func (p parsed) find(t *testing.T, typ, prop string, value any) string {
	t.Helper()
	var ids []string
	for id, r := range p.ofType(typ) {
		if reflect.DeepEqual(r.Properties[prop], value) {
			ids = append(ids, id)
		}
	}
	if len(ids) != 1 {
		t.Fatalf("%s with %s=%v: found %v, want exactly one", typ, prop, value, ids)
	}
	return ids[0]
}

func ref(id string) any { return map[string]any{"Ref": id} }

func getAtt(id, attr string) any { return map[string]any{"Fn::GetAtt": []any{id, attr}} }

// refID returns the logical ID a {"Ref": id} or {"Fn::GetAtt": [id, _]}
// points at.
func refID(v any) string {
	m, _ := v.(map[string]any)
	if id, ok := m["Ref"].(string); ok {
		return id
	}
	if att, ok := m["Fn::GetAtt"].([]any); ok && len(att) == 2 {
		id, _ := att[0].(string)
		return id
	}
	return ""
}

// list reads a policy field that is a single value or a list.
func list(v any) []any {
	if l, ok := v.([]any); ok {
		return l
	}
	if v == nil {
		return nil
	}
	return []any{v}
}

// check turns the panic of a failed jsii assertion into a test error, so
// that one failure does not end the whole binary.
func check(t *testing.T, assertion func()) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("%v", r)
		}
	}()
	assertion()
}

// fixture is the service stack, synthesized once with the cdk-nag checks.
type fixture struct {
	stack awscdk.Stack
	tpl   assertions.Template
	parsed
}

var (
	fixtureOnce sync.Once
	shared      *fixture
	sharedErr   error
)

func serviceStack(t *testing.T) *fixture {
	t.Helper()
	fixtureOnce.Do(func() {
		defer func() {
			if r := recover(); r != nil {
				sharedErr = fmt.Errorf("synth panicked: %v", r)
			}
		}()
		app := awscdk.NewApp(nil)
		awscdk.Aspects_Of(app).Add(cdknag.NewAwsSolutionsChecks(&cdknag.NagPackProps{Reports: jsii.Bool(false)}), nil)
		stack, err := NewServiceStack(app, testStack, &ServiceStackProps{AssetDir: assetDir})
		if err != nil {
			sharedErr = err
			return
		}
		tpl := assertions.Template_FromStack(stack, nil)
		p, err := parse(tpl)
		shared, sharedErr = &fixture{stack: stack, tpl: tpl, parsed: p}, err
	})
	if sharedErr != nil {
		t.Fatal(sharedErr)
	}
	return shared
}

// apiPaths rebuilds the full path of every AWS::ApiGateway::Resource from
// its PathPart and ParentId; the root (a GetAtt of RootResourceId) is "".
func (p parsed) apiPaths(t *testing.T) map[string]string {
	t.Helper()
	resources := p.ofType("AWS::ApiGateway::Resource")
	paths := map[string]string{}
	var resolve func(id string, depth int) string
	resolve = func(id string, depth int) string {
		if path, ok := paths[id]; ok {
			return path
		}
		r, ok := resources[id]
		if !ok || depth > len(resources) {
			t.Fatalf("API resource %s is unknown or its parents loop", id)
		}
		parent := ""
		if m, _ := r.Properties["ParentId"].(map[string]any); m["Ref"] != nil {
			parent = resolve(refID(m), depth+1)
		}
		paths[id] = parent + "/" + r.Properties["PathPart"].(string)
		return paths[id]
	}
	for id := range resources {
		resolve(id, 0)
	}
	return paths
}

// methodPath is the path of a method's resource.
func (p parsed) methodPath(t *testing.T, paths map[string]string, method cfnResource) string {
	m, _ := method.Properties["ResourceId"].(map[string]any)
	if m["Ref"] == nil {
		return "/"
	}
	path, ok := paths[refID(m)]
	if !ok {
		t.Fatalf("method on unknown resource %v", m)
	}
	return path
}

func TestRoutesMatchTemplate(t *testing.T) {
	f := serviceStack(t)
	paths := f.apiPaths(t)
	authorizer := f.find(t, "AWS::ApiGateway::Authorizer", "Type", "REQUEST")

	methods := map[string]cfnResource{}
	for _, m := range f.ofType("AWS::ApiGateway::Method") {
		pattern := m.Properties["HttpMethod"].(string) + " " + f.methodPath(t, paths, m)
		if _, dup := methods[pattern]; dup {
			t.Errorf("two methods for %s", pattern)
		}
		methods[pattern] = m
	}
	want := map[string]bool{}
	for _, r := range routes.All {
		want[r.Method+" "+r.GatewayPath()] = true
	}
	for pattern := range methods {
		if !want[pattern] {
			t.Errorf("the template has %s, which is not in routes.All", pattern)
		}
	}

	for _, r := range routes.All {
		t.Run(r.Name, func(t *testing.T) {
			m, ok := methods[r.Method+" "+r.GatewayPath()]
			if !ok {
				t.Fatalf("routes.All has %s, the template has no such method", r.Pattern())
			}
			wantAuth, wantAuthorizer := "CUSTOM", ref(authorizer)
			if r.Public() {
				wantAuth, wantAuthorizer = "NONE", nil
			}
			if got := m.Properties["AuthorizationType"]; got != wantAuth {
				t.Errorf("AuthorizationType = %v, want %s", got, wantAuth)
			}
			if got := m.Properties["AuthorizerId"]; !reflect.DeepEqual(got, wantAuthorizer) {
				t.Errorf("AuthorizerId = %v, want %v", got, wantAuthorizer)
			}
			integration, _ := m.Properties["Integration"].(map[string]any)
			if integration["Type"] != "AWS_PROXY" || integration["IntegrationHttpMethod"] != "POST" {
				t.Errorf("integration is %v %v, want a Lambda proxy (AWS_PROXY, POST)", integration["Type"], integration["IntegrationHttpMethod"])
			}
			fn := f.find(t, "AWS::Lambda::Function", "FunctionName", testStack+"-"+r.Name)
			uri, _ := json.Marshal(integration["Uri"])
			if wantRef, _ := json.Marshal(getAtt(fn, "Arn")); !strings.Contains(string(uri), string(wantRef)) {
				t.Errorf("integration URI %s does not invoke function %s", uri, r.Name)
			}
		})
	}
}

func TestAuthorizer(t *testing.T) {
	f := serviceStack(t)
	fn := f.find(t, "AWS::Lambda::Function", "FunctionName", testStack+"-"+routes.Authorizer.Name)
	check(t, func() { f.tpl.ResourceCountIs(jsii.String("AWS::ApiGateway::Authorizer"), jsii.Number(1)) })
	check(t, func() {
		f.tpl.HasResourceProperties(jsii.String("AWS::ApiGateway::Authorizer"), map[string]any{
			"Type":                         "REQUEST",
			"AuthorizerResultTtlInSeconds": 300,
			"IdentitySource":               "method.request.header.Authorization",
			"AuthorizerUri": map[string]any{"Fn::Join": assertions.Match_ArrayWith(&[]any{
				assertions.Match_ArrayWith(&[]any{getAtt(fn, "Arn")}),
			})},
		})
	})
}

// TestAuthorizerCacheGrant: the admin function, which flushes the stage's
// authorizer cache when it revokes a key, is given the REST API's id and
// the stage's name and may make exactly one API Gateway call: a DELETE of
// that stage's cache/authorizers. No other function may call API Gateway.
func TestAuthorizerCacheGrant(t *testing.T) {
	f := serviceStack(t)
	api := ref(f.find(t, "AWS::ApiGateway::RestApi", "Name", testStack+"-api"))
	stage := contextDefaults[CtxStage].(string)
	wantARN := map[string]any{"Fn::Join": []any{"", []any{"arn:", map[string]any{"Ref": "AWS::Partition"}, ":apigateway:",
		map[string]any{"Ref": "AWS::Region"}, "::/restapis/", api, "/stages/" + stage + "/cache/authorizers"}}}
	flushers := 0
	for _, fn := range routes.Functions() {
		var calls []statement
		for _, st := range f.statements(t, testStack, fn.Name) {
			if slices.ContainsFunc(st.Actions, func(a string) bool { return strings.HasPrefix(a, "apigateway:") }) {
				calls = append(calls, st)
			}
		}
		if !fn.FlushesAuthorizers {
			if len(calls) > 0 {
				t.Errorf("%s may call API Gateway: %+v", fn.Name, calls)
			}
			continue
		}
		flushers++
		if len(calls) != 1 || !slices.Equal(calls[0].Actions, []string{"apigateway:DELETE"}) ||
			!reflect.DeepEqual(calls[0].Resources, []any{wantARN}) || calls[0].Condition != nil {
			t.Errorf("%s's API Gateway grant %+v, want exactly apigateway:DELETE on %v", fn.Name, calls, wantARN)
		}
	}
	if flushers != 1 || !routes.Admin.FlushesAuthorizers {
		t.Errorf("%d functions flush the authorizer cache, want admin alone", flushers)
	}
	check(t, func() {
		f.tpl.HasResourceProperties(jsii.String("AWS::Lambda::Function"), map[string]any{
			"FunctionName": testStack + "-" + routes.Admin.Name,
			"Environment": map[string]any{"Variables": assertions.Match_ObjectLike(&map[string]any{
				config.EnvRestAPIID: api, config.EnvStageName: stage})},
		})
	})
}

func TestStage(t *testing.T) {
	f := serviceStack(t)
	check(t, func() {
		f.tpl.HasResourceProperties(jsii.String("AWS::ApiGateway::Stage"), map[string]any{
			"StageName": contextDefaults[CtxStage],
			"AccessLogSetting": map[string]any{
				"DestinationArn": assertions.Match_AnyValue(),
				"Format":         assertions.Match_StringLikeRegexp(jsii.String(`^\{"requestId":"\$context\.requestId".*\}$`)),
			},
		})
	})
	checkMethodSettings(t, f.parsed, map[string][2]any{
		"*":                       {contextDefaults[CtxThrottleRate], contextDefaults[CtxThrottleBurst]},
		routes.SendMessage.Name:   {contextDefaults[CtxSendThrottleRate], contextDefaults[CtxSendThrottleBurst]},
		routes.CallSignal.Name:    {contextDefaults[CtxCallPollThrottleRate], contextDefaults[CtxCallPollThrottleBurst]},
		routes.ProviderCalls.Name: {contextDefaults[CtxCallPollThrottleRate], contextDefaults[CtxCallPollThrottleBurst]},
	})
	check(t, func() {
		f.tpl.HasResourceProperties(jsii.String("AWS::ApiGateway::RestApi"), map[string]any{
			"Name":                  testStack + "-api",
			"EndpointConfiguration": map[string]any{"Types": []any{"REGIONAL"}},
		})
	})
	for _, out := range []string{"ApiUrl", "TableName", "AdminFunctionName", "AlarmTopicArn"} {
		check(t, func() {
			f.tpl.HasOutput(jsii.String(out), map[string]any{"Description": assertions.Match_AnyValue()})
		})
	}
	// ApiUrl takes a route's path as it is written, "/" first: $URL/versions.
	apiURL := f.Outputs["ApiUrl"]
	join, _ := apiURL["Value"].(map[string]any)["Fn::Join"].([]any)
	if parts := list(join[1]); len(join) != 2 || parts[len(parts)-1] != "/"+contextDefaults[CtxStage].(string) {
		t.Errorf("ApiUrl = %v, want the stage's URL ending with /%s, no trailing slash", apiURL["Value"], contextDefaults[CtxStage])
	}
	if d, _ := apiURL["Description"].(string); !strings.Contains(d, "without a trailing") {
		t.Errorf("ApiUrl description %q does not say how a path is appended", d)
	}
	// The topic every alarm pages through, for operators to subscribe to.
	topic := f.find(t, "AWS::SNS::Topic", "DisplayName", testStack+" alarms")
	check(t, func() { f.tpl.HasOutput(jsii.String("AlarmTopicArn"), map[string]any{"Value": ref(topic)}) })
}

// TestMethodThrottles: the context's throttles of the send route and of
// the polled call routes reach their methods, and only theirs: each
// entry's path is a resource of the synthesized API with that method (the
// expected entries are built with GatewayPath, as the stack's are).
func TestMethodThrottles(t *testing.T) {
	p := synthWith(t, map[string]any{
		CtxThrottleRate: "7", CtxSendThrottleRate: "800", CtxSendThrottleBurst: "1600",
		CtxCallPollThrottleRate: 120, CtxCallPollThrottleBurst: 240,
	})
	checkMethodSettings(t, p, map[string][2]any{
		"*":                       {7, contextDefaults[CtxThrottleBurst]},
		routes.SendMessage.Name:   {800, 1600},
		routes.CallSignal.Name:    {120, 240},
		routes.ProviderCalls.Name: {120, 240},
	})
}

// checkMethodSettings checks the stage's method settings: one for every
// method ("*" on "/*") and one for each named route, each with the stage's
// metrics and logging and the given throttle rate and burst.
func checkMethodSettings(t *testing.T, p parsed, throttles map[string][2]any) {
	t.Helper()
	var stages []cfnResource
	for _, st := range p.ofType("AWS::ApiGateway::Stage") {
		stages = append(stages, st)
	}
	if len(stages) != 1 {
		t.Fatalf("%d stages, want 1", len(stages))
	}
	want := map[string]any{}
	for name, th := range throttles {
		method, path := "*", "/*"
		if name != "*" {
			r := routes.RoutesOf(name)[0]
			method, path = r.Method, "/"+strings.ReplaceAll(r.GatewayPath(), "/", "~1") // API Gateway escapes a path's slashes
		}
		want[method+" "+path] = map[string]any{
			"HttpMethod": method, "ResourcePath": path,
			"MetricsEnabled": true, "LoggingLevel": "ERROR", "DataTraceEnabled": false,
			"ThrottlingRateLimit": toFloat(th[0]), "ThrottlingBurstLimit": toFloat(th[1]),
		}
	}
	got := map[string]any{}
	for _, m := range list(stages[0].Properties["MethodSettings"]) {
		ms, _ := m.(map[string]any)
		got[fmt.Sprint(ms["HttpMethod"], " ", ms["ResourcePath"])] = ms
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("MethodSettings = %v, want %v", got, want)
	}
	// want is built with GatewayPath, as the stack builds it: each entry's
	// path must also name a method of the synthesized API, or the setting
	// applies to nothing.
	paths := p.apiPaths(t)
	methods := map[string]bool{}
	for _, m := range p.ofType("AWS::ApiGateway::Method") {
		methods[fmt.Sprint(m.Properties["HttpMethod"], " ", p.methodPath(t, paths, m))] = true
	}
	for key, ms := range got {
		m, _ := ms.(map[string]any)
		if key == "* /*" {
			continue
		}
		path := strings.ReplaceAll(strings.TrimPrefix(fmt.Sprint(m["ResourcePath"]), "/"), "~1", "/")
		if !methods[fmt.Sprint(m["HttpMethod"], " ", path)] {
			t.Errorf("MethodSettings entry %s names no method of the API (%s %s)", key, m["HttpMethod"], path)
		}
	}
}

// toFloat is a context default or a literal as JSON decodes numbers.
func toFloat(v any) float64 {
	switch n := v.(type) {
	case int:
		return float64(n)
	case float64:
		return n
	}
	panic(fmt.Sprintf("not a number: %v", v))
}

func TestGatewayResponses(t *testing.T) {
	f := serviceStack(t)
	check(t, func() {
		f.tpl.ResourceCountIs(jsii.String("AWS::ApiGateway::GatewayResponse"), jsii.Number(float64(len(gatewayresp.All))))
	})
	for _, g := range gatewayresp.All {
		t.Run(g.Type, func(t *testing.T) {
			params := map[string]any{}
			for h, expr := range g.Headers {
				params["gatewayresponse.header."+h] = expr
			}
			var status any = assertions.Match_Absent()
			if g.Status != 0 {
				status = strconv.Itoa(g.Status)
			}
			check(t, func() {
				f.tpl.HasResourceProperties(jsii.String("AWS::ApiGateway::GatewayResponse"), map[string]any{
					"ResponseType":       g.Type,
					"StatusCode":         status,
					"ResponseParameters": assertions.Match_ObjectEquals(&params),
					"ResponseTemplates":  assertions.Match_ObjectEquals(&map[string]any{"application/json": g.Template}),
				})
			})
		})
	}
}

func TestTable(t *testing.T) {
	f := serviceStack(t)
	check(t, func() { f.tpl.ResourceCountIs(jsii.String("AWS::DynamoDB::Table"), jsii.Number(1)) })
	keys := func(pk, sk string) []any {
		return []any{
			map[string]any{"AttributeName": pk, "KeyType": "HASH"},
			map[string]any{"AttributeName": sk, "KeyType": "RANGE"},
		}
	}
	var indexes []any
	for _, idx := range table.Indexes {
		indexes = append(indexes, map[string]any{
			"IndexName":  idx.Name,
			"KeySchema":  keys(idx.PartitionKey, idx.SortKey),
			"Projection": map[string]any{"ProjectionType": "ALL"},
		})
	}
	check(t, func() {
		f.tpl.HasResource(jsii.String("AWS::DynamoDB::Table"), map[string]any{
			"DeletionPolicy": "Retain",
			"Properties": map[string]any{
				"KeySchema":                        keys(table.PartitionKey, table.SortKey),
				"BillingMode":                      "PAY_PER_REQUEST",
				"PointInTimeRecoverySpecification": map[string]any{"PointInTimeRecoveryEnabled": true},
				"TimeToLiveSpecification":          map[string]any{"AttributeName": table.TTLAttribute, "Enabled": true},
				"GlobalSecondaryIndexes":           indexes,
				"SSESpecification":                 map[string]any{"SSEEnabled": true},
				"DeletionProtectionEnabled":        true,
			},
		})
	})
}

func TestQueues(t *testing.T) {
	f := serviceStack(t)
	check(t, func() {
		f.tpl.ResourceCountIs(jsii.String("AWS::SQS::Queue"), jsii.Number(float64(2*len(routes.Queues))))
	})
	for _, q := range routes.Queues {
		t.Run(q.Name, func(t *testing.T) {
			dlq := f.find(t, "AWS::SQS::Queue", "QueueName", testStack+"-"+q.DLQName())
			check(t, func() {
				f.tpl.HasResourceProperties(jsii.String("AWS::SQS::Queue"), map[string]any{
					"QueueName":            testStack + "-" + q.Name,
					"VisibilityTimeout":    q.VisibilityTimeout().Seconds(),
					"SqsManagedSseEnabled": true,
					"RedrivePolicy": map[string]any{
						"deadLetterTargetArn": getAtt(dlq, "Arn"),
						"maxReceiveCount":     routes.MaxReceiveCount,
					},
				})
			})
			check(t, func() {
				f.tpl.HasResourceProperties(jsii.String("AWS::SQS::Queue"), map[string]any{
					"QueueName":              testStack + "-" + q.DLQName(),
					"MessageRetentionPeriod": (14 * 24 * time.Hour).Seconds(),
					"SqsManagedSseEnabled":   true,
					"RedrivePolicy":          assertions.Match_Absent(),
				})
			})
			check(t, func() {
				// Its alarm, on messages arriving (TestAlarms reads its metrics).
				f.tpl.HasResourceProperties(jsii.String("AWS::CloudWatch::Alarm"), map[string]any{
					"AlarmName":          testStack + "-" + q.DLQName() + "-alarm",
					"Threshold":          1,
					"ComparisonOperator": "GreaterThanOrEqualToThreshold",
					"AlarmActions":       []any{ref(f.find(t, "AWS::SNS::Topic", "DisplayName", testStack+" alarms"))},
					"Metrics": assertions.Match_ArrayWith(&[]any{assertions.Match_ObjectLike(&map[string]any{"MetricStat": map[string]any{
						"Metric": map[string]any{"Namespace": "AWS/SQS", "MetricName": "NumberOfMessagesSent",
							"Dimensions": []any{map[string]any{"Name": "QueueName", "Value": getAtt(dlq, "QueueName")}}},
						"Stat": "Sum", "Period": 300,
					}})}),
				})
			})
		})
	}
}

// rateExpression is EventBridge's rate expression for d, in the largest unit
// (day, hour, minute) that divides it, singular for one.
func rateExpression(t *testing.T, d time.Duration) string {
	t.Helper()
	for _, u := range []struct {
		length time.Duration
		name   string
	}{{24 * time.Hour, "day"}, {time.Hour, "hour"}, {time.Minute, "minute"}} {
		if d%u.length != 0 {
			continue
		}
		if n := int(d / u.length); n != 1 {
			return fmt.Sprintf("rate(%d %ss)", n, u.name)
		}
		return fmt.Sprintf("rate(1 %s)", u.name)
	}
	t.Fatalf("schedule every %v: EventBridge rates are whole minutes", d)
	return ""
}

// TestSchedules checks each scheduled function of the route table: one
// enabled EventBridge rule at its rate, targeting the function without
// retries (the next run does the work), and the permission that lets the
// rule, and only it, invoke the function.
func TestSchedules(t *testing.T) {
	f := serviceStack(t)
	check(t, func() {
		f.tpl.ResourceCountIs(jsii.String("AWS::Events::Rule"), jsii.Number(float64(len(routes.Schedules))))
	})
	for _, sc := range routes.Schedules {
		t.Run(sc.Name, func(t *testing.T) {
			fn := f.find(t, "AWS::Lambda::Function", "FunctionName", testStack+"-"+sc.Name)
			// Several functions may run at one rate; the description names the function.
			rule := f.find(t, "AWS::Events::Rule", "Description", "Runs "+sc.Name+" on its schedule (internal/routes).")
			props := f.Resources[rule].Properties
			if want := rateExpression(t, sc.Every); props["ScheduleExpression"] != want {
				t.Errorf("rule ScheduleExpression = %v, want %s", props["ScheduleExpression"], want)
			}
			if props["State"] != "ENABLED" {
				t.Errorf("rule State = %v, want ENABLED", props["State"])
			}
			targets := list(props["Targets"])
			if len(targets) != 1 {
				t.Fatalf("rule targets = %v, want the function alone", targets)
			}
			target, _ := targets[0].(map[string]any)
			if !reflect.DeepEqual(target["Arn"], getAtt(fn, "Arn")) {
				t.Errorf("rule target = %v, want %s", target["Arn"], fn)
			}
			retry, _ := target["RetryPolicy"].(map[string]any)
			// An event older than the period is stale: by then the next run
			// has started.
			if retry["MaximumRetryAttempts"] != float64(0) || retry["MaximumEventAgeInSeconds"] != float64(60) ||
				retry["MaximumEventAgeInSeconds"].(float64) > sc.Every.Seconds() {
				t.Errorf("rule target RetryPolicy = %v, want no retries and events at most 60 s (and one period) old", retry)
			}
			// Lambda's own async retries, which would run a failed tick
			// twice more: none, and no event older than a minute. The rule
			// invokes the unqualified function, which runs $LATEST: the
			// config must be $LATEST's, or it applies to a version or
			// alias nothing invokes.
			var configs []map[string]any
			for _, c := range f.ofType("AWS::Lambda::EventInvokeConfig") {
				if reflect.DeepEqual(c.Properties["FunctionName"], ref(fn)) {
					configs = append(configs, c.Properties)
				}
			}
			if len(configs) != 1 || configs[0]["MaximumRetryAttempts"] != float64(0) || configs[0]["MaximumEventAgeInSeconds"] != float64(60) ||
				configs[0]["Qualifier"] != "$LATEST" {
				t.Errorf("EventInvokeConfig of %s = %v, want one for Qualifier $LATEST with MaximumRetryAttempts 0 and MaximumEventAgeInSeconds 60",
					sc.Name, configs)
			}
			var perms []map[string]any
			for _, p := range f.ofType("AWS::Lambda::Permission") {
				if reflect.DeepEqual(p.Properties["SourceArn"], getAtt(rule, "Arn")) {
					perms = append(perms, p.Properties)
				}
			}
			want := map[string]any{"Action": "lambda:InvokeFunction", "FunctionName": getAtt(fn, "Arn"),
				"Principal": "events.amazonaws.com", "SourceArn": getAtt(rule, "Arn")}
			if len(perms) != 1 || !reflect.DeepEqual(perms[0], want) {
				t.Errorf("permissions of the rule = %v, want exactly %v", perms, want)
			}
		})
	}
}

// TestConsumers checks each queue consumer of the route table as deployed:
// one event source mapping from its queue to its function, with its batch
// size and batching window and partial batch failures reported; the queue's
// dead-letter queue after routes.MaxReceiveCount receives; and a visibility
// timeout six times the function's timeout, so a batch still being handled
// is not delivered again.
func TestConsumers(t *testing.T) {
	f := serviceStack(t)
	check(t, func() {
		f.tpl.ResourceCountIs(jsii.String("AWS::Lambda::EventSourceMapping"), jsii.Number(float64(len(routes.Consumers))))
	})
	for _, c := range routes.Consumers {
		t.Run(c.Name, func(t *testing.T) {
			fn := f.find(t, "AWS::Lambda::Function", "FunctionName", testStack+"-"+c.Name)
			queue := f.find(t, "AWS::SQS::Queue", "QueueName", testStack+"-"+c.Queue.Name)
			dlq := f.find(t, "AWS::SQS::Queue", "QueueName", testStack+"-"+c.Queue.DLQName())

			mapping := f.find(t, "AWS::Lambda::EventSourceMapping", "EventSourceArn", getAtt(queue, "Arn"))
			props := f.Resources[mapping].Properties
			want := map[string]any{
				"EventSourceArn":        getAtt(queue, "Arn"),
				"FunctionName":          ref(fn),
				"BatchSize":             float64(c.BatchSize),
				"FunctionResponseTypes": []any{"ReportBatchItemFailures"},
				"ScalingConfig":         map[string]any{"MaximumConcurrency": float64(c.MaxConcurrency)},
			}
			if c.MaxBatchingWindow > 0 {
				want["MaximumBatchingWindowInSeconds"] = c.MaxBatchingWindow.Seconds()
			}
			if !reflect.DeepEqual(props, want) {
				t.Errorf("event source mapping = %v, want %v", props, want)
			}

			timeout, _ := f.Resources[fn].Properties["Timeout"].(float64)
			if timeout != c.Spec().RunTimeout().Seconds() {
				t.Errorf("function Timeout = %v, want the queue's consumer timeout %v", timeout, c.Spec().RunTimeout())
			}
			q := f.Resources[queue].Properties
			if q["VisibilityTimeout"] != 6*timeout || q["VisibilityTimeout"] != c.Queue.VisibilityTimeout().Seconds() {
				t.Errorf("queue VisibilityTimeout = %v, want 6 × the function's %v s", q["VisibilityTimeout"], timeout)
			}
			redrive := map[string]any{"deadLetterTargetArn": getAtt(dlq, "Arn"), "maxReceiveCount": float64(routes.MaxReceiveCount)}
			if !reflect.DeepEqual(q["RedrivePolicy"], redrive) {
				t.Errorf("queue RedrivePolicy = %v, want %v", q["RedrivePolicy"], redrive)
			}
			if rp := f.Resources[dlq].Properties["RedrivePolicy"]; rp != nil {
				t.Errorf("the dead-letter queue redrives further: %v", rp)
			}
		})
	}
}

// TestConsumerConcurrency: each consumer's context key sets its event
// source's MaximumConcurrency.
func TestConsumerConcurrency(t *testing.T) {
	values := map[string]any{}
	for i, c := range routes.Consumers {
		values[MaxConcurrencyKey(c.Name)] = strconv.Itoa(3 + i) // as -c passes it
	}
	p := synthWith(t, values)
	for i, c := range routes.Consumers {
		queue := p.find(t, "AWS::SQS::Queue", "QueueName", testStack+"-"+c.Queue.Name)
		mapping := p.find(t, "AWS::Lambda::EventSourceMapping", "EventSourceArn", getAtt(queue, "Arn"))
		want := map[string]any{"MaximumConcurrency": float64(3 + i)}
		if got := p.Resources[mapping].Properties["ScalingConfig"]; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: ScalingConfig = %v, want %v", c.Name, got, want)
		}
	}
}

func TestAlarms(t *testing.T) {
	f := serviceStack(t)
	topic := f.find(t, "AWS::SNS::Topic", "DisplayName", testStack+" alarms")
	check(t, func() {
		f.tpl.HasResourceProperties(jsii.String("AWS::SNS::Topic"), map[string]any{"KmsMasterKeyId": assertions.Match_AnyValue()})
	})
	throttleGroups := (len(routes.Functions()) + 9) / 10
	check(t, func() {
		// Per queue its DLQ and its age; the API's 5xx, the authorizer, the
		// 5xx rate, the network events and the failed cache flushes; the
		// throttle groups; the schedules; the consumers' durations.
		f.tpl.ResourceCountIs(jsii.String("AWS::CloudWatch::Alarm"),
			jsii.Number(float64(2*len(routes.Queues)+5+throttleGroups+len(routes.Schedules)+len(routes.Consumers))))
	})
	authorizer := f.find(t, "AWS::Lambda::Function", "FunctionName", testStack+"-"+routes.Authorizer.Name)
	events := f.find(t, "AWS::SNS::Topic", "DisplayName", testStack+" network events")
	alarms := []map[string]any{
		{"Namespace": "AWS/ApiGateway", "MetricName": "5XXError",
			"Dimensions": []any{map[string]any{"Name": "ApiName", "Value": testStack + "-api"}}},
		{"Namespace": "AWS/Lambda", "MetricName": "Errors",
			"Dimensions": []any{map[string]any{"Name": "FunctionName", "Value": ref(authorizer)}}},
		{"Namespace": "AWS/SNS", "MetricName": "NumberOfNotificationsFailed", "Statistic": "Sum", "Threshold": 1,
			"Dimensions": []any{map[string]any{"Name": "TopicName", "Value": getAtt(events, "TopicName")}}},
		// A revocation whose flush failed: the revoked key works until its cached answer expires.
		{"Namespace": testNamespace, "MetricName": metrics.AuthorizerCacheFlushes, "Statistic": "Sum", "Threshold": 1,
			"Dimensions": assertions.Match_ArrayWith(&[]any{
				map[string]any{"Name": metrics.DimFunction, "Value": routes.Admin.Name},
				map[string]any{"Name": metrics.DimOutcome, "Value": metrics.OutcomeFailed}})},
	}
	// A queue's oldest message pages once older than its receives take to
	// dead-letter it: 5 × 6 × the consumer's timeout.
	for q, minutes := range map[string]float64{"classifier": 15, "webhooks": 45, "outbound": 15, "inbound": 15} {
		queue := f.find(t, "AWS::SQS::Queue", "QueueName", testStack+"-"+q)
		alarms = append(alarms, map[string]any{"Namespace": "AWS/SQS", "MetricName": "ApproximateAgeOfOldestMessage",
			"Statistic": "Maximum", "Threshold": minutes * 60,
			"Dimensions": []any{map[string]any{"Name": "QueueName", "Value": getAtt(queue, "QueueName")}}})
	}
	if len(routes.Queues) != 4 {
		t.Errorf("routes.Queues has %d queues, the age alarms above name 4", len(routes.Queues))
	}
	for _, sc := range routes.Schedules {
		fn := f.find(t, "AWS::Lambda::Function", "FunctionName", testStack+"-"+sc.Name)
		alarms = append(alarms, map[string]any{"Namespace": "AWS/Lambda", "MetricName": "Errors", "Threshold": 3,
			"Dimensions": []any{map[string]any{"Name": "FunctionName", "Value": ref(fn)}}})
	}
	// A consumer whose invocation ran to 90% of its timeout: the next slower
	// batch times out, and all of it is received again.
	for _, c := range routes.Consumers {
		fn := f.find(t, "AWS::Lambda::Function", "FunctionName", testStack+"-"+c.Name)
		alarms = append(alarms, map[string]any{"Namespace": "AWS/Lambda", "MetricName": "Duration", "Statistic": "Maximum",
			"Threshold": 0.9 * float64(c.Spec().RunTimeout().Milliseconds()), "AlarmName": testStack + "-" + c.Name + "-duration-alarm",
			"Dimensions": []any{map[string]any{"Name": "FunctionName", "Value": ref(fn)}}})
	}
	if routes.Webhooks.Spec().RunTimeout() != 90*time.Second {
		t.Errorf("webhooks times out after %v; its duration alarm above is at 81 s of 90", routes.Webhooks.Spec().RunTimeout())
	}
	for _, alarm := range alarms {
		alarm["AlarmActions"] = []any{ref(topic)}
		check(t, func() { f.tpl.HasResourceProperties(jsii.String("AWS::CloudWatch::Alarm"), alarm) })
	}

	// Each DLQ pages on messages arriving: sent to it (a consumer's own
	// give-ups), or moved there by SQS, which NumberOfMessagesSent does
	// not count and the rise of the messages it holds (visible or in
	// flight, a missing value filled with 0) does.
	for _, q := range routes.Queues {
		dlq := f.find(t, "AWS::SQS::Queue", "QueueName", testStack+"-"+q.DLQName())
		sqsMetric := func(id, name, stat string) any {
			return assertions.Match_ObjectLike(&map[string]any{"Id": id, "ReturnData": false, "MetricStat": map[string]any{
				"Metric": map[string]any{"Namespace": "AWS/SQS", "MetricName": name,
					"Dimensions": []any{map[string]any{"Name": "QueueName", "Value": getAtt(dlq, "QueueName")}}},
				"Stat": stat, "Period": 300,
			}})
		}
		check(t, func() {
			f.tpl.HasResourceProperties(jsii.String("AWS::CloudWatch::Alarm"), map[string]any{
				"Threshold": 1, "AlarmActions": []any{ref(topic)}, "ComparisonOperator": "GreaterThanOrEqualToThreshold",
				"Metrics": assertions.Match_ArrayWith(&[]any{
					assertions.Match_ObjectLike(&map[string]any{"Id": "expr_1",
						"Expression": "MAX([sent, DIFF(FILL(visible, 0) + FILL(notVisible, 0))])", "ReturnData": true}),
					sqsMetric("notVisible", "ApproximateNumberOfMessagesNotVisible", "Maximum"),
					sqsMetric("sent", "NumberOfMessagesSent", "Sum"), sqsMetric("visible", "ApproximateNumberOfMessagesVisible", "Maximum"),
				}),
			})
		})
	}

	// The 5xx rate of the functions' answers, over at least 100 requests.
	if api5xxRateMinRequests*api5xxRate != api5xxThreshold {
		t.Errorf("at the minimum of %d requests the rate is %g answers, want the count alarm's %d",
			api5xxRateMinRequests, api5xxRateMinRequests*api5xxRate, api5xxThreshold)
	}
	emf := func(name, stat string) any {
		return assertions.Match_ObjectLike(&map[string]any{"MetricStat": map[string]any{
			"Metric": map[string]any{"Namespace": testNamespace, "MetricName": name, "Dimensions": assertions.Match_Absent()},
			"Stat":   stat, "Period": 300,
		}})
	}
	check(t, func() {
		f.tpl.HasResourceProperties(jsii.String("AWS::CloudWatch::Alarm"), map[string]any{
			"Threshold": 0.05, "AlarmActions": []any{ref(topic)},
			"Metrics": assertions.Match_ArrayWith(&[]any{
				assertions.Match_ObjectLike(&map[string]any{"Expression": "IF(requests >= 100, rate, 0)", "ReturnData": true}),
				emf(metrics.Status5xx, "Average"), emf(metrics.Requests, "Sum"),
			}),
		})
	})

	// A webhook give-up pages once, by the webhooks DLQ's alarm.
	for id, a := range f.ofType("AWS::CloudWatch::Alarm") {
		if b, _ := json.Marshal(a.Properties); strings.Contains(string(b), metrics.WebhookGiveUps) {
			t.Errorf("alarm %s watches %s, which the webhooks DLQ alarm already pages", id, metrics.WebhookGiveUps)
		}
	}
	checkThrottles(t, f, ref(topic))
}

// checkThrottles: every function's Throttles is summed in exactly one
// group alarm, which pages nobody itself; one composite alarm, in alarm when
// any group is, pages.
// TestAlarmNames: every alarm is named as the README names it, after the
// stack's name: <stack>-<queue>-dlq-alarm, <stack>-api-5xx-alarm, ...
func TestAlarmNames(t *testing.T) {
	f := serviceStack(t)
	var want, got []string
	for _, c := range *f.stack.Node().Children() {
		if id := *c.Node().Id(); strings.HasSuffix(id, "-alarm") {
			want = append(want, testStack+"-"+id)
		}
	}
	for _, typ := range []string{"AWS::CloudWatch::Alarm", "AWS::CloudWatch::CompositeAlarm"} {
		for _, r := range f.ofType(typ) {
			name, _ := r.Properties["AlarmName"].(string)
			got = append(got, name)
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	if len(want) < 10 || !slices.Equal(got, want) {
		t.Errorf("alarm names %v, want %v", got, want)
	}
}

func checkThrottles(t *testing.T, f *fixture, action any) {
	t.Helper()
	seen := map[string]int{}
	var groups []string
	for id, a := range f.ofType("AWS::CloudWatch::Alarm") {
		b, _ := json.Marshal(a.Properties["Metrics"])
		if !strings.Contains(string(b), `"MetricName":"Throttles"`) {
			continue
		}
		groups = append(groups, id)
		if a.Properties["AlarmActions"] != nil || a.Properties["Threshold"] != float64(1) {
			t.Errorf("throttle group %s: actions %v, threshold %v; want none (the composite pages) and 1",
				id, a.Properties["AlarmActions"], a.Properties["Threshold"])
		}
		metrics := list(a.Properties["Metrics"])
		if len(metrics) > 11 { // at most 10 metrics and the expression
			t.Errorf("throttle group %s reads %d metrics, CloudWatch allows 10", id, len(metrics)-1)
		}
		if expr, _ := metrics[0].(map[string]any)["Expression"].(string); !strings.HasPrefix(expr, "SUM([") {
			t.Errorf("throttle group %s sums with %q, want SUM([...]), which skips a function without data", id, expr)
		}
		for _, m := range metrics {
			stat, _ := m.(map[string]any)["MetricStat"].(map[string]any)
			metric, _ := stat["Metric"].(map[string]any)
			for _, d := range list(metric["Dimensions"]) {
				seen[refID(d.(map[string]any)["Value"])]++
			}
		}
	}
	for _, fn := range routes.Functions() {
		if id := f.find(t, "AWS::Lambda::Function", "FunctionName", testStack+"-"+fn.Name); seen[id] != 1 {
			t.Errorf("%s's Throttles is in %d throttle alarms, want 1", fn.Name, seen[id])
		}
	}
	composites := f.ofType("AWS::CloudWatch::CompositeAlarm")
	if len(composites) != 1 {
		t.Fatalf("composite alarms = %d, want the one throttles alarm", len(composites))
	}
	for _, c := range composites {
		if !reflect.DeepEqual(c.Properties["AlarmActions"], []any{action}) {
			t.Errorf("throttles alarm actions = %v, want %v", c.Properties["AlarmActions"], action)
		}
		rule, _ := json.Marshal(c.Properties["AlarmRule"])
		for _, g := range groups {
			if !strings.Contains(string(rule), g) {
				t.Errorf("throttles alarm rule %s does not name group %s", rule, g)
			}
		}
	}
}

// TestDashboard: one dashboard, graphing every route's latency by its
// function, the webhook and review outcomes and the message consumers'
// records, each metric under a dimension set the emitter publishes
// (metrics.DimensionSets): CloudWatch finds a metric only under the exact
// set it was published with.
func TestDashboard(t *testing.T) {
	f := serviceStack(t)
	check(t, func() { f.tpl.ResourceCountIs(jsii.String("AWS::CloudWatch::Dashboard"), jsii.Number(1)) })
	// Dashboard names are global to the account: the region keeps the same
	// stack deployed in two regions from claiming one name.
	check(t, func() {
		f.tpl.HasResourceProperties(jsii.String("AWS::CloudWatch::Dashboard"), map[string]any{
			"DashboardName": map[string]any{"Fn::Join": []any{"", []any{testStack + "-", ref("AWS::Region")}}},
		})
	})
	read := dashboardMetrics(t, f.parsed, testNamespace)
	graphed := map[string]bool{}
	for _, m := range read {
		graphed[m.Name] = true
		set := slices.Sorted(maps.Keys(m.Dims))
		if !slices.ContainsFunc(metrics.DimensionSets, func(s []string) bool { return slices.Equal(slices.Sorted(slices.Values(s)), set) }) {
			t.Errorf("the dashboard reads %s under dimensions %v, which no record is published under (metrics.DimensionSets %v)",
				m.Name, set, metrics.DimensionSets)
		}
	}
	for _, want := range []string{metrics.Latency, metrics.Status5xx, metrics.WebhookGiveUps, metrics.WebhookAttempts,
		metrics.ReviewOutcomes, metrics.RateLimited, metrics.Errors, metrics.Dispatches, metrics.NetworkLatency,
		metrics.StatusUpdates, metrics.InboundMessages, metrics.OptOuts, metrics.QueueAge} {
		if !graphed[want] {
			t.Errorf("the dashboard does not graph %s", want)
		}
	}
	// Each consumer's outcomes under the function that counts them, and
	// the message consumers' queue age under their own function.
	has := func(name string, dims map[string]string) bool {
		return slices.ContainsFunc(read, func(m dashboardMetric) bool { return m.Name == name && maps.Equal(m.Dims, dims) })
	}
	for _, want := range []dashboardMetric{
		{metrics.Dispatches, map[string]string{metrics.DimFunction: routes.Dispatch.Name, metrics.DimOutcome: metrics.OutcomeSent}},
		{metrics.Dispatches, map[string]string{metrics.DimFunction: routes.Dispatch.Name, metrics.DimOutcome: metrics.OutcomeRetried}},
		{metrics.StatusUpdates, map[string]string{metrics.DimFunction: routes.Inbound.Name, metrics.DimOutcome: metrics.OutcomeIgnored}},
		{metrics.OptOuts, map[string]string{metrics.DimFunction: routes.Inbound.Name, metrics.DimOutcome: metrics.OutcomeOptedOut}},
		{metrics.WebhookAttempts, map[string]string{metrics.DimFunction: routes.Webhooks.Name, metrics.DimOutcome: metrics.OutcomeFailed}},
		{metrics.ReviewOutcomes, map[string]string{metrics.DimFunction: routes.Classifier.Name, metrics.DimOutcome: "APPROVED"}},
		{metrics.QueueAge, map[string]string{metrics.DimFunction: routes.Dispatch.Name}},
		{metrics.QueueAge, map[string]string{metrics.DimFunction: routes.Inbound.Name}},
		{metrics.Errors, map[string]string{metrics.DimFunction: "*", metrics.DimCode: "*"}},
	} {
		if !has(want.Name, want.Dims) {
			t.Errorf("the dashboard has no %s by %v", want.Name, want.Dims)
		}
	}
	for _, r := range routes.All {
		if r.Variant == "" && !has(metrics.Latency, map[string]string{metrics.DimFunction: r.Name}) {
			t.Errorf("the dashboard has no latency graph of route %s", r.Name)
		}
	}
}

// dashboardMetric is one metric a dashboard graph reads: its name in the
// service's namespace and its dimensions, "*" for the values a SEARCH
// leaves open.
type dashboardMetric struct {
	Name string
	Dims map[string]string
}

// searchSchema reads the namespace, dimension set and metric name of a
// SEARCH expression: SEARCH('{"namespace",dim,...} MetricName="name"', ...).
var searchSchema = regexp.MustCompile(`SEARCH\('\{"([^"]*)",?([^}]*)\} MetricName="([^"]+)"`)

// dashboardMetrics reads every metric the dashboard's graphs read, as plain
// metrics or through SEARCH, beyond AWS's own: each must be in the stack's
// namespace ns, or the graph shows another stack's metrics or none.
func dashboardMetrics(t *testing.T, p parsed, ns string) []dashboardMetric {
	t.Helper()
	var body strings.Builder
	for _, r := range p.ofType("AWS::CloudWatch::Dashboard") {
		// A Fn::Join of the JSON's text and the region's reference.
		join, _ := r.Properties["DashboardBody"].(map[string]any)["Fn::Join"].([]any)
		if len(join) != 2 {
			t.Fatalf("dashboard body %v is not a Fn::Join", r.Properties["DashboardBody"])
		}
		for _, part := range list(join[1]) {
			if s, ok := part.(string); ok {
				body.WriteString(s)
			} else {
				body.WriteString("region")
			}
		}
	}
	var dash struct {
		Widgets []struct {
			Properties struct{ Metrics [][]any }
		}
	}
	if err := json.Unmarshal([]byte(body.String()), &dash); err != nil {
		t.Fatalf("dashboard body: %v: %s", err, body.String())
	}
	var out []dashboardMetric
	for _, w := range dash.Widgets {
		for _, m := range w.Properties.Metrics {
			if len(m) == 0 {
				continue
			}
			if opts, ok := m[len(m)-1].(map[string]any); ok {
				if expr, ok := opts["expression"].(string); ok {
					if !strings.HasPrefix(expr, "SEARCH(") {
						continue // math over metrics listed beside it
					}
					sm := searchSchema.FindStringSubmatch(expr)
					if sm == nil || sm[1] != ns {
						t.Errorf("the dashboard searches %s, want the namespace %s quoted", expr, ns)
						continue
					}
					dims := map[string]string{}
					for _, d := range strings.Split(sm[2], ",") {
						if d != "" {
							dims[d] = "*"
						}
					}
					out = append(out, dashboardMetric{sm[3], dims})
					continue
				}
			}
			if got, ok := m[0].(string); !ok || strings.HasPrefix(got, "AWS/") || len(m) < 2 {
				continue // AWS's own metrics
			} else if got != ns {
				t.Errorf("the dashboard reads %v in namespace %s, want the stack's %s", m, got, ns)
				continue
			}
			dims := map[string]string{}
			for i := 2; i+1 < len(m); i += 2 {
				k, ok1 := m[i].(string)
				v, ok2 := m[i+1].(string)
				if !ok1 || !ok2 {
					break
				}
				dims[k] = v
			}
			out = append(out, dashboardMetric{m[1].(string), dims})
		}
	}
	if len(out) == 0 {
		t.Fatal("the dashboard reads no metric of the service")
	}
	return out
}

// TestLogLevelIsTheFunctions: at logLevel ERROR the functions' slog
// filters (SVC_LOG_LEVEL) and Lambda does not. Lambda takes a JSON line
// without a "level" key, as every EMF record is, for INFO: its filter at
// ERROR would drop every metric.
func TestLogLevelIsTheFunctions(t *testing.T) {
	p := synthWith(t, map[string]any{CtxLogLevel: "ERROR"})
	fns := p.ofType("AWS::Lambda::Function")
	if len(fns) != len(routes.Functions()) {
		t.Fatalf("%d functions, want %d", len(fns), len(routes.Functions()))
	}
	for id, fn := range fns {
		logging, _ := fn.Properties["LoggingConfig"].(map[string]any)
		vars, _ := fn.Properties["Environment"].(map[string]any)["Variables"].(map[string]any)
		if logging["ApplicationLogLevel"] != "TRACE" || vars[config.EnvLogLevel] != "ERROR" {
			t.Errorf("%s: LoggingConfig %v and %s=%v, want Lambda at TRACE and the functions at ERROR",
				id, logging, config.EnvLogLevel, vars[config.EnvLogLevel])
		}
	}
}

// synthWith synthesizes the stack under the given context, without cdk-nag.
func synthWith(t *testing.T, values map[string]any) parsed {
	t.Helper()
	return synthNamed(t, testStack, values)
}

// synthNamed synthesizes the stack named name under the given context,
// without cdk-nag.
func synthNamed(t *testing.T, name string, values map[string]any) parsed {
	t.Helper()
	app := awscdk.NewApp(&awscdk.AppProps{Context: &values})
	var p parsed
	check(t, func() {
		stack, err := NewServiceStack(app, name, &ServiceStackProps{AssetDir: assetDir})
		if err != nil {
			t.Fatal(err)
		}
		var perr error
		if p, perr = parse(assertions.Template_FromStack(stack, nil)); perr != nil {
			t.Fatal(perr)
		}
	})
	if p.Resources == nil {
		t.FailNow()
	}
	return p
}

func TestFunctions(t *testing.T) {
	f := serviceStack(t)
	check(t, func() {
		f.tpl.ResourceCountIs(jsii.String("AWS::Lambda::Function"), jsii.Number(float64(len(routes.Functions()))))
	})
	timeouts := map[string]time.Duration{}
	for _, c := range routes.Consumers {
		timeouts[c.Name] = c.Queue.ConsumerTimeout
	}
	for _, fn := range routes.Functions() {
		t.Run(fn.Name, func(t *testing.T) {
			checkFunction(t, f.parsed, testStack, fn, timeouts[fn.Name], nil)
		})
	}
}

// TestPublicBaseURL: the context's publicBaseUrl, without its trailing
// "/", replaces the stage's URL on exactly the functions that write links.
func TestPublicBaseURL(t *testing.T) {
	p := synthWith(t, map[string]any{CtxPublicBaseURL: "https://api.example.com/svc/"})
	for _, fn := range routes.Functions() {
		id := p.find(t, "AWS::Lambda::Function", "FunctionName", testStack+"-"+fn.Name)
		env, _ := p.Resources[id].Properties["Environment"].(map[string]any)
		vars, _ := env["Variables"].(map[string]any)
		got, ok := vars[config.EnvPublicBaseURL]
		switch {
		case fn.Links && got != "https://api.example.com/svc":
			t.Errorf("%s: %s = %v, want https://api.example.com/svc", fn.Name, config.EnvPublicBaseURL, got)
		case !fn.Links && ok:
			t.Errorf("%s writes no links but has %s = %v", fn.Name, config.EnvPublicBaseURL, got)
		}
	}
}

// TestFunctionSettings synthesizes a stack whose context sets every
// function setting: each function gets exactly the ones it reads.
func TestFunctionSettings(t *testing.T) {
	values := map[string]any{
		CtxMgmtRateLimit: "5", CtxMgmtRateWindow: "1h", CtxMgmtRateBlock: "1", CtxTemplateCap: float64(100),
		CtxSenderRateLimit: "20", CtxSenderRateBlock: "2", CtxMarketingCap: "3", CtxMarketingCapWindow: "12h",
		CtxCallICEServers: `[{"urls":["turn:turn.example:3478"],"username":"u","credential":"p"}]`, CtxRequestBudget: "2s",
	}
	p := synthWith(t, values)
	settings := map[string]string{}
	for _, fs := range functionSettings {
		settings[fs.Env] = fmt.Sprint(values[fs.Key])
	}
	timeouts := map[string]time.Duration{}
	for _, c := range routes.Consumers {
		timeouts[c.Name] = c.Queue.ConsumerTimeout
	}
	for _, fn := range routes.Functions() {
		t.Run(fn.Name, func(t *testing.T) { checkFunction(t, p, testStack, fn, timeouts[fn.Name], settings) })
	}
}

// checkFunction checks the function's runtime, sizing, logging and
// environment; timeout 0 means the function's own (routes.Function.RunTimeout:
// the API functions', or admin's). settings are the
// function settings the context set, by variable: the function must get
// those it reads.
func checkFunction(t *testing.T, p parsed, stackName string, fn routes.Function, timeout time.Duration, settings map[string]string) {
	t.Helper()
	if timeout == 0 {
		timeout = fn.RunTimeout()
	}
	id := p.find(t, "AWS::Lambda::Function", "FunctionName", stackName+"-"+fn.Name)
	props := p.Resources[id].Properties
	for key, want := range map[string]any{
		"Runtime":       "provided.al2023",
		"Architectures": []any{"arm64"},
		"Handler":       "bootstrap",
		"MemorySize":    float64(fn.Memory()),
		"Timeout":       timeout.Seconds(),
	} {
		if got := props[key]; !reflect.DeepEqual(got, want) {
			t.Errorf("%s = %v, want %v", key, got, want)
		}
	}
	logging, _ := props["LoggingConfig"].(map[string]any)
	if logging["LogFormat"] != "JSON" || logging["ApplicationLogLevel"] != "TRACE" {
		t.Errorf("LoggingConfig = %v, want JSON with Lambda filtering nothing (TRACE)", logging)
	}
	logGroup := p.Resources[refID(logging["LogGroup"])]
	if logGroup.Type != "AWS::Logs::LogGroup" || logGroup.Properties["RetentionInDays"] != float64(30) {
		t.Errorf("log group = %+v, want its own AWS::Logs::LogGroup kept 30 days", logGroup)
	}

	env, _ := props["Environment"].(map[string]any)
	vars, _ := env["Variables"].(map[string]any)
	want := map[string]any{config.EnvLogLevel: contextDefaults[CtxLogLevel], config.EnvMetricsNamespace: metrics.StackNamespace(stackName)}
	if fn.UsesTable() { // versions gets no table, as it has no grant on it
		want[config.EnvTableName] = ref(p.find(t, "AWS::DynamoDB::Table", "BillingMode", "PAY_PER_REQUEST"))
	}
	for _, q := range fn.Sends {
		want[config.QueueURLEnv(q)] = ref(p.find(t, "AWS::SQS::Queue", "QueueName", stackName+"-"+q))
	}
	for _, q := range fn.DeadLetters {
		dlq := routes.Queue{Name: q}.DLQName()
		want[config.QueueURLEnv(dlq)] = ref(p.find(t, "AWS::SQS::Queue", "QueueName", stackName+"-"+dlq))
	}
	for _, name := range fn.Secrets {
		want[name.ARNEnv()] = ref(p.secretID(t, stackName, name))
	}
	if fn.Links { // the stage's URL, from the API's id: no link trusts a client's Host
		api := ref(p.find(t, "AWS::ApiGateway::RestApi", "Name", stackName+"-api"))
		join, _ := vars[config.EnvPublicBaseURL].(map[string]any)["Fn::Join"].([]any)
		if len(join) != 2 || !slices.ContainsFunc(list(join[1]), func(v any) bool { return reflect.DeepEqual(v, api) }) ||
			!slices.Contains(list(join[1]), any("/"+contextDefaults[CtxStage].(string))) {
			t.Errorf("%s = %v, want the stage URL of the API", config.EnvPublicBaseURL, vars[config.EnvPublicBaseURL])
		}
		want[config.EnvPublicBaseURL] = vars[config.EnvPublicBaseURL]
	}
	if fn.FlushesAuthorizers { // the stage whose authorizer cache it flushes
		want[config.EnvRestAPIID] = ref(p.find(t, "AWS::ApiGateway::RestApi", "Name", stackName+"-api"))
		want[config.EnvStageName] = contextDefaults[CtxStage]
	}
	for _, name := range fn.ReadSettings() {
		if v, ok := settings[name]; ok {
			want[name] = v
		}
	}
	if !reflect.DeepEqual(vars, want) {
		t.Errorf("environment = %v, want %v", vars, want)
	}
}

// statements returns the actions and resources granted to a function's
// role, failing on managed policies.
func (p parsed) statements(t *testing.T, stackName, name string) []statement {
	t.Helper()
	fn := p.Resources[p.find(t, "AWS::Lambda::Function", "FunctionName", stackName+"-"+name)]
	role := refID(fn.Properties["Role"])
	if r := p.Resources[role]; r.Properties["ManagedPolicyArns"] != nil || r.Properties["Policies"] != nil {
		t.Errorf("role of %s has managed or inline policies: %v", name, r.Properties)
	}
	var out []statement
	for _, pol := range p.ofType("AWS::IAM::Policy") {
		if !slices.ContainsFunc(list(pol.Properties["Roles"]), func(r any) bool { return refID(r) == role }) {
			continue
		}
		doc, _ := pol.Properties["PolicyDocument"].(map[string]any)
		for _, s := range list(doc["Statement"]) {
			sm, _ := s.(map[string]any)
			if sm["Effect"] != "Allow" {
				continue
			}
			st := statement{Resources: list(sm["Resource"]), Condition: sm["Condition"]}
			for _, a := range list(sm["Action"]) {
				st.Actions = append(st.Actions, a.(string))
			}
			out = append(out, st)
		}
	}
	return out
}

type statement struct {
	Actions   []string
	Resources []any
	Condition any
}

// onIndex tells a statement on the table's index from one on the table.
func (s statement) onIndex() bool {
	j, _ := json.Marshal(s.Resources)
	return strings.Contains(string(j), "/index/")
}

// sqsConsumeActions are what the SQS event source grants its function.
var sqsConsumeActions = []string{"sqs:ChangeMessageVisibility", "sqs:DeleteMessage", "sqs:GetQueueAttributes",
	"sqs:GetQueueUrl", "sqs:ReceiveMessage"}

// checkGrants holds a function's role to its route-table entry: its own log
// group; exactly Access.Actions() on the table, held by a
// dynamodb:LeadingKeys condition to the prefixes of its Partitions when it
// names any, and Query alone on the index when it queries it, held to the
// index partitions it names;
// sqs:SendMessage on exactly its Sends and DeadLetters' DLQs, and for a
// consumer the consume actions on its queue. Nothing else.
func checkGrants(t *testing.T, p parsed, stackName string, fn routes.Function, consumes *routes.Queue) {
	t.Helper()
	tableID := p.find(t, "AWS::DynamoDB::Table", "BillingMode", "PAY_PER_REQUEST")
	tableResources := []any{getAtt(tableID, "Arn")}
	var indexResources []any
	for _, idx := range table.Indexes {
		indexResources = append(indexResources, map[string]any{"Fn::Join": []any{"", []any{getAtt(tableID, "Arn"), "/index/" + idx.Name}}})
	}
	heldTo := func(ps []routes.Partition) any {
		if len(ps) == 0 {
			return nil
		}
		var patterns []any
		for _, part := range ps {
			patterns = append(patterns, table.PartitionPrefixes[part]+"*")
		}
		return map[string]any{"ForAllValues:StringLike": map[string]any{"dynamodb:LeadingKeys": patterns}}
	}
	wantCondition, wantIndexCondition := heldTo(fn.Partitions), heldTo(fn.Index)
	rateCondition := heldTo([]routes.Partition{routes.PartitionRateCounter})
	rateCount := false
	queueArn := func(name string) any {
		return getAtt(p.find(t, "AWS::SQS::Queue", "QueueName", stackName+"-"+name), "Arn")
	}
	lambda := p.Resources[p.find(t, "AWS::Lambda::Function", "FunctionName", stackName+"-"+fn.Name)]
	logging, _ := lambda.Properties["LoggingConfig"].(map[string]any)

	var dynamo, sends []string
	var sendResources []any
	network, indexQuery := false, false
	wantSecrets := map[string]bool{} // the secrets' logical IDs
	for _, name := range fn.Secrets {
		wantSecrets[p.secretID(t, stackName, name)] = true
	}
	secretsRead := map[string]bool{}
	for _, st := range p.statements(t, stackName, fn.Name) {
		for _, a := range st.Actions {
			switch {
			case strings.HasPrefix(a, "dynamodb:") && reflect.DeepEqual(st.Resources, indexResources):
				indexQuery = true
				if a != "dynamodb:Query" || len(st.Actions) != 1 || !reflect.DeepEqual(st.Condition, wantIndexCondition) {
					t.Errorf("%v on the indexes (condition %v), want Query alone under %v", st.Actions, st.Condition, wantIndexCondition)
				}
			case strings.HasPrefix(a, "dynamodb:") && reflect.DeepEqual(st.Condition, rateCondition):
				rateCount = true
				if a != "dynamodb:UpdateItem" || len(st.Actions) != 1 || !reflect.DeepEqual(st.Resources, tableResources) {
					t.Errorf("%v on %v for the rate counters, want UpdateItem alone on the table", st.Actions, st.Resources)
				}
			case strings.HasPrefix(a, "dynamodb:"):
				dynamo = append(dynamo, a)
				if !reflect.DeepEqual(st.Resources, tableResources) {
					t.Errorf("%s on %v, want exactly the table %v", a, st.Resources, tableResources)
				}
				if !reflect.DeepEqual(st.Condition, wantCondition) {
					t.Errorf("%s under condition %v, want %v", a, st.Condition, wantCondition)
				}
			case a == "sqs:SendMessage":
				sends = append(sends, a)
				sendResources = append(sendResources, st.Resources...)
			case a == "logs:CreateLogStream" || a == "logs:PutLogEvents":
				if want := []any{getAtt(refID(logging["LogGroup"]), "Arn")}; !reflect.DeepEqual(st.Resources, want) {
					t.Errorf("%s on %v, want only the function's log group", a, st.Resources)
				}
			case a == "secretsmanager:GetSecretValue" || a == "secretsmanager:DescribeSecret":
				if len(st.Resources) != 1 || !wantSecrets[refID(st.Resources[0])] {
					t.Errorf("%s on %v, want one of the secrets of its entry, %v", a, st.Resources, fn.Secrets)
				} else if a == "secretsmanager:GetSecretValue" {
					secretsRead[refID(st.Resources[0])] = true
				}
			case fn.Network && a == sendWhatsAppMessage:
				network = true
				if len(st.Actions) != 1 || !reflect.DeepEqual(st.Resources, []any{networkResource}) {
					t.Errorf("%v on %v, want %s alone on %v", st.Actions, st.Resources, a, networkResource)
				}
			case fn.FlushesAuthorizers && a == flushAuthorizersAction:
				// Its resource is held by TestAuthorizerCacheGrant.
			case consumes != nil && slices.Contains(sqsConsumeActions, a):
				if want := []any{queueArn(consumes.Name)}; !reflect.DeepEqual(st.Resources, want) {
					t.Errorf("%s on %v, want only the consumed queue %v", a, st.Resources, want)
				}
			default:
				t.Errorf("unexpected action %s on %v", a, st.Resources)
			}
		}
	}
	if rateCount != fn.RateCounter {
		t.Errorf("UpdateItem on the rate counters granted = %v, want %v", rateCount, fn.RateCounter)
	}
	if queries := len(fn.Index) > 0; indexQuery != queries {
		t.Errorf("Query on the indexes granted = %v, want %v", indexQuery, queries)
	}
	if fn.Network && !network {
		t.Errorf("%s sends messages but may not call %s", fn.Name, sendWhatsAppMessage)
	}
	if !maps.Equal(secretsRead, wantSecrets) {
		t.Errorf("%s may read the secrets %v, want those of its entry %v", fn.Name, secretsRead, fn.Secrets)
	}
	slices.Sort(dynamo)
	wantDynamo := slices.Clone(fn.Table.Actions())
	slices.Sort(wantDynamo)
	if !slices.Equal(dynamo, wantDynamo) {
		t.Errorf("DynamoDB actions = %v, want %v", dynamo, wantDynamo)
	}
	var wantSends []any
	for _, q := range fn.Sends {
		wantSends = append(wantSends, queueArn(q))
	}
	for _, q := range fn.DeadLetters {
		wantSends = append(wantSends, queueArn(q+"-dlq"))
	}
	if len(sends) != len(fn.Sends)+len(fn.DeadLetters) || !reflect.DeepEqual(sendResources, wantSends) {
		t.Errorf("sqs:SendMessage on %v, want exactly %v", sendResources, wantSends)
	}
}

// secretID is the logical ID of the stack's secret of one purpose.
func (p parsed) secretID(t *testing.T, stackName string, name routes.Secret) string {
	t.Helper()
	return p.find(t, "AWS::SecretsManager::Secret", "Description", fmt.Sprintf(secretSpecs[name].Description, stackName))
}

// webhookMasterKeyID is the logical ID the webhook master key was deployed
// under: the secret keeps it, or CloudFormation replaces it.
const webhookMasterKeyID = "WebhookMasterKey52D96EF5"

// TestSecrets: one generated secret per purpose, none written in the
// template; the webhook master key keeps the logical ID and description
// it had when it was the only one, so a deployed stack keeps it (and every
// ZBA's webhook signing secret); and each secret is read by the functions
// that sign for its purpose alone: the public call pages cannot read the
// webhook master key.
func TestSecrets(t *testing.T) {
	f := serviceStack(t)
	secrets := f.ofType("AWS::SecretsManager::Secret")
	if len(secrets) != len(routes.Secrets) {
		t.Errorf("%d secrets, want one per purpose of routes.Secrets (%d)", len(secrets), len(routes.Secrets))
	}
	for id, sec := range secrets {
		if _, ok := sec.Properties["GenerateSecretString"]; !ok || sec.Properties["SecretString"] != nil {
			t.Errorf("secret %s is not generated at deploy time: %v", id, sec.Properties)
		}
	}
	// The exact logical ID: a changed hash suffix (a construct moved
	// under another parent) replaces the secret as surely as a new name,
	// and with it every ZBA's webhook signing secret.
	webhooks := f.secretID(t, testStack, routes.SecretWebhooks)
	if webhooks != webhookMasterKeyID ||
		secrets[webhooks].Properties["Description"] != "Key the webhook signing secrets of "+testStack+" derive from" {
		t.Errorf("the webhook master key is %s %v: a deployed stack would replace it", webhooks, secrets[webhooks].Properties["Description"])
	}
	sessions := []string{"admin", "create-call"}
	for _, r := range routes.CallSessionRoutes {
		sessions = append(sessions, r.Name)
	}
	want := map[routes.Secret][]string{
		routes.SecretWebhooks:     {"admin", "webhooks"},
		routes.SecretCallSessions: sessions,
		routes.SecretPageCursors:  {"list-templates"},
	}
	for _, name := range routes.Secrets {
		id := f.secretID(t, testStack, name)
		var readers []string
		for _, fn := range routes.Functions() {
			for _, st := range f.statements(t, testStack, fn.Name) {
				if slices.Contains(st.Actions, "secretsmanager:GetSecretValue") && slices.ContainsFunc(st.Resources, func(r any) bool { return refID(r) == id }) {
					readers = append(readers, fn.Name)
				}
			}
		}
		slices.Sort(readers)
		slices.Sort(want[name])
		if !slices.Equal(readers, want[name]) {
			t.Errorf("secret %s is read by %v, want %v", name, readers, want[name])
		}
	}
}

func TestGrants(t *testing.T) {
	f := serviceStack(t)
	consumed := map[string]*routes.Queue{}
	for _, c := range routes.Consumers {
		consumed[c.Name] = &c.Queue
	}
	for _, fn := range routes.Functions() {
		t.Run(fn.Name, func(t *testing.T) { checkGrants(t, f.parsed, testStack, fn, consumed[fn.Name]) })
	}
}

// TestPartitionGrants spells out, key prefix by key prefix, the partitions
// the held functions reach: a public call session function reaches calls
// and providers' status alone (no API key, no ZBA), the authorizer API keys alone, dispatch and
// the outbound sweeper message records alone; and on the index, the
// sweepers their due shards alone and provider-calls providers' calls.
func TestPartitionGrants(t *testing.T) {
	f := serviceStack(t)
	want := map[string][]any{"authorizer": {"KEY#*"}, "dispatch": {"MESSAGE#*"}, "outbound-sweeper": {"MESSAGE#*"}}
	rateCounters := map[string]any{"ForAllValues:StringLike": map[string]any{"dynamodb:LeadingKeys": []any{"RATE#*"}}}
	for _, r := range routes.CallSessionRoutes {
		switch {
		case r.Name == routes.ProviderPage.Name || r.Name == routes.ProviderCalls.Name:
			// The provider's status item (its link generation).
			want[r.Name] = []any{"PSTATUS#*"}
		case r.Table != routes.TableNone:
			// The call and its provider's status item (the reservation).
			want[r.Name] = []any{"CALL#*", "PSTATUS#*"}
		}
	}
	if len(want) < 9 {
		t.Fatalf("only %d functions held to partitions: %v", len(want), want)
	}
	for name, pattern := range want {
		var conditions []any
		for _, st := range f.statements(t, testStack, name) {
			if strings.HasPrefix(st.Actions[0], "dynamodb:") && st.Condition != nil && !st.onIndex() &&
				!reflect.DeepEqual(st.Condition, rateCounters) {
				conditions = append(conditions, st.Condition)
			}
		}
		wantCond := []any{map[string]any{"ForAllValues:StringLike": map[string]any{"dynamodb:LeadingKeys": pattern}}}
		if !reflect.DeepEqual(conditions, wantCond) {
			t.Errorf("%s: table grant conditions %v, want %v", name, conditions, wantCond)
		}
	}
	// Every rate-limited route counts with UpdateItem on RATE# alone.
	for _, r := range routes.All {
		if !r.RateLimited || r.Variant != "" {
			continue
		}
		var counts []statement
		for _, st := range f.statements(t, testStack, r.Name) {
			if reflect.DeepEqual(st.Condition, rateCounters) {
				counts = append(counts, st)
			}
		}
		if len(counts) != 1 || !slices.Equal(counts[0].Actions, []string{"dynamodb:UpdateItem"}) {
			t.Errorf("%s: rate counter statements %v, want UpdateItem alone held to RATE#*", r.Name, counts)
		}
		for _, st := range f.statements(t, testStack, r.Name) {
			if slices.Contains(st.Actions, "dynamodb:UpdateItem") && !reflect.DeepEqual(st.Condition, rateCounters) && r.Table&routes.TableUpdate == 0 {
				t.Errorf("%s: UpdateItem beyond the rate counters (%v)", r.Name, st.Condition)
			}
		}
	}
	for _, r := range routes.All {
		if r.Public() && r.Table != routes.TableNone && len(r.Partitions) == 0 {
			t.Errorf("public route %s reaches the whole table: hold it to its partitions", r.Name)
		}
	}
	// The index, which holds API keys and every ZBA's phones: Query by the
	// functions that read it, each held to the index partitions it reads,
	// and by no other.
	wantIndex := map[string]any{"review-sweeper": "REVIEW#*", "template-unpauser": "PAUSE#*", "outbound-sweeper": "OUTBOX#*",
		"provider-calls": "PCALLS#*"}
	for _, fn := range routes.Functions() {
		var conditions []any
		for _, st := range f.statements(t, testStack, fn.Name) {
			if st.onIndex() {
				conditions = append(conditions, st.Condition)
			}
		}
		var want []any
		if pattern, ok := wantIndex[fn.Name]; ok {
			want = []any{map[string]any{"ForAllValues:StringLike": map[string]any{"dynamodb:LeadingKeys": []any{pattern}}}}
		}
		if !reflect.DeepEqual(conditions, want) {
			t.Errorf("%s: index grant conditions %v, want %v", fn.Name, conditions, want)
		}
	}
}

// TestNoWildcards walks every IAM policy of the stack: no action and no
// resource may contain "*", but for the network grant's phone numbers.
func TestNoWildcards(t *testing.T) {
	f := serviceStack(t)
	var walk func(where string, v any)
	walk = func(where string, v any) {
		switch v := v.(type) {
		case string:
			if strings.Contains(v, "*") {
				t.Errorf("%s contains a wildcard: %q", where, v)
			}
		case []any:
			for _, e := range v {
				walk(where, e)
			}
		case map[string]any:
			for _, e := range v {
				walk(where, e)
			}
		}
	}
	for id, pol := range f.ofType("AWS::IAM::Policy") {
		doc, _ := pol.Properties["PolicyDocument"].(map[string]any)
		for _, s := range list(doc["Statement"]) {
			sm, _ := s.(map[string]any)
			if isNetworkGrant(sm["Action"], sm["Resource"]) {
				continue // the account's phone numbers, registered after deploy: see reasonNetworkIAM5
			}
			walk(id+" Action", sm["Action"])
			walk(id+" Resource", sm["Resource"])
		}
	}
}

func TestNagFindings(t *testing.T) {
	f := serviceStack(t)
	var annotations assertions.Annotations
	check(t, func() { annotations = assertions.Annotations_FromStack(f.stack) })
	if annotations == nil {
		return
	}
	// Each assertion fails listing every unsuppressed finding.
	rule := assertions.Match_StringLikeRegexp(jsii.String("AwsSolutions-.*"))
	check(t, func() { annotations.HasNoError(jsii.String("*"), rule) })
	check(t, func() { annotations.HasNoWarning(jsii.String("*"), rule) })
}

// TestMissingBinary: without `make build` the app stops before synth and
// says what to run.
func TestMissingBinary(t *testing.T) {
	app := awscdk.NewApp(nil)
	_, err := NewServiceStack(app, "Empty", &ServiceStackProps{AssetDir: t.TempDir()})
	if err == nil || !strings.Contains(err.Error(), "make build") {
		t.Fatalf("err = %v, want one telling to run make build", err)
	}
}

// TestFunctionFolders holds functions/ and the route table to each other:
// every function has functions/<name>/main.go and every folder is a
// function of the table.
func TestFunctionFolders(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("..", "functions"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, f := range routes.Functions() {
		names[f.Name] = true
		if _, err := os.Stat(filepath.Join("..", "functions", f.Name, "main.go")); err != nil {
			t.Errorf("routes.Functions() has %s, but functions/%s/main.go is missing", f.Name, f.Name)
		}
	}
	for _, e := range entries {
		if e.IsDir() && !names[e.Name()] {
			t.Errorf("functions/%s is not in routes.Functions()", e.Name())
		}
	}
}

// TestOneVariablePerResource holds API Gateway's rule that a resource has
// at most one variable child ({x}): CloudFormation refuses the stack at
// deploy otherwise, though it synthesizes.
func TestOneVariablePerResource(t *testing.T) {
	f := serviceStack(t)
	variables := map[string][]string{}
	for _, r := range f.ofType("AWS::ApiGateway::Resource") {
		part, _ := r.Properties["PathPart"].(string)
		if strings.HasPrefix(part, "{") {
			parent := fmt.Sprint(r.Properties["ParentId"])
			variables[parent] = append(variables[parent], part)
		}
	}
	if len(variables) == 0 {
		t.Fatal("no variable resources found")
	}
	for parent, parts := range variables {
		if len(parts) > 1 {
			t.Errorf("resource %s has variable children %v", parent, parts)
		}
	}
}
