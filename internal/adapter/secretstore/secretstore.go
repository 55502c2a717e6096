// Package secretstore is the Secrets Manager adapter: it reads a secret's
// value, for the signing secrets that the stack keeps there.
package secretstore

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"svc/internal/platform/apperr"
)

// API is the part of the Secrets Manager client the adapter uses.
type API interface {
	GetSecretValue(ctx context.Context, in *secretsmanager.GetSecretValueInput, opts ...func(*secretsmanager.Options)) (*secretsmanager.GetSecretValueOutput, error)
}

var _ API = (*secretsmanager.Client)(nil)

// NewClient builds the Secrets Manager client.
func NewClient(cfg aws.Config) *secretsmanager.Client { return secretsmanager.NewFromConfig(cfg) }

// Loader returns a function that reads the secret's current string value;
// a failure is a dependency failure a retry may cure.
func Loader(api API, secretID string) func(context.Context) ([]byte, error) {
	return func(ctx context.Context) ([]byte, error) {
		out, err := api.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: aws.String(secretID)})
		if err != nil {
			return nil, apperr.Unavailable(fmt.Errorf("secrets manager: %w", err))
		}
		return []byte(aws.ToString(out.SecretString)), nil
	}
}
