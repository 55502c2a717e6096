// Package sqsqueue is the SQS adapter of the functions: it publishes
// messages for the domain, now or after a delay. The local stack's queue
// creation and polling live in internal/local/sqslocal, never linked into a
// Lambda.
package sqsqueue
