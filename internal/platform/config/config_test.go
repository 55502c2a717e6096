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

func TestPositiveInt(t *testing.T) {
	const name = "SVC_SOME_CAP"
	for _, tc := range []struct {
		value   string
		want    int
		wantErr string
	}{
		{value: "", want: 7},
		{value: "1", want: 1},
		{value: "250", want: 250},
		{value: "0", wantErr: `SVC_SOME_CAP="0": want an integer greater than 0`},
		{value: "-3", wantErr: `SVC_SOME_CAP="-3": want an integer greater than 0`},
		{value: "ten", wantErr: `SVC_SOME_CAP="ten": want an integer greater than 0`},
		{value: "2.5", wantErr: `SVC_SOME_CAP="2.5": want an integer greater than 0`},
	} {
		got, err := config.PositiveInt(func(k string) string {
			if k == name {
				return tc.value
			}
			return ""
		}, name, 7)
		switch {
		case tc.wantErr != "" && (err == nil || err.Error() != tc.wantErr):
			t.Errorf("PositiveInt(%q) = %d, %v; want error %q", tc.value, got, err, tc.wantErr)
		case tc.wantErr == "" && (err != nil || got != tc.want):
			t.Errorf("PositiveInt(%q) = %d, %v; want %d", tc.value, got, err, tc.want)
		}
	}
}
