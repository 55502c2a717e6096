package template

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestSignedCursors(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	key := func(context.Context) ([]byte, error) { return []byte("k-0123456789abcdef0123456789abcdef"), nil }
	codec := SignedCursors{Key: key, Now: func() time.Time { return now }}
	ctx := context.Background()
	c := Cursor{Filter: "APPROVED||en|", First: Ref{"acme", "a", "en"}, Last: Ref{"acme", "b_c", "pt_BR"}}
	token, err := codec.Encode(ctx, "acme", c)
	if err != nil {
		t.Fatal(err)
	}
	got, err := codec.Decode(ctx, "acme", token)
	if err != nil || got.First != c.First || got.Last != c.Last || got.Filter != filterDigest(c.Filter) {
		t.Fatalf("round trip: %+v %v", got, err)
	}
	flip := func(s string, i int) string {
		b := []byte(s)
		b[i] ^= 1
		return string(b)
	}
	otherKey := SignedCursors{Key: func(context.Context) ([]byte, error) { return []byte("another-key-0123456789abcdef0123"), nil },
		Now: codec.Now}
	later := SignedCursors{Key: key, Now: func() time.Time { return now.Add(CursorLifetime) }}
	for name, try := range map[string]func() (Cursor, error){
		"another zba":     func() (Cursor, error) { return codec.Decode(ctx, "rival", token) },
		"payload altered": func() (Cursor, error) { return codec.Decode(ctx, "acme", flip(token, 3)) },
		"signature cut":   func() (Cursor, error) { return codec.Decode(ctx, "acme", token[:len(token)-2]) },
		"no signature":    func() (Cursor, error) { return codec.Decode(ctx, "acme", strings.Split(token, ".")[0]) },
		"another key":     func() (Cursor, error) { return otherKey.Decode(ctx, "acme", token) },
		"expired":         func() (Cursor, error) { return later.Decode(ctx, "acme", token) },
		"garbage":         func() (Cursor, error) { return codec.Decode(ctx, "acme", "x.y") },
	} {
		if _, err := try(); !errors.Is(err, ErrCursor) {
			t.Errorf("%s: %v, want ErrCursor", name, err)
		}
	}
}
