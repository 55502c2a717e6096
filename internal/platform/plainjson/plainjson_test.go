package plainjson_test

import (
	"encoding/json"
	"testing"

	"svc/internal/platform/plainjson"
)

func TestMarshal(t *testing.T) {
	tests := []struct {
		in   any
		want string
	}{
		{map[string]string{"next": "https://x.example/p?a=1&b=2"}, `{"next":"https://x.example/p?a=1&b=2"}`},
		{"Bearer <API_KEY>", `"Bearer <API_KEY>"`},
		{[]int{1, 2}, `[1,2]`},
		{"é\u2028", "\"é\\u2028\""},
	}
	for _, tt := range tests {
		got, err := plainjson.Marshal(tt.in)
		if err != nil || string(got) != tt.want {
			t.Errorf("Marshal(%v) = %s, %v; want %s", tt.in, got, err, tt.want)
		}
		if !json.Valid(got) {
			t.Errorf("Marshal(%v) is not valid JSON", tt.in)
		}
	}
	if _, err := plainjson.Marshal(func() {}); err == nil {
		t.Error("a func must not encode")
	}
}
