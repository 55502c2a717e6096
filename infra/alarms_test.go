package main

import (
	"encoding/json"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"svc/internal/platform/config"
	"svc/internal/platform/metrics"
)

// TestAlarmTopicPolicy: the alarm topic's policy, which replaces SNS's
// default one, lets CloudWatch publish for exactly the stack's alarms that
// page (each alarm and the composite throttles alarm whose action is the
// topic), from this account, and keeps the TLS-only deny; and the topic's
// key lets CloudWatch of this account encrypt to it.
func TestAlarmTopicPolicy(t *testing.T) {
	f := serviceStack(t)
	topic := f.find(t, "AWS::SNS::Topic", "DisplayName", testStack+" alarms")

	var wantSources []string
	for _, typ := range []string{"AWS::CloudWatch::Alarm", "AWS::CloudWatch::CompositeAlarm"} {
		for id, a := range f.ofType(typ) {
			if reflect.DeepEqual(a.Properties["AlarmActions"], []any{ref(topic)}) {
				wantSources = append(wantSources, id)
			}
		}
	}
	if len(wantSources) < 10 {
		t.Fatalf("only %d alarms page through the topic: %v", len(wantSources), wantSources)
	}

	var policies []cfnResource
	for _, p := range f.ofType("AWS::SNS::TopicPolicy") {
		if reflect.DeepEqual(p.Properties["Topics"], []any{ref(topic)}) {
			policies = append(policies, p)
		}
	}
	if len(policies) != 1 {
		t.Fatalf("%d policies on the alarm topic, want 1", len(policies))
	}
	doc, _ := policies[0].Properties["PolicyDocument"].(map[string]any)
	var allows, tlsDenies int
	for _, s := range list(doc["Statement"]) {
		st, _ := s.(map[string]any)
		cond, _ := st["Condition"].(map[string]any)
		switch st["Effect"] {
		case "Deny":
			if reflect.DeepEqual(cond, map[string]any{"Bool": map[string]any{"aws:SecureTransport": "false"}}) {
				tlsDenies++
			}
		case "Allow":
			allows++
			if want := map[string]any{"Service": cloudWatchPrincipal}; !reflect.DeepEqual(st["Principal"], want) ||
				!slices.Equal(list(st["Action"]), []any{"sns:Publish"}) || !reflect.DeepEqual(st["Resource"], ref(topic)) {
				b, _ := json.Marshal(st)
				t.Errorf("allow %s, want sns:Publish on the topic for %s alone", b, cloudWatchPrincipal)
				continue
			}
			account := map[string]any{"StringEquals": map[string]any{"aws:SourceAccount": ref("AWS::AccountId")}}
			if !reflect.DeepEqual(cond["StringEquals"], account["StringEquals"]) {
				t.Errorf("allow condition StringEquals = %v, want aws:SourceAccount of this account", cond["StringEquals"])
			}
			arnEquals, _ := cond["ArnEquals"].(map[string]any)
			var got []string
			for _, a := range list(arnEquals["aws:SourceArn"]) {
				if !reflect.DeepEqual(a, getAtt(refID(a), "Arn")) {
					t.Errorf("source %v is not an alarm's Arn", a)
				}
				got = append(got, refID(a))
			}
			slices.Sort(got)
			slices.Sort(wantSources)
			if !slices.Equal(got, wantSources) || len(cond) != 2 {
				t.Errorf("allow condition %v: sources %v, want exactly the paging alarms %v", cond, got, wantSources)
			}
		}
	}
	if allows != 1 || tlsDenies != 1 {
		t.Errorf("alarm topic policy %v: %d allows and %d TLS denies, want 1 and 1", doc, allows, tlsDenies)
	}

	// The key: CloudWatch of this account may encrypt to the topic.
	topicProps := f.Resources[topic].Properties
	key := f.Resources[refID(topicProps["KmsMasterKeyId"])]
	keyPolicy, _ := key.Properties["KeyPolicy"].(map[string]any)
	found := false
	for _, s := range list(keyPolicy["Statement"]) {
		st, _ := s.(map[string]any)
		if reflect.DeepEqual(st["Principal"], map[string]any{"Service": cloudWatchPrincipal}) {
			found = st["Effect"] == "Allow" && slices.Equal(list(st["Action"]), []any{"kms:Decrypt", "kms:GenerateDataKey*"}) &&
				reflect.DeepEqual(st["Condition"], map[string]any{"StringEquals": map[string]any{"aws:SourceAccount": ref("AWS::AccountId")}})
		}
	}
	if key.Type != "AWS::KMS::Key" || !found {
		t.Errorf("the alarm topic's key %+v does not let CloudWatch of this account use it", key)
	}
}

// TestMetricsNamespacePerStack: a second stack's functions publish under a
// namespace of its own, and its alarms and dashboard read that namespace
// alone, so two stacks in one account and region never read each other's
// metrics.
func TestMetricsNamespacePerStack(t *testing.T) {
	const other = "SvcOther"
	ns := metrics.StackNamespace(other)
	if ns == testNamespace {
		t.Fatalf("stacks %s and %s share the namespace %s", testStack, other, ns)
	}
	p := synthNamed(t, other, nil)
	for id, fn := range p.ofType("AWS::Lambda::Function") {
		vars, _ := fn.Properties["Environment"].(map[string]any)["Variables"].(map[string]any)
		if vars[config.EnvMetricsNamespace] != ns {
			t.Errorf("function %s publishes under %v, want %s", id, vars[config.EnvMetricsNamespace], ns)
		}
	}
	// Every namespace an alarm reads: AWS's own, or the stack's.
	read := 0
	for id, a := range p.ofType("AWS::CloudWatch::Alarm") {
		b, _ := json.Marshal(a.Properties)
		for _, m := range regexp.MustCompile(`"Namespace":"([^"]+)"`).FindAllStringSubmatch(string(b), -1) {
			switch {
			case m[1] == ns:
				read++
			case !strings.HasPrefix(m[1], "AWS/"):
				t.Errorf("alarm %s reads namespace %s, want %s", id, m[1], ns)
			}
		}
	}
	if read < 2 {
		t.Errorf("%d alarm metrics read the stack's namespace, want the 5xx rate's and the flush failures'", read)
	}
	if len(dashboardMetrics(t, p, ns)) < 10 {
		t.Error("the dashboard reads few metrics of the stack")
	}
}

// TestAccessLogFormat: the stage's access log is one JSON object per
// request holding, beside the request and its answer, what tells a slow or
// failed request apart: the function's latency and status, API Gateway's
// own error, the authorizer's error and the key id that authenticated
// (principalId); and nothing secret: no header (the Authorization header is
// the key itself), no body, no API key.
func TestAccessLogFormat(t *testing.T) {
	f := serviceStack(t)
	var format string
	for _, st := range f.ofType("AWS::ApiGateway::Stage") {
		setting, _ := st.Properties["AccessLogSetting"].(map[string]any)
		format, _ = setting["Format"].(string)
	}
	// Every variable stands inside quotes.
	sample := regexp.MustCompile(`\$context\.[A-Za-z.]+`).ReplaceAllStringFunc(format, func(v string) string { return "v:" + v })
	var fields map[string]string
	if err := json.Unmarshal([]byte(sample), &fields); err != nil {
		t.Fatalf("access log format %s is not a JSON object of strings: %v", format, err)
	}
	for key, want := range map[string]string{
		"requestId": "v:$context.requestId", "status": "v:$context.status", "resourcePath": "v:$context.resourcePath",
		"responseLatency": "v:$context.responseLatency", "integrationLatency": "v:$context.integrationLatency",
		"integrationStatus": "v:$context.integration.status", "errorType": "v:$context.error.responseType",
		"authorizerError": "v:$context.authorizer.error", "principalId": "v:$context.authorizer.principalId",
	} {
		if fields[key] != want {
			t.Errorf("access log field %s = %q, want %q (format %s)", key, fields[key], want, format)
		}
	}
	// API Gateway's error message quotes the Authorization header, hashed,
	// for a request to an unknown path.
	for _, secret := range []string{"header", "Authorization", "$input", "apiKey", "requestOverride", "responseOverride", "messageString", "error.message"} {
		if strings.Contains(strings.ToLower(format), strings.ToLower(secret)) {
			t.Errorf("access log format logs %s: %s", secret, format)
		}
	}
}
