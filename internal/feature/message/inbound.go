package message

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/template"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/platform/apperr"
	"svc/internal/platform/logging"
	"svc/internal/platform/textfold"
)

// NetworkEvent is one event the network reports about a sender number: the
// statuses of messages it sent and the messages users sent to it. The
// transport decodes it from the network's own envelope (End User Messaging
// Social's SNS notification; the local simulator publishes the same), so
// the domain never sees that format.
type NetworkEvent struct {
	// PhoneNumberID is the sender number the event is about
	// (metadata.phone_number_id): svc's phoneNumberId of the sender.
	PhoneNumberID string
	Statuses      []NetworkStatus
	Messages      []NetworkMessage
}

// NetworkStatus is one status of a message svc sent.
type NetworkStatus struct {
	// NetworkID is the network's id of the message (statuses[].id).
	NetworkID string
	// Status is sent, delivered, read or failed; others are ignored.
	Status Status
	At     time.Time
	// RecipientID is the recipient as the network names it.
	RecipientID string
	// CallbackData is the biz_opaque_callback_data the network echoes:
	// svc sends its own message id there (see networkBody), which is how a
	// status finds its message whatever id the network gave it.
	CallbackData string
	// Failure is the error of a failed status.
	Failure *Failure
}

// NetworkMessage is one message a user sent to the sender.
type NetworkMessage struct {
	// ID is the network's id of the message: redeliveries carry the same.
	ID   string
	From string
	// ProfileName is the user's profile name, when the network gave one.
	ProfileName string
	At          time.Time
	Type        string
	// Object is the type's object (messages[][type]) as reported; nil
	// without one (an unsupported message has none).
	Object json.RawMessage
	// Errors is messages[].errors as reported (a JSON array: why the
	// network could not give the message); nil without.
	Errors json.RawMessage
	// Context is what the message replies to or quotes, as reported
	// ({from, id} with the network's id); nil without one.
	Context json.RawMessage
}

// Text is the body of a text message, or the text of a button reply; "" for
// other types.
func (m NetworkMessage) Text() string {
	var o struct {
		Body string `json:"body"`
		Text string `json:"text"`
	}
	if len(m.Object) == 0 || json.Unmarshal(m.Object, &o) != nil {
		return ""
	}
	switch m.Type {
	case "text":
		return o.Body
	case "button":
		return o.Text
	}
	return ""
}

// OutcomeRecorder feeds a template's quality (quality.Service).
type OutcomeRecorder interface {
	RecordOutcome(ctx context.Context, zbaID, name, language string, o template.Outcome) error
}

// InboundStore is what the inbound path keeps beyond the send store.
type InboundStore interface {
	Store
	// MarkInboundSeen records that the network's message id of a user's
	// message to phoneID was handled; false when it already was.
	MarkInboundSeen(ctx context.Context, phoneID, networkID string, at time.Time) (bool, error)
	// SetLastTemplate records the template a ZBA last delivered to a
	// recipient; LastTemplate reads it (nil when none).
	SetLastTemplate(ctx context.Context, zbaID, recipient string, t TemplateRef, at time.Time) error
	LastTemplate(ctx context.Context, zbaID, recipient string) (*TemplateRef, error)
}

// Inbound handles the network's events: statuses move messages forward and
// are forwarded to the ZBA's webhook; users' messages open the 24-hour
// window, record STOP and START, and are forwarded.
type Inbound struct {
	Store InboundStore
	// Events is the webhook queue.
	Events delivery.Enqueuer
	// Quality is fed the outcomes of template messages; nil feeds nothing.
	Quality OutcomeRecorder
	// Statuses is told what each status of a known message did; nil
	// tells no one.
	Statuses StatusObserver
	Now      func() time.Time
	Log      *slog.Logger
	// Grace is how long a move's webhook is left to the attempt that
	// wrote the move: a repeated event within it pays nothing (that attempt
	// may still be queueing it), a redelivery after it pays what is still
	// owed. The consumer's timeout, which the queue's visibility timeout
	// exceeds; 0 pays at once.
	Grace time.Duration
}

// StatusObserver is told the outcome of each status of a known message:
// moved, or not (repeated, late, or after a final status).
type StatusObserver interface {
	StatusOutcome(m Message, status Status, moved bool)
}

// Handle handles one event. It returns an error only for what a retry may
// cure (a store or the queue failing); an event about an unknown message or
// sender is logged and dropped.
func (h Inbound) Handle(ctx context.Context, e NetworkEvent) error {
	var errs []error
	for _, st := range e.Statuses {
		errs = append(errs, h.status(ctx, st))
	}
	for _, m := range e.Messages {
		errs = append(errs, h.message(ctx, e.PhoneNumberID, m))
	}
	return errors.Join(errs...)
}

// statusOutcomes are what each status tells the template's quality.
var statusOutcomes = map[Status]template.Outcome{StatusDelivered: template.OutcomeDelivered, StatusRead: template.OutcomeRead,
	StatusFailed: template.OutcomeFailed}

func (h Inbound) status(ctx context.Context, st NetworkStatus) error {
	if st.Status != StatusSent && st.Status != StatusDelivered && st.Status != StatusRead && st.Status != StatusFailed {
		h.Log.Info("status ignored", slog.String("status", string(st.Status)), slog.String("network_id", st.NetworkID))
		return nil
	}
	if !ValidID(st.CallbackData) {
		h.Log.Warn("status of a message svc did not send", slog.String("network_id", st.NetworkID))
		return nil
	}
	m, err := h.Store.GetMessage(ctx, st.CallbackData)
	if errors.Is(err, ErrNotFound) {
		h.Log.Warn("status of an unknown message", slog.String("message_id", st.CallbackData))
		return nil
	}
	if err != nil {
		return err
	}
	if st.Status == StatusFailed && st.Failure == nil {
		st.Failure = &Failure{Code: int(apperr.CodeInternal), Title: apperr.CodeInternal.Title(), Details: "the network reported no error"}
	}
	at := st.At
	if at.IsZero() {
		at = h.Now()
	}
	at = at.UTC()
	var f *Failure
	if st.Status == StatusFailed {
		f = st.Failure
	}
	// A status the record read has already passed (the network's "sent"
	// after dispatch wrote it, a repeat, a late one) cannot move it: the
	// conditional write is skipped, which would fail and still cost one.
	moved := false
	if m.Status.CanMoveTo(st.Status) {
		if moved, err = h.Store.Advance(ctx, m.ID, st.Status, at, f); err != nil {
			return err
		}
	}
	if h.Statuses != nil {
		h.Statuses.StatusOutcome(m, st.Status, moved)
	}
	if !moved {
		// A late or repeated status changes nothing, unless it is the
		// redelivery of an event whose move was written and whose webhook
		// never left (the process died, or the queue refused it): the
		// record, read before the move, still owes it.
		if !owedDue(m, st.Status, h.Now(), h.Grace) {
			return nil
		}
		h.Log.Info("owed status webhook queued", slog.String("message_id", m.ID), slog.String("status", string(st.Status)))
		return queueOwed(ctx, h.Store, h.Events, h.Log, m, st.Status)
	}
	h.Log.Info("message status", slog.String("message_id", m.ID), slog.String("status", string(st.Status)))
	// Counted before the webhook: a retry after a refused enqueue finds
	// the status moved and counts nothing again.
	h.feedQuality(ctx, m, st.Status, at)
	return queueStatus(ctx, h.Store, h.Events, h.Log, m, st.Status, at, f)
}

// queueStatus queues the status webhook of a move of m to status at at,
// then settles the webhook the move recorded as owed. A failed enqueue is
// returned, so the event or job is delivered again and finds the webhook
// still owed; the webhook-id is the same on every try.
func queueStatus(ctx context.Context, store Store, events delivery.Enqueuer, log *slog.Logger, m Message, status Status, at time.Time, f *Failure) error {
	if events == nil {
		return fmt.Errorf("message %s: %s webhook: no webhook queue", m.ID, status)
	}
	ws := webhook.Status{MessageID: m.ID, Status: string(status), At: at, RecipientID: m.To,
		BizOpaqueCallbackData: m.BizOpaqueCallbackData, Pricing: pricing(m, status)}
	if f != nil {
		ws.Error = &webhook.StatusError{Code: f.Code, Title: f.Title, Details: f.Details}
	}
	ev, err := webhook.MessageStatus(m.ZBAID, webhook.Metadata{DisplayPhoneNumber: m.From, PhoneNumberID: m.PhoneNumberID}, ws)
	if err != nil {
		// A record that cannot make a webhook never will: no retry helps.
		// It stays owed, for an operator to see.
		log.Error("status webhook not made", slog.String("message_id", m.ID), slog.String("status", string(status)),
			slog.String("error", err.Error()))
		return nil
	}
	if err := events.Enqueue(ctx, delivery.NewJob(ev)); err != nil {
		return fmt.Errorf("message %s: queue %s webhook: %w", m.ID, status, err)
	}
	if err := store.Settle(ctx, m.ID, status); err != nil {
		// The webhook is queued: at least once holds. Left owed, it is
		// queued again only if its event comes again (same webhook-id),
		// where a retry forced now would queue it again for sure.
		log.Warn("status webhook queued but not settled", slog.String("message_id", m.ID), slog.String("status", string(status)),
			slog.String("error", err.Error()))
	}
	return nil
}

// owedDue reports whether m owes the webhook of its move to status and
// the attempt that wrote the move is past grace: done, or dead.
func owedDue(m Message, status Status, now time.Time, grace time.Duration) bool {
	return m.Owes(status) && !now.Before(m.StatusTimes[status].Add(grace))
}

// queueOwed queues the webhook m still owes for status, from what the
// record kept of that move (its time and failure).
func queueOwed(ctx context.Context, store Store, events delivery.Enqueuer, log *slog.Logger, m Message, status Status) error {
	at := m.StatusTimes[status]
	if at.IsZero() {
		at = m.UpdatedAt
	}
	var f *Failure
	if status == StatusFailed {
		f = m.Failure
	}
	return queueStatus(ctx, store, events, log, m, status, at, f)
}

// feedQuality counts a template message's outcome. A read that skipped
// delivered (the network does not promise both) counts as delivered too.
func (h Inbound) feedQuality(ctx context.Context, m Message, to Status, at time.Time) {
	if m.Template == nil {
		return
	}
	t := *m.Template
	if to == StatusDelivered || to == StatusRead && m.Status.CanMoveTo(StatusDelivered) {
		if err := h.Store.SetLastTemplate(ctx, m.ZBAID, m.To, t, at); err != nil {
			h.Log.Warn("last template not recorded", slog.String("message_id", m.ID), slog.String("error", err.Error()))
		}
	}
	if h.Quality == nil {
		return
	}
	outcomes := []template.Outcome{}
	if to == StatusRead && m.Status.CanMoveTo(StatusDelivered) {
		outcomes = append(outcomes, template.OutcomeDelivered)
	}
	if o, ok := statusOutcomes[to]; ok {
		outcomes = append(outcomes, o)
	}
	for _, o := range outcomes {
		// The status is recorded whatever becomes of this count: a
		// template deleted since, say, has no quality left to move.
		if err := h.Quality.RecordOutcome(ctx, m.ZBAID, t.Name, t.Language, o); err != nil {
			h.Log.Warn("template outcome not counted", slog.String("message_id", m.ID), slog.String("outcome", string(o)),
				slog.String("error", err.Error()))
		}
	}
}

func (h Inbound) message(ctx context.Context, phoneID string, in NetworkMessage) error {
	if in.ID == "" || in.Type == "" {
		h.Log.Warn("inbound message without id or type dropped", slog.String("sender", phoneID))
		return nil
	}
	at := in.At
	if at.IsZero() {
		at = h.Now()
	}
	at = at.UTC()
	// The window opens when the user wrote, but never later than now: a
	// network clock running ahead (or a forged timestamp) would otherwise
	// keep it open past 24 hours of the service's time, letting free-form
	// sends through that the rule forbids.
	opened := at
	if now := h.Now().UTC(); opened.After(now) {
		opened = now
	}
	svc := Service{Store: h.Store}
	w, phone, err := svc.recordInbound(ctx, phoneID, in.From, opened)
	var ae *apperr.Error
	if errors.As(err, &ae) {
		// An unregistered sender or a malformed number: no retry helps.
		h.Log.Warn("inbound message dropped", slog.String("sender", phoneID), slog.String("from", logging.MaskPhone(in.From)),
			slog.String("reason", ae.Details))
		return nil
	}
	if err != nil {
		return err
	}
	optOut := OptOutWord(in.Text())
	if optOut != OptNone {
		// Before the message is marked seen, as everything here, so that a
		// retry after a crash still records it; the store orders changes
		// by their time, so a repeat, or an older message arriving late,
		// changes nothing.
		if _, err := h.Store.SetMarketingOptOut(ctx, w.ZBAID, in.From, optOut == OptOut, at); err != nil {
			return err
		}
	}
	ev, err := webhook.InboundMessage(w.ZBAID, webhook.Metadata{DisplayPhoneNumber: phone.Number, PhoneNumberID: phone.ID},
		webhook.Inbound{ID: in.ID, From: in.From, ProfileName: in.ProfileName, At: at, Type: in.Type, Object: in.Object,
			Errors: in.Errors, Context: in.Context})
	if err != nil {
		h.Log.Warn("inbound message not forwarded", slog.String("sender", phoneID), slog.String("error", err.Error()))
	} else if err := h.Events.Enqueue(ctx, delivery.NewJob(ev)); err != nil {
		// Retried: the window and opt-out are idempotent, and the event's
		// webhook-id is the same on every try.
		return fmt.Errorf("inbound %s: queue webhook: %w", in.ID, err)
	}
	first, err := h.Store.MarkInboundSeen(ctx, phoneID, in.ID, at)
	if err != nil {
		return err
	}
	h.Log.Info("inbound message", slog.String("sender", phoneID), slog.String("from", logging.MaskPhone(in.From)),
		slog.String("type", in.Type), slog.Bool("first", first))
	if first && optOut == OptOut && h.Quality != nil {
		// Counted once per network message: negative feedback on the
		// template the user last received from this ZBA.
		last, err := h.Store.LastTemplate(ctx, w.ZBAID, in.From)
		if err != nil {
			h.Log.Warn("last template not read", slog.String("error", err.Error()))
		} else if last != nil {
			if err := h.Quality.RecordOutcome(ctx, w.ZBAID, last.Name, last.Language, template.OutcomeOptedOut); err != nil {
				h.Log.Warn("opt-out not counted", slog.String("error", err.Error()))
			}
		}
	}
	return nil
}

// recordInbound opens the sender's window with from and returns it with
// the sender's registration.
func (s Service) recordInbound(ctx context.Context, phoneID, from string, at time.Time) (Window, account.Phone, error) {
	if err := ValidateRecipient(from); err != nil {
		return Window{}, account.Phone{}, err
	}
	found, err := s.Store.Lookup(ctx, Lookup{PhoneNumberID: phoneID, Sender: true})
	if err != nil {
		return Window{}, account.Phone{}, err
	}
	if found.Phone == nil {
		return Window{}, account.Phone{}, apperr.Newf(apperr.CodeSenderNotRegistered, "phone number id %s is not registered", phoneID)
	}
	w := Window{ZBAID: found.Phone.ZBAID, PhoneNumberID: phoneID, Recipient: from, LastInbound: at.UTC(), Until: at.UTC().Add(WindowLength)}
	return w, *found.Phone, s.Store.OpenWindow(ctx, w)
}

// OptChange is what a user's message says about marketing messages.
type OptChange int

// What a message may say.
const (
	OptNone OptChange = iota
	OptOut
	OptIn
)

// optWords are the whole messages (folded: lower case, no accents, no
// punctuation) that stop or restart marketing messages, in the supported
// languages (en, pt, es, fr, de).
var optWords = map[string]OptChange{
	"stop": OptOut, "stopall": OptOut, "unsubscribe": OptOut, "cancel": OptOut, "end": OptOut, "quit": OptOut,
	"stop promotions": OptOut,
	"parar":           OptOut, "sair": OptOut, "cancelar": OptOut, "descadastrar": OptOut,
	"baja": OptOut, "darme de baja": OptOut, "detener": OptOut,
	"arret": OptOut, "desabonner": OptOut, "desinscrire": OptOut,
	"stopp": OptOut, "abmelden": OptOut, "abbestellen": OptOut,
	"start": OptIn, "unstop": OptIn, "subscribe": OptIn,
	"comecar": OptIn, "iniciar": OptIn, "voltar": OptIn,
	"alta": OptIn, "reanudar": OptIn,
	"demarrer": OptIn, "reprendre": OptIn,
	"anmelden": OptIn,
}

// OptOutWord reads a message's text as an opt-out or opt-in word: the whole
// message, case, accents, surrounding spaces and punctuation aside.
func OptOutWord(text string) OptChange {
	if len(text) > 64 {
		return OptNone
	}
	var b strings.Builder
	for _, r := range strings.TrimSpace(text) {
		textfold.WriteRune(&b, r)
	}
	folded := strings.Trim(b.String(), " .!?¡¿,;:\"'")
	return optWords[strings.Join(strings.Fields(folded), " ")]
}
