// Package devstack assembles the service on the local emulators: the table
// and queues created from the same definitions CDK deploys, the handlers
// built by the same bootstrap the Lambdas use, the local API gateway in front
// of them and the queue consumers behind their emulated event sources. The
// svc-local command (make run, make key) and the end-to-end tests use it.
package devstack

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/sqsqueue"
	"svc/internal/local/localgw"
	"svc/internal/local/sqslocal"
	"svc/internal/platform/config"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
	"svc/internal/transport/admin"
	"svc/internal/transport/authorizer"
	"svc/internal/transport/httpapi"
	"svc/internal/wire"
)

// Options say where the emulators are and what to call things in them.
type Options struct {
	DynamoEndpoint string
	// SQSEndpoint may be empty for operator commands that need only the table.
	SQSEndpoint string
	TableName   string
	QueuePrefix string
	// CacheTTL is the authorizer cache TTL (see localgw.Config).
	CacheTTL time.Duration
	// RatePolicy overrides the management rate limit when set.
	RatePolicy ratelimit.Policy
	// WebhookMasterKey is the key signing secrets derive from.
	WebhookMasterKey []byte
	// WebhookDelay overrides the webhook retry schedule when set (tests).
	WebhookDelay func(attempt int) (time.Duration, bool)
	Log          *slog.Logger
}

// Stack is the service running on the emulators.
type Stack struct {
	Deps      *wire.Deps
	Gateway   *localgw.Gateway
	Admin     admin.Handler
	QueueURLs map[string]string
	sqs       sqslocal.Client
	log       *slog.Logger
}

// awsConfig is the SDK configuration for the emulators: a fixed region and
// dummy credentials, which the emulators accept and never check.
func awsConfig(ctx context.Context) (aws.Config, error) {
	return awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion("us-east-1"),
		awsconfig.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("local", "local", "")))
}

// Open creates the table and queues when missing and builds the stack.
func Open(ctx context.Context, o Options) (*Stack, error) {
	cfg, err := awsConfig(ctx)
	if err != nil {
		return nil, err
	}
	if err := dynamo.CreateTable(ctx, dynamo.NewClient(cfg, o.DynamoEndpoint), o.TableName); err != nil {
		return nil, err
	}
	st := &Stack{QueueURLs: map[string]string{}, log: o.Log}
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
	// Local stacks deliver webhooks to receivers on this machine, which the
	// deployed stack refuses (plain http, loopback addresses).
	st.Deps = wire.New(config.Config{TableName: o.TableName, QueueURLs: st.QueueURLs,
		WebhookMasterKey: o.WebhookMasterKey, WebhookAllowLoopback: true}, cfg,
		wire.Endpoints{DynamoDB: o.DynamoEndpoint, SQS: o.SQSEndpoint})
	if o.WebhookDelay != nil {
		st.Deps.WebhookDelay = o.WebhookDelay
	}
	if o.Log != nil {
		st.Deps.Log = o.Log
	}
	if o.RatePolicy.Limit > 0 {
		st.Deps.RatePolicy = o.RatePolicy
	}
	st.Admin = admin.New(st.Deps.Accounts(), st.Deps.Store, st.Deps.Log)
	st.Gateway, err = localgw.New(localgw.Config{
		Routes:     routes.All,
		Handlers:   httpapi.Handlers(st.Deps.HTTP()),
		Authorizer: authorizer.New(st.Deps.Authenticator(), st.Deps.Log),
		CacheTTL:   o.CacheTTL,
		Log:        st.Deps.Log,
	})
	if err != nil {
		return nil, err
	}
	return st, nil
}

// RunSchedules runs each scheduled function at its rate until ctx ends, as
// EventBridge would.
func (s *Stack) RunSchedules(ctx context.Context) error {
	for _, sc := range routes.Schedules {
		h, err := s.Deps.Schedule(sc)
		if err != nil {
			return err
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
