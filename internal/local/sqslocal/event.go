package sqslocal

import (
	"fmt"
	"strings"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// eventSource is the eventSource Lambda puts on every SQS record.
const eventSource = "aws:sqs"

// toEvent builds the event Lambda would pass for msgs received from the
// queue queueARN, field by field as in Lambda's SQS event, so handlers see
// locally what they see in AWS.
func toEvent(msgs []types.Message, queueARN string) events.SQSEvent {
	region := regionOf(queueARN)
	ev := events.SQSEvent{Records: make([]events.SQSMessage, 0, len(msgs))}
	for _, m := range msgs {
		attrs := make(map[string]string, len(m.Attributes))
		for k, v := range m.Attributes {
			attrs[k] = v
		}
		ev.Records = append(ev.Records, events.SQSMessage{
			MessageId:              aws.ToString(m.MessageId),
			ReceiptHandle:          aws.ToString(m.ReceiptHandle),
			Body:                   aws.ToString(m.Body),
			Md5OfBody:              aws.ToString(m.MD5OfBody),
			Md5OfMessageAttributes: aws.ToString(m.MD5OfMessageAttributes),
			Attributes:             attrs,
			MessageAttributes:      toEventAttributes(m.MessageAttributes),
			EventSourceARN:         queueARN,
			EventSource:            eventSource,
			AWSRegion:              region,
		})
	}
	return ev
}

// toEventAttributes converts message attributes; Lambda sends the list
// fields as empty arrays, never null, and an empty map when there are none.
func toEventAttributes(in map[string]types.MessageAttributeValue) map[string]events.SQSMessageAttribute {
	out := make(map[string]events.SQSMessageAttribute, len(in))
	for k, v := range in {
		a := events.SQSMessageAttribute{
			StringValue:      v.StringValue,
			BinaryValue:      v.BinaryValue,
			StringListValues: v.StringListValues,
			BinaryListValues: v.BinaryListValues,
			DataType:         aws.ToString(v.DataType),
		}
		if a.StringListValues == nil {
			a.StringListValues = []string{}
		}
		if a.BinaryListValues == nil {
			a.BinaryListValues = [][]byte{}
		}
		out[k] = a
	}
	return out
}

// regionOf returns the region field of an ARN (arn:partition:service:region:account:resource).
func regionOf(arn string) string { return arnField(arn, 3) }

func arnField(arn string, i int) string {
	parts := strings.SplitN(arn, ":", 6)
	if len(parts) < 6 {
		return ""
	}
	return parts[i]
}

// functionARN is the ARN Lambda would report for the consumer function name,
// in the queue's partition, region and account, as the deployed stack has it.
func functionARN(queueARN, name string) string {
	return fmt.Sprintf("arn:%s:lambda:%s:%s:function:%s", arnField(queueARN, 1), arnField(queueARN, 3), arnField(queueARN, 4), name)
}

// failedIDs checks a partial batch response against the batch the way Lambda
// does: an item identifier that is empty or names no message in the batch
// makes the whole response invalid, and the whole batch counts as failed.
func failedIDs(ev events.SQSEvent, resp events.SQSEventResponse) (map[string]bool, error) {
	inBatch := make(map[string]bool, len(ev.Records))
	for _, r := range ev.Records {
		inBatch[r.MessageId] = true
	}
	failed := make(map[string]bool, len(resp.BatchItemFailures))
	for _, f := range resp.BatchItemFailures {
		if !inBatch[f.ItemIdentifier] {
			return nil, fmt.Errorf("sqsqueue: batch item failure names %q, which is not in the batch", f.ItemIdentifier)
		}
		failed[f.ItemIdentifier] = true
	}
	return failed, nil
}
