package main

import (
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2/awsevents"
	"github.com/aws/aws-cdk-go/awscdk/v2/awseventstargets"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"svc/internal/routes"
)

// scheduledEventAge is the oldest a scheduled run may start: older than
// this, the next run is due and does its work instead.
const scheduledEventAge = time.Minute

// newSchedule runs a scheduled function at its rate with an EventBridge
// rule. A run that fails is not retried: the next run does its work.
// EventBridge invokes the function asynchronously, so both retry: the
// rule's target (RetryAttempts 0) and Lambda's async invocation, which
// retries a failed run twice unless its EventInvokeConfig says otherwise,
// and would run a sweeper three times for one tick.
func newSchedule(scope constructs.Construct, sc routes.Scheduled, fn awslambda.Function) awsevents.Rule {
	fn.ConfigureAsyncInvoke(&awslambda.EventInvokeConfigOptions{
		RetryAttempts: jsii.Number(0),
		MaxEventAge:   duration(scheduledEventAge),
	})
	return awsevents.NewRule(scope, jsii.String(sc.Name+"-schedule"), &awsevents.RuleProps{
		Description: jsii.String("Runs " + sc.Name + " on its schedule (internal/routes)."),
		Schedule:    awsevents.Schedule_Rate(duration(sc.Every)),
		Targets: &[]awsevents.IRuleTarget{awseventstargets.NewLambdaFunction(fn, &awseventstargets.LambdaFunctionProps{
			RetryAttempts: jsii.Number(0),
			MaxEventAge:   duration(scheduledEventAge),
		})},
	})
}
