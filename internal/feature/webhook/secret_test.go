package webhook_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"regexp"
	"testing"

	"svc/internal/feature/webhook"
)

var master = []byte("0123456789abcdef0123456789abcdef")

func TestDeriveSecret(t *testing.T) {
	m := hmac.New(sha256.New, master)
	m.Write([]byte("signing:acme:1"))
	want := "whsec_" + base64.StdEncoding.EncodeToString(m.Sum(nil))
	got := webhook.DeriveSecret(master, "acme", 1)
	if got != want {
		t.Fatalf("secret %q, want %q", got, want)
	}
	key, err := base64.StdEncoding.DecodeString(got[len("whsec_"):])
	if err != nil || len(key) != 32 {
		t.Fatalf("the secret must be whsec_ and base64 of 32 bytes: %v, %d bytes", err, len(key))
	}
	seen := map[string]bool{got: true}
	for _, other := range []string{
		webhook.DeriveSecret(master, "acme", 2),
		webhook.DeriveSecret(master, "acme2", 1),
		webhook.DeriveSecret([]byte("another master key of 32 bytes!!"), "acme", 1),
	} {
		if seen[other] {
			t.Fatalf("two derivations gave %q", other)
		}
		seen[other] = true
	}
}

func TestDeriveVerifyToken(t *testing.T) {
	m := hmac.New(sha256.New, master)
	m.Write([]byte("verify:acme:1"))
	want := base64.RawURLEncoding.EncodeToString(m.Sum(nil))
	got := webhook.DeriveVerifyToken(master, "acme", 1)
	if got != want || !regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`).MatchString(got) {
		t.Fatalf("token %q, want %q (43 url-safe characters)", got, want)
	}
	if got == webhook.DeriveVerifyToken(master, "acme", 2) {
		t.Fatal("a new generation must give a new token")
	}
}
