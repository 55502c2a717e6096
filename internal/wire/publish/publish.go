// Package publish builds the SQS publishers of the functions that send to
// queues; only their features' wiring imports it.
package publish

import (
	"svc/internal/adapter/sqsqueue"
	"svc/internal/wire"
	"svc/internal/wire/cloud"
)

// Publisher sends to the named queue, which the function's entry must
// declare (a dead-letter queue by its DLQ name).
func Publisher(d *wire.Deps, queue string) *sqsqueue.Publisher {
	client := wire.Once(d, "sqs", func() sqsqueue.Sender {
		return sqsqueue.NewClient(cloud.Config(d), cloud.Endpoint(d, "SQS"))
	})
	return sqsqueue.NewPublisher(client, d.QueueURL(queue))
}
