package call

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Role is who holds a session token.
type Role string

// The roles.
const (
	RoleUser     Role = "user"
	RoleProvider Role = "provider"
)

// Audience is the token's intended reader: the call session routes. A
// token signed under the same key for another purpose never verifies here.
const Audience = "svc-call-session"

// TokenKeyLabel derives the session tokens' key from the call sessions'
// secret (secretkey.Master.Derived), which serves no other purpose in AWS;
// the local stack's one key serves every purpose, each under its label.
const TokenKeyLabel = "call-session-tokens"

// ProviderLinkLifetime is how long a provider's page link works.
const ProviderLinkLifetime = 30 * 24 * time.Hour

// Claims is what a session token binds. A user's token names its call; a
// provider's names the provider and admits them to that provider's calls.
type Claims struct {
	CallID     string `json:"c,omitempty"`
	ZBAID      string `json:"z"`
	Role       Role   `json:"r"`
	ProviderID string `json:"p,omitempty"`
	Audience   string `json:"a"`
	Expires    int64  `json:"e"`
	// LinkGen is, in a provider's token, the provider's link generation
	// when the link was made (Provider.LinkGen): a later put or a removal
	// revokes it.
	LinkGen string `json:"g,omitempty"`
}

// ErrToken is every reason a token is refused.
var ErrToken = errors.New("call: the session token is invalid or expired")

// WrongRoleError is a token that is valid (signed, unexpired, of this
// audience) but held by the other party: a caller's link on a provider's
// route or a provider's link on a caller's. It is an ErrToken, answered
// 401 code 190 like any refused token, in words of its own.
type WrongRoleError struct {
	// Held is the role the token was issued for.
	Held Role
}

func (e *WrongRoleError) Error() string {
	return fmt.Sprintf("call: a %s's session token, where another role's is needed", e.Held)
}

// Is makes a WrongRoleError an ErrToken.
func (e *WrongRoleError) Is(target error) bool { return target == ErrToken }

// Tokens signs and checks session tokens: base64url(JSON claims) "."
// base64url(HMAC-SHA256 of the first part), URL-safe and a few hundred
// bytes. Nothing is stored; a token is checked on every request.
type Tokens struct {
	Key func(ctx context.Context) ([]byte, error)
	Now func() time.Time
}

// Sign returns the token of c, with its audience set.
func (t Tokens) Sign(ctx context.Context, c Claims) (string, error) {
	key, err := t.Key(ctx)
	if err != nil {
		return "", err
	}
	c.Audience = Audience
	b, err := json.Marshal(c)
	if err != nil {
		return "", err
	}
	payload := base64.RawURLEncoding.EncodeToString(b)
	return payload + "." + mac(key, payload), nil
}

func mac(key []byte, payload string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Verify checks the token's signature (in constant time), audience and
// expiry, and that it was issued for role; it returns the claims.
func (t Tokens) Verify(ctx context.Context, token string, role Role) (Claims, error) {
	var c Claims
	key, err := t.Key(ctx)
	if err != nil {
		return c, err
	}
	payload, sig, ok := strings.Cut(token, ".")
	if !ok || len(token) > 1024 {
		return c, ErrToken
	}
	if !hmac.Equal([]byte(sig), []byte(mac(key, payload))) {
		return c, ErrToken
	}
	b, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil || json.Unmarshal(b, &c) != nil {
		return Claims{}, ErrToken
	}
	if c.Audience != Audience || t.Now().Unix() >= c.Expires || c.ZBAID == "" ||
		(c.Role == RoleUser && c.CallID == "") || (c.Role == RoleProvider && c.ProviderID == "") {
		return Claims{}, ErrToken
	}
	if c.Role != role {
		if c.Role == RoleUser || c.Role == RoleProvider {
			return Claims{}, &WrongRoleError{Held: c.Role}
		}
		return Claims{}, ErrToken
	}
	return c, nil
}

// VerifyFor checks a token as Verify does and that it admits its holder to
// the call: a user token of this call, or a token of the call's provider
// of the link generation the call was made with (Call.ProviderGen).
func (t Tokens) VerifyFor(ctx context.Context, token string, role Role, c Call) (Claims, error) {
	cl, err := t.Verify(ctx, token, role)
	if err != nil {
		return cl, err
	}
	if cl.ZBAID != c.ZBAID || (role == RoleUser && cl.CallID != c.ID) ||
		(role == RoleProvider && (cl.ProviderID != c.ProviderID || cl.LinkGen != c.ProviderGen)) {
		return Claims{}, ErrToken
	}
	return cl, nil
}
