package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"hash/crc32"
	"strings"
	"time"
)

// An API key reads svc_<key id>_<secret><checksum>:
//   - key id: 16 characters of lower-case base32, the store's lookup key;
//   - secret: 43 characters of unpadded base64url (32 random bytes), never stored;
//   - checksum: 8 hex characters of CRC-32 over everything before it, so a
//     mistyped or truncated key is rejected without a store read.
//
// The prefix makes leaked keys recognisable to secret scanners.
const (
	KeyPrefix    = "svc_"
	keyIDLen     = 16
	secretBytes  = 32
	secretLen    = 43 // base64url, no padding, of 32 bytes
	checksumLen  = 8
	keyLen       = len(KeyPrefix) + keyIDLen + 1 + secretLen + checksumLen
	keyIDAlpha   = "abcdefghijklmnopqrstuvwxyz234567"
	secretAlpha  = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	checksumHexa = "0123456789abcdef"
)

// ErrMalformedKey is returned by ParseKey for anything that is not a
// well-formed key with a valid checksum.
var ErrMalformedKey = errors.New("malformed API key")

// Key is a stored API key. The plain secret is never part of it: only its
// SHA-256, which suffices for a 256-bit random secret (no dictionary to guess
// from, so a slow password hash would add latency without adding safety).
type Key struct {
	ID         string
	ZBAID      string
	Scopes     []Scope
	SecretHash []byte
	CreatedAt  time.Time
	ExpiresAt  *time.Time
	RevokedAt  *time.Time
}

// MintKey creates a key for a ZBA and returns its plain text, shown once.
func MintKey(zbaID string, scopes []Scope, now time.Time, expiresAt *time.Time) (string, Key, error) {
	idBytes := make([]byte, keyIDLen)
	secret := make([]byte, secretBytes)
	if _, err := rand.Read(idBytes); err != nil {
		return "", Key{}, err
	}
	if _, err := rand.Read(secret); err != nil {
		return "", Key{}, err
	}
	for i, b := range idBytes {
		idBytes[i] = keyIDAlpha[int(b)%len(keyIDAlpha)] // 256 % 32 == 0: no bias
	}
	id := string(idBytes)
	secretText := base64.RawURLEncoding.EncodeToString(secret)
	body := KeyPrefix + id + "_" + secretText
	plain := body + checksum(body)
	return plain, Key{
		ID: id, ZBAID: zbaID, Scopes: scopes, SecretHash: hashSecret(secretText),
		CreatedAt: now.UTC(), ExpiresAt: expiresAt,
	}, nil
}

// ParseKey splits a plain key into its id and secret, checking the format
// and checksum only.
func ParseKey(plain string) (id, secret string, err error) {
	if len(plain) != keyLen || !strings.HasPrefix(plain, KeyPrefix) {
		return "", "", ErrMalformedKey
	}
	body, sum := plain[:len(plain)-checksumLen], plain[len(plain)-checksumLen:]
	rest := body[len(KeyPrefix):]
	id, secret = rest[:keyIDLen], rest[keyIDLen+1:]
	if rest[keyIDLen] != '_' || !onlyFrom(id, keyIDAlpha) || !onlyFrom(secret, secretAlpha) ||
		subtle.ConstantTimeCompare([]byte(sum), []byte(checksum(body))) != 1 {
		return "", "", ErrMalformedKey
	}
	return id, secret, nil
}

// KeyID returns the id part of a well-formed key, for operator commands such
// as revocation that accept either the key or its id.
func KeyID(plain string) (string, error) {
	id, _, err := ParseKey(plain)
	return id, err
}

// Matches reports, in constant time, whether secret is the key's secret.
func (k Key) Matches(secret string) bool {
	return subtle.ConstantTimeCompare(k.SecretHash, hashSecret(secret)) == 1
}

// Usable reports why a matching key may not be used at now: "" when usable.
func (k Key) Usable(now time.Time) string {
	switch {
	case k.RevokedAt != nil && !now.Before(*k.RevokedAt):
		return "revoked"
	case k.ExpiresAt != nil && expiredAt(*k.ExpiresAt, now):
		return "expired"
	}
	return ""
}

// expiredAt reports whether a key expiring at expiresAt (zero: never) has
// expired at now. The key stops working at its expiry itself. The
// authenticator and the routes' Principal.Check both ask it, so the two
// cannot disagree about the last usable instant.
func expiredAt(expiresAt, now time.Time) bool {
	return !expiresAt.IsZero() && !now.Before(expiresAt)
}

func hashSecret(secret string) []byte {
	sum := sha256.Sum256([]byte(secret))
	return sum[:]
}

func checksum(body string) string {
	c := crc32.ChecksumIEEE([]byte(body))
	out := make([]byte, checksumLen)
	for i := checksumLen - 1; i >= 0; i-- {
		out[i] = checksumHexa[c&0xf]
		c >>= 4
	}
	return string(out)
}

func onlyFrom(s, alphabet string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(alphabet, s[i]) < 0 {
			return false
		}
	}
	return true
}
