package metrics_test

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strings"
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
		{name: "with an outcome", dims: map[string]string{metrics.DimOutcome: "sent"},
			wantSets: [][]string{{}, {metrics.DimFunction}, {metrics.DimFunction, metrics.DimOutcome}}},
		// A set DimensionSets does not list is not published: no reader
		// knows it, and each would be metrics paid for.
		{name: "a set not listed", dims: map[string]string{metrics.DimCode: "130429", metrics.DimOutcome: "sent"},
			wantSets: [][]string{{}, {metrics.DimFunction}}},
		{name: "an unknown dimension", dims: map[string]string{"Route": "x"},
			wantSets: [][]string{{}, {metrics.DimFunction}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			metrics.New(&buf, metrics.Namespace, "get-template").Emit(tc.dims, map[string]any{"zba_id": "acme"},
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
				if !slices.ContainsFunc(metrics.DimensionSets, func(s []string) bool { return slices.Equal(s, set) }) {
					t.Errorf("set %v is not one of metrics.DimensionSets", set)
				}
			}
			if len(m[0].Metrics) != 2 || m[0].Metrics[0].Unit != "Milliseconds" || rec.Latency != 1.5 || rec.Requests != 1 {
				t.Errorf("metrics: %s", buf.Bytes())
			}
			if rec.Function != "get-template" || rec.ZBA != "acme" || (tc.dims[metrics.DimCode] != "" && rec.Code != "130429") {
				t.Errorf("values: %s", buf.Bytes())
			}
		})
	}
}

func TestNilRecorderEmitsNothing(t *testing.T) {
	var r *metrics.Recorder
	r.Emit(nil, nil, metrics.Metric{Name: metrics.Requests, Unit: metrics.Count, Value: 1})
}

// TestEmitEncodesAsJSON holds the hand-written record to what
// encoding/json makes of the same values: escapes, non-ASCII and invalid
// UTF-8, numbers, a name given twice, and values JSON cannot hold.
func TestEmitEncodesAsJSON(t *testing.T) {
	tricky := "a\"b\\c\n\r\t\x01<>&é€\u2028\u2029\xff😀"
	cases := []struct {
		name  string
		dims  map[string]string
		props map[string]any
		ms    []metrics.Metric
		// want holds the top-level values expected beside _aws; nil
		// means no record.
		want map[string]any
	}{
		{"escapes and unicode", map[string]string{metrics.DimCode: tricky}, map[string]any{"zba_id": tricky, "n": 42, "big": int64(1) << 53, "ok": true, "f": 0.1, "list": []string{tricky}},
			[]metrics.Metric{{Name: metrics.Latency, Unit: metrics.Milliseconds, Value: 1e-7}, {Name: metrics.Requests, Unit: metrics.Count, Value: 1e21}},
			map[string]any{"Function": "fn", "Code": tricky, "zba_id": tricky, "n": 42, "big": int64(1) << 53, "ok": true, "f": 0.1,
				"list": []string{tricky}, "Latency": 1e-7, "Requests": 1e21}},
		{"a name given twice: the metric's, then the dimension's, then Function", map[string]string{metrics.DimCode: "dim", "Latency": "dim"},
			map[string]any{metrics.DimCode: "prop", "Latency": "prop", metrics.DimFunction: "prop", "_aws": "prop"},
			[]metrics.Metric{{Name: metrics.Latency, Unit: metrics.Milliseconds, Value: 1}, {Name: metrics.Latency, Unit: metrics.Milliseconds, Value: 2}},
			map[string]any{"Function": "fn", "Code": "dim", "Latency": 2}},
		{"NaN: no record", nil, nil, []metrics.Metric{{Name: metrics.Latency, Unit: metrics.Milliseconds, Value: math.NaN()}}, nil},
		{"a property JSON cannot hold: no record", nil, map[string]any{"c": make(chan int)},
			[]metrics.Metric{{Name: metrics.Requests, Unit: metrics.Count, Value: 1}}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			metrics.New(&buf, metrics.Namespace, "fn").Emit(tc.dims, tc.props, tc.ms...)
			if tc.want == nil {
				if buf.Len() != 0 {
					t.Fatalf("a record: %s", buf.Bytes())
				}
				return
			}
			var got map[string]any
			if err := json.Unmarshal(buf.Bytes(), &got); err != nil || bytes.Count(buf.Bytes(), []byte("\n")) != 1 {
				t.Fatalf("not one JSON line: %v: %q", err, buf.Bytes())
			}
			delete(got, "_aws")
			raw, _ := json.Marshal(tc.want)
			var want map[string]any
			_ = json.Unmarshal(raw, &want)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("got  %v\nwant %v", got, want)
			}
		})
	}
}

// TestNamespace: a recorder publishes under the namespace it is given, the
// service's default when it is given none; a stack's namespace carries its
// name, so two stacks in one account and region never share metrics.
func TestNamespace(t *testing.T) {
	for _, tc := range []struct{ given, want string }{
		{"", metrics.Namespace},
		{metrics.StackNamespace("Svc"), "svc/Svc"},
		{metrics.StackNamespace("Svc-dev"), "svc/Svc-dev"},
	} {
		var buf bytes.Buffer
		metrics.New(&buf, tc.given, "fn").Emit(nil, nil, metrics.Metric{Name: metrics.Requests, Unit: metrics.Count, Value: 1})
		var rec struct {
			AWS struct{ CloudWatchMetrics []struct{ Namespace string } } `json:"_aws"`
		}
		if err := json.Unmarshal(buf.Bytes(), &rec); err != nil || len(rec.AWS.CloudWatchMetrics) != 1 ||
			rec.AWS.CloudWatchMetrics[0].Namespace != tc.want {
			t.Errorf("New(%q): %v %s, want namespace %q", tc.given, err, buf.Bytes(), tc.want)
		}
	}
	if metrics.StackNamespace("a") == metrics.StackNamespace("b") {
		t.Error("two stacks share a namespace")
	}
}

func TestCheckNamespace(t *testing.T) {
	for ns, ok := range map[string]bool{
		"svc": true, "svc/Svc": true, "svc/my-stack_2.x#1:a b": true, strings.Repeat("a", 255): true,
		"": false, "   ": false, strings.Repeat("a", 256): false, "AWS/Lambda": false, "svc/a,b": false,
		"svc/é": false, `svc/"x"`: false, "svc/{x}": false,
	} {
		if err := metrics.CheckNamespace(ns); (err == nil) != ok {
			t.Errorf("CheckNamespace(%q) = %v, want ok %v", ns, err, ok)
		}
	}
}
