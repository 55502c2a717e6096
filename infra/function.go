package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambdaeventsources"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"svc/internal/platform/config"
	"svc/internal/routes"
)

// Sizing shared by every function. The handlers are small Go binaries: 256
// MB gives them enough CPU for JSON and TLS without paying for idle memory.
const (
	memoryMB = 256
	// apiTimeout bounds routes, the authorizer and admin, well under API
	// Gateway's 29 s integration timeout so that a slow call ends in the
	// function's own error envelope.
	apiTimeout = 10 * time.Second
)

// maxFunctionName is Lambda's limit on a function name.
const maxFunctionName = 64

// functionDeps is what every function is wired to.
type functionDeps struct {
	Settings settings
	Table    awsdynamodb.Table
	Queues   map[string]serviceQueue
	// MasterKey is the webhook master key, for functions with SigningKey.
	MasterKey awssecretsmanager.Secret
	// AssetDir is the absolute directory holding <name>/bootstrap.
	AssetDir string
}

// newFunction creates one Lambda with its own role, log group and exactly
// the grants its routes.Function entry names.
func newFunction(scope constructs.Construct, f routes.Function, timeout time.Duration, d functionDeps) awslambda.Function {
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
	if actions := f.Table.Actions(); len(actions) > 0 {
		resources := tableResources(d.Table)
		role.AddToPrincipalPolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
			Actions:   jsii.Strings(actions...),
			Resources: &resources,
		}))
	}

	env := map[string]*string{
		config.EnvTableName: d.Table.TableName(),
		config.EnvLogLevel:  jsii.String(s.LogLevel),
	}
	for _, name := range f.Sends {
		q := d.Queues[name].Queue
		env[config.QueueURLEnv(name)] = q.QueueUrl()
		role.AddToPrincipalPolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
			Actions:   jsii.Strings("sqs:SendMessage"),
			Resources: &[]*string{q.QueueArn()},
		}))
	}
	if f.SigningKey {
		grantSigningKey(d.MasterKey, role, env)
	}
	for _, name := range f.DeadLetters {
		sq := d.Queues[name]
		env[config.QueueURLEnv(sq.Spec.DLQName())] = sq.DLQ.QueueUrl()
		role.AddToPrincipalPolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
			Actions:   jsii.Strings("sqs:SendMessage"),
			Resources: &[]*string{sq.DLQ.QueueArn()},
		}))
	}

	return awslambda.NewFunction(c, jsii.String("Function"), &awslambda.FunctionProps{
		FunctionName: jsii.String(functionName(s, f)),
		Runtime:      awslambda.Runtime_PROVIDED_AL2023(),
		Architecture: awslambda.Architecture_ARM_64(),
		Handler:      jsii.String("bootstrap"),
		Code:         awslambda.Code_FromAsset(jsii.String(filepath.Join(d.AssetDir, f.Name)), nil),
		MemorySize:   jsii.Number(memoryMB),
		Timeout:      duration(timeout),
		Role:         role,
		LogGroup:     logs,
		// Lambda filters by level and the handlers' slog reads the same
		// level from the environment, so debug lines are neither written
		// nor paid for unless asked.
		LoggingFormat:         awslambda.LoggingFormat_JSON,
		ApplicationLogLevelV2: awslambda.ApplicationLogLevel(s.LogLevel),
		Environment:           &env,
	})
}

// newConsumer creates a queue consumer: a function whose timeout is the
// one its queue's visibility timeout was sized for, fed in batches that
// report per-message failures, so one bad message is retried (and then
// dead-lettered) alone.
func newConsumer(scope constructs.Construct, c routes.Consumer, d functionDeps) awslambda.Function {
	fn := newFunction(scope, c.Function, c.Queue.ConsumerTimeout, d)
	props := &awslambdaeventsources.SqsEventSourceProps{
		BatchSize:               jsii.Number(c.BatchSize),
		ReportBatchItemFailures: jsii.Bool(true),
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
// or it names a queue or consumes one the route table does not define.
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
