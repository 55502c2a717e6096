package metrics_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"

	"svc/internal/platform/metrics"
)

// TestEmitWritesEMF checks the record against the embedded metric format:
// the _aws metadata names each metric, every dimension set names values
// present at the top level, and the ZBA is a property, never a dimension.
func TestEmitWritesEMF(t *testing.T) {
	for _, tc := range []struct {
		name     string
		dims     map[string]string
		wantSets [][]string
	}{
		{name: "function only", wantSets: [][]string{{}, {metrics.DimFunction}}},
		{name: "with a code", dims: map[string]string{metrics.DimCode: "130429"},
			wantSets: [][]string{{}, {metrics.DimFunction}, {metrics.DimFunction, metrics.DimCode}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			metrics.New(&buf, "get-template").Emit(tc.dims, map[string]any{"zba_id": "acme"},
				metrics.Metric{Name: metrics.Latency, Unit: metrics.Milliseconds, Value: 1.5},
				metrics.Metric{Name: metrics.Requests, Unit: metrics.Count, Value: 1})
			var rec struct {
				AWS struct {
					Timestamp         int64
					CloudWatchMetrics []struct {
						Namespace  string
						Dimensions [][]string
						Metrics    []struct{ Name, Unit string }
					}
				} `json:"_aws"`
				Function string
				ZBA      string  `json:"zba_id"`
				Latency  float64 `json:"Latency"`
				Requests float64 `json:"Requests"`
				Code     string  `json:"Code"`
			}
			if err := json.Unmarshal(buf.Bytes(), &rec); err != nil || !bytes.HasSuffix(buf.Bytes(), []byte("}\n")) {
				t.Fatalf("not one JSON line: %v: %s", err, buf.Bytes())
			}
			m := rec.AWS.CloudWatchMetrics
			if rec.AWS.Timestamp == 0 || len(m) != 1 || m[0].Namespace != metrics.Namespace {
				t.Fatalf("metadata: %s", buf.Bytes())
			}
			if !slices.EqualFunc(m[0].Dimensions, tc.wantSets, slices.Equal) {
				t.Errorf("dimension sets %v, want %v", m[0].Dimensions, tc.wantSets)
			}
			for _, set := range m[0].Dimensions {
				if slices.Contains(set, "zba_id") {
					t.Error("the ZBA is a dimension")
				}
			}
			if len(m[0].Metrics) != 2 || m[0].Metrics[0].Unit != "Milliseconds" || rec.Latency != 1.5 || rec.Requests != 1 {
				t.Errorf("metrics: %s", buf.Bytes())
			}
			if rec.Function != "get-template" || rec.ZBA != "acme" || (tc.dims != nil && rec.Code != "130429") {
				t.Errorf("values: %s", buf.Bytes())
			}
		})
	}
}

func TestNilRecorderEmitsNothing(t *testing.T) {
	var r *metrics.Recorder
	r.Emit(nil, nil, metrics.Metric{Name: metrics.Requests, Unit: metrics.Count, Value: 1})
}
