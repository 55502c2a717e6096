package webhook

import (
	"encoding/base64"

	"svc/internal/platform/secretkey"
)

// SecretPrefix marks a Standard Webhooks symmetric secret.
const SecretPrefix = "whsec_"

// Per-ZBA secrets are derived, never stored: each is HMAC-SHA256 of the
// service's master key over a label, the ZBA id and a generation number
// (secretkey.Derive).
//   - Only the master key needs protecting (Secrets Manager or an encrypted
//     parameter); a leaked table holds nothing that signs or verifies.
//   - Every ZBA still has its own key, as Standard Webhooks asks: one ZBA's
//     secret tells nothing about another's, nor about the master.
//   - Rotation is bumping the ZBA's stored generation: the old secret stops
//     being derived, the new one is shown once.
//   - The labels keep the signing secret and the verify token independent,
//     so publishing one (the token is typed into the receiver's config)
//     reveals nothing about the other.

// DeriveSecret is the ZBA's signing secret for a generation: "whsec_" and
// the standard base64 of 32 bytes, the form Standard Webhooks libraries
// accept. The whole string is also the X-Hub-Signature-256 key.
func DeriveSecret(master []byte, zbaID string, generation int) string {
	return SecretPrefix + base64.StdEncoding.EncodeToString(secretkey.Derive(master, "signing", zbaID, generation))
}

// DeriveVerifyToken is the ZBA's hub.verify_token for a generation: 43
// characters of unpadded base64url, safe in a query string unescaped.
func DeriveVerifyToken(master []byte, zbaID string, generation int) string {
	return base64.RawURLEncoding.EncodeToString(secretkey.Derive(master, "verify", zbaID, generation))
}
