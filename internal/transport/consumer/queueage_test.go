package consumer_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/platform/metrics"
	"svc/internal/transport/consumer"
)

// TestQueueAge: one record per batch, the age of its oldest message from
// SQS's SentTimestamp, read from Lambda's SQS events (events/); none when
// no record carries one.
func TestQueueAge(t *testing.T) {
	load := func(name string) events.SQSEvent {
		raw, err := os.ReadFile("../../../events/" + name)
		if err != nil {
			t.Fatal(err)
		}
		var ev events.SQSEvent
		if err := json.Unmarshal(raw, &ev); err != nil {
			t.Fatal(err)
		}
		return ev
	}
	noTimestamp := load("sqs-dispatch.json")
	for i := range noTimestamp.Records {
		delete(noTimestamp.Records[i].Attributes, "SentTimestamp")
	}
	for _, tc := range []struct {
		name string
		ev   events.SQSEvent
		now  int64 // ms since the epoch
		want []float64
	}{
		{"dispatch job", load("sqs-dispatch.json"), 1795374001000 + 1500, []float64{1500}},
		{"inbound status", load("sqs-inbound-status.json"), 1795374061120 + 40, []float64{40}},
		{"oldest of a batch of two", load("sqs-webhooks.json"), 1795374006000, []float64{5000}},
		{"clock behind the queue's", load("sqs-dispatch.json"), 1795374001000 - 10, []float64{0}},
		{"no timestamp", noTimestamp, 1795374001000, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			handled := 0
			h := consumer.WithQueueAge(func(_ context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
				handled += len(ev.Records)
				return events.SQSEventResponse{}, nil
			}, metrics.New(&buf, metrics.Namespace, "dispatch"), func() time.Time { return time.UnixMilli(tc.now) })
			if _, err := h(context.Background(), tc.ev); err != nil || handled != len(tc.ev.Records) || handled == 0 {
				t.Fatalf("handled %d of %d: %v", handled, len(tc.ev.Records), err)
			}
			var got []float64
			for _, line := range bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n")) {
				if len(line) == 0 {
					continue
				}
				var rec map[string]any
				if err := json.Unmarshal(line, &rec); err != nil {
					t.Fatalf("not a JSON record: %s", line)
				}
				got = append(got, rec[metrics.QueueAge].(float64))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("QueueAge %v, want %v", got, tc.want)
			}
		})
	}
}
