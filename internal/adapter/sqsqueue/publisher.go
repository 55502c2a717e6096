package sqsqueue

import (
	"context"
	"fmt"
	"math"
	"time"
	"unicode/utf8"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
)

// MaxDelay is the longest delay SQS accepts on a message.
const MaxDelay = 15 * time.Minute

// Sender is the one SQS call a publisher makes; *sqs.Client satisfies it.
type Sender interface {
	SendMessage(ctx context.Context, in *sqs.SendMessageInput, opts ...func(*sqs.Options)) (*sqs.SendMessageOutput, error)
}

// Publisher sends messages to one queue. Domain code depends on a one-method
// interface of its own that Publish satisfies.
type Publisher struct {
	client   Sender
	queueURL string
}

// NewPublisher returns a Publisher that sends to the queue at queueURL.
func NewPublisher(client Sender, queueURL string) *Publisher {
	return &Publisher{client: client, queueURL: queueURL}
}

// Message is one message with its own attributes and delay, for callers that
// need more than a body.
type Message struct {
	Body []byte
	// Attributes are string message attributes.
	Attributes map[string]string
	// Delay, when positive, keeps the message from consumers that long
	// (rounded up to whole seconds, at most MaxDelay).
	Delay time.Duration
}

// Publish sends body and returns the message id SQS assigned.
func (p *Publisher) Publish(ctx context.Context, body []byte) (string, error) {
	return p.PublishMessage(ctx, Message{Body: body})
}

// PublishMessage sends m and returns the message id SQS assigned.
func (p *Publisher) PublishMessage(ctx context.Context, m Message) (string, error) {
	if err := validBody(m.Body); err != nil {
		return "", err
	}
	delay := max(m.Delay, 0)
	if delay > MaxDelay {
		return "", fmt.Errorf("sqsqueue: delay %s is outside 0..%s", delay, MaxDelay)
	}
	in := &sqs.SendMessageInput{
		QueueUrl:    aws.String(p.queueURL),
		MessageBody: aws.String(string(m.Body)),
		// Round up so a message is never delivered earlier than asked.
		DelaySeconds: int32(math.Ceil(delay.Seconds())),
	}
	if len(m.Attributes) > 0 {
		in.MessageAttributes = make(map[string]types.MessageAttributeValue, len(m.Attributes))
		for k, v := range m.Attributes {
			in.MessageAttributes[k] = types.MessageAttributeValue{DataType: aws.String("String"), StringValue: aws.String(v)}
		}
	}
	out, err := p.client.SendMessage(ctx, in)
	if err != nil {
		return "", fmt.Errorf("sqsqueue: send to %s: %w", p.queueURL, err)
	}
	return aws.ToString(out.MessageId), nil
}

// validBody rejects what SQS would reject, so a local emulator that is more
// lenient cannot hide a body the real service refuses: an empty body, invalid
// UTF-8, and characters outside the XML 1.0 set SQS allows.
func validBody(b []byte) error {
	if len(b) == 0 {
		return fmt.Errorf("sqsqueue: empty message body")
	}
	if !utf8.Valid(b) {
		return fmt.Errorf("sqsqueue: message body is not valid UTF-8")
	}
	for i, r := range string(b) {
		ok := r == '\t' || r == '\n' || r == '\r' ||
			(r >= 0x20 && r <= 0xD7FF) || (r >= 0xE000 && r <= 0xFFFD) || (r >= 0x10000 && r <= 0x10FFFF)
		if !ok {
			return fmt.Errorf("sqsqueue: message body has character %U at byte %d, which SQS does not allow", r, i)
		}
	}
	return nil
}
