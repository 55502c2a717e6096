package webhookhttp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strconv"
	"strings"
	"time"

	"svc/internal/feature/webhook"
)

// UserAgent is sent with every request.
const UserAgent = "svc-webhooks/1"

// Deliver POSTs the event to rawURL once, signed with secret both ways:
//
//	Content-Type:        application/json
//	Content-Length:      the body's length (never chunked: some receivers refuse it)
//	User-Agent:          svc-webhooks/1
//	X-Hub-Signature-256: sha256=<hex HMAC-SHA256(secret, body)>
//	webhook-id:          e.ID (the same on every attempt)
//	webhook-timestamp:   now in unix seconds (new on every attempt)
//	webhook-signature:   v1,<base64 HMAC-SHA256(key, id.timestamp.body)>
//
// It never returns an error: every failure is in the webhook.Attempt, which the
// caller records whatever happened.
func (c *Client) Deliver(ctx context.Context, rawURL, secret string, e webhook.Event, now time.Time) webhook.Attempt {
	return c.DeliverWithSecrets(ctx, rawURL, []string{secret}, e, now)
}

// DeliverWithSecrets is Deliver while a secret rotates: secrets[0] (the
// new one) signs X-Hub-Signature-256, which holds a single signature, and
// every secret adds its v1 entry to webhook-signature, so receivers still
// on the old secret keep verifying.
func (c *Client) DeliverWithSecrets(ctx context.Context, rawURL string, secrets []string, e webhook.Event, now time.Time) webhook.Attempt {
	at := webhook.Attempt{At: now}
	if err := webhook.CheckURL(rawURL, c.opts.AllowLoopback); err != nil {
		at.Error = "refused: " + err.Error()
		return at
	}
	body := e.Body()
	if body == nil || e.ID == "" || strings.Contains(e.ID, ".") {
		at.Error = "refused: the event cannot be encoded"
		return at
	}
	var sigs []string
	for _, s := range secrets {
		if sig := webhook.SignStandard(s, e.ID, now, body); sig != "" {
			sigs = append(sigs, sig)
		}
	}
	if len(sigs) == 0 || len(sigs) != len(secrets) {
		at.Error = "refused: a signing secret is not whsec_ and base64"
		return at
	}
	// A bytes.Reader gives the request its ContentLength, so the body goes
	// out with Content-Length rather than chunked.
	req, err := c.newRequest(ctx, http.MethodPost, rawURL, bytes.NewReader(body))
	if err != nil {
		at.Error = "refused: " + err.Error()
		return at
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(webhook.HeaderHubSignature, webhook.SignHub(secrets[0], body))
	// The Standard Webhooks names are set as written (lower case) rather
	// than canonicalised; HTTP/1.1 sends them so and receivers match
	// header names case-insensitively either way.
	req.Header[webhook.HeaderID] = []string{e.ID}
	req.Header[webhook.HeaderTimestamp] = []string{strconv.FormatInt(now.Unix(), 10)}
	req.Header[webhook.HeaderSignature] = []string{strings.Join(sigs, " ")}
	c.do(req, &at)
	return at
}

// newRequest builds a request with the common headers and the plain-http
// marker the dialer reads.
func (c *Client) newRequest(ctx context.Context, method, rawURL string, body io.Reader) (*http.Request, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, err
	}
	if strings.EqualFold(u.Scheme, "http") {
		ctx = context.WithValue(ctx, plainHTTPKey{}, true)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", UserAgent)
	return req, nil
}

// do sends req and fills at: status, latency, snippet, remote address and,
// for failures, the error.
func (c *Client) do(req *http.Request, at *webhook.Attempt) {
	var remote string
	req = req.WithContext(withRemoteAddr(req.Context(), &remote))
	start := time.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		at.Latency = time.Since(start)
		at.RemoteAddr = remote
		at.Error = c.describe(err)
		return
	}
	defer resp.Body.Close()
	snippet, readErr := io.ReadAll(io.LimitReader(resp.Body, c.opts.MaxResponseBytes))
	at.Latency = time.Since(start)
	at.RemoteAddr = remote
	at.StatusCode = resp.StatusCode
	at.ResponseSnippet = strings.ToValidUTF8(string(snippet), "\uFFFD")
	at.RetryAfter = retryAfter(resp.Header.Get("Retry-After"), at.At)
	switch {
	case resp.StatusCode >= 300 && resp.StatusCode <= 399:
		at.Error = fmt.Sprintf("HTTP %d: redirect to %q not followed", resp.StatusCode, resp.Header.Get("Location"))
	case !at.OK():
		at.Error = fmt.Sprintf("HTTP %d", resp.StatusCode)
	case readErr != nil:
		// A 2xx whose body could not be read in full is still an accepted
		// event: retrying would deliver it twice.
	}
}

// withRemoteAddr records in *remote the address of the connection a
// request goes out on, new or reused.
func withRemoteAddr(ctx context.Context, remote *string) context.Context {
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		GotConn: func(info httptrace.GotConnInfo) { *remote = info.Conn.RemoteAddr().String() },
	})
}

// describe turns a transport error into the attempt's error text, without
// repeating the method and URL that url.Error adds.
func (c *Client) describe(err error) string {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout()) {
		return fmt.Sprintf("timeout (limit %s): %v", c.opts.Timeout, err)
	}
	return err.Error()
}

// maxRetryAfter bounds a Retry-After in seconds (a week), far beyond any
// slot of the schedule, so no value overflows a Duration.
const maxRetryAfter = 7 * 24 * 3600

// retryAfter reads a Retry-After header, delay-seconds or an HTTP date
// relative to now; 0 when absent, malformed or in the past.
func retryAfter(h string, now time.Time) time.Duration {
	if h == "" {
		return 0
	}
	if s, err := strconv.Atoi(strings.TrimSpace(h)); err == nil {
		if s <= 0 {
			return 0
		}
		s = min(s, maxRetryAfter)
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(h); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}
