package sqsqueue

import (
	"context"
	"time"
)

// PublishAfter sends body to be received no sooner than delay from now
// (at most MaxDelay, SQS's limit).
func (p *Publisher) PublishAfter(ctx context.Context, body []byte, delay time.Duration) (string, error) {
	return p.PublishMessage(ctx, Message{Body: body, Delay: delay})
}
