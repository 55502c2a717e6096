package main

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"
	"github.com/cdklabs/cdk-nag-go/cdknag/v2"

	"svc/internal/platform/apperr"
	"svc/internal/transport/gatewayresp"
)

// nagSuppressions lists the rule ids cdk-nag is told to accept on a
// resource (its cdk_nag metadata).
func nagSuppressions(r cfnResource) []string {
	nag, _ := r.Metadata["cdk_nag"].(map[string]any)
	var ids []string
	for _, s := range list(nag["rules_to_suppress"]) {
		m, _ := s.(map[string]any)
		id, _ := m["id"].(string)
		ids = append(ids, id)
	}
	return ids
}

// only returns the logical ID and the resource of the one resource of typ.
func (p parsed) only(t *testing.T, typ string) (string, cfnResource) {
	t.Helper()
	all := p.ofType(typ)
	if len(all) != 1 {
		t.Fatalf("%d resources of type %s, want 1", len(all), typ)
	}
	for id, r := range all {
		return id, r
	}
	panic("unreachable")
}

// TestNoWebACLByDefault: without wafRateLimit the stack has no web ACL,
// association or WAF alarm (a web ACL costs money each month), and
// cdk-nag's WAF finding is accepted on the stage with its reason.
func TestNoWebACLByDefault(t *testing.T) {
	f := serviceStack(t)
	for _, typ := range []string{"AWS::WAFv2::WebACL", "AWS::WAFv2::WebACLAssociation"} {
		if n := len(f.ofType(typ)); n != 0 {
			t.Errorf("%d %s by default, want none", n, typ)
		}
	}
	for id, a := range f.ofType("AWS::CloudWatch::Alarm") {
		if a.Properties["Namespace"] == "AWS/WAFV2" {
			t.Errorf("alarm %s reads WAF's metrics, but the default stack has no web ACL", id)
		}
	}
	_, stage := f.only(t, "AWS::ApiGateway::Stage")
	if !slices.Contains(nagSuppressions(stage), "AwsSolutions-APIG3") {
		t.Errorf("the stage without a web ACL does not accept AwsSolutions-APIG3: suppressions %v", nagSuppressions(stage))
	}
}

// TestWebACL: with wafRateLimit the stage is associated with a regional web
// ACL whose one rule blocks a source IP address over the limit in 5
// minutes, answering 429 with the service's envelope and Retry-After; its
// metrics are on and waf-blocked-alarm pages through the alarm topic on
// its blocks. cdk-nag, whose WAF finding is then no longer suppressed,
// finds the stage associated and reports nothing.
func TestWebACL(t *testing.T) {
	app := awscdk.NewApp(&awscdk.AppProps{Context: &map[string]any{CtxWAFRateLimit: "2000"}})
	awscdk.Aspects_Of(app).Add(cdknag.NewAwsSolutionsChecks(&cdknag.NagPackProps{Reports: jsii.Bool(false)}), nil)
	var stack awscdk.Stack
	var p parsed
	check(t, func() {
		var err error
		if stack, err = NewServiceStack(app, testStack, &ServiceStackProps{AssetDir: assetDir}); err != nil {
			t.Fatal(err)
		}
		if p, err = parse(assertions.Template_FromStack(stack, nil)); err != nil {
			t.Fatal(err)
		}
	})
	if p.Resources == nil {
		t.FailNow()
	}

	aclID, acl := p.only(t, "AWS::WAFv2::WebACL")
	visibility := func(metric string) map[string]any {
		return map[string]any{"CloudWatchMetricsEnabled": true, "MetricName": metric, "SampledRequestsEnabled": true}
	}
	blocked := gatewayresp.RateBlocked(wafWindow)
	want := map[string]any{
		"Name":             testStack + "-api",
		"Scope":            "REGIONAL",
		"DefaultAction":    map[string]any{"Allow": map[string]any{}},
		"VisibilityConfig": visibility(testStack + "-api"),
		"CustomResponseBodies": map[string]any{
			"rate-limited": map[string]any{"ContentType": "APPLICATION_JSON", "Content": blocked.Body},
		},
		"Rules": []any{map[string]any{
			"Name":     "per-ip-rate",
			"Priority": float64(0),
			"Statement": map[string]any{"RateBasedStatement": map[string]any{
				"Limit": float64(2000), "AggregateKeyType": "IP", "EvaluationWindowSec": float64(300),
			}},
			"Action": map[string]any{"Block": map[string]any{"CustomResponse": map[string]any{
				"ResponseCode": float64(429), "CustomResponseBodyKey": "rate-limited",
				"ResponseHeaders": []any{map[string]any{"Name": "Retry-After", "Value": "300"}},
			}}},
			"VisibilityConfig": visibility("per-ip-rate"),
		}},
	}
	for key, w := range want {
		if got := acl.Properties[key]; !reflect.DeepEqual(got, w) {
			g, _ := json.Marshal(got)
			b, _ := json.Marshal(w)
			t.Errorf("web ACL %s = %s, want %s", key, g, b)
		}
	}
	// A description with characters WAF refuses (parentheses, say) fails
	// only at deploy; CloudFormation's pattern for it:
	description := regexp.MustCompile(`^[a-zA-Z0-9=:#@/\-,.][a-zA-Z0-9+=:#@/\-,.\s]+[a-zA-Z0-9+=:#@/\-,.]{1,256}$`)
	if d, _ := acl.Properties["Description"].(string); !description.MatchString(d) || !strings.Contains(d, "2000") {
		t.Errorf("web ACL description %q: not one WAF takes, or without the limit", d)
	}
	// The body WAF sends is the interface's 130429 envelope.
	var env apperr.Envelope
	if err := json.Unmarshal([]byte(blocked.Body), &env); err != nil || env.Error.Code != apperr.CodeRateLimit {
		t.Errorf("rate rule body %s (%v), want the 130429 envelope", blocked.Body, err)
	}

	// The association: the stage's ARN, built from the API's and the
	// stage's references, and the web ACL's ARN.
	_, assoc := p.only(t, "AWS::WAFv2::WebACLAssociation")
	if got := assoc.Properties["WebACLArn"]; !reflect.DeepEqual(got, getAtt(aclID, "Arn")) {
		t.Errorf("association WebACLArn = %v, want the web ACL's Arn", got)
	}
	apiID, _ := p.only(t, "AWS::ApiGateway::RestApi")
	stageID, stage := p.only(t, "AWS::ApiGateway::Stage")
	join, _ := assoc.Properties["ResourceArn"].(map[string]any)["Fn::Join"].([]any)
	var arn strings.Builder
	if len(join) == 2 {
		for _, part := range list(join[1]) {
			switch v := part.(type) {
			case string:
				arn.WriteString(v)
			default:
				fmt.Fprintf(&arn, "<%s>", refID(v))
			}
		}
	}
	if wantARN := "arn:<AWS::Partition>:apigateway:<AWS::Region>::/restapis/<" + apiID + ">/stages/<" + stageID + ">"; arn.String() != wantARN {
		t.Errorf("association ResourceArn = %v, want %s", assoc.Properties["ResourceArn"], wantARN)
	}
	if slices.Contains(nagSuppressions(stage), "AwsSolutions-APIG3") {
		t.Error("the stage with a web ACL still suppresses AwsSolutions-APIG3")
	}

	// The alarm, named as the others, through the alarm topic, whose policy
	// lets it publish.
	topic := p.find(t, "AWS::SNS::Topic", "DisplayName", testStack+" alarms")
	alarmID := p.find(t, "AWS::CloudWatch::Alarm", "AlarmName", testStack+"-waf-blocked-alarm")
	alarm := p.Resources[alarmID].Properties
	wantAlarm := map[string]any{
		"Namespace": "AWS/WAFV2", "MetricName": "BlockedRequests", "Statistic": "Sum", "Period": float64(300),
		"Threshold": float64(1), "ComparisonOperator": "GreaterThanOrEqualToThreshold", "EvaluationPeriods": float64(1),
		"TreatMissingData": "notBreaching", "AlarmActions": []any{ref(topic)},
	}
	for key, w := range wantAlarm {
		if !reflect.DeepEqual(alarm[key], w) {
			t.Errorf("waf-blocked-alarm %s = %v, want %v", key, alarm[key], w)
		}
	}
	dims := map[string]any{}
	for _, d := range list(alarm["Dimensions"]) {
		m, _ := d.(map[string]any)
		dims[m["Name"].(string)] = m["Value"]
	}
	if wantDims := map[string]any{"WebACL": testStack + "-api", "Rule": "per-ip-rate", "Region": ref("AWS::Region")}; !reflect.DeepEqual(dims, wantDims) {
		t.Errorf("waf-blocked-alarm dimensions %v, want %v (the web ACL's and the rule's metric names)", dims, wantDims)
	}
	policy, _ := json.Marshal(p.ofType("AWS::SNS::TopicPolicy"))
	if b, _ := json.Marshal(getAtt(alarmID, "Arn")); !strings.Contains(string(policy), string(b)) {
		t.Errorf("the alarm topic's policy does not let waf-blocked-alarm publish: %s", policy)
	}
	if got, def := len(p.ofType("AWS::CloudWatch::Alarm")), len(serviceStack(t).ofType("AWS::CloudWatch::Alarm")); got != def+1 {
		t.Errorf("%d alarms with the web ACL, want the default's %d and waf-blocked-alarm", got, def)
	}
	if !strings.Contains(readmeSection(t, "## Metrics and alarms"), "`waf-blocked-alarm`") {
		t.Error("Metrics and alarms does not name `waf-blocked-alarm`")
	}

	var annotations assertions.Annotations
	check(t, func() { annotations = assertions.Annotations_FromStack(stack) })
	if annotations == nil {
		return
	}
	rule := assertions.Match_StringLikeRegexp(jsii.String("AwsSolutions-.*"))
	check(t, func() { annotations.HasNoError(jsii.String("*"), rule) })
	check(t, func() { annotations.HasNoWarning(jsii.String("*"), rule) })
}

// TestWebACLRefusals: a rate limit AWS WAF would refuse, or a stack name too
// long for the web ACL's, fails before anything is built, naming the key
// and the bounds.
func TestWebACLRefusals(t *testing.T) {
	for _, tt := range []struct {
		name, stack string
		limit       any
		want        []string
	}{
		{"below WAF's 10", testStack, "5", []string{CtxWAFRateLimit, "5 is neither 0", "from 10 to 2000000000"}},
		{"negative", testStack, -100, []string{CtxWAFRateLimit, "-100"}},
		{"not whole", testStack, 2000.5, []string{CtxWAFRateLimit, "2000.5"}},
		{"above WAF's bound", testStack, "3000000000", []string{CtxWAFRateLimit, "3e+09"}},
		{"not a number", testStack, "lots", []string{CtxWAFRateLimit, `"lots" is not a number`}},
		{"stack name too long for the web ACL", strings.Repeat("S", 125), "2000", []string{"web ACL", "128"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			app := awscdk.NewApp(&awscdk.AppProps{Context: &map[string]any{CtxWAFRateLimit: tt.limit}})
			_, err := NewServiceStack(app, tt.stack, &ServiceStackProps{AssetDir: assetDir})
			for _, w := range tt.want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("err = %v, want one containing %q", err, w)
				}
			}
		})
	}
}
