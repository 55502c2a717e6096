// Package webhookhttp is the outbound HTTP adapter of webhooks: it POSTs
// signed events and runs the GET verification handshake with a client that
// reaches only public addresses (checked again at dial time, so DNS cannot
// change the answer between check and connect), never follows redirects and
// reads bounded responses.
package webhookhttp
