// Package webhook delivers template events to a ZBA's callback URL: the
// compatible API's payloads, per-ZBA secrets derived from one master key,
// both signature schemes (X-Hub-Signature-256 and Standard Webhooks), the
// GET verification handshake, the retry schedule, and an HTTP client that
// cannot be pointed at the service's own network (SSRF).
//
// It knows nothing of SQS or the store: the webhook consumer decides when to
// call Deliver, records the Attempt it returns, and re-queues by Delay.
package webhook
