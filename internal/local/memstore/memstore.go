// Package memstore is the domain's store ports in memory: one mutex-guarded
// set of maps (DB) shared by a store per aggregate, as the DynamoDB adapter
// shares one table. The stores keep the adapter's rules (conditional
// writes and the sentinel errors they fail with, key order, the review
// markers) so that use-case tests over them mean what they would over
// DynamoDB; the shared suites in internal/local/storecontract hold both to
// the same behaviour. It also holds small fakes of the other ports the use
// cases call (queues, the webhook sender, the handshake client, a clock).
//
// It is for tests and local tools only: nothing here persists or expires.
package memstore

import (
	"slices"
	"sync"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/call"
	"svc/internal/feature/message"
	"svc/internal/feature/template"
	"svc/internal/feature/template/review"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/platform/idempotency"
	"svc/internal/platform/ratelimit"
)

// DB is the state every store of one New shares: what the single table
// holds in DynamoDB. Its zero value is not ready; use NewDB.
type DB struct {
	mu        sync.Mutex
	zbas      map[string]account.ZBA
	keys      map[string]auth.Key
	phones    map[string]account.Phone
	templates map[template.Ref]templateRow
	attempts  map[attemptKey]delivery.AttemptRecord
	counters  map[counterKey]int
	msgs      messageTables
	calls     map[string]call.Call
	providers map[providerKey]call.Provider
	// status is each provider's reservation (and link generation), as the
	// provider status items hold them.
	status map[providerKey]providerStatus
}

// NewDB returns empty state.
func NewDB() *DB {
	return &DB{
		zbas:      map[string]account.ZBA{},
		keys:      map[string]auth.Key{},
		phones:    map[string]account.Phone{},
		templates: map[template.Ref]templateRow{},
		attempts:  map[attemptKey]delivery.AttemptRecord{},
		counters:  map[counterKey]int{},
		msgs:      newMessageTables(),
		calls:     map[string]call.Call{},
		providers: map[providerKey]call.Provider{},
		status:    map[providerKey]providerStatus{},
	}
}

// Store is every aggregate store over one DB, in one value, as DynamoDB's
// composite.Store is over one table. The reads a port borrows from another
// aggregate (Reviews' GetTemplate, Webhooks' GetZBA) sit one level deeper,
// so Store's GetTemplate and GetZBA are Templates' and Accounts' own.
type Store struct {
	*Accounts
	*Templates
	*Reviews
	*Webhooks
	*RateCounters
	*Messages
	*Idempotency
}

// New returns every store over fresh, empty state.
func New() *Store { return NewOver(NewDB()) }

// NewOver returns every store over db.
func NewOver(db *DB) *Store {
	return &Store{Accounts: NewAccounts(db), Templates: NewTemplates(db), Reviews: NewReviews(db),
		Webhooks: NewWebhooks(db), RateCounters: NewRateCounters(db),
		Messages: NewMessages(db), Idempotency: NewIdempotency(db)}
}

var (
	_ account.Store          = (*Store)(nil)
	_ auth.KeyStore          = (*Store)(nil)
	_ template.Store         = (*Store)(nil)
	_ review.Store           = (*Store)(nil)
	_ delivery.Subscriptions = (*Store)(nil)
	_ delivery.Attempts      = (*Store)(nil)
	_ ratelimit.Counter      = (*Store)(nil)
	_ message.Store          = (*Store)(nil)
	_ idempotency.Store      = (*Store)(nil)
)

// instant is t as DynamoDB gives it back: UTC, without a monotonic reading.
func instant(t time.Time) time.Time { return t.UTC() }

// instantPtr is instant of *t, in a new pointer, or nil.
func instantPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := instant(*t)
	return &u
}

// cloneBytes copies b so that neither the caller nor the store can change
// the other's copy; a round trip through DynamoDB copies too.
func cloneBytes(b []byte) []byte { return slices.Clone(b) }
