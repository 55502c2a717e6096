package sqslocal_test

import (
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/adapter/sqsqueue"
)

// publishDelay is the delayed message's delay: long enough that the check
// right after publishing usually judges it, short beside pollWait.
const publishDelay = 2 * time.Second

func TestPublishThenProcessOnce(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		msg       sqsqueue.Message
		wantAttrs map[string]string
		delayed   bool
	}{
		{
			name: "plain body",
			msg:  sqsqueue.Message{Body: []byte(`{"template":"welcome","language":"en_US"}`)},
		},
		{
			// Only the Basic Multilingual Plane: fauxqs wrongly rejects
			// characters beyond U+FFFF (emoji), which SQS accepts.
			name: "unicode and control characters SQS allows",
			msg:  sqsqueue.Message{Body: []byte("héllo\tworld\r\n✓ ü")},
		},
		{
			name:      "message attributes",
			msg:       sqsqueue.Message{Body: []byte("with attributes"), Attributes: map[string]string{"kind": "review", "trace": "t-1"}},
			wantAttrs: map[string]string{"kind": "review", "trace": "t-1"},
		},
		{
			name:    "delayed message is invisible at first",
			msg:     sqsqueue.Message{Body: []byte("later"), Delay: publishDelay},
			delayed: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			tq := newTestQueue(t, "publish")
			published := time.Now()
			id, err := sqsqueue.NewPublisher(client, tq.url).PublishMessage(t.Context(), tc.msg)
			if err != nil {
				t.Fatalf("PublishMessage: %v", err)
			}
			if id == "" {
				t.Fatal("PublishMessage returned an empty message id")
			}
			// Judged only while the delay has surely not run out: a loaded
			// machine can take longer than the delay to ask.
			if visible, _ := counts(t, tq.url); tc.delayed && visible != 0 && time.Since(published) < publishDelay {
				t.Errorf("delayed message visible %v after publishing, before its %v delay (%d visible)", time.Since(published), publishDelay, visible)
			}

			var got []events.SQSMessage
			n, err := tq.poller(handlerFunc(func(r events.SQSMessage) { got = append(got, r) }, nil)).ProcessOnce(t.Context())
			if err != nil || n != 1 || len(got) != 1 {
				t.Fatalf("ProcessOnce = %d, %v with %d records; want 1, nil with 1", n, err, len(got))
			}
			checkRecord(t, got[0], tq, id, string(tc.msg.Body), tc.wantAttrs)

			if visible, inFlight := counts(t, tq.url); visible != 0 || inFlight != 0 {
				t.Errorf("after a successful batch: %d visible, %d in flight; want the message deleted", visible, inFlight)
			}
		})
	}
}

// checkRecord holds r to what Lambda puts in an SQS record.
func checkRecord(t *testing.T, r events.SQSMessage, tq testQueue, id, body string, attrs map[string]string) {
	t.Helper()
	sum := md5.Sum([]byte(body))
	for _, c := range []struct{ field, got, want string }{
		{"messageId", r.MessageId, id},
		{"body", r.Body, body},
		{"md5OfBody", r.Md5OfBody, hex.EncodeToString(sum[:])},
		{"eventSource", r.EventSource, "aws:sqs"},
		{"eventSourceARN", r.EventSourceARN, tq.arn},
		{"awsRegion", r.AWSRegion, "us-east-1"},
		{"attributes.ApproximateReceiveCount", r.Attributes["ApproximateReceiveCount"], "1"},
	} {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.field, c.got, c.want)
		}
	}
	if r.ReceiptHandle == "" {
		t.Error("receiptHandle is empty")
	}
	for _, name := range []string{"SentTimestamp", "ApproximateFirstReceiveTimestamp"} {
		if ms, err := strconv.ParseInt(r.Attributes[name], 10, 64); err != nil || ms <= 0 {
			t.Errorf("attributes.%s = %q, want epoch milliseconds", name, r.Attributes[name])
		}
	}
	if r.Attributes["SenderId"] == "" {
		t.Error("attributes.SenderId is empty")
	}
	if len(r.MessageAttributes) != len(attrs) {
		t.Errorf("messageAttributes = %v, want %v", r.MessageAttributes, attrs)
	}
	for k, want := range attrs {
		a := r.MessageAttributes[k]
		if a.DataType != "String" || a.StringValue == nil || *a.StringValue != want {
			t.Errorf("messageAttributes[%s] = %+v, want String %q", k, a, want)
		}
	}
	if (r.Md5OfMessageAttributes != "") != (len(attrs) > 0) {
		t.Errorf("md5OfMessageAttributes = %q with %d attributes", r.Md5OfMessageAttributes, len(attrs))
	}
	// Lambda's JSON has objects, never null, for both attribute maps.
	raw, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var asJSON map[string]any
	if err := json.Unmarshal(raw, &asJSON); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"attributes", "messageAttributes"} {
		if _, ok := asJSON[key].(map[string]any); !ok {
			t.Errorf("JSON %s = %v, want an object", key, asJSON[key])
		}
	}
}

func TestPublishRejects(t *testing.T) {
	t.Parallel()
	tq := newTestQueue(t, "publish-rejects")
	tests := []struct {
		name  string
		delay time.Duration
		body  string
	}{
		{name: "empty body", body: ""},
		{name: "invalid UTF-8", body: "ok\xffno"},
		{name: "NUL character", body: "a\x00b"},
		{name: "character outside XML 1.0", body: "a\uFFFEb"},
		{name: "delay over 15 minutes", delay: 16 * time.Minute, body: "x"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if id, err := sqsqueue.NewPublisher(client, tq.url).PublishMessage(t.Context(), sqsqueue.Message{Body: []byte(tc.body), Delay: tc.delay}); err == nil {
				t.Errorf("Publish succeeded with id %q, want an error", id)
			}
		})
	}
	if visible, _ := counts(t, tq.url); visible != 0 {
		t.Errorf("%d messages reached the queue, want none", visible)
	}
}
