package dynamo_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/callstore"
	"svc/internal/adapter/dynamo/providerstore"
	"svc/internal/feature/call"
	"svc/internal/local/storecontract"
	"svc/internal/platform/geo"
)

func TestCallsContract(t *testing.T) {
	storecontract.Calls(t, func(t *testing.T) call.Calls { return callstore.New(fresh(t)) })
}

func TestProvidersContract(t *testing.T) {
	storecontract.Providers(t, func(t *testing.T) call.Providers { return providerstore.New(fresh(t)) })
}

// countingAPI counts the Queries sent through it to DynamoDB Local (and
// that no Scan is ever sent: the API has none).
type countingAPI struct {
	dynamo.API
	queries atomic.Int64
}

func (c *countingAPI) Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	c.queries.Add(1)
	return c.API.Query(ctx, in, opts...)
}

// TestNearbyQueryCount holds the provider search to its bound: one Query
// for the widest neighbourhood, one for each finer one only where the
// widest holds more than one read, the directory only when no
// neighbourhood has enough; whatever the size of the directory.
func TestNearbyQueryCount(t *testing.T) {
	_, name := freshTable(t)
	api := &countingAPI{API: client}
	s := providerstore.New(dynamo.NewTable(api, name))
	ctx := t.Context()
	lyon := geo.Point{Lat: 45.7640, Lon: 4.8357}
	// 60 providers around Lyon within about 3 km, and 40 spread over
	// Europe outside its widest neighbourhood.
	for i := range 60 {
		p := call.Provider{ZBAID: "acme", ID: fmt.Sprintf("near-%02d", i), Name: "n", Skills: []string{"plumbing"},
			Languages: []string{"fr"}, Location: geo.Point{Lat: lyon.Lat + float64(i%8-4)*0.003, Lon: lyon.Lon + float64(i/8-4)*0.004},
			Availability: call.Availability{Active: true}, UpdatedAt: time.Now()}
		if err := s.PutProvider(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 40 {
		p := call.Provider{ZBAID: "acme", ID: fmt.Sprintf("far-%02d", i), Name: "f", Skills: []string{"law"},
			Languages: []string{"fr"}, Location: geo.Point{Lat: 38 + float64(i%10), Lon: -5 + float64(i/10)*6},
			Availability: call.Availability{Active: true}, UpdatedAt: time.Now()}
		if err := s.PutProvider(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	// The directory of 100 is one full page of PerQuery, and a read that
	// finds its end.
	const directory = 2
	finer := int64(len(call.SearchPrecisions) - 1)
	cases := []struct {
		name        string
		store       *providerstore.Store
		enough      func([]call.Provider) bool
		wantQueries int64
		wantAtLeast int
	}{
		{"found in the finest neighbourhood: the widest read holds it", s, func(ps []call.Provider) bool { return len(ps) >= 3 }, 1, 3},
		{"never enough: the widest, then the directory", s, func([]call.Provider) bool { return false }, 1 + directory, 100},
		{"crowded, found in the finest: the widest's first read, then the finest", s.WithLimits(50, providerstore.PerQuery, providerstore.DirectoryPages),
			func(ps []call.Provider) bool { return len(ps) >= 3 }, 2, 3},
		{"crowded, never enough: every neighbourhood, then the directory", s.WithLimits(50, providerstore.PerQuery, providerstore.DirectoryPages),
			func([]call.Provider) bool { return false }, 1 + finer + directory, 100},
	}
	// A directory larger than its read: the widest neighbourhood's
	// providers are in the answer though the read stops before them.
	small := s.WithLimits(providerstore.NearLimit, 10, 1)
	got, err := small.Nearby(ctx, "acme", lyon, func(ps []call.Provider) bool { return len(ps) >= 100 })
	if err != nil {
		t.Fatal(err)
	}
	near, read := 0, false
	for _, p := range got {
		near += strings.Count(p.ID, "near-")
		read = read || p.ID == "far-00" // the directory's first, far from Lyon
	}
	if near != 60 || !read {
		t.Fatalf("a directory read of 10: %d of the 60 near, the directory read: %v", near, read)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			api.queries.Store(0)
			got, err := tc.store.Nearby(ctx, "acme", lyon, tc.enough)
			if err != nil {
				t.Fatal(err)
			}
			if n := api.queries.Load(); n != tc.wantQueries {
				t.Fatalf("%d Queries, want %d", n, tc.wantQueries)
			}
			if len(got) < tc.wantAtLeast {
				t.Fatalf("%d providers, want at least %d", len(got), tc.wantAtLeast)
			}
		})
	}
}

// TestProviderOfTheOldLayoutUpgradedByAPut: a provider written before the
// neighbourhood copies (indexed on gsi1 under GEO#<zba>#<cell>) is found
// only by the directory read; putting it again, as the README's upgrade
// says, writes its copies and drops the old index attributes.
func TestProviderOfTheOldLayoutUpgradedByAPut(t *testing.T) {
	tb, name := freshTable(t)
	api := &countingAPI{API: client}
	s := providerstore.New(dynamo.NewTable(api, name))
	ctx := t.Context()
	lyon := geo.Point{Lat: 45.7640, Lon: 4.8357}
	legacy := map[string]types.AttributeValue{
		"pk": &types.AttributeValueMemberS{Value: "ZBA#acme"}, "sk": &types.AttributeValueMemberS{Value: "PROVIDER#old"},
		"type": &types.AttributeValueMemberS{Value: "provider"}, "gsi1pk": &types.AttributeValueMemberS{Value: "GEO#acme#u05"},
		"gsi1sk": &types.AttributeValueMemberS{Value: "u05kmq1cn#old"}, "zba_id": &types.AttributeValueMemberS{Value: "acme"},
		"provider_id": &types.AttributeValueMemberS{Value: "old"}, "name": &types.AttributeValueMemberS{Value: "Old"},
		"skills":    &types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberS{Value: "plumbing"}}},
		"languages": &types.AttributeValueMemberL{Value: []types.AttributeValue{&types.AttributeValueMemberS{Value: "fr"}}},
		"lat":       &types.AttributeValueMemberN{Value: "45.76"}, "lon": &types.AttributeValueMemberN{Value: "4.84"},
		"geohash": &types.AttributeValueMemberS{Value: geo.Cell(geo.Point{Lat: 45.76, Lon: 4.84}, 9)},
		"active":  &types.AttributeValueMemberBOOL{Value: true}, "updated_at": &types.AttributeValueMemberS{Value: "2026-11-01T00:00:00Z"},
	}
	if _, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(tb.Name()), Item: legacy}); err != nil {
		t.Fatal(err)
	}
	one := func(ps []call.Provider) bool { return len(ps) >= 1 }
	search := func() (int64, []call.Provider) {
		api.queries.Store(0)
		got, err := s.Nearby(ctx, "acme", lyon, one)
		if err != nil {
			t.Fatal(err)
		}
		return api.queries.Load(), got
	}
	if n, got := search(); n != 2 || len(got) != 1 || got[0].ID != "old" {
		t.Fatalf("before the put: %d Queries, %+v; want the directory's 2 and the provider", n, got)
	}
	p, err := s.GetProvider(ctx, "acme", "old")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.PutProvider(ctx, p); err != nil {
		t.Fatal(err)
	}
	if n, got := search(); n != 1 || len(got) != 1 || got[0].ID != "old" || got[0].Name != "Old" {
		t.Fatalf("after the put: %d Queries, %+v; want one and the provider", n, got)
	}
	out, err := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(tb.Name()), Key: providerstore.Key("acme", "old")})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := out.Item["gsi1pk"]; ok {
		t.Fatalf("the old index attribute is still there: %v", out.Item["gsi1pk"])
	}
}
