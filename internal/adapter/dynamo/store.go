package dynamo

import (
	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/feature/template/review"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/platform/ratelimit"
)

// Store is every aggregate store over one table, in one value. It is a
// convenience for the local stack and tests, which want one handle that
// serves every port; a function builds only the stores its feature needs.
//
// Method names are unique across the embedded stores, so each promoted
// method is unambiguous. The two reads a port borrows from another
// aggregate (Reviews' GetTemplate, Webhooks' GetZBA) sit one level deeper,
// so Store's GetTemplate and GetZBA are Templates' and Accounts' own.
type Store struct {
	*Accounts
	*Templates
	*Reviews
	*Webhooks
	*RateCounters
}

// New returns every store over the named table (see Store for who it is
// for).
func New(db API, table string) *Store {
	tb := NewTable(db, table)
	return &Store{Accounts: NewAccounts(tb), Templates: NewTemplates(tb), Reviews: NewReviews(tb),
		Webhooks: NewWebhooks(tb), RateCounters: NewRateCounters(tb)}
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
