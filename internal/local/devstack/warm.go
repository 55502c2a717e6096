package devstack

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	sqstypes "github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/sqsqueue"
)

// Warm-up of freshly started emulators. DynamoDB Local is a JVM and the SQS
// emulator a Node process: until their JITs have compiled the write paths,
// a transaction costs them several times what it costs later (on a 2-core
// machine, 190 to 440 ms at first with 8 callers, 90 to 110 ms after about
// 50 rounds, 30 to 40 ms after 480). A burst right after make run started
// (60 concurrent creates) met 503s, 25 of 60, its calls queued past the
// request budget. make run therefore drives the calls the routes make
// (transactions with conditions, conditional updates, consistent reads,
// queries, queue sends, receives and deletes) against a scratch table and
// queue for WarmFor before it serves, and removes them; the first rounds
// are the slowest, so a few seconds buy most of the gain.
const (
	// warmWorkers run rounds side by side, at most warmRounds each, and
	// start none once the time Warm is given has passed.
	warmWorkers = 8
	warmRounds  = 60
	// warmLimit ends calls still in flight on a machine too slow for them.
	warmLimit = 20 * time.Second
)

// WarmFor is how long make run warms the emulators before it serves.
const WarmFor = 5 * time.Second

// WarmStats is what a warm-up did: its rounds and how long the first and
// last tenth of the transactions took on average.
type WarmStats struct {
	Rounds              int
	Elapsed             time.Duration
	FirstTenth, LastTen time.Duration
}

// Warm exercises the emulators at ddbEndpoint and sqsEndpoint for about d
// (see warmWorkers) on a scratch table and queue named after prefix, and
// removes them.
func Warm(ctx context.Context, ddbEndpoint, sqsEndpoint, prefix string, d time.Duration) (WarmStats, error) {
	ctx, cancel := context.WithTimeout(ctx, warmLimit)
	defer cancel()
	cfg, err := awsConfig(ctx)
	if err != nil {
		return WarmStats{}, err
	}
	db := dynamo.NewClient(cfg, ddbEndpoint)
	name := prefix + "warm-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	if err := dynamo.CreateTable(ctx, db, name); err != nil {
		return WarmStats{}, err
	}
	defer func() { _ = dynamo.DeleteTable(context.Background(), db, name) }()
	q := sqsqueue.NewClient(cfg, sqsEndpoint)
	created, err := q.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String(name)})
	if err != nil {
		return WarmStats{}, fmt.Errorf("warm-up queue: %w", err)
	}
	queueURL := created.QueueUrl
	defer func() { _, _ = q.DeleteQueue(context.Background(), &sqs.DeleteQueueInput{QueueUrl: queueURL}) }()

	start := time.Now()
	var (
		mu    sync.Mutex
		times []time.Duration
		wg    sync.WaitGroup
		first error
	)
	for w := range warmWorkers {
		wg.Go(func() {
			for i := range warmRounds {
				if time.Since(start) > d {
					return
				}
				took, err := warmRound(ctx, db, q, name, *queueURL, w, i)
				mu.Lock()
				if err != nil && first == nil {
					first = err
				}
				times = append(times, took)
				mu.Unlock()
				if err != nil {
					return
				}
			}
		})
	}
	wg.Wait()
	st := WarmStats{Rounds: len(times), Elapsed: time.Since(start)}
	if n := max(1, len(times)/10); len(times) > 0 {
		st.FirstTenth, st.LastTen = mean(times[:n]), mean(times[len(times)-n:])
	}
	return st, first
}

func mean(ds []time.Duration) time.Duration {
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	return sum / time.Duration(len(ds))
}

// warmRound is one worker's round: the shapes of a create (a transaction
// of a conditional put and a conditional counter update), a read, a list
// page, a rate-limit reservation, an event sent, received and deleted. It
// reports how long the transaction took.
func warmRound(ctx context.Context, db *dynamodb.Client, q *sqs.Client, tableName, queueURL string, worker, round int) (time.Duration, error) {
	pk := &types.AttributeValueMemberS{Value: "WARM#" + strconv.Itoa(worker)}
	sk := &types.AttributeValueMemberS{Value: "ITEM#" + strconv.Itoa(round)}
	counter := map[string]types.AttributeValue{"pk": pk, "sk": &types.AttributeValueMemberS{Value: "COUNT"}}
	t0 := time.Now()
	_, err := db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String(tableName), Item: map[string]types.AttributeValue{
			"pk": pk, "sk": sk, "gsi1pk": pk, "gsi1sk": sk, "body": &types.AttributeValueMemberS{Value: "Your order has shipped."}},
			ConditionExpression: aws.String("attribute_not_exists(pk)")}},
		{Update: &types.Update{TableName: aws.String(tableName), Key: counter,
			UpdateExpression:          aws.String("ADD n :one"),
			ConditionExpression:       aws.String("attribute_not_exists(n) OR n < :cap"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1), ":cap": num(1 << 20)}}},
	}})
	took := time.Since(t0)
	if err != nil {
		return took, fmt.Errorf("warm-up transaction: %w", err)
	}
	if _, err := db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(tableName), ConsistentRead: aws.Bool(true),
		Key: map[string]types.AttributeValue{"pk": pk, "sk": sk}}); err != nil {
		return took, fmt.Errorf("warm-up read: %w", err)
	}
	if _, err := db.Query(ctx, &dynamodb.QueryInput{TableName: aws.String(tableName), Limit: aws.Int32(10),
		KeyConditionExpression:    aws.String("pk = :pk AND begins_with(sk, :p)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": pk, ":p": &types.AttributeValueMemberS{Value: "ITEM#"}}}); err != nil {
		return took, fmt.Errorf("warm-up query: %w", err)
	}
	if _, err := db.UpdateItem(ctx, &dynamodb.UpdateItemInput{TableName: aws.String(tableName), Key: counter,
		UpdateExpression:          aws.String("ADD r :one"),
		ConditionExpression:       aws.String("attribute_not_exists(r) OR r < :cap"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1), ":cap": num(1 << 20)},
		ReturnValues:              types.ReturnValueUpdatedNew}); err != nil {
		return took, fmt.Errorf("warm-up update: %w", err)
	}
	if _, err := q.SendMessage(ctx, &sqs.SendMessageInput{QueueUrl: aws.String(queueURL), MessageBody: aws.String(`{"warm":true}`)}); err != nil {
		return took, fmt.Errorf("warm-up send: %w", err)
	}
	out, err := q.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(queueURL), MaxNumberOfMessages: 10})
	if err != nil {
		return took, fmt.Errorf("warm-up receive: %w", err)
	}
	var entries []sqstypes.DeleteMessageBatchRequestEntry
	for i, m := range out.Messages {
		entries = append(entries, sqstypes.DeleteMessageBatchRequestEntry{Id: aws.String(strconv.Itoa(i)), ReceiptHandle: m.ReceiptHandle})
	}
	if len(entries) > 0 {
		if _, err := q.DeleteMessageBatch(ctx, &sqs.DeleteMessageBatchInput{QueueUrl: aws.String(queueURL), Entries: entries}); err != nil {
			return took, fmt.Errorf("warm-up delete: %w", err)
		}
	}
	return took, nil
}

func num(n int) *types.AttributeValueMemberN {
	return &types.AttributeValueMemberN{Value: strconv.Itoa(n)}
}
