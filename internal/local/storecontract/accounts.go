package storecontract

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
)

// Accounts is the contract of account.Store: ZBAs, their keys, sender
// numbers and webhook subscriptions, each write refused with the domain's
// sentinel error when its condition does not hold.
func Accounts(t *testing.T, newStore func(t *testing.T) account.Store) {
	run(t, "a ZBA is created once and reads back", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		z := account.ZBA{ID: "acme", Name: "Acme", CreatedAt: now()}
		must(t, s.CreateZBA(ctx, z))
		if err := s.CreateZBA(ctx, account.ZBA{ID: "acme", Name: "Usurper", CreatedAt: now()}); !errors.Is(err, account.ErrZBAExists) {
			t.Fatalf("second create: %v, want ErrZBAExists", err)
		}
		got, err := s.GetZBA(ctx, "acme")
		if err != nil || got.ID != "acme" || got.Name != "Acme" || !got.CreatedAt.Equal(z.CreatedAt) ||
			got.WebhookURL != "" || got.WebhookGeneration != 0 {
			t.Fatalf("got %+v, %v; want %+v with no subscription", got, err, z)
		}
		if _, err := s.GetZBA(ctx, "nobody"); !errors.Is(err, account.ErrZBANotFound) {
			t.Fatalf("missing: %v, want ErrZBANotFound", err)
		}
		if _, err := s.GetZBA(ctx, "acm"); !errors.Is(err, account.ErrZBANotFound) {
			t.Fatalf("a prefix of an id is another id: %v", err)
		}
	})

	run(t, "each webhook subscription follows the generation it was read at", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		must(t, s.CreateZBA(ctx, account.ZBA{ID: "acme", CreatedAt: now()}))
		steps := []struct {
			name, zba, url string
			generation     int
			want           error
		}{
			{"on a missing ZBA", "nobody", "https://x.example/a", 1, account.ErrZBANotFound},
			{"the first", "acme", "https://x.example/1", 1, nil},
			{"a rival first", "acme", "https://x.example/lost", 1, account.ErrConflict},
			{"skipping a generation", "acme", "https://x.example/3", 3, account.ErrConflict},
			{"the second", "acme", "https://x.example/2", 2, nil},
			{"a rival second", "acme", "https://x.example/lost", 2, account.ErrConflict},
		}
		for _, st := range steps {
			if err := s.SetWebhook(ctx, st.zba, st.url, nil, st.generation); !errors.Is(err, st.want) {
				t.Fatalf("%s: %v, want %v", st.name, err, st.want)
			}
		}
		got, err := s.GetZBA(ctx, "acme")
		if err != nil || got.WebhookURL != "https://x.example/2" || got.WebhookGeneration != 2 {
			t.Fatalf("got %+v, %v; want the second subscription", got, err)
		}
	})

	run(t, "a phone number id belongs to one ZBA", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		for _, id := range []string{"acme", "rival"} {
			must(t, s.CreateZBA(ctx, account.ZBA{ID: id, CreatedAt: now()}))
		}
		p := account.Phone{ID: "pn-1", Number: "4915123456789", ZBAID: "acme", CreatedAt: now()}
		steps := []struct {
			name string
			p    account.Phone
			want error
		}{
			{"register", p, nil},
			{"again by the owner", p, nil},
			{"by another ZBA", account.Phone{ID: "pn-1", Number: p.Number, ZBAID: "rival", CreatedAt: now()}, account.ErrPhoneTaken},
			{"for a missing ZBA", account.Phone{ID: "pn-2", Number: p.Number, ZBAID: "ghost", CreatedAt: now()}, account.ErrZBANotFound},
			{"another id for the rival", account.Phone{ID: "pn-3", Number: "4915000000000", ZBAID: "rival", CreatedAt: now()}, nil},
		}
		for _, st := range steps {
			if err := s.RegisterPhone(ctx, st.p); !errors.Is(err, st.want) {
				t.Errorf("%s: %v, want %v", st.name, err, st.want)
			}
		}
	})

	run(t, "a sender's display name status changes on its registration only", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		must(t, s.CreateZBA(ctx, account.ZBA{ID: "acme", CreatedAt: now()}))
		p := account.Phone{ID: "pn-1", Number: "4915123456789", ZBAID: "acme", DisplayNameStatus: account.DisplayNamePending,
			Origination: "arn:aws:social-messaging:eu-west-1:123456789012:phone-number-id/abc", CreatedAt: now()}
		must(t, s.RegisterPhone(ctx, p))
		got, err := s.SetDisplayNameStatus(ctx, "pn-1", account.DisplayNameApproved)
		if err != nil || got.DisplayNameStatus != account.DisplayNameApproved || got.ZBAID != "acme" || got.Origination != p.Origination ||
			got.Number != p.Number {
			t.Fatalf("set: %+v %v", got, err)
		}
		if _, err := s.SetDisplayNameStatus(ctx, "pn-2", account.DisplayNameApproved); !errors.Is(err, account.ErrPhoneNotFound) {
			t.Fatalf("unregistered: %v, want ErrPhoneNotFound", err)
		}
	})

	run(t, "a key is stored for an existing ZBA only, and never overwritten", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		k := mintKey(t, "acme", nil)
		if err := s.PutKey(ctx, k); !errors.Is(err, account.ErrZBANotFound) {
			t.Fatalf("key of a missing ZBA: %v, want ErrZBANotFound", err)
		}
		must(t, s.CreateZBA(ctx, account.ZBA{ID: "acme", CreatedAt: now()}))
		must(t, s.PutKey(ctx, k))
		if err := s.PutKey(ctx, k); err == nil {
			t.Fatal("a key id must never be overwritten")
		}
	})

	run(t, "revoking a key keeps its first revocation", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		must(t, s.CreateZBA(ctx, account.ZBA{ID: "acme", CreatedAt: now()}))
		expiry := now().Add(time.Hour)
		k := mintKey(t, "acme", &expiry)
		must(t, s.PutKey(ctx, k))
		at := now()
		first, err := s.RevokeKey(ctx, k.ID, at)
		want := k
		want.RevokedAt = &at
		if err != nil || !sameKey(first, want) {
			t.Fatalf("revoke: %+v %v, want %+v", first, err, want)
		}
		again, err := s.RevokeKey(ctx, k.ID, at.Add(time.Minute))
		if err != nil || !sameKey(again, want) {
			t.Fatalf("a second revocation keeps the first time: %+v %v", again, err)
		}
		if _, err := s.RevokeKey(ctx, "missingmissingmi", at); !errors.Is(err, account.ErrKeyNotFound) {
			t.Fatalf("revoke missing: %v, want ErrKeyNotFound", err)
		}
	})
}

// KeyStores is what the Keys contract needs: the port under test and the
// account store that writes keys, over the same state (one value may be
// both).
type KeyStores struct {
	Accounts account.Store
	Keys     auth.KeyStore
}

// Keys is the contract of auth.KeyStore: a key reads back as written, and a
// revocation counts as soon as it returns.
func Keys(t *testing.T, newStores func(t *testing.T) KeyStores) {
	run(t, "a key reads back as written", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		must(t, s.Accounts.CreateZBA(ctx, account.ZBA{ID: "acme", CreatedAt: now()}))
		expiry := now().Add(time.Hour)
		for _, k := range []auth.Key{mintKey(t, "acme", &expiry), mintKey(t, "acme", nil)} {
			must(t, s.Accounts.PutKey(ctx, k))
			got, err := s.Keys.GetKey(ctx, k.ID)
			if err != nil || !sameKey(got, k) {
				t.Fatalf("got %+v, %v; want %+v", got, err, k)
			}
		}
		if _, err := s.Keys.GetKey(ctx, "missingmissingmi"); !errors.Is(err, auth.ErrKeyNotFound) {
			t.Fatalf("missing: %v, want auth.ErrKeyNotFound", err)
		}
	})

	run(t, "a revocation is read at once", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		must(t, s.Accounts.CreateZBA(ctx, account.ZBA{ID: "acme", CreatedAt: now()}))
		k := mintKey(t, "acme", nil)
		must(t, s.Accounts.PutKey(ctx, k))
		at := now()
		if _, err := s.Accounts.RevokeKey(ctx, k.ID, at); err != nil {
			t.Fatal(err)
		}
		got, err := s.Keys.GetKey(ctx, k.ID)
		if err != nil || got.RevokedAt == nil || !got.RevokedAt.Equal(at) {
			t.Fatalf("got %+v, %v; want revoked at %v", got, err, at)
		}
	})

	run(t, "a refused overwrite leaves the first key", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		must(t, s.Accounts.CreateZBA(ctx, account.ZBA{ID: "acme", CreatedAt: now()}))
		k := mintKey(t, "acme", nil)
		must(t, s.Accounts.PutKey(ctx, k))
		impostor := mintKey(t, "acme", nil)
		impostor.ID = k.ID
		if err := s.Accounts.PutKey(ctx, impostor); err == nil {
			t.Fatal("a key id must never be overwritten")
		}
		if got, err := s.Keys.GetKey(ctx, k.ID); err != nil || !sameKey(got, k) {
			t.Fatalf("got %+v, %v; want the first key", got, err)
		}
	})
}

// mintKey is a fresh key of the ZBA with both scopes.
func mintKey(t *testing.T, zbaID string, expiresAt *time.Time) auth.Key {
	t.Helper()
	_, k, err := auth.MintKey(zbaID, []auth.Scope{auth.ScopeManagement, auth.ScopeMessaging}, now(), expiresAt)
	must(t, err)
	return k
}

// sameKey compares keys with their times as instants.
func sameKey(a, b auth.Key) bool {
	norm := func(k auth.Key) auth.Key {
		k.CreatedAt = k.CreatedAt.UTC()
		k.ExpiresAt, k.RevokedAt = utc(k.ExpiresAt), utc(k.RevokedAt)
		return k
	}
	return reflect.DeepEqual(norm(a), norm(b))
}
