// Package reviewstore is the DynamoDB store of the classifier's decisions
// on templates. A decision lives on the template's own item, which it reads
// and keys through the template store (templatestore). It imports the
// template feature alone.
package reviewstore

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/table"
	"svc/internal/adapter/dynamo/templatestore"
	"svc/internal/feature/template"
	"svc/internal/feature/template/classify"
	"svc/internal/feature/template/review"
)

// Store records the classifier's decisions on templates. A decision lives
// on the template's own item, so that it is written together with the
// status it sets, conditional on the version reviewed. Its GetTemplate is
// the template store's read.
type Store struct {
	templatestore.Reader
	tb dynamo.Table
}

// New returns the review store over the table.
func New(tb dynamo.Table) *Store { return &Store{Reader: templatestore.NewReader(tb), tb: tb} }

var _ review.Store = (*Store)(nil)

// statusAttr names the template's status; STATUS is a DynamoDB reserved word,
// which the builder's placeholders take care of.
var statusAttr = expression.Name("status")

// RecordDecision implements review.Store: one conditional update on the
// version reviewed, PENDING and the content decided on, which also takes
// the template off the review index so the sweeper leaves it alone. A
// missing template fails the condition too, so it is template.ErrConflict
// as well. The content is compared because the classifier may decide on
// the content its queue message carried, without reading the template:
// version 1 of a template deleted and created again is other text.
func (s *Store) RecordDecision(ctx context.Context, t template.Template, d classify.Decision, at time.Time) error {
	signals, err := json.Marshal(d.Signals)
	if err != nil {
		return fmt.Errorf("marshal signals: %w", err)
	}
	upd := expression.Set(statusAttr, expression.Value(d.Status)).
		Set(expression.Name("category"), expression.Value(d.Category)).
		Set(expression.Name("declared_category"), expression.Value(t.Category)).
		Set(expression.Name("classifier_version"), expression.Value(d.Version)).
		Set(expression.Name("review_signals"), expression.Value(string(signals))).
		Set(expression.Name("decided_at"), expression.Value(dynamo.FormatTime(at))).
		Set(expression.Name("events_pending"), expression.Value(true)).
		Remove(expression.Name(table.GSI1.PartitionKey)).
		Remove(expression.Name(table.GSI1.SortKey)).
		Remove(expression.Name("review_due"))
	// An outcome the decision leaves empty must not keep the last one's.
	for _, f := range []struct{ attr, value string }{
		{"correct_category", d.CorrectCategory}, {"rejection_reason", d.RejectionReason},
	} {
		if f.value == "" {
			upd = upd.Remove(expression.Name(f.attr))
		} else {
			upd = upd.Set(expression.Name(f.attr), expression.Value(f.value))
		}
	}
	c := template.ContentOf(t)
	cond := dynamo.VersionIs(t.Version).And(statusAttr.Equal(expression.Value(string(template.StatusPending))),
		expression.Name("category").Equal(expression.Value(c.Category)),
		expression.Name("parameter_format").Equal(expression.Value(c.ParameterFormat)),
		expression.Name("components").Equal(expression.Value(c.Components)))
	k := templatestore.Key(templatestore.RefOf(t))
	return s.tb.ConditionalUpdate(ctx, "record decision", k, upd, cond, template.ErrConflict)
}

// ClearEventsPending implements review.Store: the decision's events are
// queued. A template edited since is left alone, quietly: its edit dropped
// the decision the flag belonged to.
func (s *Store) ClearEventsPending(ctx context.Context, t template.Template) error {
	return s.tb.ConditionalUpdate(ctx, "clear events pending", templatestore.Key(templatestore.RefOf(t)),
		expression.Remove(expression.Name("events_pending")), dynamo.VersionIs(t.Version), nil)
}
