package main

import (
	"reflect"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"svc/internal/routes"
)

// TestNetworkEventsTopic holds the inbound path's infrastructure: the
// encrypted event topic, which only End User Messaging Social of this
// account may publish to, the inbound queue subscribed with raw delivery
// off, the queue's policy letting only that topic send, and the topic's
// ARN as an output.
func TestNetworkEventsTopic(t *testing.T) {
	f := serviceStack(t)
	topic := f.find(t, "AWS::SNS::Topic", "DisplayName", testStack+" network events")
	queue := f.find(t, "AWS::SQS::Queue", "QueueName", testStack+"-"+routes.InboundQueue.Name)
	key := refID(f.Resources[topic].Properties["KmsMasterKeyId"])
	if f.Resources[key].Type != "AWS::KMS::Key" {
		t.Fatalf("topic key %v is not a key of the stack", f.Resources[topic].Properties["KmsMasterKeyId"])
	}
	if f.Resources[key].Properties["EnableKeyRotation"] != true {
		t.Error("the topic key does not rotate")
	}
	// Who may use the key beyond the account's root: End User Messaging
	// Social of this account, to encrypt what it publishes.
	keyPolicy := f.Resources[key].Properties["KeyPolicy"].(map[string]any)
	service := false
	for _, st := range list(keyPolicy["Statement"]) {
		s := st.(map[string]any)
		p, _ := s["Principal"].(map[string]any)
		if p["Service"] == socialMessagingPrincipal {
			service = true
			if !reflect.DeepEqual(list(s["Action"]), []any{"kms:Decrypt", "kms:GenerateDataKey*"}) || s["Condition"] == nil {
				t.Errorf("key statement for the service: %v", s)
			}
		}
	}
	if !service {
		t.Error("the topic key does not let End User Messaging Social encrypt")
	}
	check(t, func() {
		f.tpl.HasResourceProperties(jsii.String("AWS::SNS::TopicPolicy"), map[string]any{
			"Topics": []any{ref(topic)},
			"PolicyDocument": map[string]any{"Statement": assertions.Match_ArrayWith(&[]any{assertions.Match_ObjectLike(&map[string]any{
				"Effect": "Allow", "Action": "sns:Publish", "Principal": map[string]any{"Service": socialMessagingPrincipal},
				"Resource":  ref(topic),
				"Condition": map[string]any{"StringEquals": map[string]any{"aws:SourceAccount": ref("AWS::AccountId")}},
			})})},
		})
	})
	check(t, func() {
		f.tpl.ResourceCountIs(jsii.String("AWS::SNS::Subscription"), jsii.Number(1))
	})
	check(t, func() {
		f.tpl.HasResourceProperties(jsii.String("AWS::SNS::Subscription"), map[string]any{
			"Protocol": "sqs", "TopicArn": ref(topic), "Endpoint": getAtt(queue, "Arn"),
			"RawMessageDelivery": false,
		})
	})
	// The queue's policy: SNS may send, only from this topic.
	check(t, func() {
		f.tpl.HasResourceProperties(jsii.String("AWS::SQS::QueuePolicy"), map[string]any{
			"Queues": []any{ref(queue)},
			"PolicyDocument": map[string]any{"Statement": assertions.Match_ArrayWith(&[]any{assertions.Match_ObjectLike(&map[string]any{
				"Effect": "Allow", "Action": "sqs:SendMessage", "Principal": map[string]any{"Service": "sns.amazonaws.com"},
				"Resource":  getAtt(queue, "Arn"),
				"Condition": map[string]any{"ArnEquals": map[string]any{"aws:SourceArn": ref(topic)}},
			})})},
		})
	})
	check(t, func() {
		f.tpl.HasOutput(jsii.String("NetworkEventsTopicArn"), map[string]any{
			"Value": ref(topic), "Description": assertions.Match_StringLikeRegexp(jsii.String("event destination")),
		})
	})
	// The inbound consumer reads the queue with per-record failures.
	fn := f.find(t, "AWS::Lambda::Function", "FunctionName", testStack+"-"+routes.Inbound.Name)
	check(t, func() {
		f.tpl.HasResourceProperties(jsii.String("AWS::Lambda::EventSourceMapping"), map[string]any{
			"FunctionName": ref(fn), "EventSourceArn": getAtt(queue, "Arn"), "FunctionResponseTypes": []any{"ReportBatchItemFailures"},
		})
	})
}
