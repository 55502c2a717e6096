package config_test

import (
	"testing"

	"svc/internal/platform/config"
)

func TestQueueURLEnv(t *testing.T) {
	for queue, want := range map[string]string{
		"classifier":   "SVC_QUEUE_URL_CLASSIFIER",
		"dead-letters": "SVC_QUEUE_URL_DEAD_LETTERS",
		"webhooks-dlq": "SVC_QUEUE_URL_WEBHOOKS_DLQ",
	} {
		if got := config.QueueURLEnv(queue); got != want {
			t.Errorf("QueueURLEnv(%q) = %s, want %s", queue, got, want)
		}
	}
}
