// Package callstore is the DynamoDB store of call sessions: one item per
// call in a partition of its own, indexed on gsi1 by provider and time so a
// provider's page finds its calls with one Query. Every update is
// conditional on the version read; items expire by TTL after
// call.Retention. It imports the call feature alone.
package callstore

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/call"
)

// Store stores call sessions.
type Store struct{ tb dynamo.Table }

// New returns the call store over the table.
func New(tb dynamo.Table) *Store { return &Store{tb: tb} }

var _ call.Calls = (*Store)(nil)

// Key is the key of a call's item.
func Key(id string) map[string]types.AttributeValue { return dynamo.Key(table.Call(id), table.CallSK) }

// StatusKey is the key of a provider's status item: its reservation.
func StatusKey(zbaID, providerID string) map[string]types.AttributeValue {
	return dynamo.Key(table.ProviderStatus(zbaID), table.Provider(providerID))
}

// The attributes of a provider's status item that reserve it: the call
// that holds it, and until when (epoch milliseconds, so that the
// conditions compare numbers).
const (
	busyCallAttr  = "busy_call"
	busyUntilAttr = "busy_until"
)

func millis(t time.Time) int64 { return t.UnixMilli() }

// CreateCall implements call.Calls: one transaction of the call's put on
// its id's absence and the update of its provider's status item, on the
// condition that no call holds it now (calls.md §4).
func (s *Store) CreateCall(ctx context.Context, c call.Call) error {
	const op = "create call"
	put, err := s.tb.TransactPut(toItem(c), dynamo.ItemAbsent, op)
	if err != nil {
		return err
	}
	until := expression.Name(busyUntilAttr)
	upd := expression.Set(expression.Name(busyCallAttr), expression.Value(c.ID)).
		Set(until, expression.Value(millis(c.ReservedUntil()))).
		Set(expression.Name(table.TypeAttribute), expression.Value(table.TypeProviderStatus))
	// The provider as matched: of the link generation its copy carried
	// (none for one put before links had one), so that a provider put
	// again or removed since is not reserved by a stale copy.
	gen := expression.Name(table.LinkGenAttribute).Equal(expression.Value(c.ProviderGen))
	if c.ProviderGen == "" {
		gen = gen.Or(expression.Name(table.LinkGenAttribute).AttributeNotExists())
	}
	reserve, err := s.tb.TransactUpdate(StatusKey(c.ZBAID, c.ProviderID), upd,
		gen.And(until.AttributeNotExists().Or(until.LessThanEqual(expression.Value(millis(c.CreatedAt))))), op)
	if err != nil {
		return err
	}
	err = s.tb.TransactWrite(ctx, []types.TransactWriteItem{put, reserve})
	switch reasons := dynamo.CancelReasons(err); {
	case err == nil:
		return nil
	case len(reasons) == 2 && reasons[0] == dynamo.ConditionCheckFailed:
		return call.ErrCallExists
	case len(reasons) == 2 && (reasons[1] == dynamo.ConditionCheckFailed || reasons[1] == dynamo.TransactionConflict):
		// Held, or being reserved by another create right now.
		return call.ErrProviderBusy
	}
	return dynamo.Unavailable(op, err)
}

// BusyProviders implements call.Calls: one strongly consistent Query of
// the ZBA's status partition, of the items a call holds past at; one read
// (1 MB, thousands of providers), which is enough to skip the busy ones:
// the reservation's condition is what keeps two calls apart.
func (s *Store) BusyProviders(ctx context.Context, zbaID string, at time.Time) (map[string]bool, error) {
	const op = "list busy providers"
	kc := expression.Key(table.PartitionKey).Equal(expression.Value(table.ProviderStatus(zbaID)))
	filter := expression.Name(busyUntilAttr).GreaterThan(expression.Value(millis(at)))
	in, err := s.tb.QueryInput("", kc, expression.NewBuilder().WithFilter(filter), op)
	if err != nil {
		return nil, err
	}
	in.ConsistentRead = aws.Bool(true)
	items, _, err := dynamo.QueryWithin[statusItem](ctx, s.tb.DB(), in, busyRead, true, dynamo.QueryBudget{PerCall: busyRead, Calls: 1}, op)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for _, it := range items {
		if id, ok := strings.CutPrefix(it.SK, table.ProviderPrefix); ok {
			out[id] = true
		}
	}
	return out, nil
}

// ProviderLinkGen implements call.Calls: one strongly consistent GetItem
// of the provider's status item (a link is used as soon as its put
// returns).
func (s *Store) ProviderLinkGen(ctx context.Context, zbaID, providerID string) (string, error) {
	it, found, err := dynamo.GetItem[statusItem](ctx, s.tb, StatusKey(zbaID, providerID), true, "get provider status")
	if err != nil {
		return "", err
	}
	if !found || it.LinkGen == nil {
		return "", call.ErrProviderNotFound
	}
	return *it.LinkGen, nil
}

// busyRead bounds the status items BusyProviders evaluates.
const busyRead = 5000

// statusItem is a provider's status item as BusyProviders reads it.
type statusItem struct {
	SK      string  `dynamodbav:"sk"`
	LinkGen *string `dynamodbav:"link_gen"`
}

// GetCall implements call.Calls: strongly consistent, as the pages poll
// for changes another request just wrote.
func (s *Store) GetCall(ctx context.Context, id string) (call.Call, error) {
	it, found, err := dynamo.GetItem[item](ctx, s.tb, Key(id), true, "get call")
	if err != nil {
		return call.Call{}, err
	}
	if !found {
		return call.Call{}, call.ErrCallNotFound
	}
	return it.asDomain(), nil
}

// UpdateCall implements call.Calls: one transaction of a put conditional
// on the version before c's (the old item, returned on a failed
// condition, tells a missing call from a changed one) and the update of
// the provider's reservation, conditional on c holding it: held until
// c.ReservedUntil(), or released once c is over. When c no longer holds
// it (the reservation lapsed, or the provider was removed), the call is
// written alone.
func (s *Store) UpdateCall(ctx context.Context, c call.Call) error {
	return s.write(ctx, c, c.Version-1, "update call")
}

// TouchCall implements call.Calls: UpdateCall's write over the version c
// keeps.
func (s *Store) TouchCall(ctx context.Context, c call.Call) error {
	return s.write(ctx, c, c.Version, "record a call's poll")
}

// write puts c over the stored call at version read, with its provider's
// reservation (UpdateCall).
func (s *Store) write(ctx context.Context, c call.Call, read int, op string) error {
	in, err := s.tb.PutInput(toItem(c), dynamo.VersionIs(read), op)
	if err != nil {
		return err
	}
	in.ReturnValuesOnConditionCheckFailure = types.ReturnValuesOnConditionCheckFailureAllOld
	put := types.TransactWriteItem{Put: &types.Put{TableName: in.TableName, Item: in.Item,
		ConditionExpression: in.ConditionExpression, ExpressionAttributeNames: in.ExpressionAttributeNames,
		ExpressionAttributeValues:           in.ExpressionAttributeValues,
		ReturnValuesOnConditionCheckFailure: types.ReturnValuesOnConditionCheckFailureAllOld}}
	upd := expression.Remove(expression.Name(busyCallAttr)).Remove(expression.Name(busyUntilAttr))
	if !c.State.Final() {
		upd = expression.Set(expression.Name(busyUntilAttr), expression.Value(millis(c.ReservedUntil())))
	}
	held, err := s.tb.TransactUpdate(StatusKey(c.ZBAID, c.ProviderID), upd,
		expression.Name(busyCallAttr).Equal(expression.Value(c.ID)), op)
	if err != nil {
		return err
	}
	err = s.tb.TransactWrite(ctx, []types.TransactWriteItem{put, held})
	var tce *types.TransactionCanceledException
	switch {
	case err == nil:
		return nil
	case !errors.As(err, &tce) || len(tce.CancellationReasons) != 2:
		return dynamo.Unavailable(op, err)
	case aws.ToString(tce.CancellationReasons[0].Code) == dynamo.ConditionCheckFailed:
		if tce.CancellationReasons[0].Item == nil {
			return call.ErrCallNotFound
		}
		return call.ErrConflict
	case aws.ToString(tce.CancellationReasons[1].Code) != dynamo.ConditionCheckFailed:
		return dynamo.Unavailable(op, err)
	}
	// The reservation is not c's: the call alone.
	_, err = s.tb.DB().PutItem(ctx, in)
	if old, failed := dynamo.ConditionFailedItem(err); failed {
		if old == nil {
			return call.ErrCallNotFound
		}
		return call.ErrConflict
	}
	if err != nil {
		return dynamo.Unavailable(op, err)
	}
	return nil
}

// maxListed bounds a provider's list: the page shows recent calls only.
const maxListed = 50

// ListProviderCalls implements call.Calls: one Query of the provider's
// index partition, newest first.
func (s *Store) ListProviderCalls(ctx context.Context, zbaID, providerID string, since time.Time) ([]call.Call, error) {
	const op = "list provider calls"
	kc := expression.Key(table.GSI1.PartitionKey).Equal(expression.Value(table.ProviderCalls(zbaID, providerID))).
		And(expression.Key(table.GSI1.SortKey).GreaterThanEqual(expression.Value(table.CallsSince(since))))
	in, err := s.tb.QueryInput(table.GSI1.Name, kc, expression.NewBuilder(), op)
	if err != nil {
		return nil, err
	}
	in.ScanIndexForward = aws.Bool(false)
	items, _, err := dynamo.QueryWithin[item](ctx, s.tb.DB(), in, maxListed, false, dynamo.QueryBudget{PerCall: maxListed, Calls: 1}, op)
	if err != nil {
		return nil, err
	}
	out := make([]call.Call, 0, len(items))
	for _, it := range items {
		out = append(out, it.asDomain())
	}
	return out, nil
}

// item is a call as the table holds it.
type item struct {
	PK           string  `dynamodbav:"pk"`
	SK           string  `dynamodbav:"sk"`
	Type         string  `dynamodbav:"type"`
	GSI1PK       string  `dynamodbav:"gsi1pk"`
	GSI1SK       string  `dynamodbav:"gsi1sk"`
	ID           string  `dynamodbav:"call_id"`
	ZBAID        string  `dynamodbav:"zba_id"`
	ProviderID   string  `dynamodbav:"provider_id"`
	ProviderName string  `dynamodbav:"provider_name"`
	ProviderGen  string  `dynamodbav:"provider_gen,omitempty"`
	State        string  `dynamodbav:"state"`
	Query        string  `dynamodbav:"query,omitempty"`
	CallerName   string  `dynamodbav:"caller_name,omitempty"`
	RedirectURL  string  `dynamodbav:"redirect_url"`
	Lat          float64 `dynamodbav:"lat"`
	Lon          float64 `dynamodbav:"lon"`
	DistanceKm   float64 `dynamodbav:"distance_km"`
	Offer        string  `dynamodbav:"offer,omitempty"`
	Answer       string  `dynamodbav:"answer,omitempty"`
	EndedBy      string  `dynamodbav:"ended_by,omitempty"`
	EndReason    string  `dynamodbav:"end_reason,omitempty"`
	UserSeenAt   string  `dynamodbav:"user_seen_at,omitempty"`
	ProvSeenAt   string  `dynamodbav:"provider_seen_at,omitempty"`
	CreatedAt    string  `dynamodbav:"created_at"`
	UpdatedAt    string  `dynamodbav:"updated_at"`
	RingingAt    string  `dynamodbav:"ringing_at,omitempty"`
	ConnectedAt  string  `dynamodbav:"connected_at,omitempty"`
	EndedAt      string  `dynamodbav:"ended_at,omitempty"`
	Version      int     `dynamodbav:"version"`
	TTL          int64   `dynamodbav:"expires_at"`
}

func optTime(t *time.Time) string {
	if t == nil {
		return ""
	}
	return dynamo.FormatTime(*t)
}

func parseOpt(s string) *time.Time {
	if s == "" {
		return nil
	}
	t := dynamo.ParseTime(s)
	return &t
}

func toItem(c call.Call) item {
	return item{PK: table.Call(c.ID), SK: table.CallSK, Type: table.TypeCall,
		GSI1PK: table.ProviderCalls(c.ZBAID, c.ProviderID), GSI1SK: table.CallCreated(c.CreatedAt, c.ID),
		ID: c.ID, ZBAID: c.ZBAID, ProviderID: c.ProviderID, ProviderName: c.ProviderName, ProviderGen: c.ProviderGen, State: string(c.State),
		Query: c.Query, CallerName: c.CallerName, RedirectURL: c.RedirectURL, Lat: c.Lat, Lon: c.Lon,
		DistanceKm: c.DistanceKm, Offer: c.Offer, Answer: c.Answer, EndedBy: c.EndedBy, EndReason: string(c.EndReason),
		CreatedAt: dynamo.FormatTime(c.CreatedAt), UpdatedAt: dynamo.FormatTime(c.UpdatedAt),
		RingingAt: optTime(c.RingingAt), ConnectedAt: optTime(c.ConnectedAt), EndedAt: optTime(c.EndedAt),
		UserSeenAt: optTime(c.UserSeenAt), ProvSeenAt: optTime(c.ProviderSeenAt), Version: c.Version, TTL: c.ExpiresAt().Unix()}
}

func (it item) asDomain() call.Call {
	return call.Call{ID: it.ID, ZBAID: it.ZBAID, ProviderID: it.ProviderID, ProviderName: it.ProviderName, ProviderGen: it.ProviderGen,
		State: call.State(it.State), Query: it.Query, CallerName: it.CallerName, RedirectURL: it.RedirectURL,
		Lat: it.Lat, Lon: it.Lon, DistanceKm: it.DistanceKm, Offer: it.Offer, Answer: it.Answer, EndedBy: it.EndedBy, EndReason: call.Reason(it.EndReason),
		CreatedAt: dynamo.ParseTime(it.CreatedAt), UpdatedAt: dynamo.ParseTime(it.UpdatedAt),
		RingingAt: parseOpt(it.RingingAt), ConnectedAt: parseOpt(it.ConnectedAt), EndedAt: parseOpt(it.EndedAt),
		UserSeenAt: parseOpt(it.UserSeenAt), ProviderSeenAt: parseOpt(it.ProvSeenAt), Version: it.Version}
}
