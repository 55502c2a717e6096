package probes

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/message"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/local/memstore"
	"svc/internal/platform/metrics"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

const (
	testSender    = "106540352242922"
	testRecipient = "4915112345678"
)

// decode reads the EMF lines of buf, each as its top-level values.
func decode(t *testing.T, buf *bytes.Buffer) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n")) {
		if len(line) == 0 {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatalf("not a JSON record: %s", line)
		}
		for _, set := range m["_aws"].(map[string]any)["CloudWatchMetrics"].([]any)[0].(map[string]any)["Dimensions"].([]any) {
			for _, d := range set.([]any) {
				if d == "zba_id" {
					t.Errorf("the ZBA is a dimension: %s", line)
				}
			}
		}
		out = append(out, m)
	}
	return out
}

// record is what a test expects of one record: its metric, outcome and
// ZBA property.
type record struct{ metric, outcome, zba string }

func summarize(recs []map[string]any, names ...string) []record {
	var out []record
	for _, r := range recs {
		for _, n := range names {
			if r[n] != nil {
				zba, _ := r["zba_id"].(string)
				outcome, _ := r[metrics.DimOutcome].(string)
				out = append(out, record{n, outcome, zba})
			}
		}
	}
	return out
}

// messageWorld is a memory store holding one registered sender of acme.
func messageWorld(t *testing.T) *memstore.Store {
	t.Helper()
	st := memstore.New()
	ctx := context.Background()
	if err := st.CreateZBA(ctx, account.ZBA{ID: "acme", Name: "Acme"}); err != nil {
		t.Fatal(err)
	}
	if err := st.RegisterPhone(ctx, account.Phone{ID: testSender, Number: "15550001111", ZBAID: "acme",
		DisplayNameStatus: account.DisplayNameApproved}); err != nil {
		t.Fatal(err)
	}
	return st
}

// accepted stores an accepted message of acme and returns its id.
func accepted(t *testing.T, st *memstore.Store, at time.Time) string {
	t.Helper()
	id := message.NewID()
	m := message.Message{ID: id, ZBAID: "acme", PhoneNumberID: testSender, From: "15550001111", To: testRecipient, Type: "text",
		Body:   []byte(`{"messaging_product":"whatsapp","to":"4915112345678","type":"text","text":{"body":"hi"}}`),
		Status: message.StatusAccepted, StatusTimes: map[message.Status]time.Time{message.StatusAccepted: at}, CreatedAt: at, UpdatedAt: at}
	if err := st.Accept(context.Background(), message.Acceptance{Message: m, DispatchDue: at.Add(time.Minute)}); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestDispatchMetrics: each dispatch is counted once by what became of it,
// with the network's latency when the network was called and the ZBA as a
// property.
func TestDispatchMetrics(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	refused := &message.NetworkError{Permanent: true, Code: 131026, Title: "Message undeliverable"}
	for _, tc := range []struct {
		name       string
		networkErr error
		twice      bool // the job is delivered again after the first dispatch
		unknown    bool // the job names no stored message
		want       []record
	}{
		{name: "sent", want: []record{{metrics.Dispatches, metrics.OutcomeSent, "acme"}}},
		{name: "refused", networkErr: refused, want: []record{{metrics.Dispatches, metrics.OutcomeFailed, "acme"}}},
		{name: "network down", networkErr: errors.New("throttled"), want: []record{{metrics.Dispatches, metrics.OutcomeRetried, "acme"}}},
		{name: "redelivered job", twice: true,
			// The refused claim reads the record: the skip knows its ZBA.
			want: []record{{metrics.Dispatches, metrics.OutcomeSent, "acme"}, {metrics.Dispatches, metrics.OutcomeSkipped, "acme"}}},
		{name: "unknown message", unknown: true, want: []record{{metrics.Dispatches, metrics.OutcomeSkipped, ""}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := messageWorld(t)
			id := accepted(t, st, now)
			if tc.unknown {
				id = message.NewID()
			}
			net := &memstore.Network{}
			net.FailWith(tc.networkErr)
			var buf bytes.Buffer
			m := metrics.New(&buf, metrics.Namespace, "dispatch")
			disp := message.Dispatcher{Store: st, Network: net, Now: func() time.Time { return now }, Log: quiet,
				Lease: 30 * time.Second, Events: delivery.Queue{Publisher: &memstore.Queue{}}}
			runs := 1
			if tc.twice {
				runs = 2
			}
			for range runs {
				_ = Dispatch(m, disp).Dispatch(context.Background(), id)
			}
			recs := decode(t, &buf)
			if got := summarize(recs, metrics.Dispatches); !slices.Equal(got, tc.want) {
				t.Fatalf("records %v, want %v", got, tc.want)
			}
			for _, r := range recs {
				_, timed := r[metrics.NetworkLatency].(float64)
				if skipped := r[metrics.DimOutcome] == metrics.OutcomeSkipped; timed == skipped {
					t.Errorf("NetworkLatency present %v on %v", timed, r)
				}
			}
		})
	}
}

// TestInboundMetrics: the inbound consumer counts statuses applied, ignored
// as stale or repeated, or about no message; users' messages new or
// redelivered; and the opt-outs and opt-ins of new ones only.
func TestInboundMetrics(t *testing.T) {
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	status := func(id string, s message.Status) message.NetworkEvent {
		return message.NetworkEvent{PhoneNumberID: testSender, Statuses: []message.NetworkStatus{
			{NetworkID: "wamid.1", Status: s, At: now.Add(time.Second), RecipientID: testRecipient, CallbackData: id}}}
	}
	userAt := func(netID, text string, at time.Time) message.NetworkEvent {
		return message.NetworkEvent{PhoneNumberID: testSender, Messages: []message.NetworkMessage{
			{ID: netID, From: testRecipient, At: at, Type: "text", Object: json.RawMessage(`{"body":"` + text + `"}`)}}}
	}
	user := func(netID, text string) message.NetworkEvent { return userAt(netID, text, now) }
	for _, tc := range []struct {
		name   string
		events func(id string) []message.NetworkEvent
		want   []record
	}{
		{"delivered then read", func(id string) []message.NetworkEvent {
			return []message.NetworkEvent{status(id, message.StatusDelivered), status(id, message.StatusRead)}
		}, []record{{metrics.StatusUpdates, metrics.OutcomeApplied, "acme"}, {metrics.StatusUpdates, metrics.OutcomeApplied, "acme"}}},
		{"repeated and late statuses", func(id string) []message.NetworkEvent {
			return []message.NetworkEvent{status(id, message.StatusRead), status(id, message.StatusRead), status(id, message.StatusDelivered)}
		}, []record{{metrics.StatusUpdates, metrics.OutcomeApplied, "acme"}, {metrics.StatusUpdates, metrics.OutcomeIgnored, "acme"},
			{metrics.StatusUpdates, metrics.OutcomeIgnored, "acme"}}},
		{"status of no message", func(string) []message.NetworkEvent {
			return []message.NetworkEvent{status(message.NewID(), message.StatusDelivered)}
		}, []record{{metrics.StatusUpdates, metrics.OutcomeUnknown, ""}}},
		{"a user writes", func(string) []message.NetworkEvent {
			return []message.NetworkEvent{user("wamid.in1", "hello")}
		}, []record{{metrics.InboundMessages, metrics.OutcomeNew, "acme"}}},
		{"STOP, redelivered, then START", func(string) []message.NetworkEvent {
			return []message.NetworkEvent{user("wamid.in1", "STOP"), user("wamid.in1", "STOP"), user("wamid.in2", "start")}
		}, []record{{metrics.InboundMessages, metrics.OutcomeNew, "acme"}, {metrics.OptOuts, metrics.OutcomeOptedOut, "acme"},
			{metrics.InboundMessages, metrics.OutcomeDuplicate, "acme"},
			{metrics.InboundMessages, metrics.OutcomeNew, "acme"}, {metrics.OptOuts, metrics.OutcomeOptedIn, "acme"}}},
		{"an older START arriving after a STOP changes nothing", func(string) []message.NetworkEvent {
			return []message.NetworkEvent{user("wamid.in1", "STOP"), userAt("wamid.in2", "START", now.Add(-time.Minute))}
		}, []record{{metrics.InboundMessages, metrics.OutcomeNew, "acme"}, {metrics.OptOuts, metrics.OutcomeOptedOut, "acme"},
			{metrics.InboundMessages, metrics.OutcomeNew, "acme"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := messageWorld(t)
			id := accepted(t, st, now)
			if _, err := st.MarkSent(context.Background(), id, "wamid.1", now); err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			m := metrics.New(&buf, metrics.Namespace, "inbound")
			for _, e := range tc.events(id) {
				// One probe per queue record, as the consumer builds it.
				probe := Inbound(st, m)
				h := message.Inbound{Store: probe, Statuses: probe, Events: delivery.Queue{Publisher: &memstore.Queue{}},
					Now: func() time.Time { return now }, Log: quiet}
				if err := h.Handle(context.Background(), e); err != nil {
					t.Fatal(err)
				}
			}
			got := summarize(decode(t, &buf), metrics.StatusUpdates, metrics.InboundMessages, metrics.OptOuts)
			if !slices.Equal(got, tc.want) {
				t.Errorf("records %v, want %v", got, tc.want)
			}
		})
	}
}
