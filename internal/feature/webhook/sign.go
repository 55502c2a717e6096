package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The signature headers. Go canonicalises header names, and HTTP header
// names are case-insensitive: receivers read them in any case.
const (
	HeaderHubSignature = "X-Hub-Signature-256"
	HeaderID           = "webhook-id"
	HeaderTimestamp    = "webhook-timestamp"
	HeaderSignature    = "webhook-signature"
)

// SignHub is the X-Hub-Signature-256 value, "sha256=" and the lower-case hex
// HMAC-SHA256 of the raw body, as the compatible API signs (there with the
// app secret; here with the ZBA's secret string, "whsec_" included, as
// bytes). It covers no timestamp: receivers that want replay protection
// verify the Standard Webhooks signature instead.
func SignHub(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return "sha256=" + hex.EncodeToString(m.Sum(nil))
}

// VerifyHub reports whether header is SignHub(secret, body), in constant time.
func VerifyHub(secret string, body []byte, header string) bool {
	return hmac.Equal([]byte(header), []byte(SignHub(secret, body)))
}

// SignStandard is one webhook-signature entry of Standard Webhooks v1:
// "v1," and the base64 HMAC-SHA256 of "<id>.<unix seconds>.<body>", keyed
// with the base64-decoded part of the secret after "whsec_" (a secret
// without the prefix is accepted too, as the reference libraries do). A
// secret that is not base64 gives "": there is no key to sign with.
func SignStandard(secret string, id string, ts time.Time, body []byte) string {
	key, err := standardKey(secret)
	if err != nil {
		return ""
	}
	return "v1," + base64.StdEncoding.EncodeToString(standardMAC(key, id, ts.Unix(), body))
}

func standardKey(secret string) ([]byte, error) {
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, SecretPrefix))
	if err != nil || len(key) == 0 {
		return nil, errors.New("webhook: the secret is not whsec_ and base64")
	}
	return key, nil
}

func standardMAC(key []byte, id string, unix int64, body []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(id + "." + strconv.FormatInt(unix, 10) + "."))
	m.Write(body)
	return m.Sum(nil)
}

// Errors of VerifyStandard.
var (
	ErrMissingHeaders   = errors.New("webhook: webhook-id, webhook-timestamp or webhook-signature missing")
	ErrBadTimestamp     = errors.New("webhook: webhook-timestamp outside the tolerance")
	ErrNoMatchingSigner = errors.New("webhook: no webhook-signature matches")
)

// VerifyStandard verifies a Standard Webhooks delivery as a receiver does:
// the three headers present, webhook-timestamp within tolerance of now
// either way (replays of old deliveries fail), and any of the
// space-separated "v1,<base64>" signatures equal to ours in constant time
// (several are sent while a secret rotates). Other versions are skipped.
// The reference libraries use a tolerance of 5 minutes.
func VerifyStandard(secret string, headers http.Header, body []byte, tolerance time.Duration, now time.Time) error {
	id, tsText, sigs := header(headers, HeaderID), header(headers, HeaderTimestamp), header(headers, HeaderSignature)
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
	key, err := standardKey(secret)
	if err != nil {
		return err
	}
	want := standardMAC(key, id, unix, body)
	for _, s := range strings.Fields(sigs) {
		version, sig, ok := strings.Cut(s, ",")
		if !ok || version != "v1" {
			continue
		}
		got, err := base64.StdEncoding.DecodeString(sig)
		if err == nil && hmac.Equal(got, want) {
			return nil
		}
	}
	return ErrNoMatchingSigner
}

// header reads a header by its canonical name, as a server has stored it,
// or by the name as written, as Deliver sets it on the outgoing request.
func header(h http.Header, name string) string {
	if v := h.Get(name); v != "" {
		return v
	}
	if vs := h[name]; len(vs) > 0 {
		return vs[0]
	}
	return ""
}
