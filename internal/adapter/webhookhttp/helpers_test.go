package webhookhttp_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"sync/atomic"
	"testing"
	"time"

	"svc/internal/adapter/webhookhttp"
)

// receiver is a local webhook receiver that counts the connections it
// accepts, so a test can show that nothing reached it.
type receiver struct {
	*httptest.Server
	conns atomic.Int64
}

func newReceiver(t *testing.T, h http.HandlerFunc) *receiver {
	t.Helper()
	r := &receiver{Server: httptest.NewUnstartedServer(h)}
	r.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			r.conns.Add(1)
		}
	}
	r.Start()
	t.Cleanup(r.Close)
	return r
}

// port is the receiver's port on 127.0.0.1.
func (r *receiver) port() string {
	_, p, _ := net.SplitHostPort(r.Listener.Addr().String())
	return p
}

// staticLookup maps made-up names to addresses; any other name fails.
func staticLookup(names map[string][]string) func(context.Context, string) ([]netip.Addr, error) {
	return func(_ context.Context, host string) ([]netip.Addr, error) {
		var out []netip.Addr
		for _, a := range names[host] {
			out = append(out, netip.MustParseAddr(a))
		}
		if len(out) == 0 {
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		}
		return out, nil
	}
}

func localClient(o webhookhttp.ClientOptions) *webhookhttp.Client {
	o.AllowLoopback = true
	return webhookhttp.NewClient(o)
}

// master is the webhook master key of these tests.
var master = []byte("0123456789abcdef0123456789abcdef")

// at is the event time of these tests.
var at = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
