// Package sweep hands over again work that was stored armed but whose
// hand-over may have been lost (the process died between the write and
// the enqueue, or the queue refused it), as a scheduled function does.
package sweep

import (
	"context"
	"time"
)

// Batch is how many due items one pass hands over unless told otherwise;
// the rest wait for the next pass.
const Batch = 100

// Pass is one sweep over items of type T armed to be handed over once due.
type Pass[T any] struct {
	// Due lists at most limit items due at or before now.
	Due func(ctx context.Context, now time.Time, limit int) ([]T, error)
	// HandOver queues one item.
	HandOver func(context.Context, T) error
	// Rearm moves an item's due time to due.
	Rearm func(ctx context.Context, item T, due time.Time) error
	// Grace is how far past now a handed-over item is re-armed, so that a
	// hand-over lost again is made again.
	Grace time.Duration
	// Limit bounds the pass; 0 is Batch.
	Limit int
}

// Run hands over every item due at now and re-arms it Grace on, stopping
// at the first failure (the item stays due for the next pass). It returns
// how many it handed over and re-armed.
func (p Pass[T]) Run(ctx context.Context, now time.Time) (int, error) {
	limit := p.Limit
	if limit <= 0 {
		limit = Batch
	}
	due, err := p.Due(ctx, now, limit)
	if err != nil {
		return 0, err
	}
	for i, item := range due {
		if err := p.HandOver(ctx, item); err != nil {
			return i, err
		}
		if err := p.Rearm(ctx, item, now.Add(p.Grace)); err != nil {
			return i, err
		}
	}
	return len(due), nil
}
