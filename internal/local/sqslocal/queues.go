package sqslocal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"svc/internal/routes"
)

// DLQRetention is how long a dead-letter queue keeps a message: the SQS
// maximum, because a message keeps its original enqueue time when it moves
// to the DLQ, and operators need time to inspect and redrive it.
const DLQRetention = 14 * 24 * time.Hour

// maxVisibilityTimeout is the SQS upper bound for a queue's visibility timeout.
const maxVisibilityTimeout = 12 * time.Hour

// RedrivePolicy is the JSON value of a queue's RedrivePolicy attribute.
type RedrivePolicy struct {
	DeadLetterTargetArn string `json:"deadLetterTargetArn"`
	MaxReceiveCount     int    `json:"maxReceiveCount"`
}

// EnsureQueues creates, for local stacks and tests, what infra deploys for
// each queue: the queue prefix+q.Name with q.VisibilityTimeout() and a
// redrive policy to its dead-letter queue prefix+q.DLQName() after
// routes.MaxReceiveCount receives. It is idempotent, and converges a queue
// that exists with other attributes. The result maps every unprefixed name
// (q.Name and q.DLQName()) to its queue URL.
func EnsureQueues(ctx context.Context, client Client, prefix string, queues []routes.Queue) (map[string]string, error) {
	urls := make(map[string]string, 2*len(queues))
	for _, q := range queues {
		if q.Name == "" {
			return nil, errors.New("sqsqueue: queue without a name")
		}
		vis := q.VisibilityTimeout()
		if vis < 0 || vis > maxVisibilityTimeout {
			return nil, fmt.Errorf("sqsqueue: queue %s: visibility timeout %s is outside 0..%s", q.Name, vis, maxVisibilityTimeout)
		}
		dlqURL, err := ensureQueue(ctx, client, prefix+q.DLQName(), map[string]string{
			string(types.QueueAttributeNameMessageRetentionPeriod): seconds(DLQRetention),
		})
		if err != nil {
			return nil, err
		}
		dlqARN, err := QueueARN(ctx, client, dlqURL)
		if err != nil {
			return nil, err
		}
		policy, err := json.Marshal(RedrivePolicy{DeadLetterTargetArn: dlqARN, MaxReceiveCount: routes.MaxReceiveCount})
		if err != nil {
			return nil, fmt.Errorf("sqsqueue: queue %s: encode redrive policy: %w", q.Name, err)
		}
		url, err := ensureQueue(ctx, client, prefix+q.Name, map[string]string{
			string(types.QueueAttributeNameVisibilityTimeout): seconds(vis),
			string(types.QueueAttributeNameRedrivePolicy):     string(policy),
		})
		if err != nil {
			return nil, err
		}
		urls[q.Name] = url
		urls[q.DLQName()] = dlqURL
	}
	return urls, nil
}

// ensureQueue creates the queue, or sets attrs on it when it already exists
// with other values: CreateQueue is idempotent only for identical attributes.
func ensureQueue(ctx context.Context, client Client, name string, attrs map[string]string) (string, error) {
	out, err := client.CreateQueue(ctx, &sqs.CreateQueueInput{QueueName: aws.String(name), Attributes: attrs})
	if err == nil {
		return aws.ToString(out.QueueUrl), nil
	}
	var exists *types.QueueNameExists
	if !errors.As(err, &exists) {
		return "", fmt.Errorf("sqsqueue: create queue %s: %w", name, err)
	}
	got, err := client.GetQueueUrl(ctx, &sqs.GetQueueUrlInput{QueueName: aws.String(name)})
	if err != nil {
		return "", fmt.Errorf("sqsqueue: look up existing queue %s: %w", name, err)
	}
	url := aws.ToString(got.QueueUrl)
	if _, err := client.SetQueueAttributes(ctx, &sqs.SetQueueAttributesInput{QueueUrl: aws.String(url), Attributes: attrs}); err != nil {
		return "", fmt.Errorf("sqsqueue: update attributes of queue %s: %w", name, err)
	}
	return url, nil
}

// QueueARN returns the ARN of the queue at queueURL, which a redrive policy
// and an SQS event record name the queue by.
func QueueARN(ctx context.Context, client Client, queueURL string) (string, error) {
	out, err := client.GetQueueAttributes(ctx, &sqs.GetQueueAttributesInput{
		QueueUrl:       aws.String(queueURL),
		AttributeNames: []types.QueueAttributeName{types.QueueAttributeNameQueueArn},
	})
	if err != nil {
		return "", fmt.Errorf("sqsqueue: get ARN of %s: %w", queueURL, err)
	}
	arn := out.Attributes[string(types.QueueAttributeNameQueueArn)]
	if arn == "" {
		return "", fmt.Errorf("sqsqueue: queue %s has no QueueArn attribute", queueURL)
	}
	return arn, nil
}

// seconds renders d as the whole number of seconds SQS attributes take,
// rounding up so a timeout is never shorter than asked.
func seconds(d time.Duration) string {
	return strconv.FormatInt(int64(math.Ceil(d.Seconds())), 10)
}
