package memstore

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"svc/internal/feature/template"
)

// templateRow is a stored template with what the adapter's item holds
// beside it: the review marker (due is zero when none is armed) and the
// last decision's record.
type templateRow struct {
	t   template.Template
	due time.Time
	// decision is kept apart from t.Decision, which writes of the whole
	// template never carry (see storedTemplate).
	decision *template.DecisionRecord
}

// Templates stores templates and their review markers, as
// templatestore.Store does.
type Templates struct{ db *DB }

// NewTemplates returns the template store over db.
func NewTemplates(db *DB) *Templates { return &Templates{db: db} }

var _ template.Store = (*Templates)(nil)

func refOf(t template.Template) template.Ref {
	return template.Ref{ZBAID: t.ZBAID, Name: t.Name, Language: t.Language}
}

// sortKey is a template's position within its ZBA: the adapter's sort key
// without its constant prefix, so byte order is DynamoDB's key order.
func sortKey(name, language string) string { return name + "_" + language }

// storedTemplate is the row a create or replace writes: a copy of t whose
// decision record is dropped, as the adapter's item conversion drops it
// (an edit's write is a new version no decision belongs to yet).
func storedTemplate(t template.Template, reviewDue time.Time) templateRow {
	t = cloneTemplate(t)
	t.Decision = nil
	row := templateRow{t: t}
	if !reviewDue.IsZero() {
		row.due = instant(reviewDue)
	}
	return row
}

// read is the template as a read returns it: a copy, with the decision
// record only when a classifier version was recorded (the adapter builds it
// from that attribute).
func (r templateRow) read() template.Template {
	t := cloneTemplate(r.t)
	if r.decision != nil && r.decision.ClassifierVersion != "" {
		d := *r.decision
		d.Signals = cloneBytes(d.Signals)
		t.Decision = &d
	}
	return t
}

func cloneTemplate(t template.Template) template.Template {
	t.Components = cloneBytes(t.Components)
	t.CreatedAt, t.UpdatedAt = instant(t.CreatedAt), instant(t.UpdatedAt)
	t.PausedUntil, t.DisabledAt = instant(t.PausedUntil), instant(t.DisabledAt)
	if t.Outcomes != nil {
		t.Outcomes = cloneSlots(t.Outcomes)
	}
	if len(t.PendingEvents) == 0 {
		t.PendingEvents = nil
	} else {
		t.PendingEvents = cloneBytes(t.PendingEvents)
	}
	if t.Decision != nil {
		d := *t.Decision
		d.Signals, d.DecidedAt = cloneBytes(d.Signals), instant(d.DecidedAt)
		t.Decision = &d
	}
	return t
}

// CreateTemplate implements template.Store.
func (s *Templates) CreateTemplate(ctx context.Context, t template.Template, reviewDue time.Time) error {
	return s.CreateTemplateWithin(ctx, t, reviewDue, 0)
}

// CreateTemplateWithin implements template.Store. The ZBA's count is that
// of its rows, read under the lock the create holds, so concurrent creates
// cannot overshoot the cap, as the adapter's transaction ensures; a
// duplicate is ErrExists before the cap is looked at, as there.
func (s *Templates) CreateTemplateWithin(_ context.Context, t template.Template, reviewDue time.Time, maxTemplates int) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	if _, ok := s.db.templates[refOf(t)]; ok {
		return template.ErrExists
	}
	if maxTemplates > 0 && s.db.countTemplates(t.ZBAID) >= maxTemplates {
		return template.ErrCapReached
	}
	s.db.templates[refOf(t)] = storedTemplate(t, reviewDue)
	return nil
}

// countTemplates is how many templates the ZBA holds; the caller holds the
// lock.
func (db *DB) countTemplates(zbaID string) int {
	n := 0
	for r := range db.templates {
		if r.ZBAID == zbaID {
			n++
		}
	}
	return n
}

// GetTemplate implements template.Store.
func (s *Templates) GetTemplate(_ context.Context, r template.Ref) (template.Template, error) {
	return s.db.getTemplate(r)
}

func (db *DB) getTemplate(r template.Ref) (template.Template, error) {
	db.mu.Lock()
	defer db.mu.Unlock()
	row, ok := db.templates[r]
	if !ok {
		return template.Template{}, template.ErrNotFound
	}
	return row.read(), nil
}

// templateReader is the read of a template a port of another aggregate
// borrows (review.Store); embedded one level deeper, it does not clash
// with Templates' GetTemplate in Store.
type templateReader struct{ db *DB }

// GetTemplate implements review.Store.
func (r templateReader) GetTemplate(_ context.Context, ref template.Ref) (template.Template, error) {
	return r.db.getTemplate(ref)
}

// ReplaceTemplate implements template.Store: on the version before t's
// only; it replaces the whole row, so a zero reviewDue disarms the review.
func (s *Templates) ReplaceTemplate(_ context.Context, t template.Template, reviewDue time.Time) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	old, ok := s.db.templates[refOf(t)]
	switch {
	case !ok:
		return template.ErrNotFound
	case old.t.Version != t.Version-1:
		return template.ErrConflict
	}
	s.db.templates[refOf(t)] = storedTemplate(t, reviewDue)
	return nil
}

// DeleteTemplates implements template.Store: all or none.
func (s *Templates) DeleteTemplates(_ context.Context, refs []template.Ref) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	for _, r := range refs {
		if _, ok := s.db.templates[r]; !ok {
			return template.ErrNotFound
		}
	}
	for _, r := range refs {
		delete(s.db.templates, r)
	}
	return nil
}

// TemplatesNamed implements template.Store, in key order.
func (s *Templates) TemplatesNamed(_ context.Context, zbaID, name string) ([]template.Ref, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	refs := []template.Ref{}
	for r := range s.db.templates {
		if r.ZBAID == zbaID && r.Name == name {
			refs = append(refs, r)
		}
	}
	slices.SortFunc(refs, func(a, b template.Ref) int { return strings.Compare(a.Language, b.Language) })
	return refs, nil
}

// QueryTemplates implements template.Store as the adapter's budgeted
// Query does: the ZBA's templates in key order (descending when backward)
// strictly beyond the boundary, which need not exist, are evaluated in
// reads of budget.PerCall (an unfiltered read asks only for what the page
// still lacks), at most budget.Calls of them, until limit+1 match or none
// are left. A read that evaluates its whole Limit leaves a position behind,
// even when nothing follows, as DynamoDB's LastEvaluatedKey does; Stop is
// that position when the budget ran out first. Templates come back with
// the summary fields only, in key order.
func (s *Templates) QueryTemplates(_ context.Context, zbaID string, f template.Filter, from template.Position, limit int, budget template.ReadBudget) (template.Listed, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	var rows []templateRow
	for r, row := range s.db.templates {
		if r.ZBAID != zbaID || f.Name != "" && !strings.HasPrefix(sortKey(r.Name, r.Language), f.Name+"_") {
			continue
		}
		if from.Ref != nil {
			c := strings.Compare(sortKey(r.Name, r.Language), sortKey(from.Ref.Name, from.Ref.Language))
			if from.Backward && c >= 0 || !from.Backward && c <= 0 {
				continue
			}
		}
		rows = append(rows, row)
	}
	slices.SortFunc(rows, func(a, b templateRow) int {
		c := strings.Compare(sortKey(a.t.Name, a.t.Language), sortKey(b.t.Name, b.t.Language))
		if from.Backward {
			return -c
		}
		return c
	})
	limit = max(limit, 0)
	filtered := f.Filtered()
	var found []templateRow
	var stop *template.Ref
	next := 0 // the first row not yet evaluated
	for range budget.Calls {
		n := budget.PerCall
		if !filtered {
			n = min(n, limit+1-len(found))
		}
		n = max(n, 1)
		read := rows[next:min(next+n, len(rows))]
		next += len(read)
		for _, row := range read {
			if matches(row.t, f) {
				found = append(found, row)
			}
		}
		stop = nil
		if len(read) == n {
			last := refOf(read[len(read)-1].t)
			stop = &last
		}
		if stop == nil || len(found) > limit {
			break
		}
	}
	res := template.Listed{More: len(found) > limit}
	if res.More {
		found = found[:limit]
	} else {
		res.Stop = stop
	}
	res.Templates = make([]template.Template, len(found))
	for i, row := range found {
		res.Templates[i] = summary(row.read())
	}
	if from.Backward {
		slices.Reverse(res.Templates)
	}
	return res, nil
}

// summary is t as a list reads it: the fields of the list's summaries.
func summary(t template.Template) template.Template {
	return template.Template{ZBAID: t.ZBAID, Name: t.Name, Language: t.Language, Category: t.Category,
		CorrectCategory: t.CorrectCategory, Status: t.Status, QualityScore: t.QualityScore,
		RejectionReason: t.RejectionReason}
}

// matches reports whether t passes f: within a field any value, across
// fields all of them.
func matches(t template.Template, f template.Filter) bool {
	return (len(f.Statuses) == 0 || slices.Contains(f.Statuses, t.Status)) &&
		(len(f.Categories) == 0 || slices.Contains(f.Categories, t.Category)) &&
		(len(f.Languages) == 0 || slices.Contains(f.Languages, t.Language)) &&
		(len(f.QualityScores) == 0 || slices.Contains(f.QualityScores, t.QualityScore)) &&
		(f.Name == "" || t.Name == f.Name)
}

// DueReviews implements template.Store: the armed templates due at or
// before now, earliest first. The adapter reads its review shards one
// after another, so which due reviews fill a batch smaller than the due
// list may differ; the port promises no order.
func (s *Templates) DueReviews(_ context.Context, now time.Time, limit int) ([]template.Review, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	var due []templateRow
	for _, row := range s.db.templates {
		if !row.due.IsZero() && !row.due.After(now) {
			due = append(due, row)
		}
	}
	slices.SortFunc(due, func(a, b templateRow) int {
		return cmp.Or(a.due.Compare(b.due), strings.Compare(a.t.ZBAID, b.t.ZBAID),
			strings.Compare(sortKey(a.t.Name, a.t.Language), sortKey(b.t.Name, b.t.Language)))
	})
	var out []template.Review
	for _, row := range due[:max(0, min(limit, len(due)))] {
		out = append(out, template.Review{ZBAID: row.t.ZBAID, Name: row.t.Name, Language: row.t.Language,
			Version: row.t.Version})
	}
	return out, nil
}

// RearmReview implements template.Store: only a template still at r's
// version and still armed moves; anything else is left alone quietly, as
// its own write set (or removed) its marker.
func (s *Templates) RearmReview(_ context.Context, r template.Review, due time.Time) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	ref := template.Ref{ZBAID: r.ZBAID, Name: r.Name, Language: r.Language}
	row, ok := s.db.templates[ref]
	if !ok || row.t.Version != r.Version || row.due.IsZero() {
		return nil
	}
	row.due = instant(due)
	s.db.templates[ref] = row
	return nil
}

// ReviewDue returns when the template's review is due, and false when none
// is armed or the template is missing: for tests, as the port reads
// markers only through DueReviews.
func (s *Templates) ReviewDue(r template.Ref) (time.Time, bool) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	row, ok := s.db.templates[r]
	return row.due, ok && !row.due.IsZero()
}
