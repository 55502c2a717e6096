// Package bootstrap is the composition root of every Lambda: it reads the
// configuration, builds the AWS clients and adapters once per cold start and
// hands the domain services to the transport that functions/<name> starts.
package bootstrap

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"

	"svc/internal/account"
	"svc/internal/admin"
	"svc/internal/auth"
	"svc/internal/authorizer"
	"svc/internal/config"
	"svc/internal/dynamo"
	"svc/internal/httpapi"
	"svc/internal/logging"
	"svc/internal/routes"
	"svc/internal/template"
)

// Deps are the adapters and services a function is built from.
type Deps struct {
	Config config.Config
	Store  *dynamo.Store
	Log    *slog.Logger
	Now    func() time.Time
}

// Load reads the environment and builds the clients. The DynamoDB endpoint
// follows the SDK's AWS_ENDPOINT_URL_DYNAMODB / AWS_ENDPOINT_URL, as the
// local stack sets them.
func Load(ctx context.Context, queues ...string) (*Deps, error) {
	cfg, err := config.Load(os.Getenv, queues...)
	if err != nil {
		return nil, err
	}
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, err
	}
	return New(cfg, awsCfg, dynamoEndpoint()), nil
}

// New builds the dependencies from an already loaded configuration; the
// local gateway and tests use it with their own endpoints.
func New(cfg config.Config, awsCfg aws.Config, dynamoEndpoint string) *Deps {
	return &Deps{
		Config: cfg,
		Store:  dynamo.New(dynamo.NewClient(awsCfg, dynamoEndpoint), cfg.TableName),
		Log:    logging.New(os.Stdout, cfg.LogLevel),
		Now:    time.Now,
	}
}

func dynamoEndpoint() string {
	if ep := os.Getenv("AWS_ENDPOINT_URL_DYNAMODB"); ep != "" {
		return ep
	}
	return os.Getenv("AWS_ENDPOINT_URL")
}

// Authenticator verifies API keys against the store.
func (d *Deps) Authenticator() auth.Authenticator {
	return auth.Authenticator{Keys: d.Store, Now: d.Now}
}

// Accounts is the operators' service.
func (d *Deps) Accounts() account.Service { return account.Service{Store: d.Store, Now: d.Now} }

// HTTP is what the route handlers call.
func (d *Deps) HTTP() httpapi.Services {
	return httpapi.Services{Templates: template.Service{Store: d.Store}, Log: d.Log}
}

func mustLoad() *Deps {
	d, err := Load(context.Background())
	if err != nil {
		slog.Error("cold start failed", slog.String("error", err.Error()))
		os.Exit(1)
	}
	return d
}

// ServeRoute runs the Lambda of one HTTP route.
func ServeRoute(r routes.Route) {
	d := mustLoad()
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

// ServeAdmin runs the operators' function.
func ServeAdmin() {
	d := mustLoad()
	lambda.Start(admin.New(d.Accounts(), d.Log))
}
