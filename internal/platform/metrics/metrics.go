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
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Namespace is the CloudWatch namespace of a function given none (the
// local stack). A deployed stack's functions publish under its
// StackNamespace instead, so that two stacks in one account and region
// keep their metrics apart, and each stack's alarms and dashboard read its
// own.
const Namespace = "svc"

// StackNamespace is the namespace the functions of the stack named stack
// publish under (config.EnvMetricsNamespace): "svc/<stack>".
func StackNamespace(stack string) string { return Namespace + "/" + stack }

// maxNamespace is CloudWatch's limit on a namespace's length.
const maxNamespace = 255

// CheckNamespace refuses what CloudWatch does not take as a namespace:
// empty or blank, longer than 255 characters, a character beyond letters,
// digits and . - _ / # : and space, or AWS's own prefix "AWS/". CloudWatch
// drops the records of a bad namespace without a word, so a function
// checks its namespace at its cold start.
func CheckNamespace(ns string) error {
	if strings.TrimSpace(ns) == "" || len(ns) > maxNamespace {
		return fmt.Errorf("namespace %q: want 1 to %d characters, not all blank", ns, maxNamespace)
	}
	if strings.HasPrefix(ns, "AWS/") {
		return fmt.Errorf("namespace %q: the prefix AWS/ is reserved for AWS's own metrics", ns)
	}
	for _, c := range ns {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.ContainsRune(".-_/#: ", c)) {
			return fmt.Errorf("namespace %q: %q is not a letter, a digit or one of . - _ / # : and space", ns, c)
		}
	}
	return nil
}

// The dimension names.
const (
	DimFunction = "Function"
	DimCode     = "Code"
	DimOutcome  = "Outcome"
)

// DimensionSets are every dimension set a record is published under, the
// one list the emitter writes and infra's dashboard and alarms are checked
// against: every record under the first two (the whole service, and its
// function), and a record given dimensions also under the set of the
// function plus them, when that set is listed here. A set not listed is not
// published (its values stay properties): CloudWatch charges per metric,
// and a reader can only find the sets it knows.
var DimensionSets = [][]string{{}, {DimFunction}, {DimFunction, DimCode}, {DimFunction, DimOutcome}}

// everyRecord is how many of DimensionSets every record is published under.
const everyRecord = 2

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
	// AuthorizerCacheFlushes counts the flushes of the stage's authorizer
	// cache a key revocation makes, by Outcome (flushed or failed: the
	// revoked key then keeps working until its cached answer expires).
	AuthorizerCacheFlushes = "AuthorizerCacheFlushes"
	// QueueAge is how long the oldest message of a batch waited in its
	// queue before a consumer received it, in ms (SQS's SentTimestamp).
	QueueAge = "QueueAge"
)

// The values of the Outcome dimension, one definition each: the wiring
// emits them and infra's dashboard graphs them.
const (
	// Dispatches: handed to the network, refused for good, left to the
	// queue, or already sent or claimed. OutcomeFailed is also a failed
	// WebhookAttempts.
	OutcomeSent    = "sent"
	OutcomeFailed  = "failed"
	OutcomeRetried = "retried"
	OutcomeSkipped = "skipped"
	// WebhookAttempts: the receiver took the event.
	OutcomeDelivered = "delivered"
	// StatusUpdates: the message moved, the status was stale or repeated,
	// or there is no such message.
	OutcomeApplied = "applied"
	OutcomeIgnored = "ignored"
	OutcomeUnknown = "unknown"
	// InboundMessages: a user's message seen for the first time, or again.
	OutcomeNew       = "new"
	OutcomeDuplicate = "duplicate"
	// AuthorizerCacheFlushes: the stage's cached answers were dropped
	// (OutcomeFailed: they could not be).
	OutcomeFlushed = "flushed"
	// OptOuts: the user stopped or restarted marketing.
	OutcomeOptedOut = "opted_out"
	OutcomeOptedIn  = "opted_in"
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
	mu        sync.Mutex
	w         io.Writer
	namespace string
	function  string
	now       func() time.Time
	buf       []byte // the record being written, reused under mu
}

// New is a recorder for the named function publishing under namespace
// (Namespace when empty), writing to w (os.Stdout in Lambda); a nil w
// discards every record.
func New(w io.Writer, namespace, function string) *Recorder {
	if w == nil {
		w = io.Discard
	}
	if namespace == "" {
		namespace = Namespace
	}
	return &Recorder{w: w, namespace: namespace, function: function, now: time.Now}
}

// Emit writes one record: the metrics under the sets every record has (no
// dimension, and Function) and, with dims, under Function plus those if
// DimensionSets lists that set, with props as plain properties.
// A name given twice keeps one value: a metric's over a dimension's over a
// property's, and Function over all. A value JSON cannot hold (NaN, an
// infinity, a property of a type that does not encode) drops the record.
// A nil recorder emits nothing.
//
// The record is written by hand into a buffer the recorder reuses: every
// request emits one, and encoding/json over maps cost about 90
// allocations and 30 µs of a request's time (BenchmarkEmit).
func (r *Recorder) Emit(dims map[string]string, props map[string]any, ms ...Metric) {
	if r == nil || len(ms) == 0 {
		return
	}
	metric := func(name string) bool {
		for _, m := range ms {
			if m.Name == name {
				return true
			}
		}
		return false
	}
	reserved := func(name string) bool { return name == awsKey || name == DimFunction || metric(name) }
	r.mu.Lock()
	defer r.mu.Unlock()
	b := append(r.buf[:0], `{"`+awsKey+`":{"Timestamp":`...)
	b = strconv.AppendInt(b, r.now().UnixMilli(), 10)
	b = append(b, `,"CloudWatchMetrics":[{"Namespace":`...)
	b = appendString(b, r.namespace)
	b = append(b, `,"Dimensions":[`...)
	for i, set := range DimensionSets[:everyRecord] {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendSet(b, set)
	}
	if set := dimensionSet(dims, reserved); set != nil {
		b = appendSet(append(b, ','), set)
	}
	b = append(b, `],"Metrics":[`...)
	for i, m := range ms {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(append(b, `{"Name":`...), m.Name)
		b = append(appendString(append(b, `,"Unit":`...), string(m.Unit)), '}')
	}
	b = append(b, "]}]},"...)
	b = appendString(b, DimFunction)
	b = appendString(append(b, ':'), r.function)
	for k, v := range dims {
		if !reserved(k) {
			b = appendString(append(appendString(append(b, ','), k), ':'), v)
		}
	}
	for i, m := range ms {
		if m.Name == awsKey || m.Name == DimFunction || slices.ContainsFunc(ms[i+1:], func(n Metric) bool { return n.Name == m.Name }) {
			continue // the last of a name is the one kept
		}
		var ok bool
		if b, ok = appendValue(append(appendString(append(b, ','), m.Name), ':'), m.Value); !ok {
			return
		}
	}
	for k, v := range props {
		if _, dim := dims[k]; dim || reserved(k) {
			continue
		}
		var ok bool
		if b, ok = appendValue(append(appendString(append(b, ','), k), ':'), v); !ok {
			return
		}
	}
	b = append(b, "}\n"...)
	r.buf = b
	_, _ = r.w.Write(b)
}

// dimensionSet is the set of DimensionSets beyond those of every record
// whose names are Function and exactly the names of dims (reserved names
// aside); nil when there is none.
func dimensionSet(dims map[string]string, reserved func(string) bool) []string {
	n := 0
	for k := range dims {
		if !reserved(k) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	for _, set := range DimensionSets[everyRecord:] {
		if len(set) != n+1 {
			continue
		}
		match := true
		for _, name := range set {
			if _, ok := dims[name]; !ok && name != DimFunction {
				match = false
				break
			}
		}
		if match {
			return set
		}
	}
	return nil
}

// appendSet appends a dimension set as a JSON array of names.
func appendSet(b []byte, set []string) []byte {
	b = append(b, '[')
	for i, name := range set {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, name)
	}
	return append(b, ']')
}

// awsKey holds a record's metadata.
const awsKey = "_aws"

// appendValue appends v as JSON; false for a value JSON cannot hold.
func appendValue(b []byte, v any) ([]byte, bool) {
	switch v := v.(type) {
	case string:
		return appendString(b, v), true
	case int:
		return strconv.AppendInt(b, int64(v), 10), true
	case int64:
		return strconv.AppendInt(b, v, 10), true
	case bool:
		return strconv.AppendBool(b, v), true
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return b, false
		}
		return strconv.AppendFloat(b, v, 'g', -1, 64), true
	}
	raw, err := json.Marshal(v)
	return append(b, raw...), err == nil
}

// appendString appends s as a JSON string, escaped as encoding/json does
// (control characters, quotes, backslashes, <, >, &, U+2028 and U+2029;
// invalid UTF-8 becomes U+FFFD).
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}

// Flag is 1 when b holds, for metrics whose Average is a rate.
func Flag(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
