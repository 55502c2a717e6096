package message

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/template"
	"svc/internal/platform/apperr"
	"svc/internal/platform/idempotency"
	"svc/internal/platform/logging"
	"svc/internal/platform/plainjson"
	"svc/internal/platform/ratelimit"
	"svc/internal/platform/settle"
)

// Store persists messages and the state a send is checked against: the
// 24-hour windows, marketing opt-outs and marketing counts. The sender and
// the template are the account and template features' records; Lookup
// reads what a send needs of them all in one call, and what only gates a
// marketing send (the opt-out, the count) is a condition of Accept's write
// rather than a read.
type Store interface {
	// Lookup reads what l names, in one call (none when it names nothing).
	Lookup(ctx context.Context, l Lookup) (Found, error)
	// Accept writes the accepted message, armed for dispatch at
	// a.DispatchDue, and in the same atomic write the idempotency
	// completion (when given) and the marketing count (when counted), on
	// the conditions a names. A lost lease fails it with
	// idempotency.ErrNoClaim, an opt-out with ErrOptedOut, a count at its
	// cap with ErrMarketingCap (the first of these that holds, in that
	// order); nothing is then written. A failure that may have written it
	// all the same (its answer lost) wraps ErrOutcomeUnknown; asking again
	// with the same acceptance then answers ErrExists if it was written.
	Accept(ctx context.Context, a Acceptance) error
	// GetMessage returns a message or ErrNotFound.
	GetMessage(ctx context.Context, id string) (Message, error)
	// Claim takes the message for dispatch until leaseUntil, if it is still
	// accepted and no live claim holds it, counts the attempt in
	// Message.DispatchAttempts in the same write, and returns it as
	// written; ErrNotClaimable otherwise, with the message as it is (read
	// by the same call, its attempts not counted), and ErrNotFound when
	// there is none.
	Claim(ctx context.Context, id string, now, leaseUntil time.Time) (Message, error)
	// MarkSent records the network's id and moves an accepted message to
	// sent, disarming its dispatch and adding sent to its owed webhooks
	// (Message.Owed) in the same write, and reports whether it moved it; a
	// message no longer accepted (a status of the network overtook the
	// dispatch) keeps its status and gets the network's id if it had none.
	MarkSent(ctx context.Context, id, networkID string, at time.Time) (bool, error)
	// MarkFailed moves an accepted message to failed with f, disarming its
	// dispatch, dropping its network body (Message.Body: a message failed
	// before it was sent never is, and the write that drops it shrinks the
	// record, so even one grown too large to claim can be failed) and
	// owing the failed webhook; as MarkSent, it changes nothing on a
	// message moved on.
	MarkFailed(ctx context.Context, id string, f Failure, at time.Time) (bool, error)
	// Advance moves a message forward to status to at at (with f, when
	// failing), on the condition that its status may move there
	// (Status.CanMoveTo), and adds to to its owed webhooks in the same
	// write: a late or repeated status changes nothing and reports false.
	// ErrNotFound when there is none. The statuses of the network's events
	// (delivered, read, failed) arrive through it.
	Advance(ctx context.Context, id string, to Status, at time.Time, f *Failure) (bool, error)
	// Settle removes status from the message's owed webhooks, once its
	// webhook is queued; a message that does not owe it, or does not
	// exist, is left alone (nil).
	Settle(ctx context.Context, id string, status Status) error
	// DueDispatches lists messages still armed for dispatch at or before
	// now, at most limit.
	DueDispatches(ctx context.Context, now time.Time, limit int) ([]string, error)
	// RearmDispatch moves a still-armed message's dispatch due time.
	RearmDispatch(ctx context.Context, id string, due time.Time) error
	// OpenWindow records an inbound message: the sender's window with the
	// recipient is open until w.Until.
	OpenWindow(ctx context.Context, w Window) error
	// SetMarketingOptOut records (or clears) a recipient's opt-out of a
	// ZBA's marketing messages as of at. Changes apply in the order of
	// their times, not of their arrival: one older than the change
	// recorded is ignored (false, nil), so a late or redelivered START
	// does not undo a later STOP, nor a late STOP a later START. It reports
	// whether the change was recorded.
	SetMarketingOptOut(ctx context.Context, zbaID, recipient string, optedOut bool, at time.Time) (bool, error)
}

// Lookup names what to read: a send reads the sender, the recipient's
// window and, for a template send, the template. A Lookup that names
// nothing costs no call.
type Lookup struct {
	ZBAID, PhoneNumberID, Recipient string
	// Sender reads the registration of PhoneNumberID.
	Sender bool
	// Template is the template of a template send to read; nil for none.
	Template *template.Ref
	// Window reads the 24-hour window of PhoneNumberID with Recipient;
	// OptOut the recipient's opt-out of ZBAID's marketing.
	Window, OptOut bool
}

// Found is what Lookup found.
type Found struct {
	// Phone is the sender's registration; nil when not registered (or not
	// read).
	Phone *account.Phone
	// Template is the template; nil when it does not exist (or not read).
	Template *template.Template
	// WindowUntil is when the window with the recipient closes (zero:
	// the recipient never wrote).
	WindowUntil time.Time
	// OptedOut reports the recipient's opt-out of the ZBA's marketing.
	OptedOut bool
}

// Acceptance is what accepting a send writes, and what the write is
// conditional on.
type Acceptance struct {
	Message     Message
	DispatchDue time.Time
	// Idempotency completes the request's idempotency record; nil without
	// the header.
	Idempotency *idempotency.Completion
	// Marketing, when set, counts the message against the recipient's
	// marketing cap.
	Marketing *MarketingCount
	// CheckOptOut makes the write conditional on the recipient not having
	// opted out of the ZBA's marketing (ErrOptedOut), so that an opt-out is
	// never read from anywhere but the store at the moment of the write.
	CheckOptOut bool
}

// MarketingCount is one message counted against the cap.
type MarketingCount struct {
	WindowStart time.Time
	Cap         int
	// ExpiresAt is when the count may be forgotten.
	ExpiresAt time.Time
}

// Window is an open 24-hour customer service window.
type Window struct {
	ZBAID, PhoneNumberID, Recipient string
	// LastInbound is when the recipient last wrote; Until is 24 hours on.
	LastInbound time.Time
	Until       time.Time
}

// WindowLength is the customer service window opened by a recipient's
// message.
const WindowLength = 24 * time.Hour

// Publisher queues a message body (the outbound queue).
type Publisher interface {
	Publish(ctx context.Context, body []byte) (string, error)
}

// Defaults of the send limits, each configurable (see the README's
// configuration table).
const (
	// DefaultSenderRate is the per-sender throughput, messages per second:
	// the compatible API's default for a phone number.
	DefaultSenderRate = 80
	// DefaultMarketingCap is how many marketing templates one recipient
	// gets from one ZBA in DefaultMarketingWindow.
	DefaultMarketingCap    = 2
	DefaultMarketingWindow = 24 * time.Hour
	// DispatchGrace is how long an accepted message waits for its queued
	// dispatch before the sweeper queues it again.
	DispatchGrace = time.Minute
	// DefaultDispatchAttempts is how many dispatches may claim a message
	// before it is failed (Dispatcher.MaxAttempts): at most one a lease,
	// brought by the queue's redeliveries or the sweeper's re-queues (one
	// a DispatchGrace), so some ten minutes of a network that keeps
	// failing.
	DefaultDispatchAttempts = 10
)

// Limits are the send limits in force.
type Limits struct {
	// Sender is the per-sender throughput limit (Window one second).
	Sender ratelimit.Policy
	// SenderBlock is the largest block of the sender's throughput tokens
	// an instance reserves at a time (Service.SenderBlocks), itself capped
	// at a tenth of Sender.Limit (ratelimit.BlockCap).
	SenderBlock int
	// MarketingCap per recipient and ZBA in MarketingWindow.
	MarketingCap    int
	MarketingWindow time.Duration
}

// DefaultLimits are the limits when nothing is configured.
var DefaultLimits = Limits{Sender: ratelimit.Policy{Limit: DefaultSenderRate, Window: time.Second}, SenderBlock: ratelimit.DefaultBlock,
	MarketingCap: DefaultMarketingCap, MarketingWindow: DefaultMarketingWindow}

// Service runs the send use cases.
type Service struct {
	Store  Store
	Queue  Publisher
	Now    func() time.Time
	Log    *slog.Logger
	Limits Limits
	// Rate counts sends per sender; its window is Limits.Sender's.
	Rate ratelimit.Counter
	// SenderBlocks holds the instance's reserved throughput tokens per
	// sender (blocks of at most Limits.SenderBlock); nil takes one token
	// from Rate per send.
	SenderBlocks *ratelimit.Blocks
	// Idempotency guards sends that carry the header.
	Idempotency idempotency.Guard
	// Settle bounds the settling of an acceptance whose answer was lost;
	// 0 is settle.Budget.
	Settle time.Duration
}

// SendInput is one send request as the transport received it.
type SendInput struct {
	ZBAID, PhoneNumberID string
	Method, Path         string
	Body                 []byte
	// IdempotencyKey is the header's value; "" without it.
	IdempotencyKey string
	HasKey         bool
	// KeyRepeated reports that the header was sent more than once
	// (idempotency.ErrRepeatedKey).
	KeyRepeated bool
}

// SendOutcome is the response to send: the stored one on a replay.
type SendOutcome struct {
	Status   int
	Body     []byte
	Replayed bool
	// release frees the request's Idempotency-Key once answered: a read
	// receipt is not recorded under it.
	release bool
}

// Response is the 200 body of a send: the interface's shape with the
// compatible API's contacts beside it. A Go client of the compatible API
// decodes it with unknown fields disallowed, so it holds only fields that
// client knows (contacts[] {input, wa_id}, not svc's own names).
type Response struct {
	MessagingProduct string            `json:"messaging_product"`
	Contacts         []ResponseContact `json:"contacts"`
	Messages         []ResponseMessage `json:"messages"`
}

// ResponseContact is the recipient of a Response: Input is the "to" as
// sent and WaID its digits, which svc's "to" already is (digits only).
type ResponseContact struct {
	Input string `json:"input"`
	WaID  string `json:"wa_id"`
}

// ResponseMessage is one accepted message of a Response.
type ResponseMessage struct {
	ID            string `json:"id"`
	MessageStatus string `json:"message_status,omitempty"`
}

// Send checks a send and accepts it: stores the message (with the
// idempotency record, in one transaction) and queues it for dispatch.
func (s Service) Send(ctx context.Context, in SendInput) (SendOutcome, error) {
	var claim *idempotency.Claim
	if in.HasKey {
		err := idempotency.ValidateKey(in.IdempotencyKey)
		if in.KeyRepeated {
			err = idempotency.ErrRepeatedKey
		}
		if err != nil {
			return SendOutcome{}, s.refuse(ctx, in, err)
		}
		fp := idempotency.Fingerprint(in.Method, in.Path, in.Body)
		c, replay, err := s.Idempotency.Begin(ctx, in.ZBAID, in.IdempotencyKey, fp)
		if errors.Is(err, idempotency.ErrConflict) {
			return SendOutcome{}, s.refuse(ctx, in, err)
		}
		if err != nil {
			return SendOutcome{}, err
		}
		if replay != nil {
			return SendOutcome{Status: replay.Status, Body: replay.Body, Replayed: true}, nil
		}
		claim = c
	}
	out, err := s.accept(ctx, in, claim)
	if (err != nil || out.release) && claim != nil {
		// Nothing was done, or nothing is recorded: the key may be used
		// again at once.
		if rerr := s.Idempotency.Release(ctx, claim); rerr != nil {
			s.Log.Warn("idempotency release failed", slog.String("error", rerr.Error()))
		}
	}
	return out, err
}

func (s Service) accept(ctx context.Context, in SendInput, claim *idempotency.Claim) (SendOutcome, error) {
	req, err := Decode(in.Body)
	if err == nil {
		err = Validate(req)
	}
	if err == nil {
		// svc's ids of messages referred to become the network's (refs.go).
		err = s.resolveRefs(ctx, in.ZBAID, in.PhoneNumberID, &req)
	}
	if err != nil {
		return SendOutcome{}, s.refuse(ctx, in, err)
	}
	if req.IsReceipt() {
		return s.receipt(ctx, in, req)
	}
	// The network body is written, and its size checked, before anything
	// is read, spent or stored: a send too large to store or hand on costs
	// nothing.
	id := NewID()
	netBody, err := networkBody(req, id)
	if err != nil {
		return SendOutcome{}, s.refuse(ctx, in, err)
	}
	now := s.Now().UTC()
	// The window is read for every send, in the same call: a free-form
	// message (a text, media, ...) needs it open, and a marketing template
	// sent inside it is not counted.
	l := Lookup{ZBAID: in.ZBAID, PhoneNumberID: in.PhoneNumberID, Recipient: req.To, Sender: true, Window: true}
	if req.Type == TypeTemplate {
		l.Template = &template.Ref{ZBAID: in.ZBAID, Name: req.Template.Name, Language: req.Template.Language.Code}
	}
	found, err := s.Store.Lookup(ctx, l)
	if err != nil {
		return SendOutcome{}, err
	}
	phone, err := checkSender(found.Phone, in.ZBAID, in.PhoneNumberID)
	if err != nil {
		return SendOutcome{}, err
	}
	if req.To == phone.Number {
		return SendOutcome{}, apperr.New(apperr.CodeRecipientIsSender, "to: the recipient is the sender's own number")
	}
	// A sender registered without an origination ARN is sent from its id,
	// which End User Messaging Social's OriginationPhoneNumberId also takes.
	m := Message{ID: id, ZBAID: in.ZBAID, PhoneNumberID: phone.ID, From: phone.Number, Origination: cmp.Or(phone.Origination, phone.ID),
		To: req.To, Type: req.Type, BizOpaqueCallbackData: req.BizOpaqueCallbackData, Status: StatusAccepted,
		StatusTimes: map[Status]time.Time{StatusAccepted: now}, CreatedAt: now, UpdatedAt: now, InWindow: found.WindowUntil.After(now)}
	if req.Context != nil {
		m.ReplyTo = req.Context.MessageID
	}
	a := Acceptance{DispatchDue: now.Add(DispatchGrace)}
	resp := Response{MessagingProduct: ProductSvc, Contacts: []ResponseContact{{Input: req.To, WaID: m.To}},
		Messages: []ResponseMessage{{ID: m.ID}}}
	switch req.Type {
	default: // a text, or another free-form type: only inside the window
		if !m.InWindow {
			return SendOutcome{}, apperr.New(apperr.CodeReengagement,
				"More than 24 hours have passed since the recipient last replied to this sender, or the recipient never wrote; only template messages may be sent to them.")
		}
		if req.Type == TypeText {
			m.Content = Content{Body: req.Text.Body, PreviewURL: req.WantsPreviewURL()}
		}
	case TypeTemplate:
		t := req.Template
		if err := CheckTemplateStatus(found.Template, t.Name, t.Language.Code); err != nil {
			return SendOutcome{}, err
		}
		if m.Content, err = Hydrate(*found.Template, *t); err != nil {
			return SendOutcome{}, err
		}
		category := found.Template.Category
		m.Template = &TemplateRef{Name: t.Name, Language: t.Language.Code, Category: category}
		if category == template.CategoryMarketing {
			// The opt-out and the count are conditions of the write, not
			// reads: one that arrives a moment before it is never missed.
			a.CheckOptOut = true
			// Marketing sent while the recipient's 24-hour window is open
			// is not counted against the per-user cap, as the compatible
			// API does not count it.
			if !m.InWindow {
				capStart := ratelimit.Policy{Limit: 1, Window: s.Limits.MarketingWindow}.WindowStart(now)
				a.Marketing = &MarketingCount{WindowStart: capStart, Cap: s.Limits.MarketingCap,
					ExpiresAt: capStart.Add(s.Limits.MarketingWindow).Add(time.Hour)}
			}
		}
		resp.Messages[0].MessageStatus = "accepted"
	}
	m.Body = netBody
	a.Message = m
	body, err := json.Marshal(resp)
	if err != nil {
		return SendOutcome{}, apperr.Internal(err)
	}
	if claim != nil {
		a.Idempotency = &idempotency.Completion{Claim: *claim, Response: idempotency.Response{Status: 200, Body: body}}
	}
	// The sender's throughput is spent last, on a send every check read
	// so far accepts: a refused send costs the sender none. The opt-out
	// and the marketing cap are conditions of the write itself, so a send
	// they refuse has spent its token.
	if err := s.throttle(ctx, phone.ID, now); err != nil {
		return SendOutcome{}, err
	}
	err = s.Store.Accept(ctx, a)
	if errors.Is(err, ErrOutcomeUnknown) {
		err = s.settle(ctx, a)
	}
	// Settling may outlive the request's budget: what remains (the
	// enqueue) gets a moment of its own rather than none.
	ctx, cancel := settle.Live(ctx)
	defer cancel()
	switch {
	case errors.Is(err, ErrExists):
		// The message's id is new to this request, so it exists because
		// an earlier attempt of this very write stored it (an SDK retry
		// after a lost answer, or settle): accepted.
	case errors.Is(err, ErrOptedOut):
		return SendOutcome{}, apperr.New(apperr.CodeMarketingOptOut, "The recipient has opted out of this business's marketing messages.")
	case errors.Is(err, ErrMarketingCap):
		return SendOutcome{}, marketingCapErr(s.Limits, a.Marketing.WindowStart.Add(s.Limits.MarketingWindow))
	case errors.Is(err, idempotency.ErrNoClaim):
		return SendOutcome{}, apperr.Unavailable(fmt.Errorf("send %s: %w", m.ID, err))
	case errors.Is(err, ErrOutcomeUnknown):
		return SendOutcome{}, &apperr.Error{Code: apperr.CodeUnavailable, Message: apperr.CodeUnavailable.Title(),
			Details: "The store did not confirm whether the message was accepted. With an Idempotency-Key, retry with the same key to learn which; without one, a retry may send it twice.",
			Err:     err}
	case err != nil:
		return SendOutcome{}, err
	}
	// The message is stored and armed: if this enqueue is lost, the
	// sweeper queues it once its dispatch is due.
	if _, err := s.Queue.Publish(ctx, DispatchJob{MessageID: m.ID}.Encode()); err != nil {
		s.Log.Warn("outbound enqueue failed; the sweeper will queue the message", slog.String("message_id", m.ID),
			slog.String("error", err.Error()))
	}
	s.Log.Info("message accepted", slog.String("message_id", m.ID), slog.String("zba_id", m.ZBAID),
		slog.String("to", logging.MaskPhone(m.To)), slog.String("type", m.Type))
	return SendOutcome{Status: 200, Body: body}, nil
}

// refuse answers a request refused before the sender was read (a malformed
// body or Idempotency-Key, or a key in use): a key not authorised for the
// sender gets 403 first, as on every other route, so a malformed request to
// another ZBA's sender learns nothing of what it would have been told. A key
// in use (idempotency.ErrConflict) on an unregistered sender is answered as
// the same request without the key would be, 133010: the key's history
// says nothing about a sender that could never send. A malformed body keeps
// its own error there, as without a key, where the body is checked before
// the sender. The sender is read here, only on this path: a valid request
// reads it with the rest of the send, in its one Lookup, so the happy path
// costs no extra call.
func (s Service) refuse(ctx context.Context, in SendInput, invalid error) error {
	found, err := s.Store.Lookup(ctx, Lookup{ZBAID: in.ZBAID, PhoneNumberID: in.PhoneNumberID, Sender: true})
	if err != nil {
		// Not known to be authorised: the store's error, not the request's.
		return err
	}
	otherZBA := found.Phone != nil && found.Phone.ZBAID != in.ZBAID
	unknown := found.Phone == nil && errors.Is(invalid, idempotency.ErrConflict)
	if otherZBA || unknown {
		_, err := checkSender(found.Phone, in.ZBAID, in.PhoneNumberID)
		return err
	}
	return invalid
}

// settle asks the store again, with the same acceptance, whether a write
// whose outcome is unknown happened (see package settle): the message's
// put is conditional on its absence, so the answer is ErrExists when the
// first attempt wrote it, the write itself (or its refusal) when it did
// not, and ErrOutcomeUnknown only when the store stays silent for the
// budget (Service.Settle).
func (s Service) settle(ctx context.Context, a Acceptance) error {
	_, err := settle.Until(ctx, s.Settle, func(ctx context.Context) (bool, error) {
		err := s.Store.Accept(ctx, a)
		return !errors.Is(err, ErrOutcomeUnknown), err
	})
	return err
}

// marketingCapErr says how many marketing messages the window allows and
// when it ends: the windows are fixed, not rolling.
func marketingCapErr(l Limits, resets time.Time) error {
	return apperr.Newf(apperr.CodeMarketingLimit,
		"The recipient has received %d marketing messages from this business in the current %s window, the most allowed; it ends at %s.",
		l.MarketingCap, windowLength(l.MarketingWindow), resets.UTC().Format(time.RFC3339))
}

// windowLength is a window's length as people write it ("24-hour").
func windowLength(d time.Duration) string {
	switch {
	case d%time.Hour == 0:
		return strconv.Itoa(int(d/time.Hour)) + "-hour"
	case d%time.Minute == 0:
		return strconv.Itoa(int(d/time.Minute)) + "-minute"
	}
	return d.String()
}

// checkSender answers a sender that may not send: unknown 133010, another
// ZBA's 403 (code 200, revealing nothing of it), display name not approved
// 131037.
func checkSender(p *account.Phone, zbaID, phoneID string) (account.Phone, error) {
	if err := ownSender(p, zbaID, phoneID, "send from"); err != nil {
		return account.Phone{}, err
	}
	switch {
	case p.DisplayNameStatus != account.DisplayNameApproved && p.DisplayNameStatus != "":
		return account.Phone{}, apperr.Newf(apperr.CodeDisplayNameNotOK, "The display name of phone number id %s is %s, not approved; it cannot send yet.",
			phoneID, strings.ToLower(string(p.DisplayNameStatus)))
	}
	return *p, nil
}

// ownSender answers a sender that is not the ZBA's: unknown 133010, another
// ZBA's 403 (code 200, revealing nothing of it); action says what the key
// may not do with it ("send from", "read messages of").
func ownSender(p *account.Phone, zbaID, phoneID, action string) error {
	switch {
	case p == nil:
		return apperr.Newf(apperr.CodeSenderNotRegistered, "phone number id %s is not a registered sender of this business account", phoneID)
	case p.ZBAID != zbaID:
		return apperr.Newf(apperr.CodeNotAuthorized, "The API key is not authorised to %s phone number id %s.", action, phoneID)
	}
	return nil
}

// senderRateKey names a sender's throughput counter; the colon keeps it
// apart from the ZBA ids the management limit counts under.
func senderRateKey(phoneID string) string { return "sender:" + phoneID }

func (s Service) throttle(ctx context.Context, phoneID string, now time.Time) error {
	l := ratelimit.Limiter{Policy: s.Limits.Sender, Counter: s.Rate, Now: func() time.Time { return now }, Blocks: s.SenderBlocks}
	d, err := l.Allow(ctx, senderRateKey(phoneID))
	if err != nil {
		return err
	}
	if d.Allowed {
		return nil
	}
	return &apperr.Error{Code: apperr.CodeRateLimit, Message: apperr.CodeRateLimit.Title(),
		Details: fmt.Sprintf("Throughput limit of %d messages per %d seconds reached for this sender; retry after %d seconds (Retry-After).",
			d.Limit, int(d.Window/time.Second), d.ResetSeconds()),
		RetryAfterSeconds: d.ResetSeconds()}
}

// MaxNetworkBodyBytes caps the network body of a send (networkBody), which
// the message record keeps until the message is sent: the request's own
// cap, so that the record stays far below DynamoDB's 400 KB item limit
// whatever the body holds. The network body can outgrow the request a
// little (the fields svc adds, U+2028 and U+2029 written as escapes), so
// a request just under MaxRequestBytes may still meet this cap.
const MaxNetworkBodyBytes = MaxRequestBytes

// networkBody is the message in the compatible API's JSON, as the network
// takes it: its own messaging_product, the recipient, the type and the
// type's object (a free-form type's as networkObject writes it), with
// preview_url where the compatible API reads it, written by plainjson (a
// "&" stays one byte, not encoding/json's six). One over
// MaxNetworkBodyBytes is 400 code 100.
//
// biz_opaque_callback_data carries the message's svc id, which the network
// echoes in every status of the message: statuses find their message by it
// whatever id the network gave (the sender's own callback data is kept on
// the record and echoed in svc's webhooks).
func networkBody(r Request, id string) ([]byte, error) {
	out := map[string]any{"messaging_product": ProductCompatible, "recipient_type": "individual", "to": r.To, "type": r.Type}
	switch r.Type {
	case TypeText:
		t := map[string]any{"body": r.Text.Body}
		if r.WantsPreviewURL() {
			t["preview_url"] = true
		}
		out["text"] = t
	case TypeTemplate:
		out["template"] = r.Template
	default:
		out[r.Type] = r.networkObject()
	}
	out["biz_opaque_callback_data"] = id
	if r.Context != nil {
		out["context"] = map[string]string{"message_id": r.Context.MessageID}
	}
	b, err := plainjson.Marshal(out)
	if err != nil {
		return nil, apperr.Internal(fmt.Errorf("network body: %w", err))
	}
	if len(b) > MaxNetworkBodyBytes {
		return nil, invalid("The message as the network gets it would be %d bytes, over the limit of %d; shorten its texts or send fewer contacts.",
			len(b), MaxNetworkBodyBytes)
	}
	return b, nil
}

// DispatchJob is the outbound queue's message: the id of a message to hand
// to the network, or a read receipt to relay (which has no record).
type DispatchJob struct {
	MessageID string   `json:"message_id,omitempty"`
	Receipt   *Receipt `json:"receipt,omitempty"`
}

// Encode is the job's queue body.
func (j DispatchJob) Encode() []byte {
	b, _ := plainjson.Marshal(j) // strings and a checked receipt always marshal
	return b
}

// DecodeDispatchJob reads a queue body: a message id, or a receipt whole.
func DecodeDispatchJob(body []byte) (DispatchJob, error) {
	var j DispatchJob
	err := json.Unmarshal(body, &j)
	switch {
	case err == nil && j.Receipt == nil && ValidID(j.MessageID):
		return j, nil
	case err == nil && j.Receipt != nil && j.MessageID == "" && j.Receipt.valid():
		return j, nil
	}
	return DispatchJob{}, fmt.Errorf("outbound job: neither a message id nor a read receipt: %q", body)
}

// RecordInbound records that a recipient wrote to a sender at at: it
// opens the sender's 24-hour window with them. The inbound consumer calls
// it for every inbound message; the local stack's `make inbound` calls it
// directly.
func (s Service) RecordInbound(ctx context.Context, phoneID, from string, at time.Time) (Window, error) {
	w, _, err := s.recordInbound(ctx, phoneID, from, at)
	return w, err
}

// SetMarketingOptOut records a recipient's opt-out of a ZBA's marketing
// messages (or its withdrawal) as an operator's action; a recipient's own
// STOP or START reply is recorded by the inbound consumer (Inbound.message).
func (s Service) SetMarketingOptOut(ctx context.Context, zbaID, recipient string, optedOut bool) error {
	if err := account.ValidateZBAID(zbaID); err != nil {
		return err
	}
	if err := ValidateRecipient(recipient); err != nil {
		return err
	}
	_, err := s.Store.SetMarketingOptOut(ctx, zbaID, recipient, optedOut, s.Now().UTC())
	return err
}
