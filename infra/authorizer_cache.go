package main

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigateway"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/jsii-runtime-go"
)

// flushAuthorizersAction is the one API Gateway action a function with
// routes.Function.FlushesAuthorizers is granted: FlushStageAuthorizersCache
// is a DELETE of the stage's cache/authorizers.
const flushAuthorizersAction = "apigateway:DELETE"

// authorizerCacheARN is the stage's authorizer cache, the one resource the
// flush is granted on:
// arn:<partition>:apigateway:<region>::/restapis/<id>/stages/<stage>/cache/authorizers.
func authorizerCacheARN(api awsapigateway.IRestApi, stage string) *string {
	return awscdk.Fn_Join(jsii.String(""), &[]*string{jsii.String("arn:"), awscdk.Aws_PARTITION(),
		jsii.String(":apigateway:"), awscdk.Aws_REGION(), jsii.String("::/restapis/"), api.RestApiId(),
		jsii.String("/stages/" + stage + "/cache/authorizers")})
}

// grantFlushAuthorizers lets role flush the stage's authorizer cache, and
// nothing else of API Gateway: not another stage's, not the stage's
// response cache, not the API itself.
func grantFlushAuthorizers(role awsiam.Role, api awsapigateway.IRestApi, stage string) {
	role.AddToPrincipalPolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   jsii.Strings(flushAuthorizersAction),
		Resources: &[]*string{authorizerCacheARN(api, stage)},
	}))
}
