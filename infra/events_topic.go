package main

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awskms"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssns"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssnssubscriptions"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"svc/internal/routes"
)

// socialMessagingPrincipal is the service principal of AWS End User
// Messaging Social, which publishes a linked business account's events to
// its event destination.
const socialMessagingPrincipal = "social-messaging.amazonaws.com"

// newNetworkEventsTopic creates the topic End User Messaging Social
// publishes the events of the linked WhatsApp business accounts to (their
// event destination: statuses of sent messages, users' messages), and
// subscribes the inbound queue to it with raw delivery off, so each queue
// message is the SNS notification the inbound consumer reads. The topic is
// encrypted with a key of its own, whose policy lets only the service, for
// this account, encrypt to it; the topic's policy lets only the service,
// for this account, publish. The subscription writes the queue's policy:
// sqs:SendMessage for SNS, on the condition that the source is this topic.
func newNetworkEventsTopic(scope constructs.Construct, s settings, inbound serviceQueue) awssns.Topic {
	account := awscdk.Stack_Of(scope).Account()
	fromAccount := &map[string]any{"StringEquals": map[string]any{"aws:SourceAccount": account}}
	service := &[]awsiam.IPrincipal{awsiam.NewServicePrincipal(jsii.String(socialMessagingPrincipal), nil)}
	key := awskms.NewKey(scope, jsii.String("NetworkEventsKey"), &awskms.KeyProps{
		Description:       jsii.String("Encrypts the End User Messaging Social event topic of " + s.StackName),
		EnableKeyRotation: jsii.Bool(true),
		RemovalPolicy:     s.RemovalPolicy,
	})
	key.AddToResourcePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Principals: service,
		Actions:    jsii.Strings("kms:Decrypt", "kms:GenerateDataKey*"),
		Resources:  jsii.Strings("*"), // in a key policy "*" is the key itself
		Conditions: fromAccount,
	}), nil)
	topic := awssns.NewTopic(scope, jsii.String("NetworkEventsTopic"), &awssns.TopicProps{
		DisplayName: jsii.String(s.StackName + " network events"),
		MasterKey:   key,
		EnforceSSL:  jsii.Bool(true),
	})
	topic.AddToResourcePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Principals: service,
		Actions:    jsii.Strings("sns:Publish"),
		Resources:  &[]*string{topic.TopicArn()},
		Conditions: fromAccount,
	}))
	topic.AddSubscription(awssnssubscriptions.NewSqsSubscription(inbound.Queue, &awssnssubscriptions.SqsSubscriptionProps{
		RawMessageDelivery: jsii.Bool(false),
	}))
	return topic
}

// inboundQueueName is the queue the event topic feeds.
var inboundQueueName = routes.InboundQueue.Name
