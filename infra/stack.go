package main

import (
	"fmt"
	"path/filepath"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"svc/internal/platform/metrics"
	"svc/internal/routes"
)

// ServiceStackProps configures the service stack. Everything else comes
// from the context keys of config.go.
type ServiceStackProps struct {
	awscdk.StackProps
	// AssetDir overrides the context key assetDir: the directory holding
	// <function>/bootstrap. Relative paths are taken from the working
	// directory.
	AssetDir string
}

// NewServiceStack builds the whole service in one stack from the route
// table: the table, the queues, one function per entry of
// routes.Functions(), the REST API with its authorizer and gateway
// responses (and the web ACL in front of it, when wafRateLimit is set), the
// alarms and the outputs. It fails before creating anything
// when the context is invalid or a function's binary is missing.
func NewServiceStack(scope constructs.Construct, id string, props *ServiceStackProps) (awscdk.Stack, error) {
	if props == nil {
		props = &ServiceStackProps{}
	}
	s, err := loadSettings(scope.Node())
	if err != nil {
		return nil, err
	}
	s.StackName = id
	if props.StackName != nil {
		s.StackName = *props.StackName
	}
	s.MetricsNamespace = metrics.StackNamespace(s.StackName)
	if err := metrics.CheckNamespace(s.MetricsNamespace); err != nil {
		return nil, fmt.Errorf("stack name %s: %w", s.StackName, err)
	}
	if name := webACLName(s); s.WAFRateLimit > 0 && len(name) > maxWAFName {
		return nil, fmt.Errorf("stack name %s: the web ACL's name %s is longer than the %d characters AWS WAF takes", s.StackName, name, maxWAFName)
	}
	if props.AssetDir != "" {
		s.AssetDir = props.AssetDir
	}
	// An absolute path, because the jsii runtime resolves a relative one
	// against its own working directory, not the caller's.
	assetDir, err := filepath.Abs(s.AssetDir)
	if err != nil {
		return nil, fmt.Errorf("asset directory %s: %w", s.AssetDir, err)
	}
	if err := checkFunctions(s, assetDir); err != nil {
		return nil, err
	}

	stack := awscdk.NewStack(scope, jsii.String(id), &props.StackProps)
	// The API exists before the functions, which are given its public URL
	// for the links they write; its methods come after them.
	api := newRestAPI(stack, s)
	deps := functionDeps{
		BaseURL:  linkBaseURL(api, s),
		API:      api,
		Settings: s,
		Table:    newTable(stack, s),
		Queues:   newQueues(stack, s),
		Secrets:  newSecrets(stack, s),
		AssetDir: assetDir,
	}

	consumers := map[string]routes.Consumer{}
	for _, c := range routes.Consumers {
		consumers[c.Name] = c
	}
	fns := map[string]awslambda.Function{}
	for _, f := range routes.Functions() {
		if c, ok := consumers[f.Name]; ok {
			fns[f.Name] = newConsumer(stack, c, deps)
		} else {
			fns[f.Name] = newFunction(stack, f, deps)
		}
	}

	for _, sc := range routes.Schedules {
		newSchedule(stack, sc, fns[sc.Name])
	}
	addRoutes(stack, api, fns)
	newWebACL(stack, s, api)
	events := newNetworkEventsTopic(stack, s, deps.Queues[inboundQueueName])
	alarms := newAlarms(stack, s, deps.Queues, api, fns, events)
	newDashboard(stack, s)

	// The stage's URL without a trailing "/", so that a route's path, which
	// starts with one, is appended as written ($URL/versions); CDK's own
	// api.Url() ends with "/".
	output(stack, "ApiUrl", stageURL(api, s),
		"Base URL of the API, stage included, without a trailing /: append a route's path as written, /versions for instance.")
	output(stack, "TableName", deps.Table.TableName(), "The service's DynamoDB table.")
	output(stack, "AdminFunctionName", fns[routes.Admin.Name].FunctionName(),
		"The operators' function: invoke it with a JSON event to manage ZBAs and API keys.")
	output(stack, "NetworkEventsTopicArn", events.TopicArn(),
		"Set this SNS topic as the event destination of each WhatsApp business account linked in End User Messaging Social: "+
			"message statuses and users' messages reach svc through it.")
	output(stack, "AlarmTopicArn", alarms.TopicArn(),
		"Every alarm of the stack pages through this SNS topic: subscribe an address, a phone or a chat or incident tool to it "+
			"(the context key alarmEmail subscribes one address); nothing is paged until someone is subscribed and confirmed.")
	return stack, nil
}

func output(stack awscdk.Stack, id string, value *string, description string) {
	awscdk.NewCfnOutput(stack, jsii.String(id), &awscdk.CfnOutputProps{
		Value:       value,
		Description: jsii.String(description),
	})
}
