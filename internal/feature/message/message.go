package message

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"slices"
	"strings"
	"time"
)

// Status is a message's delivery status. It moves forward only (DESIGN
// decision 14): accepted, sent, delivered, read; or failed before
// delivered.
type Status string

// Message statuses.
const (
	StatusAccepted  Status = "accepted"
	StatusSent      Status = "sent"
	StatusDelivered Status = "delivered"
	StatusRead      Status = "read"
	StatusFailed    Status = "failed"
)

// rank orders the statuses along the forward path; failed ranks with
// delivered, so it can follow accepted or sent but nothing later.
var rank = map[Status]int{StatusAccepted: 1, StatusSent: 2, StatusDelivered: 3, StatusFailed: 3, StatusRead: 4}

// CanMoveTo reports whether a message in status s may move to next: only
// forward, so late or repeated events change nothing.
func (s Status) CanMoveTo(next Status) bool {
	from, ok1 := rank[s]
	to, ok2 := rank[next]
	if !ok1 || !ok2 || s == StatusFailed {
		return false
	}
	return to > from
}

// Owes reports whether m still owes the webhook of its move to s.
func (m Message) Owes(s Status) bool { return slices.Contains(m.Owed, s) }

// SortStatuses orders statuses along the lifecycle, as Owed keeps them.
func SortStatuses(ss []Status) {
	slices.SortFunc(ss, func(a, b Status) int {
		if c := rank[a] - rank[b]; c != 0 {
			return c
		}
		return strings.Compare(string(a), string(b))
	})
}

// MovesTo lists the statuses a message may be in to move to next.
func MovesTo(next Status) []Status {
	var out []Status
	for _, s := range []Status{StatusAccepted, StatusSent, StatusDelivered, StatusRead, StatusFailed} {
		if s.CanMoveTo(next) {
			out = append(out, s)
		}
	}
	return out
}

// Message types this service sends: a text, a template, and the compatible
// API's other free-form types (freeform.go).
const (
	TypeText        = "text"
	TypeTemplate    = "template"
	TypeImage       = "image"
	TypeVideo       = "video"
	TypeAudio       = "audio"
	TypeDocument    = "document"
	TypeSticker     = "sticker"
	TypeLocation    = "location"
	TypeContacts    = "contacts"
	TypeReaction    = "reaction"
	TypeInteractive = "interactive"
)

// Message is the record of one accepted message, from its acceptance to
// its last status.
type Message struct {
	// ID is svcmid.<opaque>, unique and never reused.
	ID    string
	ZBAID string
	// PhoneNumberID is the sender; From its number in E.164 digits.
	PhoneNumberID string
	From          string
	// Origination is the sender's id or ARN in the network.
	Origination string
	// To is the recipient in E.164 digits: the recipient's svc_id.
	To   string
	Type string
	// Content is what the recipient of a text or a template reads (a
	// template's hydrated texts, which its network body does not hold);
	// empty for the other free-form types, whose network body holds all
	// they show.
	Content Content
	// Template names the template of a template message; nil otherwise.
	Template *TemplateRef
	// BizOpaqueCallbackData is echoed in the message's status webhooks.
	BizOpaqueCallbackData string
	// InWindow: the recipient's 24-hour window was open when the message
	// was accepted (always, for a text). It decides the message's price.
	InWindow bool
	// ReplyTo is the network's id of the message replied to
	// (context.message_id, an svcmid. id translated: refs.go), when a
	// reply.
	ReplyTo string
	// Body is the message in the compatible API's JSON, as the network
	// takes it.
	Body   []byte
	Status Status
	// StatusTimes records when each status was reached.
	StatusTimes map[Status]time.Time
	// NetworkID is the network's own id, once sent.
	NetworkID string
	// Failure is why the message failed; nil unless failed.
	Failure *Failure
	// DispatchAttempts counts the dispatches that claimed the message
	// (Store.Claim), each of which may have handed it to the network.
	DispatchAttempts int
	// Owed lists the statuses whose webhook is owed, in lifecycle order:
	// a move adds its status in the same write, and it is settled once
	// the webhook is queued, so a redelivered event or job finds a move
	// whose webhook never left and queues it then.
	Owed      []Status
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Content is what the recipient of a text or a template reads, kept on
// the record in a few short fields: a text is its Body (and PreviewURL);
// a template fills Header, Body, Footer and Buttons (a button's label, and
// a URL button's target after a space), and MediaHeader with a media
// header's type. The record keeps no Content for the other free-form
// types: their network body (Message.Body) is what they show, and nothing
// reads a second copy.
type Content struct {
	Header  string   `json:"header,omitempty"`
	Body    string   `json:"body"`
	Footer  string   `json:"footer,omitempty"`
	Buttons []string `json:"buttons,omitempty"`
	// MediaHeader is the media type of a media header (image, video, ...).
	MediaHeader string `json:"media_header,omitempty"`
	PreviewURL  bool   `json:"preview_url,omitempty"`
}

// TemplateRef is the template a message was sent from.
type TemplateRef struct {
	Name     string
	Language string
	Category string
}

// Failure is a message's error, as its failed status reports it.
type Failure struct {
	Code    int
	Title   string
	Details string
}

// IDPrefix starts every message id.
const IDPrefix = "svcmid."

// NewID returns a fresh message id: 128 random bits, URL-safe base64
// without padding, so ids are opaque, never guessable and never reused.
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return IDPrefix + base64.RawURLEncoding.EncodeToString(b[:])
}

// ValidID reports whether id has the shape NewID gives.
func ValidID(id string) bool {
	rest, ok := strings.CutPrefix(id, IDPrefix)
	if !ok || len(rest) != 22 {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(rest)
	return err == nil
}

// Errors a Store returns.
var (
	// ErrNotFound: no such message.
	ErrNotFound = errors.New("message not found")
	// ErrExists: a message with that id exists.
	ErrExists = errors.New("message already exists")
	// ErrOutcomeUnknown: an acceptance failed in a way that may have
	// written it all the same (its answer was lost); asking again tells
	// which, as ErrExists or as the write.
	ErrOutcomeUnknown = errors.New("acceptance outcome unknown")
	// ErrNotClaimable: the message is not accepted, or another dispatch
	// holds its claim.
	ErrNotClaimable = errors.New("message not claimable")
	// ErrMarketingCap: the recipient's marketing count reached the cap
	// when the send was written.
	ErrMarketingCap = errors.New("marketing cap reached")
	// ErrOptedOut: the recipient had opted out of the ZBA's marketing when
	// the send was written.
	ErrOptedOut = errors.New("recipient opted out of marketing")
)
