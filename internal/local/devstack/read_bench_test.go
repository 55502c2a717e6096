package devstack_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/templatestore"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/local/devstack"
	"svc/internal/platform/ratelimit"
	"svc/internal/transport/admin"
)

// ReadRow is one concurrency level of P4: get-template requests per second
// through the local gateway beside DynamoDB Local's own rate of the GetItem
// that route makes, both with the same number of clients.
type ReadRow struct {
	Clients int `json:"clients"`
	// Requests and StoreReads are the calls completed in Seconds each.
	Requests   int     `json:"requests"`
	StoreReads int     `json:"store_reads"`
	Seconds    float64 `json:"seconds"`
	PerSecond  float64 `json:"gateway_per_s"`
	StorePerS  float64 `json:"getitem_per_s"`
	Ratio      float64 `json:"ratio"`
	// Block is the largest block of rate-limit tokens in force;
	// UpdatesPer100 the counter updates 100 sequential reads cost.
	Block         int `json:"block"`
	UpdatesPer100 int `json:"updates_per_100_reads"`
}

// readRounds and readRound: each concurrency level alternates the gateway
// and the store for readRounds rounds of readRound each, swapping which
// goes first, so that a burst of other work on the machine falls on both
// sides. readWarm is spent first on both at 4 clients: DynamoDB Local is a
// JVM started for the run, and reads several times slower until its JIT
// has compiled the read path, which would otherwise count against
// whichever side went first.
const (
	readRounds = 12
	readRound  = 400 * time.Millisecond
	readWarm   = 6 * time.Second
)

// BenchmarkReadThroughput measures P4: get-template through the local
// gateway (authorizer answer cached, the management rate limit in force
// with a limit no run reaches, its token blocks as configured) at 1, 4 and
// 16 concurrent clients, beside GetItem of the same item straight against
// DynamoDB Local with the same SDK client settings and concurrency. The
// local stack runs one instance of each function, so its 16 clients share
// one instance's blocks where AWS would run up to 16 instances. A
// benchmark, not a test: no figure fails it. make bench prints the table.
func BenchmarkReadThroughput(b *testing.B) {
	block, err := ratelimit.BlockFromEnv(os.Getenv)
	if err != nil {
		b.Fatal(err)
	}
	policy := ratelimit.Policy{Limit: 1_000_000_000, Window: time.Hour}
	transport := &http.Transport{MaxIdleConns: 64, MaxIdleConnsPerHost: 64}
	client := &http.Client{Transport: transport}
	timed, tableName := readStack(b, ddbEndpoint, policy, client)
	rec := &recorder{}
	counted, _ := readStack(b, rec.proxy(b, "dynamodb", ddbEndpoint), policy, client)
	rec.take()
	for range 100 {
		counted.send("GET", readPath, "")
	}
	updates := 0
	for _, c := range rec.take() {
		if c.target == "dynamodb:UpdateItem" {
			updates++
		}
	}

	cfg, err := awsConfig()
	if err != nil {
		b.Fatal(err)
	}
	db := dynamo.NewClient(cfg, ddbEndpoint)
	key := templatestore.Key(template.Ref{ZBAID: "acme", Name: "hello", Language: "en_US"})
	getItem := func() error {
		out, err := db.GetItem(context.Background(), &dynamodb.GetItemInput{TableName: aws.String(tableName), Key: key,
			ConsistentRead: aws.Bool(true)})
		if err == nil && out.Item == nil {
			err = fmt.Errorf("no item %v", key)
		}
		return err
	}
	viaGateway := func() error {
		req, _ := http.NewRequest("GET", timed.url+readPath, nil)
		req.Header.Set("Authorization", "Bearer "+timed.key)
		res, err := client.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		_, _ = io.Copy(io.Discard, res.Body)
		if res.StatusCode != 200 {
			return fmt.Errorf("status %d", res.StatusCode)
		}
		return nil
	}
	for warm := time.Duration(0); warm < readWarm; warm += time.Second {
		rate(b, 4, 500*time.Millisecond, viaGateway)
		rate(b, 4, 500*time.Millisecond, getItem)
	}
	var rows []ReadRow
	for b.Loop() {
		rows = rows[:0]
		for _, clients := range []int{1, 4, 16} {
			// Warm both sides at this concurrency: connections, blocks.
			rate(b, clients, 200*time.Millisecond, viaGateway)
			rate(b, clients, 200*time.Millisecond, getItem)
			row := ReadRow{Clients: clients, Block: ratelimit.BlockCap(block, policy.Limit), UpdatesPer100: updates}
			for round := range readRounds {
				if round%2 == 0 {
					row.Requests += rate(b, clients, readRound, viaGateway)
					row.StoreReads += rate(b, clients, readRound, getItem)
				} else {
					row.StoreReads += rate(b, clients, readRound, getItem)
					row.Requests += rate(b, clients, readRound, viaGateway)
				}
			}
			row.Seconds = (readRounds * readRound).Seconds()
			row.PerSecond, row.StorePerS = float64(row.Requests)/row.Seconds, float64(row.StoreReads)/row.Seconds
			row.Ratio = row.PerSecond / row.StorePerS
			rows = append(rows, row)
			b.ReportMetric(row.PerSecond, fmt.Sprintf("c%d-gateway/s", clients))
			b.ReportMetric(row.StorePerS, fmt.Sprintf("c%d-getitem/s", clients))
			b.ReportMetric(row.Ratio, fmt.Sprintf("c%d-x", clients))
		}
	}
	if out := os.Getenv(EnvBenchOut); out != "" {
		raw, _ := json.MarshalIndent(rows, "", "  ")
		if err := os.WriteFile(out, raw, 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// readPath is the template every P4 read gets.
const readPath = "/business/v1.0/acme/message_templates/acme_hello_en_US"

// rate runs call from clients goroutines for d and returns the calls
// completed; a failed call fails the benchmark.
func rate(b *testing.B, clients int, d time.Duration, call func() error) int {
	var (
		done atomic.Int64
		wg   sync.WaitGroup
	)
	stop := time.Now().Add(d)
	for range clients {
		wg.Go(func() {
			for time.Now().Before(stop) {
				if err := call(); err != nil {
					b.Error(err)
					return
				}
				done.Add(1)
			}
		})
	}
	wg.Wait()
	return int(done.Load())
}

// readStack is a local stack behind an HTTP server with a key of ZBA acme
// and its template hello/en_US, and the name of its table.
func readStack(b *testing.B, ddb string, policy ratelimit.Policy, client *http.Client) (*benchSite, string) {
	name := "p4-" + randomSuffix()
	st, err := devstack.Open(context.Background(), devstack.Options{
		DynamoEndpoint: ddb, SQSEndpoint: sqsEndpoint, TableName: name, QueuePrefix: name + "-", Log: quietLog(),
		RatePolicy: policy,
	})
	if err != nil {
		b.Fatal(err)
	}
	gw := httptest.NewServer(st.Gateway)
	b.Cleanup(gw.Close)
	minted, err := st.Admin(context.Background(), admin.Event{Action: admin.ActionMintKey, ZBAID: "acme", CreateZBA: true,
		Scopes: []string{string(auth.ScopeManagement)}})
	if err != nil {
		b.Fatal(err)
	}
	s := &benchSite{b: b, url: gw.URL, key: minted.Key, client: client}
	s.send("POST", "/business/v1.0/acme/message_templates", `{"name":"hello","language":"en_US",`+
		`"category":"UTILITY","components":[{"type":"BODY","text":"Your order {{1}} has shipped."}]}`)
	return s, name
}
