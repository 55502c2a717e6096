package dynamo

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
)

var (
	_ account.Store = (*Store)(nil)
	_ auth.KeyStore = (*Store)(nil)
)

func key(pk, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		table.PartitionKey: &types.AttributeValueMemberS{Value: pk},
		table.SortKey:      &types.AttributeValueMemberS{Value: sk},
	}
}

var notExists = aws.String("attribute_not_exists(pk)")
var exists = aws.String("attribute_exists(pk)")

// zbaExists is the transaction step that fails when the ZBA is missing.
func (s *Store) zbaExists(id string) types.TransactWriteItem {
	return types.TransactWriteItem{ConditionCheck: &types.ConditionCheck{
		TableName: aws.String(s.table), Key: key(table.ZBA(id), table.ProfileSK), ConditionExpression: exists,
	}}
}

// CreateZBA implements account.Store.
func (s *Store) CreateZBA(ctx context.Context, z account.ZBA) error {
	item, err := attributevalue.MarshalMap(toZBAItem(z))
	if err != nil {
		return fmt.Errorf("marshal zba: %w", err)
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(s.table), Item: item, ConditionExpression: notExists})
	if isConditionFailed(err) {
		return account.ErrZBAExists
	}
	if err != nil {
		return unavailable("put zba", err)
	}
	return nil
}

// GetZBA implements account.Store.
func (s *Store) GetZBA(ctx context.Context, id string) (account.ZBA, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(s.table), Key: key(table.ZBA(id), table.ProfileSK)})
	if err != nil {
		return account.ZBA{}, unavailable("get zba", err)
	}
	if out.Item == nil {
		return account.ZBA{}, account.ErrZBANotFound
	}
	var it zbaItem
	if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
		return account.ZBA{}, fmt.Errorf("unmarshal zba: %w", err)
	}
	return it.asDomain(), nil
}

// PutKey implements account.Store: the key is written only if its ZBA exists.
func (s *Store) PutKey(ctx context.Context, k auth.Key) error {
	item, err := attributevalue.MarshalMap(toKeyItem(k))
	if err != nil {
		return fmt.Errorf("marshal key: %w", err)
	}
	_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		s.zbaExists(k.ZBAID),
		{Put: &types.Put{TableName: aws.String(s.table), Item: item, ConditionExpression: notExists}},
	}})
	if r := cancelReasons(err); r != nil && r[0] == "ConditionalCheckFailed" {
		return account.ErrZBANotFound
	}
	if err != nil {
		return unavailable("put key", err)
	}
	return nil
}

// GetKey implements auth.KeyStore with a strongly consistent read, so a key
// works, and a revocation counts, as soon as the write returns.
func (s *Store) GetKey(ctx context.Context, id string) (auth.Key, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.table), Key: key(table.APIKey(id), table.APIKey(id)), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return auth.Key{}, unavailable("get key", err)
	}
	if out.Item == nil {
		return auth.Key{}, auth.ErrKeyNotFound
	}
	var it keyItem
	if err := attributevalue.UnmarshalMap(out.Item, &it); err != nil {
		return auth.Key{}, fmt.Errorf("unmarshal key: %w", err)
	}
	return it.asDomain(), nil
}

// RevokeKey implements account.Store. The item is kept, with a TTL, so that
// its holder is told it was revoked.
func (s *Store) RevokeKey(ctx context.Context, id string, at time.Time) (auth.Key, error) {
	out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                aws.String(s.table),
		Key:                      key(table.APIKey(id), table.APIKey(id)),
		ConditionExpression:      exists,
		UpdateExpression:         aws.String("SET revoked_at = if_not_exists(revoked_at, :now), #ttl = :ttl"),
		ExpressionAttributeNames: map[string]string{"#ttl": table.TTLAttribute},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now": &types.AttributeValueMemberS{Value: formatTime(at)},
			":ttl": &types.AttributeValueMemberN{Value: fmt.Sprint(at.Add(keyRetention).Unix())},
		},
		ReturnValues: types.ReturnValueAllNew,
	})
	if isConditionFailed(err) {
		return auth.Key{}, account.ErrKeyNotFound
	}
	if err != nil {
		return auth.Key{}, unavailable("revoke key", err)
	}
	var it keyItem
	if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
		return auth.Key{}, fmt.Errorf("unmarshal key: %w", err)
	}
	return it.asDomain(), nil
}

// RegisterPhone implements account.Store. Registering the same id again for
// the same ZBA is accepted; for another ZBA it is refused.
func (s *Store) RegisterPhone(ctx context.Context, p account.Phone) error {
	item, err := attributevalue.MarshalMap(toPhoneItem(p))
	if err != nil {
		return fmt.Errorf("marshal phone: %w", err)
	}
	_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		s.zbaExists(p.ZBAID),
		{Put: &types.Put{
			TableName: aws.String(s.table), Item: item,
			ConditionExpression:       aws.String("attribute_not_exists(pk) OR zba_id = :zba"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":zba": &types.AttributeValueMemberS{Value: p.ZBAID}},
		}},
	}})
	switch r := cancelReasons(err); {
	case r != nil && r[0] == "ConditionalCheckFailed":
		return account.ErrZBANotFound
	case r != nil && r[1] == "ConditionalCheckFailed":
		return account.ErrPhoneTaken
	case err != nil:
		return unavailable("register phone", err)
	}
	return nil
}

// SetWebhook implements account.Store, conditional on the generation the
// caller read, so two operators setting subscriptions cannot both win.
func (s *Store) SetWebhook(ctx context.Context, zbaID, webhookURL string, generation int) error {
	values := map[string]types.AttributeValue{":u": str(webhookURL), ":gen": num(generation)}
	prev := "attribute_not_exists(webhook_generation)"
	if generation > 1 {
		prev, values[":prev"] = "webhook_generation = :prev", num(generation-1)
	}
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                           aws.String(s.table),
		Key:                                 key(table.ZBA(zbaID), table.ProfileSK),
		ConditionExpression:                 aws.String("attribute_exists(pk) AND " + prev),
		UpdateExpression:                    aws.String("SET webhook_url = :u, webhook_generation = :gen"),
		ExpressionAttributeValues:           values,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld,
	})
	var ccf *types.ConditionalCheckFailedException
	if errors.As(err, &ccf) {
		if ccf.Item == nil {
			return account.ErrZBANotFound
		}
		return account.ErrConflict
	}
	if err != nil {
		return unavailable("set webhook", err)
	}
	return nil
}
