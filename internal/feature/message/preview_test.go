package message_test

import (
	"encoding/json"
	"testing"

	"svc/internal/feature/message"
)

func TestWantsPreviewURL(t *testing.T) {
	tests := []struct {
		body string
		want bool
	}{
		{`{"type":"text","text":{"body":"x"}}`, false},
		{`{"type":"text","text":{"body":"x","preview_url":true}}`, true},
		{`{"type":"text","text":{"body":"x","preview_url":false}}`, false},
		{`{"type":"text","text":{"body":"x","preview_url":null}}`, false},
		{`{"type":"text","preview_url":true,"text":{"body":"x"}}`, true},
		{`{"type":"text","preview_url":true,"text":{"body":"x","preview_url":false}}`, true},
		{`{"type":"template","template":{"name":"t"}}`, false},
	}
	for _, tt := range tests {
		var r message.Request
		if err := json.Unmarshal([]byte(tt.body), &r); err != nil {
			t.Fatal(err)
		}
		if got := r.WantsPreviewURL(); got != tt.want {
			t.Errorf("WantsPreviewURL(%s) = %v, want %v", tt.body, got, tt.want)
		}
	}
}
