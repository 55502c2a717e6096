// Package accounts wires the operators' admin function: business accounts,
// keys, sender numbers, webhook subscriptions and the call directory.
package accounts

import (
	"svc/internal/adapter/dynamo/accountstore"
	"svc/internal/adapter/dynamo/messagestore"
	"svc/internal/adapter/dynamo/templatestore"
	"svc/internal/adapter/dynamo/webhookstore"
	"svc/internal/adapter/webhookhttp"
	"svc/internal/feature/account"
	"svc/internal/feature/message"
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
		Master: signing.Key(d, routes.SecretWebhooks), Client: webhookhttp.NewClient(webhookhttp.ClientOptions{AllowLoopback: d.AllowLoopback()}), AllowLoopback: d.AllowLoopback()}}
}
