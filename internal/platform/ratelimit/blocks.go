package ratelimit

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"svc/internal/platform/config"
)

// EnvBlock is the environment variable read by BlockFromEnv.
const EnvBlock = config.EnvMgmtRateBlock

// DefaultBlock is the largest block of tokens a warm instance reserves for
// one ZBA when the environment sets none. One reservation costs a
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

// MaxHeldKeys bounds how many ZBAs one instance holds tokens for, so its
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
func BlockFromEnv(getenv func(string) string) (int, error) {
	v := getenv(EnvBlock)
	if v == "" {
		return DefaultBlock, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("%s=%q: want an integer of at least 1", EnvBlock, v)
	}
	return n, nil
}

// Blocks holds, per ZBA, the tokens this function instance reserved from
// the shared count and has not spent yet. A request spends a held token
// without calling the store; when none is held, one conditional increment
// reserves the next block, granting min(block, what the window has left).
// The shared count therefore never passes the limit: the limit is never
// exceeded.
//
// The price is tokens reserved but not spent. An instance holds at most
// (block − 1) unspent tokens of a ZBA's window at any time (a new block is
// reserved only once the last is spent, one reservation at a time), where
// block is BlockCap(max, limit). So in a window where a ZBA asks for more
// than its limit, at most (block − 1) of its requests per warm instance are
// refused before the limit is reached; with one warm instance, none. Tokens
// still held when the window ends are dropped with it: they belong to that
// window only.
//
// Memory is bounded by MaxHeldKeys ZBAs. An entry is forgotten only when it
// holds no token of the current window; when every entry does, a new ZBA is
// served one token per request, so the bound holds there too.
type Blocks struct {
	max  int
	keys int
	mu   sync.Mutex
	held map[string]*held
}

// NewBlocks returns an empty holder whose blocks are at most maxBlock
// tokens (values below 1 mean 1).
func NewBlocks(maxBlock int) *Blocks {
	return newBlocks(maxBlock, MaxHeldKeys)
}

func newBlocks(maxBlock, keys int) *Blocks {
	return &Blocks{max: max(1, maxBlock), keys: keys, held: map[string]*held{}}
}

// held is one ZBA's state in this instance. Its fields belong to whoever
// holds turn, so one request at a time reserves for a ZBA and the others of
// this instance wait for its block rather than reserve their own.
type held struct {
	turn chan struct{}
	// gone is set when the entry left the map while unheld: start over.
	gone bool
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
}

// Held reports how many ZBAs the instance holds state for (tests, metrics).
func (b *Blocks) Held() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.held)
}

// spend decides one request of w's key: a held token, else a new block.
func (b *Blocks) spend(ctx context.Context, w window, now time.Time) (allowed bool, remaining int, err error) {
	for {
		h := b.entry(w.key, w.start.Unix())
		if h == nil {
			return w.takeOne(ctx)
		}
		select {
		case h.turn <- struct{}{}:
		case <-ctx.Done():
			return false, 0, fmt.Errorf("waiting for the rate limit block: %w", ctx.Err())
		}
		if h.gone {
			<-h.turn
			continue
		}
		allowed, remaining, err = b.spendHeld(ctx, h, w, now)
		<-h.turn
		return allowed, remaining, err
	}
}

// spendHeld decides the request with h's turn held.
func (b *Blocks) spendHeld(ctx context.Context, h *held, w window, now time.Time) (bool, int, error) {
	if start := w.start.Unix(); h.window != start {
		h.window, h.left, h.full = start, 0, false
	}
	if h.left > 0 {
		h.left--
		return true, h.unreserved + h.left, nil
	}
	if h.full {
		return false, 0, nil
	}
	size := 1
	if !h.reservedAt.IsZero() {
		if now.Sub(h.reservedAt) < GrowWithin {
			size = 2 * h.last
		} else {
			size = h.last / 2
		}
	}
	size = max(1, min(size, BlockCap(b.max, w.limit)))
	granted, count, err := w.take(ctx, size)
	if err != nil {
		return false, 0, err
	}
	h.last, h.reservedAt = size, now
	h.full = count >= w.limit
	if granted == 0 {
		return false, 0, nil
	}
	h.left, h.unreserved = granted-1, w.limit-count
	return true, h.unreserved + h.left, nil
}

// entry returns key's entry, adding it; nil when the map is full of
// entries holding tokens of the current window (start).
func (b *Blocks) entry(key string, start int64) *held {
	b.mu.Lock()
	defer b.mu.Unlock()
	if h, ok := b.held[key]; ok {
		return h
	}
	if len(b.held) >= b.keys && !b.evictOne(start) {
		return nil
	}
	h := &held{turn: make(chan struct{}, 1)}
	b.held[key] = h
	return h
}

// evictOne forgets one entry that holds no token of the current window and
// that no request is using; it reports whether it found one. Called with
// b.mu held.
func (b *Blocks) evictOne(start int64) bool {
	for key, h := range b.held {
		select {
		case h.turn <- struct{}{}:
		default:
			continue // in use
		}
		idle := h.window != start || h.left == 0
		if idle {
			h.gone = true
			delete(b.held, key)
		}
		<-h.turn
		if idle {
			return true
		}
	}
	return false
}
