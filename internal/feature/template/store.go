package template

import (
	"context"
	"time"
)

// Store persists templates. Every write is conditional: creates on absence,
// updates and deletes on the version read.
type Store interface {
	// CreateTemplate stores a new template, armed for review at reviewDue,
	// or returns ErrExists.
	CreateTemplate(ctx context.Context, t Template, reviewDue time.Time) error
	// GetTemplate returns the template or ErrNotFound.
	GetTemplate(ctx context.Context, r Ref) (Template, error)
	// ReplaceTemplate writes t over the stored template whose version is
	// t.Version-1, armed for review at reviewDue; ErrConflict when the
	// stored version differs, ErrNotFound when it is gone.
	ReplaceTemplate(ctx context.Context, t Template, reviewDue time.Time) error
	// DeleteTemplates deletes the given templates together, all or none,
	// each only if it still exists; ErrNotFound when one is gone.
	DeleteTemplates(ctx context.Context, refs []Ref) error
	// TemplatesNamed returns every language of exactly that name.
	TemplatesNamed(ctx context.Context, zbaID, name string) ([]Ref, error)
	// QueryTemplates returns up to limit templates matching f, after (or,
	// backwards, before) the boundary sort position, and whether more exist
	// in that direction.
	QueryTemplates(ctx context.Context, zbaID string, f Filter, from Position, limit int) ([]Template, bool, error)
	// DueReviews returns templates still pending whose review is due by now.
	DueReviews(ctx context.Context, now time.Time, limit int) ([]Review, error)
	// RearmReview moves a pending template's review due time, if its
	// version is still r.Version.
	RearmReview(ctx context.Context, r Review, due time.Time) error
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
	Enqueue(ctx context.Context, r Review) error
}
