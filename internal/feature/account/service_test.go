package account_test

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/webhook"
	"svc/internal/local/memstore"
	"svc/internal/platform/secretkey"
)

// The operator use cases over the in-memory store; the DynamoDB store keeps
// the same contract (internal/local/storecontract).

var (
	t0     = time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	master = []byte("0123456789abcdef0123456789abcdef")
)

// fixture is a Service over a fresh store, a stopped clock and a callback
// that answers every handshake.
type fixture struct {
	svc   account.Service
	store *memstore.Store
	clock *memstore.Clock
	hooks *memstore.Handshaker
}

func newFixture() fixture {
	f := fixture{store: memstore.New(), clock: memstore.NewClock(t0), hooks: &memstore.Handshaker{}}
	f.svc = account.Service{Store: f.store.Accounts, Now: f.clock.Now,
		Webhooks: account.Webhooks{Master: secretkey.StaticMaster(master), Client: f.hooks}}
	return f
}

// withZBA is a fixture holding the ZBA acme.
func withZBA(t *testing.T) fixture {
	t.Helper()
	f := newFixture()
	if _, err := f.svc.CreateZBA(t.Context(), "acme", "Acme Ltd"); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestZBAExists(t *testing.T) {
	f := withZBA(t)
	for _, tc := range []struct {
		id   string
		want bool
	}{{"acme", true}, {"ghost", false}, {"", false}} {
		if got, err := f.svc.ZBAExists(t.Context(), tc.id); err != nil || got != tc.want {
			t.Errorf("ZBAExists(%q) = %v, %v; want %v", tc.id, got, err, tc.want)
		}
	}
}

func TestCreateZBA(t *testing.T) {
	cases := []struct {
		name, id string
		ok       bool
	}{
		{"letters digits and hyphens", "acme-2", true},
		{"the longest id", strings.Repeat("a", 64), true},
		{"empty", "", false},
		{"an underscore would break template ids", "acme_eu", false},
		{"too long", strings.Repeat("a", 65), false},
		{"a space", "acme eu", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture()
			z, err := f.svc.CreateZBA(t.Context(), tc.id, "Acme")
			if (err == nil) != tc.ok {
				t.Fatalf("CreateZBA(%q): %v, want ok=%v", tc.id, err, tc.ok)
			}
			got, gerr := f.store.GetZBA(t.Context(), tc.id)
			if !tc.ok {
				if !errors.Is(gerr, account.ErrZBANotFound) {
					t.Fatalf("a refused id was stored: %+v %v", got, gerr)
				}
				return
			}
			want := account.ZBA{ID: tc.id, Name: "Acme", CreatedAt: t0}
			if gerr != nil || !reflect.DeepEqual(got, want) || !reflect.DeepEqual(z, want) {
				t.Fatalf("returned %+v, stored %+v %v; want %+v", z, got, gerr, want)
			}
		})
	}
}

func TestCreateZBATwice(t *testing.T) {
	f := withZBA(t)
	f.clock.Advance(time.Hour)
	if _, err := f.svc.CreateZBA(t.Context(), "acme", "Usurper"); !errors.Is(err, account.ErrZBAExists) {
		t.Fatalf("second create: %v, want ErrZBAExists", err)
	}
	if z, _ := f.store.GetZBA(t.Context(), "acme"); z.Name != "Acme Ltd" || !z.CreatedAt.Equal(t0) {
		t.Fatalf("the first ZBA must stay: %+v", z)
	}
}

func TestMintKeyAuthenticates(t *testing.T) {
	f := withZBA(t)
	expiry := t0.Add(24 * time.Hour)
	plain, key, err := f.svc.MintKey(t.Context(), account.MintRequest{ZBAID: "acme",
		Scopes: []auth.Scope{auth.ScopeManagement}, ExpiresAt: &expiry})
	if err != nil {
		t.Fatal(err)
	}
	if id, _ := auth.KeyID(plain); id != key.ID || key.ZBAID != "acme" || !key.CreatedAt.Equal(t0) {
		t.Fatalf("plain %q names key %q; key %+v", plain, id, key)
	}
	authn := auth.Authenticator{Keys: f.store.Accounts, Now: f.clock.Now}
	p, err := authn.Authenticate(t.Context(), "Bearer "+plain)
	if err != nil || p.ZBAID != "acme" || p.KeyID != key.ID || !p.Has(auth.ScopeManagement) || p.Has(auth.ScopeMessaging) {
		t.Fatalf("authenticate the minted key: %+v, %v", p, err)
	}
	f.clock.Advance(24 * time.Hour)
	if _, err := authn.Authenticate(t.Context(), "Bearer "+plain); !errors.Is(err, auth.ErrExpiredKey) {
		t.Fatalf("at its expiry: %v, want ErrExpiredKey", err)
	}
}

func TestMintKeyRefuses(t *testing.T) {
	past, now := t0.Add(-time.Second), t0
	management := []auth.Scope{auth.ScopeManagement}
	cases := []struct {
		name string
		r    account.MintRequest
		want error // nil: any error
	}{
		{"a bad ZBA id", account.MintRequest{ZBAID: "acme_eu", Scopes: management, CreateZBA: true}, nil},
		{"no scope", account.MintRequest{ZBAID: "acme"}, nil},
		{"an expiry in the past", account.MintRequest{ZBAID: "acme", Scopes: management, ExpiresAt: &past}, nil},
		{"an expiry of now", account.MintRequest{ZBAID: "acme", Scopes: management, ExpiresAt: &now}, nil},
		{"a missing ZBA", account.MintRequest{ZBAID: "ghost", Scopes: management}, account.ErrZBANotFound},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := withZBA(t)
			plain, _, err := f.svc.MintKey(t.Context(), tc.r)
			if err == nil || tc.want != nil && !errors.Is(err, tc.want) || plain != "" {
				t.Fatalf("got %q, %v; want an error (%v) and no key", plain, err, tc.want)
			}
			if _, err := f.store.GetZBA(t.Context(), tc.r.ZBAID); tc.r.ZBAID != "acme" && !errors.Is(err, account.ErrZBANotFound) {
				t.Fatalf("a refused mint created ZBA %s", tc.r.ZBAID)
			}
		})
	}
}

func TestMintKeyCreatesZBA(t *testing.T) {
	for _, existing := range []bool{false, true} {
		f := newFixture()
		if existing {
			if _, err := f.svc.CreateZBA(t.Context(), "acme", "Acme Ltd"); err != nil {
				t.Fatal(err)
			}
		}
		_, key, err := f.svc.MintKey(t.Context(), account.MintRequest{ZBAID: "acme",
			Scopes: []auth.Scope{auth.ScopeMessaging}, CreateZBA: true})
		if err != nil {
			t.Fatalf("existing=%v: %v", existing, err)
		}
		wantName := "acme" // a ZBA created on the way is named after its id
		if existing {
			wantName = "Acme Ltd"
		}
		if z, err := f.store.GetZBA(t.Context(), "acme"); err != nil || z.Name != wantName {
			t.Fatalf("existing=%v: ZBA %+v %v, want name %q", existing, z, err, wantName)
		}
		if got, err := f.store.GetKey(t.Context(), key.ID); err != nil || got.ZBAID != "acme" {
			t.Fatalf("existing=%v: key %+v %v", existing, got, err)
		}
	}
}

func TestRevokeKey(t *testing.T) {
	for _, by := range []string{"plain key", "key id"} {
		t.Run(by, func(t *testing.T) {
			f := withZBA(t)
			plain, key, err := f.svc.MintKey(t.Context(), account.MintRequest{ZBAID: "acme", Scopes: auth.AllScopes})
			if err != nil {
				t.Fatal(err)
			}
			arg := plain
			if by == "key id" {
				arg = key.ID
			}
			f.clock.Advance(time.Minute)
			revokedAt := f.clock.Now()
			rev, err := f.svc.RevokeKey(t.Context(), arg)
			got := rev.Key
			if err != nil || got.ID != key.ID || got.ZBAID != "acme" || got.RevokedAt == nil || !got.RevokedAt.Equal(revokedAt) {
				t.Fatalf("revoke: %+v %v; want revoked at %v", got, err, revokedAt)
			}
			authn := auth.Authenticator{Keys: f.store.Accounts, Now: f.clock.Now}
			if _, err := authn.Authenticate(t.Context(), "Bearer "+plain); !errors.Is(err, auth.ErrRevokedKey) {
				t.Fatalf("a revoked key authenticates: %v", err)
			}
			f.clock.Advance(time.Hour)
			again, err := f.svc.RevokeKey(t.Context(), arg)
			if err != nil || !again.Key.RevokedAt.Equal(revokedAt) {
				t.Fatalf("revoking again must keep the first time: %+v %v", again.Key.RevokedAt, err)
			}
		})
	}
}

// flushFunc is an AuthorizerCache whose Flush is a function.
type flushFunc func(ctx context.Context) error

func (f flushFunc) Flush(ctx context.Context) error { return f(ctx) }

var _ account.AuthorizerCache = flushFunc(nil)

// TestRevokeKeyFlushesTheCache: a revocation flushes the gateway's cached
// answers once the key is stored revoked; a flush that fails leaves the key
// revoked and says so; without a gateway there is nothing to flush.
func TestRevokeKeyFlushesTheCache(t *testing.T) {
	down := errors.New("api gateway: 503")
	cases := []struct {
		name      string
		flushErr  error
		noGateway bool
		want      account.CacheFlush
	}{
		{"the flush succeeds", nil, false, account.CacheFlushed},
		{"the flush fails", down, false, account.CacheFlushFailed},
		{"no gateway caches answers", nil, true, account.CacheNone},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := withZBA(t)
			plain, key, err := f.svc.MintKey(t.Context(), account.MintRequest{ZBAID: "acme", Scopes: auth.AllScopes})
			if err != nil {
				t.Fatal(err)
			}
			flushes := 0
			if !tc.noGateway {
				f.svc.Authorizers = flushFunc(func(ctx context.Context) error {
					flushes++
					// A flush before the revocation is stored would let the
					// authorizer cache a fresh Allow for the key.
					if k, err := f.store.Accounts.GetKey(ctx, key.ID); err != nil || k.RevokedAt == nil {
						t.Errorf("flushed before the key was stored revoked: %+v %v", k, err)
					}
					return tc.flushErr
				})
			}
			rev, err := f.svc.RevokeKey(t.Context(), plain)
			if err != nil || rev.Cache != tc.want || !errors.Is(rev.FlushErr, tc.flushErr) || rev.Key.RevokedAt == nil {
				t.Fatalf("revoke: %+v %v; want cache %s, flush error %v", rev, err, tc.want, tc.flushErr)
			}
			if want := map[bool]int{true: 0, false: 1}[tc.noGateway]; flushes != want {
				t.Errorf("%d flushes, want %d", flushes, want)
			}
			authn := auth.Authenticator{Keys: f.store.Accounts, Now: f.clock.Now}
			if _, err := authn.Authenticate(t.Context(), "Bearer "+plain); !errors.Is(err, auth.ErrRevokedKey) {
				t.Fatalf("the key is not revoked: %v", err)
			}
		})
	}
	// A revocation that fails flushes nothing.
	f := withZBA(t)
	f.svc.Authorizers = flushFunc(func(context.Context) error { t.Error("flushed for a revocation that failed"); return nil })
	if _, err := f.svc.RevokeKey(t.Context(), "abcdefghijklmnop"); !errors.Is(err, account.ErrKeyNotFound) {
		t.Fatal(err)
	}
}

func TestRevokeKeyRefuses(t *testing.T) {
	f := withZBA(t)
	plain, _, err := f.svc.MintKey(t.Context(), account.MintRequest{ZBAID: "acme", Scopes: auth.AllScopes})
	if err != nil {
		t.Fatal(err)
	}
	// One changed checksum digit: a typo the checksum catches before any read.
	last := "0"
	if plain[len(plain)-1] == '0' {
		last = "1"
	}
	mistyped := plain[:len(plain)-1] + last
	cases := []struct {
		name, arg string
		want      error
	}{
		{"an unknown id", "abcdefghijklmnop", account.ErrKeyNotFound},
		{"a key with a wrong checksum", mistyped, auth.ErrMalformedKey},
	}
	for _, tc := range cases {
		if _, err := f.svc.RevokeKey(t.Context(), tc.arg); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}

func TestRegisterPhone(t *testing.T) {
	cases := []struct {
		name, zba, id, number string
		want                  error // nil with ok false: a validation error
		ok                    bool
	}{
		{"a number", "acme", "pn-1", "4915112345678", nil, true},
		{"a bad ZBA id", "acme_eu", "pn-1", "4915112345678", nil, false},
		{"a bad phone number id", "acme", "pn/1", "4915112345678", nil, false},
		{"a plus sign", "acme", "pn-1", "+4915112345678", nil, false},
		{"a leading zero", "acme", "pn-1", "015112345678", nil, false},
		{"too short", "acme", "pn-1", "123456", nil, false},
		{"a missing ZBA", "ghost", "pn-1", "4915112345678", account.ErrZBANotFound, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := withZBA(t)
			p, err := f.svc.Register(t.Context(), account.PhoneRegistration{ZBAID: tc.zba, PhoneID: tc.id, Number: tc.number})
			stored, found := f.store.Phone(tc.id)
			if !tc.ok {
				if err == nil || tc.want != nil && !errors.Is(err, tc.want) || found {
					t.Fatalf("got %v (stored %v); want a refusal (%v) and nothing stored", err, found, tc.want)
				}
				return
			}
			want := account.Phone{ID: tc.id, Number: tc.number, ZBAID: tc.zba, DisplayNameStatus: account.DefaultDisplayNameStatus, CreatedAt: t0}
			if err != nil || p != want || stored != want {
				t.Fatalf("returned %+v, stored %+v, %v; want %+v", p, stored, err, want)
			}
		})
	}
}

func TestRegisterPhoneOwnership(t *testing.T) {
	f := withZBA(t)
	ctx := t.Context()
	if _, err := f.svc.CreateZBA(ctx, "rival", "Rival"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Register(ctx, account.PhoneRegistration{ZBAID: "acme", PhoneID: "pn-1", Number: "4915112345678"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Register(ctx, account.PhoneRegistration{ZBAID: "rival", PhoneID: "pn-1", Number: "4915112345678"}); !errors.Is(err, account.ErrPhoneTaken) {
		t.Fatalf("another ZBA's id: %v, want ErrPhoneTaken", err)
	}
	if _, err := f.svc.Register(ctx, account.PhoneRegistration{ZBAID: "acme", PhoneID: "pn-1", Number: "4915100000000"}); err != nil {
		t.Fatalf("the owner registers again: %v", err)
	}
	if p, _ := f.store.Phone("pn-1"); p.ZBAID != "acme" || p.Number != "4915100000000" {
		t.Fatalf("stored %+v; want acme's new number", p)
	}
}

func TestSetWebhook(t *testing.T) {
	f := withZBA(t)
	ctx := t.Context()
	first, err := f.svc.SetWebhook(ctx, "acme", "https://hooks.example.com/svc", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := account.Subscription{URL: "https://hooks.example.com/svc", Generation: 1,
		Secret:      webhook.DeriveSecret(master, "acme", 1),
		VerifyToken: webhook.DeriveVerifyToken(master, "acme", 1)}
	if !reflect.DeepEqual(first, want) {
		t.Fatalf("first subscription %+v, want %+v", first, want)
	}
	second, err := f.svc.SetWebhook(ctx, "acme", "https://hooks.example.com/v2", "my-token", nil)
	if err != nil {
		t.Fatal(err)
	}
	if second.Generation != 2 || second.VerifyToken != "my-token" || second.Secret != webhook.DeriveSecret(master, "acme", 2) ||
		second.Secret == first.Secret {
		t.Fatalf("second subscription %+v: want generation 2, the given token and a new secret", second)
	}
	wantCalls := []memstore.Handshake{{URL: first.URL, VerifyToken: first.VerifyToken}, {URL: second.URL, VerifyToken: "my-token"}}
	if got := f.hooks.Handshakes(); len(got) != 2 || got[0] != wantCalls[0] || got[1] != wantCalls[1] {
		t.Fatalf("handshakes %+v, want %+v", got, wantCalls)
	}
	if z, _ := f.store.GetZBA(ctx, "acme"); z.WebhookURL != second.URL || z.WebhookGeneration != 2 {
		t.Fatalf("stored %+v; want the second subscription", z)
	}
}

func TestSetWebhookFields(t *testing.T) {
	cases := []struct {
		name   string
		fields []string
		want   []string
	}{
		{"absent: every field", nil, nil},
		{"empty: every field", []string{}, nil},
		{"messages only", []string{"messages"}, []string{"messages"}},
		{"repeats dropped", []string{"messages", "message_template_status_update", "messages"},
			[]string{"messages", "message_template_status_update"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := withZBA(t)
			sub, err := f.svc.SetWebhook(t.Context(), "acme", "https://hooks.example.com/svc", "", tc.fields)
			if err != nil || !slices.Equal(sub.Fields, tc.want) {
				t.Fatalf("got %+v, %v; want fields %q", sub, err, tc.want)
			}
			if z, _ := f.store.GetZBA(t.Context(), "acme"); !slices.Equal(z.WebhookFields, tc.want) || z.WebhookGeneration != 1 {
				t.Fatalf("stored %+v; want fields %q", z, tc.want)
			}
		})
	}
	// A new subscription replaces the fields of the one before.
	f := withZBA(t)
	if _, err := f.svc.SetWebhook(t.Context(), "acme", "https://hooks.example.com/svc", "", []string{"messages"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.SetWebhook(t.Context(), "acme", "https://hooks.example.com/svc", "", nil); err != nil {
		t.Fatal(err)
	}
	if z, _ := f.store.GetZBA(t.Context(), "acme"); z.WebhookFields != nil || z.WebhookGeneration != 2 {
		t.Fatalf("stored %+v; want every field again", z)
	}
}

func TestSetWebhookSavesNothingWhenRefused(t *testing.T) {
	refused := errors.New("callback answered 404")
	cases := []struct {
		name, zba, url string
		fields         []string
		noMaster       bool
		handshake      error
		want           error
		handshaken     bool
	}{
		{"a failed handshake", "acme", "https://hooks.example.com/svc", nil, false, refused, refused, true},
		{"plain http", "acme", "http://hooks.example.com/svc", nil, false, nil, webhook.ErrBadURL, false},
		{"a private address", "acme", "https://10.0.0.7/svc", nil, false, nil, webhook.ErrBlockedAddress, false},
		{"the metadata service", "acme", "https://169.254.169.254/latest", nil, false, nil, webhook.ErrBlockedAddress, false},
		{"loopback outside local mode", "acme", "https://localhost/svc", nil, false, nil, webhook.ErrBlockedAddress, false},
		{"an odd port", "acme", "https://hooks.example.com:8080/svc", nil, false, nil, webhook.ErrBadURL, false},
		{"a missing ZBA", "ghost", "https://hooks.example.com/svc", nil, false, nil, account.ErrZBANotFound, false},
		{"no master key", "acme", "https://hooks.example.com/svc", nil, true, nil, secretkey.ErrNoMaster, false},
		{"an unknown field", "acme", "https://hooks.example.com/svc", []string{"messages", "account_update"}, false, nil, webhook.ErrUnknownField, false},
		{"an empty field name", "acme", "https://hooks.example.com/svc", []string{""}, false, nil, webhook.ErrUnknownField, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := withZBA(t)
			f.hooks.FailWith(tc.handshake)
			if tc.noMaster {
				f.svc.Webhooks.Master = nil
			}
			sub, err := f.svc.SetWebhook(t.Context(), tc.zba, tc.url, "", tc.fields)
			if !errors.Is(err, tc.want) || !reflect.DeepEqual(sub, account.Subscription{}) {
				t.Fatalf("got %+v, %v; want %v", sub, err, tc.want)
			}
			if got := len(f.hooks.Handshakes()) > 0; got != tc.handshaken {
				t.Fatalf("handshake called: %v, want %v", got, tc.handshaken)
			}
			if z, _ := f.store.GetZBA(t.Context(), "acme"); z.WebhookURL != "" || z.WebhookGeneration != 0 || z.WebhookFields != nil {
				t.Fatalf("a refused subscription was saved: %+v", z)
			}
		})
	}
}

func TestSetWebhookLoopbackInLocalMode(t *testing.T) {
	f := withZBA(t)
	f.svc.Webhooks.AllowLoopback = true
	sub, err := f.svc.SetWebhook(t.Context(), "acme", "http://127.0.0.1:8089/hook", "", nil)
	if err != nil || sub.Generation != 1 {
		t.Fatalf("local mode takes a loopback callback: %+v, %v", sub, err)
	}
}

// racingHandshaker answers the handshake after another operator's
// subscription was saved, as when two set_webhook calls overlap.
type racingHandshaker struct{ store account.Store }

func (h racingHandshaker) Handshake(ctx context.Context, _, _ string) error {
	return h.store.SetWebhook(ctx, "acme", "https://winner.example.com/hook", nil, 1)
}

func TestSetWebhookLosesARace(t *testing.T) {
	f := withZBA(t)
	f.svc.Webhooks.Client = racingHandshaker{store: f.store.Accounts}
	if _, err := f.svc.SetWebhook(t.Context(), "acme", "https://loser.example.com/hook", "", nil); !errors.Is(err, account.ErrConflict) {
		t.Fatalf("the later write: %v, want ErrConflict", err)
	}
	if z, _ := f.store.GetZBA(t.Context(), "acme"); z.WebhookURL != "https://winner.example.com/hook" || z.WebhookGeneration != 1 {
		t.Fatalf("stored %+v; want the winner's subscription", z)
	}
}
