// Package devstack assembles the service on the local emulators: the table
// and queues created from the same definitions CDK deploys, the handlers
// built by the same wiring the Lambdas use, the local API gateway in front
// of them and the queue consumers behind their emulated event sources. The
// svc-local command (make run, make key) and the end-to-end tests use it.
package devstack

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/callstore"
	"svc/internal/adapter/dynamo/composite"
	"svc/internal/adapter/sqsqueue"
	"svc/internal/local/localgw"
	"svc/internal/local/netsim"
	"svc/internal/local/sqslocal"
	"svc/internal/platform/config"
	"svc/internal/platform/logging"
	"svc/internal/platform/metrics"
	"svc/internal/platform/ratelimit"
	"svc/internal/platform/secretkey"
	"svc/internal/routes"
	"svc/internal/transport/admin"
	"svc/internal/transport/consumer"
	"svc/internal/transport/httpapi"
	"svc/internal/wire"
	"svc/internal/wire/catalog"
)

// Options say where the emulators are and what to call things in them.
type Options struct {
	// Metrics receives every function's EMF records (nil: discarded, so
	// that make run's output stays the logs).
	Metrics        io.Writer
	DynamoEndpoint string
	// FunctionDynamoEndpoint, when set, is the DynamoDB address of each
	// function by name (a test's recording proxy, which then knows whose
	// call it forwards); the stack's own calls (creating the table, Deps)
	// keep DynamoEndpoint.
	FunctionDynamoEndpoint func(function string) string
	// SQSEndpoint may be empty for tools that need only the table: then only
	// the admin function is built, and its actions that publish events (the
	// template quality actions) fail.
	SQSEndpoint string
	TableName   string
	QueuePrefix string
	// CacheTTL is the authorizer cache TTL (see localgw.Config).
	CacheTTL time.Duration
	// GatewayClock is the clock the authorizer cache's TTL is measured on
	// (tests drive it, so that no answer depends on how fast the machine
	// is); nil means the wall clock.
	GatewayClock func() time.Time
	// RatePolicy overrides the management rate limit when set.
	RatePolicy ratelimit.Policy
	// WebhookMasterKey is the local stack's one signing key, standing for
	// each of the secrets of routes.Secrets: the webhook secrets, the call
	// session tokens' key and the page cursors' key derive from it.
	WebhookMasterKey []byte
	// GatewayControl is the address of a running local gateway's control
	// listener (localgw.Gateway.Control; make run's), which the admin
	// function reaches as API Gateway's endpoint to flush the authorizer
	// cache when it revokes a key, as it flushes the stage's in AWS. ""
	// when no gateway runs (an operator command while make run is down):
	// nothing caches answers then, and a revocation flushes nothing.
	GatewayControl string
	// BaseURL is where the local gateway will be reached
	// (http://127.0.0.1:<port>), for the links in responses; "" builds them
	// from the request's host.
	BaseURL string
	// Getenv is the environment the stack runs in (default os.Getenv): every
	// setting a deployed function reads (config.Tunables) is passed on from
	// it.
	Getenv func(string) string
	// WebhookDelay overrides the webhook retry schedule when set (tests).
	WebhookDelay func(attempt int) (time.Duration, bool)
	// Network is the network the functions send through; nil makes a
	// simulator scripted from netsim.EnvScript in Getenv, whose recipients
	// (netsim.Recipients) publish their statuses onto the inbound queue.
	Network *netsim.Simulator
	// RecipientTiming is how the simulated recipients take their time
	// (netsim.Recipients); zero publishes every status at once (tests).
	RecipientTiming netsim.Timing
	// Received, when set, is told when each consumer is handed a batch by
	// its poller (RunConsumers), before the handler runs: benchmarks read
	// each queue's hop from it.
	Received func(consumer string, records int, at time.Time)
	// Clocks override the clock of the functions they name (tests that
	// drive time, such as the end of a template's pause); the others keep
	// the wall clock, which signatures and key expiry are checked against.
	Clocks map[string]func() time.Time
	Log    *slog.Logger
}

// Stack is the service running on the emulators.
type Stack struct {
	// Deps are the stack's store and use cases, for tests and operator
	// commands that act beside the functions.
	Deps      *Deps
	Gateway   *localgw.Gateway
	Admin     admin.Handler
	QueueURLs map[string]string
	// Handlers are the route handlers the gateway serves, by route name.
	Handlers map[string]httpapi.Handler
	// Network is the network simulator the functions send through.
	Network *netsim.Simulator
	// Recipients plays the simulator's recipients and users writing to
	// senders (make inbound); nil when the stack was given its Network.
	Recipients *netsim.Recipients
	consumers  map[string]consumer.Handler
	schedules  map[string]func(context.Context) error
	sqs        sqslocal.Client
	received   func(consumer string, records int, at time.Time)
}

// Deps are the adapters and use cases of a local stack, built as the
// functions build theirs, for what tests and tools do beside the functions.
type Deps struct {
	Config struct{ TableName string }
	Store  *composite.Store
	// Queues holds a publisher per queue, dead-letter queues included.
	Queues    map[string]*sqsqueue.Publisher
	Log       *slog.Logger
	consumers map[string]consumer.Handler
	master    *secretkey.Master
	calls     *callstore.Store
}

// Consumer is the handler of a queue consumer, as its function builds it.
func (d *Deps) Consumer(c routes.Consumer) (consumer.Handler, error) {
	h, ok := d.consumers[c.Name]
	if !ok {
		return nil, fmt.Errorf("devstack: no consumer %s", c.Name)
	}
	return h, nil
}

// awsConfig is the SDK configuration for the emulators: a fixed region and
// dummy credentials, which the emulators accept and never check.
func awsConfig(ctx context.Context) (aws.Config, error) {
	return awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(localRegion),
		awsconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("local", "local", "")))
}

const localRegion = "us-east-1"

// Open creates the table and queues when missing and builds every function
// of the route table from the environment the stack would give it, pointed
// at the emulators.
func Open(ctx context.Context, o Options) (*Stack, error) {
	cfg, err := awsConfig(ctx)
	if err != nil {
		return nil, err
	}
	ddb := dynamo.NewClient(cfg, o.DynamoEndpoint)
	if err := dynamo.CreateTable(ctx, ddb, o.TableName); err != nil {
		return nil, err
	}
	st := &Stack{QueueURLs: map[string]string{}, Handlers: map[string]httpapi.Handler{},
		consumers: map[string]consumer.Handler{}, schedules: map[string]func(context.Context) error{}, received: o.Received}
	if o.SQSEndpoint != "" {
		st.sqs = sqsqueue.NewClient(cfg, o.SQSEndpoint)
		if st.QueueURLs, err = sqslocal.EnsureQueues(ctx, st.sqs, o.QueuePrefix, routes.Queues); err != nil {
			return nil, err
		}
	}
	if len(o.WebhookMasterKey) == 0 { // a throw-away stack gets a throw-away key
		key := make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, err
		}
		o.WebhookMasterKey = []byte(hex.EncodeToString(key))
	}
	if o.Log == nil {
		o.Log = logging.New(os.Stdout, slog.LevelInfo)
	}
	if o.Network == nil {
		scripts, err := netsim.ParseScripts(o.getenv(netsim.EnvScript))
		if err != nil {
			return nil, err
		}
		st.Recipients = &netsim.Recipients{Timing: o.RecipientTiming, Log: o.Log}
		o.Network = netsim.New(netsim.Options{Log: o.Log, Timing: o.RecipientTiming, Observer: st.Recipients.Observe})
		st.Recipients.Sim = o.Network
		for number, sc := range scripts {
			o.Network.Script(number, sc)
		}
	}
	st.Network = o.Network
	b := builder{o: o, queueURLs: st.QueueURLs}
	if o.SQSEndpoint == "" {
		// A table-only stack builds the admin function alone. The webhook
		// queue it sends template events to gets an address that resolves
		// nowhere: every other action works, and those fail when they publish.
		b.queueURLs = map[string]string{}
		for _, q := range routes.Queues {
			b.queueURLs[q.Name], b.queueURLs[q.DLQName()] = "http://sqs.invalid/"+q.Name, "http://sqs.invalid/"+q.DLQName()
		}
	}
	st.Deps = &Deps{Store: composite.New(ddb, o.TableName), calls: callstore.New(dynamo.NewTable(ddb, o.TableName)), Queues: map[string]*sqsqueue.Publisher{}, Log: o.Log,
		consumers: st.consumers, master: secretkey.StaticMaster(o.WebhookMasterKey)}
	st.Deps.Config.TableName = o.TableName
	if st.Admin, err = build(b, catalog.Admin, nil); err != nil || o.SQSEndpoint == "" {
		return st, err // operator commands need the admin function alone
	}
	for name, u := range st.QueueURLs {
		st.Deps.Queues[name] = sqsqueue.NewPublisher(st.sqs, u)
	}
	if st.Recipients != nil {
		inbound := st.Deps.Queues[routes.InboundQueue.Name]
		st.Recipients.Start(func(ctx context.Context, body []byte) error {
			_, err := inbound.Publish(ctx, body)
			return err
		})
	}
	for _, f := range catalog.Routes {
		st.Handlers[f.Spec.Name], err = build(b, f, err)
	}
	for _, f := range catalog.Consumers {
		st.consumers[f.Spec.Name], err = build(b, f, err)
	}
	for _, f := range catalog.Schedules {
		st.schedules[f.Spec.Name], err = build(b, f, err)
	}
	authz, err := build(b, catalog.Authorizer, err)
	if err != nil {
		return nil, err
	}
	st.Gateway, err = localgw.New(localgw.Config{
		Routes:     routes.All,
		Handlers:   st.Handlers,
		Authorizer: authz,
		CacheTTL:   o.CacheTTL,
		Log:        o.Log,
		Now:        o.GatewayClock,
	})
	if err != nil {
		return nil, err
	}
	return st, nil
}

func (o Options) getenv(name string) string {
	if o.Getenv == nil {
		return os.Getenv(name)
	}
	return o.Getenv(name)
}

// builder gives each function the environment the stack would, with the
// emulators' addresses and the local stack's settings.
type builder struct {
	o         Options
	queueURLs map[string]string
}

// env is f's environment on the local stack: what routes.Environment gives
// it in AWS, the one local key instead of each secret's ARN, loopback
// webhooks allowed, and the SDK pointed at the emulators.
func (b builder) env(f routes.Function) func(string) string {
	env := routes.Environment(f, routes.EnvValues[string]{
		TableName: b.o.TableName, LogLevel: b.o.getenv(config.EnvLogLevel), MetricsNamespace: metrics.Namespace,
		QueueURL: func(q string) string { return b.queueURLs[q] },
		DLQURL:   func(q string) string { return b.queueURLs[routes.Queue{Name: q}.DLQName()] },
		// Every purpose derives its keys from the one local key, each under
		// its own label; in AWS each has a secret of its own.
		Secret:  func(routes.Secret) (string, string) { return config.EnvWebhookMasterKey, string(b.o.WebhookMasterKey) },
		BaseURL: b.o.BaseURL,
		// The local gateway's one REST API and stage, flushed through its
		// control listener.
		RestAPIID: localgw.RestAPIID, StageName: localgw.DefaultStage,
	})
	if f.FlushesAuthorizers && b.o.GatewayControl != "" {
		env["AWS_ENDPOINT_URL_API_GATEWAY"] = b.o.GatewayControl
	}
	env[config.EnvWebhookAllowLoopback] = "true"
	env["AWS_REGION"] = localRegion
	env["AWS_ACCESS_KEY_ID"], env["AWS_SECRET_ACCESS_KEY"] = "local", "local"
	env["AWS_ENDPOINT_URL_DYNAMODB"] = b.o.DynamoEndpoint
	if b.o.FunctionDynamoEndpoint != nil {
		env["AWS_ENDPOINT_URL_DYNAMODB"] = b.o.FunctionDynamoEndpoint(f.Name)
	}
	env["AWS_ENDPOINT_URL_SQS"] = b.o.SQSEndpoint
	for _, name := range config.Tunables {
		if v := b.o.getenv(name); v != "" {
			env[name] = v
		}
	}
	if p := b.o.RatePolicy; p.Limit > 0 {
		env[ratelimit.EnvLimit] = strconv.Itoa(p.Limit)
		env[ratelimit.EnvWindow] = p.Window.String()
	}
	return func(name string) string { return env[name] }
}

// build builds f unless an earlier function failed (prev).
func build[H any](b builder, f wire.Function[H], prev error) (H, error) {
	if prev != nil {
		var zero H
		return zero, prev
	}
	h, _, err := f.New(b.env(f.Spec), func(d *wire.Deps) {
		d.Log = b.o.Log
		d.Metrics = metrics.New(b.o.Metrics, d.MetricsNamespace(), f.Spec.Name)
		d.Tweaks.WebhookDelay = b.o.WebhookDelay
		d.Tweaks.Network = b.o.Network
		d.Tweaks.NoGateway = b.o.GatewayControl == ""
		if now, ok := b.o.Clocks[f.Spec.Name]; ok {
			d.Now = now
		}
	})
	return h, err
}

// RunSchedules runs each scheduled function at its rate until ctx ends, as
// EventBridge would.
func (s *Stack) RunSchedules(ctx context.Context) error {
	for _, sc := range routes.Schedules {
		h, ok := s.schedules[sc.Name]
		if !ok {
			return fmt.Errorf("devstack: no schedule %s", sc.Name)
		}
		go func() {
			t := time.NewTicker(sc.Every)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-t.C:
					_ = h(ctx) // the handler logs its own failures
				}
			}
		}()
	}
	return nil
}

// RunConsumers polls each consumer's queue like a Lambda event source
// mapping, with the consumer's own handler, until ctx ends.
func (s *Stack) RunConsumers(ctx context.Context) error {
	errs := make(chan error, len(routes.Consumers))
	for _, c := range routes.Consumers {
		h, err := s.Deps.Consumer(c)
		if err != nil {
			return err
		}
		if s.received != nil {
			h = observed(h, c.Name, s.received)
		}
		url := s.QueueURLs[c.Queue.Name]
		arn, err := sqslocal.QueueARN(ctx, s.sqs, url)
		if err != nil {
			return err
		}
		p := sqslocal.NewPoller(s.sqs, url, arn, c, h, s.Deps.Log)
		go func() { errs <- p.Run(ctx) }()
	}
	for range routes.Consumers {
		if err := <-errs; err != nil && ctx.Err() == nil {
			return err
		}
	}
	return nil
}

// observed tells received of each batch before h handles it.
func observed(h consumer.Handler, name string, received func(string, int, time.Time)) consumer.Handler {
	return func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		received(name, len(ev.Records), time.Now())
		return h(ctx, ev)
	}
}
