package devstack_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/local/devstack"
	"svc/internal/platform/ratelimit"
	"svc/internal/transport/admin"
)

// EnvBenchOut names the file BenchmarkRoutes writes its rows to (JSON);
// make bench sets it and prints the table from it.
const EnvBenchOut = "SVC_BENCH_OUT"

// captured is one store or queue call a request made, kept to replay it,
// with the time the emulator took to answer it.
type captured struct {
	target string // e.g. dynamodb:GetItem, sqs:SendMessage
	base   string // the emulator it went to
	method string
	path   string
	header http.Header
	body   []byte
	// took is from the proxy's forwarding of the call to the last byte of
	// the emulator's answer: the call's cost without the service's own.
	took time.Duration
}

// recorder sits between the service and an emulator, counting each call
// by its operation and keeping it for replay.
type recorder struct {
	mu    sync.Mutex
	calls []captured
}

func (r *recorder) take() []captured {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.calls
	r.calls = nil
	return out
}

func (r *recorder) proxy(b testing.TB, service, endpoint string) string {
	target, err := url.Parse(endpoint)
	if err != nil {
		b.Fatal(err)
	}
	client := &http.Client{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		op := req.Header.Get("X-Amz-Target")
		if i := strings.LastIndex(op, "."); i >= 0 {
			op = op[i+1:]
		}
		if op == "" {
			q, _ := url.ParseQuery(string(body))
			op = q.Get("Action")
		}
		c := captured{target: service + ":" + op, base: endpoint, method: req.Method, path: req.URL.RequestURI(),
			header: req.Header.Clone(), body: body}
		start := time.Now()
		res, err := c.do(client, target)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer res.Body.Close()
		answer, _ := io.ReadAll(res.Body)
		c.took = time.Since(start)
		r.mu.Lock()
		r.calls = append(r.calls, c)
		r.mu.Unlock()
		for k, v := range res.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(res.StatusCode)
		_, _ = w.Write(answer)
	}))
	b.Cleanup(srv.Close)
	return srv.URL
}

// do sends the call as captured, straight to the emulator.
func (c captured) do(client *http.Client, target *url.URL) (*http.Response, error) {
	req, err := http.NewRequest(c.method, target.Scheme+"://"+target.Host+c.path, bytes.NewReader(c.body))
	if err != nil {
		return nil, err
	}
	req.Header = c.header.Clone()
	req.Host = target.Host
	return client.Do(req)
}

// RouteRow is one route's figures: P1 (latency beside its floor) and P2
// (store and queue calls per request).
type RouteRow struct {
	Route      string   `json:"route"`
	N          int      `json:"n"`
	P50ms      float64  `json:"p50_ms"`
	P95ms      float64  `json:"p95_ms"`
	FloorP50ms float64  `json:"floor_p50_ms"`
	FloorP95ms float64  `json:"floor_p95_ms"`
	HopP50ms   float64  `json:"loopback_hop_p50_ms"`
	RatioP50   float64  `json:"ratio_p50"`
	RatioP95   float64  `json:"ratio_p95"`
	Calls      []string `json:"calls"`
}

// BenchmarkRoutes measures each route through the local gateway (P1)
// beside its floor: the time the emulators took to answer the very store
// and queue calls the route made (timed at a recording proxy, request by
// request), plus one round trip to a bare HTTP server on loopback
// answering as many bytes (the hop any gateway costs);
// and it lists those calls (P2). The authorizer's answer is cached, as
// it is for a client's repeated requests. A benchmark, not a test: no
// figure fails it. make bench prints the table.
func BenchmarkRoutes(b *testing.B) {
	const n = 60
	ddbRec, sqsRec := &recorder{}, &recorder{}
	client := &http.Client{}
	// Two stacks on tables of their own: the timed one talks to the
	// emulators directly; the counted one through the recorders, whose
	// extra hop would otherwise inflate the route's figures.
	timed := benchStack(b, ddbEndpoint, sqsEndpoint, client)
	counted := benchStack(b, ddbRec.proxy(b, "dynamodb", ddbEndpoint), sqsRec.proxy(b, "sqs", sqsEndpoint), client)
	// The bare server answers as many bytes as the route does (?n=): moving
	// an answer's bytes is a cost of the hop, not of the route (48 KB for
	// GET /openapi.json).
	filler := bytes.Repeat([]byte(" "), 1<<20)
	bare := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(filler[:min(max(n, 2), len(filler))])
	}))
	b.Cleanup(bare.Close)
	templateBody := func(i int) string {
		return fmt.Sprintf(`{"name":"bench_%d_%s","language":"en_US","category":"UTILITY",`+
			`"components":[{"type":"BODY","text":"Your order {{1}} has shipped."}]}`, i+1000, randomSuffix())
	}
	cases := []struct {
		route        string
		method, path string
		body         func(i int) string
	}{
		{route: "versions", method: "GET", path: "/versions"},
		{route: "openapi", method: "GET", path: "/openapi.json"},
		{route: "get-template", method: "GET", path: "/business/v1.0/acme/message_templates/acme_hello_en_US"},
		{route: "list-templates", method: "GET", path: "/business/v1.0/acme/message_templates?limit=10"},
		{route: "create-template", method: "POST", path: "/business/v1.0/acme/message_templates", body: templateBody},
		{route: "create-call", method: "POST", path: "/v1/calls", body: func(int) string {
			return `{"redirect_url":"https://example.com/done","query":"plumber","location":{"latitude":45.764,"longitude":4.8357}}`
		}},
	}
	var rows []RouteRow
	for b.Loop() {
		rows = rows[:0]
		for _, c := range cases {
			body := func(i int) string {
				if c.body == nil {
					return ""
				}
				return c.body(i)
			}
			for i := range 5 { // warm: the authorizer's cache, connections, first-use work
				timed.send(c.method, c.path, body(-1-i))
				counted.send(c.method, c.path, body(-100-i))
			}
			ddbRec.take()
			sqsRec.take()
			size := counted.send(c.method, c.path, body(-200))
			calls := append(ddbRec.take(), sqsRec.take()...)
			hopURL := bare.URL + "?n=" + strconv.Itoa(size)
			var got, floor, hop []time.Duration
			// The timed request and the floor's request alternate, so that a
			// burst of other work on the machine (or DynamoDB Local's JIT
			// still compiling) falls on both sides rather than on one block
			// of 60: measured one block after the other, a route's ratio
			// moved by 2x between runs minutes apart.
			for i := range n {
				start := time.Now()
				timed.send(c.method, c.path, body(i))
				got = append(got, time.Since(start))
				// The floor's store and queue time is what the emulators took
				// to answer the route's own calls, timed at the recording
				// proxy: replaying a captured conditional write would fail
				// its condition (the item exists), which costs a store far
				// less than the write the route makes.
				counted.send(c.method, c.path, body(1000+i))
				var store time.Duration
				for _, call := range append(ddbRec.take(), sqsRec.take()...) {
					store += call.took
				}
				hopStart := time.Now()
				res, err := client.Get(hopURL)
				if err != nil {
					b.Fatal(err)
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				h := time.Since(hopStart)
				hop = append(hop, h)
				floor = append(floor, store+h)
			}
			var names []string
			for _, call := range calls {
				names = append(names, call.target)
			}
			r := RouteRow{Route: c.route, N: n, P50ms: pct(got, 50), P95ms: pct(got, 95), FloorP50ms: pct(floor, 50),
				FloorP95ms: pct(floor, 95), HopP50ms: pct(hop, 50), Calls: names}
			r.RatioP50, r.RatioP95 = r.P50ms/r.FloorP50ms, r.P95ms/r.FloorP95ms
			rows = append(rows, r)
			b.ReportMetric(r.P50ms, c.route+"-p50-ms")
			b.ReportMetric(r.RatioP50, c.route+"-p50-x")
		}
	}
	if out := os.Getenv(EnvBenchOut); out != "" {
		raw, _ := json.MarshalIndent(rows, "", "  ")
		if err := os.WriteFile(out, raw, 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

// benchSite is one local stack behind a real HTTP server, with a key of
// both scopes for ZBA acme, a template acme_hello_en_US and a provider.
type benchSite struct {
	b      testing.TB
	url    string
	key    string
	client *http.Client
}

func benchStack(b testing.TB, ddb, sqs string, client *http.Client) *benchSite {
	name := "bench-" + randomSuffix()
	st, err := devstack.Open(context.Background(), devstack.Options{
		DynamoEndpoint: ddb, SQSEndpoint: sqs, TableName: name, QueuePrefix: name + "-", Log: quietLog(),
		RatePolicy: ratelimit.Policy{Limit: 1_000_000, Window: time.Hour},
	})
	if err != nil {
		b.Fatal(err)
	}
	gw := httptest.NewServer(st.Gateway)
	b.Cleanup(gw.Close)
	ctx := context.Background()
	minted, err := st.Admin(ctx, admin.Event{Action: admin.ActionMintKey, ZBAID: "acme", CreateZBA: true,
		Scopes: []string{string(auth.ScopeManagement), string(auth.ScopeMessaging)}})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := st.Admin(ctx, admin.Event{Action: admin.ActionPutProvider, ZBAID: "acme", ProviderID: "pat", Name: "Pat",
		Skills: []string{"plumbing"}, Languages: []string{"fr"}, Location: &admin.Location{Latitude: 45.76, Longitude: 4.84}}); err != nil {
		b.Fatal(err)
	}
	s := &benchSite{b: b, url: gw.URL, key: minted.Key, client: client}
	s.send("POST", "/business/v1.0/acme/message_templates", `{"name":"hello","language":"en_US",`+
		`"category":"UTILITY","components":[{"type":"BODY","text":"Your order {{1}} has shipped."}]}`)
	return s
}

// send makes one request and fails the benchmark on anything but a 200.
// send makes one request, which must answer 200, and returns the size of
// the answer's body.
func (s *benchSite) send(method, path, body string) int {
	req, _ := http.NewRequest(method, s.url+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+s.key)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := s.client.Do(req)
	if err != nil {
		s.b.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		s.b.Fatalf("%s %s: %d %s", method, path, res.StatusCode, out)
	}
	return len(out)
}

// pct is the p-th percentile of ds in milliseconds (nearest rank).
func pct(ds []time.Duration, p int) float64 {
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p+99)/100 - 1
	i = max(0, min(i, len(s)-1))
	return float64(s[i].Microseconds()) / 1000
}
