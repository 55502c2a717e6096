// Package netsim is the network simulator of the local stack: the network
// messages leave through when svc runs on the emulators (make run, the
// end-to-end tests), in place of AWS End User Messaging Social. It is a
// component of the local stack, not a test double: it checks what it is
// given as the real network would, gives each accepted message a network
// id, keeps what was sent for the developer and the tests to read, and can
// be scripted to refuse a recipient or to fail transiently.
//
// Recipients' statuses (sent, delivered, read, failed) are played by an
// Observer, called after each accepted send with the message and the
// simulator's timing: the simulator itself only accepts or refuses.
//
// It is local code: only the local stack's wiring links it, never a Lambda.
package netsim

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"svc/internal/feature/message"
	"svc/internal/platform/logging"
)

// DefaultCapacity is how many sent messages a simulator keeps unless told
// otherwise: with bodies bounded by the send route's request size (a few
// KB each), tens of MB at most for a local stack that runs for days.
const DefaultCapacity = 10000

// Interface error codes the simulator answers with (the customer's
// interface document, error codes table), the codes the AWS adapter maps
// the service's refusals to.
const (
	// CodeMissingParameter: the body lacks "to", "type" or the object of
	// its type (a read receipt, its message_id).
	CodeMissingParameter = 131008
	// CodeInvalidParameter: the body is not a JSON object, a status
	// update sets a status other than read, or a read receipt names a
	// message the sender never received.
	CodeInvalidParameter = 131009
	// CodeUndeliverable: a recipient scripted to refuse.
	CodeUndeliverable = 131026
	// CodeSenderNotRegistered: the sender has no origination number.
	CodeSenderNotRegistered = 133010
)

// Timing is how the simulated recipients take their time: the delays
// between a message's acceptance and its statuses, which the status player
// (an Observer) follows. The simulator accepts or refuses at once.
type Timing struct {
	// Sent, Delivered and Read are each measured from the previous status
	// (Sent from the acceptance).
	Sent, Delivered, Read time.Duration
}

// DefaultTiming is quick enough for a developer at make run to watch the
// statuses arrive and slow enough to see them in order.
var DefaultTiming = Timing{Sent: 200 * time.Millisecond, Delivered: 500 * time.Millisecond, Read: 2 * time.Second}

// Sent is one message the simulator accepted.
type Sent struct {
	// NetworkID is the id the simulator gave the message (wamid.-style);
	// "" for a read receipt, which gets none.
	NetworkID string
	// PhoneNumberID is svc's id of the sender; Origination its origination
	// number in the network.
	PhoneNumberID string
	Origination   string
	// To and Type are read from the body; a read receipt has no To and
	// the Type TypeReadReceipt.
	To   string
	Type string
	// Body is the message as sent (a copy).
	Body []byte
	// At is when the simulator accepted it, by its clock.
	At time.Time
	// Seq numbers the accepted messages of this simulator from 1, in order.
	Seq uint64
}

// Observer is told of each accepted message, after Send has recorded it
// and before Send returns, outside the simulator's lock (it may call the
// simulator). It must not block: work that takes time (statuses after
// delays) belongs in a goroutine of its own, which may follow timing.
type Observer func(s Sent, timing Timing)

// Script is how the simulated recipient of one number behaves. The zero
// Script accepts every message.
type Script struct {
	// Refuse refuses every message to the number, permanently, as
	// undeliverable (131026): a number not on WhatsApp.
	Refuse bool
	// FailTimes fails the next FailTimes messages to the number with a
	// plain error, as a throttled or unavailable network does, so that the
	// sender retries; each failure counts one down.
	FailTimes int
	// Undeliverable accepts messages to the number and then reports them
	// failed (131026) after sent, as the real network reports a recipient
	// it cannot reach (Recipients plays it).
	Undeliverable bool
	// NeverRead stops a message's statuses at delivered.
	NeverRead bool
}

// Options configure a Simulator; the zero value is usable.
type Options struct {
	// Capacity bounds how many sent messages are kept, the oldest dropped
	// first; 0 means DefaultCapacity.
	Capacity int
	// Now is the simulator's clock; nil means time.Now.
	Now func() time.Time
	// Timing is the recipients' timing passed to the Observer; zero means
	// DefaultTiming.
	Timing Timing
	// Observer, when set, is told of each accepted message.
	Observer Observer
	// Log, when set, gets a line per message accepted or refused, the
	// recipient masked, so a developer at make run sees the traffic.
	Log *slog.Logger
}

// Simulator is the local stack's network. It is safe for concurrent use.
type Simulator struct {
	capacity int
	now      func() time.Time
	timing   Timing
	observer Observer
	log      *slog.Logger
	prefix   [8]byte // random per simulator, so ids differ across restarts

	mu      sync.Mutex
	seq     uint64
	sent    []Sent // a ring of at most capacity, oldest at start
	start   int
	scripts map[string]Script
	// received holds the users' messages the network delivered, by
	// sender and message id, the ones a read receipt may name: at most
	// capacity, the oldest forgotten first (receivedOrder).
	received      map[receivedKey]bool
	receivedOrder []receivedKey
}

// receivedKey is a user's message to a sender: svc's id of the sender and
// the network's id of the message.
type receivedKey struct{ phoneNumberID, messageID string }

var _ message.Network = (*Simulator)(nil)

// New returns a simulator with nothing sent and no recipient scripted.
func New(o Options) *Simulator {
	s := &Simulator{capacity: o.Capacity, now: o.Now, timing: o.Timing, observer: o.Observer, log: o.Log,
		scripts: map[string]Script{}, received: map[receivedKey]bool{}}
	if s.capacity <= 0 {
		s.capacity = DefaultCapacity
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.timing == (Timing{}) {
		s.timing = DefaultTiming
	}
	if _, err := rand.Read(s.prefix[:]); err != nil {
		panic(fmt.Sprintf("netsim: random id prefix: %v", err)) // crypto/rand does not fail on supported platforms
	}
	return s
}

// Timing is the recipients' timing the simulator was built with.
func (s *Simulator) Timing() Timing { return s.timing }

// Send checks m as the network would, applies the recipient's script, and
// records and returns the accepted message's network id. Refusals are
// permanent *message.NetworkError values; scripted transient failures are
// plain errors.
func (s *Simulator) Send(ctx context.Context, m message.Outbound) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	id, to, err := s.send(m)
	if err != nil {
		s.log.Info("network refused a message", slog.String("sender", m.PhoneNumberID),
			slog.String("to", logging.MaskPhone(to)), slog.String("error", err.Error()))
		return "", err
	}
	if id == "" {
		s.log.Info("network accepted a read receipt", slog.String("sender", m.PhoneNumberID))
		return "", nil
	}
	s.log.Info("network accepted a message", slog.String("sender", m.PhoneNumberID),
		slog.String("to", logging.MaskPhone(to)), slog.String("network_id", id))
	return id, nil
}

// send is Send without its logging; it returns the recipient read from the
// body for the log line.
func (s *Simulator) send(m message.Outbound) (id, to string, _ error) {
	if m.Origination == "" {
		return "", "", &message.NetworkError{Permanent: true, Code: CodeSenderNotRegistered, Title: "Sender not registered",
			Details: "the sender has no origination phone number in the network"}
	}
	to, typ, nerr := readBody(m.Body)
	if nerr != nil {
		return "", to, nerr
	}
	if typ == TypeReadReceipt {
		return "", "", s.receipt(m)
	}
	s.mu.Lock()
	sc := s.scripts[to]
	switch {
	case sc.Refuse:
		s.mu.Unlock()
		return "", to, &message.NetworkError{Permanent: true, Code: CodeUndeliverable, Title: "Message undeliverable",
			Details: "the recipient " + logging.MaskPhone(to) + " cannot receive messages"}
	case sc.FailTimes > 0:
		sc.FailTimes--
		s.scripts[to] = sc
		s.mu.Unlock()
		return "", to, fmt.Errorf("netsim: the network is unavailable for %s (%d more scripted failures)",
			logging.MaskPhone(to), sc.FailTimes)
	}
	s.seq++
	rec := Sent{NetworkID: s.networkID(s.seq), PhoneNumberID: m.PhoneNumberID, Origination: m.Origination,
		To: to, Type: typ, Body: append([]byte(nil), m.Body...), At: s.now(), Seq: s.seq}
	s.keep(rec)
	s.mu.Unlock()
	if s.observer != nil {
		told := rec
		told.Body = append([]byte(nil), rec.Body...) // the kept record stays as sent
		s.observer(told, s.timing)
	}
	return rec.NetworkID, to, nil
}

// TypeReadReceipt is the Type of a kept read receipt, whose body has none.
const TypeReadReceipt = "read_receipt"

// Received records that the network delivered the user's message
// messageID to the sender phoneNumberID (Recipients.Write calls it): a read
// receipt may name it from then on, as the real network accepts a receipt
// only for a message the number received.
func (s *Simulator) Received(phoneNumberID, messageID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := receivedKey{phoneNumberID, messageID}
	if s.received[k] {
		return
	}
	if len(s.receivedOrder) >= s.capacity {
		delete(s.received, s.receivedOrder[0])
		s.receivedOrder = s.receivedOrder[1:]
	}
	s.received[k] = true
	s.receivedOrder = append(s.receivedOrder, k)
}

// readBody reads the recipient and type from a message body, or says why
// the network refuses it: not a JSON object, no recipient or type, or no
// object of the type it names ("type":"image" without "image"). A body
// with a status and neither recipient nor type is a read receipt
// (TypeReadReceipt): its status must be read and its message_id given.
func readBody(body []byte) (to, typ string, _ *message.NetworkError) {
	var fields map[string]json.RawMessage
	err := json.Unmarshal(body, &fields)
	var b struct {
		To        *string `json:"to"`
		Type      *string `json:"type"`
		Status    *string `json:"status"`
		MessageID *string `json:"message_id"`
	}
	if err == nil {
		err = json.Unmarshal(body, &b)
	}
	if err != nil {
		return "", "", invalidBody("the message is not a JSON object: " + err.Error())
	}
	if b.To == nil && b.Type == nil && b.Status != nil {
		switch {
		case *b.Status != "read":
			return "", "", invalidBody("a status update must set status read, not " + *b.Status)
		case b.MessageID == nil || *b.MessageID == "":
			return "", "", missing("the read receipt has no message_id")
		}
		return "", TypeReadReceipt, nil
	}
	if b.To != nil {
		to = *b.To
	}
	for _, f := range []struct {
		name string
		v    *string
	}{{"to", b.To}, {"type", b.Type}} {
		if f.v == nil || *f.v == "" {
			return to, "", missing("the message has no " + f.name)
		}
	}
	if obj := fields[*b.Type]; len(obj) == 0 || string(obj) == "null" {
		return to, "", missing("the message has no " + *b.Type + " object, which its type names")
	}
	return to, *b.Type, nil
}

func invalidBody(details string) *message.NetworkError {
	return &message.NetworkError{Permanent: true, Code: CodeInvalidParameter, Title: "Parameter value is not valid", Details: details}
}

func missing(details string) *message.NetworkError {
	return &message.NetworkError{Permanent: true, Code: CodeMissingParameter, Title: "Required parameter is missing", Details: details}
}

// receipt keeps a read receipt, which gets no network id (the compatible
// API answers one with success alone) and no statuses: the Observer is not
// told of it. One that names a message the sender never received
// (Received) is refused, permanently, as the real network refuses it.
func (s *Simulator) receipt(m message.Outbound) error {
	var b struct {
		MessageID string `json:"message_id"`
	}
	_ = json.Unmarshal(m.Body, &b) // readBody read it
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.received[receivedKey{m.PhoneNumberID, b.MessageID}] {
		return invalidBody("the read receipt's message_id " + b.MessageID + " is not a message this number received")
	}
	s.seq++
	s.keep(Sent{PhoneNumberID: m.PhoneNumberID, Origination: m.Origination, Type: TypeReadReceipt,
		Body: append([]byte(nil), m.Body...), At: s.now(), Seq: s.seq})
	return nil
}

// networkID is the id of the seq-th message: "wamid." and the URL-safe
// base64 of the simulator's random prefix and the sequence number, unique
// within a simulator and, but for chance, across simulators.
func (s *Simulator) networkID(seq uint64) string {
	var raw [16]byte
	copy(raw[:8], s.prefix[:])
	binary.BigEndian.PutUint64(raw[8:], seq)
	return "wamid." + base64.RawURLEncoding.EncodeToString(raw[:])
}

// keep records rec, dropping the oldest record when full. Callers hold mu.
func (s *Simulator) keep(rec Sent) {
	if len(s.sent) < s.capacity {
		s.sent = append(s.sent, rec)
		return
	}
	s.sent[s.start] = rec
	s.start = (s.start + 1) % s.capacity
}

// Sent lists the kept messages in the order they were accepted.
func (s *Simulator) Sent() []Sent { return s.filter(func(Sent) bool { return true }) }

// SentFrom lists the kept messages of one sender (svc's phoneNumberId), in
// order.
func (s *Simulator) SentFrom(phoneNumberID string) []Sent {
	return s.filter(func(r Sent) bool { return r.PhoneNumberID == phoneNumberID })
}

// Find returns the kept message with the given network id.
func (s *Simulator) Find(networkID string) (Sent, bool) {
	found := s.filter(func(r Sent) bool { return r.NetworkID == networkID })
	if len(found) == 0 {
		return Sent{}, false
	}
	return found[0], true
}

func (s *Simulator) filter(keep func(Sent) bool) []Sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Sent
	for i := range s.sent {
		r := s.sent[(s.start+i)%len(s.sent)]
		if keep(r) {
			r.Body = append([]byte(nil), r.Body...)
			out = append(out, r)
		}
	}
	return out
}

// ScriptOf is how the recipient of number behaves now, for observers that
// play it.
func (s *Simulator) ScriptOf(number string) Script {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.scripts[number]
}

// Script sets how the recipient of number behaves from now on (the number
// as message bodies carry it in "to"); the zero Script restores the
// default, accepting everything.
func (s *Simulator) Script(number string, sc Script) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sc == (Script{}) {
		delete(s.scripts, number)
		return
	}
	s.scripts[number] = sc
}
