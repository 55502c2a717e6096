package call_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/call"
	"svc/internal/local/memstore"
	"svc/internal/platform/apperr"
	"svc/internal/platform/geo"
)

type sessionFixture struct {
	svc      call.Service
	sessions call.Sessions
	clock    *time.Time
	provTok  string
}

func newSessionFixture(t *testing.T) *sessionFixture {
	t.Helper()
	now := time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)
	f := &sessionFixture{clock: &now}
	clock := func() time.Time { return *f.clock }
	db := memstore.NewDB()
	tokens := call.Tokens{Key: fixedKey(strings.Repeat("k", 32)), Now: clock}
	f.svc = call.Service{Calls: memstore.NewCalls(db), Providers: memstore.NewProviders(db), Tokens: tokens, Now: clock}
	f.sessions = call.Sessions{Calls: f.svc.Calls, Tokens: tokens, Now: clock}
	if err := f.svc.Providers.PutProvider(t.Context(), provider("pat", 45.76, 4.84, []string{"plumbing"}, "")); err != nil {
		t.Fatal(err)
	}
	link, err := f.svc.ProviderLink(t.Context(), "https://api.example", "acme", "pat")
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(link)
	f.provTok = u.Query().Get(call.TokenParam)
	return f
}

func (f *sessionFixture) create(t *testing.T) (id, userTok string) {
	t.Helper()
	created, err := f.svc.Create(t.Context(), "acme", call.CreateRequest{Query: "plumber", CallerName: "Ana",
		RedirectURL: "https://example.com/done", Location: &geo.Point{Lat: 45.76, Lon: 4.83}}, "https://api.example")
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(created.CallURL)
	return created.CallID, u.Query().Get(call.TokenParam)
}

func status(err error) int {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Status()
	}
	return 0
}

const offer, answer = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n", "v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\n"

func TestSessionFlow(t *testing.T) {
	f := newSessionFixture(t)
	ctx := t.Context()
	id, userTok := f.create(t)
	if err := f.sessions.Page(ctx, id, userTok, call.RoleUser); err != nil {
		t.Fatal(err)
	}
	if in, _ := f.sessions.Incoming(ctx, f.provTok); len(in) != 0 {
		t.Fatalf("a call rings before the user offered: %+v", in)
	}
	if _, err := f.sessions.Answer(ctx, id, f.provTok, answer); status(err) != 409 {
		t.Fatalf("answer before the offer: %v", err)
	}
	v, err := f.sessions.Offer(ctx, id, userTok, offer)
	if err != nil || v.State != call.StateRinging || v.ProviderName != "pat" || len(v.ICEServers) == 0 {
		t.Fatalf("offer: %+v, %v", v, err)
	}
	in, err := f.sessions.Incoming(ctx, f.provTok)
	if err != nil || len(in) != 1 || in[0].CallID != id || in[0].CallerName != "Ana" || in[0].Query != "plumber" {
		t.Fatalf("incoming: %+v, %v", in, err)
	}
	pv, err := f.sessions.State(ctx, id, f.provTok)
	if err != nil || pv.Offer != offer || pv.RedirectURL != "" {
		t.Fatalf("provider's view: %+v, %v", pv, err)
	}
	if uv, _ := f.sessions.State(ctx, id, userTok); uv.Answer != "" || uv.Offer != "" {
		t.Fatalf("user's view before the answer: %+v", uv)
	}
	if _, err := f.sessions.Answer(ctx, id, f.provTok, answer); err != nil {
		t.Fatal(err)
	}
	*f.clock = f.clock.Add(90 * time.Second)
	uv, err := f.sessions.State(ctx, id, userTok)
	if err != nil || uv.State != call.StateConnected || uv.Answer != answer {
		t.Fatalf("user's view once connected: %+v, %v", uv, err)
	}
	*f.clock = f.clock.Add(5 * time.Minute) // past the ring deadline: a connected call does not expire
	ended, err := f.sessions.Hangup(ctx, id, f.provTok)
	if err != nil || ended.State != call.StateEnded || ended.DurationS != 390 {
		t.Fatalf("hang-up: %+v, %v", ended, err)
	}
	uv, err = f.sessions.State(ctx, id, userTok)
	if err != nil || uv.State != call.StateEnded || uv.RedirectURL != "https://example.com/done" || uv.Answer != "" || len(uv.ICEServers) != 0 {
		t.Fatalf("user's view once ended: %+v, %v", uv, err)
	}
	if _, err := f.sessions.Offer(ctx, id, userTok, offer); status(err) != 409 {
		t.Fatalf("offer after the end: %v, want 409", err)
	}
}

func TestSessionRefusals(t *testing.T) {
	f := newSessionFixture(t)
	ctx := t.Context()
	id, userTok := f.create(t)
	other, otherTok := f.create(t)
	cases := []struct {
		name   string
		do     func() error
		status int
	}{
		{"no token", func() error { _, err := f.sessions.State(ctx, id, ""); return err }, 401},
		{"another call's token", func() error { _, err := f.sessions.State(ctx, id, otherTok); return err }, 401},
		{"a user token where the provider's is needed", func() error { _, err := f.sessions.Answer(ctx, id, userTok, answer); return err }, 401},
		{"a provider token where the user's is needed", func() error { _, err := f.sessions.Offer(ctx, id, f.provTok, offer); return err }, 401},
		{"a call that does not exist", func() error { _, err := f.sessions.State(ctx, "nope", f.provTok); return err }, 401},
		{"not an SDP", func() error { _, err := f.sessions.Offer(ctx, id, userTok, "hello"); return err }, 400},
		{"an SDP too large", func() error {
			_, err := f.sessions.Offer(ctx, id, userTok, "v=0\r\n"+strings.Repeat("a", call.MaxSDPBytes))
			return err
		}, 400},
		{"no SDP", func() error { _, err := f.sessions.Offer(ctx, id, userTok, ""); return err }, 400},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := status(tc.do()); got != tc.status {
				t.Fatalf("status %d, want %d", got, tc.status)
			}
		})
	}
	// Nobody accepts: the call expires after call.RingTimeout.
	if _, err := f.sessions.Offer(ctx, other, otherTok, offer); err != nil {
		t.Fatal(err)
	}
	*f.clock = f.clock.Add(call.RingTimeout)
	v, err := f.sessions.State(ctx, other, otherTok)
	if err != nil || v.State != call.StateExpired || v.RedirectURL == "" {
		t.Fatalf("after the ring timeout: %+v, %v", v, err)
	}
	if in, _ := f.sessions.Incoming(ctx, f.provTok); len(in) != 0 {
		t.Fatalf("an expired call still rings: %+v", in)
	}
	// The provider declines: cancelled for both.
	id3, tok3 := f.create(t)
	if _, err := f.sessions.Offer(ctx, id3, tok3, offer); err != nil {
		t.Fatal(err)
	}
	if _, err := f.sessions.Decline(ctx, id3, f.provTok); err != nil {
		t.Fatal(err)
	}
	if v, _ := f.sessions.State(ctx, id3, tok3); v.State != call.StateCancelled {
		t.Fatalf("declined: %+v", v)
	}
}
