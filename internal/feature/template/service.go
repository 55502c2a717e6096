package template

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"svc/internal/platform/apperr"
	"svc/internal/platform/settle"
)

// ReviewGrace is how long a stored template may wait for the classifier to
// pick it up before the sweeper hands it over again. A review queued on the
// first try is normally decided well within it; a duplicate hand-over is
// harmless, because the classifier decides on the template's version.
const ReviewGrace = 10 * time.Minute

// DefaultMaxTemplates is how many templates a ZBA may hold (each language
// of a name counts as one) unless the deployment sets another cap. The
// compatible API lets an account hold 250 templates until its business is
// verified, so a client written for it never meets a lower cap here; and
// it stays below the list's read budget (ListReadCalls × ListReadPerCall),
// so a filtered list of a ZBA within it is always answered by one request.
// A ZBA needing more is raised by configuration rather than by default,
// because every template a ZBA holds adds to what its filtered lists read.
const DefaultMaxTemplates = 250

// Service runs the template use cases.
type Service struct {
	Store Store
	// Queue may be nil where no use case hands templates to review.
	Queue ReviewQueue
	// Cursors may be nil where nothing is listed.
	Cursors CursorCodec
	Now     func() time.Time
	Log     *slog.Logger
	// MaxTemplates caps the templates of one ZBA; 0 means
	// DefaultMaxTemplates.
	MaxTemplates int
	// ListBudget bounds what one list request reads; the zero value means
	// ListBudget (the package's), which tests shrink.
	ListBudget ReadBudget
	// Settle bounds the settling of a create, edit or delete whose answer
	// was lost; 0 is settle.Budget.
	Settle time.Duration
}

// maxTemplates is the service's cap, DefaultMaxTemplates unless set.
func (s Service) maxTemplates() int {
	if s.MaxTemplates > 0 {
		return s.MaxTemplates
	}
	return DefaultMaxTemplates
}

// capReached is the answer to a create over the cap: a 400 that says the
// cap and how to make room, since only the client can free it.
func capReached(maxTemplates int) error {
	return &apperr.Error{Code: apperr.CodeInvalidParameter, Message: "Template limit reached",
		Details: fmt.Sprintf("This ZBA holds its limit of %d templates (each language of a name counts as one). "+
			"Delete templates it no longer needs (DELETE message_templates with name or hsm_id) to create more.", maxTemplates)}
}

// SubcodeDuplicate is the compatible API's subcode for a template whose name
// and language already exist ("Content in this language already exists").
const SubcodeDuplicate = 2388024

func notFound(id string) error {
	return apperr.NotFound("Template " + id + " does not exist for this ZBA.")
}

// Create validates a TemplateCreate body and stores the template as PENDING,
// then hands it to review. Nothing is stored when validation fails, or when
// the ZBA holds its cap of templates already (400, see capReached); the
// store checks the cap in the create's own write.
func (s Service) Create(ctx context.Context, zbaID string, body []byte) (Template, error) {
	d, err := DecodeDraft(body)
	if err != nil {
		return Template{}, err
	}
	if err := d.Validate(); err != nil {
		return Template{}, err
	}
	now := s.Now().UTC()
	t := Template{ZBAID: zbaID, Name: d.Name, Language: d.Language, Category: d.Category, Status: StatusPending,
		QualityScore: QualityUnknown, ParameterFormat: d.ParameterFormat, Components: d.ComponentsJSON(),
		CreatedAt: now, UpdatedAt: now, Version: 1}
	create := func(ctx context.Context) error {
		return s.Store.CreateTemplateWithin(ctx, t, now.Add(ReviewGrace), s.maxTemplates())
	}
	switch err := s.settle(ctx, create(ctx), s.written(t, create)); {
	case errors.Is(err, ErrExists):
		return Template{}, &apperr.Error{Code: apperr.CodeInvalidParameter, Message: apperr.CodeInvalidParameter.Title(),
			Details: "Content in this language already exists: template " + t.Name + " in " + t.Language + ".",
			Subcode: SubcodeDuplicate}
	case errors.Is(err, ErrCapReached):
		return Template{}, capReached(s.maxTemplates())
	case err != nil:
		return Template{}, err
	}
	s.handToReview(ctx, t)
	return t, nil
}

// Get returns a template of the ZBA; another ZBA's template is not found.
func (s Service) Get(ctx context.Context, zbaID, id string) (Template, error) {
	ref, ok := ParseID(id)
	if !ok || ref.ZBAID != zbaID {
		return Template{}, notFound(id)
	}
	t, err := s.Store.GetTemplate(ctx, ref)
	if errors.Is(err, ErrNotFound) {
		return Template{}, notFound(id)
	}
	return t, err
}

// Edit replaces a template's category, format and components with a
// TemplateCreate body; name and language stay those of the stored template.
// The template returns to PENDING, loses its review outcome, quality score
// and any pause, and is handed to review again, whatever its status (the
// interface's "any status" row: a DISABLED template too, which keeps its
// pause count, so its next fall disables it again). An edit racing another
// loses with a conflict.
func (s Service) Edit(ctx context.Context, zbaID, id string, body []byte) (Template, error) {
	old, err := s.Get(ctx, zbaID, id)
	if err != nil {
		return Template{}, err
	}
	d, err := DecodeEdit(body)
	if err != nil {
		return Template{}, err
	}
	d.Name, d.Language = old.Name, old.Language
	if err := d.Validate(); err != nil {
		return Template{}, err
	}
	now := s.Now().UTC()
	t := old
	t.Category, t.ParameterFormat, t.Components = d.Category, d.ParameterFormat, d.ComponentsJSON()
	t.Status, t.CorrectCategory, t.RejectionReason = StatusPending, "", ""
	// New text earns its own quality: the score and the outcome window start
	// again, and a pause ends (the pause count stays; see package quality).
	t.QualityScore, t.Outcomes, t.PausedUntil = QualityUnknown, nil, time.Time{}
	t.UpdatedAt, t.Version = now, old.Version+1
	replace := func(ctx context.Context) error { return s.Store.ReplaceTemplate(ctx, t, now.Add(ReviewGrace)) }
	switch err := s.settle(ctx, replace(ctx), s.written(t, replace)); {
	case errors.Is(err, ErrConflict):
		return Template{}, &apperr.Error{Code: apperr.CodeInvalidParameter, Message: "Template changed concurrently",
			Details: "Template " + id + " was changed by another request; read it and retry.", HTTPStatus: 409}
	case errors.Is(err, ErrNotFound):
		return Template{}, notFound(id)
	case err != nil:
		return Template{}, err
	}
	s.handToReview(ctx, t)
	return t, nil
}

// settling is what settle needs to know of a write.
type settling struct {
	// write sends the write (again).
	write func(context.Context) error
	// recheck reports whether the refusal err may be the write's own
	// earlier attempt met by a later one (resent: met by settle's own
	// repeat), so that the store is read back.
	recheck func(err error, resent bool) bool
	// applied reads back whether the store holds the write's outcome; an
	// error is a read that failed.
	applied func(context.Context) (bool, error)
	// unknown is the 503's details when the store stays silent.
	unknown string
}

// settle turns the outcome err of a write into what the request answers.
// A write whose answer was lost (ErrOutcomeUnknown) is sent again (see
// package settle): it is conditional (a create on the template's absence,
// an edit on the version it replaces, a delete on the templates'
// presence), so the answer says whether the first attempt, even one still
// on its way when the deadline fell, applied it. A refusal that may be the
// write's own first attempt (w.recheck) is then read back, strongly
// consistent, and the write succeeded if the store holds its outcome
// (w.applied); a read that fails is tried again. Only a store that stays
// silent for the budget (Service.Settle) is a 503, saying that the outcome
// is unknown.
func (s Service) settle(ctx context.Context, err error, w settling) error {
	if err == nil || !errors.Is(err, ErrOutcomeUnknown) && !w.recheck(err, false) {
		return err
	}
	resent := false
	done, err := settle.Until(ctx, s.Settle, func(ctx context.Context) (bool, error) {
		if !w.recheck(err, resent) && errors.Is(err, ErrOutcomeUnknown) {
			err, resent = w.write(ctx), true
		}
		if !w.recheck(err, resent) {
			return !errors.Is(err, ErrOutcomeUnknown), err
		}
		ok, rerr := w.applied(ctx)
		if rerr == nil && ok {
			return true, nil
		}
		// Not applied (another request's doing): the refusal stands; a
		// read that failed is tried again.
		return rerr == nil, err
	})
	if !done {
		return &apperr.Error{Code: apperr.CodeUnavailable, Message: apperr.CodeUnavailable.Title(), Details: w.unknown,
			// Not wrapped: the last answer (a duplicate, say) is not
			// the request's.
			Err: fmt.Errorf("%w: %v", ErrOutcomeUnknown, err)}
	}
	return err
}

// written settles write, a create or edit storing t. A duplicate or a
// conflict, from settle's repeat or from the client library sending the
// write again after losing its answer, is read back: if the stored
// template is this request's write (the same version, written at the same
// instant, to the nanosecond, with the same category, format and
// components) the write succeeded; another request's template (or, gone,
// a delete since) leaves the refusal standing.
func (s Service) written(t Template, write func(context.Context) error) settling {
	return settling{
		write: write,
		recheck: func(err error, _ bool) bool {
			return errors.Is(err, ErrExists) || errors.Is(err, ErrConflict)
		},
		applied: func(ctx context.Context) (bool, error) {
			got, err := s.Store.GetTemplate(ctx, Ref{ZBAID: t.ZBAID, Name: t.Name, Language: t.Language})
			if errors.Is(err, ErrNotFound) {
				return false, nil
			}
			return err == nil && sameWrite(got, t), err
		},
		unknown: "The store did not confirm whether the template was written. Read it (GET message_templates/" + t.ID() +
			") before retrying: a retried create may be refused as a duplicate of it.",
	}
}

// sameWrite reports whether got, read back, is t as this request wrote it.
func sameWrite(got, t Template) bool {
	return got.Version == t.Version && got.UpdatedAt.Equal(t.UpdatedAt) && got.Category == t.Category &&
		got.ParameterFormat == t.ParameterFormat && bytes.Equal(got.Components, t.Components)
}

// deleted settles the delete of refs, all of one name. Only a repeat's
// refusal is read back: a delete leaves nothing to tell this request's
// from another's, and a first attempt refused is a template that was not
// there. Once a repeat finds one gone, the delete happened if none of
// them is left (the first attempt, all or nothing, deleted them; or
// another request did, which leaves what this one asked for); one left
// means the first attempt did not apply, and the refusal stands.
func (s Service) deleted(refs []Ref, del func(context.Context) error) settling {
	return settling{
		write:   del,
		recheck: func(err error, resent bool) bool { return resent && errors.Is(err, ErrNotFound) },
		applied: func(ctx context.Context) (bool, error) {
			left, err := s.Store.TemplatesNamed(ctx, refs[0].ZBAID, refs[0].Name)
			if err != nil {
				return false, err
			}
			for _, r := range refs {
				if slices.Contains(left, r) {
					return false, nil
				}
			}
			return true, nil
		},
		unknown: "The store did not confirm whether the delete happened. List the templates (GET message_templates?name=" +
			refs[0].Name + ") before retrying: a retried delete of templates that are gone is 404.",
	}
}

// MaxDeleteBatch is the most templates one delete removes: DynamoDB's limit
// on the actions of one transaction, which keeps a delete all or nothing.
// It covers every supported language, so any name can be deleted at once.
const MaxDeleteBatch = 100

// DeleteQuery names what a delete removes: every language of Name, the
// one language of Name that Language names, or the one template HSMID
// names.
type DeleteQuery struct {
	Name, Language, HSMID string
}

// Delete removes every language of exactly name, or the one template
// hsm_id names. hsm_id alone is the interface's (section 4.3); with a name
// beside it, the compatible API's form that its client libraries send, the
// name must be that template's. A language beside the name (sent by client
// libraries that delete one translation) narrows the delete to that
// language: ignoring it would delete every translation the caller meant
// to keep. It returns how many templates it removed. A delete whose answer
// was lost settles as a create does (see settle and deleted).
func (s Service) Delete(ctx context.Context, zbaID string, q DeleteQuery) (int, error) {
	var refs []Ref
	// one is the template a delete of a single one names, for its 404.
	one := q.HSMID
	switch {
	case q.Name == "" && q.HSMID == "":
		return 0, apperr.New(apperr.CodeRequiredParameter, "name, hsm_id: give one of them")
	case q.HSMID != "":
		ref, ok := ParseID(q.HSMID)
		if !ok || ref.ZBAID != zbaID {
			return 0, notFound(q.HSMID)
		}
		if q.Name != "" && q.Name != ref.Name {
			return 0, apperr.Newf(apperr.CodeInvalidParameter, "name, hsm_id: template %s is named %s, not %s; give hsm_id alone, or with the template's own name", q.HSMID, ref.Name, q.Name)
		}
		if q.Language != "" && q.Language != ref.Language {
			return 0, apperr.Newf(apperr.CodeInvalidParameter, "language, hsm_id: template %s is in %s, not %s; give hsm_id alone, or with the template's own language", q.HSMID, ref.Language, q.Language)
		}
		refs = []Ref{ref}
	case !ValidName(q.Name):
		return 0, apperr.New(apperr.CodeInvalidParameter, "name: must match ^[a-z0-9_]{1,512}$")
	case q.Language != "":
		ref := Ref{ZBAID: zbaID, Name: q.Name, Language: q.Language}
		refs, one = []Ref{ref}, ID(zbaID, q.Name, q.Language)
	default:
		var err error
		if refs, err = s.Store.TemplatesNamed(ctx, zbaID, q.Name); err != nil {
			return 0, err
		}
		if len(refs) == 0 {
			return 0, apperr.NotFound("No template named " + q.Name + " exists for this ZBA.")
		}
		if len(refs) > MaxDeleteBatch {
			return 0, apperr.Newf(apperr.CodeInvalidParameter, "name: %d languages exceed the %d one delete removes; delete by hsm_id", len(refs), MaxDeleteBatch)
		}
	}
	del := func(ctx context.Context) error { return s.Store.DeleteTemplates(ctx, refs) }
	switch err := s.settle(ctx, del(ctx), s.deleted(refs, del)); {
	case errors.Is(err, ErrNotFound) && one != "":
		return 0, notFound(one)
	case errors.Is(err, ErrNotFound):
		return 0, &apperr.Error{Code: apperr.CodeInvalidParameter, Message: "Template changed concurrently",
			Details: "Templates named " + q.Name + " changed during the delete; nothing was deleted, retry.", HTTPStatus: 409}
	case err != nil:
		return 0, err
	}
	return len(refs), nil
}
