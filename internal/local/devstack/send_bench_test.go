package devstack_test

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/message"
	"svc/internal/platform/config"
)

// BenchmarkSend measures accepted sends per second through the local
// gateway (one sender, template sends with an Idempotency-Key each, the
// throughput limit lifted), beside DynamoDB Local's own rate of the
// transaction a send writes (two puts), measured in the same run at the
// same parallelism. A send with the header costs 3 store calls (the
// lease, the read, the transaction) and 1 queue send, and an UpdateItem of
// the throughput counter once per block of tokens (TestSendCalls counts
// them). The send path is timed with the consumers
// stopped, so that DynamoDB Local serves it alone, as it serves the
// transactions; and again with them running, when the same emulator also
// serves each message's dispatch, statuses and webhooks (pipelined-sends/s).
func BenchmarkSend(b *testing.B) {
	settings := map[string]string{config.EnvSenderRateLimit: "1000000"}
	e := openSendEnv(b, settings, false)
	piped := newSendEnv(b, settings)
	body := templateBody("plain", `[]`)
	sends := func(e *sendEnv, unit string) func(b *testing.B) {
		return func(b *testing.B) {
			start := time.Now()
			b.SetParallelism(4)
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if r := e.send(b, e.acme, e2eSender, body, message.NewID()); r.status != 200 {
						b.Errorf("status %d: %s", r.status, r.body)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), unit)
		}
	}
	b.Run("gateway", sends(e, "sends/s"))
	b.Run("gateway-with-consumers", sends(piped, "pipelined-sends/s"))
	b.Run("dynamodb-local-transactions", func(b *testing.B) {
		cfg, err := awsConfig()
		if err != nil {
			b.Fatal(err)
		}
		db := dynamo.NewClient(cfg, ddbEndpoint)
		item := func(pk string) map[string]types.AttributeValue {
			return map[string]types.AttributeValue{table.PartitionKey: &types.AttributeValueMemberS{Value: pk},
				table.SortKey: &types.AttributeValueMemberS{Value: pk}, "body": &types.AttributeValueMemberS{Value: body}}
		}
		start := time.Now()
		b.SetParallelism(4)
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				id := message.NewID()
				put := func(pk string) types.TransactWriteItem {
					return types.TransactWriteItem{Put: &types.Put{TableName: &e.table, Item: item(pk),
						ConditionExpression: new("attribute_not_exists(pk)")}}
				}
				if _, err := db.TransactWriteItems(context.Background(), &dynamodb.TransactWriteItemsInput{
					TransactItems: []types.TransactWriteItem{put("BENCH#" + id), put("BENCHIDEM#" + id)}}); err != nil {
					b.Error(err)
					return
				}
			}
		})
		b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "transactions/s")
	})
}
