package devstack_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/message"
	"svc/internal/platform/config"
)

// sendClients is P6's concurrency: 8 clients on the 2-core machine the
// figures come from (what SetParallelism(4) gave before the rounds).
const sendClients = 8

// sendRounds and sendRound: the sides alternate in sendRounds rounds of
// sendRound each, the order rotating every round, so that a burst of other
// work on a shared machine falls on every side alike; sendWarm is spent
// first on each (DynamoDB Local's JIT, connections, token blocks).
const (
	sendRounds = 9
	sendRound  = 400 * time.Millisecond
	sendWarm   = 3
)

// BenchmarkSend measures accepted sends per second through the local
// gateway (one sender, template sends with an Idempotency-Key each, the
// throughput limit lifted), beside DynamoDB Local's own rate of the
// transaction a send writes (two puts) at the same 8 clients. A send with
// the header costs 3 store calls (the lease, the read, the transaction)
// and 1 queue send, and an UpdateItem of the throughput counter once per
// block of tokens (TestSendCalls counts them). The send path is timed with
// the consumers stopped, so that DynamoDB Local serves it alone, as it
// serves the transactions (sends/s); and on a second stack with them
// running, when the same emulator also serves each message's dispatch,
// statuses and webhooks (pipelined-sends/s). The same sends without the
// header (plain-sends/s), as the compatible API's client libraries send
// them, skip the lease. The sides alternate in rounds, as P4's do.
func BenchmarkSend(b *testing.B) {
	settings := map[string]string{config.EnvSenderRateLimit: "1000000"}
	e := openSendEnv(b, settings, false)
	piped := newSendEnv(b, settings)
	body := templateBody("plain", `[]`)
	send := func(e *sendEnv, idempotent bool) func() error {
		return func() error {
			key := ""
			if idempotent {
				key = message.NewID()
			}
			if r := e.send(b, e.acme, e2eSender, body, key); r.status != 200 {
				return fmt.Errorf("status %d: %s", r.status, r.body)
			}
			return nil
		}
	}
	cfg, err := awsConfig()
	if err != nil {
		b.Fatal(err)
	}
	db := dynamo.NewClient(cfg, ddbEndpoint)
	item := func(pk string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{table.PartitionKey: &types.AttributeValueMemberS{Value: pk},
			table.SortKey: &types.AttributeValueMemberS{Value: pk}, "body": &types.AttributeValueMemberS{Value: body}}
	}
	transact := func() error {
		id := message.NewID()
		put := func(pk string) types.TransactWriteItem {
			return types.TransactWriteItem{Put: &types.Put{TableName: &e.table, Item: item(pk),
				ConditionExpression: new("attribute_not_exists(pk)")}}
		}
		_, err := db.TransactWriteItems(context.Background(), &dynamodb.TransactWriteItemsInput{
			TransactItems: []types.TransactWriteItem{put("BENCH#" + id), put("BENCHIDEM#" + id)}})
		return err
	}
	sides := []struct {
		unit string
		call func() error
	}{{"sends/s", send(e, true)}, {"transactions/s", transact}, {"pipelined-sends/s", send(piped, true)},
		{"plain-sends/s", send(e, false)}}
	for range sendWarm {
		for _, s := range sides {
			rate(b, sendClients, sendRound, s.call)
		}
	}
	done := make([]int, len(sides))
	var elapsed time.Duration
	for b.Loop() {
		for round := range sendRounds {
			for i := range sides {
				k := (i + round) % len(sides)
				done[k] += rate(b, sendClients, sendRound, sides[k].call)
			}
			elapsed += sendRound
		}
	}
	for i, s := range sides {
		b.ReportMetric(float64(done[i])/elapsed.Seconds(), s.unit)
	}
	b.ReportMetric(float64(done[0])/float64(done[1]), "ratio")
}
