// Package awsconf is the AWS SDK configuration of a function: its region,
// credentials and endpoint overrides, read from the function's own
// environment, and the retry budget of clients a caller waits on. The
// wiring calls it, so that only adapters import the SDK.
package awsconf

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// Config is the SDK's configuration, named here so that the wiring can
// hold one without importing the SDK.
type Config = aws.Config

// Load loads the configuration from getenv. Region and credentials come
// from the function's environment, as Lambda sets them (AWS_REGION,
// AWS_ACCESS_KEY_ID, ...): the local stack gives each function its own
// environment in one process, so the process's own is not read for them.
func Load(getenv func(string) string) (Config, error) {
	var opts []func(*awsconfig.LoadOptions) error
	if r := getenv("AWS_REGION"); r != "" {
		opts = append(opts, awsconfig.WithRegion(r))
	}
	if id := getenv("AWS_ACCESS_KEY_ID"); id != "" {
		opts = append(opts, awsconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider(
			id, getenv("AWS_SECRET_ACCESS_KEY"), getenv("AWS_SESSION_TOKEN"))))
	}
	return awsconfig.LoadDefaultConfig(context.Background(), opts...)
}

// Endpoint is the address override of one AWS service (the local
// emulators), from AWS_ENDPOINT_URL_<SERVICE> or AWS_ENDPOINT_URL; "" in AWS.
func Endpoint(getenv func(string) string, service string) string {
	if ep := getenv("AWS_ENDPOINT_URL_" + service); ep != "" {
		return ep
	}
	return getenv("AWS_ENDPOINT_URL")
}

// DynamoDBRetries are the options of a DynamoDB client's retries: on the
// request path (a client waits), one retry after a short pause, so that a
// store refusing connections is a 503 well within routes.RequestBudget (the
// SDK's default of three attempts with backoff up to 20 s took 1.7 to 5 s).
// Queue consumers keep the default (none here): nobody waits on them, and a
// retry there saves a redelivery.
func DynamoDBRetries(requestPath bool) []func(*dynamodb.Options) {
	if !requestPath {
		return nil
	}
	return []func(*dynamodb.Options){func(o *dynamodb.Options) {
		o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
			so.MaxAttempts = 2
			so.MaxBackoff = 50 * time.Millisecond
		})
	}}
}
