package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
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
