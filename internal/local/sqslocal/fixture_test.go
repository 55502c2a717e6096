package sqslocal_test

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"testing"

	"github.com/aws/aws-lambda-go/events"
)

// TestEventMatchesLambdaFixture holds the poller's events to the format
// Lambda delivers (events/sqs-event.json): the same record fields and the
// same system attributes, and a handler that reads the fixture reads a
// poller's event the same way.
func TestEventMatchesLambdaFixture(t *testing.T) {
	raw, err := os.ReadFile("../../../events/sqs-event.json")
	if err != nil {
		t.Fatal(err)
	}
	var fixture events.SQSEvent
	if err := json.Unmarshal(raw, &fixture); err != nil {
		t.Fatal(err)
	}
	tq := newTestQueue(t, "fixture")
	tq.publish(t, fixture.Records[0].Body)
	var got events.SQSEvent
	n, err := tq.poller(func(_ context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		got = ev
		return events.SQSEventResponse{}, nil
	}).ProcessOnce(t.Context())
	if err != nil || n != 1 {
		t.Fatalf("processed %d, %v", n, err)
	}
	want, have := recordKeys(t, fixture.Records[0]), recordKeys(t, got.Records[0])
	if !slices.Equal(want, have) {
		t.Errorf("record fields %v, Lambda sends %v", have, want)
	}
	for name := range fixture.Records[0].Attributes {
		if got.Records[0].Attributes[name] == "" {
			t.Errorf("attribute %s missing from %v", name, got.Records[0].Attributes)
		}
	}
	if got.Records[0].Body != fixture.Records[0].Body || got.Records[0].EventSource != "aws:sqs" ||
		got.Records[0].EventSourceARN != tq.arn {
		t.Errorf("record %+v", got.Records[0])
	}
}

func recordKeys(t *testing.T, r events.SQSMessage) []string {
	t.Helper()
	b, _ := json.Marshal(r)
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k, v := range m {
		if string(v) != "null" && string(v) != `""` {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}
