// Package storecontract is the behaviour the domain relies on from its store
// ports, as test suites that any implementation runs against itself: the
// DynamoDB adapter on DynamoDB Local, in-memory fakes in memory. The suites
// know only the domain's interfaces, never an implementation.
//
// Each suite takes a factory that returns fresh, empty state; every case
// calls it once and runs in parallel with the others, so the factory must
// be safe to call from several goroutines. Where a port cannot be observed
// or seeded through itself, the factory returns it together with the port
// that can (for example ReviewStores), both over the same state.
package storecontract

import (
	"testing"
	"time"
)

// run runs one case as a parallel subtest: each case makes its own state,
// so cases never wait on each other.
func run(t *testing.T, name string, f func(t *testing.T)) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		t.Parallel()
		f(t)
	})
}

// must stops the test at an unexpected error of a step that only sets the
// scene.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// now is a wall-clock instant without a monotonic reading, so that it
// compares equal to itself after a round trip through a store. It is
// recent, because a store may expire records by TTL.
func now() time.Time { return time.Now().UTC() }

// utc is t in UTC, or nil: stores need not keep a time's location, only
// its instant, so comparisons put both sides in UTC first.
func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
