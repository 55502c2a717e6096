package auth

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"svc/internal/platform/apperr"
)

// ErrKeyNotFound is what a KeyStore returns for an id it does not hold.
var ErrKeyNotFound = errors.New("api key not found")

// KeyStore finds a stored key by its id.
type KeyStore interface {
	GetKey(ctx context.Context, id string) (Key, error)
}

// Authenticator turns an Authorization header into a Principal.
type Authenticator struct {
	Keys KeyStore
	Now  func() time.Time
}

// Authentication failures, each an *apperr.Error with code 0 or 190. Their
// texts avoid quotes and backslashes: API Gateway inserts them verbatim into
// the gateway response template.
var (
	ErrMissingCredentials = &apperr.Error{Code: apperr.CodeAuth, Message: "Authentication required",
		Details: "Send the header Authorization: Bearer <API_KEY>."}
	ErrWrongScheme = &apperr.Error{Code: apperr.CodeAuth, Message: "Authentication required",
		Details: "The Authorization header must use the Bearer scheme."}
	ErrMalformed = &apperr.Error{Code: apperr.CodeTokenInvalid, Message: apperr.CodeTokenInvalid.Title(),
		Details: "The API key is malformed."}
	ErrIdentityToken = &apperr.Error{Code: apperr.CodeTokenInvalid, Message: apperr.CodeTokenInvalid.Title(),
		Details: "An end-user identity token (JWT) cannot authenticate this route: send Authorization: Bearer <API_KEY> with an API key minted for the ZBA."}
	ErrSessionToken = &apperr.Error{Code: apperr.CodeTokenInvalid, Message: apperr.CodeTokenInvalid.Title(),
		Details: "A call session token (the metadata of a call or provider link) works only on the call session routes: send Authorization: Bearer <API_KEY> with an API key minted for the ZBA."}
	ErrRepeatedCredentials = &apperr.Error{Code: apperr.CodeAuth, Message: "Authentication required",
		Details: "The request sent more than one Authorization header; send exactly one: Authorization: Bearer <API_KEY>."}
	ErrUnknownKey = &apperr.Error{Code: apperr.CodeTokenInvalid, Message: apperr.CodeTokenInvalid.Title(),
		Details: "The API key is not recognised."}
	ErrRevokedKey = &apperr.Error{Code: apperr.CodeTokenInvalid, Message: apperr.CodeTokenInvalid.Title(),
		Details: "The API key has been revoked."}
	ErrExpiredKey = &apperr.Error{Code: apperr.CodeTokenInvalid, Message: apperr.CodeTokenInvalid.Title(),
		Details: "The API key has expired."}
)

// Authenticate verifies the header value. It returns one of the errors above
// for a credential that does not authenticate, or an Unavailable error when
// the key store cannot be read.
func (a Authenticator) Authenticate(ctx context.Context, authorization string) (Principal, error) {
	authorization = strings.TrimSpace(authorization)
	if authorization == "" {
		return Principal{}, ErrMissingCredentials
	}
	scheme, token, ok := strings.Cut(authorization, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return Principal{}, ErrWrongScheme
	}
	token = strings.TrimSpace(token)
	if looksLikeJWT(token) {
		return Principal{}, ErrIdentityToken
	}
	if looksLikeSessionToken(token) {
		return Principal{}, ErrSessionToken
	}
	id, secret, err := ParseKey(token)
	if err != nil {
		return Principal{}, ErrMalformed
	}
	key, err := a.Keys.GetKey(ctx, id)
	if errors.Is(err, ErrKeyNotFound) {
		return Principal{}, ErrUnknownKey
	}
	if err != nil {
		return Principal{}, apperr.Unavailable(err)
	}
	if !key.Matches(secret) {
		return Principal{}, ErrUnknownKey
	}
	switch key.Usable(a.Now()) {
	case "revoked":
		return Principal{}, ErrRevokedKey
	case "expired":
		return Principal{}, ErrExpiredKey
	}
	p := Principal{ZBAID: key.ZBAID, KeyID: key.ID, Scopes: key.Scopes}
	if key.ExpiresAt != nil {
		p.ExpiresAt = *key.ExpiresAt
	}
	return p, nil
}

// looksLikeJWT recognises a compact JWS/JWE: dot-separated base64url parts
// whose first decodes to a JSON header naming an algorithm.
func looksLikeJWT(token string) bool {
	parts := strings.Split(token, ".")
	if len(parts) != 3 && len(parts) != 5 {
		return false
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[0])
	if err != nil {
		return false
	}
	var header struct {
		Alg string `json:"alg"`
	}
	return json.Unmarshal(raw, &header) == nil && header.Alg != ""
}

// looksLikeSessionToken recognises a call session token (package call):
// two dot-separated base64url parts whose first decodes to a JSON object.
func looksLikeSessionToken(token string) bool {
	claims, _, ok := strings.Cut(token, ".")
	if !ok || strings.Count(token, ".") != 1 {
		return false
	}
	raw, err := base64.RawURLEncoding.DecodeString(claims)
	var obj map[string]any
	return err == nil && json.Unmarshal(raw, &obj) == nil
}
