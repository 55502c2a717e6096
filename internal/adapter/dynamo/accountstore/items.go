package accountstore

import (
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
	CreatedAt  string `dynamodbav:"created_at"`
}

func toZBAItem(z account.ZBA) zbaItem {
	return zbaItem{PK: table.ZBA(z.ID), SK: table.ProfileSK, Type: table.TypeZBA, ID: z.ID, Name: z.Name,
		WebhookURL: z.WebhookURL, CreatedAt: dynamo.FormatTime(z.CreatedAt)}
}

func (i zbaItem) asDomain() account.ZBA {
	return account.ZBA{ID: i.ID, Name: i.Name, WebhookURL: i.WebhookURL, WebhookGeneration: i.WebhookGen,
		CreatedAt: dynamo.ParseTime(i.CreatedAt)}
}

type phoneItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	Type      string `dynamodbav:"type"`
	GSI1PK    string `dynamodbav:"gsi1pk"`
	GSI1SK    string `dynamodbav:"gsi1sk"`
	ID        string `dynamodbav:"phone_number_id"`
	Number    string `dynamodbav:"number"`
	ZBAID     string `dynamodbav:"zba_id"`
	CreatedAt string `dynamodbav:"created_at"`
}

func toPhoneItem(p account.Phone) phoneItem {
	return phoneItem{PK: table.Phone(p.ID), SK: table.Phone(p.ID), Type: table.TypePhone,
		GSI1PK: table.ZBA(p.ZBAID), GSI1SK: table.Phone(p.ID),
		ID: p.ID, Number: p.Number, ZBAID: p.ZBAID, CreatedAt: dynamo.FormatTime(p.CreatedAt)}
}
