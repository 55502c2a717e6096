package metrics_test

import (
	"io"
	"testing"

	"svc/internal/platform/metrics"
)

// BenchmarkEmit is one request's record as httpapi writes it.
func BenchmarkEmit(b *testing.B) {
	r := metrics.New(io.Discard, metrics.Namespace, "get-template")
	b.ReportAllocs()
	for b.Loop() {
		r.Emit(nil, map[string]any{"zba_id": "acme", "trace_id": "0b6f1c9e-5d2a-4c1b-9a53-0d1e7f2c3b4a", "status": 200},
			metrics.Metric{Name: metrics.Requests, Unit: metrics.Count, Value: 1},
			metrics.Metric{Name: metrics.Latency, Unit: metrics.Milliseconds, Value: 3.217},
			metrics.Metric{Name: metrics.Status5xx, Unit: metrics.Count, Value: 0},
			metrics.Metric{Name: metrics.Status4xx, Unit: metrics.Count, Value: 0},
			metrics.Metric{Name: metrics.RateLimited, Unit: metrics.Count, Value: 0})
	}
}
