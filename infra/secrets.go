package main

import (
	"fmt"

	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"svc/internal/routes"
)

// secretSpec is how the stack makes one of routes.Secrets.
type secretSpec struct {
	// ID is the construct id. The webhook master key keeps the one it had
	// when it was the only secret, so that a deployed stack keeps its
	// secret, and every ZBA's signing secret stays what it was.
	ID          string
	Description string
	// NoRotation is why Secrets Manager does not rotate it (cdk-nag's
	// AwsSolutions-SMG4).
	NoRotation string
}

// secretSpecs are the secrets' specs; a test holds them to routes.Secrets.
var secretSpecs = map[routes.Secret]secretSpec{
	routes.SecretWebhooks: {ID: "WebhookMasterKey", Description: "Key the webhook signing secrets of %s derive from",
		NoRotation: "The webhook master key derives every ZBA's signing secret; a ZBA rotates its own secret by " +
			"setting its webhook again (a new generation). Rotating the master would break every receiver at once."},
	routes.SecretCallSessions: {ID: "CallSessionKey", Description: "Key the call session tokens of %s are signed with",
		NoRotation: "The call session key signs the links handed out to users and providers (a provider's works 30 days) " +
			"and the service holds one key at a time: rotating it would void every link at once, behind their holders' backs."},
	routes.SecretPageCursors: {ID: "PageCursorKey", Description: "Key the list page cursors of %s are signed with",
		NoRotation: "The page cursor key signs cursors that live one hour, and the service holds one key at a time: " +
			"rotating it would void the cursors of every list being read."},
}

// newSecrets makes one Secrets Manager secret per purpose of
// routes.Secrets, so that each function reads the secrets of what it signs
// and no other. Secrets Manager generates each at deploy time; none appears
// in the template, which only references them.
func newSecrets(scope constructs.Construct, s settings) map[routes.Secret]awssecretsmanager.Secret {
	out := map[routes.Secret]awssecretsmanager.Secret{}
	for _, name := range routes.Secrets {
		spec := secretSpecs[name]
		secret := awssecretsmanager.NewSecret(scope, jsii.String(spec.ID), &awssecretsmanager.SecretProps{
			Description: jsii.String(fmt.Sprintf(spec.Description, s.StackName)),
			GenerateSecretString: &awssecretsmanager.SecretStringGenerator{
				PasswordLength:     jsii.Number(64),
				ExcludePunctuation: jsii.Bool(true),
			},
			RemovalPolicy: s.RemovalPolicy,
		})
		suppress(secret, "AwsSolutions-SMG4", spec.NoRotation)
		out[name] = secret
	}
	return out
}
