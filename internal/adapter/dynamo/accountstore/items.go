package accountstore

import (
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/account"
)

// Item structs: the table's layout, kept apart from the domain types and
// converted at this edge. Times are RFC 3339 strings. The key item is the
// key store's (keystore.Item).

type zbaItem struct {
	PK         string `dynamodbav:"pk"`
	SK         string `dynamodbav:"sk"`
	Type       string `dynamodbav:"type"`
	ID         string `dynamodbav:"zba_id"`
	Name       string `dynamodbav:"name"`
	WebhookURL string `dynamodbav:"webhook_url,omitempty"`
	WebhookGen int    `dynamodbav:"webhook_generation,omitempty"`
	// WebhookFields is a list, absent when every field is subscribed.
	WebhookFields []string `dynamodbav:"webhook_fields,omitempty"`
	CreatedAt     string   `dynamodbav:"created_at"`
}

func toZBAItem(z account.ZBA) zbaItem {
	return zbaItem{PK: table.ZBA(z.ID), SK: table.ProfileSK, Type: table.TypeZBA, ID: z.ID, Name: z.Name,
		WebhookURL: z.WebhookURL, WebhookFields: z.WebhookFields, CreatedAt: dynamo.FormatTime(z.CreatedAt)}
}

func (i zbaItem) asDomain() account.ZBA {
	return account.ZBA{ID: i.ID, Name: i.Name, WebhookURL: i.WebhookURL, WebhookGeneration: i.WebhookGen,
		WebhookFields: i.WebhookFields, CreatedAt: dynamo.ParseTime(i.CreatedAt)}
}

type phoneItem struct {
	PK     string `dynamodbav:"pk"`
	SK     string `dynamodbav:"sk"`
	Type   string `dynamodbav:"type"`
	GSI1PK string `dynamodbav:"gsi1pk"`
	GSI1SK string `dynamodbav:"gsi1sk"`
	ID     string `dynamodbav:"phone_number_id"`
	Number string `dynamodbav:"number"`
	ZBAID  string `dynamodbav:"zba_id"`
	// DisplayNameStatus is absent on registrations made before it was
	// kept; they read as APPROVED, as they could send then.
	DisplayNameStatus string `dynamodbav:"display_name_status,omitempty"`
	Origination       string `dynamodbav:"origination,omitempty"`
	CreatedAt         string `dynamodbav:"created_at"`
}

// DecodePhone turns a phone item read by another store (the message
// store's batched read) into the domain's Phone.
func DecodePhone(av map[string]types.AttributeValue) (account.Phone, error) {
	var it phoneItem
	if err := attributevalue.UnmarshalMap(av, &it); err != nil {
		return account.Phone{}, err
	}
	return it.asDomain(), nil
}

// PhoneKey is the key of a registered sender.
func PhoneKey(id string) map[string]types.AttributeValue {
	return dynamo.Key(table.Phone(id), table.Phone(id))
}

func (i phoneItem) asDomain() account.Phone {
	st := account.DisplayNameStatus(i.DisplayNameStatus)
	if st == "" {
		st = account.DisplayNameApproved
	}
	return account.Phone{ID: i.ID, Number: i.Number, ZBAID: i.ZBAID, DisplayNameStatus: st,
		Origination: i.Origination, CreatedAt: dynamo.ParseTime(i.CreatedAt)}
}

func toPhoneItem(p account.Phone) phoneItem {
	return phoneItem{PK: table.Phone(p.ID), SK: table.Phone(p.ID), Type: table.TypePhone,
		GSI1PK: table.ZBA(p.ZBAID), GSI1SK: table.Phone(p.ID),
		ID: p.ID, Number: p.Number, ZBAID: p.ZBAID, DisplayNameStatus: string(p.DisplayNameStatus),
		Origination: p.Origination, CreatedAt: dynamo.FormatTime(p.CreatedAt)}
}
