// Package composite puts the account, key, template, review, webhook and
// rate-count stores of the DynamoDB adapter over one table into one value.
// It is a convenience for the local stack and tests, which want one handle
// that serves those ports, and is never linked into a Lambda: it imports
// each of those stores, and so their features, where a function builds
// only the stores its features need. The message, idempotency, call and
// provider stores are not in it: the few tests and tools that read them
// build them on their own (messagestore.New, callstore.New, ...).
package composite

import (
	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/accountstore"
	"svc/internal/adapter/dynamo/ratestore"
	"svc/internal/adapter/dynamo/reviewstore"
	"svc/internal/adapter/dynamo/templatestore"
	"svc/internal/adapter/dynamo/webhookstore"
	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/feature/template/review"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/platform/ratelimit"
)

// The stores, under names of their own: each package calls its type Store,
// and the embedded fields of Store need distinct names.
type (
	accounts     = accountstore.Store
	templates    = templatestore.Store
	reviews      = reviewstore.Store
	webhooks     = webhookstore.Store
	rateCounters = ratestore.Store
)

// Store is the stores the package doc names, over one table, in one value
// (see the package doc for who it is for).
//
// Method names are unique across the embedded stores, so each promoted
// method is unambiguous. The two reads a port borrows from another
// aggregate (the review store's GetTemplate, the webhook store's GetZBA)
// sit one level deeper, so Store's GetTemplate and GetZBA are the template
// and account stores' own. GetKey is the account store's, which reads
// through the key store.
type Store struct {
	*accounts
	*templates
	*reviews
	*webhooks
	*rateCounters
}

// New returns the stores of Store over the named table.
func New(db dynamo.API, table string) *Store {
	tb := dynamo.NewTable(db, table)
	return &Store{accounts: accountstore.New(tb), templates: templatestore.New(tb), reviews: reviewstore.New(tb),
		webhooks: webhookstore.New(tb), rateCounters: ratestore.New(tb)}
}

var (
	_ account.Store          = (*Store)(nil)
	_ auth.KeyStore          = (*Store)(nil)
	_ template.Store         = (*Store)(nil)
	_ review.Store           = (*Store)(nil)
	_ delivery.Subscriptions = (*Store)(nil)
	_ delivery.Attempts      = (*Store)(nil)
	_ ratelimit.Counter      = (*Store)(nil)
)
