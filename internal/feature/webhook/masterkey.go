package webhook

import (
	"context"
	"errors"
	"sync"
)

// MasterKey is the key every signing secret derives from. It is read once,
// when first needed (never at cold start: most invocations of the functions
// that hold it never sign anything), and kept for the life of the process;
// a failed read is retried on the next use.
type MasterKey struct {
	mu   sync.Mutex
	key  []byte
	load func(context.Context) ([]byte, error)
}

// NewMasterKey reads the key with load when first needed.
func NewMasterKey(load func(context.Context) ([]byte, error)) *MasterKey {
	return &MasterKey{load: load}
}

// StaticMasterKey is a key already at hand (local stacks and tests).
func StaticMasterKey(key []byte) *MasterKey { return &MasterKey{key: key} }

// ErrNoMasterKey is returned when no master key is configured.
var ErrNoMasterKey = errors.New("webhook: no master key is configured")

// Key returns the master key.
func (m *MasterKey) Key(ctx context.Context) ([]byte, error) {
	if m == nil {
		return nil, ErrNoMasterKey
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.key) > 0 {
		return m.key, nil
	}
	if m.load == nil {
		return nil, ErrNoMasterKey
	}
	key, err := m.load(ctx)
	if err != nil {
		return nil, err
	}
	if len(key) < 32 {
		return nil, errors.New("webhook: the master key is shorter than 32 bytes")
	}
	m.key = key
	return key, nil
}

// DerivedKey is a service-wide key for another purpose, derived from the
// master key under its own label (the page cursors' signing key is one), so
// one secret in Secrets Manager serves them all and none reveals another.
func (m *MasterKey) DerivedKey(label string) func(context.Context) ([]byte, error) {
	return func(ctx context.Context) ([]byte, error) {
		master, err := m.Key(ctx)
		if err != nil {
			return nil, err
		}
		return derive(master, label, "", 0), nil
	}
}
