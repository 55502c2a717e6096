package devstack_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/sqsqueue"
	"svc/internal/local/devstack"
)

// TestWarmLeavesNothing: the warm-up runs its rounds against the emulators
// and removes its scratch table and queue.
func TestWarmLeavesNothing(t *testing.T) {
	ctx := context.Background()
	prefix := "warmtest-" + randomSuffix() + "-"
	st, err := devstack.Warm(ctx, ddbEndpoint, sqsEndpoint, prefix, 300*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if st.Rounds == 0 || st.FirstTenth <= 0 {
		t.Errorf("warm-up did nothing: %+v", st)
	}
	cfg, err := awsConfig()
	if err != nil {
		t.Fatal(err)
	}
	tables, err := dynamo.NewClient(cfg, ddbEndpoint).ListTables(ctx, &dynamodb.ListTablesInput{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range tables.TableNames {
		if strings.HasPrefix(name, prefix) {
			t.Errorf("table %s left behind", name)
		}
	}
	queues, err := sqsqueue.NewClient(cfg, sqsEndpoint).ListQueues(ctx, &sqs.ListQueuesInput{})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range queues.QueueUrls {
		if strings.Contains(u, prefix) {
			t.Errorf("queue %s left behind", u)
		}
	}
}
