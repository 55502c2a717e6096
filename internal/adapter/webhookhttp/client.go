package webhookhttp

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"

	"svc/internal/feature/webhook"
)

// Defaults of ClientOptions.
const (
	DefaultTimeout          = 15 * time.Second
	DefaultMaxResponseBytes = 4 << 10
)

// ClientOptions configure a Client. The zero value is the production one.
type ClientOptions struct {
	// Timeout bounds a whole request: connect, TLS, headers and the capped
	// body read. Default 15 s, Svix's and the upper end of what Standard
	// Webhooks suggests; a receiver that needs longer should answer first
	// and work later.
	Timeout time.Duration
	// MaxResponseBytes is how much of a response body is read and kept as
	// the attempt's snippet. Default 4 KiB: enough to tell an error page,
	// too little for a hostile receiver to exhaust memory.
	MaxResponseBytes int64
	// AllowLoopback is local mode only: it permits plain http and loopback
	// addresses, so a receiver on 127.0.0.1 can be used in development and
	// tests. Every other blocked range stays blocked.
	AllowLoopback bool
}

// Client sends webhook requests and nothing else: it reaches only public
// addresses (checked at dial time), never follows a redirect, ignores the
// proxy environment and reads bounded responses. Safe for concurrent use.
type Client struct {
	opts ClientOptions
	http *http.Client
	// lookup resolves a host name; tests replace it to map made-up names.
	lookup func(ctx context.Context, host string) ([]netip.Addr, error)
}

// NewClient builds a Client; zero options take their defaults.
func NewClient(o ClientOptions) *Client {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxResponseBytes <= 0 {
		o.MaxResponseBytes = DefaultMaxResponseBytes
	}
	c := &Client{opts: o, lookup: func(ctx context.Context, host string) ([]netip.Addr, error) {
		return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	}}
	t := &http.Transport{
		// No proxy from the environment: a proxy would dial for us, out of
		// reach of the address check.
		Proxy:               nil,
		DialContext:         c.dial,
		TLSClientConfig:     &tls.Config{MinVersion: tls.VersionTLS12},
		TLSHandshakeTimeout: o.Timeout,
		MaxIdleConns:        64,
		MaxIdleConnsPerHost: 4,
		IdleConnTimeout:     90 * time.Second,
		ForceAttemptHTTP2:   true,
	}
	c.http = &http.Client{
		Transport: t,
		Timeout:   o.Timeout,
		// A redirect is never followed: a 302 to 169.254.169.254 is the
		// classic way around an address check, and Standard Webhooks counts
		// 3xx as a failure anyway. The 3xx itself is returned.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	return c
}

// plainHTTPKey marks a request context whose URL is plain http, which may
// reach loopback only.
type plainHTTPKey struct{}

// dial resolves addr's host itself, refuses the connection if any of its
// addresses is blocked (a name that mixes public and internal addresses is
// not a receiver), then dials the addresses one by one. The dialer's
// Control hook checks each address once more right before connect(2), and
// that it is the very address and port that were checked, so the IP
// actually connected to is an IP that was checked, whatever DNS answers in
// between (rebinding).
//
// A resolver may return an A record as IPv4-mapped IPv6 (::ffff:a.b.c.d;
// net.IP keeps IPv4 in 16 bytes), so its answers are unmapped first, and
// that plain IPv4 address is both what is checked and what is dialed: a
// mapped address is never handed to the socket layer, where some stacks
// would send it as IPv6. A literal host is taken as written, so
// [::ffff:10.0.0.5] is refused as IPv4-mapped.
func (c *Client) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, portText, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, err
	}
	port, err := net.LookupPort(network, portText)
	if err != nil {
		return nil, err
	}
	loopbackOnly, _ := ctx.Value(plainHTTPKey{}).(bool)
	var addrs []netip.Addr
	if a, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{a}
	} else {
		found, err := c.lookup(ctx, host)
		if err != nil {
			return nil, err
		}
		for _, a := range found {
			addrs = append(addrs, a.Unmap())
		}
	}
	if len(addrs) == 0 {
		return nil, fmt.Errorf("webhook: %s has no address", host)
	}
	for _, a := range addrs {
		if err := c.checkDialAddr(host, a, loopbackOnly); err != nil {
			return nil, err
		}
	}
	var errs []error
	for _, a := range addrs {
		target := netip.AddrPortFrom(a, uint16(port))
		d := net.Dialer{
			Timeout:   c.opts.Timeout,
			KeepAlive: 30 * time.Second,
			Control: func(_, address string, _ syscall.RawConn) error {
				ap, err := netip.ParseAddrPort(address)
				if err != nil {
					return fmt.Errorf("%w: unparsable %q", webhook.ErrBlockedAddress, address)
				}
				if ap != target {
					return fmt.Errorf("%w: connecting to %s, but %s was checked", webhook.ErrBlockedAddress, ap, target)
				}
				return c.checkDialAddr(host, ap.Addr(), loopbackOnly)
			},
		}
		conn, err := d.DialContext(ctx, network, target.String())
		if err == nil {
			return conn, nil
		}
		errs = append(errs, err)
		if ctx.Err() != nil {
			break
		}
	}
	return nil, errors.Join(errs...)
}

// checkDialAddr applies the address rules to a, exactly as it will be
// dialed, and in a plain-http request also requires loopback.
func (c *Client) checkDialAddr(host string, a netip.Addr, loopbackOnly bool) error {
	if err := webhook.CheckAddr(host, a, c.opts.AllowLoopback); err != nil {
		return err
	}
	if loopbackOnly && !a.IsLoopback() {
		return fmt.Errorf("%w: plain http to %s, which is not loopback", webhook.ErrBlockedAddress, a)
	}
	return nil
}
