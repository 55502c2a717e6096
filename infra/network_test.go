package main

import (
	"reflect"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/jsii-runtime-go"
	"github.com/cdklabs/cdk-nag-go/cdknag/v2"
)

// networkResource is networkResources as the template writes it: every
// phone number of the stack's account and region.
var networkResource = map[string]any{"Fn::Join": []any{"", []any{"arn:", ref("AWS::Partition"), ":social-messaging:",
	ref("AWS::Region"), ":", ref("AWS::AccountId"), ":phone-number-id/*"}}}

// isNetworkGrant reports the statement grantNetwork writes, the one
// wildcard resource the stack may hold (reasonNetworkIAM5).
func isNetworkGrant(actions, resources any) bool {
	return reflect.DeepEqual(list(actions), []any{sendWhatsAppMessage}) && reflect.DeepEqual(list(resources), []any{networkResource})
}

// networkStack is a stack of one role, checked by cdk-nag, given the
// network statement with grantNetwork or, when suppressed is false, bare.
func networkStack(t *testing.T, name string, suppressed bool) (awscdk.Stack, parsed) {
	t.Helper()
	app := awscdk.NewApp(nil)
	awscdk.Aspects_Of(app).Add(cdknag.NewAwsSolutionsChecks(&cdknag.NagPackProps{Reports: jsii.Bool(false)}), nil)
	stack := awscdk.NewStack(app, jsii.String(name), nil)
	role := awsiam.NewRole(stack, jsii.String("Role"), &awsiam.RoleProps{
		AssumedBy: awsiam.NewServicePrincipal(jsii.String("lambda.amazonaws.com"), nil),
	})
	if suppressed {
		grantNetwork(role)
	} else {
		role.AddToPrincipalPolicy(networkStatement(stack))
	}
	p, err := parse(assertions.Template_FromStack(stack, nil))
	if err != nil {
		t.Fatal(err)
	}
	return stack, p
}

// TestNetworkGrant holds the statement grantNetwork gives a function's role
// (the route-level check, checkGrants, applies it to every function whose
// entry has Network): SendWhatsAppMessage alone, on the account's phone
// numbers, with cdk-nag's wildcard finding accepted for that resource only.
func TestNetworkGrant(t *testing.T) {
	stack, p := networkStack(t, "NetworkGrant", true)
	var statements []map[string]any
	for _, pol := range p.ofType("AWS::IAM::Policy") {
		doc, _ := pol.Properties["PolicyDocument"].(map[string]any)
		for _, s := range list(doc["Statement"]) {
			sm, _ := s.(map[string]any)
			statements = append(statements, sm)
		}
	}
	if len(statements) != 1 {
		t.Fatalf("statements %v, want exactly the network grant", statements)
	}
	if s := statements[0]; s["Effect"] != "Allow" || !isNetworkGrant(s["Action"], s["Resource"]) {
		t.Errorf("statement %v, want Allow %s on %v", s, sendWhatsAppMessage, networkResource)
	}

	rule := assertions.Match_StringLikeRegexp(jsii.String("AwsSolutions-.*"))
	check(t, func() { assertions.Annotations_FromStack(stack).HasNoError(jsii.String("*"), rule) })

	// Without the suppression cdk-nag does report the wildcard: the one
	// above is what accepts it.
	bare, _ := networkStack(t, "NetworkGrantBare", false)
	check(t, func() {
		assertions.Annotations_FromStack(bare).HasError(jsii.String("*"), assertions.Match_StringLikeRegexp(jsii.String("AwsSolutions-IAM5.*")))
	})
}
