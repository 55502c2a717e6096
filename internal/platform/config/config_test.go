package config_test

import (
	"log/slog"
	"testing"

	"svc/internal/platform/config"
)

func TestLoad(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		queues  []string
		wantErr bool
		check   func(config.Config) bool
	}{
		{"table only", map[string]string{"SVC_TABLE_NAME": "t"}, nil, false,
			func(c config.Config) bool { return c.TableName == "t" && c.LogLevel == slog.LevelInfo }},
		{"missing table", map[string]string{}, nil, true, nil},
		{"queue url", map[string]string{"SVC_TABLE_NAME": "t", "SVC_QUEUE_URL_CLASSIFIER": "https://q/1"}, []string{"classifier"}, false,
			func(c config.Config) bool { return c.QueueURLs["classifier"] == "https://q/1" }},
		{"missing queue url", map[string]string{"SVC_TABLE_NAME": "t"}, []string{"webhooks"}, true, nil},
		{"log level", map[string]string{"SVC_TABLE_NAME": "t", "SVC_LOG_LEVEL": "DEBUG"}, nil, false,
			func(c config.Config) bool { return c.LogLevel == slog.LevelDebug }},
		{"bad log level", map[string]string{"SVC_TABLE_NAME": "t", "SVC_LOG_LEVEL": "loud"}, nil, true, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := config.Load(func(k string) string { return tc.env[k] }, tc.queues...)
			if (err != nil) != tc.wantErr || (err == nil && !tc.check(c)) {
				t.Fatalf("%+v, %v", c, err)
			}
		})
	}
	if got := config.QueueURLEnv("dead-letters"); got != "SVC_QUEUE_URL_DEAD_LETTERS" {
		t.Fatalf("QueueURLEnv: %s", got)
	}
}
