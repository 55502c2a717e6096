// Package sqslocal is the local stack's side of SQS, which AWS provides in
// a deployment: EnsureQueues creates the route table's queues (dead-letter
// queues and redrive policies included) on the emulator, and a Poller
// plays Lambda's SQS event source for one consumer, receiving batches,
// handing them to the consumer's handler as the Lambda event and deleting
// what it did not report as failed. It is never linked into a Lambda.
package sqslocal
