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

// TestMessageMetricsEndToEnd: a send that the network simulator delivers
// and the recipient reads, and a user's STOP, leave the dispatch
// consumer's sent outcome with the network's latency, the inbound
// consumer's applied statuses, new user message and opt-out, and the queue
// age of both consumers' batches; the ZBA a property, never a dimension.
func TestMessageMetricsEndToEnd(t *testing.T) {
	sink := &lockedBuffer{}
	e := newSendEnv(t, nil, func(o *devstack.Options) { o.Metrics = sink })
	id := accepted(t, e.send(t, e.acme, e2eSender, templateBody("plain", `[]`), ""), true)
	if _, err := e.stack.Recipients.Write(t.Context(), e2eSender, "4915112340002", "Zoë", "STOP"); err != nil {
		t.Fatal(err)
	}
	count := func(function, metric, outcome string) int {
		n := 0
		for _, rec := range sink.records(t) {
			if rec[metrics.DimFunction] == function && rec[metric] != nil && (outcome == "" || rec[metrics.DimOutcome] == outcome) {
				n++
			}
		}
		return n
	}
	waitFor(t, "the dispatch and inbound records", settle, func() bool {
		return count("dispatch", metrics.Dispatches, "sent") == 1 && count("inbound", metrics.StatusUpdates, "applied") >= 2 &&
			count("inbound", metrics.OptOuts, "opted_out") == 1
	})
	for _, c := range []struct{ function, metric, outcome string }{
		{"dispatch", metrics.NetworkLatency, "sent"}, {"dispatch", metrics.QueueAge, ""},
		{"inbound", metrics.InboundMessages, "new"}, {"inbound", metrics.QueueAge, ""},
	} {
		if count(c.function, c.metric, c.outcome) == 0 {
			t.Errorf("no %s %s record of %s", c.metric, c.outcome, c.function)
		}
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
		if rec[metrics.DimFunction] == "dispatch" && rec[metrics.Dispatches] != nil && (rec["zba_id"] != "acme" || rec["message_id"] != id) {
			t.Errorf("dispatch record %v", rec)
		}
		if rec[metrics.DimFunction] == "inbound" && (rec[metrics.StatusUpdates] != nil || rec[metrics.OptOuts] != nil) && rec["zba_id"] != "acme" {
			t.Errorf("inbound record %v", rec)
		}
	}
}
