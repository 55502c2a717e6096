// Package settle learns the outcome of a write whose answer was lost, by
// sending it again (conditional writes make a repeat say whether the first
// attempt applied) within a budget of its own.
package settle

import (
	"cmp"
	"context"
	"time"
)

// Budget bounds how long a request spends learning whether a write whose
// answer was lost (to the request's deadline under load, a cut connection,
// a server error) was applied, beyond the request's own budget: answering
// 503 to a write that happened would have the client's retry send a
// message twice, a created template refused as its own duplicate, or a
// done delete answered 404.
const Budget = 2 * time.Second

// Pause is the wait between two attempts.
const Pause = 50 * time.Millisecond

// Until calls step until it reports done, pausing Pause between calls, in
// a context detached from ctx's cancellation (the request's budget may be
// spent) and bounded by budget (0 is Budget). It returns whether step
// reported done (false: the budget ran out first) and step's last error.
func Until(ctx context.Context, budget time.Duration, step func(context.Context) (bool, error)) (bool, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cmp.Or(budget, Budget))
	defer cancel()
	for {
		done, err := step(ctx)
		if done {
			return true, err
		}
		select {
		case <-ctx.Done():
			return false, err
		case <-time.After(Pause):
		}
	}
}

// Live returns ctx while it is live; once it has ended (a write settled
// after the request's budget ran out), a context detached from it with
// Budget of its own, so that what follows the write (an enqueue) gets a
// moment rather than none. Call cancel when done.
func Live(ctx context.Context) (context.Context, context.CancelFunc) {
	if ctx.Err() == nil {
		return ctx, func() {}
	}
	return context.WithTimeout(context.WithoutCancel(ctx), Budget)
}
