// Package accountstore is the DynamoDB store of business accounts (ZBAs)
// and what they own outside their templates: API keys (whose item is the
// key store's), sender numbers and the webhook subscription they set. It
// imports the account feature alone; the webhook store reads ZBAs through
// it.
package accountstore

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/keystore"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
)

// Store stores ZBAs and what they own outside their templates: API keys,
// sender numbers and the webhook subscription they set.
type Store struct {
	tb   dynamo.Table
	keys *keystore.Store
}

// New returns the account store over the table.
func New(tb dynamo.Table) *Store { return &Store{tb: tb, keys: keystore.New(tb)} }

var (
	_ account.Store = (*Store)(nil)
	_ auth.KeyStore = (*Store)(nil)
)

// ZBAKey is the key of a ZBA's own item.
func ZBAKey(id string) map[string]types.AttributeValue {
	return dynamo.Key(table.ZBA(id), table.ProfileSK)
}

// zbaExists is the transaction step that fails when the ZBA is missing, so
// nothing is written for a ZBA that does not exist.
func (a *Store) zbaExists(id, op string) (types.TransactWriteItem, error) {
	return a.tb.TransactCheck(ZBAKey(id), dynamo.ItemPresent, op)
}

// CreateZBA implements account.Store.
func (a *Store) CreateZBA(ctx context.Context, z account.ZBA) error {
	return a.tb.ConditionalPut(ctx, "put zba", toZBAItem(z), dynamo.ItemAbsent, account.ErrZBAExists)
}

// GetZBA implements account.Store.
func (a *Store) GetZBA(ctx context.Context, id string) (account.ZBA, error) {
	return getZBA(ctx, a.tb, id)
}

// ZBAReader gives a store that is not the ZBA's own the read of a ZBA its
// port needs (delivery.Subscriptions). Embedded, its GetZBA sits one level
// deeper than this store's in the composite Store, so the two never clash.
type ZBAReader struct{ tb dynamo.Table }

// NewZBAReader returns the read of ZBAs over the table.
func NewZBAReader(tb dynamo.Table) ZBAReader { return ZBAReader{tb: tb} }

// GetZBA implements delivery.Subscriptions.
func (r ZBAReader) GetZBA(ctx context.Context, id string) (account.ZBA, error) {
	return getZBA(ctx, r.tb, id)
}

func getZBA(ctx context.Context, tb dynamo.Table, id string) (account.ZBA, error) {
	it, found, err := dynamo.GetItem[zbaItem](ctx, tb, ZBAKey(id), false, "get zba")
	if err != nil {
		return account.ZBA{}, err
	}
	if !found {
		return account.ZBA{}, account.ErrZBANotFound
	}
	return it.asDomain(), nil
}

// PutKey implements account.Store: the key is written only if its ZBA
// exists, and never over another key with the same id.
func (a *Store) PutKey(ctx context.Context, k auth.Key) error {
	const op = "put key"
	check, err := a.zbaExists(k.ZBAID, op)
	if err != nil {
		return err
	}
	put, err := a.tb.TransactPut(keystore.ItemOf(k), dynamo.ItemAbsent, op)
	if err != nil {
		return err
	}
	_, err = a.tb.DB().TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{check, put}})
	if r := dynamo.CancelReasons(err); r != nil && r[0] == dynamo.ConditionCheckFailed {
		return account.ErrZBANotFound
	}
	if err != nil {
		return dynamo.Unavailable(op, err)
	}
	return nil
}

// GetKey implements auth.KeyStore: the key store's read (see
// keystore.Store.GetKey).
func (a *Store) GetKey(ctx context.Context, id string) (auth.Key, error) {
	return a.keys.GetKey(ctx, id)
}

// RevokeKey implements account.Store. The item is kept, with a TTL, so that
// its holder is told it was revoked; if_not_exists keeps the first
// revocation's time when a key is revoked again.
func (a *Store) RevokeKey(ctx context.Context, id string, at time.Time) (auth.Key, error) {
	const op = "revoke key"
	revokedAt := expression.Name("revoked_at")
	upd := expression.Set(revokedAt, expression.IfNotExists(revokedAt, expression.Value(dynamo.FormatTime(at)))).
		Set(expression.Name(table.TTLAttribute), expression.Value(at.Add(keystore.Retention).Unix()))
	in, err := a.tb.UpdateInput(keystore.Key(id), upd, dynamo.ItemPresent, op)
	if err != nil {
		return auth.Key{}, err
	}
	in.ReturnValues = types.ReturnValueAllNew
	out, err := a.tb.DB().UpdateItem(ctx, in)
	if err := dynamo.WriteError(op, err, account.ErrKeyNotFound); err != nil {
		return auth.Key{}, err
	}
	var it keystore.Item
	if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
		return auth.Key{}, fmt.Errorf("%s: unmarshal: %w", op, err)
	}
	return it.Domain(), nil
}

// RegisterPhone implements account.Store. Registering the same id again for
// the same ZBA is accepted; for another ZBA it is refused.
func (a *Store) RegisterPhone(ctx context.Context, p account.Phone) error {
	const op = "register phone"
	check, err := a.zbaExists(p.ZBAID, op)
	if err != nil {
		return err
	}
	put, err := a.tb.TransactPut(toPhoneItem(p), dynamo.ItemAbsent.Or(expression.Name("zba_id").Equal(expression.Value(p.ZBAID))), op)
	if err != nil {
		return err
	}
	_, err = a.tb.DB().TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{check, put}})
	switch r := dynamo.CancelReasons(err); {
	case r != nil && r[0] == dynamo.ConditionCheckFailed:
		return account.ErrZBANotFound
	case r != nil && r[1] == dynamo.ConditionCheckFailed:
		return account.ErrPhoneTaken
	case err != nil:
		return dynamo.Unavailable(op, err)
	}
	return nil
}

// SetDisplayNameStatus implements account.Store with one conditional
// UpdateItem that returns the registration as stored.
func (a *Store) SetDisplayNameStatus(ctx context.Context, phoneID string, st account.DisplayNameStatus) (account.Phone, error) {
	const op = "set display name status"
	upd := expression.Set(expression.Name("display_name_status"), expression.Value(string(st)))
	in, err := a.tb.UpdateInput(PhoneKey(phoneID), upd, dynamo.ItemPresent, op)
	if err != nil {
		return account.Phone{}, err
	}
	in.ReturnValues = types.ReturnValueAllNew
	out, err := a.tb.DB().UpdateItem(ctx, in)
	if err = dynamo.WriteError(op, err, account.ErrPhoneNotFound); err != nil {
		return account.Phone{}, err
	}
	return DecodePhone(out.Attributes)
}

// WebhookGeneration names the counter of a ZBA's webhook subscriptions,
// which the webhook store's writes are conditional on.
var WebhookGeneration = expression.Name("webhook_generation")

// SetWebhook implements account.Store, conditional on the generation the
// caller read, so two operators setting subscriptions cannot both win.
func (a *Store) SetWebhook(ctx context.Context, zbaID, webhookURL string, fields []string, generation int) error {
	const op = "set webhook"
	prev := WebhookGeneration.AttributeNotExists()
	if generation > 1 {
		prev = WebhookGeneration.Equal(expression.Value(generation - 1))
	}
	upd := expression.Set(expression.Name("webhook_url"), expression.Value(webhookURL)).
		Set(WebhookGeneration, expression.Value(generation))
	// A subscription to every field stores no list (DynamoDB keeps no
	// empty one), and clears the previous subscription's.
	if len(fields) == 0 {
		upd = upd.Remove(expression.Name("webhook_fields"))
	} else {
		upd = upd.Set(expression.Name("webhook_fields"), expression.Value(fields))
	}
	in, err := a.tb.UpdateInput(ZBAKey(zbaID), upd, dynamo.ItemPresent.And(prev), op)
	if err != nil {
		return err
	}
	in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	_, err = a.tb.DB().UpdateItem(ctx, in)
	if old, failed := dynamo.ConditionFailedItem(err); failed {
		if old == nil {
			return account.ErrZBANotFound
		}
		return account.ErrConflict
	}
	if err != nil {
		return dynamo.Unavailable(op, err)
	}
	return nil
}
