package webhookhttp

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"net/url"
	"strings"
	"time"

	"svc/internal/feature/webhook"
)

// Handshake verifies a callback as the compatible API does before any
// event is sent to it: GET url?hub.mode=subscribe&hub.verify_token=<token>
// &hub.challenge=<random>, and the receiver must answer 200 with the
// challenge as its body (surrounding white space and JSON string quotes
// ignored). The URL's own
// query parameters are kept, byte for byte; any hub.* parameters of the
// handshake it already had are replaced. The same SSRF rules, timeout and
// body cap as Deliver apply. The error says what was wrong, for the
// operator who set the URL.
func (c *Client) Handshake(ctx context.Context, rawURL, verifyToken string) error {
	if err := webhook.CheckURL(rawURL, c.opts.AllowLoopback); err != nil {
		return err
	}
	challenge, err := newChallenge()
	if err != nil {
		return err
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return err
	}
	u.RawQuery = withHubParams(u.RawQuery, url.Values{
		"hub.mode": {"subscribe"}, "hub.verify_token": {verifyToken}, "hub.challenge": {challenge},
	})
	req, err := c.newRequest(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return err
	}
	at := webhook.Attempt{At: time.Now()}
	c.do(req, &at)
	switch {
	case at.StatusCode == 0:
		return fmt.Errorf("webhook: verification request failed: %s", at.Error)
	case at.StatusCode != http.StatusOK:
		return fmt.Errorf("webhook: verification answered HTTP %d, want 200 with the hub.challenge (is the verify token configured in the receiver?)%s",
			at.StatusCode, redirectNote(at))
	}
	// A receiver that answers the challenge as a JSON string (Express's
	// res.json(challenge), as @elizaos/plugin-whatsapp does) echoes it too.
	got := strings.TrimSpace(at.ResponseSnippet)
	if unquoted, ok := strings.CutPrefix(got, `"`); ok {
		got = strings.TrimSuffix(unquoted, `"`)
	}
	if got != challenge {
		return fmt.Errorf("webhook: verification answered 200 with %q, want the hub.challenge %q echoed as the whole body",
			clip(got, 64), challenge)
	}
	return nil
}

func redirectNote(at webhook.Attempt) string {
	if at.StatusCode >= 300 && at.StatusCode <= 399 {
		return "; " + at.Error
	}
	return ""
}

// newChallenge is a random integer of ten digits. The compatible API sends
// a number, and receivers written for it sometimes parse the challenge as
// an integer before echoing it; staying within a signed 32-bit integer
// keeps those working. About 30 bits are plenty for a value that proves
// only that the receiver read this request.
func newChallenge() (string, error) {
	const lo, hi = 1_000_000_000, 2_147_483_647
	n, err := rand.Int(rand.Reader, big.NewInt(hi-lo+1))
	if err != nil {
		return "", errors.New("webhook: no randomness for the challenge")
	}
	return fmt.Sprint(lo + n.Int64()), nil
}

// withHubParams appends params to a raw query, after dropping the pairs of
// raw whose names params has. The other pairs stay as they were written:
// re-encoding them could change what a receiver compares.
func withHubParams(raw string, params url.Values) string {
	var kept []string
	for _, pair := range strings.Split(raw, "&") {
		if pair == "" {
			continue
		}
		name, _, _ := strings.Cut(pair, "=")
		if n, err := url.QueryUnescape(name); err == nil && params.Has(n) {
			continue
		}
		kept = append(kept, pair)
	}
	if enc := params.Encode(); enc != "" {
		kept = append(kept, enc)
	}
	return strings.Join(kept, "&")
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
