// Package messagestore is the DynamoDB store of messages and of what a
// send is checked against (windows, opt-outs, marketing counts). Its
// Lookup reads the sender's registration and the template through the
// account and template stores' item layouts, in the same call.
package messagestore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/accountstore"
	"svc/internal/adapter/dynamo/idemstore"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/adapter/dynamo/templatestore"
	"svc/internal/feature/message"
	"svc/internal/platform/idempotency"
)

// Store is the message store over the table.
type Store struct{ tb dynamo.Table }

// New returns the message store over the table.
func New(tb dynamo.Table) *Store { return &Store{tb: tb} }

var _ message.InboundStore = (*Store)(nil)

// Key is the key of a message record.
func Key(id string) map[string]types.AttributeValue {
	return dynamo.Key(table.Message(id), table.Message(id))
}

// Lookup implements message.Store with one call: a strongly consistent
// GetItem when it reads one item (the inbound path's sender), else one
// TransactGetItems of the sender, the template, the window and the opt-out
// it names, for the GetItem permission alone (BatchGetItem would need a
// grant of its own). A transactional read is cancelled only by a write to
// one of its items in flight, which senders and templates rarely see.
func (s *Store) Lookup(ctx context.Context, l message.Lookup) (message.Found, error) {
	const op = "look up send"
	var keys []map[string]types.AttributeValue
	at := func(read bool, k map[string]types.AttributeValue) int {
		if !read {
			return -1
		}
		keys = append(keys, k)
		return len(keys) - 1
	}
	pk := table.Recipient(l.ZBAID, l.Recipient)
	phone := at(l.Sender, accountstore.PhoneKey(l.PhoneNumberID))
	tmpl := -1
	if l.Template != nil {
		tmpl = at(true, templatestore.Key(*l.Template))
	}
	window := at(l.Window, dynamo.Key(pk, table.Window(l.PhoneNumberID)))
	optOut := at(l.OptOut, dynamo.Key(pk, table.OptOutSK))
	items, err := s.read(ctx, keys, op)
	if err != nil {
		return message.Found{}, err
	}
	var f message.Found
	if phone >= 0 && items[phone] != nil {
		p, err := accountstore.DecodePhone(items[phone])
		if err != nil {
			return f, fmt.Errorf("%s: phone: %w", op, err)
		}
		f.Phone = &p
	}
	if tmpl >= 0 && items[tmpl] != nil {
		t, err := templatestore.DecodeTemplate(items[tmpl])
		if err != nil {
			return f, fmt.Errorf("%s: template: %w", op, err)
		}
		f.Template = &t
	}
	if window >= 0 && items[window] != nil {
		var w windowItem
		if err := attributevalue.UnmarshalMap(items[window], &w); err != nil {
			return f, fmt.Errorf("%s: window: %w", op, err)
		}
		f.WindowUntil = time.UnixMilli(w.UntilMillis).UTC()
	}
	f.OptedOut = optOut >= 0 && optedOut(items[optOut])
	return f, nil
}

// read reads keys, strongly consistent, in one call: none for no key,
// GetItem for one, TransactGetItems for more. Missing items are nil.
func (s *Store) read(ctx context.Context, keys []map[string]types.AttributeValue, op string) ([]map[string]types.AttributeValue, error) {
	switch len(keys) {
	case 0:
		return nil, nil
	case 1:
		out, err := s.tb.DB().GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(s.tb.Name()), Key: keys[0], ConsistentRead: aws.Bool(true)})
		if err != nil {
			return nil, dynamo.Unavailable(op, err)
		}
		return []map[string]types.AttributeValue{out.Item}, nil
	}
	in := &dynamodb.TransactGetItemsInput{}
	for _, k := range keys {
		in.TransactItems = append(in.TransactItems, types.TransactGetItem{Get: &types.Get{TableName: aws.String(s.tb.Name()), Key: k}})
	}
	out, err := s.tb.DB().TransactGetItems(ctx, in)
	if err != nil {
		return nil, dynamo.Unavailable(op, err)
	}
	if len(out.Responses) != len(keys) {
		return nil, fmt.Errorf("%s: %d responses for %d keys", op, len(out.Responses), len(keys))
	}
	items := make([]map[string]types.AttributeValue, len(keys))
	for i, r := range out.Responses {
		items[i] = r.Item
	}
	return items, nil
}

// Accept implements message.Store with one TransactWriteItems: the message
// (on its absence), the idempotency completion (on the attempt's lease), a
// check that the recipient has not opted out and the marketing count
// (under its cap). Every item it touches is the send's own or the
// recipient's: DynamoDB cancels concurrent transactions that touch one
// item (a ConditionCheck included), so nothing every send of a sender or
// of a template shares (its registration, the template, the throughput
// counter) is in it.
func (s *Store) Accept(ctx context.Context, a message.Acceptance) error {
	const op = "accept message"
	put, err := s.tb.TransactPut(toItem(a.Message, a.DispatchDue), dynamo.ItemAbsent, op)
	if err != nil {
		return err
	}
	steps := []types.TransactWriteItem{put}
	reasons := []error{message.ErrExists}
	add := func(step types.TransactWriteItem, err error, reason error) error {
		if err == nil {
			steps, reasons = append(steps, step), append(reasons, reason)
		}
		return err
	}
	if a.Idempotency != nil {
		step, err := idemstore.CompleteStep(s.tb, *a.Idempotency)
		if err := add(step, err, idempotency.ErrNoClaim); err != nil {
			return err
		}
	}
	if a.CheckOptOut {
		k := dynamo.Key(table.Recipient(a.Message.ZBAID, a.Message.To), table.OptOutSK)
		step, err := s.tb.TransactCheck(k, dynamo.ItemAbsent.Or(expression.Name(optedOutAttr).Equal(expression.Value(false))), op)
		if err := add(step, err, message.ErrOptedOut); err != nil {
			return err
		}
	}
	if mk := a.Marketing; mk != nil {
		count := expression.Name("count")
		upd := expression.Add(count, expression.Value(1)).
			Set(expression.Name(table.TypeAttribute), expression.Value(table.TypeMarketingCount)).
			Set(expression.Name(table.TTLAttribute), expression.Value(mk.ExpiresAt.Unix()))
		k := dynamo.Key(table.Recipient(a.Message.ZBAID, a.Message.To), table.MarketingCount(mk.WindowStart.Unix()))
		step, err := s.tb.TransactUpdate(k, upd, count.AttributeNotExists().Or(count.LessThan(expression.Value(mk.Cap))), op)
		if err := add(step, err, message.ErrMarketingCap); err != nil {
			return err
		}
	}
	err = s.tb.TransactWrite(ctx, steps)
	if r := dynamo.CancelReasons(err); r != nil {
		for i, code := range r {
			if code == dynamo.ConditionCheckFailed && i < len(reasons) {
				return reasons[i]
			}
		}
	}
	switch {
	case dynamo.OutcomeUnknown(err):
		return fmt.Errorf("%w: %w", message.ErrOutcomeUnknown, dynamo.Unavailable(op, err))
	case err != nil:
		return dynamo.Unavailable(op, err)
	}
	return nil
}

// GetMessage implements message.Store.
func (s *Store) GetMessage(ctx context.Context, id string) (message.Message, error) {
	it, found, err := dynamo.GetItem[messageItem](ctx, s.tb, Key(id), true, "get message")
	if err != nil {
		return message.Message{}, err
	}
	if !found {
		return message.Message{}, message.ErrNotFound
	}
	return it.asDomain(), nil
}

var (
	statusAttr = expression.Name("status")
	claimAttr  = expression.Name("claim_until")
)

// Claim implements message.Store with one UpdateItem that counts the
// attempt and returns the record, conditional on the status and on no
// live claim.
func (s *Store) Claim(ctx context.Context, id string, now, leaseUntil time.Time) (message.Message, error) {
	const op = "claim message"
	cond := statusAttr.Equal(expression.Value(string(message.StatusAccepted))).
		And(claimAttr.AttributeNotExists().Or(claimAttr.LessThanEqual(expression.Value(now.UnixMilli()))))
	upd := expression.Set(claimAttr, expression.Value(leaseUntil.UnixMilli())).
		Add(expression.Name("dispatch_attempts"), expression.Value(1))
	in, err := s.tb.UpdateInput(Key(id), upd, cond, op)
	if err != nil {
		return message.Message{}, err
	}
	in.ReturnValues = types.ReturnValueAllNew
	in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	out, err := s.tb.DB().UpdateItem(ctx, in)
	if old, failed := dynamo.ConditionFailedItem(err); failed {
		if old == nil {
			return message.Message{}, message.ErrNotFound
		}
		// The record as it is, for free: a redelivered job reads from it
		// what the dispatch that moved the message still owes.
		var it messageItem
		if err := attributevalue.UnmarshalMap(old, &it); err != nil {
			return message.Message{}, fmt.Errorf("%s: unmarshal: %w", op, err)
		}
		return it.asDomain(), message.ErrNotClaimable
	}
	if err != nil {
		return message.Message{}, dynamo.Unavailable(op, err)
	}
	var it messageItem
	if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
		return message.Message{}, fmt.Errorf("%s: unmarshal: %w", op, err)
	}
	return it.asDomain(), nil
}

// owedAttr is the set of statuses whose webhook is owed.
var owedAttr = expression.Name("owed")

// owed is status as a one-member string set, the operand of ADD and DELETE
// on owedAttr.
func owed(status message.Status) expression.ValueBuilder {
	return expression.Value(types.AttributeValueMemberSS{Value: []string{string(status)}})
}

// move moves an accepted message to status to at at, with upd's further
// changes (the network id, say); see transition. A message moved on is
// left alone.
func (s *Store) move(ctx context.Context, id string, to message.Status, at time.Time, upd expression.UpdateBuilder) (bool, error) {
	return s.transition(ctx, "mark message "+string(to), id, statusAttr.Equal(expression.Value(string(message.StatusAccepted))), to, at, upd)
}

// transition is the one UpdateItem that moves a message to status to at
// at, if cond holds: it sets the status and its time, owes the move's
// webhook and disarms the dispatch (its outbox marker, due time and
// claim), which a message past accepted no longer needs, with upd's
// further changes. A failed condition returns the item as it was, which
// tells a message gone (ErrNotFound) from one moved on (false, nil)
// without a second read.
func (s *Store) transition(ctx context.Context, op, id string, cond expression.ConditionBuilder, to message.Status, at time.Time, upd expression.UpdateBuilder) (bool, error) {
	upd = upd.Set(statusAttr, expression.Value(string(to))).
		Set(expression.Name("status_times."+string(to)), expression.Value(dynamo.FormatTime(at))).
		Set(expression.Name("updated_at"), expression.Value(dynamo.FormatTime(at))).
		Add(owedAttr, owed(to)).
		Remove(expression.Name(table.GSI1.PartitionKey)).Remove(expression.Name(table.GSI1.SortKey)).
		Remove(expression.Name("dispatch_due")).Remove(claimAttr)
	in, err := s.tb.UpdateInput(Key(id), upd, cond, op)
	if err != nil {
		return false, err
	}
	in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	_, err = s.tb.DB().UpdateItem(ctx, in)
	if old, failed := dynamo.ConditionFailedItem(err); failed {
		if old == nil {
			return false, message.ErrNotFound
		}
		return false, nil
	}
	return err == nil, dynamo.WriteError(op, err, nil)
}

// failureUpdate records why a message failed.
func failureUpdate(f message.Failure) expression.UpdateBuilder {
	return expression.Set(expression.Name("failure_code"), expression.Value(f.Code)).
		Set(expression.Name("failure_title"), expression.Value(f.Title)).
		Set(expression.Name("failure_details"), expression.Value(f.Details))
}

// MarkSent implements message.Store. The network's own statuses may
// overtake the dispatch that sent the message (the sent status moved it
// first): the network id is then recorded alone, once.
func (s *Store) MarkSent(ctx context.Context, id, networkID string, at time.Time) (bool, error) {
	nid := expression.Name("network_id")
	if moved, err := s.move(ctx, id, message.StatusSent, at, expression.Set(nid, expression.Value(networkID))); moved || err != nil {
		return moved, err
	}
	err := s.tb.ConditionalUpdate(ctx, "record network id", Key(id), expression.Set(nid, expression.Value(networkID)),
		nid.AttributeNotExists().And(expression.Name(table.PartitionKey).AttributeExists()), errSeen)
	if errors.Is(err, errSeen) {
		return false, nil
	}
	return false, err
}

// MarkFailed implements message.Store.
func (s *Store) MarkFailed(ctx context.Context, id string, f message.Failure, at time.Time) (bool, error) {
	return s.move(ctx, id, message.StatusFailed, at, failureUpdate(f).Remove(expression.Name("body")))
}

// Advance implements message.Store with one UpdateItem (see transition)
// conditional on the message's status being one that may move to to.
func (s *Store) Advance(ctx context.Context, id string, to message.Status, at time.Time, f *message.Failure) (bool, error) {
	from := message.MovesTo(to)
	if len(from) == 0 {
		return false, nil
	}
	var operands []expression.OperandBuilder
	for _, st := range from[1:] {
		operands = append(operands, expression.Value(string(st)))
	}
	var upd expression.UpdateBuilder
	if f != nil {
		upd = failureUpdate(*f)
	}
	return s.transition(ctx, "advance message to "+string(to), id, statusAttr.In(expression.Value(string(from[0])), operands...), to, at, upd)
}

// Settle implements message.Store with one UpdateItem deleting status
// from the owed set, on the condition that the set holds it: a message
// that does not owe it, or is gone, is neither changed nor created.
func (s *Store) Settle(ctx context.Context, id string, status message.Status) error {
	return s.tb.ConditionalUpdate(ctx, "settle "+string(status)+" webhook", Key(id), expression.Delete(owedAttr, owed(status)),
		expression.Contains(owedAttr, string(status)), nil)
}

// DueDispatches implements message.Store: each outbox shard of the index is
// read up to now, until limit messages are found.
func (s *Store) DueDispatches(ctx context.Context, now time.Time, limit int) ([]string, error) {
	items, err := dynamo.QueryDue[messageItem](ctx, s.tb, table.OutboxShards, table.OutboxShard, table.OutboxDueBy(now), limit,
		"query due dispatches")
	var out []string
	for _, it := range items {
		out = append(out, it.ID)
	}
	return out, err
}

// RearmDispatch implements message.Store; a message disarmed since is left
// alone.
func (s *Store) RearmDispatch(ctx context.Context, id string, due time.Time) error {
	upd := expression.Set(expression.Name(table.GSI1.SortKey), expression.Value(table.OutboxDue(due, id))).
		Set(expression.Name("dispatch_due"), expression.Value(dynamo.FormatTime(due)))
	return s.tb.ConditionalUpdate(ctx, "rearm dispatch", Key(id), upd, expression.Name(table.GSI1.PartitionKey).AttributeExists(), nil)
}

// windowSlack keeps a closed window's item a day past its end, for
// operators reading why a send was refused.
const windowSlack = 24 * time.Hour

// OpenWindow implements message.Store: a put that never moves a window's
// end backwards (inbound messages may be handled out of order).
func (s *Store) OpenWindow(ctx context.Context, w message.Window) error {
	it := windowItem{PK: table.Recipient(w.ZBAID, w.Recipient), SK: table.Window(w.PhoneNumberID), Type: table.TypeWindow,
		ZBAID: w.ZBAID, PhoneNumberID: w.PhoneNumberID, Recipient: w.Recipient, LastInbound: dynamo.FormatTime(w.LastInbound),
		UntilMillis: w.Until.UnixMilli(), ExpiresAt: w.Until.Add(windowSlack).Unix()}
	cond := dynamo.ItemAbsent.Or(expression.Name("until_ms").LessThan(expression.Value(it.UntilMillis)))
	return s.tb.ConditionalPut(ctx, "open window", it, cond, nil)
}

// SetMarketingOptOut implements message.Store with one conditional
// PutItem of the change, an opt-in included (it expires once no older
// opt-out can still arrive), unless the stored change is later.
func (s *Store) SetMarketingOptOut(ctx context.Context, zbaID, recipient string, optedOut bool, at time.Time) (bool, error) {
	it := optOutItem{PK: table.Recipient(zbaID, recipient), SK: table.OptOutSK, Type: table.TypeOptOut, ZBAID: zbaID,
		Recipient: recipient, OptedOut: optedOut, At: dynamo.FormatTime(at), AtMillis: at.UnixMilli()}
	if !optedOut {
		it.ExpiresAt = at.Add(inboundMemory).Unix()
	}
	atMs := expression.Name("at_ms")
	cond := dynamo.ItemAbsent.Or(atMs.AttributeNotExists()).Or(atMs.LessThanEqual(expression.Value(it.AtMillis)))
	err := s.tb.ConditionalPut(ctx, "set marketing opt-out", it, cond, errLaterChange)
	if errors.Is(err, errLaterChange) {
		return false, nil
	}
	return err == nil, err
}

var errLaterChange = errors.New("a later opt-out change is recorded")

// inboundMemory is how long a handled user's message is remembered: far
// beyond the network's redeliveries and the inbound queue's retention.
const inboundMemory = 14 * 24 * time.Hour

// MarkInboundSeen implements message.InboundStore with one conditional
// PutItem.
func (s *Store) MarkInboundSeen(ctx context.Context, phoneID, networkID string, at time.Time) (bool, error) {
	it := inboundItem{PK: table.Inbound(phoneID, networkID), SK: table.InboundSK, Type: table.TypeInbound,
		At: dynamo.FormatTime(at), ExpiresAt: at.Add(inboundMemory).Unix()}
	err := s.tb.ConditionalPut(ctx, "mark inbound seen", it, dynamo.ItemAbsent, errSeen)
	if errors.Is(err, errSeen) {
		return false, nil
	}
	return err == nil, err
}

var errSeen = errors.New("inbound message already handled")

// SetLastTemplate implements message.InboundStore.
func (s *Store) SetLastTemplate(ctx context.Context, zbaID, recipient string, t message.TemplateRef, at time.Time) error {
	return s.tb.Put(ctx, "set last template", lastTemplateItem{PK: table.Recipient(zbaID, recipient), SK: table.LastTemplateSK,
		Type: table.TypeLastTemplate, Name: t.Name, Language: t.Language, Category: t.Category, At: dynamo.FormatTime(at)})
}

// LastTemplate implements message.InboundStore.
func (s *Store) LastTemplate(ctx context.Context, zbaID, recipient string) (*message.TemplateRef, error) {
	it, found, err := dynamo.GetItem[lastTemplateItem](ctx, s.tb, dynamo.Key(table.Recipient(zbaID, recipient), table.LastTemplateSK), false, "get last template")
	if err != nil || !found {
		return nil, err
	}
	return &message.TemplateRef{Name: it.Name, Language: it.Language, Category: it.Category}, nil
}
