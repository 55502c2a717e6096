package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigateway"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"svc/internal/routes"
	"svc/internal/transport/gatewayresp"
)

// authHeader is the header the authorizer reads and API Gateway caches on.
const authHeader = "Authorization"

// The stage's metrics and execution logs, on every method: detailed
// metrics; execution logs at ERROR only, and never request bodies, which
// carry message content and keys.
const (
	stageMetrics   = true
	stageLogLevel  = awsapigateway.MethodLoggingLevel_ERROR
	stageDataTrace = false
)

// newRestAPI creates the REST API and its stage; addRoutes gives it its
// methods once the functions exist.
func newRestAPI(scope constructs.Construct, s settings) awsapigateway.RestApi {
	accessLogs := awslogs.NewLogGroup(scope, jsii.String("ApiAccessLogs"), &awslogs.LogGroupProps{
		Retention:     s.LogRetention,
		RemovalPolicy: s.RemovalPolicy,
	})
	api := awsapigateway.NewRestApi(scope, jsii.String("Api"), &awsapigateway.RestApiProps{
		// The name is the dimension of the API's CloudWatch metrics: the
		// stack name keeps two stacks' alarms apart.
		RestApiName: jsii.String(s.StackName + "-api"),
		Description: jsii.String("Business messaging, template and call service"),
		// Regional: clients call it directly, and only regional APIs may
		// raise the 29 s integration timeout later.
		EndpointTypes:  &[]awsapigateway.EndpointType{awsapigateway.EndpointType_REGIONAL},
		CloudWatchRole: jsii.Bool(s.APIGatewayCloudWatchRole),
		FailOnWarnings: jsii.Bool(true),
		DeployOptions: &awsapigateway.StageOptions{
			StageName:            jsii.String(s.Stage),
			AccessLogDestination: awsapigateway.NewLogGroupLogDestination(accessLogs),
			AccessLogFormat:      awsapigateway.AccessLogFormat_Custom(jsii.String(accessLogFormat())),
			MetricsEnabled:       jsii.Bool(stageMetrics),
			LoggingLevel:         stageLogLevel,
			DataTraceEnabled:     jsii.Bool(stageDataTrace),
			ThrottlingRateLimit:  jsii.Number(s.ThrottleRate),
			ThrottlingBurstLimit: jsii.Number(s.ThrottleBurst),
			TracingEnabled:       jsii.Bool(s.Tracing),
			MethodOptions:        methodThrottles(s),
		},
	})

	suppressAPI(api, s)
	return api
}

// accessLogFormat is the stage's access log line, a JSON object: the
// request and its answer (the standard fields but IAM's caller and user,
// which this API has none of), then what tells a slow or failed request
// apart: the total and the function's latency, the function's status,
// API Gateway's own error (its response type), the authorizer's error and
// the key id that authenticated (the authorizer's principalId). Nothing
// secret: no header (Authorization is the key itself), no body, no API
// key, and not API Gateway's error message, which for a request to an
// unknown path quotes the Authorization header hashed (SHA-256, Base64).
// Every value is quoted; the authorizer's error comes as the function's
// error message, which ours writes without quotes.
func accessLogFormat() string {
	fields := []struct {
		name  string
		value *string
	}{
		{"requestId", awsapigateway.AccessLogField_ContextRequestId()},
		{"ip", awsapigateway.AccessLogField_ContextIdentitySourceIp()},
		{"requestTime", awsapigateway.AccessLogField_ContextRequestTime()},
		{"httpMethod", awsapigateway.AccessLogField_ContextHttpMethod()},
		{"resourcePath", awsapigateway.AccessLogField_ContextResourcePath()},
		{"status", awsapigateway.AccessLogField_ContextStatus()},
		{"protocol", awsapigateway.AccessLogField_ContextProtocol()},
		{"responseLength", awsapigateway.AccessLogField_ContextResponseLength()},
		{"responseLatency", awsapigateway.AccessLogField_ContextResponseLatency()},
		{"integrationLatency", awsapigateway.AccessLogField_ContextIntegrationLatency()},
		// The function's own status (CDK's ContextIntegrationStatus is
		// Lambda's answer to the invoke, 200 whatever the function said).
		{"integrationStatus", jsii.String("$context.integration.status")},
		{"errorType", awsapigateway.AccessLogField_ContextErrorResponseType()},
		{"authorizerError", awsapigateway.AccessLogField_ContextAuthorizerError()},
		{"principalId", awsapigateway.AccessLogField_ContextAuthorizerPrincipalId()},
	}
	var b strings.Builder
	for i, f := range fields {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%q", f.name, *f.value)
	}
	return "{" + b.String() + "}"
}

// methodThrottle is a throttle of its own for some routes' methods.
type methodThrottle struct {
	Routes      []routes.Route
	Rate, Burst float64
}

// throttledRoutes are the methods that the stage's throttle, a few dozen
// requests a second meant for the management routes, would hold below
// their use: the send route, which carries the service's volume (one
// sender alone may send 80 messages a second), and the routes the call
// pages poll (call.PollInterval: each open call page asks every 750 ms,
// a provider's page every second).
func throttledRoutes(s settings) []methodThrottle {
	return []methodThrottle{
		{Routes: []routes.Route{routes.SendMessage}, Rate: s.SendThrottleRate, Burst: s.SendThrottleBurst},
		{Routes: []routes.Route{routes.CallSignal, routes.ProviderCalls}, Rate: s.CallPollThrottleRate, Burst: s.CallPollThrottleBurst},
	}
}

// methodThrottles are the stage's method settings for throttledRoutes, by
// "<resource path>/<METHOD>". Each repeats the stage's logging and metrics
// settings: a method's entry replaces the stage's for that method.
func methodThrottles(s settings) *map[string]*awsapigateway.MethodDeploymentOptions {
	out := map[string]*awsapigateway.MethodDeploymentOptions{}
	for _, t := range throttledRoutes(s) {
		for _, r := range t.Routes {
			out[r.GatewayPath()+"/"+r.Method] = &awsapigateway.MethodDeploymentOptions{
				MetricsEnabled:       jsii.Bool(stageMetrics),
				LoggingLevel:         stageLogLevel,
				DataTraceEnabled:     jsii.Bool(stageDataTrace),
				ThrottlingRateLimit:  jsii.Number(t.Rate),
				ThrottlingBurstLimit: jsii.Number(t.Burst),
			}
		}
	}
	return &out
}

// linkBaseURL is the URL the functions build absolute links on: the
// context's publicBaseUrl where clients reach the API at another address
// (a custom domain), else the stage's URL.
func linkBaseURL(api awsapigateway.RestApi, s settings) *string {
	if s.PublicBaseURL != "" {
		return jsii.String(s.PublicBaseURL)
	}
	return stageURL(api, s)
}

// stageURL is the stage's URL, built from the API's id rather than
// taken from its deployment, so that functions can hold it in their
// environment without depending on the methods that depend on them.
func stageURL(api awsapigateway.RestApi, s settings) *string {
	return awscdk.Fn_Join(jsii.String(""), &[]*string{jsii.String("https://"), api.RestApiId(),
		jsii.String(".execute-api."), awscdk.Aws_REGION(), jsii.String("."), awscdk.Aws_URL_SUFFIX(),
		jsii.String("/" + s.Stage)})
}

// addRoutes adds the REQUEST authorizer, one method per route of routes.All
// with Lambda proxy integration, and the gateway responses that give API
// Gateway's own errors the interface's envelope.
func addRoutes(scope constructs.Construct, api awsapigateway.RestApi, fns map[string]awslambda.Function) {
	authorizer := awsapigateway.NewRequestAuthorizer(scope, jsii.String("Authorizer"), &awsapigateway.RequestAuthorizerProps{
		Handler:         fns[routes.Authorizer.Name],
		IdentitySources: &[]*string{awsapigateway.IdentitySource_Header(jsii.String(authHeader))},
		// The authorizer's policy allows the whole API, so one cached
		// answer serves every route.
		ResultsCacheTtl: duration(routes.AuthorizerCacheTTL),
	})

	for _, r := range routes.All {
		opts := &awsapigateway.MethodOptions{AuthorizationType: awsapigateway.AuthorizationType_NONE}
		if !r.Public() {
			opts = &awsapigateway.MethodOptions{
				AuthorizationType: awsapigateway.AuthorizationType_CUSTOM,
				Authorizer:        authorizer,
			}
		}
		integration := awsapigateway.NewLambdaIntegration(fns[r.Name], &awsapigateway.LambdaIntegrationOptions{
			Proxy: jsii.Bool(true),
			// The console's test button is not how this API is exercised;
			// without it each function has one invoke permission fewer.
			AllowTestInvoke: jsii.Bool(false),
		})
		method := api.Root().ResourceForPath(jsii.String(r.GatewayPath())).AddMethod(jsii.String(r.Method), integration, opts)
		suppressMethod(method, r)
	}

	for _, g := range gatewayresp.All {
		opts := &awsapigateway.GatewayResponseOptions{
			Type:            awsapigateway.ResponseType_Of(jsii.String(g.Type)),
			ResponseHeaders: stringMap(g.Headers),
			Templates:       &map[string]*string{"application/json": jsii.String(g.Template)},
		}
		if g.Status != 0 {
			opts.StatusCode = jsii.String(strconv.Itoa(g.Status))
		}
		api.AddGatewayResponse(jsii.String(g.Type), opts)
	}
}

func stringMap(m map[string]string) *map[string]*string {
	out := make(map[string]*string, len(m))
	for k, v := range m {
		out[k] = jsii.String(v)
	}
	return &out
}
