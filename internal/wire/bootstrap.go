// Package bootstrap is the composition root of every Lambda: it reads the
// configuration, builds the AWS clients and adapters once per cold start and
// hands the domain services to the transport that functions/<name> starts.
package wire

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/secretstore"
	"svc/internal/adapter/sqsqueue"
	"svc/internal/adapter/webhookhttp"
	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/feature/template/review"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/platform/config"
	"svc/internal/platform/logging"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
	"svc/internal/transport/admin"
	"svc/internal/transport/authorizer"
	"svc/internal/transport/consumer"
	"svc/internal/transport/httpapi"
)

// Deps are the adapters and services a function is built from.
type Deps struct {
	Config config.Config
	Store  *dynamo.Store
	// Queues holds a publisher per queue the function sends to.
	Queues map[string]*sqsqueue.Publisher
	// RatePolicy is the management rate limit.
	RatePolicy ratelimit.Policy
	// WebhookDelay is the webhook retry schedule.
	WebhookDelay func(attempt int) (time.Duration, bool)
	// MasterKey is the webhook master key, read when first needed; nil for
	// functions that sign nothing.
	MasterKey *webhook.MasterKey
	Log       *slog.Logger
	Now       func() time.Time
}

// Load reads the environment and builds the clients; queues names the
// queues the function sends to. Endpoints follow the SDK's
// AWS_ENDPOINT_URL_DYNAMODB, AWS_ENDPOINT_URL_SQS and AWS_ENDPOINT_URL, as
// the local stack sets them.
func Load(ctx context.Context, queues ...string) (*Deps, error) {
	cfg, err := config.Load(os.Getenv, queues...)
	if err != nil {
		return nil, err
	}
	policy, err := ratelimit.PolicyFromEnv(os.Getenv)
	if err != nil {
		return nil, err
	}
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, err
	}
	d := New(cfg, awsCfg, Endpoints{DynamoDB: endpoint("DYNAMODB"), SQS: endpoint("SQS")})
	d.RatePolicy = policy
	return d, nil
}

// Endpoints override the AWS service addresses (the local emulators).
type Endpoints struct {
	DynamoDB, SQS string
}

// New builds the dependencies from an already loaded configuration; the
// local gateway and tests use it with their own endpoints.
func New(cfg config.Config, awsCfg aws.Config, ep Endpoints) *Deps {
	d := &Deps{
		Config:     cfg,
		Store:      dynamo.New(dynamo.NewClient(awsCfg, ep.DynamoDB), cfg.TableName),
		Queues:     map[string]*sqsqueue.Publisher{},
		RatePolicy: ratelimit.DefaultPolicy,
		WebhookDelay: func(n int) (time.Duration, bool) {
			return webhook.Delay(n, rand.Float64)
		},
		Log: logging.New(os.Stdout, cfg.LogLevel),
		Now: time.Now,
	}
	switch {
	case cfg.WebhookMasterKeyARN != "":
		d.MasterKey = webhook.NewMasterKey(secretstore.Loader(secretstore.NewClient(awsCfg), cfg.WebhookMasterKeyARN))
	case len(cfg.WebhookMasterKey) > 0:
		d.MasterKey = webhook.StaticMasterKey(cfg.WebhookMasterKey)
	}
	if len(cfg.QueueURLs) > 0 {
		client := sqsqueue.NewClient(awsCfg, ep.SQS)
		for name, u := range cfg.QueueURLs {
			d.Queues[name] = sqsqueue.NewPublisher(client, u)
		}
	}
	return d
}

func endpoint(service string) string {
	if ep := os.Getenv("AWS_ENDPOINT_URL_" + service); ep != "" {
		return ep
	}
	return os.Getenv("AWS_ENDPOINT_URL")
}

// Authenticator verifies API keys against the store.
func (d *Deps) Authenticator() auth.Authenticator {
	return auth.Authenticator{Keys: d.Store, Now: d.Now}
}

// Accounts is the operators' service.
func (d *Deps) Accounts() account.Service {
	return account.Service{Store: d.Store, Now: d.Now, Webhooks: account.Webhooks{
		Master: d.MasterKey, Client: d.webhookClient(), AllowLoopback: d.Config.WebhookAllowLoopback}}
}

func (d *Deps) webhookClient() *webhookhttp.Client {
	return webhookhttp.NewClient(webhookhttp.ClientOptions{AllowLoopback: d.Config.WebhookAllowLoopback})
}

// Consumer returns the batch handler of a queue consumer.
func (d *Deps) Consumer(c routes.Consumer) (consumer.Handler, error) {
	events := delivery.Queue{Publisher: d.Queues[routes.WebhookQueue.Name]}
	switch c.Name {
	case routes.Classifier.Name:
		svc := review.Service{Store: d.Store, Events: events, Now: d.Now, Log: d.Log}
		return consumer.PerRecord(svc.Handle, d.Log), nil
	case routes.Webhooks.Name:
		if d.MasterKey == nil {
			return nil, fmt.Errorf("neither %s nor %s is set", config.EnvWebhookMasterKeyARN, config.EnvWebhookMasterKey)
		}
		svc := delivery.Service{Subscriptions: d.Store, Attempts: d.Store, Queue: events,
			DeadLetters: d.Queues[routes.WebhookQueue.DLQName()], Sender: d.webhookClient(),
			Master: d.MasterKey, Delay: d.WebhookDelay, Now: d.Now, Log: d.Log}
		return consumer.PerRecord(svc.Handle, d.Log), nil
	}
	return nil, fmt.Errorf("bootstrap: no handler for consumer %s", c.Name)
}

// Templates is the template service; it hands reviews to the classifier
// queue when the function may send to it.
func (d *Deps) Templates() template.Service {
	svc := template.Service{Store: d.Store, Now: d.Now, Log: d.Log}
	if d.MasterKey != nil {
		svc.Cursors = template.SignedCursors{Key: d.MasterKey.DerivedKey("page-cursors"), Now: d.Now}
	}
	if p, ok := d.Queues[routes.ClassifierQueue.Name]; ok {
		svc.Queue = template.PublishingQueue{Publisher: p}
	}
	return svc
}

// HTTP is what the route handlers call.
func (d *Deps) HTTP() httpapi.Services {
	return httpapi.Services{Templates: d.Templates(), Log: d.Log,
		Limiter: ratelimit.Limiter{Policy: d.RatePolicy, Counter: d.Store, Now: d.Now}}
}

func mustLoad(queues ...string) *Deps {
	d, err := Load(context.Background(), queues...)
	if err != nil {
		slog.Error("cold start failed", slog.String("error", err.Error()))
		os.Exit(1)
	}
	return d
}

// ServeRoute runs the Lambda of one HTTP route.
func ServeRoute(r routes.Route) {
	d := mustLoad(r.QueueNames()...)
	if r.SigningKey && d.MasterKey == nil {
		d.Log.Error("cold start failed", slog.String("error", "route "+r.Name+" needs "+config.EnvWebhookMasterKeyARN))
		os.Exit(1)
	}
	h, err := httpapi.For(r, d.HTTP())
	if err != nil {
		d.Log.Error("cold start failed", slog.String("error", err.Error()))
		os.Exit(1)
	}
	lambda.Start(h)
}

// ServeAuthorizer runs the REQUEST authorizer.
func ServeAuthorizer() {
	d := mustLoad()
	lambda.Start(authorizer.New(d.Authenticator(), d.Log))
}

// ServeSchedule runs a scheduled function.
func ServeSchedule(sc routes.Scheduled) {
	d := mustLoad(sc.QueueNames()...)
	h, err := d.Schedule(sc)
	if err != nil {
		d.Log.Error("cold start failed", slog.String("error", err.Error()))
		os.Exit(1)
	}
	lambda.Start(h)
}

// Schedule returns the handler of a scheduled function. A failure fails the
// invocation; the next scheduled run carries on from what is still due.
func (d *Deps) Schedule(sc routes.Scheduled) (func(context.Context) error, error) {
	switch sc.Name {
	case routes.ReviewSweeper.Name:
		svc := d.Templates()
		return func(ctx context.Context) error {
			n, err := svc.SweepReviews(ctx)
			if err != nil {
				d.Log.Error("review sweep failed", slog.Int("handed_over", n), slog.String("error", err.Error()))
				return err
			}
			d.Log.Info("review sweep", slog.Int("handed_over", n))
			return nil
		}, nil
	}
	return nil, fmt.Errorf("bootstrap: no handler for schedule %s", sc.Name)
}

// ServeConsumer runs a queue consumer.
func ServeConsumer(c routes.Consumer) {
	d := mustLoad(c.QueueNames()...)
	h, err := d.Consumer(c)
	if err != nil {
		d.Log.Error("cold start failed", slog.String("error", err.Error()))
		os.Exit(1)
	}
	lambda.Start(h)
}

// ServeAdmin runs the operators' function.
func ServeAdmin() {
	d := mustLoad(routes.Admin.QueueNames()...)
	lambda.Start(admin.New(d.Accounts(), d.Store, d.Log))
}
