package webhookhttp

import (
	"context"
	"net/netip"
)

// SetLookup replaces c's resolver, so tests can map made-up names to any
// address without a DNS server. Call it before c is used.
func SetLookup(c *Client, lookup func(ctx context.Context, host string) ([]netip.Addr, error)) {
	c.lookup = lookup
}
