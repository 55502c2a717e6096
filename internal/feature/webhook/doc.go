// Package webhook is what a webhook is, independent of how it is sent: the
// compatible API's payloads, per-ZBA secrets derived from one master key,
// both signature schemes (X-Hub-Signature-256 and Standard Webhooks), the
// retry schedule, the record of an attempt, and the rules on which callback
// URLs and addresses may be reached (SSRF).
//
// The HTTP client that applies those rules at dial time is the adapter
// internal/adapter/webhookhttp; the consumer's use case is webhook/delivery.
package webhook
