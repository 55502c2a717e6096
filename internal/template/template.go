// Package template holds message templates: their fields, statuses and the
// use cases on them. It imports nothing from AWS.
package template

import (
	"context"
	"errors"
	"time"
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
	// Components is the template's component list as the client sent it,
	// kept as JSON so that fields the interface does not name survive.
	Components []byte
	CreatedAt  time.Time
	UpdatedAt  time.Time
	Version    int
}

// ID is the template's natural key, {zba_id}_{name}_{language}.
func ID(zbaID, name, language string) string { return zbaID + "_" + name + "_" + language }

// ID returns the template's natural key.
func (t Template) ID() string { return ID(t.ZBAID, t.Name, t.Language) }

// Store reads and writes templates.
type Store interface {
	// ListTemplates returns the ZBA's templates ordered by name and language.
	ListTemplates(ctx context.Context, zbaID string) ([]Template, error)
}

// Service runs the template use cases.
type Service struct {
	Store Store
}

// List returns the ZBA's templates.
func (s Service) List(ctx context.Context, zbaID string) ([]Template, error) {
	return s.Store.ListTemplates(ctx, zbaID)
}

// ErrExists is returned when a template with the same name and language exists.
var ErrExists = errors.New("template already exists")
