// Package providerstore is the DynamoDB store of a ZBA's call directory:
// one item per provider in the ZBA's partition, and a copy of it in the
// index partition of every geohash neighbourhood it lies in, so that the
// providers around a point are found with one Query per neighbourhood
// (usually one in all), never a scan. It imports the call feature alone.
package providerstore

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/call"
	"svc/internal/platform/apperr"
	"svc/internal/platform/geo"
)

// Store is a ZBA's provider directory.
type Store struct {
	tb dynamo.Table
	// The bounds of a search's reads (NearLimit, PerQuery,
	// DirectoryPages).
	nearLimit, perQuery, directoryPages int
}

// New returns the provider store over the table.
func New(tb dynamo.Table) *Store {
	return &Store{tb: tb, nearLimit: NearLimit, perQuery: PerQuery, directoryPages: DirectoryPages}
}

// WithLimits is the store with other bounds on a search's reads: at most
// near items per neighbourhood Query, and directoryPages pages of perQuery
// items of the directory. A crowded place or a large directory at a small
// scale, for tests.
func (s *Store) WithLimits(near, perQuery, directoryPages int) *Store {
	return &Store{tb: s.tb, nearLimit: near, perQuery: perQuery, directoryPages: directoryPages}
}

var _ call.Providers = (*Store)(nil)

// Key is the key of a provider's item.
func Key(zbaID, id string) map[string]types.AttributeValue {
	return dynamo.Key(table.ZBA(zbaID), table.Provider(id))
}

// The index. A provider is copied into the partition
// table.NearProviders(zba, cell) of each cell of its neighbourhood at each
// of call.SearchPrecisions (at most 27 copies): the partition of a cell
// then holds every provider of that cell's neighbourhood, since two cells
// are neighbours both ways (geo.Neighbourhood). A put or a remove writes
// the record and its copies in one transaction, so a search never sees a
// copy of a record that is gone or moved; puts are rare (an operator's),
// searches are on every POST /v1/calls.
//
// The search. One Query reads the widest neighbourhood, at most NearLimit
// items; when that is all of it, call.Widen runs the whole search over it.
// Where it holds more (a crowded place), the finer neighbourhoods are read
// by their own Query, finest first, and the widest's first page completes
// the last. When no neighbourhood has enough, the ZBA's whole directory is
// read, in at most DirectoryPages Queries of PerQuery items (a directory
// larger than that is searched by place only). So a search costs one
// Query, or two with the directory; at most len(call.SearchPrecisions) +
// DirectoryPages Queries whatever the directory's size.

// Bounds of the search's reads.
const (
	// NearLimit is the most items one neighbourhood Query reads (one call;
	// DynamoDB also ends a read at 1 MB, which is then not all of it).
	NearLimit = 300
	// PerQuery and DirectoryPages bound the directory's read.
	PerQuery       = 100
	DirectoryPages = 10
)

// rewriteAttempts bounds the retries of a put or remove whose record
// another write changed between its read and its transaction.
const rewriteAttempts = 4

// PutProvider implements call.Providers: the record is written whole over
// any previous one, and its copies move with its location.
func (s *Store) PutProvider(ctx context.Context, p call.Provider) error {
	return s.rewrite(ctx, p.ZBAID, p.ID, &p, "put provider")
}

// RemoveProvider implements call.Providers: the record and its copies.
func (s *Store) RemoveProvider(ctx context.Context, zbaID, id string) error {
	return s.rewrite(ctx, zbaID, id, nil, "remove provider")
}

// rewrite replaces the record zbaID/id by next (or deletes it when next is
// nil) with its copies, in one transaction conditional on the record as it
// was read: absent, or at the place whose copies it deletes.
func (s *Store) rewrite(ctx context.Context, zbaID, id string, next *call.Provider, op string) error {
	for attempt := 1; ; attempt++ {
		old, found, err := dynamo.GetItem[item](ctx, s.tb, Key(zbaID, id), true, op)
		if err != nil {
			return err
		}
		if !found && next == nil {
			return call.ErrProviderNotFound
		}
		steps, err := s.steps(old, found, next, op)
		if err != nil {
			return err
		}
		err = s.tb.TransactWrite(ctx, steps)
		if err == nil {
			return nil
		}
		if !slices.Contains(dynamo.CancelReasons(err), dynamo.ConditionCheckFailed) {
			return dynamo.Unavailable(op, err)
		}
		if attempt == rewriteAttempts {
			return apperr.Unavailable(fmt.Errorf("dynamodb %s: the record kept changing under %d attempts: %w", op, attempt, err))
		}
	}
}

// steps are the writes of rewrite: the record, the copies of the new
// place, and deletes of the copies of the old place that the new one does
// not overwrite.
func (s *Store) steps(old item, found bool, next *call.Provider, op string) ([]types.TransactWriteItem, error) {
	var steps []types.TransactWriteItem
	cond := dynamo.ItemAbsent
	if found {
		cond = expression.Name("geohash").Equal(expression.Value(old.Geohash))
	}
	var keep []string
	if next != nil {
		rec := toItem(*next)
		put, err := s.tb.TransactPut(rec, cond, op)
		if err != nil {
			return nil, err
		}
		steps = append(steps, put)
		av, err := attributevalue.MarshalMap(rec)
		if err != nil {
			return nil, fmt.Errorf("%s: marshal: %w", op, err)
		}
		// The status item's link generation, in the same write: the
		// provider's links before this put stop working (a reservation it
		// holds is kept).
		gen := expression.Set(expression.Name(table.LinkGenAttribute), expression.Value(next.LinkGen)).
			Set(expression.Name(table.TypeAttribute), expression.Value(table.TypeProviderStatus))
		status, err := s.tb.TransactUpdate(dynamo.Key(table.ProviderStatus(next.ZBAID), table.Provider(next.ID)), gen, expression.ConditionBuilder{}, op)
		if err != nil {
			return nil, err
		}
		steps = append(steps, status)
		for _, pk := range nearPartitions(next.ZBAID, next.Location) {
			c := maps.Clone(av)
			c[table.PartitionKey] = &types.AttributeValueMemberS{Value: pk}
			c[table.TypeAttribute] = &types.AttributeValueMemberS{Value: table.TypeNearProvider}
			steps = append(steps, types.TransactWriteItem{Put: &types.Put{TableName: aws.String(s.tb.Name()), Item: c}})
			keep = append(keep, pk)
		}
	} else {
		del, err := s.tb.TransactDelete(Key(old.ZBAID, old.ID), cond, op)
		if err != nil {
			return nil, err
		}
		steps = append(steps, del)
		// Its status item: its links stop working (a call it is in goes
		// on, no longer holding it).
		status, err := s.tb.TransactDelete(dynamo.Key(table.ProviderStatus(old.ZBAID), table.Provider(old.ID)), expression.ConditionBuilder{}, op)
		if err != nil {
			return nil, err
		}
		steps = append(steps, status)
	}
	if found {
		for _, pk := range nearPartitions(old.ZBAID, geo.Point{Lat: old.Lat, Lon: old.Lon}) {
			if slices.Contains(keep, pk) {
				continue
			}
			// Unconditional: the record's own step guards the transaction.
			del, err := s.tb.TransactDelete(dynamo.Key(pk, table.Provider(old.ID)), expression.ConditionBuilder{}, op)
			if err != nil {
				return nil, err
			}
			steps = append(steps, del)
		}
	}
	return steps, nil
}

// nearPartitions are the index partitions a provider at p is copied into.
func nearPartitions(zbaID string, p geo.Point) []string {
	var out []string
	for _, precision := range call.SearchPrecisions {
		for _, cell := range geo.Neighbourhood(p, precision) {
			out = append(out, table.NearProviders(zbaID, cell))
		}
	}
	return out
}

// GetProvider implements call.Providers.
func (s *Store) GetProvider(ctx context.Context, zbaID, id string) (call.Provider, error) {
	it, found, err := dynamo.GetItem[item](ctx, s.tb, Key(zbaID, id), true, "get provider")
	if err != nil {
		return call.Provider{}, err
	}
	if !found {
		return call.Provider{}, call.ErrProviderNotFound
	}
	return it.asDomain(), nil
}

// ListProviders implements call.Providers: the ZBA's partition, by id.
func (s *Store) ListProviders(ctx context.Context, zbaID string) ([]call.Provider, error) {
	const op = "list providers"
	in, err := s.tb.PrefixQuery(table.ZBA(zbaID), table.ProviderPrefix, expression.NewBuilder(), op)
	if err != nil {
		return nil, err
	}
	in.ConsistentRead = aws.Bool(true)
	items, err := dynamo.QueryPages[item](ctx, s.tb.DB(), in, -1, op)
	if err != nil {
		return nil, err
	}
	return domain(items), nil
}

// Nearby implements call.Providers (see The search above for its bounds).
func (s *Store) Nearby(ctx context.Context, zbaID string, p geo.Point, enough func([]call.Provider) bool) ([]call.Provider, error) {
	wide, complete, err := s.near(ctx, zbaID, geo.Cell(p, call.WidestPrecision))
	if err != nil {
		return nil, err
	}
	found := map[string]call.Provider{}
	if complete {
		ps, ok := call.Widen(p, wide, enough)
		if ok {
			return ps, nil
		}
		// Kept beside the directory's read, which a large directory may
		// end before reaching them.
		union(found, ps)
	} else {
		for _, precision := range call.SearchPrecisions {
			ps := wide
			if precision != call.WidestPrecision {
				if ps, _, err = s.near(ctx, zbaID, geo.Cell(p, precision)); err != nil {
					return nil, err
				}
			}
			if l := union(found, ps); enough(l) {
				return l, nil
			}
		}
	}
	const op = "query provider directory"
	in, err := s.tb.PrefixQuery(table.ZBA(zbaID), table.ProviderPrefix, expression.NewBuilder(), op)
	if err != nil {
		return nil, err
	}
	items, _, err := dynamo.QueryWithin[item](ctx, s.tb.DB(), in, s.perQuery*s.directoryPages, false,
		dynamo.QueryBudget{PerCall: s.perQuery, Calls: s.directoryPages}, op)
	if err != nil {
		return nil, err
	}
	return union(found, domain(items)), nil
}

// union adds ps to found and lists found by id.
func union(found map[string]call.Provider, ps []call.Provider) []call.Provider {
	for _, p := range ps {
		found[p.ID] = p
	}
	out := make([]call.Provider, 0, len(found))
	for _, p := range found {
		out = append(out, p)
	}
	call.SortByID(out)
	return out
}

// near reads the index partition of cell: the providers of its
// neighbourhood, at most s.nearLimit of them in one Query; complete says
// the read reached the partition's end.
func (s *Store) near(ctx context.Context, zbaID, cell string) (ps []call.Provider, complete bool, err error) {
	const op = "query providers near"
	kc := expression.Key(table.PartitionKey).Equal(expression.Value(table.NearProviders(zbaID, cell)))
	in, err := s.tb.QueryInput("", kc, expression.NewBuilder(), op)
	if err != nil {
		return nil, false, err
	}
	items, stop, err := dynamo.QueryWithin[item](ctx, s.tb.DB(), in, s.nearLimit, false,
		dynamo.QueryBudget{PerCall: s.nearLimit, Calls: 1}, op)
	if err != nil {
		return nil, false, err
	}
	return domain(items), stop == nil, nil
}

func domain(items []item) []call.Provider {
	out := make([]call.Provider, 0, len(items))
	for _, it := range items {
		out = append(out, it.asDomain())
	}
	return out
}

// item is a provider as the table holds it.
type item struct {
	PK          string   `dynamodbav:"pk"`
	SK          string   `dynamodbav:"sk"`
	Type        string   `dynamodbav:"type"`
	ZBAID       string   `dynamodbav:"zba_id"`
	ID          string   `dynamodbav:"provider_id"`
	Name        string   `dynamodbav:"name"`
	Skills      []string `dynamodbav:"skills"`
	Description string   `dynamodbav:"description,omitempty"`
	Languages   []string `dynamodbav:"languages"`
	Lat         float64  `dynamodbav:"lat"`
	Lon         float64  `dynamodbav:"lon"`
	Geohash     string   `dynamodbav:"geohash"`
	Active      bool     `dynamodbav:"active"`
	TimeZone    string   `dynamodbav:"time_zone,omitempty"`
	Hours       []hours  `dynamodbav:"hours,omitempty"`
	UpdatedAt   string   `dynamodbav:"updated_at"`
	LinkGen     string   `dynamodbav:"link_gen,omitempty"`
}

type hours struct {
	Days  []string `dynamodbav:"days"`
	Start string   `dynamodbav:"start"`
	End   string   `dynamodbav:"end"`
}

// geohashPrecision is the precision of the cell a record keeps (about 5 m),
// which a rewrite's condition compares: the record is where it was read.
const geohashPrecision = 9

func toItem(p call.Provider) item {
	it := item{PK: table.ZBA(p.ZBAID), SK: table.Provider(p.ID), Type: table.TypeProvider,
		ZBAID: p.ZBAID, ID: p.ID, Name: p.Name, Skills: p.Skills, Description: p.Description, Languages: p.Languages,
		Lat: p.Location.Lat, Lon: p.Location.Lon, Geohash: geo.Cell(p.Location, geohashPrecision), Active: p.Availability.Active,
		TimeZone: p.Availability.TimeZone, UpdatedAt: dynamo.FormatTime(p.UpdatedAt), LinkGen: p.LinkGen}
	for _, h := range p.Availability.Hours {
		it.Hours = append(it.Hours, hours{Days: h.Days, Start: h.Start, End: h.End})
	}
	return it
}

func (it item) asDomain() call.Provider {
	p := call.Provider{ZBAID: it.ZBAID, ID: it.ID, Name: it.Name, Skills: it.Skills, Description: it.Description,
		Languages: it.Languages, Location: geo.Point{Lat: it.Lat, Lon: it.Lon},
		Availability: call.Availability{Active: it.Active, TimeZone: it.TimeZone}, UpdatedAt: dynamo.ParseTime(it.UpdatedAt),
		LinkGen: it.LinkGen}
	for _, h := range it.Hours {
		p.Availability.Hours = append(p.Availability.Hours, call.Hours{Days: h.Days, Start: h.Start, End: h.End})
	}
	return p
}
