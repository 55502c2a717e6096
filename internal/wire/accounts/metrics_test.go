package accounts

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"svc/internal/platform/metrics"
)

type flush struct{ err error }

func (f flush) Flush(context.Context) error { return f.err }

// TestFlushMetrics: each flush of the authorizer cache is counted by
// outcome, and its error passes through.
func TestFlushMetrics(t *testing.T) {
	denied := errors.New("AccessDeniedException")
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"flushed", nil, `"Outcome":"flushed"`},
		{"failed", denied, `"Outcome":"failed"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := countingCache{flush{tc.err}, metrics.New(&buf, metrics.Namespace, "admin")}.Flush(context.Background())
			if !errors.Is(err, tc.err) {
				t.Fatalf("error %v, want %v", err, tc.err)
			}
			for _, w := range []string{tc.want, `"AuthorizerCacheFlushes":1`, `"Function":"admin"`} {
				if !strings.Contains(buf.String(), w) {
					t.Errorf("no %s in %s", w, buf.Bytes())
				}
			}
		})
	}
}
