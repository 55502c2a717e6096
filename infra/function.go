package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigateway"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambdaeventsources"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssqs"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"svc/internal/adapter/dynamo/table"
	"svc/internal/routes"
)

// maxFunctionName is Lambda's limit on a function name.
const maxFunctionName = 64

// functionDeps is what every function is wired to.
type functionDeps struct {
	Settings settings
	Table    awsdynamodb.Table
	Queues   map[string]serviceQueue
	// Secrets are the signing secrets, one per purpose; a function is given
	// and may read those its entry names.
	Secrets map[routes.Secret]awssecretsmanager.Secret
	// BaseURL is the API's public base URL, which links are built on
	// (linkBaseURL).
	BaseURL *string
	// API is the REST API, whose stage's authorizer cache a function with
	// FlushesAuthorizers flushes.
	API awsapigateway.IRestApi
	// AssetDir is the absolute directory holding <name>/bootstrap.
	AssetDir string
}

// newFunction creates one Lambda with its own role, log group, the
// timeout and memory its routes.Function entry names, exactly the grants it
// names, and the environment routes.Environment gives it.
func newFunction(scope constructs.Construct, f routes.Function, d functionDeps) awslambda.Function {
	c := constructs.NewConstruct(scope, jsii.String(f.Name))
	s := d.Settings

	logs := awslogs.NewLogGroup(c, jsii.String("Logs"), &awslogs.LogGroupProps{
		Retention:     s.LogRetention,
		RemovalPolicy: s.RemovalPolicy,
	})
	// A role per function, without AWSLambdaBasicExecutionRole: that
	// managed policy lets a function write to any log group, this one only
	// to its own.
	role := awsiam.NewRole(c, jsii.String("Role"), &awsiam.RoleProps{
		AssumedBy:   awsiam.NewServicePrincipal(jsii.String("lambda.amazonaws.com"), nil),
		Description: jsii.String("Runs the " + f.Name + " function of " + s.StackName),
	})
	logs.GrantWrite(role)
	grantTable(role, f, d.Table)

	settings := map[string]*string{}
	for name, v := range s.FunctionSettings {
		settings[name] = jsii.String(v)
	}
	env := routes.Environment(f, routes.EnvValues[*string]{
		TableName: d.Table.TableName(), LogLevel: jsii.String(s.LogLevel), MetricsNamespace: jsii.String(s.MetricsNamespace),
		QueueURL: func(q string) *string { return d.Queues[q].Queue.QueueUrl() },
		DLQURL:   func(q string) *string { return d.Queues[q].DLQ.QueueUrl() },
		Secret:   func(name routes.Secret) (string, *string) { return name.ARNEnv(), d.Secrets[name].SecretArn() },
		BaseURL:  d.BaseURL, Settings: settings,
		RestAPIID: d.API.RestApiId(), StageName: jsii.String(s.Stage),
	})
	for _, name := range f.Sends {
		grantSend(role, d.Queues[name].Queue)
	}
	for _, name := range f.DeadLetters {
		grantSend(role, d.Queues[name].DLQ)
	}
	for _, name := range f.Secrets {
		d.Secrets[name].GrantRead(role, nil)
	}
	if f.Network {
		grantNetwork(role)
	}
	if f.FlushesAuthorizers {
		grantFlushAuthorizers(role, d.API, s.Stage)
	}

	return awslambda.NewFunction(c, jsii.String("Function"), &awslambda.FunctionProps{
		FunctionName: jsii.String(functionName(s, f)),
		Runtime:      awslambda.Runtime_PROVIDED_AL2023(),
		Architecture: awslambda.Architecture_ARM_64(),
		Handler:      jsii.String("bootstrap"),
		Code:         awslambda.Code_FromAsset(jsii.String(filepath.Join(d.AssetDir, f.Name)), nil),
		MemorySize:   jsii.Number(f.Memory()),
		Timeout:      duration(f.RunTimeout()),
		Role:         role,
		LogGroup:     logs,
		// The handlers' slog filters by logLevel (SVC_LOG_LEVEL), so debug
		// lines are neither written nor paid for unless asked. Lambda
		// filters nothing: it takes a JSON line without a "level" key for
		// INFO, so a filter at WARN or ERROR would drop every EMF record,
		// and with them every metric and alarm of the service; and left
		// unset, JSON format filters at INFO, dropping debug lines asked for.
		LoggingFormat:         awslambda.LoggingFormat_JSON,
		ApplicationLogLevelV2: awslambda.ApplicationLogLevel_TRACE,
		Environment:           &env,
	})
}

// grantTable gives role its entry's DynamoDB statements
// (routes.Function.TableGrants): its Table actions on the table, held to
// its partitions where it names them; UpdateItem on the rate counters alone
// for a rate-limited function; and Query on the index (the only action that
// reads one) to the functions that query it, held to the index partitions
// they query.
func grantTable(role awsiam.Role, f routes.Function, t awsdynamodb.Table) {
	for _, g := range f.TableGrants() {
		resources := []*string{t.TableArn()}
		if g.Index {
			resources = indexResources(t)
		}
		role.AddToPrincipalPolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
			Actions: jsii.Strings(g.Actions...), Resources: &resources, Conditions: heldTo(g.Partitions),
		}))
	}
}

// heldTo is the condition holding a statement to the partitions ps; nil
// (the whole table) for none.
func heldTo(ps []routes.Partition) *map[string]any {
	if len(ps) == 0 {
		return nil
	}
	return &map[string]any{"ForAllValues:StringLike": map[string]any{leadingKeys: partitionPatterns(ps)}}
}

// grantSend lets role send to q, and nothing else on it.
func grantSend(role awsiam.Role, q awssqs.IQueue) {
	role.AddToPrincipalPolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   jsii.Strings("sqs:SendMessage"),
		Resources: &[]*string{q.QueueArn()},
	}))
}

// newConsumer creates a queue consumer: a function whose timeout is the
// one its queue's visibility timeout was sized for, fed in batches that
// report per-message failures, so one bad message is retried (and then
// dead-lettered) alone. The event source runs at most the consumer's
// MaxConcurrency invocations at once: a backlog waits on its queue, where
// waiting costs no receive, rather than throttling (a reserved concurrency
// would throttle, and count receives towards the DLQ) or taking the
// account's concurrency from the authorizer and the routes.
func newConsumer(scope constructs.Construct, c routes.Consumer, d functionDeps) awslambda.Function {
	fn := newFunction(scope, c.Spec(), d)
	props := &awslambdaeventsources.SqsEventSourceProps{
		BatchSize:               jsii.Number(c.BatchSize),
		ReportBatchItemFailures: jsii.Bool(true),
		MaxConcurrency:          jsii.Number(d.Settings.MaxConcurrency[c.Name]),
	}
	if c.MaxBatchingWindow > 0 {
		props.MaxBatchingWindow = duration(c.MaxBatchingWindow)
	}
	fn.AddEventSource(awslambdaeventsources.NewSqsEventSource(d.Queues[c.Queue.Name].Queue, props))
	return fn
}

// functionName is the function's physical name: the stack name keeps two
// stacks in one account apart, the route table's name finds it in the
// console.
func functionName(s settings, f routes.Function) string {
	return s.StackName + "-" + f.Name
}

// checkFunctions fails before anything is created when a function cannot be
// built: its binary is missing, its name is taken or too long for Lambda,
// it names a queue or consumes one the route table does not define, or a
// secret the stack does not make.
func checkFunctions(s settings, assetDir string) error {
	known := map[string]bool{}
	for _, q := range routes.Queues {
		known[q.Name] = true
	}
	var errs []error
	var missing []string
	seen := map[string]bool{}
	for _, f := range routes.Functions() {
		if seen[f.Name] {
			errs = append(errs, fmt.Errorf("function %s is listed twice in the route table", f.Name))
		}
		seen[f.Name] = true
		if _, err := os.Stat(filepath.Join(assetDir, f.Name, "bootstrap")); err != nil {
			missing = append(missing, f.Name)
		}
		if n := functionName(s, f); len(n) > maxFunctionName {
			errs = append(errs, fmt.Errorf("function name %s is longer than %d characters: choose a shorter %s", n, maxFunctionName, CtxStackName))
		}
		for _, p := range append(slices.Clone(f.Partitions), f.Index...) {
			if _, ok := table.PartitionPrefixes[p]; !ok {
				errs = append(errs, fmt.Errorf("function %s is held to partition %q, which table.PartitionPrefixes does not know", f.Name, p))
			}
		}
		for _, name := range f.Secrets {
			if _, ok := secretSpecs[name]; !ok {
				errs = append(errs, fmt.Errorf("function %s reads secret %q, which infra/secrets.go does not make", f.Name, name))
			}
		}
		for _, q := range append(slices.Clone(f.Sends), f.DeadLetters...) {
			if !known[q] {
				errs = append(errs, fmt.Errorf("function %s sends to queue %q, which routes.Queues does not define", f.Name, q))
			}
		}
	}
	if len(missing) > 0 {
		errs = append(errs, fmt.Errorf("no Lambda binary %s/{%s}/bootstrap: run `make build` first, it builds every functions/<name> there",
			assetDir, strings.Join(missing, ",")))
	}
	for _, c := range routes.Consumers {
		if !known[c.Queue.Name] {
			errs = append(errs, fmt.Errorf("consumer %s reads queue %q, which routes.Queues does not define", c.Name, c.Queue.Name))
		}
	}
	return errors.Join(errs...)
}
