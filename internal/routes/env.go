package routes

import "svc/internal/platform/config"

// EnvValues are the deployment's values that a function's environment
// refers to. The stack passes CloudFormation tokens, the local stack and the
// wiring test plain strings.
type EnvValues[T any] struct {
	TableName T
	LogLevel  T
	// MetricsNamespace is the CloudWatch namespace every function publishes
	// its metrics under (the stack's own in AWS).
	MetricsNamespace T
	// QueueURL is the URL of the named queue; DLQURL of that queue's
	// dead-letter queue.
	QueueURL func(queue string) T
	DLQURL   func(queue string) T
	// Secret is where a secret is found, as a variable and its value: in
	// AWS the secret's ARN under its Secret.ARNEnv, on the local stack
	// the one local key under config.EnvWebhookMasterKey.
	Secret func(s Secret) (name string, value T)
	// BaseURL is the API's public base URL, stage included.
	BaseURL T
	// RestAPIID and StageName name the stage whose authorizer cache a
	// function with FlushesAuthorizers flushes.
	RestAPIID, StageName T
	// Settings are the optional settings the deployment sets, by variable
	// (config.Tunables); a function is given those it reads
	// (Function.ReadSettings), and its own default stands for the others.
	Settings map[string]T
}

// Environment is the environment f is deployed with: exactly the variables
// its entry declares a need for, so that a function can read no more than
// it was granted. infra/ and the local stack both build it here.
func Environment[T any](f Function, v EnvValues[T]) map[string]T {
	env := map[string]T{config.EnvLogLevel: v.LogLevel, config.EnvMetricsNamespace: v.MetricsNamespace}
	if f.UsesTable() {
		env[config.EnvTableName] = v.TableName
	}
	for _, q := range f.Sends {
		env[config.QueueURLEnv(q)] = v.QueueURL(q)
	}
	for _, q := range f.DeadLetters {
		env[config.QueueURLEnv(Queue{Name: q}.DLQName())] = v.DLQURL(q)
	}
	for _, s := range f.Secrets {
		name, value := v.Secret(s)
		env[name] = value
	}
	if f.Links {
		env[config.EnvPublicBaseURL] = v.BaseURL
	}
	if f.FlushesAuthorizers {
		env[config.EnvRestAPIID], env[config.EnvStageName] = v.RestAPIID, v.StageName
	}
	for _, name := range f.ReadSettings() {
		if value, ok := v.Settings[name]; ok {
			env[name] = value
		}
	}
	return env
}
