// Package accounts wires the operators' admin function: business accounts,
// keys, sender numbers, webhook subscriptions and the call directory.
package accounts

import (
	"context"

	"svc/internal/adapter/dynamo/accountstore"
	"svc/internal/adapter/dynamo/messagestore"
	"svc/internal/adapter/dynamo/templatestore"
	"svc/internal/adapter/dynamo/webhookstore"
	"svc/internal/adapter/gatewaycache"
	"svc/internal/adapter/webhookhttp"
	"svc/internal/feature/account"
	"svc/internal/feature/message"
	"svc/internal/platform/metrics"
	"svc/internal/routes"
	"svc/internal/transport/admin"
	"svc/internal/wire"
	"svc/internal/wire/calls"
	"svc/internal/wire/cloud"
	"svc/internal/wire/signing"
	"svc/internal/wire/templates/pausing"
)

// Admin is the admin function, invoked directly with a JSON event.
var Admin = wire.Function[admin.Handler]{Spec: routes.Admin,
	Build: func(d *wire.Deps) (admin.Handler, error) {
		tb := cloud.Table(d)
		records := struct {
			templatestore.Reader
			*webhookstore.Store
		}{templatestore.NewReader(tb), webhookstore.New(tb)}
		msgs := message.Service{Store: messagestore.New(tb), Now: d.Now, Log: d.Log}
		accounts := Service(d)
		dir := admin.Directory{Calls: calls.Service(d), BaseURL: d.BaseURL()}
		dir.Calls.ZBAs = accounts // a provider joins an existing business only
		return admin.New(admin.Parts{Accounts: accounts, Records: records, Templates: pausing.Service(d), Messages: msgs,
			Directory: dir}, d.Log), nil
	}}

// Functions lists every function of the feature.
var Functions = []wire.Builder{Admin}

// Service is the accounts use cases of the function.
func Service(d *wire.Deps) account.Service {
	return account.Service{Store: accountstore.New(cloud.Table(d)), Now: d.Now, Webhooks: account.Webhooks{
		Master: signing.Key(d, routes.SecretWebhooks), Client: webhookhttp.NewClient(webhookhttp.ClientOptions{AllowLoopback: d.AllowLoopback()}), AllowLoopback: d.AllowLoopback()},
		Authorizers: authorizerCache(d)}
}

// authorizerCache is the stage's authorizer cache, which a revocation
// flushes through API Gateway (locally, through make run's gateway control
// listener, at the address the stack gives as API Gateway's endpoint); nil
// where no gateway runs.
func authorizerCache(d *wire.Deps) account.AuthorizerCache {
	restAPIID, stage, ok := d.AuthorizerCache()
	if !ok {
		return nil
	}
	client := gatewaycache.NewClient(cloud.Config(d), cloud.Endpoint(d, "API_GATEWAY"))
	return countingCache{AuthorizerCache: gatewaycache.New(client, restAPIID, stage), m: d.Metrics}
}

// countingCache emits one AuthorizerCacheFlushes record per flush, by
// outcome: a failed one leaves a revoked key working until its cached
// answer expires, which an operator should see.
type countingCache struct {
	account.AuthorizerCache
	m *metrics.Recorder
}

func (c countingCache) Flush(ctx context.Context) error {
	err := c.AuthorizerCache.Flush(ctx)
	outcome := metrics.OutcomeFlushed
	if err != nil {
		outcome = metrics.OutcomeFailed
	}
	c.m.Emit(map[string]string{metrics.DimOutcome: outcome}, nil,
		metrics.Metric{Name: metrics.AuthorizerCacheFlushes, Unit: metrics.Count, Value: 1})
	return err
}
