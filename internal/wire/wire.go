// Package wire builds each Lambda from its route-table entry. A function's
// constructor lives in the wiring package of its feature (wire/versions,
// wire/templates and its handoff, paging and pausing, wire/review,
// wire/webhooks, wire/accounts, wire/authn, wire/messages, wire/network,
// wire/calls and calls/session) and asks a Deps for what it needs: the
// table, a queue, the signing key; wire/cloud, wire/publish and
// wire/signing build the clients they share, and wire/catalog lists every
// constructor for the local stack and the wiring test. Deps hands out only
// what the entry declares and reads it from the environment the stack gives
// the function (routes.Environment), so a missing variable or an undeclared
// dependency fails the cold start with a message naming it, never a request.
//
// This package imports no AWS SDK module: a function links the SDK only
// through the adapters its feature's wiring imports.
package wire

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-lambda-go/lambda"

	"svc/internal/platform/config"
	"svc/internal/platform/logging"
	"svc/internal/platform/metrics"
	"svc/internal/routes"
)

// Dependency names, as Deps records them.
const (
	depTable   = "the table"
	depSecret  = "the secret "
	depQueue   = "queue "
	depBaseURL = "the public base URL"
	depNetwork = "the network"
	depCache   = "the authorizer cache"
)

// Deps is what one function may be built from: the dependencies its route
// table entry declares, read from its environment.
type Deps struct {
	spec   routes.Function
	getenv func(string) string
	// Log is the function's logger, at the level of config.EnvLogLevel.
	Log *slog.Logger
	// Now is the clock of the use cases.
	Now func() time.Time
	// Metrics writes the function's EMF records to stdout, under
	// MetricsNamespace.
	Metrics          *metrics.Recorder
	metricsNamespace string
	// Tweaks are set by the local stack and tests only.
	Tweaks   Tweaks
	problems []string
	used     map[string]bool
	memo     map[string]any
}

// Tweaks change what a deployed function never changes, for the local stack
// and tests.
type Tweaks struct {
	// WebhookDelay replaces the webhook retry schedule.
	WebhookDelay func(attempt int) (time.Duration, bool)
	// Network is the local stack's network simulator, a message.Network
	// (typed any so that this package, which every function links, links
	// no feature); nil in AWS, where End User Messaging Social is reached.
	Network any
	// NoGateway says that no gateway runs in front of the functions (an
	// operator command on the local stack while make run is down), so no
	// authorizer cache exists to flush.
	NoGateway bool
}

func newDeps(spec routes.Function, getenv func(string) string) *Deps {
	d := &Deps{spec: spec, getenv: getenv, Now: time.Now, used: map[string]bool{}, memo: map[string]any{}}
	var level slog.Level
	if v := getenv(config.EnvLogLevel); v != "" {
		if err := level.UnmarshalText([]byte(v)); err != nil {
			d.problems = append(d.problems, fmt.Sprintf("%s: %v", config.EnvLogLevel, err))
		}
	}
	d.Log = logging.New(os.Stdout, level)
	d.metricsNamespace = metrics.Namespace
	if v := getenv(config.EnvMetricsNamespace); v != "" {
		if err := metrics.CheckNamespace(v); err != nil {
			d.problems = append(d.problems, fmt.Sprintf("%s: %v", config.EnvMetricsNamespace, err))
		} else {
			d.metricsNamespace = v
		}
	}
	d.Metrics = metrics.New(os.Stdout, d.metricsNamespace, spec.Name)
	return d
}

// MetricsNamespace is the CloudWatch namespace the function publishes its
// metrics under: config.EnvMetricsNamespace, the stack's own, or
// metrics.Namespace where it is unset (the local stack).
func (d *Deps) MetricsNamespace() string { return d.metricsNamespace }

// Name is the function's name.
func (d *Deps) Name() string { return d.spec.Name }

// Getenv reads an optional setting (the AWS SDK's own variables, tuning
// such as the rate limit); dependencies go through their own methods.
func (d *Deps) Getenv(name string) string { return d.getenv(name) }

// require reads a variable that must be set, recording its absence.
func (d *Deps) require(name string) string {
	v := d.getenv(name)
	if v == "" {
		d.problems = append(d.problems, name+" is not set")
	}
	return v
}

// declare records the use of a dependency and whether the entry declares it.
func (d *Deps) declare(dep string, declared bool) bool {
	d.used[dep] = true
	if !declared {
		d.problems = append(d.problems, fmt.Sprintf("uses %s, which its route table entry does not declare", dep))
	}
	return declared
}

// TableName is the table's name, for functions whose entry reaches the
// table (routes.Function.UsesTable).
func (d *Deps) TableName() string {
	if !d.declare(depTable, d.spec.UsesTable()) {
		return ""
	}
	return d.require(config.EnvTableName)
}

// QueueURL is the URL of a queue the entry sends to (a dead-letter queue
// by its DLQ name).
func (d *Deps) QueueURL(queue string) string {
	if !d.declare(depQueue+queue, slices.Contains(d.spec.QueueNames(), queue)) {
		return ""
	}
	return d.require(config.QueueURLEnv(queue))
}

// Secret says where one of the service's signing secrets is, for
// functions whose entry names it: the secret's ARN in AWS (s.ARNEnv), or
// else the local stacks' one key (config.EnvWebhookMasterKey), which stands
// for every secret there, as they have no Secrets Manager.
func (d *Deps) Secret(s routes.Secret) (arn string, key []byte) {
	if !d.declare(depSecret+string(s), slices.Contains(d.spec.Secrets, s)) {
		return "", nil
	}
	arn, k := d.getenv(s.ARNEnv()), d.getenv(config.EnvWebhookMasterKey)
	switch {
	case arn != "":
		return arn, nil
	case len(k) >= config.MinMasterKeyLength:
		return "", []byte(k)
	case k != "":
		d.problems = append(d.problems, fmt.Sprintf("%s must be at least %d characters", config.EnvWebhookMasterKey, config.MinMasterKeyLength))
	default:
		d.problems = append(d.problems, s.ARNEnv()+" is not set")
	}
	return "", nil
}

// BaseURL is the API's public base URL, for functions whose entry has
// Links; "" where none is configured (a local stack before it listens),
// and then links are built from the request's host.
func (d *Deps) BaseURL() string {
	if !d.declare(depBaseURL, d.spec.Links) {
		return ""
	}
	return strings.TrimSuffix(d.getenv(config.EnvPublicBaseURL), "/")
}

// RequestBudget is how long a request-path function waits on its
// dependencies (config.EnvRequestBudget, else routes.RequestBudget).
func (d *Deps) RequestBudget() time.Duration {
	v := d.getenv(config.EnvRequestBudget)
	if v == "" {
		return routes.RequestBudget
	}
	b, err := time.ParseDuration(v)
	if err != nil || b <= 0 {
		d.problems = append(d.problems, fmt.Sprintf("%s=%q: want a positive Go duration such as 1s", config.EnvRequestBudget, v))
		return routes.RequestBudget
	}
	return b
}

// AuthorizerCache names the stage whose authorizer cache the function
// flushes, for functions whose entry has FlushesAuthorizers: the REST
// API's id and the stage's name. ok is false where no gateway runs
// (Tweaks.NoGateway).
func (d *Deps) AuthorizerCache() (restAPIID, stage string, ok bool) {
	if !d.declare(depCache, d.spec.FlushesAuthorizers) || d.Tweaks.NoGateway {
		return "", "", false
	}
	return d.require(config.EnvRestAPIID), d.require(config.EnvStageName), true
}

// LocalNetwork declares the function's use of the network, for functions
// whose entry has Network, and returns the local stack's simulator
// (Tweaks.Network), or nil where the function reaches End User Messaging
// Social, which needs no setting beyond the SDK's own.
func (d *Deps) LocalNetwork() any {
	if !d.declare(depNetwork, d.spec.Network) {
		return nil
	}
	return d.Tweaks.Network
}

// AllowLoopback reports whether webhooks may go to loopback receivers over
// plain http (local stacks only).
func (d *Deps) AllowLoopback() bool { return d.getenv(config.EnvWebhookAllowLoopback) == "true" }

// Invalid records a setting the constructor found unusable.
func (d *Deps) Invalid(err error) {
	if err != nil {
		d.problems = append(d.problems, err.Error())
	}
}

// Err is every problem found while building, or nil.
func (d *Deps) Err() error {
	if len(d.problems) == 0 {
		return nil
	}
	return fmt.Errorf("function %s: %s", d.spec.Name, strings.Join(d.problems, "; "))
}

// Unused lists what the entry declares and the constructor never asked for:
// a grant the function does not need.
func (d *Deps) Unused() []string {
	var out []string
	if d.spec.UsesTable() && !d.used[depTable] {
		out = append(out, depTable)
	}
	for _, q := range d.spec.QueueNames() {
		if !d.used[depQueue+q] {
			out = append(out, depQueue+q)
		}
	}
	for _, s := range d.spec.Secrets {
		if !d.used[depSecret+string(s)] {
			out = append(out, depSecret+string(s))
		}
	}
	if d.spec.Links && !d.used[depBaseURL] {
		out = append(out, depBaseURL)
	}
	if d.spec.Network && !d.used[depNetwork] {
		out = append(out, depNetwork)
	}
	if d.spec.FlushesAuthorizers && !d.used[depCache] {
		out = append(out, depCache)
	}
	return out
}

// Once returns the value built under key for this function, building it on
// first use: clients shared by the use cases of one function.
func Once[T any](d *Deps, key string, build func() T) T {
	if v, ok := d.memo[key].(T); ok {
		return v
	}
	v := build()
	d.memo[key] = v
	return v
}

// Function is a Lambda of the route table and the constructor of its
// handler, of type H (what lambda.Start is given).
type Function[H any] struct {
	Spec  routes.Function
	Build func(d *Deps) (H, error)
}

// Entry is the function's route table entry.
func (f Function[H]) Entry() routes.Function { return f.Spec }

// New builds the handler from the environment getenv reads; tweak, when
// not nil, adjusts the Deps first (the local stack's logger, test clocks).
// It fails naming every missing variable and every undeclared dependency.
func (f Function[H]) New(getenv func(string) string, tweak func(*Deps)) (H, *Deps, error) {
	d := newDeps(f.Spec, getenv)
	if tweak != nil {
		tweak(d)
	}
	h, err := f.Build(d)
	if err = errors.Join(err, d.Err()); err != nil {
		var zero H
		return zero, d, err
	}
	return h, d, nil
}

// Any builds the handler as New does, untyped: for the wiring test, which
// builds every function alike.
func (f Function[H]) Any(getenv func(string) string) (any, *Deps, error) {
	return f.New(getenv, nil)
}

// Builder is any Function, for lists of every function of a feature.
type Builder interface {
	Entry() routes.Function
	Any(getenv func(string) string) (any, *Deps, error)
}

// Main builds f from the process environment and serves it; a function that
// cannot be built exits at cold start with the reason.
func Main[H any](f Function[H]) {
	h, _, err := f.New(os.Getenv, nil)
	if err != nil {
		slog.Error("cold start failed", slog.String("error", err.Error()))
		os.Exit(1)
	}
	lambda.Start(h)
}
