package ratelimit

import (
	"context"
	"sync"
	"time"

	"svc/internal/platform/config"
)

// EnvBlock is the environment variable read by BlockFromEnv.
const EnvBlock = config.EnvMgmtRateBlock

// DefaultBlock is the largest block of tokens a warm instance reserves for
// one key when the environment sets none. One reservation costs a
// conditional UpdateItem, about three GetItems' worth of time on the local
// store: a block of 32 spreads it over 32 requests (a few percent of a
// read's cost) while an instance strands at most 31 tokens per window.
const DefaultBlock = 32

// BlockShare bounds a block to a share of the limit: a block never exceeds
// Limit/BlockShare tokens (and is one token when that is below one), so a
// small limit stays exact and no instance holds more than a tenth of a
// window's budget.
const BlockShare = 10

// GrowWithin is how fast an instance must spend a block for its next one to
// double: a block that lasted less than this doubles (up to the cap), one
// that lasted longer halves (down to one token). A client making fewer
// requests than that keeps blocks of one or two tokens, so the limit it
// sees stays exact to within a token per instance.
const GrowWithin = time.Second

// MaxHeldKeys bounds how many keys one instance holds tokens for, so its
// memory stays bounded whatever the number of customers.
const MaxHeldKeys = 1024

// BlockCap is the largest block an instance reserves under a policy of
// limit requests per window when blocks are capped at maxBlock.
func BlockCap(maxBlock, limit int) int {
	return max(1, min(maxBlock, limit/BlockShare))
}

// BlockFromEnv reads the largest block from EnvBlock: unset or empty is
// DefaultBlock; anything but an integer ≥ 1 is an error, so a typo fails the
// cold start. 1 reserves one token per request (one write each, exact).
func BlockFromEnv(getenv func(string) string) (int, error) { return BlockFromVar(getenv, EnvBlock) }

// BlockFromVar reads a largest block from the variable name, as
// BlockFromEnv reads EnvBlock (the send limit has a variable of its own).
func BlockFromVar(getenv func(string) string, name string) (int, error) {
	return config.PositiveInt(getenv, name, DefaultBlock)
}

// Blocks holds, per key, the tokens this function instance reserved from
// the shared count and has not spent yet. A request spends a held token
// without calling the store; when none is held, one conditional increment
// reserves the next block, granting min(block, what the window has left).
// The shared count therefore never passes the limit: the limit is never
// exceeded.
//
// The price is tokens reserved but not spent. A request reserves only when
// the instance holds no token, and spends one of what it reserved, so each
// request in flight adds at most (block − 1) unspent tokens, where block is
// BlockCap(max, limit). Lambda runs one request at a time in an instance:
// an instance holds at most (block − 1) unspent tokens of a key's window,
// and in a window where a key is asked for more than its limit, at most
// (block − 1) of its requests per warm instance are refused before the
// limit is reached; with one warm instance, none. (The local stack serves
// concurrent requests through one instance of each function, and each
// request in flight there counts as an instance: concurrent requests that
// find no token reserve side by side rather than wait for one another, as
// Lambda's instances would.) Tokens still held when the window ends are
// dropped with it: they belong to that window only.
//
// Memory is bounded by MaxHeldKeys keys. An entry is forgotten only when it
// holds no token of the current window and no reservation is in flight;
// when no entry qualifies, a new key is served one token per request, so
// the bound holds there too.
type Blocks struct {
	max  int
	keys int
	// mu guards held and every entry; no store call is made under it.
	mu   sync.Mutex
	held map[string]*held
}

// NewBlocks returns an empty holder whose blocks are at most maxBlock
// tokens (values below 1 mean 1).
func NewBlocks(maxBlock int) *Blocks {
	return &Blocks{max: max(1, maxBlock), keys: MaxHeldKeys, held: map[string]*held{}}
}

// held is one key's state in this instance.
type held struct {
	// window is the start (epoch seconds) of the window the tokens are of.
	window int64
	// left is the tokens reserved and not spent.
	left int
	// unreserved is limit less the shared count at the latest reservation.
	unreserved int
	// full: the shared count reached the limit in window, which it never
	// leaves, so the instance refuses without asking again.
	full bool
	// last and reservedAt are the latest reservation's size and time.
	last       int
	reservedAt time.Time
	// reserving counts reservations in flight.
	reserving int
}

// Held reports how many keys the instance holds state for.
func (b *Blocks) Held() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.held)
}

// local reports whether the next request of key in the window starting at
// start is decided without the counter: a token is held, or the window is
// known full.
func (b *Blocks) local(key string, start int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	h, ok := b.held[key]
	return ok && h.window == start && (h.left > 0 || h.full)
}

// spend decides one request of w's key: a held token, else a new block.
func (b *Blocks) spend(ctx context.Context, w window, now time.Time) (allowed bool, remaining int, err error) {
	start := w.start.Unix()
	b.mu.Lock()
	h := b.entry(w.key, start)
	if h == nil {
		b.mu.Unlock()
		return w.takeOne(ctx)
	}
	if h.window != start {
		h.window, h.left, h.unreserved, h.full = start, 0, w.limit, false
	}
	if h.left > 0 {
		h.left--
		remaining = h.unreserved + h.left
		b.mu.Unlock()
		return true, remaining, nil
	}
	if h.full {
		b.mu.Unlock()
		return false, 0, nil
	}
	size := h.nextSize(now, BlockCap(b.max, w.limit))
	h.last, h.reservedAt = size, now
	h.reserving++
	b.mu.Unlock()

	granted, count, err := w.take(ctx, size)

	b.mu.Lock()
	defer b.mu.Unlock()
	h.reserving--
	switch {
	case err != nil:
		return false, 0, err
	case h.window != start:
		// The window ended while the reservation was in flight: this
		// request is of the old one, and the rest of its block is dropped.
		return granted > 0, w.limit - count, nil
	}
	h.full = h.full || count >= w.limit
	h.unreserved = min(h.unreserved, w.limit-count) // the lower is the later
	if granted == 0 {
		if h.left == 0 {
			return false, 0, nil
		}
		granted, h.left = 1, h.left-1 // a concurrent reservation left one
	}
	h.left += granted - 1
	return true, h.unreserved + h.left, nil
}

// nextSize is the size of the next reservation: one for the first, then
// twice or half the last one's as it was spent within GrowWithin or not,
// within [1, limit].
func (h *held) nextSize(now time.Time, limit int) int {
	size := 1
	if !h.reservedAt.IsZero() {
		if now.Sub(h.reservedAt) < GrowWithin {
			size = 2 * h.last
		} else {
			size = h.last / 2
		}
	}
	return max(1, min(size, limit))
}

// entry returns key's entry, adding it; nil when the map is full and no
// entry can be forgotten. Called with b.mu held.
func (b *Blocks) entry(key string, start int64) *held {
	if h, ok := b.held[key]; ok {
		return h
	}
	if len(b.held) >= b.keys && !b.evictOne(start) {
		return nil
	}
	h := &held{}
	b.held[key] = h
	return h
}

// evictOne forgets one entry that holds no token of the current window
// (start) and has no reservation in flight; it reports whether it found
// one. Called with b.mu held.
func (b *Blocks) evictOne(start int64) bool {
	for key, h := range b.held {
		if h.reserving == 0 && (h.window != start || h.left == 0) {
			delete(b.held, key)
			return true
		}
	}
	return false
}
