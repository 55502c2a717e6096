package messagestore

import (
	"encoding/json"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/message"
	"svc/internal/platform/plainjson"
)

// messageItem is the message record's layout. Times are RFC 3339 strings,
// except claim_until, which a condition compares: epoch milliseconds.
type messageItem struct {
	PK               string            `dynamodbav:"pk"`
	SK               string            `dynamodbav:"sk"`
	Type             string            `dynamodbav:"type"`
	ID               string            `dynamodbav:"message_id"`
	ZBAID            string            `dynamodbav:"zba_id"`
	PhoneNumberID    string            `dynamodbav:"phone_number_id"`
	From             string            `dynamodbav:"from"`
	Origination      string            `dynamodbav:"origination,omitempty"`
	To               string            `dynamodbav:"to"`
	MessageType      string            `dynamodbav:"message_type"`
	Content          string            `dynamodbav:"content"`
	TemplateName     string            `dynamodbav:"template_name,omitempty"`
	TemplateLanguage string            `dynamodbav:"template_language,omitempty"`
	TemplateCategory string            `dynamodbav:"template_category,omitempty"`
	InWindow         bool              `dynamodbav:"in_window,omitempty"`
	CallbackData     string            `dynamodbav:"biz_opaque_callback_data,omitempty"`
	ReplyTo          string            `dynamodbav:"reply_to,omitempty"`
	Body             string            `dynamodbav:"body"`
	Status           string            `dynamodbav:"status"`
	StatusTimes      map[string]string `dynamodbav:"status_times"`
	NetworkID        string            `dynamodbav:"network_id,omitempty"`
	FailureCode      int               `dynamodbav:"failure_code,omitempty"`
	FailureTitle     string            `dynamodbav:"failure_title,omitempty"`
	FailureDetails   string            `dynamodbav:"failure_details,omitempty"`
	// Owed is the set of statuses whose webhook is owed (message.Owed):
	// a string set, so a move adds to it and a settle deletes from it
	// without reading it; DynamoDB drops it when it empties.
	Owed      []string `dynamodbav:"owed,stringset,omitempty"`
	CreatedAt string   `dynamodbav:"created_at"`
	UpdatedAt string   `dynamodbav:"updated_at"`
	// The dispatch marker: while armed, the message sits in the index
	// under its outbox shard and due time, where the sweeper finds it.
	GSI1PK      string `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK      string `dynamodbav:"gsi1sk,omitempty"`
	DispatchDue string `dynamodbav:"dispatch_due,omitempty"`
	ClaimUntil  int64  `dynamodbav:"claim_until,omitempty"`
	// DispatchAttempts counts the claims, raised by each.
	DispatchAttempts int `dynamodbav:"dispatch_attempts,omitempty"`
}

func toItem(m message.Message, due time.Time) messageItem {
	content, _ := plainjson.Marshal(m.Content) // strings and bools always marshal
	it := messageItem{PK: table.Message(m.ID), SK: table.Message(m.ID), Type: table.TypeMessage, ID: m.ID, ZBAID: m.ZBAID,
		PhoneNumberID: m.PhoneNumberID, From: m.From, Origination: m.Origination, To: m.To, MessageType: m.Type,
		Content: string(content), CallbackData: m.BizOpaqueCallbackData, ReplyTo: m.ReplyTo, Body: string(m.Body),
		InWindow: m.InWindow, Status: string(m.Status), StatusTimes: map[string]string{}, NetworkID: m.NetworkID,
		DispatchAttempts: m.DispatchAttempts, CreatedAt: dynamo.FormatTime(m.CreatedAt), UpdatedAt: dynamo.FormatTime(m.UpdatedAt)}
	for s, at := range m.StatusTimes {
		it.StatusTimes[string(s)] = dynamo.FormatTime(at)
	}
	if m.Template != nil {
		it.TemplateName, it.TemplateLanguage, it.TemplateCategory = m.Template.Name, m.Template.Language, m.Template.Category
	}
	for _, st := range m.Owed {
		it.Owed = append(it.Owed, string(st))
	}
	if m.Failure != nil {
		it.FailureCode, it.FailureTitle, it.FailureDetails = m.Failure.Code, m.Failure.Title, m.Failure.Details
	}
	if !due.IsZero() {
		it.GSI1PK = table.OutboxShard(table.OutboxShardOf(m.ID))
		it.GSI1SK = table.OutboxDue(due, m.ID)
		it.DispatchDue = dynamo.FormatTime(due)
	}
	return it
}

func (it messageItem) asDomain() message.Message {
	m := message.Message{ID: it.ID, ZBAID: it.ZBAID, PhoneNumberID: it.PhoneNumberID, From: it.From, Origination: it.Origination,
		To: it.To, Type: it.MessageType, BizOpaqueCallbackData: it.CallbackData, ReplyTo: it.ReplyTo, Body: []byte(it.Body),
		InWindow: it.InWindow, Status: message.Status(it.Status), StatusTimes: map[message.Status]time.Time{}, NetworkID: it.NetworkID,
		DispatchAttempts: it.DispatchAttempts, CreatedAt: dynamo.ParseTime(it.CreatedAt), UpdatedAt: dynamo.ParseTime(it.UpdatedAt)}
	_ = json.Unmarshal([]byte(it.Content), &m.Content) // written by toItem; an unreadable one leaves Content empty
	for s, at := range it.StatusTimes {
		m.StatusTimes[message.Status(s)] = dynamo.ParseTime(at)
	}
	if it.TemplateName != "" {
		m.Template = &message.TemplateRef{Name: it.TemplateName, Language: it.TemplateLanguage, Category: it.TemplateCategory}
	}
	for _, st := range it.Owed {
		m.Owed = append(m.Owed, message.Status(st))
	}
	message.SortStatuses(m.Owed) // a set comes back in no order
	if it.FailureCode != 0 {
		m.Failure = &message.Failure{Code: it.FailureCode, Title: it.FailureTitle, Details: it.FailureDetails}
	}
	return m
}

// windowItem is a sender's 24-hour window with a recipient.
type windowItem struct {
	PK            string `dynamodbav:"pk"`
	SK            string `dynamodbav:"sk"`
	Type          string `dynamodbav:"type"`
	ZBAID         string `dynamodbav:"zba_id"`
	PhoneNumberID string `dynamodbav:"phone_number_id"`
	Recipient     string `dynamodbav:"recipient"`
	LastInbound   string `dynamodbav:"last_inbound"`
	// UntilMillis is compared by the write's condition.
	UntilMillis int64 `dynamodbav:"until_ms"`
	ExpiresAt   int64 `dynamodbav:"expires_at"`
}

// optOutItem is the latest change of a recipient's opt-out of a ZBA's
// marketing: an opt-out, or an opt-in kept as long as an older opt-out
// could still arrive (then it expires), so that changes apply in the order
// of their times. An item without opted_out (written before opt-ins were
// kept) is an opt-out of no known time.
type optOutItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	Type      string `dynamodbav:"type"`
	ZBAID     string `dynamodbav:"zba_id"`
	Recipient string `dynamodbav:"recipient"`
	OptedOut  bool   `dynamodbav:"opted_out"`
	At        string `dynamodbav:"changed_at"`
	// AtMillis is the change's time, which the next change's condition
	// compares.
	AtMillis  int64 `dynamodbav:"at_ms"`
	ExpiresAt int64 `dynamodbav:"expires_at,omitempty"`
}

// optedOutAttr is optOutItem.OptedOut's attribute.
const optedOutAttr = "opted_out"

// optedOut reads an opt-out item as Lookup finds it: present and not an
// opt-in (nil: none).
func optedOut(item map[string]types.AttributeValue) bool {
	if item == nil {
		return false
	}
	v, ok := item[optedOutAttr].(*types.AttributeValueMemberBOOL)
	return !ok || v.Value
}

// inboundItem marks a user's message as handled.
type inboundItem struct {
	PK        string `dynamodbav:"pk"`
	SK        string `dynamodbav:"sk"`
	Type      string `dynamodbav:"type"`
	At        string `dynamodbav:"at"`
	ExpiresAt int64  `dynamodbav:"expires_at"`
}

// lastTemplateItem is the template a ZBA last delivered to a recipient.
type lastTemplateItem struct {
	PK       string `dynamodbav:"pk"`
	SK       string `dynamodbav:"sk"`
	Type     string `dynamodbav:"type"`
	Name     string `dynamodbav:"template_name"`
	Language string `dynamodbav:"template_language"`
	Category string `dynamodbav:"template_category,omitempty"`
	At       string `dynamodbav:"delivered_at"`
}
