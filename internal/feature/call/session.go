package call

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"svc/internal/platform/apperr"
)

// The web session. Both pages poll (Lambda holds no socket) and signal
// with complete SDPs (non-trickle ICE): the user's page posts its offer
// once ICE gathering is complete, the provider's page reads it, accepts
// with its complete answer, and the user's page reads that. Every request
// carries the page's session token, checked against the call each time.

// Session settings the pages are given.
const (
	// PollInterval is how often the pages ask for news.
	PollInterval = 750 * time.Millisecond
	// MaxSDPBytes bounds an offer or an answer: a complete audio and video
	// SDP with host and server-reflexive candidates is about 6 KB.
	MaxSDPBytes = 16 << 10
)

// ICEServer is a STUN or TURN server as RTCPeerConnection takes it.
type ICEServer struct {
	URLs       []string `json:"urls"`
	Username   string   `json:"username,omitempty"`
	Credential string   `json:"credential,omitempty"`
}

// DefaultICEServers is a public STUN server: it connects most consumer
// networks; production adds a TURN server (see the README).
var DefaultICEServers = []ICEServer{{URLs: []string{"stun:stun.l.google.com:19302"}}}

// View is what a page is told of its call.
type View struct {
	CallID       string    `json:"call_id"`
	State        State     `json:"state"`
	ProviderName string    `json:"provider_name"`
	CallerName   string    `json:"caller_name,omitempty"`
	Query        string    `json:"query,omitempty"`
	CreatedAt    time.Time `json:"created_at"`
	// JoinDeadline is, while the call is created, when it expires unless
	// the user joins; RingDeadline, while it rings, when it stops ringing
	// unanswered (two minutes from the user's offer).
	JoinDeadline *time.Time `json:"join_deadline,omitempty"`
	RingDeadline *time.Time `json:"ring_deadline,omitempty"`
	// EndReason says how a call that is over ended.
	EndReason Reason `json:"end_reason,omitempty"`
	// Offer is given to the provider while the call rings; Answer to the
	// user once connected.
	Offer  string `json:"offer,omitempty"`
	Answer string `json:"answer,omitempty"`
	// RedirectURL is given to the user once the call is over.
	RedirectURL string      `json:"redirect_url,omitempty"`
	DurationS   float64     `json:"duration_s,omitempty"`
	ICEServers  []ICEServer `json:"ice_servers,omitempty"`
	PollMS      int64       `json:"poll_ms"`
}

// Sessions runs the web sessions of calls.
type Sessions struct {
	Calls      Calls
	Tokens     Tokens
	ICEServers []ICEServer
	Now        func() time.Time
	Log        *slog.Logger
}

// The details of a refused token (401, code 190).
const (
	detailsTokenInvalid = "The session link is invalid or has expired; ask for a new call."
	detailsUserLink     = "This is a caller's call link: it does not open a provider's page or act for the provider. Use the provider's own link."
	detailsProviderLink = "This is a provider's link: it does not open a caller's call page or act for the caller. Use the call_url the caller was given."
)

// detailsProviderRevoked: a provider's link made before the provider was
// put again, or removed (401, code 190).
const detailsProviderRevoked = "This provider link no longer works: the provider was changed or removed since it was made. Use the link of the provider's latest put."

// errTokenResponse is the answer to a refused token: 401, code 190. A
// valid token of the other party says so rather than that it expired.
func errTokenResponse(err error) error {
	details := detailsTokenInvalid
	if wrong := (*WrongRoleError)(nil); errors.As(err, &wrong) {
		details = detailsProviderLink
		if wrong.Held == RoleUser {
			details = detailsUserLink
		}
	}
	return apperr.New(apperr.CodeTokenInvalid, details)
}

// overDetails say how each final state came about.
var overDetails = map[State]string{
	StateEnded:     "This call has ended.",
	StateExpired:   "This call expired: it was not answered in time.",
	StateCancelled: "This call was cancelled.",
}

// overReasons say more than overDetails where the reason tells more.
var overReasons = map[Reason]string{
	ReasonJoinTimeout: "This call expired: the caller did not join it within 2 minutes of its creation.",
}

// The signalling steps a state can refuse, as errState names them.
const (
	stepOffer   = "offer"
	stepAnswer  = "answer"
	stepDecline = "decline"
)

// connectedRefusals say why a connected call refuses a step.
var connectedRefusals = map[string]string{
	stepOffer:   "an offer is taken only before the provider answers.",
	stepAnswer:  "it was answered already; an answer is taken only while the call rings.",
	stepDecline: "decline applies to a call that rings.",
}

// errState answers a signalling step the call's state does not admit,
// with the state the call is really in: a call that is over says how it
// ended (a leaked link can no longer do anything), a connected one says
// that it is and that hang-up ends it, one the user has not offered yet
// says to wait. Each is 409 code 100, as a lost race is: the page reads
// the call's state and goes on from there.
func errState(s State, reason Reason, step string) error {
	title, details := "Call "+string(s), fmt.Sprintf("This call is %s; %s does not apply to it.", s, step)
	switch {
	case s.Final():
		title, details = "Call is over", overDetails[s]
		if why, ok := overReasons[reason]; ok {
			details = why
		}
	case s == StateConnected:
		title = "Call already connected"
		if why, ok := connectedRefusals[step]; ok {
			details = "This call is connected: " + why + " Hang up to end it."
		}
	case s == StateCreated && step == stepAnswer:
		title, details = "Call not ringing", "The user has not joined yet; wait for the call to ring."
	}
	return &apperr.Error{Code: apperr.CodeInvalidParameter, Message: title, Details: details, HTTPStatus: 409}
}

// Open loads the call and checks token for it in role; a call whose ring
// time passed unanswered is expired on the way.
func (s Sessions) Open(ctx context.Context, callID, token string, role Role) (Call, error) {
	if token == "" {
		return Call{}, errTokenResponse(nil)
	}
	// The token is checked before the store is asked: a request without a
	// valid token costs no read.
	cl, err := s.Tokens.Verify(ctx, token, role)
	if err != nil {
		if errors.Is(err, ErrToken) {
			return Call{}, errTokenResponse(err)
		}
		return Call{}, apperr.Internal(err)
	}
	if role == RoleUser && cl.CallID != callID {
		return Call{}, errTokenResponse(nil)
	}
	c, err := s.Calls.GetCall(ctx, callID)
	if errors.Is(err, ErrCallNotFound) {
		return Call{}, errTokenResponse(nil)
	}
	if err != nil {
		return Call{}, err
	}
	if _, err := s.Tokens.VerifyFor(ctx, token, role, c); err != nil {
		return Call{}, errTokenResponse(nil)
	}
	if c, err = s.expireIfDue(ctx, c); err != nil || c.State.Final() {
		return c, err
	}
	return s.heartbeat(ctx, c, role), nil
}

// heartbeat records that role's page polled c, when its last recorded
// poll is HeartbeatEvery old: a write of the call at its version, which
// moves the provider's reservation on. Only the polls the call's deadline
// reads are recorded: the user's while it rings or is connected, the
// provider's while connected. A write that loses a race changes nothing
// the request needs: the next poll records it.
func (s Sessions) heartbeat(ctx context.Context, c Call, role Role) Call {
	if c.State != StateConnected && (c.State != StateRinging || role != RoleUser) {
		return c
	}
	now := s.Now().UTC()
	seen := &c.UserSeenAt
	if role == RoleProvider {
		seen = &c.ProviderSeenAt
	}
	if *seen != nil && now.Sub(**seen) < HeartbeatEvery {
		return c
	}
	next := c
	if role == RoleProvider {
		next.ProviderSeenAt = &now
	} else {
		next.UserSeenAt = &now
	}
	if err := s.Calls.TouchCall(ctx, next); err != nil {
		if s.Log != nil && !errors.Is(err, ErrConflict) {
			s.Log.WarnContext(ctx, "call poll not recorded", slog.String("call_id", c.ID), slog.String("error", err.Error()))
		}
		return c
	}
	return next
}

// OpenEither is Open for routes both parties use: the token's role is
// whichever it verifies as.
func (s Sessions) OpenEither(ctx context.Context, callID, token string) (Call, Role, error) {
	c, err := s.Open(ctx, callID, token, RoleUser)
	if err == nil {
		return c, RoleUser, nil
	}
	c, err2 := s.Open(ctx, callID, token, RoleProvider)
	if err2 == nil {
		return c, RoleProvider, nil
	}
	// Either role is admitted here: a provider's token refused as a
	// caller's says why it was refused as a provider's.
	var apiErr *apperr.Error
	if errors.As(err, &apiErr) && apiErr.Details == detailsProviderLink {
		return Call{}, "", err2
	}
	return Call{}, "", err
}

// expireIfDue moves a call past its Deadline (not joined, or not
// answered, in time) to expired.
func (s Sessions) expireIfDue(ctx context.Context, c Call) (Call, error) {
	due := c.Deadline()
	if due.IsZero() || s.Now().Before(due) {
		return c, nil
	}
	to, reason, left := c.lapse()
	next, err := s.move(ctx, c, to, func(c *Call) { c.EndReason, c.EndedBy = reason, string(left) })
	if errors.Is(err, ErrConflict) {
		return s.Calls.GetCall(ctx, c.ID)
	}
	return next, err
}

// move writes c in state to, applying edit, conditional on the version
// read: a racing writer makes it fail with ErrConflict.
func (s Sessions) move(ctx context.Context, c Call, to State, edit func(*Call)) (Call, error) {
	if c.State != to && !c.State.CanMove(to) {
		return c, errState(c.State, c.EndReason, "moving it to "+string(to))
	}
	now := s.Now().UTC()
	edit(&c)
	switch to {
	case StateRinging:
		if c.RingingAt == nil {
			c.RingingAt = &now
		}
	case StateConnected:
		c.ConnectedAt = &now
	case StateEnded, StateExpired, StateCancelled:
		c.EndedAt = &now
	}
	if c.EndReason == ReasonAbandoned {
		// Over when the side that left was last seen, not when the
		// other side (or anyone) noticed.
		left := c.Seen(Role(c.EndedBy))
		c.EndedAt = &left
	}
	c.State, c.UpdatedAt, c.Version = to, now, c.Version+1
	if err := s.Calls.UpdateCall(ctx, c); err != nil {
		return c, err
	}
	if s.Log != nil {
		s.Log.InfoContext(ctx, "call state", slog.String("call_id", c.ID), slog.String("zba_id", c.ZBAID),
			slog.String("state", string(to)), slog.Float64("duration_s", c.Duration().Seconds()))
	}
	return c, nil
}

// nowPtr is the time now, for a step that records its side's poll.
func (s Sessions) nowPtr() *time.Time {
	now := s.Now().UTC()
	return &now
}

// conflict answers a write that lost a race: the page reads again.
func conflict(err error) error {
	if errors.Is(err, ErrConflict) {
		return &apperr.Error{Code: apperr.CodeInvalidParameter, Message: "Call changed",
			Details: "The call changed meanwhile; read its state and retry.", HTTPStatus: 409, Err: err}
	}
	return err
}

// View is what role sees of c.
func (s Sessions) View(c Call, role Role) View {
	v := View{CallID: c.ID, State: c.State, ProviderName: c.ProviderName, CreatedAt: c.CreatedAt,
		EndReason: c.EndReason, PollMS: PollInterval.Milliseconds(), DurationS: c.Duration().Seconds()}
	switch c.State {
	case StateCreated:
		at := c.JoinDeadline()
		v.JoinDeadline = &at
	case StateRinging:
		at := c.RingDeadline()
		v.RingDeadline = &at
	}
	if !c.State.Final() {
		v.ICEServers = s.ICEServers
		if len(v.ICEServers) == 0 {
			v.ICEServers = DefaultICEServers
		}
	}
	switch role {
	case RoleUser:
		v.CallerName = c.CallerName
		if c.State == StateConnected {
			v.Answer = c.Answer
		}
		if c.State.Final() {
			v.RedirectURL = c.RedirectURL
		}
	case RoleProvider:
		v.CallerName, v.Query = c.CallerName, c.Query
		if c.State == StateRinging {
			v.Offer = c.Offer
		}
	}
	return v
}

// checkSDP admits a complete session description of bounded size.
func checkSDP(field, sdp string) error {
	switch {
	case sdp == "":
		return missing(field, "required: the complete session description, ICE candidates included")
	case len(sdp) > MaxSDPBytes:
		return invalid(field, fmt.Sprintf("at most %d bytes", MaxSDPBytes))
	case !utf8.ValidString(sdp) || !strings.HasPrefix(sdp, "v=0"):
		return invalid(field, "not a session description (it starts with v=0)")
	}
	return nil
}

// Offer stores the user's complete offer: the call rings at its provider.
// A page that reloads while ringing offers again, replacing the offer.
func (s Sessions) Offer(ctx context.Context, callID, token, sdp string) (View, error) {
	if err := checkSDP("sdp", sdp); err != nil {
		return View{}, err
	}
	c, err := s.Open(ctx, callID, token, RoleUser)
	if err != nil {
		return View{}, err
	}
	if c.State != StateCreated && c.State != StateRinging {
		return View{}, errState(c.State, c.EndReason, stepOffer)
	}
	c, err = s.move(ctx, c, StateRinging, func(c *Call) { c.Offer, c.UserSeenAt = sdp, s.nowPtr() })
	if err != nil {
		return View{}, conflict(err)
	}
	return s.View(c, RoleUser), nil
}

// Answer is the provider accepting the call with their complete answer.
func (s Sessions) Answer(ctx context.Context, callID, token, sdp string) (View, error) {
	if err := checkSDP("sdp", sdp); err != nil {
		return View{}, err
	}
	c, err := s.Open(ctx, callID, token, RoleProvider)
	if err != nil {
		return View{}, err
	}
	if c.State != StateRinging {
		return View{}, errState(c.State, c.EndReason, stepAnswer)
	}
	c, err = s.move(ctx, c, StateConnected, func(c *Call) { c.Answer, c.ProviderSeenAt = sdp, s.nowPtr() })
	if err != nil {
		return View{}, conflict(err)
	}
	return s.View(c, RoleProvider), nil
}

// Decline is the provider refusing a call that has not connected.
func (s Sessions) Decline(ctx context.Context, callID, token string) (View, error) {
	c, err := s.Open(ctx, callID, token, RoleProvider)
	if err != nil {
		return View{}, err
	}
	if c.State != StateCreated && c.State != StateRinging {
		return View{}, errState(c.State, c.EndReason, stepDecline)
	}
	c, err = s.move(ctx, c, StateCancelled, func(c *Call) { c.EndedBy, c.EndReason = string(RoleProvider), ReasonDeclined })
	if err != nil {
		return View{}, conflict(err)
	}
	return s.View(c, RoleProvider), nil
}

// Hangup ends the call for both: a connected call ends, one not yet
// connected is cancelled. Hanging up a call that is over changes nothing.
func (s Sessions) Hangup(ctx context.Context, callID, token string) (View, error) {
	c, role, err := s.OpenEither(ctx, callID, token)
	if err != nil {
		return View{}, err
	}
	if c.State.Final() {
		return s.View(c, role), nil
	}
	to := StateCancelled
	if c.State == StateConnected {
		to = StateEnded
	}
	c, err = s.move(ctx, c, to, func(c *Call) { c.EndedBy, c.EndReason = string(role), ReasonHungUp })
	if err != nil {
		return View{}, conflict(err)
	}
	return s.View(c, role), nil
}

// State is the call as the token's holder sees it.
func (s Sessions) State(ctx context.Context, callID, token string) (View, error) {
	c, role, err := s.OpenEither(ctx, callID, token)
	if err != nil {
		return View{}, err
	}
	return s.View(c, role), nil
}

// Page checks a page's token before the page is served.
func (s Sessions) Page(ctx context.Context, callID, token string, role Role) error {
	if role == RoleUser {
		_, err := s.Open(ctx, callID, token, role)
		return err
	}
	_, err := s.provider(ctx, token)
	return err
}

// provider checks a provider's token for the routes that name no call
// (the page, the list): as Verify does, and that it is of the provider's
// current link generation (one read of the provider's status item).
func (s Sessions) provider(ctx context.Context, token string) (Claims, error) {
	cl, err := s.Tokens.Verify(ctx, token, RoleProvider)
	if err != nil {
		if errors.Is(err, ErrToken) {
			return cl, errTokenResponse(err)
		}
		return cl, apperr.Internal(err)
	}
	gen, err := s.Calls.ProviderLinkGen(ctx, cl.ZBAID, cl.ProviderID)
	switch {
	case errors.Is(err, ErrProviderNotFound) || (err == nil && gen != cl.LinkGen):
		return cl, apperr.New(apperr.CodeTokenInvalid, detailsProviderRevoked)
	case err != nil:
		return cl, err
	}
	return cl, nil
}

// Incoming lists the provider's calls that still need them: ringing
// (waiting to be accepted) or connected. A call is created at most
// UserTokenLifetime before its user's last request.
func (s Sessions) Incoming(ctx context.Context, token string) ([]View, error) {
	cl, err := s.provider(ctx, token)
	if err != nil {
		return nil, err
	}
	calls, err := s.Calls.ListProviderCalls(ctx, cl.ZBAID, cl.ProviderID, s.Now().Add(-UserTokenLifetime))
	if err != nil {
		return nil, err
	}
	out := []View{}
	for _, c := range calls {
		// A call past its deadline is over, though nobody has read it
		// since (it rang out, or a side left it).
		live := c.State == StateRinging || c.State == StateConnected
		if live && s.Now().Before(c.Deadline()) {
			v := s.View(c, RoleProvider)
			v.Offer, v.ICEServers = "", nil // read with the call's own state
			out = append(out, v)
		}
	}
	return out, nil
}
