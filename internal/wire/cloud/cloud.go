// Package cloud loads the AWS configuration of a function from its
// environment and builds the adapters' SDK clients from it. Only the wiring
// of features that reach AWS imports it, so versions links no SDK.
package cloud

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/ratestore"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
	"svc/internal/wire"
)

// Config is the function's AWS configuration, loaded once. Region and
// credentials come from the function's environment, as Lambda sets them
// (AWS_REGION, AWS_ACCESS_KEY_ID, ...): the local stack gives each function
// its own environment in one process, so the process's own is not read
// for them.
func Config(d *wire.Deps) aws.Config {
	return wire.Once(d, "aws-config", func() aws.Config {
		var opts []func(*awsconfig.LoadOptions) error
		if r := d.Getenv("AWS_REGION"); r != "" {
			opts = append(opts, awsconfig.WithRegion(r))
		}
		if id := d.Getenv("AWS_ACCESS_KEY_ID"); id != "" {
			opts = append(opts, awsconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider(
				id, d.Getenv("AWS_SECRET_ACCESS_KEY"), d.Getenv("AWS_SESSION_TOKEN"))))
		}
		cfg, err := awsconfig.LoadDefaultConfig(context.Background(), opts...)
		d.Invalid(err)
		return cfg
	})
}

// Endpoint is the address override of one AWS service (the local
// emulators), from AWS_ENDPOINT_URL_<SERVICE> or AWS_ENDPOINT_URL; "" in AWS.
func Endpoint(d *wire.Deps, service string) string {
	if ep := d.Getenv("AWS_ENDPOINT_URL_" + service); ep != "" {
		return ep
	}
	return d.Getenv("AWS_ENDPOINT_URL")
}

// Table is the handle on the function's table, which the stores of its
// aggregates share.
func Table(d *wire.Deps) dynamo.Table {
	return wire.Once(d, "table", func() dynamo.Table {
		var opts []func(*dynamodb.Options)
		if routes.OnRequestPath(d.Name()) {
			opts = append(opts, requestPathRetries)
		}
		return dynamo.NewTable(dynamo.NewClient(Config(d), Endpoint(d, "DYNAMODB"), opts...), d.TableName())
	})
}

// requestPathRetries is the retry budget of functions a client waits on:
// one retry after a short pause, so that a store refusing connections is a
// 503 well within routes.RequestBudget (the SDK's default of three
// attempts with backoff up to 20 s took 1.7 to 5 s). Queue consumers keep
// the default: nobody waits on them, and a retry there saves a redelivery.
func requestPathRetries(o *dynamodb.Options) {
	o.Retryer = retry.NewStandard(func(so *retry.StandardOptions) {
		so.MaxAttempts = 2
		so.MaxBackoff = 50 * time.Millisecond
	})
}

// Limiter is the management rate limit, counted in the table; its policy
// may be tuned through ratelimit.EnvLimit and ratelimit.EnvWindow, and the
// largest block of tokens this instance reserves through ratelimit.EnvBlock.
// The blocks live as long as the instance: one Limiter per cold start.
func Limiter(d *wire.Deps) *ratelimit.Limiter {
	policy, err := ratelimit.PolicyFromEnv(ratelimit.ManagementPolicy, d.Getenv)
	d.Invalid(err)
	block, err := ratelimit.BlockFromEnv(d.Getenv)
	d.Invalid(err)
	return &ratelimit.Limiter{Policy: policy, Counter: ratestore.New(Table(d)), Now: d.Now,
		Blocks: ratelimit.NewBlocks(block)}
}
