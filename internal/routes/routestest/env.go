// Package routestest holds what tests of the route table and its wiring
// share: the environment a deployed function gets.
package routestest

import (
	"svc/internal/platform/metrics"
	"svc/internal/routes"
)

// Deployed is the environment the stack gives f (routes.Environment, as
// infra/ builds it) with plausible values and the optional settings given,
// plus what Lambda itself sets.
func Deployed(f routes.Function, settings map[string]string) map[string]string {
	env := routes.Environment(f, routes.EnvValues[string]{
		TableName: "svc-table", LogLevel: "info", MetricsNamespace: metrics.StackNamespace("Svc"),
		QueueURL: func(q string) string { return "https://sqs.eu-west-1.amazonaws.com/123456789012/svc-" + q },
		DLQURL:   func(q string) string { return "https://sqs.eu-west-1.amazonaws.com/123456789012/svc-" + q + "-dlq" },
		Secret: func(s routes.Secret) (string, string) {
			return s.ARNEnv(), "arn:aws:secretsmanager:eu-west-1:123456789012:secret:svc-" + string(s)
		},
		BaseURL:   "https://abc123.execute-api.eu-west-1.amazonaws.com/prod",
		RestAPIID: "abc123", StageName: "prod",
		Settings: settings,
	})
	env["AWS_REGION"] = "eu-west-1"
	return env
}
