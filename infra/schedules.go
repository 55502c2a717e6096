package main

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsevents"
	"github.com/aws/aws-cdk-go/awscdk/v2/awseventstargets"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"svc/internal/routes"
)

// newSchedule runs a scheduled function at its rate with an EventBridge
// rule. A run that fails is not retried: the next run does its work.
func newSchedule(scope constructs.Construct, sc routes.Scheduled, fn awslambda.Function) awsevents.Rule {
	return awsevents.NewRule(scope, jsii.String(sc.Name+"-schedule"), &awsevents.RuleProps{
		Description: jsii.String("Runs " + sc.Name + " on its schedule (internal/routes)."),
		Schedule:    awsevents.Schedule_Rate(duration(sc.Every)),
		Targets: &[]awsevents.IRuleTarget{awseventstargets.NewLambdaFunction(fn, &awseventstargets.LambdaFunctionProps{
			RetryAttempts: jsii.Number(0),
			MaxEventAge:   awscdk.Duration_Minutes(jsii.Number(1)),
		})},
	})
}
