package template

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	"svc/internal/platform/apperr"
)

// Page sizes of the list endpoint.
const (
	DefaultLimit = 25
	MaxLimit     = 100
)

// Filter narrows a list. Values within one field are alternatives.
type Filter struct {
	Statuses   []Status
	Categories []string
	Languages  []string
	// Name matches exactly.
	Name string
}

// key is the filter's canonical form; a cursor is bound to it.
func (f Filter) key() string {
	parts := func(ss []string) string {
		c := slices.Clone(ss)
		slices.Sort(c)
		return strings.Join(c, ",")
	}
	st := make([]string, len(f.Statuses))
	for i, s := range f.Statuses {
		st[i] = string(s)
	}
	return parts(st) + "|" + parts(f.Categories) + "|" + parts(f.Languages) + "|" + f.Name
}

// Position is where a page starts: after (or, Backward, before) a template,
// or at the start when Ref is nil.
type Position struct {
	Ref      *Ref
	Backward bool
}

// Cursor is a page's boundaries: its first and last templates, and the
// filter it was listed with (a digest of it, once decoded).
type Cursor struct {
	Filter      string
	First, Last Ref
}

// ListQuery is a parsed list request.
type ListQuery struct {
	Filter Filter
	Limit  int
	// After and Before are cursors from a previous page's paging object.
	After, Before string
}

// Page is one page of templates with the cursors to its neighbours; a
// cursor is empty when there is nothing in that direction.
type Page struct {
	Templates     []Template
	After, Before string
}

// ParseListQuery reads the list's query parameters. Parameters it does not
// know (such as fields, which clients of the compatible API send) are ignored.
func ParseListQuery(params map[string]string) (ListQuery, error) {
	q := ListQuery{Limit: DefaultLimit, After: params["after"], Before: params["before"]}
	if v, ok := params["limit"]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > MaxLimit {
			return q, apperr.Newf(apperr.CodeInvalidParameter, "limit: must be an integer from 1 to %d", MaxLimit)
		}
		q.Limit = n
	}
	if q.After != "" && q.Before != "" {
		return q, apperr.New(apperr.CodeInvalidParameter, "after, before: give at most one cursor")
	}
	for _, s := range list(params["status"], strings.ToUpper) {
		st := Status(s)
		if !slices.Contains(Statuses, st) {
			return q, apperr.Newf(apperr.CodeInvalidParameter, "status: %q is not one of PENDING, APPROVED, REJECTED, PAUSED, DISABLED", s)
		}
		q.Filter.Statuses = append(q.Filter.Statuses, st)
	}
	for _, c := range list(params["category"], strings.ToUpper) {
		if !slices.Contains(Categories, c) {
			return q, apperr.Newf(apperr.CodeInvalidParameter, "category: %q is not one of MARKETING, UTILITY, AUTHENTICATION", c)
		}
		q.Filter.Categories = append(q.Filter.Categories, c)
	}
	for _, l := range list(params["language"], strings.TrimSpace) {
		if !IsSupportedLanguage(l) {
			return q, apperr.Newf(apperr.CodeInvalidParameter, "language: %q is not a supported language code", l)
		}
		q.Filter.Languages = append(q.Filter.Languages, l)
	}
	q.Filter.Name = strings.TrimSpace(params["name"])
	if q.Filter.Name != "" && !ValidName(q.Filter.Name) {
		return q, apperr.New(apperr.CodeInvalidParameter, "name: must match ^[a-z0-9_]{1,512}$")
	}
	return q, nil
}

// list splits a comma list, normalises each value and drops blanks and
// repeats, so a filter is never longer than the set of values it can name.
func list(v string, norm func(string) string) []string {
	var out []string
	for _, f := range strings.Split(v, ",") {
		if f = norm(strings.TrimSpace(f)); f != "" && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out
}

// Public cursors are the stored token behind a letter saying which edge of
// the stored page they continue from.
const (
	afterMark  = "a"
	beforeMark = "b"
)

// List returns one page of the ZBA's templates, in key order. Cursors are
// signed and bound to the ZBA and the filter (see SignedCursors), so a
// tampered, expired or foreign cursor is refused (400).
func (s Service) List(ctx context.Context, zbaID string, q ListQuery) (Page, error) {
	from := Position{}
	key := q.Filter.key()
	hasPrev, hasNext := false, false
	if raw, name, mark := cursorParam(q); raw != "" {
		if !strings.HasPrefix(raw, mark) {
			return Page{}, apperr.Newf(apperr.CodeInvalidParameter, "%s: unknown or expired cursor", name)
		}
		c, err := s.Cursors.Decode(ctx, zbaID, raw[len(mark):])
		if errors.Is(err, ErrCursor) {
			return Page{}, apperr.Newf(apperr.CodeInvalidParameter, "%s: unknown or expired cursor", name)
		}
		if err != nil {
			return Page{}, err
		}
		if c.Filter != filterDigest(key) {
			return Page{}, apperr.Newf(apperr.CodeInvalidParameter, "%s: the cursor belongs to a list with other filters", name)
		}
		if mark == afterMark {
			from, hasPrev = Position{Ref: &c.Last}, true
		} else {
			from, hasNext = Position{Ref: &c.First, Backward: true}, true
		}
	}
	items, more, err := s.Store.QueryTemplates(ctx, zbaID, q.Filter, from, q.Limit)
	if err != nil {
		return Page{}, err
	}
	if from.Backward {
		hasPrev = more
	} else {
		hasNext = more
	}
	page := Page{Templates: items}
	if len(items) == 0 || !(hasNext || hasPrev) {
		return page, nil
	}
	first, last := items[0], items[len(items)-1]
	token, err := s.Cursors.Encode(ctx, zbaID, Cursor{Filter: key,
		First: Ref{zbaID, first.Name, first.Language}, Last: Ref{zbaID, last.Name, last.Language}})
	if err != nil {
		return Page{}, err
	}
	if hasNext {
		page.After = afterMark + token
	}
	if hasPrev {
		page.Before = beforeMark + token
	}
	return page, nil
}

func cursorParam(q ListQuery) (raw, name, mark string) {
	if q.After != "" {
		return q.After, "after", afterMark
	}
	if q.Before != "" {
		return q.Before, "before", beforeMark
	}
	return "", "", ""
}
