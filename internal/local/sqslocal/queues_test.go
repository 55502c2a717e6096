package sqslocal_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"strconv"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"svc/internal/local/sqslocal"
	"svc/internal/routes"
)

func TestEnsureQueues(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		queues []routes.Queue
		// before runs first, to leave the first queue in some prior state.
		before func(t *testing.T, name string)
	}{
		{
			name:   "the service's queues",
			queues: routes.Queues,
		},
		{
			name:   "short consumer timeout",
			queues: []routes.Queue{{Name: "ensure-fast", ConsumerTimeout: fastTimeout}},
		},
		{
			name:   "existing queue with other attributes is converged",
			queues: []routes.Queue{{Name: "ensure-old", ConsumerTimeout: 10 * time.Second}},
			before: func(t *testing.T, name string) {
				_, err := client.CreateQueue(t.Context(), &sqs.CreateQueueInput{
					QueueName:  aws.String(name),
					Attributes: map[string]string{"VisibilityTimeout": "7"},
				})
				if err != nil {
					t.Fatal(err)
				}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			// A prefix of its own gives every case fresh queues, also
			// under -count.
			prefix := unique(prefix) + "-"
			if tc.before != nil {
				tc.before(t, prefix+tc.queues[0].Name)
			}
			urls, err := sqslocal.EnsureQueues(t.Context(), client, prefix, tc.queues)
			if err != nil {
				t.Fatalf("EnsureQueues: %v", err)
			}
			again, err := sqslocal.EnsureQueues(t.Context(), client, prefix, tc.queues)
			if err != nil {
				t.Fatalf("EnsureQueues, second time: %v", err)
			}
			if !maps.Equal(urls, again) {
				t.Errorf("second EnsureQueues returned %v, first %v", again, urls)
			}
			if len(urls) != 2*len(tc.queues) {
				t.Errorf("EnsureQueues returned %d URLs, want %d: %v", len(urls), 2*len(tc.queues), urls)
			}
			for _, q := range tc.queues {
				checkQueue(t, prefix, q, urls)
			}
		})
	}
}

// checkQueue reads back what infra would deploy for q.
func checkQueue(t *testing.T, prefix string, q routes.Queue, urls map[string]string) {
	t.Helper()
	for _, name := range []string{q.Name, q.DLQName()} {
		got, err := client.GetQueueUrl(t.Context(), &sqs.GetQueueUrlInput{QueueName: aws.String(prefix + name)})
		if err != nil {
			t.Fatalf("GetQueueUrl(%s): %v", prefix+name, err)
		}
		if aws.ToString(got.QueueUrl) != urls[name] {
			t.Errorf("URL of %s = %q, EnsureQueues said %q", name, aws.ToString(got.QueueUrl), urls[name])
		}
	}
	attrs := queueAttributes(t, urls[q.Name])
	dlqAttrs := queueAttributes(t, urls[q.DLQName()])

	// SQS takes whole seconds; a fraction rounds up, never down.
	wantVis := strconv.Itoa(int(math.Ceil(q.VisibilityTimeout().Seconds())))
	if attrs["VisibilityTimeout"] != wantVis {
		t.Errorf("%s: VisibilityTimeout = %q, want %q", q.Name, attrs["VisibilityTimeout"], wantVis)
	}
	var policy map[string]any
	if err := json.Unmarshal([]byte(attrs["RedrivePolicy"]), &policy); err != nil {
		t.Fatalf("%s: RedrivePolicy %q: %v", q.Name, attrs["RedrivePolicy"], err)
	}
	if policy["deadLetterTargetArn"] != dlqAttrs["QueueArn"] {
		t.Errorf("%s: deadLetterTargetArn = %v, want the DLQ's ARN %q", q.Name, policy["deadLetterTargetArn"], dlqAttrs["QueueArn"])
	}
	// SQS returns the count as a number; accept a string too.
	if got := fmt.Sprint(policy["maxReceiveCount"]); got != strconv.Itoa(routes.MaxReceiveCount) {
		t.Errorf("%s: maxReceiveCount = %s, want %d", q.Name, got, routes.MaxReceiveCount)
	}
	if got, want := dlqAttrs["MessageRetentionPeriod"], strconv.Itoa(int(sqslocal.DLQRetention/time.Second)); got != want {
		t.Errorf("%s: MessageRetentionPeriod = %q, want %q", q.DLQName(), got, want)
	}
	if p := dlqAttrs["RedrivePolicy"]; p != "" {
		t.Errorf("%s has a RedrivePolicy %q; a DLQ should have none", q.DLQName(), p)
	}
}

func queueAttributes(t *testing.T, url string) map[string]string {
	t.Helper()
	out, err := client.GetQueueAttributes(t.Context(), &sqs.GetQueueAttributesInput{
		QueueUrl:       aws.String(url),
		AttributeNames: []types.QueueAttributeName{types.QueueAttributeNameAll},
	})
	if err != nil {
		t.Fatalf("GetQueueAttributes(%s): %v", url, err)
	}
	return out.Attributes
}

func TestEnsureQueuesRejects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		queue routes.Queue
	}{
		{"no name", routes.Queue{ConsumerTimeout: time.Second}},
		{"visibility timeout over 12 h", routes.Queue{Name: "too-slow", ConsumerTimeout: 3 * time.Hour}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if _, err := sqslocal.EnsureQueues(t.Context(), client, prefix, []routes.Queue{tc.queue}); err == nil {
				t.Error("EnsureQueues succeeded, want an error")
			}
		})
	}
}
