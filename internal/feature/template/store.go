package template

import (
	"context"
	"errors"
	"time"
)

// Store persists templates. Every write is conditional: creates on absence,
// updates and deletes on the version read.
//
// The store keeps a count of each ZBA's templates beside them, which creates
// raise and deletes lower in the same atomic write as the templates
// themselves: a cap is then enforced without reading the ZBA's templates,
// and concurrent creates cannot overshoot it.
type Store interface {
	// CreateTemplate stores a new template, armed for review at reviewDue,
	// and counts it, or returns ErrExists. It enforces no cap: for tools
	// and tests that seed a store.
	CreateTemplate(ctx context.Context, t Template, reviewDue time.Time) error
	// CreateTemplateWithin is CreateTemplate, refused with ErrCapReached
	// when the ZBA already holds maxTemplates templates (or more). A
	// duplicate is ErrExists whether or not the cap is reached. A failure
	// that may have stored it all the same wraps ErrOutcomeUnknown.
	CreateTemplateWithin(ctx context.Context, t Template, reviewDue time.Time, maxTemplates int) error
	// GetTemplate returns the template or ErrNotFound.
	GetTemplate(ctx context.Context, r Ref) (Template, error)
	// ReplaceTemplate writes t over the stored template whose version is
	// t.Version-1, armed for review at reviewDue; ErrConflict when the
	// stored version differs, ErrNotFound when it is gone. The count does
	// not change. A failure that may have written it all the same wraps
	// ErrOutcomeUnknown.
	ReplaceTemplate(ctx context.Context, t Template, reviewDue time.Time) error
	// DeleteTemplates deletes the given templates of one ZBA together, all
	// or none, each only if it still exists, and lowers the ZBA's count by
	// as many; ErrNotFound when one is gone. refs hold at most
	// MaxDeleteBatch templates. A failure that may have deleted them all
	// the same wraps ErrOutcomeUnknown.
	DeleteTemplates(ctx context.Context, refs []Ref) error
	// TemplatesNamed returns every language of exactly that name.
	TemplatesNamed(ctx context.Context, zbaID, name string) ([]Ref, error)
	// QueryTemplates reads the ZBA's templates matching f in key order,
	// after (or, backwards, before) the boundary sort position, until it
	// holds one more than limit or the budget is spent, and returns up to
	// limit of them. Listed templates carry the summary fields only (see
	// Listed).
	QueryTemplates(ctx context.Context, zbaID string, f Filter, from Position, limit int, budget ReadBudget) (Listed, error)
	// DueReviews returns templates still pending whose review is due by now.
	DueReviews(ctx context.Context, now time.Time, limit int) ([]Review, error)
	// RearmReview moves a pending template's review due time, if its
	// version is still r.Version.
	RearmReview(ctx context.Context, r Review, due time.Time) error
}

// ErrCapReached: the ZBA holds as many templates as its cap allows.
var ErrCapReached = errors.New("template cap reached")

// ReadBudget bounds what one QueryTemplates call reads, counted in the
// templates it evaluates (read from the store before the filter applies),
// because a store pays for those whether they match or not.
type ReadBudget struct {
	// PerCall is the most templates one read of the store evaluates
	// (DynamoDB: the Limit of one Query).
	PerCall int
	// Calls is the most reads one QueryTemplates makes.
	Calls int
}

// Items is the most templates the budget evaluates.
func (b ReadBudget) Items() int { return b.PerCall * b.Calls }

// Listed is what QueryTemplates found.
//
// Its templates are in key order (a backward read's too) and carry the
// fields a list shows: ZBAID, Name, Language, Category, CorrectCategory,
// Status, QualityScore and RejectionReason; the rest is zero.
type Listed struct {
	Templates []Template
	// More reports that a matching template lies beyond the page in the
	// direction read.
	More bool
	// Stop, when set, is where the budget ran out before the page filled:
	// the last position evaluated (the lowest, reading backwards), which
	// need not be a template that matched. Whether anything matching lies
	// beyond it is not known; the next page continues from there.
	Stop *Ref
}

// CursorCodec turns a page's boundaries into an opaque cursor and back.
type CursorCodec interface {
	Encode(ctx context.Context, zbaID string, c Cursor) (string, error)
	// Decode returns ErrCursor for a cursor that is not this ZBA's, was
	// altered, or has expired.
	Decode(ctx context.Context, zbaID, token string) (Cursor, error)
}

// ReviewQueue hands a template to the classifier.
type ReviewQueue interface {
	Enqueue(ctx context.Context, r ReviewRequest) error
}
