package secretkey_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"testing"

	"svc/internal/platform/secretkey"
)

var master = []byte("0123456789abcdef0123456789abcdef")

// TestDerive pins the derivation: the webhook secrets, page cursors and
// session tokens already issued must still verify after a release.
func TestDerive(t *testing.T) {
	m := hmac.New(sha256.New, master)
	m.Write([]byte("page-cursors::0"))
	got, err := secretkey.StaticMaster(master).Derived("page-cursors")(context.Background())
	if err != nil || !bytes.Equal(got, m.Sum(nil)) {
		t.Fatalf("Derived(page-cursors) = %x, %v; want HMAC(master, \"page-cursors::0\")", got, err)
	}
	if !bytes.Equal(secretkey.Derive(master, "page-cursors", "", 0), got) {
		t.Fatal("Derive and Derived disagree")
	}
	seen := map[string]string{}
	for _, in := range []struct {
		label, id string
		gen       int
	}{{"signing", "acme", 1}, {"signing", "acme", 2}, {"signing", "acme2", 1}, {"verify", "acme", 1}, {"call-session-tokens", "", 0}} {
		k := string(secretkey.Derive(master, in.label, in.id, in.gen))
		if prev, dup := seen[k]; dup {
			t.Fatalf("%v derives the key of %s", in, prev)
		}
		seen[k] = in.label + ":" + in.id
	}
}

func TestMasterKey(t *testing.T) {
	ctx := context.Background()
	var nilMaster *secretkey.Master
	if _, err := nilMaster.Key(ctx); !errors.Is(err, secretkey.ErrNoMaster) {
		t.Fatalf("nil master: %v", err)
	}
	if _, err := secretkey.NewMaster(nil).Key(ctx); !errors.Is(err, secretkey.ErrNoMaster) {
		t.Fatalf("no loader: %v", err)
	}
	if _, err := secretkey.NewMaster(func(context.Context) ([]byte, error) { return master[:31], nil }).Key(ctx); err == nil {
		t.Fatal("a 31-byte key was accepted")
	}

	// A failed read is retried on the next use; a good one is kept.
	calls, fail := 0, true
	m := secretkey.NewMaster(func(context.Context) ([]byte, error) {
		calls++
		if fail {
			return nil, errors.New("secrets manager down")
		}
		return master, nil
	})
	if _, err := m.Key(ctx); err == nil {
		t.Fatal("the failed read was not reported")
	}
	fail = false
	for range 3 {
		if k, err := m.Key(ctx); err != nil || !bytes.Equal(k, master) {
			t.Fatalf("Key = %x, %v", k, err)
		}
	}
	if calls != 2 {
		t.Fatalf("loader called %d times, want 2 (the failure, then once)", calls)
	}
}
