package memstore

import (
	"context"
	"fmt"
	"time"

	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
)

// RateCounters counts tokens per key and window, as ratestore.Store
// does. Counters never expire here: nothing reads a past window.
type RateCounters struct{ db *DB }

// NewRateCounters returns the rate counter store over db.
func NewRateCounters(db *DB) *RateCounters { return &RateCounters{db: db} }

var _ ratelimit.Counter = (*RateCounters)(nil)

// counterKey names one window's count of one key; windows are keyed on
// their start in epoch seconds, as the adapter keys them.
type counterKey struct {
	key   string
	start int64
}

// Take implements ratelimit.Counter: it grants what is left of n, up to
// the limit, and a refusal reports the count as it was.
func (s *RateCounters) Take(_ context.Context, key string, windowStart, _ time.Time, limit, n int) (int, int, error) {
	if limit < 1 || n < 1 {
		return 0, 0, apperr.Internal(fmt.Errorf("rate counter %s: limit %d, %d tokens", key, limit, n))
	}
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	k := counterKey{key, windowStart.Unix()}
	c := s.db.counters[k]
	granted := max(0, min(n, limit-c))
	s.db.counters[k] = c + granted
	return granted, c + granted, nil
}
