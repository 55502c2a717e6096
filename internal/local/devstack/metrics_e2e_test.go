package devstack_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"svc/internal/feature/account/auth"
	"svc/internal/local/devstack"
	"svc/internal/platform/metrics"
)

// records decodes the EMF lines written so far.
func (b *lockedBuffer) records(t *testing.T) []map[string]any {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []map[string]any
	for _, line := range bytes.Split(bytes.TrimSpace(b.buf.Bytes()), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatalf("not a JSON record: %s", line)
		}
		out = append(out, m)
	}
	return out
}

// TestMetricsEndToEnd: a template created through the gateway, reviewed by
// the classifier and announced to a subscriber leaves a request record of
// create-template, a review outcome and delivered webhook attempts, each
// with the ZBA as a property and never as a dimension.
func TestMetricsEndToEnd(t *testing.T) {
	sink := &lockedBuffer{}
	e := consumersEnv(t, "mx-", func(o *devstack.Options) { o.Metrics = sink })
	key := e.mint(t, "acme", auth.ScopeManagement)
	r := newReceiver(t, 0)
	e.subscribe(t, "acme", r)
	if res := e.do(t, "POST", fmt.Sprintf(tplPath, "acme"), key, tplBody("metrics_probe", "en_US", "UTILITY",
		"Your order {{1}} has shipped.")); res.status != 200 {
		t.Fatalf("create: %d %s", res.status, res.body)
	}
	has := func(function, metric string) bool {
		for _, rec := range sink.records(t) {
			if rec[metrics.DimFunction] == function && rec[metric] != nil {
				return true
			}
		}
		return false
	}
	waitFor(t, "the review outcome and a delivered webhook attempt", settle, func() bool {
		return has("classifier", metrics.ReviewOutcomes) && has("webhooks", metrics.WebhookAttempts)
	})
	if !has("create-template", metrics.Requests) {
		t.Error("no request record of create-template")
	}
	for _, rec := range sink.records(t) {
		meta := rec["_aws"].(map[string]any)["CloudWatchMetrics"].([]any)[0].(map[string]any)
		for _, set := range meta["Dimensions"].([]any) {
			for _, d := range set.([]any) {
				if d == "zba_id" {
					t.Fatalf("the ZBA is a dimension: %v", rec)
				}
			}
		}
		if rec[metrics.DimFunction] == "classifier" && rec[metrics.ReviewOutcomes] != nil &&
			(rec["zba_id"] != "acme" || rec[metrics.DimOutcome] != "APPROVED") {
			t.Errorf("review record %v", rec)
		}
		if rec[metrics.DimFunction] == "webhooks" && rec[metrics.WebhookAttempts] != nil &&
			(rec["zba_id"] != "acme" || rec[metrics.DimOutcome] != "delivered") {
			t.Errorf("attempt record %v", rec)
		}
	}
}
