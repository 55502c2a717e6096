// Package secretkey holds a signing secret (a Master) and the keys derived
// from it: from the webhook master key the webhook signing secrets and
// verify tokens, from the call sessions' secret the session tokens' key,
// from the page cursors' secret theirs. In AWS each purpose has a Secrets
// Manager secret of its own (routes.Secret), so a function reads only the
// one it signs with; the local stack derives every purpose from one key,
// under distinct labels. No derived key reveals its master or another.
package secretkey

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
	"strconv"
	"sync"

	"svc/internal/platform/config"
)

// Master is the key every derived key comes from. It is read once, when
// first needed (never at cold start: most invocations of the functions that
// hold it never sign anything), and kept for the life of the process; a
// failed read is retried on the next use.
type Master struct {
	mu   sync.Mutex
	key  []byte
	load func(context.Context) ([]byte, error)
}

// NewMaster reads the key with load when first needed.
func NewMaster(load func(context.Context) ([]byte, error)) *Master {
	return &Master{load: load}
}

// StaticMaster is a key already at hand (local stacks and tests).
func StaticMaster(key []byte) *Master { return &Master{key: key} }

// ErrNoMaster is returned when no master key is configured.
var ErrNoMaster = errors.New("secretkey: no master key is configured")

// Key returns the master key.
func (m *Master) Key(ctx context.Context) ([]byte, error) {
	if m == nil {
		return nil, ErrNoMaster
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.key) > 0 {
		return m.key, nil
	}
	if m.load == nil {
		return nil, ErrNoMaster
	}
	key, err := m.load(ctx)
	if err != nil {
		return nil, err
	}
	if len(key) < config.MinMasterKeyLength {
		return nil, fmt.Errorf("secretkey: the master key is shorter than %d bytes", config.MinMasterKeyLength)
	}
	m.key = key
	return key, nil
}

// Derived is a service-wide key for one purpose, derived from the master
// key under its own label (the page cursors' signing key is one).
func (m *Master) Derived(label string) func(context.Context) ([]byte, error) {
	return func(ctx context.Context) ([]byte, error) {
		master, err := m.Key(ctx)
		if err != nil {
			return nil, err
		}
		return Derive(master, label, "", 0), nil
	}
}

// Derive is HMAC-SHA256(master, label:id:generation): a key per label, and
// per id and generation where a purpose has one per account (the webhook
// secrets). Ids hold no ":" (letters, digits, hyphens), so distinct inputs
// give distinct messages.
func Derive(master []byte, label, id string, generation int) []byte {
	m := hmac.New(sha256.New, master)
	m.Write([]byte(label + ":" + id + ":" + strconv.Itoa(generation)))
	return m.Sum(nil)
}
