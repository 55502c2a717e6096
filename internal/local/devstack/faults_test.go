package devstack_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/local/devstack"
	"svc/internal/platform/apperr"
	"svc/internal/platform/config"
	"svc/internal/routes"
)

// faultMode is what the store proxy does with a connection.
type faultMode int

const (
	pass   faultMode = iota // relay to DynamoDB Local
	refuse                  // nothing listens: connections are refused
	hang                    // accept, read, never answer: a stalled store
)

// storeProxy stands between the functions and DynamoDB Local on a fixed
// address and can refuse or stall every connection, as a store outage or a
// network partition would.
type storeProxy struct {
	t        *testing.T
	addr     string
	upstream string
	mu       sync.Mutex
	mode     faultMode
	ln       net.Listener
	conns    map[net.Conn]bool
}

func newStoreProxy(t *testing.T, upstream string) *storeProxy {
	u, err := url.Parse(upstream)
	if err != nil {
		t.Fatal(err)
	}
	p := &storeProxy{t: t, upstream: u.Host, conns: map[net.Conn]bool{}}
	p.listen("127.0.0.1:0")
	t.Cleanup(func() { p.set(refuse) })
	return p
}

func (p *storeProxy) endpoint() string { return "http://" + p.addr }

func (p *storeProxy) listen(addr string) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		p.t.Fatal(err)
	}
	p.ln, p.addr = ln, ln.Addr().String()
	go p.serve(ln)
}

func (p *storeProxy) serve(ln net.Listener) {
	for {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		mode := p.mode
		p.conns[c] = true
		p.mu.Unlock()
		go p.handle(c, mode)
	}
}

func (p *storeProxy) handle(c net.Conn, mode faultMode) {
	defer p.drop(c)
	if mode == hang {
		_, _ = io.Copy(io.Discard, c) // until the mode changes and drops it
		return
	}
	up, err := net.Dial("tcp", p.upstream)
	if err != nil {
		return
	}
	defer up.Close()
	go func() { _, _ = io.Copy(up, c) }()
	_, _ = io.Copy(c, up)
}

func (p *storeProxy) drop(c net.Conn) {
	p.mu.Lock()
	delete(p.conns, c)
	p.mu.Unlock()
	_ = c.Close()
}

// set switches the mode; every open connection is cut, so pooled ones do
// not carry the old mode over.
func (p *storeProxy) set(mode faultMode) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for c := range p.conns {
		_ = c.Close()
	}
	wasListening := p.mode != refuse
	p.mode = mode
	switch {
	case mode == refuse && wasListening:
		_ = p.ln.Close()
	case mode != refuse && !wasListening:
		ln, err := net.Listen("tcp", p.addr) // the same address: the functions keep their endpoint
		if err != nil {
			p.t.Fatalf("listen again on %s: %v", p.addr, err)
		}
		p.ln = ln
		go p.serve(ln)
	}
}

// TestStoreFaultsAnswerWithinTheBudget: with the store refusing connections
// or hanging, a request still answers, 503 code 131016 with Retry-After,
// within the request budget (the client gives up long before the function's
// own timeout, so a hang without the budget fails here); an uncached key
// meets the authorizer's 503; and once the store is back the service
// answers again by itself.
func TestStoreFaultsAnswerWithinTheBudget(t *testing.T) {
	proxy := newStoreProxy(t, ddbEndpoint)
	name := "faults-" + randomSuffix()
	st, err := devstack.Open(context.Background(), devstack.Options{DynamoEndpoint: proxy.endpoint(),
		SQSEndpoint: sqsEndpoint, TableName: name, QueuePrefix: name + "-", Log: quietLog(),
		// The deployed budget, not the other tests' longer one.
		Getenv: func(k string) string {
			if k == config.EnvRequestBudget {
				return routes.RequestBudget.String()
			}
			return os.Getenv(k)
		}})
	if err != nil {
		t.Fatal(err)
	}
	e := serve(t, st)
	cached := e.mint(t, "acme", auth.ScopeManagement)
	uncached := e.mint(t, "acme", auth.ScopeManagement)
	path := fmt.Sprintf(listPath, "acme")
	client := &http.Client{Timeout: 5 * time.Second}
	get := func(key string) (*http.Response, error) {
		req, _ := http.NewRequest("GET", e.url+path, nil)
		req.Header.Set("Authorization", "Bearer "+key)
		resp, err := client.Do(req)
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		return resp, err
	}
	// With the deployed 1 s budget a loaded DynamoDB Local can be too slow
	// for one call (503, nothing done), so the healthy service is waited for
	// rather than asked once; this also puts the key in the authorizer cache.
	answers := func(what string) {
		t.Helper()
		waitFor(t, what, settle, func() bool {
			resp, err := get(cached)
			return err == nil && resp.StatusCode == 200
		})
	}
	answers("a 200 before the fault")
	for _, fault := range []struct {
		name string
		mode faultMode
	}{{"refused", refuse}, {"hanging", hang}} {
		t.Run(fault.name, func(t *testing.T) {
			proxy.set(fault.mode)
			defer proxy.set(pass)
			for _, key := range []struct{ name, key string }{{"route", cached}, {"authorizer", uncached}} {
				resp, err := get(key.key)
				if errors.Is(err, context.DeadlineExceeded) || err != nil {
					t.Fatalf("%s: no answer within the client's 5 s: %v", key.name, err)
				}
				if resp.StatusCode != 503 || resp.Header.Get("Retry-After") != "1" || resp.Header.Get(apperr.TraceHeader) == "" {
					t.Fatalf("%s: status %d, Retry-After %q, want 503 with Retry-After", key.name, resp.StatusCode, resp.Header.Get("Retry-After"))
				}
			}
		})
		answers("a 200 after the " + fault.name + " store came back")
	}
}
