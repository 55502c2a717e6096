package authorizer_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/transport/authorizer"
)

// BenchmarkAuthorizer measures the authorizer's own work on a valid key
// (parsing, hashing, the constant-time compare, the policy), the key store
// being in memory.
func BenchmarkAuthorizer(b *testing.B) {
	plain, key, _ := auth.MintKey("acme-1", []auth.Scope{auth.ScopeManagement}, time.Now(), nil)
	h := authorizer.New(auth.Authenticator{Keys: memKeys{key.ID: key}, Now: time.Now}, slog.New(slog.NewTextHandler(io.Discard, nil)), 0)
	ev := fixture(b, "Bearer "+plain)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := h(context.Background(), ev); err != nil {
			b.Fatal(err)
		}
	}
}
