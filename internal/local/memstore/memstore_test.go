package memstore_test

import (
	"testing"

	"svc/internal/feature/account"
	"svc/internal/feature/call"
	"svc/internal/feature/template"
	"svc/internal/local/memstore"
	"svc/internal/local/storecontract"
	"svc/internal/platform/ratelimit"
)

// The fakes keep the adapter's contract: the same suites run against
// DynamoDB Local in internal/adapter/dynamo. Each factory builds the ports
// over one fresh DB, as the adapter's build theirs over one table.

func TestTemplatesContract(t *testing.T) {
	storecontract.Templates(t, func(*testing.T) template.Store { return memstore.NewTemplates(memstore.NewDB()) })
}

func TestReviewsContract(t *testing.T) {
	storecontract.Reviews(t, func(*testing.T) storecontract.ReviewStores {
		db := memstore.NewDB()
		return storecontract.ReviewStores{Templates: memstore.NewTemplates(db), Reviews: memstore.NewReviews(db)}
	})
}

func TestAccountsContract(t *testing.T) {
	storecontract.Accounts(t, func(*testing.T) account.Store { return memstore.NewAccounts(memstore.NewDB()) })
}

func TestKeysContract(t *testing.T) {
	storecontract.Keys(t, func(*testing.T) storecontract.KeyStores {
		a := memstore.NewAccounts(memstore.NewDB())
		return storecontract.KeyStores{Accounts: a, Keys: a}
	})
}

func TestSubscriptionsContract(t *testing.T) {
	storecontract.Subscriptions(t, func(*testing.T) storecontract.SubscriptionStores {
		db := memstore.NewDB()
		return storecontract.SubscriptionStores{Accounts: memstore.NewAccounts(db), Subscriptions: memstore.NewWebhooks(db)}
	})
}

func TestAttemptsContract(t *testing.T) {
	storecontract.Attempts(t, func(*testing.T) storecontract.AttemptLog { return memstore.NewWebhooks(memstore.NewDB()) })
}

func TestRateCountersContract(t *testing.T) {
	storecontract.RateCounters(t, func(*testing.T) ratelimit.Counter { return memstore.NewRateCounters(memstore.NewDB()) })
}

// The composite passes too: its promoted methods are the aggregate
// stores' own, with nothing lost to an ambiguous selector.
func TestStoreContract(t *testing.T) {
	storecontract.Templates(t, func(*testing.T) template.Store { return memstore.New() })
	storecontract.Reviews(t, func(*testing.T) storecontract.ReviewStores {
		s := memstore.New()
		return storecontract.ReviewStores{Templates: s, Reviews: s}
	})
	storecontract.Subscriptions(t, func(*testing.T) storecontract.SubscriptionStores {
		s := memstore.New()
		return storecontract.SubscriptionStores{Accounts: s, Subscriptions: s}
	})
}

func TestMessagesContract(t *testing.T) {
	storecontract.Messages(t, func(t *testing.T) storecontract.MessageStores {
		s := memstore.New()
		return storecontract.MessageStores{Accounts: s, Templates: s, Messages: s, Idempotency: s}
	})
}

func TestQualityContract(t *testing.T) {
	storecontract.Quality(t, func(*testing.T) storecontract.QualityStores {
		s := memstore.NewTemplates(memstore.NewDB())
		return storecontract.QualityStores{Templates: s, Quality: s}
	})
}

func TestCallsContract(t *testing.T) {
	storecontract.Calls(t, func(*testing.T) call.Calls { return memstore.NewCalls(memstore.NewDB()) })
}

func TestProvidersContract(t *testing.T) {
	storecontract.Providers(t, func(*testing.T) call.Providers { return memstore.NewProviders(memstore.NewDB()) })
}
