package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/transport/admin"
)

// p6Sender and p6Recipient are the sender and recipient P6 sends with.
const (
	p6Sender    = "pn-bench"
	p6Recipient = "4915112345678"
)

// p6Latency is send to the delivered status webhook, over sequential sends
// with the simulated recipients' delays at zero, and its steps.
type p6Latency struct {
	Total []time.Duration
	// The steps, per send: the send answered (accepted, queued for
	// dispatch), the dispatch consumer handed the job, the inbound
	// consumer handed its first batch of the message's statuses (the
	// dispatch claimed, sent to the simulator, whose recipient published
	// them), and from there the delivered webhook received (the status
	// applied, its event queued, the webhooks consumer's delivery).
	API, OutboundQueue, DispatchToInbound, InboundToWebhook []time.Duration
}

// measureP6Latency sends n template messages one after another through the
// gateway and times each to its delivered status webhook.
func measureP6Latency(ctx context.Context, ddb, sqsURL string, n int) (p6Latency, error) {
	p, err := openPipeline(ctx, ddb, sqsURL, "bench-p6-", nil) // RecipientTiming zero: statuses at once
	if err != nil {
		return p6Latency{}, err
	}
	defer p.stop()
	if _, err := p.st.Admin(ctx, admin.Event{Action: admin.ActionRegisterPhone, ZBAID: "acme", PhoneNumberID: p6Sender,
		PhoneNumber: "4915100000001"}); err != nil {
		return p6Latency{}, err
	}
	now := time.Now().UTC()
	if err := p.st.Deps.Store.CreateTemplate(ctx, template.Template{ZBAID: "acme", Name: "plain", Language: "en_US", Category: "UTILITY",
		Status: template.StatusApproved, ParameterFormat: template.FormatPositional, QualityScore: template.QualityUnknown,
		Components: []byte(`[{"type":"BODY","text":"Hello there."}]`), CreatedAt: now, UpdatedAt: now, Version: 1}, time.Time{}); err != nil {
		return p6Latency{}, err
	}
	key, err := p.key(ctx, auth.ScopeMessaging)
	if err != nil {
		return p6Latency{}, err
	}
	body := `{"messaging_product":"whatsapp","to":"` + p6Recipient + `","type":"template","template":{"name":"plain",` +
		`"language":{"code":"en_US","policy":"deterministic"},"components":[]}}`
	send := func() (string, error) {
		req, _ := http.NewRequestWithContext(ctx, "POST", p.url+"/business/v1.0/"+p6Sender+"/messages", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return "", err
		}
		defer res.Body.Close()
		out, _ := io.ReadAll(res.Body)
		var r struct {
			Messages []struct {
				ID string `json:"id"`
			} `json:"messages"`
		}
		if res.StatusCode != 200 || json.Unmarshal(out, &r) != nil || len(r.Messages) != 1 {
			return "", fmt.Errorf("send: %d %s", res.StatusCode, out)
		}
		return r.Messages[0].ID, nil
	}
	var r p6Latency
	for i := range n + 2 { // two warm-up sends
		if err := p.settle(ctx); err != nil {
			return r, err
		}
		start := time.Now()
		id, err := send()
		if err != nil {
			return r, err
		}
		answered := time.Now()
		got, err := p.hook.await("status:"+id+":delivered", 10*time.Second)
		if err != nil {
			return r, err
		}
		// The read webhook follows at once: let it pass before the next
		// send, so that each send is timed alone.
		if _, err := p.hook.await("status:"+id+":read", 10*time.Second); err != nil {
			return r, err
		}
		if i < 2 {
			continue
		}
		r.Total = append(r.Total, got.Sub(start))
		dispatched := p.firstBatchAfter("dispatch", answered)
		inbound := p.firstBatchAfter("inbound", dispatched)
		if dispatched.IsZero() || inbound.IsZero() {
			continue
		}
		r.API = append(r.API, answered.Sub(start))
		r.OutboundQueue = append(r.OutboundQueue, dispatched.Sub(answered))
		r.DispatchToInbound = append(r.DispatchToInbound, inbound.Sub(dispatched))
		r.InboundToWebhook = append(r.InboundToWebhook, got.Sub(inbound))
	}
	return r, nil
}

// p6Rows are P6's rows: BenchmarkSend's sends per second beside its
// transaction rate (the go benchmark's own output, m), and send to
// delivered webhook beside the queue hops it cannot avoid.
func p6Rows(m map[string]float64, l p6Latency, hop []time.Duration) []Row {
	var rows []Row
	if m["sends/s"] > 0 && m["transactions/s"] > 0 {
		rows = append(rows, Row{Item: "P6 sends", Figure: "accepted sends/s, one sender, 8 clients", Value: m["sends/s"], Unit: "1/s",
			Baseline: "TransactWriteItems (2 conditional puts)/s, 8 clients", BaseVal: m["transactions/s"], Ratio: m["sends/s"] / m["transactions/s"],
			Note: fmt.Sprintf("consumers stopped; with them running %.3g sends/s; a send makes 3 store calls and 1 queue send, and 1 throughput UpdateItem per token block (TestSendCalls)",
				m["pipelined-sends/s"])})
	}
	if m["plain-sends/s"] > 0 && m["transactions/s"] > 0 {
		rows = append(rows, Row{Item: "P6 sends without Idempotency-Key", Figure: "accepted sends/s, one sender, 8 clients", Value: m["plain-sends/s"], Unit: "1/s",
			Baseline: "TransactWriteItems (2 conditional puts)/s, 8 clients", BaseVal: m["transactions/s"], Ratio: m["plain-sends/s"] / m["transactions/s"],
			Note: "as the compatible API's client libraries send: no lease, 2 store calls and 1 queue send; consumers stopped"})
	}
	if len(l.Total) > 0 {
		hops := 3 * pct(hop, 0.5)
		rows = append(rows, Row{Item: "P6 send -> delivered webhook", Figure: "p50", Value: pct(l.Total, 0.5), Unit: "ms",
			Baseline: "3 bare queue hops (outbound, inbound, webhook)", BaseVal: hops, Ratio: pct(l.Total, 0.5) / hops,
			Note: fmt.Sprintf("%d sends, recipient delays 0; p95 %.1f ms; steps p50: send answered %.2f ms, outbound queue receive %.2f ms, "+
				"dispatch to inbound receive %.2f ms, inbound to delivered webhook %.2f ms", len(l.Total), pct(l.Total, 0.95),
				pct(l.API, 0.5), pct(l.OutboundQueue, 0.5), pct(l.DispatchToInbound, 0.5), pct(l.InboundToWebhook, 0.5))})
	}
	return rows
}
