package main

import (
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssqs"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"svc/internal/routes"
)

// dlqRetention is the longest SQS keeps a message: a dead letter waits as
// long as possible for someone to look at it.
const dlqRetention = 14 * 24 * time.Hour

// serviceQueue is a work queue and the dead-letter queue behind it.
type serviceQueue struct {
	Spec  routes.Queue
	Queue awssqs.Queue
	DLQ   awssqs.Queue
}

// newQueues creates every queue of routes.Queues with its DLQ, keyed by the
// queue's name. Queues keep CDK's default removal policy (destroy): they
// hold transient work, and a retained queue with a fixed name would block
// the next deployment of the same stack.
func newQueues(scope constructs.Construct, s settings) map[string]serviceQueue {
	out := map[string]serviceQueue{}
	for _, q := range routes.Queues {
		// Construct ids carry a suffix: a consumer function may share its
		// queue's name.
		dlq := awssqs.NewQueue(scope, jsii.String(q.DLQName()+"-queue"), &awssqs.QueueProps{
			QueueName:       jsii.String(s.StackName + "-" + q.DLQName()),
			RetentionPeriod: duration(dlqRetention),
			Encryption:      awssqs.QueueEncryption_SQS_MANAGED,
			EnforceSSL:      jsii.Bool(true),
		})
		queue := awssqs.NewQueue(scope, jsii.String(q.Name+"-queue"), &awssqs.QueueProps{
			QueueName:         jsii.String(s.StackName + "-" + q.Name),
			VisibilityTimeout: duration(q.VisibilityTimeout()),
			DeadLetterQueue: &awssqs.DeadLetterQueue{
				Queue:           dlq,
				MaxReceiveCount: jsii.Number(routes.MaxReceiveCount),
			},
			Encryption: awssqs.QueueEncryption_SQS_MANAGED,
			EnforceSSL: jsii.Bool(true),
		})
		out[q.Name] = serviceQueue{Spec: q, Queue: queue, DLQ: dlq}
	}
	return out
}

// duration converts a Go duration to whole seconds, the unit SQS, Lambda
// and CloudWatch take.
func duration(d time.Duration) awscdk.Duration {
	return awscdk.Duration_Seconds(jsii.Number(d.Seconds()))
}
