package template

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"strings"
	"time"
)

// CursorLifetime is how long a page cursor can be used.
const CursorLifetime = time.Hour

// SignedCursors make page cursors that carry their page boundary, the ZBA,
// a digest of the filter and an expiry, signed with HMAC-SHA256: nothing is
// stored, and a tampered, foreign, expired or re-filtered cursor fails to
// verify. Key returns the signing key (derived from the service's master
// key, read when first needed).
type SignedCursors struct {
	Key func(ctx context.Context) ([]byte, error)
	Now func() time.Time
}

type cursorPayload struct {
	ZBA       string `json:"z"`
	Filter    string `json:"f"`
	FirstName string `json:"fn"`
	FirstLang string `json:"fl"`
	LastName  string `json:"ln"`
	LastLang  string `json:"ll"`
	Expires   int64  `json:"e"`
}

func filterDigest(filter string) string {
	sum := sha256.Sum256([]byte(filter))
	return base64.RawURLEncoding.EncodeToString(sum[:12])
}

// Encode implements the service's cursor codec.
func (c SignedCursors) Encode(ctx context.Context, zbaID string, cur Cursor) (string, error) {
	key, err := c.Key(ctx)
	if err != nil {
		return "", err
	}
	body, err := json.Marshal(cursorPayload{ZBA: zbaID, Filter: filterDigest(cur.Filter),
		FirstName: cur.First.Name, FirstLang: cur.First.Language, LastName: cur.Last.Name, LastLang: cur.Last.Language,
		Expires: c.Now().Add(CursorLifetime).Unix()})
	if err != nil {
		return "", err
	}
	payload := base64.RawURLEncoding.EncodeToString(body)
	return payload + "." + sign(key, payload), nil
}

// Decode implements the service's cursor codec; every failure is ErrCursor.
func (c SignedCursors) Decode(ctx context.Context, zbaID, token string) (Cursor, error) {
	key, err := c.Key(ctx)
	if err != nil {
		return Cursor{}, err
	}
	payload, sig, ok := strings.Cut(token, ".")
	if !ok || !hmac.Equal([]byte(sig), []byte(sign(key, payload))) {
		return Cursor{}, ErrCursor
	}
	body, err := base64.RawURLEncoding.DecodeString(payload)
	var p cursorPayload
	if err != nil || json.Unmarshal(body, &p) != nil || p.ZBA != zbaID || c.Now().Unix() >= p.Expires {
		return Cursor{}, ErrCursor
	}
	return Cursor{Filter: p.Filter,
		First: Ref{ZBAID: zbaID, Name: p.FirstName, Language: p.FirstLang},
		Last:  Ref{ZBAID: zbaID, Name: p.LastName, Language: p.LastLang}}, nil
}

func sign(key []byte, payload string) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}
