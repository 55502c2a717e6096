package main

import (
	"fmt"
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigateway"
	"github.com/aws/aws-cdk-go/awscdk/v2/awswafv2"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"svc/internal/transport/gatewayresp"
)

// wafWindow is the trailing window the rate rule counts a source's
// requests over: AWS WAF's default, one of the four it accepts (1, 2, 5
// or 10 minutes), and the unit of the context key wafRateLimit.
const wafWindow = 5 * time.Minute

// AWS WAF's bounds of a rate-based rule's limit.
const (
	wafMinRateLimit = 10
	wafMaxRateLimit = 2_000_000_000
)

// wafRateRule names the rate rule and its metrics (the Rule dimension).
const wafRateRule = "per-ip-rate"

// wafRateBody is the key of the rate rule's response body in the web ACL.
const wafRateBody = "rate-limited"

// maxWAFName is the longest name AWS WAF takes for a web ACL and for a
// metric.
const maxWAFName = 128

// webACLName is the web ACL's name, after the stack's, which keeps two
// stacks' apart (names are unique per account, region and scope). It is
// its metric name too, so the WebACL dimension of its metrics is this
// whichever of the two WAF writes there.
func webACLName(s settings) string { return s.StackName + "-api" }

// newWebACL associates a regional AWS WAF web ACL with the API's stage when
// the context sets wafRateLimit, and does nothing otherwise. Its one rule
// blocks a source IP address that sent more than s.WAFRateLimit requests in
// the trailing wafWindow, every route and caller counted together (the
// public call session routes, which no key guards, included), with the
// service's 429 envelope (gatewayresp.RateBlocked); everything else is
// allowed. No AWS managed rule group is added: the common rule set
// inspects bodies and refuses legitimate ones here (its body-size rule
// alone blocks any body over 8 KB, where a template may have 128 KiB), and
// the others guard against attacks other than the per-source flood this
// is for. Metrics and sampled requests are on for the web ACL
// and the rule; waf-blocked-alarm (newAlarms) reads the rule's.
func newWebACL(scope constructs.Construct, s settings, api awsapigateway.RestApi) awswafv2.CfnWebACL {
	if s.WAFRateLimit == 0 {
		return nil
	}
	visibility := func(metric string) *awswafv2.CfnWebACL_VisibilityConfigProperty {
		return &awswafv2.CfnWebACL_VisibilityConfigProperty{
			CloudWatchMetricsEnabled: jsii.Bool(true),
			MetricName:               jsii.String(metric),
			SampledRequestsEnabled:   jsii.Bool(true),
		}
	}
	blocked := gatewayresp.RateBlocked(wafWindow)
	var headers []*awswafv2.CfnWebACL_CustomHTTPHeaderProperty
	for name, value := range blocked.Headers {
		headers = append(headers, &awswafv2.CfnWebACL_CustomHTTPHeaderProperty{Name: jsii.String(name), Value: jsii.String(value)})
	}
	acl := awswafv2.NewCfnWebACL(scope, jsii.String("WebAcl"), &awswafv2.CfnWebACLProps{
		Name: jsii.String(webACLName(s)),
		// WAF takes letters, digits, spaces and =:#@/-,.+ alone in a
		// description: no parentheses.
		Description: jsii.String(fmt.Sprintf("Blocks a source IP address above %d requests in %d minutes, context key %s.",
			s.WAFRateLimit, int(wafWindow.Minutes()), CtxWAFRateLimit)),
		// Regional: the API is a regional REST API.
		Scope:            jsii.String("REGIONAL"),
		DefaultAction:    &awswafv2.CfnWebACL_DefaultActionProperty{Allow: &awswafv2.CfnWebACL_AllowActionProperty{}},
		VisibilityConfig: visibility(webACLName(s)),
		CustomResponseBodies: &map[string]*awswafv2.CfnWebACL_CustomResponseBodyProperty{
			wafRateBody: {ContentType: jsii.String("APPLICATION_JSON"), Content: jsii.String(blocked.Body)},
		},
		Rules: &[]*awswafv2.CfnWebACL_RuleProperty{{
			Name:     jsii.String(wafRateRule),
			Priority: jsii.Number(0),
			Statement: &awswafv2.CfnWebACL_StatementProperty{
				RateBasedStatement: &awswafv2.CfnWebACL_RateBasedStatementProperty{
					Limit: jsii.Number(float64(s.WAFRateLimit)),
					// The address the request came from: a header such as
					// X-Forwarded-For is the client's to write.
					AggregateKeyType:    jsii.String("IP"),
					EvaluationWindowSec: jsii.Number(wafWindow.Seconds()),
				},
			},
			// WAF's custom response takes precedence over the gateway
			// responses: without it the client would get WAF's plain 403.
			Action: &awswafv2.CfnWebACL_RuleActionProperty{Block: &awswafv2.CfnWebACL_BlockActionProperty{
				CustomResponse: &awswafv2.CfnWebACL_CustomResponseProperty{
					ResponseCode:          jsii.Number(float64(blocked.Status)),
					CustomResponseBodyKey: jsii.String(wafRateBody),
					ResponseHeaders:       &headers,
				},
			}},
			VisibilityConfig: visibility(wafRateRule),
		}},
	})
	// The stage's ARN, arn:<partition>:apigateway:<region>::/restapis/<id>/stages/<stage>,
	// the form WAF associates a REST API stage by.
	awswafv2.NewCfnWebACLAssociation(scope, jsii.String("WebAclAssociation"), &awswafv2.CfnWebACLAssociationProps{
		ResourceArn: api.DeploymentStage().StageArn(),
		WebAclArn:   acl.AttrArn(),
	})
	return acl
}
