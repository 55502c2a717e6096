package dynamo

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
)

// Accounts stores ZBAs and what they own outside their templates: API keys,
// sender numbers and the webhook subscription they set.
type Accounts struct{ tb Table }

// NewAccounts returns the account store over the table.
func NewAccounts(tb Table) *Accounts { return &Accounts{tb: tb} }

var (
	_ account.Store = (*Accounts)(nil)
	_ auth.KeyStore = (*Accounts)(nil)
)

// zbaKey is the key of a ZBA's own item.
func zbaKey(id string) map[string]types.AttributeValue { return key(table.ZBA(id), table.ProfileSK) }

// zbaExists is the transaction step that fails when the ZBA is missing, so
// nothing is written for a ZBA that does not exist.
func (a *Accounts) zbaExists(id, op string) (types.TransactWriteItem, error) {
	return a.tb.transactCheck(zbaKey(id), itemPresent, op)
}

// CreateZBA implements account.Store.
func (a *Accounts) CreateZBA(ctx context.Context, z account.ZBA) error {
	return a.tb.conditionalPut(ctx, "put zba", toZBAItem(z), itemAbsent, account.ErrZBAExists)
}

// GetZBA implements account.Store.
func (a *Accounts) GetZBA(ctx context.Context, id string) (account.ZBA, error) {
	return getZBA(ctx, a.tb, id)
}

// zbaReader gives a store that is not the ZBA's own the read of a ZBA its
// port needs (delivery.Subscriptions). Embedded, its GetZBA sits one level
// deeper than Accounts' in the composite Store, so the two never clash.
type zbaReader struct{ tb Table }

// GetZBA implements delivery.Subscriptions.
func (r zbaReader) GetZBA(ctx context.Context, id string) (account.ZBA, error) {
	return getZBA(ctx, r.tb, id)
}

func getZBA(ctx context.Context, tb Table, id string) (account.ZBA, error) {
	it, found, err := getItem[zbaItem](ctx, tb, zbaKey(id), false, "get zba")
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
func (a *Accounts) PutKey(ctx context.Context, k auth.Key) error {
	const op = "put key"
	check, err := a.zbaExists(k.ZBAID, op)
	if err != nil {
		return err
	}
	put, err := a.tb.transactPut(toKeyItem(k), itemAbsent, op)
	if err != nil {
		return err
	}
	_, err = a.tb.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{check, put}})
	if r := cancelReasons(err); r != nil && r[0] == conditionCheckFailed {
		return account.ErrZBANotFound
	}
	if err != nil {
		return unavailable(op, err)
	}
	return nil
}

// apiKeyKey is the key of an API key's item.
func apiKeyKey(id string) map[string]types.AttributeValue {
	return key(table.APIKey(id), table.APIKey(id))
}

// GetKey implements auth.KeyStore with a strongly consistent read, so a key
// works, and a revocation counts, as soon as the write returns.
func (a *Accounts) GetKey(ctx context.Context, id string) (auth.Key, error) {
	it, found, err := getItem[keyItem](ctx, a.tb, apiKeyKey(id), true, "get key")
	if err != nil {
		return auth.Key{}, err
	}
	if !found {
		return auth.Key{}, auth.ErrKeyNotFound
	}
	return it.asDomain(), nil
}

// RevokeKey implements account.Store. The item is kept, with a TTL, so that
// its holder is told it was revoked; if_not_exists keeps the first
// revocation's time when a key is revoked again.
func (a *Accounts) RevokeKey(ctx context.Context, id string, at time.Time) (auth.Key, error) {
	const op = "revoke key"
	revokedAt := expression.Name("revoked_at")
	upd := expression.Set(revokedAt, expression.IfNotExists(revokedAt, expression.Value(formatTime(at)))).
		Set(expression.Name(table.TTLAttribute), expression.Value(at.Add(keyRetention).Unix()))
	in, err := a.tb.updateInput(apiKeyKey(id), upd, itemPresent, op)
	if err != nil {
		return auth.Key{}, err
	}
	in.ReturnValues = types.ReturnValueAllNew
	out, err := a.tb.db.UpdateItem(ctx, in)
	if err := writeError(op, err, account.ErrKeyNotFound); err != nil {
		return auth.Key{}, err
	}
	var it keyItem
	if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
		return auth.Key{}, fmt.Errorf("%s: unmarshal: %w", op, err)
	}
	return it.asDomain(), nil
}

// RegisterPhone implements account.Store. Registering the same id again for
// the same ZBA is accepted; for another ZBA it is refused.
func (a *Accounts) RegisterPhone(ctx context.Context, p account.Phone) error {
	const op = "register phone"
	check, err := a.zbaExists(p.ZBAID, op)
	if err != nil {
		return err
	}
	put, err := a.tb.transactPut(toPhoneItem(p), itemAbsent.Or(expression.Name("zba_id").Equal(expression.Value(p.ZBAID))), op)
	if err != nil {
		return err
	}
	_, err = a.tb.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{check, put}})
	switch r := cancelReasons(err); {
	case r != nil && r[0] == conditionCheckFailed:
		return account.ErrZBANotFound
	case r != nil && r[1] == conditionCheckFailed:
		return account.ErrPhoneTaken
	case err != nil:
		return unavailable(op, err)
	}
	return nil
}

// webhookGeneration names the counter of a ZBA's webhook subscriptions.
var webhookGeneration = expression.Name("webhook_generation")

// SetWebhook implements account.Store, conditional on the generation the
// caller read, so two operators setting subscriptions cannot both win.
func (a *Accounts) SetWebhook(ctx context.Context, zbaID, webhookURL string, generation int) error {
	const op = "set webhook"
	prev := webhookGeneration.AttributeNotExists()
	if generation > 1 {
		prev = webhookGeneration.Equal(expression.Value(generation - 1))
	}
	upd := expression.Set(expression.Name("webhook_url"), expression.Value(webhookURL)).
		Set(webhookGeneration, expression.Value(generation))
	in, err := a.tb.updateInput(zbaKey(zbaID), upd, itemPresent.And(prev), op)
	if err != nil {
		return err
	}
	in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	_, err = a.tb.db.UpdateItem(ctx, in)
	if old, failed := conditionFailedItem(err); failed {
		if old == nil {
			return account.ErrZBANotFound
		}
		return account.ErrConflict
	}
	if err != nil {
		return unavailable(op, err)
	}
	return nil
}
