package headers_test

import (
	"testing"

	"svc/internal/platform/headers"
)

func TestLookup(t *testing.T) {
	tests := []struct {
		name   string
		single map[string]string
		multi  map[string][]string
		want   string
		wantOK bool
	}{
		{"absent", map[string]string{"Host": "x"}, nil, "", false},
		{"single, other case", map[string]string{"idempotency-key": "k1"}, nil, "k1", true},
		{"sent empty", map[string]string{"Idempotency-Key": ""}, nil, "", true},
		{"multi only", nil, map[string][]string{"IDEMPOTENCY-KEY": {"k2", "k3"}}, "k2", true},
		{"multi with no value", nil, map[string][]string{"Idempotency-Key": {}}, "", false},
		{"single before multi", map[string]string{"Idempotency-Key": "k1"}, map[string][]string{"Idempotency-Key": {"k2"}}, "k1", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := headers.Lookup(tt.single, tt.multi, "Idempotency-Key")
			if got != tt.want || ok != tt.wantOK {
				t.Fatalf("Lookup = %q, %v; want %q, %v", got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestGetReadsTheSingleValueMap(t *testing.T) {
	if got := headers.Get(map[string]string{"x-forwarded-proto": "https"}, "X-Forwarded-Proto"); got != "https" {
		t.Fatalf("Get = %q, want https", got)
	}
	if got := headers.Get(nil, "Host"); got != "" {
		t.Fatalf("Get on no headers = %q, want empty", got)
	}
}

func TestValues(t *testing.T) {
	tests := []struct {
		name   string
		single map[string]string
		multi  map[string][]string
		want   int
	}{
		{"absent", map[string]string{"Host": "x"}, nil, 0},
		{"single only", map[string]string{"idempotency-key": "k1"}, nil, 1},
		{"once", map[string]string{"Idempotency-Key": "k1"}, map[string][]string{"Idempotency-Key": {"k1"}}, 1},
		{"twice, single keeps the last", map[string]string{"Idempotency-Key": "k2"}, map[string][]string{"Idempotency-Key": {"k1", "k2"}}, 2},
		{"twice, two spellings", nil, map[string][]string{"Idempotency-Key": {"k1"}, "idempotency-key": {"k2"}}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := headers.Values(tt.single, tt.multi, "Idempotency-Key"); len(got) != tt.want {
				t.Fatalf("Values = %q, want %d values", got, tt.want)
			}
		})
	}
}
