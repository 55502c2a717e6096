// Package account holds the operator use cases on business accounts (ZBAs):
// creating them, minting and revoking their API keys, registering their
// sender numbers and setting their webhook URL. The store is an interface;
// the DynamoDB adapter implements it.
package account

import (
	"context"
	"errors"
	"fmt"
	"time"

	"svc/internal/feature/account/accountid"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/webhook"
	"svc/internal/platform/e164"
	"svc/internal/platform/secretkey"
)

// ZBA is a business account.
type ZBA struct {
	ID         string
	Name       string
	WebhookURL string
	// WebhookGeneration counts the webhook subscriptions set; the signing
	// secret is derived from it, so each new subscription has a new secret.
	WebhookGeneration int
	// WebhookFields are the webhook fields the subscription receives; none
	// means every field.
	WebhookFields []string
	CreatedAt     time.Time
}

// Phone is a sender number registered to a ZBA.
type Phone struct {
	// ID is the phoneNumberId used in send paths.
	ID string
	// Number is the number in E.164 digits, without a plus sign.
	Number string
	ZBAID  string
	// DisplayNameStatus is the review status of the sender's display name;
	// only an APPROVED sender may send.
	DisplayNameStatus DisplayNameStatus
	// Origination is the sender's origination phone number ARN (or id) in
	// AWS End User Messaging Social, which sends its messages there.
	Origination string
	CreatedAt   time.Time
}

// DisplayNameStatus is the review status of a sender's display name.
type DisplayNameStatus string

// Display name statuses.
const (
	DisplayNameApproved DisplayNameStatus = "APPROVED"
	DisplayNamePending  DisplayNameStatus = "PENDING"
	DisplayNameRejected DisplayNameStatus = "REJECTED"
)

// ParseDisplayNameStatus reads a status, "" as def.
func ParseDisplayNameStatus(s string, def DisplayNameStatus) (DisplayNameStatus, error) {
	switch st := DisplayNameStatus(s); st {
	case "":
		return def, nil
	case DisplayNameApproved, DisplayNamePending, DisplayNameRejected:
		return st, nil
	}
	return "", fmt.Errorf("display_name_status %q: want APPROVED, PENDING or REJECTED", s)
}

// Errors a Store returns.
var (
	ErrZBAExists     = errors.New("zba already exists")
	ErrZBANotFound   = errors.New("zba not found")
	ErrPhoneTaken    = errors.New("phone number id already registered")
	ErrPhoneNotFound = errors.New("phone number id not registered")
	ErrConflict      = errors.New("changed concurrently")
	ErrKeyNotFound   = auth.ErrKeyNotFound
)

// Store persists accounts and their keys.
type Store interface {
	// CreateZBA stores a new ZBA or returns ErrZBAExists.
	CreateZBA(ctx context.Context, z ZBA) error
	// GetZBA returns the ZBA or ErrZBANotFound.
	GetZBA(ctx context.Context, id string) (ZBA, error)
	// PutKey stores a new key of an existing ZBA, or returns ErrZBANotFound.
	PutKey(ctx context.Context, k auth.Key) error
	// RevokeKey marks the key revoked at the given time and returns it, or
	// returns ErrKeyNotFound. Revoking a revoked key keeps the first time.
	RevokeKey(ctx context.Context, id string, at time.Time) (auth.Key, error)
	// RegisterPhone stores the number for an existing ZBA; ErrZBANotFound or
	// ErrPhoneTaken when the id belongs to another ZBA.
	RegisterPhone(ctx context.Context, p Phone) error
	// SetDisplayNameStatus sets the display name status of a registered
	// sender and returns it as stored, or returns ErrPhoneNotFound.
	SetDisplayNameStatus(ctx context.Context, phoneID string, st DisplayNameStatus) (Phone, error)
	// SetWebhook sets the ZBA's webhook URL, fields (none: every field) and
	// generation if the stored generation is still generation-1;
	// ErrZBANotFound, or ErrConflict when another subscription was set
	// meanwhile.
	SetWebhook(ctx context.Context, zbaID, webhookURL string, fields []string, generation int) error
}

// Service runs the operator use cases.
type Service struct {
	Store    Store
	Now      func() time.Time
	Webhooks Webhooks
	// Authorizers is the API gateway's cache of the authorizer's answers,
	// which a revocation flushes; nil where no gateway caches them (an
	// operator command on the local stack while make run is down).
	Authorizers AuthorizerCache
}

// AuthorizerCache is the API gateway's cache of the authorizer's answers:
// for up to its TTL it lets a key through on the answer it cached for the
// key's Authorization header, without asking the authorizer again.
type AuthorizerCache interface {
	// Flush drops every answer the stage has cached.
	Flush(ctx context.Context) error
}

// CacheFlush is what a revocation did to the gateway's cached answers.
type CacheFlush string

// The outcomes of a revocation's flush.
const (
	// CacheFlushed: the cached answers were dropped; the key is refused
	// from now on.
	CacheFlushed CacheFlush = "flushed"
	// CacheFlushFailed: the key is revoked, but an answer cached before
	// the revocation may still let it through until it expires.
	CacheFlushFailed CacheFlush = "flush_failed"
	// CacheNone: no gateway caches answers; the key is refused from now on.
	CacheNone CacheFlush = "none"
)

// Revocation is a revoked key and what became of the gateway's answers
// cached for it.
type Revocation struct {
	Key   auth.Key
	Cache CacheFlush
	// FlushErr is why the flush failed (Cache is CacheFlushFailed).
	FlushErr error
}

// Handshaker checks that a callback URL answers the verification handshake.
type Handshaker interface {
	Handshake(ctx context.Context, url, verifyToken string) error
}

// Webhooks is what setting a subscription needs.
type Webhooks struct {
	// Master is the key every ZBA's signing secret is derived from.
	Master *secretkey.Master
	Client Handshaker
	// AllowLoopback accepts http and loopback callbacks: local stacks only.
	AllowLoopback bool
}

// ValidateZBAID checks a ZBA id (accountid.Valid: letters, digits and
// hyphens, no underscore, so that a template id {zba}_{name}_{language}
// splits cleanly).
func ValidateZBAID(id string) error {
	if !accountid.Valid(id) {
		return fmt.Errorf("zba id %q must be 1 to %d letters, digits or hyphens", id, accountid.MaxLength)
	}
	return nil
}

// CreateZBA creates a ZBA.
func (s Service) CreateZBA(ctx context.Context, id, name string) (ZBA, error) {
	if err := ValidateZBAID(id); err != nil {
		return ZBA{}, err
	}
	z := ZBA{ID: id, Name: name, CreatedAt: s.Now().UTC()}
	return z, s.Store.CreateZBA(ctx, z)
}

// ZBAExists reports whether the ZBA exists (for features whose records
// join an existing business only, such as the call directory's providers).
func (s Service) ZBAExists(ctx context.Context, id string) (bool, error) {
	_, err := s.Store.GetZBA(ctx, id)
	if errors.Is(err, ErrZBANotFound) {
		return false, nil
	}
	return err == nil, err
}

// MintRequest asks for a new key.
type MintRequest struct {
	ZBAID  string
	Scopes []auth.Scope
	// ExpiresAt is optional; a key without it lives until revoked.
	ExpiresAt *time.Time
	// CreateZBA creates the ZBA first when it does not exist.
	CreateZBA bool
}

// MintKey creates a key and returns its plain text, which is shown once and
// never stored.
func (s Service) MintKey(ctx context.Context, r MintRequest) (string, auth.Key, error) {
	if err := ValidateZBAID(r.ZBAID); err != nil {
		return "", auth.Key{}, err
	}
	if len(r.Scopes) == 0 {
		return "", auth.Key{}, errors.New("a key needs at least one scope")
	}
	now := s.Now()
	if r.ExpiresAt != nil && !r.ExpiresAt.After(now) {
		return "", auth.Key{}, errors.New("expiry must be in the future")
	}
	if r.CreateZBA {
		if _, err := s.CreateZBA(ctx, r.ZBAID, r.ZBAID); err != nil && !errors.Is(err, ErrZBAExists) {
			return "", auth.Key{}, err
		}
	}
	plain, key, err := auth.MintKey(r.ZBAID, r.Scopes, now, r.ExpiresAt)
	if err != nil {
		return "", auth.Key{}, err
	}
	if err := s.Store.PutKey(ctx, key); err != nil {
		return "", auth.Key{}, err
	}
	return plain, key, nil
}

// RevokeKey revokes a key given either its plain text or its id, then
// flushes the gateway's cached answers (Authorizers), so that the key is
// refused at once rather than once an answer cached for it expires.
func (s Service) RevokeKey(ctx context.Context, keyOrID string) (Revocation, error) {
	id := keyOrID
	if len(keyOrID) > len(auth.KeyPrefix) && keyOrID[:len(auth.KeyPrefix)] == auth.KeyPrefix {
		var err error
		if id, err = auth.KeyID(keyOrID); err != nil {
			return Revocation{}, err
		}
	}
	key, err := s.Store.RevokeKey(ctx, id, s.Now().UTC())
	if err != nil {
		return Revocation{}, err
	}
	// The flush comes after the key is stored revoked, so an answer the
	// authorizer gives from then on refuses it; a flush that fails leaves
	// the key revoked (revoking it again flushes again).
	r := Revocation{Key: key, Cache: CacheNone}
	if s.Authorizers != nil {
		r.Cache = CacheFlushed
		if r.FlushErr = s.Authorizers.Flush(ctx); r.FlushErr != nil {
			r.Cache = CacheFlushFailed
		}
	}
	return r, nil
}

// PhoneRegistration is a sender number to register.
type PhoneRegistration struct {
	ZBAID, PhoneID, Number string
	// DisplayNameStatus is "" for DefaultDisplayNameStatus.
	DisplayNameStatus string
	// Origination is the origination phone number ARN or id in AWS End
	// User Messaging Social; empty where the network needs none (the local
	// simulator).
	Origination string
}

// DefaultDisplayNameStatus is the display name status of a registration that
// names none: APPROVED, so that a sender registered on the local stack can
// send at once. An operator registering a number whose name is still under
// review passes PENDING.
const DefaultDisplayNameStatus = DisplayNameApproved

// maxOriginationLength bounds an origination ARN (AWS ARNs are at most 2048).
const maxOriginationLength = 2048

// SetDisplayNameStatus changes the display name status of a sender.
func (s Service) SetDisplayNameStatus(ctx context.Context, phoneID, status string) (Phone, error) {
	if status == "" {
		return Phone{}, errors.New("display_name_status is required: APPROVED, PENDING or REJECTED")
	}
	st, err := ParseDisplayNameStatus(status, "")
	if err != nil {
		return Phone{}, err
	}
	return s.Store.SetDisplayNameStatus(ctx, phoneID, st)
}

// Register registers a sender number for a ZBA with its display name status
// and origination.
func (s Service) Register(ctx context.Context, r PhoneRegistration) (Phone, error) {
	zbaID, phoneID, number := r.ZBAID, r.PhoneID, r.Number
	st, err := ParseDisplayNameStatus(r.DisplayNameStatus, DefaultDisplayNameStatus)
	if err != nil {
		return Phone{}, err
	}
	if len(r.Origination) > maxOriginationLength {
		return Phone{}, fmt.Errorf("origination must be at most %d characters", maxOriginationLength)
	}
	if err := ValidateZBAID(zbaID); err != nil {
		return Phone{}, err
	}
	if !accountid.Valid(phoneID) {
		return Phone{}, fmt.Errorf("phone number id %q must be 1 to %d letters, digits or hyphens", phoneID, accountid.MaxLength)
	}
	if e164.Check(number) != nil {
		return Phone{}, fmt.Errorf("number must be E.164 digits without a plus sign, %d to %d digits", e164.MinDigits, e164.MaxDigits)
	}
	p := Phone{ID: phoneID, Number: number, ZBAID: zbaID, DisplayNameStatus: st, Origination: r.Origination,
		CreatedAt: s.Now().UTC()}
	return p, s.Store.RegisterPhone(ctx, p)
}

// Subscription is a ZBA's webhook subscription as set. Secret is shown
// once, to the operator; it is derived from the master key and the
// generation whenever it is needed, never stored.
type Subscription struct {
	URL        string
	Generation int
	// Fields are the webhook fields it receives, repeats dropped; none
	// means every field.
	Fields      []string
	Secret      string
	VerifyToken string
}

// SetWebhook subscribes a callback URL to the ZBA's events of the given
// webhook fields (none: every field; each must be one of webhook.Fields).
// The URL must pass the SSRF rules and answer the verification handshake
// with verifyToken (generated when empty) before it is saved; each
// subscription gets a new signing secret.
func (s Service) SetWebhook(ctx context.Context, zbaID, rawURL, verifyToken string, fields []string) (Subscription, error) {
	master, err := s.Webhooks.Master.Key(ctx)
	if err != nil {
		return Subscription{}, err
	}
	if err := webhook.CheckURL(rawURL, s.Webhooks.AllowLoopback); err != nil {
		return Subscription{}, err
	}
	fields, err = webhook.ParseFields(fields)
	if err != nil {
		return Subscription{}, err
	}
	z, err := s.Store.GetZBA(ctx, zbaID)
	if err != nil {
		return Subscription{}, err
	}
	gen := z.WebhookGeneration + 1
	if verifyToken == "" {
		verifyToken = webhook.DeriveVerifyToken(master, zbaID, gen)
	}
	if err := s.Webhooks.Client.Handshake(ctx, rawURL, verifyToken); err != nil {
		return Subscription{}, fmt.Errorf("callback verification failed, nothing saved: %w", err)
	}
	if err := s.Store.SetWebhook(ctx, zbaID, rawURL, fields, gen); err != nil {
		return Subscription{}, err
	}
	return Subscription{URL: rawURL, Generation: gen, Fields: fields, VerifyToken: verifyToken,
		Secret: webhook.DeriveSecret(master, zbaID, gen)}, nil
}
