package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/local/devstack"
	emf "svc/internal/platform/metrics"
)

// p5Result is template create to message_template_status_update received,
// over sequential templates, with the steps it passes through.
type p5Result struct {
	Total []time.Duration
	// The steps, per template: the create request answered (it queues
	// the review), the classifier handed the job, the decision recorded
	// (the review), the webhooks consumer handed the event, the receiver
	// given the POST.
	API, ClassifierQueue, Review, WebhookQueue, Delivery []time.Duration
	// Store is a GetItem on the stack's table, timed after the templates:
	// the unit the steps' store calls are made of, at the time.
	Store []time.Duration
}

// measureP5 creates n templates one after another through the gateway and
// times each to its status webhook at a local receiver.
func measureP5(ctx context.Context, ddb, sqsURL string, n int) (p5Result, error) {
	decisions := &decisionTimes{}
	p, err := openPipeline(ctx, ddb, sqsURL, "bench-p5-", func(o *devstack.Options) { o.Metrics = decisions })
	if err != nil {
		return p5Result{}, err
	}
	defer p.stop()
	key, err := p.key(ctx, auth.ScopeManagement)
	if err != nil {
		return p5Result{}, err
	}
	var r p5Result
	create := func(name string) error {
		body, _ := json.Marshal(map[string]any{"name": name, "language": "en_US", "category": "UTILITY",
			"components": []any{map[string]any{"type": "BODY", "text": "Your order has shipped and arrives tomorrow."}}})
		req, _ := http.NewRequestWithContext(ctx, "POST", p.url+"/business/v1.0/acme/message_templates", strings.NewReader(string(body)))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		defer res.Body.Close()
		out, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			return fmt.Errorf("create %s: %d %s", name, res.StatusCode, out)
		}
		return nil
	}
	for i := range n + p5WarmUps {
		name := fmt.Sprintf("bench_p5_%03d", i)
		if err := p.settle(ctx); err != nil {
			return r, err
		}
		start := time.Now()
		if err := create(name); err != nil {
			return r, err
		}
		answered := time.Now()
		got, err := p.hook.await("template:"+name, 10*time.Second)
		if err != nil {
			return r, err
		}
		if i < p5WarmUps {
			continue
		}
		r.Total = append(r.Total, got.Sub(start))
		classified := p.firstBatchAfter("classifier", start)
		decided := decisions.firstAfter(start)
		hooked := p.firstBatchAfter("webhooks", decided)
		if classified.IsZero() || decided.IsZero() || hooked.IsZero() {
			continue // a step not seen: the breakdown keeps the templates whose steps all were
		}
		r.API = append(r.API, answered.Sub(start))
		r.ClassifierQueue = append(r.ClassifierQueue, classified.Sub(answered))
		r.Review = append(r.Review, decided.Sub(classified))
		r.WebhookQueue = append(r.WebhookQueue, hooked.Sub(decided))
		r.Delivery = append(r.Delivery, got.Sub(hooked))
	}
	r.Store, err = p.storeRoundTrips(ctx, n)
	return r, err
}

// decisionTimes is the stack's metrics writer, noting when the classifier
// wrote each ReviewOutcomes record: the moment the decision was recorded,
// just before its webhook events are queued.
type decisionTimes struct {
	mu  sync.Mutex
	ats []time.Time
}

func (d *decisionTimes) Write(line []byte) (int, error) {
	at := time.Now()
	if strings.Contains(string(line), `"`+emf.ReviewOutcomes+`"`) {
		d.mu.Lock()
		d.ats = append(d.ats, at)
		d.mu.Unlock()
	}
	return len(line), nil
}

func (d *decisionTimes) firstAfter(t time.Time) time.Time {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, at := range d.ats {
		if !at.Before(t) {
			return at
		}
	}
	return time.Time{}
}

// p5Rows are P5's rows: the total beside the floor of the two queue hops
// it cannot avoid, and each step's p50.
func p5Rows(r p5Result, hop []time.Duration) []Row {
	hops := 2 * pct(hop, 0.5)
	note := fmt.Sprintf("%d templates; steps p50: create answered %.2f ms, classifier queue receive %.2f ms, review %.2f ms, "+
		"webhook queue receive %.2f ms, delivery %.2f ms; a GetItem %.2f ms", len(r.Total), pct(r.API, 0.5), pct(r.ClassifierQueue, 0.5),
		pct(r.Review, 0.5), pct(r.WebhookQueue, 0.5), pct(r.Delivery, 0.5), pct(r.Store, 0.5))
	base := "2 bare queue hops (SendMessage to a waiting long poll)"
	return []Row{
		{Item: "P5 create -> status webhook", Figure: "p50", Value: pct(r.Total, 0.5), Unit: "ms", Baseline: base, BaseVal: hops,
			Ratio: pct(r.Total, 0.5) / hops, Note: note},
		{Item: "P5 create -> status webhook", Figure: "p95", Value: pct(r.Total, 0.95), Unit: "ms", Baseline: base, BaseVal: 2 * pct(hop, 0.95),
			Ratio: pct(r.Total, 0.95) / (2 * pct(hop, 0.95))},
	}
}

// p5WarmUps are the templates created before the timed ones. DynamoDB
// Local is a JVM started for the run, and its write paths (the create's
// transaction, the decision's update) run several times slower until its
// JIT has compiled them: over the first 20 to 30 templates the time to the
// webhook fell from about 130 ms to a steady 35 to 45 ms on a loaded
// 2-core machine, a cost no deployed stack pays. The first of them also
// pays for each function's connections.
const p5WarmUps = 30
