// Package cloud loads the AWS configuration of a function from its
// environment (through adapter/awsconf, as only adapters import the SDK)
// and builds the adapters' shared clients from it. Only the wiring of
// features that reach AWS imports it, so versions links no SDK.
package cloud

import (
	"svc/internal/adapter/awsconf"
	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/ratestore"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
	"svc/internal/wire"
)

// Config is the function's AWS configuration, loaded once from its
// environment (awsconf.Load).
func Config(d *wire.Deps) awsconf.Config {
	return wire.Once(d, "aws-config", func() awsconf.Config {
		cfg, err := awsconf.Load(d.Getenv)
		d.Invalid(err)
		return cfg
	})
}

// Endpoint is the address override of one AWS service (the local
// emulators); "" in AWS.
func Endpoint(d *wire.Deps, service string) string { return awsconf.Endpoint(d.Getenv, service) }

// Table is the handle on the function's table, which the stores of its
// aggregates share; on the request path its client retries once, briefly
// (awsconf.DynamoDBRetries).
func Table(d *wire.Deps) dynamo.Table {
	return wire.Once(d, "table", func() dynamo.Table {
		client := dynamo.NewClient(Config(d), Endpoint(d, "DYNAMODB"), awsconf.DynamoDBRetries(routes.OnRequestPath(d.Name()))...)
		return dynamo.NewTable(client, d.TableName())
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
