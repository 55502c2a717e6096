// Package template holds message templates: their fields and statuses, the
// synchronous (Stage A) validation of a TemplateCreate body, and the use
// cases on templates (list, create, read, edit, delete, and handing them to
// review). It imports nothing from AWS; the store and the review queue are
// interfaces implemented by adapters.
package template

import (
	"errors"
	"strings"
	"time"

	"svc/internal/feature/account/accountid"
)

// Status is a template's review status (interface section 3.1).
type Status string

// Template statuses.
const (
	StatusPending  Status = "PENDING"
	StatusApproved Status = "APPROVED"
	StatusRejected Status = "REJECTED"
	StatusPaused   Status = "PAUSED"
	StatusDisabled Status = "DISABLED"
)

// Statuses lists every status a template can have.
var Statuses = []Status{StatusPending, StatusApproved, StatusRejected, StatusPaused, StatusDisabled}

// NeverStoredStatuses are the compatible API's other template statuses
// (appeals, deletion, archiving, the creation limit), which svc never
// gives a template: ported code may filter a list by them, and they match
// nothing rather than being refused.
var NeverStoredStatuses = []Status{"IN_APPEAL", "PENDING_DELETION", "DELETED", "LIMIT_EXCEEDED", "ARCHIVED"}

// Categories lists the template categories.
var Categories = []string{"MARKETING", "UTILITY", "AUTHENTICATION"}

// QualityUnknown is the quality score of every new or edited template: as
// with the compatible API, quality is only known once the template has been
// sent and read by recipients.
const QualityUnknown = "UNKNOWN"

// The known quality scores, the compatible API's values.
const (
	QualityGreen  = "GREEN"
	QualityYellow = "YELLOW"
	QualityRed    = "RED"
)

// QualityScores lists every quality score, for filters.
var QualityScores = []string{QualityGreen, QualityYellow, QualityRed, QualityUnknown}

// Template is a stored message template.
type Template struct {
	ZBAID           string
	Name            string
	Language        string
	Category        string
	CorrectCategory string
	Status          Status
	QualityScore    string
	RejectionReason string
	ParameterFormat string
	// Components is the canonical JSON of the component list (see
	// Draft.ComponentsJSON), kept as JSON so fields the interface does not
	// name survive a round trip.
	Components []byte
	CreatedAt  time.Time
	UpdatedAt  time.Time
	// Version counts writes; every update is conditional on it.
	Version int
	// Decision is the last review's record, for operators; nil until the
	// classifier has decided this version.
	Decision *DecisionRecord
	// Pauses counts the quality pauses of the template; the third disables
	// it (see package template/quality). An edit keeps the count.
	Pauses int
	// PausedUntil is when the current pause ends; zero unless PAUSED.
	PausedUntil time.Time
	// DisabledAt is when the template was disabled; zero unless DISABLED.
	DisabledAt time.Time
	// Outcomes are the delivery outcomes counted in the rolling quality
	// window, one slot per hour (see OutcomeSlots); an edit or the end of a
	// pause empties them.
	Outcomes []OutcomeSlot
	// PendingEvents holds the webhook events (a JSON array, opaque here) of
	// the last quality transition from its write until they are queued, so
	// that a crash or a queue failure in between does not lose them: the
	// next use case to read the template queues them again, with the same
	// ids.
	PendingEvents []byte
}

// Outcome is what became of one message sent with a template, as the
// delivery statuses and the recipient's feedback report it.
type Outcome string

// Outcomes the quality rule counts.
const (
	OutcomeDelivered Outcome = "delivered"
	OutcomeRead      Outcome = "read"
	OutcomeFailed    Outcome = "failed"
	OutcomeBlocked   Outcome = "blocked"
	OutcomeOptedOut  Outcome = "opted_out"
)

// AllOutcomes lists every outcome, in the order stores keep their counts.
var AllOutcomes = []Outcome{OutcomeDelivered, OutcomeRead, OutcomeFailed, OutcomeBlocked, OutcomeOptedOut}

// Valid reports whether o is one of AllOutcomes.
func (o Outcome) Valid() bool {
	for _, k := range AllOutcomes {
		if o == k {
			return true
		}
	}
	return false
}

// OutcomeSlots is how many hourly slots a template keeps: its rolling
// quality window is this many hours. Slots are reused in turn (hour modulo
// OutcomeSlots), so a template never holds more.
const OutcomeSlots = 24

// OutcomeSlot counts the outcomes of one hour.
type OutcomeSlot struct {
	// Hour is the hour counted, in whole hours since the Unix epoch.
	Hour   int64
	Counts map[Outcome]int
}

// HourOf is the hour a time falls in, in hours since the Unix epoch.
func HourOf(t time.Time) int64 { return t.Unix() / 3600 }

// SlotOf is the slot the hour's outcomes are counted in.
func SlotOf(hour int64) int { return int(hour % OutcomeSlots) }

// DecisionRecord is how a review decided: by which classifier version and
// on which signals (JSON), and when.
type DecisionRecord struct {
	ClassifierVersion string
	Signals           []byte
	DecidedAt         time.Time
	// DeclaredCategory is the category the template was reviewed in, before
	// any recategorisation.
	DeclaredCategory string
	// EventsPending is true from the decision's write until its webhook
	// events are queued.
	EventsPending bool
}

// ID is the template's natural key, {zba_id}_{name}_{language}.
func ID(zbaID, name, language string) string { return zbaID + "_" + name + "_" + language }

// ID returns the template's natural key.
func (t Template) ID() string { return ID(t.ZBAID, t.Name, t.Language) }

// Ref names one template.
type Ref struct {
	ZBAID, Name, Language string
}

// ParseID splits a natural key. ZBA ids hold no underscore and template
// names no upper-case letter, so the language is the last segment, or the
// last two when the last is an upper-case region (en_US).
func ParseID(id string) (Ref, bool) {
	zba, rest, ok := strings.Cut(id, "_")
	if !ok || zba == "" {
		return Ref{}, false
	}
	i := strings.LastIndex(rest, "_")
	if i <= 0 {
		return Ref{}, false
	}
	if region := rest[i+1:]; region != "" && strings.ToUpper(region) == region && strings.ToLower(region) != region {
		if j := strings.LastIndex(rest[:i], "_"); j > 0 {
			i = j
		}
	}
	r := Ref{ZBAID: zba, Name: rest[:i], Language: rest[i+1:]}
	return r, ValidName(r.Name) && IsSupportedLanguage(r.Language) && len(zba) <= accountid.MaxLength
}

// Errors a Store returns.
var (
	// ErrExists: a template with the same name and language exists.
	ErrExists = errors.New("template already exists")
	// ErrNotFound: no such template.
	ErrNotFound = errors.New("template not found")
	// ErrConflict: the template changed since it was read.
	ErrConflict = errors.New("template changed concurrently")
	// ErrCursor: the page cursor is unknown, expired, or not this ZBA's.
	ErrCursor = errors.New("unknown page cursor")
	// ErrOutcomeUnknown: a write failed in a way that may have applied it
	// all the same (its answer lost to a deadline or a cut connection, or
	// a server error); the error also wraps the store's 503.
	ErrOutcomeUnknown = errors.New("template write outcome unknown")
)
