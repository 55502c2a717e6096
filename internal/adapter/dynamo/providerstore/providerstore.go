// Package providerstore is the DynamoDB store of a ZBA's call directory:
// one item per provider in the ZBA's partition, indexed on gsi1 by geohash
// so that the providers around a point are found with a bounded number of
// Queries, never a scan. It imports the call feature alone.
package providerstore

import (
	"context"
	"slices"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/mmcloughlin/geohash"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/call"
	"svc/internal/platform/geo"
)

// Store is a ZBA's provider directory.
type Store struct{ tb dynamo.Table }

// New returns the provider store over the table.
func New(tb dynamo.Table) *Store { return &Store{tb: tb} }

var _ call.Providers = (*Store)(nil)

// Key is the key of a provider's item.
func Key(zbaID, id string) map[string]types.AttributeValue {
	return dynamo.Key(table.ZBA(zbaID), table.Provider(id))
}

// The search. SearchPrecisions are the geohash precisions searched in
// turn, finest first: at each, the point's cell and its 8 neighbours,
// one Query each (precision 5 is about 4.9 km square, 4 about 39 x 20 km,
// 3 about 156 km square). When enough still says no after the last, the
// ZBA's whole directory is read, in at most DirectoryPages Queries of
// PerQuery items: a directory larger than that is searched by place only.
// So a search costs at most 9*len(SearchPrecisions) + DirectoryPages
// Queries, whatever the directory's size.
var SearchPrecisions = []uint{5, 4, 3}

// Bounds of the search's reads.
const (
	PerQuery       = 100
	DirectoryPages = 10
)

// PutProvider implements call.Providers: the record is written whole over
// any previous one, and its index keys move with its location.
func (s *Store) PutProvider(ctx context.Context, p call.Provider) error {
	return s.tb.Put(ctx, "put provider", toItem(p))
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

// RemoveProvider implements call.Providers: a delete on the item's presence.
func (s *Store) RemoveProvider(ctx context.Context, zbaID, id string) error {
	const op = "remove provider"
	e, err := dynamo.Build(expression.NewBuilder().WithCondition(dynamo.ItemPresent), op)
	if err != nil {
		return err
	}
	_, err = s.tb.DB().DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(s.tb.Name()), Key: Key(zbaID, id),
		ConditionExpression: e.Condition(), ExpressionAttributeNames: e.Names()})
	return dynamo.WriteError(op, err, call.ErrProviderNotFound)
}

// Nearby implements call.Providers (see SearchPrecisions for its bounds).
func (s *Store) Nearby(ctx context.Context, zbaID string, p geo.Point, enough func([]call.Provider) bool) ([]call.Provider, error) {
	found := map[string]call.Provider{}
	list := func() []call.Provider {
		out := make([]call.Provider, 0, len(found))
		for _, pr := range found {
			out = append(out, pr)
		}
		slices.SortFunc(out, func(a, b call.Provider) int { return strings.Compare(a.ID, b.ID) })
		return out
	}
	for _, precision := range SearchPrecisions {
		for _, cell := range Neighbourhood(p, precision) {
			items, err := s.cell(ctx, zbaID, cell)
			if err != nil {
				return nil, err
			}
			for _, it := range items {
				found[it.ID] = it.asDomain()
			}
		}
		if enough(list()) {
			return list(), nil
		}
	}
	const op = "query provider directory"
	in, err := s.tb.PrefixQuery(table.ZBA(zbaID), table.ProviderPrefix, expression.NewBuilder(), op)
	if err != nil {
		return nil, err
	}
	items, _, err := dynamo.QueryWithin[item](ctx, s.tb.DB(), in, PerQuery*DirectoryPages, false,
		dynamo.QueryBudget{PerCall: PerQuery, Calls: DirectoryPages}, op)
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		found[it.ID] = it.asDomain()
	}
	return list(), nil
}

// Neighbourhood is the geohash cell of p at precision and its neighbours,
// each once (near the poles some neighbours coincide).
func Neighbourhood(p geo.Point, precision uint) []string {
	cell := geohash.EncodeWithPrecision(p.Lat, p.Lon, precision)
	out := []string{cell}
	for _, n := range geohash.Neighbors(cell) {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// cell reads the providers indexed under one geohash cell: one Query of
// at most PerQuery items.
func (s *Store) cell(ctx context.Context, zbaID, cell string) ([]item, error) {
	const op = "query providers by cell"
	kc := expression.Key(table.GSI1.PartitionKey).Equal(expression.Value(table.GeoPartition(zbaID, cell)))
	if len(cell) > table.GeoPartitionPrecision {
		kc = kc.And(expression.Key(table.GSI1.SortKey).BeginsWith(cell))
	}
	in, err := s.tb.QueryInput(table.GSI1.Name, kc, expression.NewBuilder(), op)
	if err != nil {
		return nil, err
	}
	items, _, err := dynamo.QueryWithin[item](ctx, s.tb.DB(), in, PerQuery, false, dynamo.QueryBudget{PerCall: PerQuery, Calls: 1}, op)
	return items, err
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
	GSI1PK      string   `dynamodbav:"gsi1pk"`
	GSI1SK      string   `dynamodbav:"gsi1sk"`
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
}

type hours struct {
	Days  []string `dynamodbav:"days"`
	Start string   `dynamodbav:"start"`
	End   string   `dynamodbav:"end"`
}

func toItem(p call.Provider) item {
	cell := geohash.EncodeWithPrecision(p.Location.Lat, p.Location.Lon, table.GeoCellPrecision)
	it := item{PK: table.ZBA(p.ZBAID), SK: table.Provider(p.ID), Type: table.TypeProvider,
		GSI1PK: table.GeoPartition(p.ZBAID, cell), GSI1SK: table.GeoSort(cell, p.ID),
		ZBAID: p.ZBAID, ID: p.ID, Name: p.Name, Skills: p.Skills, Description: p.Description, Languages: p.Languages,
		Lat: p.Location.Lat, Lon: p.Location.Lon, Geohash: cell, Active: p.Availability.Active,
		TimeZone: p.Availability.TimeZone, UpdatedAt: dynamo.FormatTime(p.UpdatedAt)}
	for _, h := range p.Availability.Hours {
		it.Hours = append(it.Hours, hours{Days: h.Days, Start: h.Start, End: h.End})
	}
	return it
}

func (it item) asDomain() call.Provider {
	p := call.Provider{ZBAID: it.ZBAID, ID: it.ID, Name: it.Name, Skills: it.Skills, Description: it.Description,
		Languages: it.Languages, Location: geo.Point{Lat: it.Lat, Lon: it.Lon},
		Availability: call.Availability{Active: it.Active, TimeZone: it.TimeZone}, UpdatedAt: dynamo.ParseTime(it.UpdatedAt)}
	for _, h := range it.Hours {
		p.Availability.Hours = append(p.Availability.Hours, call.Hours{Days: h.Days, Start: h.Start, End: h.End})
	}
	return p
}
