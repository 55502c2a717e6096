// Package metrics writes CloudWatch embedded metric format (EMF) records:
// one JSON line per record on the function's stdout, which Lambda sends to
// CloudWatch Logs and CloudWatch turns into metrics, with no SDK call and
// no added latency. Dimensions are few and bounded (the function, an
// error code, an outcome); the ZBA and other per-caller values are
// properties, searchable in Logs Insights but never a dimension, so the
// number of metrics does not grow with the number of customers.
package metrics

import (
	"encoding/json"
	"io"
	"sync"
	"time"
)

// Namespace is the CloudWatch namespace of every metric of the service.
const Namespace = "svc"

// The dimension names.
const (
	DimFunction = "Function"
	DimCode     = "Code"
	DimOutcome  = "Outcome"
)

// Unit is a CloudWatch unit.
type Unit string

// The units used.
const (
	Milliseconds Unit = "Milliseconds"
	Count        Unit = "Count"
)

// The metric names; infra's dashboard and alarms read them from here.
const (
	// Requests counts HTTP requests; Status5xx and Status4xx the answers
	// of each class (0 or 1 per request, so Average is the rate).
	Requests  = "Requests"
	Status5xx = "Status5xx"
	Status4xx = "Status4xx"
	// Latency is a request's time in the function, in ms.
	Latency = "Latency"
	// RateLimited counts requests refused by the management rate limit.
	RateLimited = "RateLimited"
	// Errors counts error answers by Code (the interface's error code).
	Errors = "Errors"
	// WebhookAttempts counts deliveries tried, by Outcome (delivered or
	// failed); WebhookGiveUps the events dead-lettered after the last.
	WebhookAttempts = "WebhookAttempts"
	WebhookGiveUps  = "WebhookGiveUps"
	// ReviewOutcomes counts template reviews by Outcome (the decision).
	ReviewOutcomes = "ReviewOutcomes"
	// Dispatches counts the dispatch consumer's hand-overs by Outcome
	// (sent, failed: refused for good, retried: left to the queue,
	// skipped: already sent or claimed); NetworkLatency is the network
	// call's time, in ms.
	Dispatches     = "Dispatches"
	NetworkLatency = "NetworkLatency"
	// StatusUpdates counts the network's statuses of svc's messages by
	// Outcome (applied: the message moved; ignored: stale or repeated;
	// unknown: no such message).
	StatusUpdates = "StatusUpdates"
	// InboundMessages counts users' messages to a sender by Outcome (new,
	// or duplicate: a redelivery of one handled); OptOuts the new ones
	// that stopped or restarted marketing, by Outcome (opted_out,
	// opted_in).
	InboundMessages = "InboundMessages"
	OptOuts         = "OptOuts"
	// QueueAge is how long the oldest message of a batch waited in its
	// queue before a consumer received it, in ms (SQS's SentTimestamp).
	QueueAge = "QueueAge"
)

// Metric is one value of a record.
type Metric struct {
	Name  string
	Unit  Unit
	Value float64
}

// Recorder writes the records of one function. Every record carries the
// Function dimension, and is also published without dimensions, so an
// alarm can watch the service as a whole.
type Recorder struct {
	mu       sync.Mutex
	w        io.Writer
	function string
	now      func() time.Time
}

// New is a recorder for the named function writing to w (os.Stdout in
// Lambda); a nil w discards every record.
func New(w io.Writer, function string) *Recorder {
	if w == nil {
		w = io.Discard
	}
	return &Recorder{w: w, function: function, now: time.Now}
}

// Emit writes one record: the metrics under the Function dimension (and,
// with dims, under Function plus those), with props as plain properties.
// A nil recorder emits nothing.
func (r *Recorder) Emit(dims map[string]string, props map[string]any, ms ...Metric) {
	if r == nil || len(ms) == 0 {
		return
	}
	rec := make(map[string]any, len(ms)+len(dims)+len(props)+2)
	for k, v := range props {
		rec[k] = v
	}
	sets := [][]string{{}, {DimFunction}}
	if len(dims) > 0 {
		full := []string{DimFunction}
		for k, v := range dims {
			full = append(full, k)
			rec[k] = v
		}
		sets = append(sets, full)
	}
	rec[DimFunction] = r.function
	defs := make([]map[string]string, 0, len(ms))
	for _, m := range ms {
		defs = append(defs, map[string]string{"Name": m.Name, "Unit": string(m.Unit)})
		rec[m.Name] = m.Value
	}
	rec["_aws"] = map[string]any{
		"Timestamp":         r.now().UnixMilli(),
		"CloudWatchMetrics": []any{map[string]any{"Namespace": Namespace, "Dimensions": sets, "Metrics": defs}},
	}
	line, err := json.Marshal(rec)
	if err != nil {
		return // strings, numbers and maps of them: cannot fail
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	_, _ = r.w.Write(append(line, '\n'))
}

// Flag is 1 when b holds, for metrics whose Average is a rate.
func Flag(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
