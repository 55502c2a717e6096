// Package config names the environment variables the functions read and
// loads them into one typed Config. infra/ sets the same names.
package config

import (
	"fmt"
	"log/slog"
	"strings"
)

// Environment variables.
const (
	// EnvTableName is the DynamoDB table's name.
	EnvTableName = "SVC_TABLE_NAME"
	// EnvLogLevel is debug, info, warn or error (default info).
	EnvLogLevel = "SVC_LOG_LEVEL"
	// EnvWebhookMasterKeyARN names the Secrets Manager secret holding the
	// key every ZBA's webhook signing secret is derived from (deployed stacks).
	EnvWebhookMasterKeyARN = "SVC_WEBHOOK_MASTER_KEY_ARN"
	// EnvWebhookMasterKey is that key itself, at least 32 characters: for
	// local stacks only, which have no Secrets Manager.
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

// Config is what a function needs from its environment.
type Config struct {
	TableName string
	// QueueURLs maps a queue name to its URL, for the queues the function sends to.
	QueueURLs map[string]string
	LogLevel  slog.Level
	// WebhookMasterKeyARN, or else WebhookMasterKey, is set for functions
	// that sign webhooks.
	WebhookMasterKeyARN string
	WebhookMasterKey    []byte
	// WebhookAllowLoopback is for local stacks only.
	WebhookAllowLoopback bool
}

// MinMasterKeyLength is the shortest webhook master key accepted.
const MinMasterKeyLength = 32

// Load reads the configuration; queues are the names whose URLs are needed.
func Load(getenv func(string) string, queues ...string) (Config, error) {
	c := Config{TableName: getenv(EnvTableName), QueueURLs: map[string]string{}}
	if c.TableName == "" {
		return c, fmt.Errorf("%s is not set", EnvTableName)
	}
	for _, q := range queues {
		u := getenv(QueueURLEnv(q))
		if u == "" {
			return c, fmt.Errorf("%s is not set", QueueURLEnv(q))
		}
		c.QueueURLs[q] = u
	}
	if k := getenv(EnvWebhookMasterKey); k != "" {
		if len(k) < MinMasterKeyLength {
			return c, fmt.Errorf("%s must be at least %d characters", EnvWebhookMasterKey, MinMasterKeyLength)
		}
		c.WebhookMasterKey = []byte(k)
	}
	c.WebhookMasterKeyARN = getenv(EnvWebhookMasterKeyARN)
	c.WebhookAllowLoopback = getenv(EnvWebhookAllowLoopback) == "true"
	if lvl := getenv(EnvLogLevel); lvl != "" {
		if err := c.LogLevel.UnmarshalText([]byte(lvl)); err != nil {
			return c, fmt.Errorf("%s: %w", EnvLogLevel, err)
		}
	}
	return c, nil
}
