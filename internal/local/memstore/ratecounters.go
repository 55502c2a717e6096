package memstore

import (
	"context"
	"fmt"
	"time"

	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
)

// RateCounters counts requests per key and window, as ratestore.Store
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

// Hit implements ratelimit.Counter: the count goes up while it is below
// limit, and a refused hit reports the count as it was.
func (s *RateCounters) Hit(_ context.Context, key string, windowStart, _ time.Time, limit int) (int, bool, error) {
	if limit < 1 {
		return 0, false, apperr.Internal(fmt.Errorf("rate counter %s: limit %d", key, limit))
	}
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	k := counterKey{key, windowStart.Unix()}
	n := s.db.counters[k]
	if n >= limit {
		return n, false, nil
	}
	s.db.counters[k] = n + 1
	return n + 1, true, nil
}
