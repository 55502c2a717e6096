// Package sqsqueue is the SQS adapter: the only code in the service that
// imports the SQS SDK. It publishes messages for the domain, creates the
// queues and their dead-letter queues for local stacks and tests, and polls
// queues on behalf of the local gateway the way a Lambda event source
// mapping with ReportBatchItemFailures would.
package sqsqueue
