package netsim_test

import (
	"context"
	"fmt"
	"testing"

	"svc/internal/local/netsim"
)

func BenchmarkSend(b *testing.B) {
	sim := netsim.New(netsim.Options{})
	m := out("111", "15550001111")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sim.Send(ctx, m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSendParallel sends from every core at once, all through the
// simulator's one lock, with the record full (the oldest dropped on each).
func BenchmarkSendParallel(b *testing.B) {
	sim := netsim.New(netsim.Options{Capacity: 1000})
	ctx := context.Background()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		m := out("111", fmt.Sprint(15550000000))
		for pb.Next() {
			if _, err := sim.Send(ctx, m); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

func BenchmarkSentFrom(b *testing.B) {
	sim := netsim.New(netsim.Options{})
	ctx := context.Background()
	for i := range netsim.DefaultCapacity {
		if _, err := sim.Send(ctx, out(fmt.Sprint(i%10), "15550001111")); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if got := sim.SentFrom("3"); len(got) != netsim.DefaultCapacity/10 {
			b.Fatalf("SentFrom = %d messages", len(got))
		}
	}
}
