package webhookhttp_test

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/internal/adapter/webhookhttp"
	"svc/internal/feature/webhook"
	"svc/internal/local/webhookverify"
)

// captured is what a receiver saw of one request.
type captured struct {
	method string
	header http.Header
	body   []byte
}

// recorder is a receiver that keeps every request and answers with status
// and reply.
func recorder(t *testing.T, status int, reply string) (*receiver, func() []captured) {
	var mu sync.Mutex
	var got []captured
	rcv := newReceiver(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, captured{r.Method, r.Header.Clone(), b})
		mu.Unlock()
		w.WriteHeader(status)
		io.WriteString(w, reply)
	})
	return rcv, func() []captured {
		mu.Lock()
		defer mu.Unlock()
		return append([]captured(nil), got...)
	}
}

func TestDeliverSignsBothWays(t *testing.T) {
	rcv, requests := recorder(t, http.StatusOK, "ok")
	c := localClient(webhookhttp.ClientOptions{})
	secret := webhook.DeriveSecret(master, "acme", 1)
	e := webhook.StatusUpdate("acme", "acme_order_update_en_US", "order_update", "en_US", "UTILITY", "APPROVED", "", 1, at)
	now := time.Now()
	a := c.Deliver(context.Background(), rcv.URL+"/hook", secret, e, now)
	if !a.OK() || a.StatusCode != 200 || a.Error != "" || a.ResponseSnippet != "ok" || a.Latency <= 0 || !a.At.Equal(now) {
		t.Fatalf("attempt %+v", a)
	}
	if a.RemoteAddr != rcv.Listener.Addr().String() {
		t.Fatalf("remote address %q, want %q", a.RemoteAddr, rcv.Listener.Addr())
	}
	got := requests()
	if len(got) != 1 {
		t.Fatalf("%d requests", len(got))
	}
	r := got[0]
	if r.method != http.MethodPost || string(r.body) != string(e.Body()) {
		t.Fatalf("%s with body %s, want POST with %s", r.method, r.body, e.Body())
	}
	for name, want := range map[string]string{
		"Content-Type":      "application/json",
		"User-Agent":        "svc-webhooks/1",
		"webhook-id":        e.ID,
		"webhook-timestamp": strconv.FormatInt(now.Unix(), 10),
	} {
		if v := r.header.Get(name); v != want {
			t.Errorf("%s: %q, want %q", name, v, want)
		}
	}
	if !webhookverify.Hub(secret, r.body, r.header.Get("X-Hub-Signature-256")) {
		t.Error("X-Hub-Signature-256 does not verify")
	}
	if err := webhookverify.Standard(secret, r.header, r.body, 5*time.Minute, time.Now()); err != nil {
		t.Errorf("webhook-signature does not verify: %v", err)
	}
}

// Retries of one event: the same webhook-id and body bytes, a new timestamp
// and signatures.
func TestDeliverTwiceKeepsIDAndBody(t *testing.T) {
	rcv, requests := recorder(t, http.StatusNoContent, "")
	c := localClient(webhookhttp.ClientOptions{})
	secret := webhook.DeriveSecret(master, "acme", 1)
	e := webhook.CategoryUpdate("acme", "acme_sale_en", "sale", "en", "UTILITY", "MARKETING", 1, at)
	first := time.Now().Add(-10 * time.Second)
	for _, now := range []time.Time{first, first.Add(5 * time.Second)} {
		if a := c.Deliver(context.Background(), rcv.URL, secret, e, now); !a.OK() {
			t.Fatalf("attempt %+v", a)
		}
	}
	got := requests()
	if len(got) != 2 {
		t.Fatalf("%d requests", len(got))
	}
	a, b := got[0].header, got[1].header
	if a.Get("webhook-id") != e.ID || b.Get("webhook-id") != e.ID || string(got[0].body) != string(got[1].body) {
		t.Fatal("a retry must carry the same webhook-id and body")
	}
	if a.Get("webhook-timestamp") == b.Get("webhook-timestamp") || a.Get("webhook-signature") == b.Get("webhook-signature") {
		t.Fatal("a retry must carry its own timestamp and signature")
	}
	for _, r := range got {
		if err := webhookverify.Standard(secret, r.header, r.body, time.Minute, time.Now()); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDeliverWhileRotating(t *testing.T) {
	rcv, requests := recorder(t, http.StatusOK, "")
	c := localClient(webhookhttp.ClientOptions{})
	oldSecret, newSecret := webhook.DeriveSecret(master, "acme", 1), webhook.DeriveSecret(master, "acme", 2)
	e := webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "APPROVED", "", 1, at)
	if a := c.DeliverWithSecrets(context.Background(), rcv.URL, []string{newSecret, oldSecret}, e, time.Now()); !a.OK() {
		t.Fatalf("attempt %+v", a)
	}
	r := requests()[0]
	for _, s := range []string{oldSecret, newSecret} {
		if err := webhookverify.Standard(s, r.header, r.body, time.Minute, time.Now()); err != nil {
			t.Fatalf("a receiver on either secret must verify: %v", err)
		}
	}
	if !webhookverify.Hub(newSecret, r.body, r.header.Get("X-Hub-Signature-256")) {
		t.Fatal("X-Hub-Signature-256 must be signed with the new secret")
	}
}

func TestDeliverFailures(t *testing.T) {
	c := localClient(webhookhttp.ClientOptions{})
	secret := webhook.DeriveSecret(master, "acme", 1)
	e := webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "APPROVED", "", 1, at)
	for _, status := range []int{http.StatusBadRequest, http.StatusGone, http.StatusInternalServerError, http.StatusMovedPermanently} {
		rcv, _ := recorder(t, status, "nope")
		a := c.Deliver(context.Background(), rcv.URL, secret, e, time.Now())
		if a.OK() || a.StatusCode != status || !strings.HasPrefix(a.Error, "HTTP "+strconv.Itoa(status)) || a.ResponseSnippet != "nope" {
			t.Errorf("status %d: attempt %+v", status, a)
		}
	}

	busy := newReceiver(t, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(http.StatusTooManyRequests)
	})
	if a := c.Deliver(context.Background(), busy.URL, secret, e, time.Now()); a.OK() || a.StatusCode != 429 || a.RetryAfter != 30*time.Second {
		t.Errorf("429: attempt %+v", a)
	}

	closed, _ := recorder(t, http.StatusOK, "")
	url := closed.URL
	closed.Close()
	if a := c.Deliver(context.Background(), url, secret, e, time.Now()); a.OK() || a.StatusCode != 0 || a.Error == "" {
		t.Errorf("closed receiver: attempt %+v", a)
	}

	if a := c.Deliver(context.Background(), url, "not-a-secret!", e, time.Now()); a.OK() || !strings.Contains(a.Error, "secret") {
		t.Errorf("malformed secret: attempt %+v", a)
	}
}

func TestDeliverTimeout(t *testing.T) {
	release := make(chan struct{})
	slow := newReceiver(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
		w.WriteHeader(http.StatusOK)
	})
	defer close(release)
	c := localClient(webhookhttp.ClientOptions{Timeout: 200 * time.Millisecond})
	e := webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "APPROVED", "", 1, at)
	start := time.Now()
	a := c.Deliver(context.Background(), slow.URL, webhook.DeriveSecret(master, "acme", 1), e, start)
	if a.OK() || a.StatusCode != 0 || !strings.Contains(a.Error, "timeout") {
		t.Fatalf("attempt %+v, want a timeout", a)
	}
	// The receiver never answers before the test ends, so returning at all
	// shows the timeout; the bound only keeps a broken one from hanging the
	// run, and is loose because a loaded machine is slow.
	if el := time.Since(start); el > 30*time.Second || a.Latency < 200*time.Millisecond {
		t.Fatalf("took %s (latency %s) for a 200ms timeout", el, a.Latency)
	}
}

func TestDeliverCapsTheResponseRead(t *testing.T) {
	huge := strings.Repeat("x", 1<<20)
	rcv, _ := recorder(t, http.StatusOK, huge)
	e := webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "APPROVED", "", 1, at)
	secret := webhook.DeriveSecret(master, "acme", 1)

	a := localClient(webhookhttp.ClientOptions{MaxResponseBytes: 100}).Deliver(context.Background(), rcv.URL, secret, e, time.Now())
	if !a.OK() || len(a.ResponseSnippet) != 100 {
		t.Fatalf("attempt ok=%v with a snippet of %d bytes, want 100", a.OK(), len(a.ResponseSnippet))
	}
	a = localClient(webhookhttp.ClientOptions{}).Deliver(context.Background(), rcv.URL, secret, e, time.Now())
	if len(a.ResponseSnippet) != webhookhttp.DefaultMaxResponseBytes {
		t.Fatalf("snippet of %d bytes, want the default cap %d", len(a.ResponseSnippet), webhookhttp.DefaultMaxResponseBytes)
	}
}

// Receivers such as whatsapp-api-js refuse a chunked body: every request
// carries Content-Length, and its body is the event's ASCII-only body.
func TestDeliverSendsContentLength(t *testing.T) {
	type seen struct {
		contentLength    int64
		header           string
		transferEncoding []string
		body             []byte
	}
	got := make(chan seen, 1)
	rcv := newReceiver(t, func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got <- seen{r.ContentLength, r.Header.Get("Content-Length"), r.TransferEncoding, b}
	})
	e, err := webhook.InboundMessage("acme", webhook.Metadata{PhoneNumberID: "pn_1"}, webhook.Inbound{ID: "svcmid.i", From: "1",
		ProfileName: "Zoë 🎉", At: at, Type: "text", Text: "Olá \x7f <&>"})
	if err != nil {
		t.Fatal(err)
	}
	secret := webhook.DeriveSecret(master, "acme", 1)
	if a := localClient(webhookhttp.ClientOptions{}).Deliver(context.Background(), rcv.URL, secret, e, time.Now()); !a.OK() {
		t.Fatalf("attempt %+v", a)
	}
	s := <-got
	if s.contentLength != int64(len(s.body)) || s.header != strconv.Itoa(len(s.body)) || len(s.transferEncoding) != 0 {
		t.Fatalf("Content-Length %d (header %q), Transfer-Encoding %v for %d bytes", s.contentLength, s.header, s.transferEncoding, len(s.body))
	}
	if string(s.body) != string(e.Body()) || strings.ContainsFunc(string(s.body), func(r rune) bool { return r >= 0x7f }) {
		t.Fatalf("body %s", s.body)
	}
}
