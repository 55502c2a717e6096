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
	f.svc = call.Service{Calls: memstore.NewCalls(db), Providers: memstore.NewProviders(db), Tokens: tokens, Pages: testPages, Now: clock}
	f.sessions = call.Sessions{Calls: f.svc.Calls, Tokens: tokens, Now: clock}
	f.provTok = f.putPat(t, "gen-1")
	return f
}

// putPat puts the fixture's provider, pat, with the link generation gen,
// and returns the token of its new link.
func (f *sessionFixture) putPat(t *testing.T, gen string) string {
	t.Helper()
	pat := provider("pat", 45.76, 4.84, []string{"plumbing"}, "")
	pat.LinkGen = gen
	if err := f.svc.Providers.PutProvider(t.Context(), pat); err != nil {
		t.Fatal(err)
	}
	link, err := f.svc.ProviderLink(t.Context(), "https://api.example", pat)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(link)
	return u.Query().Get(call.TokenParam)
}

// create creates a call of the fixture's one provider, pat. A provider is
// in one call at a time (TestReservations): pat's calls that are not over
// are ended first, as if pat had hung up, so that each test's calls are
// its own steps'.
func (f *sessionFixture) create(t *testing.T) (id, userTok string) {
	t.Helper()
	f.freePat(t)
	created, err := f.svc.Create(t.Context(), "acme", call.CreateRequest{Query: "plumber", CallerName: "Ana",
		RedirectURL: "https://example.com/done", Location: &geo.Point{Lat: 45.76, Lon: 4.83}}, "https://api.example")
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(created.CallURL)
	return created.CallID, u.Query().Get(call.TokenParam)
}

// live moves the clock on by d while the pages of the given tokens poll
// call id every 5 s, as live pages do (faster: call.AbandonAfter is over
// a side that stops).
func (f *sessionFixture) live(t *testing.T, d time.Duration, id string, tokens ...string) {
	t.Helper()
	const every = 5 * time.Second
	end := f.clock.Add(d)
	for f.clock.Before(end) {
		step := min(every, end.Sub(*f.clock))
		*f.clock = f.clock.Add(step)
		for _, tok := range tokens {
			if _, err := f.sessions.State(t.Context(), id, tok); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// freePat ends pat's calls that are not over, in the store.
func (f *sessionFixture) freePat(t *testing.T) {
	t.Helper()
	calls, err := f.sessions.Calls.ListProviderCalls(t.Context(), "acme", "pat", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range calls {
		if c.State.Final() {
			continue
		}
		to := call.StateCancelled
		if c.State == call.StateConnected {
			to = call.StateEnded
		}
		now := *f.clock
		c.State, c.EndReason, c.EndedAt, c.Version = to, call.ReasonHungUp, &now, c.Version+1
		if err := f.sessions.Calls.UpdateCall(t.Context(), c); err != nil {
			t.Fatal(err)
		}
	}
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
	f.live(t, 90*time.Second, id, userTok, f.provTok)
	uv, err := f.sessions.State(ctx, id, userTok)
	if err != nil || uv.State != call.StateConnected || uv.Answer != answer {
		t.Fatalf("user's view once connected: %+v, %v", uv, err)
	}
	f.live(t, 5*time.Minute, id, userTok, f.provTok) // past the ring deadline: a connected call does not expire
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
	// A valid token of the other party says so, in the same 401 code 190.
	wording := []struct {
		name, details string
		do            func() error
	}{
		{"a caller's link on a provider's step", "This is a caller's call link",
			func() error { _, err := f.sessions.Answer(ctx, id, userTok, answer); return err }},
		{"a caller's link on the provider's list", "This is a caller's call link",
			func() error { _, err := f.sessions.Incoming(ctx, userTok); return err }},
		{"a caller's link on the provider's page", "This is a caller's call link",
			func() error { return f.sessions.Page(ctx, "", userTok, call.RoleProvider) }},
		{"a provider's link on the caller's step", "This is a provider's link",
			func() error { _, err := f.sessions.Offer(ctx, id, f.provTok, offer); return err }},
		{"a provider's link on the caller's page", "This is a provider's link",
			func() error { return f.sessions.Page(ctx, id, f.provTok, call.RoleUser) }},
		{"another call's link is invalid, not the wrong party's", "The session link is invalid or has expired",
			func() error { _, err := f.sessions.Offer(ctx, id, otherTok, offer); return err }},
		{"a provider's link on a call of another provider, where either party may act", "The session link is invalid or has expired",
			func() error { _, err := f.sessions.Hangup(ctx, "nope", f.provTok); return err }},
	}
	for _, tc := range wording {
		var e *apperr.Error
		if err := tc.do(); !errors.As(err, &e) || e.Status() != 401 || e.Code != apperr.CodeTokenInvalid || !strings.HasPrefix(e.Details, tc.details) {
			t.Errorf("%s: %v, want 401 code 190 %q", tc.name, err, tc.details)
		}
	}
	// Nobody accepts: the call expires after call.RingTimeout.
	if _, err := f.sessions.Offer(ctx, other, otherTok, offer); err != nil {
		t.Fatal(err)
	}
	f.live(t, call.RingTimeout, other, otherTok)
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

// callIn creates a call and drives it to state through the session's own
// steps, returning its id and the user's token.
func (f *sessionFixture) callIn(t *testing.T, state call.State) (string, string) {
	t.Helper()
	ctx := t.Context()
	id, tok := f.create(t)
	steps := map[call.State][]func() error{
		call.StateCreated: nil,
		call.StateRinging: {func() error { _, err := f.sessions.Offer(ctx, id, tok, offer); return err }},
		call.StateConnected: {
			func() error { _, err := f.sessions.Offer(ctx, id, tok, offer); return err },
			func() error { _, err := f.sessions.Answer(ctx, id, f.provTok, answer); return err },
		},
		call.StateEnded: {
			func() error { _, err := f.sessions.Offer(ctx, id, tok, offer); return err },
			func() error { _, err := f.sessions.Answer(ctx, id, f.provTok, answer); return err },
			func() error { _, err := f.sessions.Hangup(ctx, id, tok); return err },
		},
		call.StateCancelled: {func() error { _, err := f.sessions.Hangup(ctx, id, tok); return err }},
		call.StateExpired:   {func() error { _, err := f.sessions.Offer(ctx, id, tok, offer); return err }},
	}
	for _, step := range steps[state] {
		if err := step(); err != nil {
			t.Fatal(err)
		}
	}
	if state == call.StateExpired {
		c, err := f.sessions.Calls.GetCall(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		rang := c.RingingAt.Add(-call.RingTimeout)
		c.RingingAt, c.Version = &rang, c.Version+1
		if err := f.sessions.Calls.UpdateCall(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	if v, err := f.sessions.State(ctx, id, tok); err != nil || v.State != state {
		t.Fatalf("call in %s: %+v, %v", state, v, err)
	}
	return id, tok
}

// TestSessionStepsByState answers every signalling step in every state:
// a step the state does not admit is 409 code 100 saying the state the
// call is really in, and changes nothing.
func TestSessionStepsByState(t *testing.T) {
	f := newSessionFixture(t)
	ctx := t.Context()
	steps := map[string]func(id, tok string) (call.View, error){
		"offer":   func(id, tok string) (call.View, error) { return f.sessions.Offer(ctx, id, tok, offer) },
		"answer":  func(id, _ string) (call.View, error) { return f.sessions.Answer(ctx, id, f.provTok, answer) },
		"decline": func(id, _ string) (call.View, error) { return f.sessions.Decline(ctx, id, f.provTok) },
		"hangup":  func(id, tok string) (call.View, error) { return f.sessions.Hangup(ctx, id, tok) },
	}
	tests := []struct {
		state            call.State
		step             string
		want             call.State // the state after a 200
		message, details string     // of a 409
	}{
		{state: call.StateCreated, step: "offer", want: call.StateRinging},
		{state: call.StateCreated, step: "answer", message: "(#100) Call not ringing", details: "The user has not joined yet; wait for the call to ring."},
		{state: call.StateCreated, step: "decline", want: call.StateCancelled},
		{state: call.StateCreated, step: "hangup", want: call.StateCancelled},
		{state: call.StateRinging, step: "offer", want: call.StateRinging},
		{state: call.StateRinging, step: "answer", want: call.StateConnected},
		{state: call.StateRinging, step: "decline", want: call.StateCancelled},
		{state: call.StateRinging, step: "hangup", want: call.StateCancelled},
		{state: call.StateConnected, step: "offer", message: "(#100) Call already connected",
			details: "This call is connected: an offer is taken only before the provider answers. Hang up to end it."},
		{state: call.StateConnected, step: "answer", message: "(#100) Call already connected",
			details: "This call is connected: it was answered already; an answer is taken only while the call rings. Hang up to end it."},
		{state: call.StateConnected, step: "decline", message: "(#100) Call already connected",
			details: "This call is connected: decline applies to a call that rings. Hang up to end it."},
		{state: call.StateConnected, step: "hangup", want: call.StateEnded},
		{state: call.StateEnded, step: "offer", message: "(#100) Call is over", details: "This call has ended."},
		{state: call.StateEnded, step: "answer", message: "(#100) Call is over", details: "This call has ended."},
		{state: call.StateEnded, step: "decline", message: "(#100) Call is over", details: "This call has ended."},
		{state: call.StateEnded, step: "hangup", want: call.StateEnded},
		{state: call.StateExpired, step: "answer", message: "(#100) Call is over", details: "This call expired: it was not answered in time."},
		{state: call.StateExpired, step: "hangup", want: call.StateExpired},
		{state: call.StateCancelled, step: "offer", message: "(#100) Call is over", details: "This call was cancelled."},
		{state: call.StateCancelled, step: "decline", message: "(#100) Call is over", details: "This call was cancelled."},
	}
	for _, tc := range tests {
		t.Run(string(tc.state)+"/"+tc.step, func(t *testing.T) {
			id, tok := f.callIn(t, tc.state)
			v, err := steps[tc.step](id, tok)
			if tc.message == "" {
				if err != nil || v.State != tc.want {
					t.Fatalf("%+v, %v; want 200 %s", v, err, tc.want)
				}
				return
			}
			env := apperr.From(err).ToEnvelope("t").Error
			if status(err) != 409 || env.Code != apperr.CodeInvalidParameter || env.Message != tc.message || env.ErrorData.Details != tc.details {
				t.Fatalf("%d %+v; want 409 code 100 %q, %q", status(err), env, tc.message, tc.details)
			}
			if after, err := f.sessions.State(ctx, id, tok); err != nil || after.State != tc.state {
				t.Fatalf("a refused %s moved the call: %+v, %v", tc.step, after, err)
			}
		})
	}
}

// TestIncomingLists holds the provider's list to the calls that need the
// provider: one ringing (to accept or decline) and one connected (to hang
// up, from a page reloaded during the call); never one not yet offered,
// nor one that is over.
func TestIncomingLists(t *testing.T) {
	f := newSessionFixture(t)
	want := map[call.State]bool{call.StateCreated: false, call.StateRinging: true, call.StateConnected: true,
		call.StateEnded: false, call.StateExpired: false, call.StateCancelled: false}
	for st := range want {
		id, _ := f.callIn(t, st)
		in, err := f.sessions.Incoming(t.Context(), f.provTok)
		if err != nil {
			t.Fatal(err)
		}
		listed := false
		for _, v := range in {
			if v.CallID != id || v.State != st {
				t.Errorf("a call in %s: listed %s as %s", st, v.CallID, v.State)
			}
			if v.Offer != "" || v.Answer != "" || len(v.ICEServers) != 0 {
				t.Errorf("the list carries what the call's own state gives: %+v", v)
			}
			listed = true
		}
		if listed != want[st] {
			t.Errorf("%s listed: %v, want %v", st, listed, want[st])
		}
	}
}

// TestRingTimeRunsFromTheJoin: a call rings for call.RingTimeout from the
// user's offer, however long after its creation the user joined within
// call.JoinTimeout; a call nobody joins expires call.JoinTimeout after its
// creation, saying so.
func TestRingTimeRunsFromTheJoin(t *testing.T) {
	f := newSessionFixture(t)
	ctx := t.Context()
	id, tok := f.create(t)
	*f.clock = f.clock.Add(100 * time.Second) // the user opens call_url late
	v, err := f.sessions.State(ctx, id, tok)
	if err != nil || v.State != call.StateCreated || v.JoinDeadline == nil || !v.JoinDeadline.Equal(f.clock.Add(20*time.Second)) || v.RingDeadline != nil {
		t.Fatalf("opened after 100 s: %+v, %v", v, err)
	}
	joined := *f.clock
	if v, err = f.sessions.Offer(ctx, id, tok, offer); err != nil || v.RingDeadline == nil || !v.RingDeadline.Equal(joined.Add(call.RingTimeout)) {
		t.Fatalf("offer: %+v, %v", v, err)
	}
	f.live(t, call.RingTimeout-time.Second, id, tok) // 219 s after the creation: still ringing
	if v, err := f.sessions.State(ctx, id, tok); err != nil || v.State != call.StateRinging {
		t.Fatalf("%s after the join: %+v, %v", call.RingTimeout-time.Second, v, err)
	}
	if in, _ := f.sessions.Incoming(ctx, f.provTok); len(in) != 1 || in[0].CallID != id {
		t.Fatalf("the provider's list while it rings: %+v", in)
	}
	f.live(t, time.Second, id, tok)
	if v, err := f.sessions.State(ctx, id, tok); err != nil || v.State != call.StateExpired || v.EndReason != call.ReasonRingTimeout {
		t.Fatalf("at the ring deadline: %+v, %v", v, err)
	}

	never, neverTok := f.create(t)
	*f.clock = f.clock.Add(call.JoinTimeout)
	v, err = f.sessions.State(ctx, never, neverTok)
	if err != nil || v.State != call.StateExpired || v.EndReason != call.ReasonJoinTimeout || v.RedirectURL == "" {
		t.Fatalf("never joined: %+v, %v", v, err)
	}
	_, err = f.sessions.Offer(ctx, never, neverTok, offer)
	if e := apperr.From(err).ToEnvelope("t").Error; status(err) != 409 || !strings.Contains(e.ErrorData.Details, "did not join it within 2 minutes") {
		t.Fatalf("a late offer: %v", err)
	}
}

// TestReservations: a provider in a call is not matched to another; a
// create takes the nearest free provider, and when every match is busy
// it is 404 saying so; hanging up, declining and expiring release the
// provider, and a reservation nobody released lapses with its call.
func TestReservations(t *testing.T) {
	f := newSessionFixture(t)
	ctx := t.Context()
	if err := f.svc.Providers.PutProvider(ctx, provider("sam", 45.80, 4.90, []string{"plumbing"}, "")); err != nil {
		t.Fatal(err)
	}
	create := func() (call.Created, string, error) {
		created, err := f.svc.Create(ctx, "acme", call.CreateRequest{Query: "plumber", RedirectURL: "https://example.com/done",
			Location: &geo.Point{Lat: 45.76, Lon: 4.83}}, "https://api.example")
		if err != nil {
			return created, "", err
		}
		c, err := f.sessions.Calls.GetCall(ctx, created.CallID)
		if err != nil {
			t.Fatal(err)
		}
		return created, c.ProviderID, nil
	}
	tok := func(c call.Created) string { u, _ := url.Parse(c.CallURL); return u.Query().Get(call.TokenParam) }
	first, p1, err := create()
	if err != nil || p1 != "pat" {
		t.Fatalf("first: %s, %v", p1, err)
	}
	_, p2, err := create()
	if err != nil || p2 != "sam" {
		t.Fatalf("second, while pat is in the first: %s, %v; want sam", p2, err)
	}
	_, _, err = create()
	var e *apperr.Error
	if !errors.As(err, &e) || e.Status() != 404 || !strings.Contains(e.Details, "in another call") {
		t.Fatalf("third, everyone busy: %v", err)
	}
	steps := []struct {
		name string
		end  func(c call.Created) error
	}{
		{"the user hangs up", func(c call.Created) error { _, err := f.sessions.Hangup(ctx, c.CallID, tok(c)); return err }},
		{"the provider declines", func(c call.Created) error { _, err := f.sessions.Decline(ctx, c.CallID, f.provTok); return err }},
		{"the call expires, read", func(c call.Created) error {
			*f.clock = f.clock.Add(call.JoinTimeout)
			_, err := f.sessions.State(ctx, c.CallID, tok(c))
			return err
		}},
		{"the call expires, never read again: the reservation lapses with it", func(call.Created) error {
			*f.clock = f.clock.Add(call.JoinTimeout)
			return nil
		}},
	}
	held := first
	for _, s := range steps {
		if err := s.end(held); err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		next, p, err := create()
		if err != nil || p != "pat" {
			t.Fatalf("after %s: %s, %v; want pat", s.name, p, err)
		}
		held = next
	}
}

// TestAbandonedCalls: a side of a ringing or connected call that stops
// polling for call.AbandonAfter (its tab closed without a hang-up) ends
// the call, as the other side's next poll sees: ended (cancelled while it
// rings) as abandoned by that side, its provider free again, even when
// nobody reads the call any more; two live pages keep it going.
func TestAbandonedCalls(t *testing.T) {
	cases := []struct {
		name    string
		state   call.State
		polling func(f *sessionFixture, userTok string) []string // the pages still polling
		d       time.Duration
		want    call.State
		left    call.Role
	}{
		{"connected, both pages live", call.StateConnected,
			func(f *sessionFixture, u string) []string { return []string{u, f.provTok} }, 10 * time.Minute, call.StateConnected, ""},
		{"connected, the provider's tab closed", call.StateConnected,
			func(_ *sessionFixture, u string) []string { return []string{u} }, 45 * time.Second, call.StateEnded, call.RoleProvider},
		{"connected, the user's tab closed", call.StateConnected,
			func(f *sessionFixture, _ string) []string { return []string{f.provTok} }, 45 * time.Second, call.StateEnded, call.RoleUser},
		{"connected, both gone: nobody reads it", call.StateConnected,
			func(*sessionFixture, string) []string { return nil }, 45 * time.Second, call.StateEnded, call.RoleUser},
		{"ringing, the user's tab closed", call.StateRinging,
			func(*sessionFixture, string) []string { return nil }, 45 * time.Second, call.StateCancelled, call.RoleUser},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newSessionFixture(t)
			ctx := t.Context()
			id, tok := f.callIn(t, tc.state)
			start := *f.clock
			f.live(t, tc.d, id, tc.polling(f, tok)...)
			if tc.want == tc.state {
				if v, err := f.sessions.State(ctx, id, tok); err != nil || v.State != tc.want {
					t.Fatalf("%+v, %v; want %s", v, err, tc.want)
				}
				return
			}
			// Nobody needs to read the call for its provider to be free,
			// nor for the provider's list to drop it.
			if in, err := f.sessions.Incoming(ctx, f.provTok); err != nil || len(in) != 0 {
				t.Fatalf("the provider's list: %+v, %v", in, err)
			}
			created, err := f.svc.Create(ctx, "acme", call.CreateRequest{RedirectURL: "https://example.com/done",
				Location: &geo.Point{Lat: 45.76, Lon: 4.83}}, "https://api.example")
			if err != nil {
				t.Fatalf("pat after the abandoned call: %v", err)
			}
			if next, _ := f.sessions.Calls.GetCall(ctx, created.CallID); next.ProviderID != "pat" {
				t.Fatalf("the next call went to %s", next.ProviderID)
			}
			v, err := f.sessions.State(ctx, id, f.provTok)
			if err != nil || v.State != tc.want || v.EndReason != call.ReasonAbandoned {
				t.Fatalf("%+v, %v; want %s, abandoned", v, err, tc.want)
			}
			c, _ := f.sessions.Calls.GetCall(ctx, id)
			if c.EndedBy != string(tc.left) || c.EndedAt == nil || c.EndedAt.After(start.Add(tc.d)) {
				t.Fatalf("stored %+v; want ended by %s", c, tc.left)
			}
		})
	}
}

// TestProviderLinksRevoked: a provider's link works until the provider is
// put again or removed; a provider put anew under the same id is not
// reachable with the removed one's link.
func TestProviderLinksRevoked(t *testing.T) {
	f := newSessionFixture(t)
	ctx := t.Context()
	old := f.provTok
	if err := f.sessions.Page(ctx, "", old, call.RoleProvider); err != nil {
		t.Fatal(err)
	}
	f.provTok = f.putPat(t, "gen-2") // an operator edits pat: a new link
	id, userTok := f.create(t)
	if _, err := f.sessions.Offer(ctx, id, userTok, offer); err != nil {
		t.Fatal(err)
	}
	revoked := func(name string, err error) {
		t.Helper()
		var e *apperr.Error
		if !errors.As(err, &e) || e.Status() != 401 || e.Code != apperr.CodeTokenInvalid || !strings.HasPrefix(e.Details, "This provider link no longer works") &&
			!strings.HasPrefix(e.Details, "The session link is invalid") {
			t.Errorf("%s: %v, want 401 code 190", name, err)
		}
	}
	steps := []struct {
		name string
		do   func(tok string) error
	}{
		{"the page", func(tok string) error { return f.sessions.Page(ctx, "", tok, call.RoleProvider) }},
		{"the list", func(tok string) error { _, err := f.sessions.Incoming(ctx, tok); return err }},
		{"the call's state", func(tok string) error { _, err := f.sessions.State(ctx, id, tok); return err }},
		{"declining", func(tok string) error { _, err := f.sessions.Decline(ctx, id, tok); return err }},
	}
	for _, st := range steps {
		revoked("the link before the put: "+st.name, st.do(old))
	}
	if in, err := f.sessions.Incoming(ctx, f.provTok); err != nil || len(in) != 1 {
		t.Fatalf("the new link's list: %+v, %v", in, err)
	}
	if _, err := f.sessions.Answer(ctx, id, f.provTok, answer); err != nil {
		t.Fatalf("the new link answers: %v", err)
	}
	// Removed: the link stops working; a provider put anew under the same
	// id is not reached with it.
	if err := f.svc.Providers.RemoveProvider(ctx, "acme", "pat"); err != nil {
		t.Fatal(err)
	}
	removed := f.provTok
	revoked("the link of a removed provider: the page", steps[0].do(removed))
	revoked("the link of a removed provider: the list", steps[1].do(removed))
	f.putPat(t, "gen-3")
	revoked("the removed provider's link, on its successor's page", steps[0].do(removed))
	revoked("the removed provider's link, on its successor's list", steps[1].do(removed))
}
