package main

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/jsii-runtime-go"
	"github.com/cdklabs/cdk-nag-go/cdknag/v2"
)

// sendWhatsAppMessage is the one End User Messaging Social action a
// function with routes.Function.Network is granted.
const sendWhatsAppMessage = "social-messaging:SendWhatsAppMessage"

// reasonNetworkIAM5 accepts the one wildcard of the stack's grants.
const reasonNetworkIAM5 = "Functions that send messages may send from any origination phone number of this account " +
	"and region: the numbers are linked to End User Messaging Social and registered on their ZBA with the admin " +
	"action register_phone at runtime, after the stack is deployed, so no list of numbers exists to name here. " +
	"The action is SendWhatsAppMessage alone, and which number a ZBA sends from is decided by svc from its registration."

// networkResources are the resources sendWhatsAppMessage is granted on:
// every phone number of the stack's account and region, as
// arn:<partition>:social-messaging:<region>:<account>:phone-number-id/*.
func networkResources(stack awscdk.Stack) []*string {
	return []*string{stack.FormatArn(&awscdk.ArnComponents{
		Service:      jsii.String("social-messaging"),
		Resource:     jsii.String("phone-number-id"),
		ResourceName: jsii.String("*"),
		ArnFormat:    awscdk.ArnFormat_SLASH_RESOURCE_NAME,
	})}
}

// networkStatement lets a function send WhatsApp messages through End User
// Messaging Social, and nothing else there.
func networkStatement(stack awscdk.Stack) awsiam.PolicyStatement {
	resources := networkResources(stack)
	return awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   jsii.Strings(sendWhatsAppMessage),
		Resources: &resources,
	})
}

// grantNetwork gives role the network statement and accepts cdk-nag's
// wildcard finding on exactly that resource (reasonNetworkIAM5); the
// finding is reported on the role's default policy, a child of the role.
func grantNetwork(role awsiam.Role) {
	role.AddToPrincipalPolicy(networkStatement(awscdk.Stack_Of(role)))
	cdknag.NagSuppressions_AddResourceSuppressions(role, &[]*cdknag.NagPackSuppression{{
		Id:        jsii.String("AwsSolutions-IAM5"),
		Reason:    jsii.String(reasonNetworkIAM5),
		AppliesTo: &[]any{"Resource::arn:<AWS::Partition>:social-messaging:<AWS::Region>:<AWS::AccountId>:phone-number-id/*"},
	}}, jsii.Bool(true))
}
