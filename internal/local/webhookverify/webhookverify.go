// Package webhookverify checks a webhook delivery's signatures as a
// receiver does, for the tests of the sending side: svc signs
// (webhook.SignHub, webhook.SignStandard) and never verifies, and a real
// receiver runs its own code (the README's verifyDelivery).
package webhookverify

import (
	"crypto/hmac"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"svc/internal/feature/webhook"
)

// Hub reports whether header is webhook.SignHub(secret, body), in constant
// time.
func Hub(secret string, body []byte, header string) bool {
	return hmac.Equal([]byte(header), []byte(webhook.SignHub(secret, body)))
}

// Errors of Standard.
var (
	ErrMissingHeaders   = errors.New("webhookverify: webhook-id, webhook-timestamp or webhook-signature missing")
	ErrBadTimestamp     = errors.New("webhookverify: webhook-timestamp outside the tolerance")
	ErrBadSecret        = errors.New("webhookverify: the secret is not whsec_ and base64")
	ErrNoMatchingSigner = errors.New("webhookverify: no webhook-signature matches")
)

// Standard verifies a Standard Webhooks delivery as a receiver does: the
// three headers present, webhook-timestamp within tolerance of now either
// way (replays of old deliveries fail), and any of the space-separated
// "v1,<base64>" signatures equal to ours in constant time (several are
// sent while a secret rotates). Other versions never match. The reference
// libraries use a tolerance of 5 minutes.
func Standard(secret string, headers http.Header, body []byte, tolerance time.Duration, now time.Time) error {
	id, tsText, sigs := header(headers, webhook.HeaderID), header(headers, webhook.HeaderTimestamp), header(headers, webhook.HeaderSignature)
	if id == "" || tsText == "" || sigs == "" {
		return ErrMissingHeaders
	}
	unix, err := strconv.ParseInt(tsText, 10, 64)
	if err != nil {
		return fmt.Errorf("%w: %q is not unix seconds", ErrBadTimestamp, tsText)
	}
	if d := now.Sub(time.Unix(unix, 0)); d > tolerance || d < -tolerance {
		return fmt.Errorf("%w: %s away from now", ErrBadTimestamp, d.Round(time.Second))
	}
	want := webhook.SignStandard(secret, id, time.Unix(unix, 0), body)
	if want == "" {
		return ErrBadSecret
	}
	for _, s := range strings.Fields(sigs) {
		if hmac.Equal([]byte(s), []byte(want)) {
			return nil
		}
	}
	return ErrNoMatchingSigner
}

// header reads a header by its canonical name, as a server has stored it,
// or by the name as written, as the sender sets it on the outgoing request.
func header(h http.Header, name string) string {
	if v := h.Get(name); v != "" {
		return v
	}
	if vs := h[name]; len(vs) > 0 {
		return vs[0]
	}
	return ""
}
