package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/adapter/sqsqueue"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/webhook"
	"svc/internal/local/devstack"
	"svc/internal/local/emulators"
	"svc/internal/local/sqslocal"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
	"svc/internal/transport/admin"
)

// The pipeline benchmarks (P5, P6) run in this process, on a local stack of
// their own over the emulators: what they time crosses queues, consumers
// and a webhook receiver, which a request-response benchmark cannot see.

// pipelineStack is a local stack with its consumers running, its gateway
// served on loopback, a webhook receiver subscribed for the ZBA "acme",
// and the moments each consumer was handed a batch.
type pipelineStack struct {
	st  *devstack.Stack
	url string
	// ddb and table are the stack's DynamoDB endpoint and table.
	ddb, table string
	hook       *hookReceiver
	sqs        *sqs.Client
	// batches are the moments each consumer got a batch, by consumer.
	mu      sync.Mutex
	batches map[string][]time.Time
	stop    func()
}

// openPipeline opens a stack on the emulators at ddb and sqsURL, tuned
// by tune, and subscribes a receiver for acme.
func openPipeline(ctx context.Context, ddb, sqsURL, prefix string, tune func(*devstack.Options)) (*pipelineStack, error) {
	name := prefix + randomHex(4)
	p := &pipelineStack{batches: map[string][]time.Time{}, hook: newHookReceiver(), ddb: ddb, table: name}
	o := devstack.Options{DynamoEndpoint: ddb, SQSEndpoint: sqsURL, TableName: name, QueuePrefix: name + "-",
		Log:        slog.New(slog.NewTextHandler(io.Discard, nil)),
		RatePolicy: ratelimit.Policy{Limit: 1_000_000, Window: time.Minute},
		Received: func(consumer string, _ int, at time.Time) {
			p.mu.Lock()
			p.batches[consumer] = append(p.batches[consumer], at)
			p.mu.Unlock()
		}}
	if tune != nil {
		tune(&o)
	}
	st, err := devstack.Open(ctx, o)
	if err != nil {
		return nil, err
	}
	p.st = st
	cfg, err := emulatorConfig(ctx)
	if err != nil {
		return nil, err
	}
	p.sqs = sqsqueue.NewClient(cfg, sqsURL)
	cctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = st.RunConsumers(cctx); close(done) }()
	srv := httptest.NewServer(st.Gateway)
	p.url = srv.URL
	p.stop = func() { srv.Close(); p.hook.srv.Close(); cancel(); <-done }
	// Minting acme's first key creates the ZBA the webhook is set on.
	if _, err := p.key(ctx, auth.ScopeManagement); err != nil {
		p.stop()
		return nil, err
	}
	if _, err := st.Admin(ctx, admin.Event{Action: admin.ActionSetWebhook, ZBAID: "acme", URL: p.hook.srv.URL + "/hook",
		VerifyToken: p.hook.token}); err != nil {
		p.stop()
		return nil, err
	}
	return p, nil
}

// key mints a key of acme with the scopes.
func (p *pipelineStack) key(ctx context.Context, scopes ...auth.Scope) (string, error) {
	var names []string
	for _, s := range scopes {
		names = append(names, string(s))
	}
	res, err := p.st.Admin(ctx, admin.Event{Action: admin.ActionMintKey, ZBAID: "acme", Scopes: names, CreateZBA: true})
	return res.Key, err
}

// firstBatchAfter is when consumer was first handed a batch at or after t
// (zero when it was not).
func (p *pipelineStack) firstBatchAfter(consumer string, t time.Time) time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, at := range p.batches[consumer] {
		if !at.Before(t) {
			return at
		}
	}
	return time.Time{}
}

// hookReceiver is the ZBA's webhook endpoint: it answers the subscription
// handshake and notes when each event arrived, by a key of the event.
type hookReceiver struct {
	srv   *httptest.Server
	token string
	mu    sync.Mutex
	seen  map[string]time.Time
	wake  chan struct{}
}

func newHookReceiver() *hookReceiver {
	r := &hookReceiver{token: "bench-" + randomHex(4), seen: map[string]time.Time{}, wake: make(chan struct{}, 1)}
	r.srv = httptest.NewServer(http.HandlerFunc(r.serve))
	return r
}

func (r *hookReceiver) serve(w http.ResponseWriter, req *http.Request) {
	if req.Method == http.MethodGet {
		_, _ = io.WriteString(w, req.URL.Query().Get("hub.challenge"))
		return
	}
	at := time.Now()
	body, _ := io.ReadAll(req.Body)
	w.WriteHeader(http.StatusOK)
	if key := eventKey(body); key != "" {
		r.mu.Lock()
		if _, ok := r.seen[key]; !ok {
			r.seen[key] = at
		}
		r.mu.Unlock()
		select {
		case r.wake <- struct{}{}:
		default:
		}
	}
}

// eventKey names an event: "template:<name>" for a template's status
// update, "status:<message id>:<status>" for a message's status.
func eventKey(body []byte) string {
	var ev struct {
		Entry []struct {
			Changes []struct {
				Field string `json:"field"`
				Value struct {
					Name     string `json:"message_template_name"`
					Statuses []struct {
						ID     string `json:"id"`
						Status string `json:"status"`
					} `json:"statuses"`
				} `json:"value"`
			} `json:"changes"`
		} `json:"entry"`
	}
	if json.Unmarshal(body, &ev) != nil || len(ev.Entry) == 0 || len(ev.Entry[0].Changes) == 0 {
		return ""
	}
	c := ev.Entry[0].Changes[0]
	switch {
	case c.Field == webhook.FieldStatusUpdate:
		return "template:" + c.Value.Name
	case c.Field == "messages" && len(c.Value.Statuses) > 0:
		return "status:" + c.Value.Statuses[0].ID + ":" + c.Value.Statuses[0].Status
	}
	return ""
}

// await returns when the event key arrived, waiting at most d.
func (r *hookReceiver) await(key string, d time.Duration) (time.Time, error) {
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	for {
		r.mu.Lock()
		at, ok := r.seen[key]
		r.mu.Unlock()
		if ok {
			return at, nil
		}
		select {
		case <-r.wake:
		case <-deadline.C:
			return time.Time{}, fmt.Errorf("no webhook %s within %s", key, d)
		}
	}
}

// queueHop times the bare emulator's hop: from the start of SendMessage
// to the return of a ReceiveMessage long poll already waiting, n times,
// on a queue of its own. It is the least any step through a queue costs.
func queueHop(ctx context.Context, sqsURL string, n int) ([]time.Duration, error) {
	cfg, err := emulatorConfig(ctx)
	if err != nil {
		return nil, err
	}
	client := sqsqueue.NewClient(cfg, sqsURL)
	q := routes.Queue{Name: "bench-hop-" + randomHex(4), ConsumerTimeout: 30 * time.Second}
	urls, err := sqslocal.EnsureQueues(ctx, client, "", []routes.Queue{q})
	if err != nil {
		return nil, err
	}
	url := urls[q.Name]
	pub := sqsqueue.NewPublisher(client, url)
	var out []time.Duration
	for range n {
		got := make(chan error, 1)
		var received time.Time
		go func() {
			res, err := client.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(url), MaxNumberOfMessages: 10, WaitTimeSeconds: 2})
			received = time.Now()
			if err == nil && len(res.Messages) == 0 {
				err = fmt.Errorf("queue hop: nothing received")
			}
			if err == nil {
				_, err = client.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(url), ReceiptHandle: res.Messages[0].ReceiptHandle})
			}
			got <- err
		}()
		// The receive must be waiting before the send: let its request
		// reach the emulator.
		time.Sleep(20 * time.Millisecond)
		start := time.Now()
		if _, err := pub.Publish(ctx, []byte(`{"bench":"hop"}`)); err != nil {
			return nil, err
		}
		if err := <-got; err != nil {
			return nil, err
		}
		out = append(out, received.Sub(start))
	}
	return out, nil
}

// startEmulators gives the pipeline benchmarks a pair of emulators, as
// the go benchmarks get theirs (emulators.ForTests).
func startEmulators() (ddb, sqsURL string, stop func(), err error) {
	return emulators.ForTests()
}

// pct is the q-quantile of ds (nearest rank), in ms.
func pct(ds []time.Duration, q float64) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(q*float64(len(s))+0.5) - 1
	i = min(max(i, 0), len(s)-1)
	return float64(s[i].Microseconds()) / 1000
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// pipelineRows runs P5 and P6 and returns their rows, and a line for each
// figure that could not be measured. The latencies run in this process on
// emulators of their own; the send rate is BenchmarkSend's (go test).
func pipelineRows(out string) ([]Row, []string) {
	var rows []Row
	var notDone []string
	sends := metrics(run(out, "send", nil, "test", "-count=1", "-run", "^$", "-bench", "^BenchmarkSend$",
		"-benchtime", "3s", "./internal/local/devstack"))
	fmt.Fprintln(os.Stderr, "bench: pipeline latencies (P5, P6) ...")
	ddb, sqsURL, stop, err := startEmulators()
	if err != nil {
		return p6Rows(sends, p6Latency{}, nil), []string{"P5, P6 latencies: emulators did not start: " + err.Error()}
	}
	defer stop()
	ctx := context.Background()
	hop, err := queueHop(ctx, sqsURL, pipelineRuns)
	if err != nil {
		return p6Rows(sends, p6Latency{}, nil), []string{"P5, P6 latencies: queue hop: " + err.Error()}
	}
	if r, err := measureP5(ctx, ddb, sqsURL, pipelineRuns); err != nil {
		notDone = append(notDone, "P5 template create -> status webhook: "+err.Error())
	} else {
		rows = append(rows, p5Rows(r, hop)...)
	}
	l, err := measureP6Latency(ctx, ddb, sqsURL, pipelineRuns)
	if err != nil {
		notDone = append(notDone, "P6 send -> delivered webhook: "+err.Error())
	}
	return append(rows, p6Rows(sends, l, hop)...), notDone
}

// p5Alone runs P5 alone on emulators of its own (-p5-only), for work on
// the template review path that needs its figures without P6's minutes.
func p5Alone() ([]Row, []string) {
	fmt.Fprintln(os.Stderr, "bench: P5 alone ...")
	ddb, sqsURL, stop, err := startEmulators()
	if err != nil {
		return nil, []string{"P5: emulators did not start: " + err.Error()}
	}
	defer stop()
	ctx := context.Background()
	hop, err := queueHop(ctx, sqsURL, pipelineRuns)
	if err != nil {
		return nil, []string{"P5: queue hop: " + err.Error()}
	}
	r, err := measureP5(ctx, ddb, sqsURL, pipelineRuns)
	if err != nil {
		return nil, []string{"P5 template create -> status webhook: " + err.Error()}
	}
	return p5Rows(r, hop), nil
}

// pipelineRuns is how many templates P5 and sends P6 time, and how many
// queue hops their baseline.
const pipelineRuns = 40

// storeRoundTrips times n GetItems of an absent item on the stack's table.
func (p *pipelineStack) storeRoundTrips(ctx context.Context, n int) ([]time.Duration, error) {
	cfg, err := emulatorConfig(ctx)
	if err != nil {
		return nil, err
	}
	db := dynamo.NewClient(cfg, p.ddb)
	key := map[string]types.AttributeValue{table.PartitionKey: &types.AttributeValueMemberS{Value: "BENCH#absent"},
		table.SortKey: &types.AttributeValueMemberS{Value: "BENCH#absent"}}
	var out []time.Duration
	for range n {
		start := time.Now()
		if _, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(p.table), Key: key}); err != nil {
			return nil, err
		}
		out = append(out, time.Since(start))
	}
	return out, nil
}

// settle waits until the stack's queues hold nothing visible or in flight,
// so that the next timed request does not share the machine with the
// previous one's tail (the attempt's record, the deletes).
func (p *pipelineStack) settle(ctx context.Context) error {
	deadline := time.Now().Add(10 * time.Second)
	for {
		busy := false
		for _, url := range p.st.QueueURLs {
			out, err := p.sqs.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{QueueUrl: aws.String(url),
				AttributeNames: []sqstypes.QueueAttributeName{sqstypes.QueueAttributeNameApproximateNumberOfMessages,
					sqstypes.QueueAttributeNameApproximateNumberOfMessagesNotVisible}})
			if err != nil {
				return err
			}
			for _, v := range out.Attributes {
				busy = busy || v != "0"
			}
		}
		if !busy {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("queues still busy after 10 s")
		}
		time.Sleep(2 * time.Millisecond) // polling the emulator: no event tells the queues are empty
	}
}

// emulatorConfig is the SDK configuration for the emulators: a fixed
// region and dummy credentials, which they accept without checking.
func emulatorConfig(ctx context.Context) (aws.Config, error) {
	return awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion("us-east-1"),
		awsconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("local", "local", "")))
}
