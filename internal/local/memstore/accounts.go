package memstore

import (
	"context"
	"fmt"
	"slices"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
)

// Accounts stores ZBAs, their API keys, sender numbers and webhook
// subscriptions, as accountstore.Store does.
type Accounts struct{ db *DB }

// NewAccounts returns the account store over db.
func NewAccounts(db *DB) *Accounts { return &Accounts{db: db} }

var (
	_ account.Store = (*Accounts)(nil)
	_ auth.KeyStore = (*Accounts)(nil)
)

// CreateZBA implements account.Store. Like the adapter's item, a new ZBA
// keeps its webhook URL but not its generation: generations are only ever
// set by SetWebhook, whose condition counts them.
func (a *Accounts) CreateZBA(_ context.Context, z account.ZBA) error {
	a.db.mu.Lock()
	defer a.db.mu.Unlock()
	if _, ok := a.db.zbas[z.ID]; ok {
		return account.ErrZBAExists
	}
	z.CreatedAt, z.WebhookGeneration, z.WebhookFields = instant(z.CreatedAt), 0, cloneFields(z.WebhookFields)
	a.db.zbas[z.ID] = z
	return nil
}

// GetZBA implements account.Store.
func (a *Accounts) GetZBA(_ context.Context, id string) (account.ZBA, error) {
	return a.db.getZBA(id)
}

func (db *DB) getZBA(id string) (account.ZBA, error) {
	db.mu.Lock()
	defer db.mu.Unlock()
	z, ok := db.zbas[id]
	if !ok {
		return account.ZBA{}, account.ErrZBANotFound
	}
	z.WebhookFields = cloneFields(z.WebhookFields)
	return z, nil
}

// cloneFields copies webhook fields so no caller shares the stored list,
// and reads none as nil, as the adapter reads an absent list.
func cloneFields(fields []string) []string {
	if len(fields) == 0 {
		return nil
	}
	return slices.Clone(fields)
}

// zbaReader is the read of a ZBA a port of another aggregate borrows
// (delivery.Subscriptions); embedded one level deeper, it does not clash
// with Accounts' GetZBA in Store.
type zbaReader struct{ db *DB }

// GetZBA implements delivery.Subscriptions.
func (r zbaReader) GetZBA(_ context.Context, id string) (account.ZBA, error) { return r.db.getZBA(id) }

// PutKey implements account.Store: only for an existing ZBA, and never over
// another key with the same id. The ZBA is checked first, as the adapter's
// transaction reports its first failed step.
func (a *Accounts) PutKey(_ context.Context, k auth.Key) error {
	a.db.mu.Lock()
	defer a.db.mu.Unlock()
	if _, ok := a.db.zbas[k.ZBAID]; !ok {
		return account.ErrZBANotFound
	}
	if _, ok := a.db.keys[k.ID]; ok {
		// The port names no sentinel for this: 16 random characters never
		// collide in practice. The adapter reports it as a failed write.
		return fmt.Errorf("memstore: put key: key id %s is already stored", k.ID)
	}
	a.db.keys[k.ID] = cloneKey(k)
	return nil
}

// GetKey implements auth.KeyStore.
func (a *Accounts) GetKey(_ context.Context, id string) (auth.Key, error) {
	a.db.mu.Lock()
	defer a.db.mu.Unlock()
	k, ok := a.db.keys[id]
	if !ok {
		return auth.Key{}, auth.ErrKeyNotFound
	}
	return cloneKey(k), nil
}

// RevokeKey implements account.Store: the first revocation's time stays.
func (a *Accounts) RevokeKey(_ context.Context, id string, at time.Time) (auth.Key, error) {
	a.db.mu.Lock()
	defer a.db.mu.Unlock()
	k, ok := a.db.keys[id]
	if !ok {
		return auth.Key{}, account.ErrKeyNotFound
	}
	if k.RevokedAt == nil {
		k.RevokedAt = instantPtr(&at)
		a.db.keys[id] = k
	}
	return cloneKey(k), nil
}

// cloneKey is a deep copy with its times as the store gives them back.
func cloneKey(k auth.Key) auth.Key {
	k.Scopes = slices.Clone(k.Scopes)
	k.SecretHash = cloneBytes(k.SecretHash)
	k.CreatedAt = instant(k.CreatedAt)
	k.ExpiresAt, k.RevokedAt = instantPtr(k.ExpiresAt), instantPtr(k.RevokedAt)
	return k
}

// RegisterPhone implements account.Store: the same id again for the same
// ZBA overwrites it; for another ZBA it is refused.
func (a *Accounts) RegisterPhone(_ context.Context, p account.Phone) error {
	a.db.mu.Lock()
	defer a.db.mu.Unlock()
	if _, ok := a.db.zbas[p.ZBAID]; !ok {
		return account.ErrZBANotFound
	}
	if old, ok := a.db.phones[p.ID]; ok && old.ZBAID != p.ZBAID {
		return account.ErrPhoneTaken
	}
	p.CreatedAt = instant(p.CreatedAt)
	a.db.phones[p.ID] = p
	return nil
}

// SetDisplayNameStatus implements account.Store.
func (a *Accounts) SetDisplayNameStatus(_ context.Context, phoneID string, st account.DisplayNameStatus) (account.Phone, error) {
	a.db.mu.Lock()
	defer a.db.mu.Unlock()
	p, ok := a.db.phones[phoneID]
	if !ok {
		return account.Phone{}, account.ErrPhoneNotFound
	}
	p.DisplayNameStatus = st
	a.db.phones[phoneID] = p
	return p, nil
}

// Phone returns a registered number, for tests: the port has no read of
// its own.
func (a *Accounts) Phone(id string) (account.Phone, bool) {
	a.db.mu.Lock()
	defer a.db.mu.Unlock()
	p, ok := a.db.phones[id]
	return p, ok
}

// SetWebhook implements account.Store: generation 1 needs a ZBA that never
// had one, any later one the generation before it.
func (a *Accounts) SetWebhook(_ context.Context, zbaID, webhookURL string, fields []string, generation int) error {
	a.db.mu.Lock()
	defer a.db.mu.Unlock()
	z, ok := a.db.zbas[zbaID]
	if !ok {
		return account.ErrZBANotFound
	}
	if generation > 1 && z.WebhookGeneration != generation-1 || generation <= 1 && z.WebhookGeneration != 0 {
		return account.ErrConflict
	}
	z.WebhookURL, z.WebhookGeneration, z.WebhookFields = webhookURL, generation, cloneFields(fields)
	a.db.zbas[zbaID] = z
	return nil
}
