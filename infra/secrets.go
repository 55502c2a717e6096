package main

import (
	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// reasonSMG4 explains why the webhook master key is not rotated by Secrets
// Manager: every signing secret derives from it, so rotating it would
// change every ZBA's secret at once, behind the receivers' backs.
const reasonSMG4 = "The webhook master key derives every ZBA's signing secret; a ZBA rotates its own secret by " +
	"setting its webhook again (a new generation). Rotating the master would break every receiver at once."

// newWebhookMasterKey is the key every ZBA's webhook signing secret is
// derived from. Secrets Manager generates it at deploy time; it never
// appears in the template, which only references it.
func newWebhookMasterKey(scope constructs.Construct, s settings) awssecretsmanager.Secret {
	secret := awssecretsmanager.NewSecret(scope, jsii.String("WebhookMasterKey"), &awssecretsmanager.SecretProps{
		Description: jsii.String("Key the webhook signing secrets of " + s.StackName + " derive from"),
		GenerateSecretString: &awssecretsmanager.SecretStringGenerator{
			PasswordLength:     jsii.Number(64),
			ExcludePunctuation: jsii.Bool(true),
		},
		RemovalPolicy: s.RemovalPolicy,
	})
	suppress(secret, "AwsSolutions-SMG4", reasonSMG4)
	return secret
}
