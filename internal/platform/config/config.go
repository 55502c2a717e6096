// Package config names the environment variables the functions read. The
// route table says which of them each function is deployed with
// (routes.Environment); internal/wire reads them, and fails a cold start
// that lacks one, naming it.
package config

import "strings"

// Environment variables.
const (
	// EnvTableName is the DynamoDB table's name.
	EnvTableName = "SVC_TABLE_NAME"
	// EnvLogLevel is debug, info, warn or error (default info).
	EnvLogLevel = "SVC_LOG_LEVEL"
	// EnvWebhookMasterKeyARN names the Secrets Manager secret holding the
	// key every ZBA's webhook signing secret is derived from (deployed stacks).
	EnvWebhookMasterKeyARN = "SVC_WEBHOOK_MASTER_KEY_ARN"
	// EnvWebhookMasterKey is that key itself, at least MinMasterKeyLength
	// characters: for local stacks only, which have no Secrets Manager.
	EnvWebhookMasterKey = "SVC_WEBHOOK_MASTER_KEY"
	// EnvWebhookAllowLoopback, "true" on local stacks only, lets webhooks go
	// to plain-http and loopback callbacks.
	EnvWebhookAllowLoopback = "SVC_WEBHOOK_ALLOW_LOOPBACK"
	envQueueURL             = "SVC_QUEUE_URL_"
)

// QueueURLEnv is the variable holding the URL of the named queue.
func QueueURLEnv(queue string) string {
	return envQueueURL + strings.ToUpper(strings.ReplaceAll(queue, "-", "_"))
}

// MinMasterKeyLength is the shortest webhook master key accepted.
const MinMasterKeyLength = 32
