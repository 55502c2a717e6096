package main

import (
	"fmt"
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigateway"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatch"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatchactions"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awskms"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssns"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssnssubscriptions"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"svc/internal/routes"
)

// alarmPeriod is the window every alarm evaluates.
const alarmPeriod = 5 * time.Minute

// api5xxThreshold is how many 5xx answers in one period page someone: a
// lone one can be a transient throttle the client retries, five in one
// period are a fault worth a look.
const api5xxThreshold = 5

// newAlarms creates the alarm topic and the alarms that feed it: a message
// in any DLQ (work that will not be retried), server errors of the API,
// errors of the authorizer, and scheduled functions failing most runs. The authorizer answers a bad key with a Deny,
// never an error, so any error is a fault, and every protected route fails
// with it.
func newAlarms(scope constructs.Construct, s settings, queues map[string]serviceQueue, api awsapigateway.RestApi, fns map[string]awslambda.Function) awssns.Topic {
	authorizer := fns[routes.Authorizer.Name]
	topic := newAlarmTopic(scope, s)
	action := awscloudwatchactions.NewSnsAction(topic)
	add := func(id string, props *awscloudwatch.AlarmProps) {
		props.EvaluationPeriods = jsii.Number(1)
		props.ComparisonOperator = awscloudwatch.ComparisonOperator_GREATER_THAN_OR_EQUAL_TO_THRESHOLD
		// No data means no traffic, which is not a failure.
		props.TreatMissingData = awscloudwatch.TreatMissingData_NOT_BREACHING
		awscloudwatch.NewAlarm(scope, jsii.String(id), props).AddAlarmAction(action)
	}

	for _, q := range routes.Queues {
		dlq := queues[q.Name].DLQ
		add(q.DLQName()+"-alarm", &awscloudwatch.AlarmProps{
			AlarmDescription: jsii.String(fmt.Sprintf("Messages of queue %s failed %d times and wait in %s; inspect them and redrive.",
				q.Name, routes.MaxReceiveCount, q.DLQName())),
			Metric: dlq.MetricApproximateNumberOfMessagesVisible(&awscloudwatch.MetricOptions{
				Period: duration(alarmPeriod), Statistic: jsii.String("Maximum"),
			}),
			Threshold: jsii.Number(1),
		})
	}
	add("api-5xx-alarm", &awscloudwatch.AlarmProps{
		AlarmDescription: jsii.String(fmt.Sprintf("The API answered %d or more 5xx in %d minutes.", api5xxThreshold, int(alarmPeriod.Minutes()))),
		Metric: api.MetricServerError(&awscloudwatch.MetricOptions{
			Period: duration(alarmPeriod), Statistic: jsii.String("Sum"),
		}),
		Threshold: jsii.Number(api5xxThreshold),
	})
	add("authorizer-errors-alarm", &awscloudwatch.AlarmProps{
		AlarmDescription: jsii.String("The authorizer failed; protected routes answer 503 until it recovers."),
		Metric: authorizer.MetricErrors(&awscloudwatch.MetricOptions{
			Period: duration(alarmPeriod), Statistic: jsii.String("Sum"),
		}),
		Threshold: jsii.Number(1),
	})
	for _, sc := range routes.Schedules {
		// A scheduled run that fails is not retried; most runs of a period
		// failing means its work is not getting done.
		runs := int(alarmPeriod / sc.Every)
		add(sc.Name+"-errors-alarm", &awscloudwatch.AlarmProps{
			AlarmDescription: jsii.String(fmt.Sprintf("%s failed in more than half of its runs over %d minutes.", sc.Name, int(alarmPeriod.Minutes()))),
			Metric: fns[sc.Name].MetricErrors(&awscloudwatch.MetricOptions{
				Period: duration(alarmPeriod), Statistic: jsii.String("Sum"),
			}),
			Threshold: jsii.Number(float64(runs/2 + 1)),
		})
	}
	return topic
}

// newAlarmTopic creates the topic encrypted with a key of the stack's own:
// CloudWatch cannot publish to a topic under the AWS-managed SNS key, so
// the key's policy lets CloudWatch of this account use it.
func newAlarmTopic(scope constructs.Construct, s settings) awssns.Topic {
	key := awskms.NewKey(scope, jsii.String("AlarmKey"), &awskms.KeyProps{
		Description:       jsii.String("Encrypts the alarm topic of " + s.StackName),
		EnableKeyRotation: jsii.Bool(true),
		RemovalPolicy:     s.RemovalPolicy,
	})
	key.AddToResourcePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Principals: &[]awsiam.IPrincipal{awsiam.NewServicePrincipal(jsii.String("cloudwatch.amazonaws.com"), nil)},
		Actions:    jsii.Strings("kms:Decrypt", "kms:GenerateDataKey*"),
		Resources:  jsii.Strings("*"), // in a key policy "*" is the key itself
		Conditions: &map[string]any{
			"StringEquals": map[string]any{"aws:SourceAccount": awscdk.Stack_Of(scope).Account()},
		},
	}), nil)
	topic := awssns.NewTopic(scope, jsii.String("AlarmTopic"), &awssns.TopicProps{
		DisplayName: jsii.String(s.StackName + " alarms"),
		MasterKey:   key,
		EnforceSSL:  jsii.Bool(true),
	})
	if s.AlarmEmail != "" {
		topic.AddSubscription(awssnssubscriptions.NewEmailSubscription(jsii.String(s.AlarmEmail), nil))
	}
	return topic
}
