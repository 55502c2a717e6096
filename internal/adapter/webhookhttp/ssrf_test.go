package webhookhttp_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"svc/internal/adapter/webhookhttp"
	"svc/internal/feature/webhook"
)

// The table: every URL fails, and no byte reaches the receiver
// listening on 127.0.0.1 that a successful bypass would reach.
func TestSSRFTableNothingReachesTheReceiver(t *testing.T) {
	rcv := newReceiver(t, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	p := rcv.port()
	names := map[string][]string{
		"internal.example.test": {"10.0.0.5"},
		"loop.example.test":     {"127.0.0.1"},
		"mapped.example.test":   {"::ffff:127.0.0.1"},
		"metadata.example.test": {"169.254.169.254"},
		"mixed.example.test":    {"127.0.0.1", "10.0.0.5"},
		"localhost":             {"203.0.113.7"},
	}
	strict := webhookhttp.NewClient(webhookhttp.ClientOptions{Timeout: 2 * time.Second})
	webhookhttp.SetLookup(strict, staticLookup(names))
	local := localClient(webhookhttp.ClientOptions{Timeout: 2 * time.Second})
	webhookhttp.SetLookup(local, staticLookup(names))
	secret := webhook.DeriveSecret(master, "acme", 1)
	e := webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "APPROVED", "", 1, at)

	cases := []struct {
		client *webhookhttp.Client
		url    string
	}{
		{strict, "https://127.1:" + p + "/"},
		{strict, "https://2130706433:" + p + "/"},
		{strict, "https://[::ffff:127.0.0.1]:" + p + "/"},
		{strict, "https://127.0.0.1:" + p + "/"},
		{strict, "https://169.254.169.254/latest/meta-data"},
		{strict, "https://localhost:" + p + "/"},
		{strict, "https://internal.example.test/hook"},   // a name resolving to 10.0.0.5
		{strict, "https://loop.example.test/hook"},       // a name resolving to loopback
		{strict, "https://mapped.example.test/hook"},     // ... spelled as IPv4-mapped IPv6
		{strict, "https://metadata.example.test/hook"},   // ... to the metadata service
		{strict, "http://hooks.example.com/hook"},        // plain http
		{strict, "https://u:p@hooks.example.com/hook"},   // userinfo
		{local, "https://mixed.example.test:" + p + "/"}, // one good address does not redeem a name
		{local, "http://localhost:" + p + "/"},           // plain http goes to loopback only, whatever the name resolves to
		{local, "https://169.254.169.254:" + p + "/latest/meta-data"},
		{local, "https://internal.example.test:" + p + "/"},
	}
	for _, c := range cases {
		a := c.client.Deliver(context.Background(), c.url, secret, e, time.Now())
		if a.OK() || a.StatusCode != 0 || a.Error == "" {
			t.Errorf("%s: attempt %+v, want a refusal", c.url, a)
		}
		t.Logf("%s: %s", c.url, a.Error)
		if !strings.Contains(a.Error, "not allowed") {
			t.Errorf("%s: error %q does not say the address or URL is not allowed", c.url, a.Error)
		}
		if err := c.client.Handshake(context.Background(), c.url, "token"); err == nil {
			t.Errorf("%s: the handshake went through", c.url)
		}
	}
	if n := rcv.conns.Load(); n != 0 {
		t.Fatalf("the receiver accepted %d connections", n)
	}
}

// The IPv6 forms that carry an IPv4 address or reach an internal network,
// returned by DNS or written as literals, to the strict client and to the
// local one (which allows loopback as itself only): every attempt is
// refused and the receiver on 127.0.0.1 accepts no connection.
func TestSSRFEmbeddedAndSpecialFormsNeverReachTheReceiver(t *testing.T) {
	rcv := newReceiver(t, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	p := rcv.port()
	names := map[string][]string{
		"nat64.example.test":      {"64:ff9b::7f00:1"},
		"nat64local.example.test": {"64:ff9b:1::7f00:1"},
		"translated.example.test": {"::ffff:0:7f00:1"},
		"compat.example.test":     {"::7f00:1"},
		"sixtofour.example.test":  {"2002:7f00:1::1"},
		"teredo.example.test":     {"2001:0:7f00:1::1"},
		"sitelocal.example.test":  {"fec0::1"},
		"srv6.example.test":       {"5f00::1"},
		"pcp.example.test":        {"192.0.0.9"},
		"mapped.example.test":     {"::ffff:10.0.0.5"},
	}
	strict := webhookhttp.NewClient(webhookhttp.ClientOptions{Timeout: 2 * time.Second})
	webhookhttp.SetLookup(strict, staticLookup(names))
	local := localClient(webhookhttp.ClientOptions{Timeout: 2 * time.Second})
	webhookhttp.SetLookup(local, staticLookup(names))
	secret := webhook.DeriveSecret(master, "acme", 1)
	e := webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "APPROVED", "", 1, at)

	var urls []string
	for name := range names {
		urls = append(urls, "https://"+name+":"+p+"/hook")
	}
	urls = append(urls,
		"https://[::ffff:127.0.0.1]:"+p+"/",
		"http://[::ffff:7f00:1]:"+p+"/",
		"https://[64:ff9b::127.0.0.1]:"+p+"/",
		"https://[::127.0.0.1]:"+p+"/",
		"https://[::1%25lo]:"+p+"/",
	)
	for _, c := range []*webhookhttp.Client{strict, local} {
		for _, u := range urls {
			a := c.Deliver(context.Background(), u, secret, e, time.Now())
			if a.OK() || a.StatusCode != 0 || !strings.Contains(a.Error, "not allowed") {
				t.Errorf("%s: attempt %+v, want a refusal", u, a)
			}
			if err := c.Handshake(context.Background(), u, "token"); err == nil {
				t.Errorf("%s: the handshake went through", u)
			}
		}
	}
	if n := rcv.conns.Load(); n != 0 {
		t.Fatalf("the receiver accepted %d connections", n)
	}
}

// A resolver may return an A record IPv4-mapped: the client checks the
// plain IPv4 address and connects to exactly that one, not to the mapped
// IPv6 spelling.
func TestMappedAnswerIsDialedAsTheIPv4ItCarries(t *testing.T) {
	rcv := newReceiver(t, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	c := localClient(webhookhttp.ClientOptions{Timeout: 2 * time.Second})
	webhookhttp.SetLookup(c, staticLookup(map[string][]string{"localhost": {"::ffff:127.0.0.1"}}))
	e := webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "APPROVED", "", 1, at)
	a := c.Deliver(context.Background(), "http://localhost:"+rcv.port()+"/hook", webhook.DeriveSecret(master, "acme", 1), e, time.Now())
	if !a.OK() || a.RemoteAddr != "127.0.0.1:"+rcv.port() {
		t.Fatalf("attempt %+v, want a 2xx from 127.0.0.1:%s", a, rcv.port())
	}
}

// A receiver that is allowed answers 302 to the metadata service, or to
// another receiver: the attempt fails with the 302, and nothing follows it.
func TestRedirectIsAFailureNotFollowed(t *testing.T) {
	other := newReceiver(t, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) })
	for _, target := range []string{"http://169.254.169.254/latest/meta-data/iam/security-credentials/", other.URL + "/stolen"} {
		rcv := newReceiver(t, func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, target, http.StatusFound)
		})
		c := localClient(webhookhttp.ClientOptions{Timeout: 2 * time.Second})
		e := webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "APPROVED", "", 1, at)
		a := c.Deliver(context.Background(), rcv.URL+"/hook", webhook.DeriveSecret(master, "acme", 1), e, time.Now())
		if a.OK() || a.StatusCode != http.StatusFound || !strings.Contains(a.Error, "not followed") || !strings.Contains(a.Error, target) {
			t.Fatalf("redirect to %s: attempt %+v, want a failed 302 that names the target", target, a)
		}
		if err := c.Handshake(context.Background(), rcv.URL+"/hook", "token"); err == nil || !strings.Contains(err.Error(), "302") {
			t.Fatalf("handshake through a redirect: %v", err)
		}
	}
	if n := other.conns.Load(); n != 0 {
		t.Fatalf("the redirect was followed: %d connections", n)
	}
}
