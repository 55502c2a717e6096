// Package keystore is the DynamoDB store of API keys: the read the
// authorizer verifies keys with (auth.KeyStore), and the key item, which
// the account store writes when it mints or revokes a key. It imports the
// account/auth feature alone, so the authorizer links no other feature.
package keystore

import (
	"context"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/account/auth"
)

// Store reads API keys.
type Store struct{ tb dynamo.Table }

// New returns the key store over the table.
func New(tb dynamo.Table) *Store { return &Store{tb: tb} }

var _ auth.KeyStore = (*Store)(nil)

// Retention is how long an expired or revoked key stays readable, so that
// its holder is told "revoked" or "expired" rather than "not recognised".
const Retention = 30 * 24 * time.Hour

// Item is an API key as the table holds it. Times are RFC 3339 strings;
// the TTL attribute is epoch seconds, as DynamoDB requires.
type Item struct {
	PK         string   `dynamodbav:"pk"`
	SK         string   `dynamodbav:"sk"`
	Type       string   `dynamodbav:"type"`
	GSI1PK     string   `dynamodbav:"gsi1pk"`
	GSI1SK     string   `dynamodbav:"gsi1sk"`
	ID         string   `dynamodbav:"key_id"`
	ZBAID      string   `dynamodbav:"zba_id"`
	Scopes     []string `dynamodbav:"scopes"`
	SecretHash []byte   `dynamodbav:"secret_sha256"`
	CreatedAt  string   `dynamodbav:"created_at"`
	KeyExpires string   `dynamodbav:"key_expires_at,omitempty"`
	RevokedAt  string   `dynamodbav:"revoked_at,omitempty"`
	TTL        int64    `dynamodbav:"expires_at,omitempty"`
}

// ItemOf converts a key to its item: under its own id, indexed under its
// ZBA, and with a TTL Retention past its expiry, if it has one.
func ItemOf(k auth.Key) Item {
	it := Item{PK: table.APIKey(k.ID), SK: table.APIKey(k.ID), Type: table.TypeAPIKey,
		GSI1PK: table.ZBA(k.ZBAID), GSI1SK: table.APIKey(k.ID),
		ID: k.ID, ZBAID: k.ZBAID, SecretHash: k.SecretHash, CreatedAt: dynamo.FormatTime(k.CreatedAt)}
	for _, s := range k.Scopes {
		it.Scopes = append(it.Scopes, string(s))
	}
	if k.ExpiresAt != nil {
		it.KeyExpires = dynamo.FormatTime(*k.ExpiresAt)
		it.TTL = k.ExpiresAt.Add(Retention).Unix()
	}
	return it
}

// Domain converts the item back to the key.
func (i Item) Domain() auth.Key {
	k := auth.Key{ID: i.ID, ZBAID: i.ZBAID, SecretHash: i.SecretHash, CreatedAt: dynamo.ParseTime(i.CreatedAt)}
	for _, s := range i.Scopes {
		k.Scopes = append(k.Scopes, auth.Scope(s))
	}
	if i.KeyExpires != "" {
		t := dynamo.ParseTime(i.KeyExpires)
		k.ExpiresAt = &t
	}
	if i.RevokedAt != "" {
		t := dynamo.ParseTime(i.RevokedAt)
		k.RevokedAt = &t
	}
	return k
}

// Key is the key of an API key's item.
func Key(id string) map[string]types.AttributeValue {
	return dynamo.Key(table.APIKey(id), table.APIKey(id))
}

// GetKey implements auth.KeyStore with a strongly consistent read, so a key
// works, and a revocation counts, as soon as the write returns.
func (s *Store) GetKey(ctx context.Context, id string) (auth.Key, error) {
	it, found, err := dynamo.GetItem[Item](ctx, s.tb, Key(id), true, "get key")
	if err != nil {
		return auth.Key{}, err
	}
	if !found {
		return auth.Key{}, auth.ErrKeyNotFound
	}
	return it.Domain(), nil
}
