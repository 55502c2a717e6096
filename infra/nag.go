package main

import (
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigateway"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
	"github.com/cdklabs/cdk-nag-go/cdknag/v2"

	"svc/internal/routes"
)

// The cdk-nag AwsSolutions findings this stack accepts, each with the
// reason it is accepted. Every other finding is fixed in the resource.
const (
	reasonCOG4 = "The API authenticates callers with the interface's bearer API keys through a Lambda REQUEST " +
		"authorizer (interface section 5); there is no Cognito user pool, and end-user tokens must not open these routes."
	reasonPublic = "GET /versions needs no key by interface section 5 (and 9.3): it is deliberately unauthenticated " +
		"and only reports the supported versions; GET /openapi.json likewise only serves the public interface document. The call session routes are opened by a browser, which holds no key: " +
		"each function checks the signed session token of the call URL on every request."
	reasonAPIG2 = "Each function validates its request and answers with the interface's error envelope and error " +
		"codes; an API Gateway request validator would reject first with a body of its own."
	reasonAPIG3 = "No AWS WAF web ACL is associated because the context key wafRateLimit is 0, the default: a web ACL " +
		"is billed by the month and by the request, so the deploying team turns it on (wafRateLimit > 0 associates one " +
		"with a per-source-IP rate rule); the stage throttles every method meanwhile."
	reasonCloudWatchRole = "API Gateway's account-level logging role uses the AWS-managed policy that API Gateway " +
		"documents for it; it is created only with context apiGatewayCloudWatchRole=true and grants nothing to the functions."
)

// suppressMethod accepts the authorization findings on one route's method:
// every method lacks Cognito, and the public one lacks any authorizer.
func suppressMethod(method awsapigateway.Method, r routes.Route) {
	if r.Public() {
		suppress(method, "AwsSolutions-APIG4", reasonPublic)
		suppress(method, "AwsSolutions-COG4", reasonPublic)
		return
	}
	suppress(method, "AwsSolutions-COG4", reasonCOG4)
}

// suppressAPI accepts the API-wide findings: request validation, WAF when
// the stack associates no web ACL, and the managed policy of API Gateway's
// logging role when the stack makes it.
func suppressAPI(api awsapigateway.RestApi, s settings) {
	suppress(api, "AwsSolutions-APIG2", reasonAPIG2)
	if s.WAFRateLimit == 0 {
		suppress(api.DeploymentStage(), "AwsSolutions-APIG3", reasonAPIG3)
	}
	if role := api.Node().TryFindChild(jsii.String("CloudWatchRole")); s.APIGatewayCloudWatchRole && role != nil {
		cdknag.NagSuppressions_AddResourceSuppressions(role, &[]*cdknag.NagPackSuppression{{
			Id:        jsii.String("AwsSolutions-IAM4"),
			Reason:    jsii.String(reasonCloudWatchRole),
			AppliesTo: &[]any{"Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs"},
		}}, jsii.Bool(false))
	}
}

func suppress(c constructs.IConstruct, id, reason string) {
	cdknag.NagSuppressions_AddResourceSuppressions(c, &[]*cdknag.NagPackSuppression{{
		Id: jsii.String(id), Reason: jsii.String(reason),
	}}, jsii.Bool(false))
}
