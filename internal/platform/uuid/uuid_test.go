package uuid_test

import (
	"regexp"
	"testing"

	"svc/internal/platform/uuid"
)

// canonical is a version 4, variant 1 UUID in lower-case text form.
var canonical = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

func TestNew(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		id := uuid.New()
		if !canonical.MatchString(id) {
			t.Fatalf("%q is not a canonical version 4 UUID", id)
		}
		if seen[id] {
			t.Fatalf("%q twice", id)
		}
		seen[id] = true
	}
}

func BenchmarkNew(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = uuid.New()
	}
}
