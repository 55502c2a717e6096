package template

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	"svc/internal/platform/apperr"
	"svc/internal/platform/textfold"
)

// Page sizes of the list endpoint.
const (
	DefaultLimit = 25
	MaxLimit     = 100
)

// The list's read budget: what one list request may read from the store,
// counted in templates evaluated (read before the filter drops those that
// do not match), since the store costs time and capacity for each of them
// whether it matches or not. Without it a filtered list read the whole
// partition: 460 templates with few matches took 1,071 ms a page against
// 18 ms unfiltered.
//
//   - ListReadPerCall, MaxLimit+1: one read holds a page of the largest
//     size and the template that proves a next page, so an unfiltered page
//     of any size is one read, as before (it asks for limit+1 only).
//   - ListReadCalls, 3: at most 303 templates evaluated per request, more
//     than DefaultMaxTemplates, so a filtered list of a ZBA within the
//     default cap is answered whole by one request; a ZBA holding more
//     (its cap raised) gets a page that may be short, even empty, with an
//     after cursor where reading stopped, and the client reads on from
//     there, as the compatible API's clients do with its short pages.
//
// Measured on DynamoDB Local with 460 templates, 5 of them matching
// (internal/local/devstack/list_budget_test.go): before, one filtered
// request made 18 Queries evaluating all 460 whole items; now a request
// makes at most 3 Queries evaluating at most 303 items, projected to the
// summary fields, and what it costs no longer grows with the partition.
const (
	ListReadPerCall = MaxLimit + 1
	ListReadCalls   = 3
)

// ListBudget is the read budget of one list request.
var ListBudget = ReadBudget{PerCall: ListReadPerCall, Calls: ListReadCalls}

// Filter narrows a list. Values within one field are alternatives.
type Filter struct {
	// Statuses may name NeverStoredStatuses, which match nothing.
	Statuses   []Status
	Categories []string
	Languages  []string
	// QualityScores are the compatible API's quality_score filter.
	QualityScores []string
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
	k := parts(st) + "|" + parts(f.Categories) + "|" + parts(f.Languages) + "|" + f.Name
	if len(f.QualityScores) > 0 {
		// Only when set, so that the cursors of lists without it stay valid.
		k += "|q=" + parts(f.QualityScores)
	}
	return k
}

// Filtered says whether f narrows the list at all.
func (f Filter) Filtered() bool {
	return len(f.Statuses)+len(f.Categories)+len(f.Languages)+len(f.QualityScores) > 0 || f.Name != ""
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
	// Descending lists in reverse key order (order=DESC, which
	// @kapso/whatsapp-cloud-api sends); after then continues towards the
	// start of the key order.
	Descending bool
}

// cursorKey is what a cursor of q's list is bound to: the filter and, when
// descending, the order, so a cursor never continues a list in another.
func (q ListQuery) cursorKey() string {
	if q.Descending {
		return q.Filter.key() + "|o=desc"
	}
	return q.Filter.key()
}

// Page is one page of templates with its cursors, as the compatible API's
// paging object has them: After continues after the page and Before ends
// before it. Both are set on every page with an edge to continue from (one
// holding templates, or an empty one the read budget cut short), whether or
// not anything lies beyond; HasNext and HasPrevious say whether a page may
// lie that way (its next and previous links). An empty page otherwise has
// neither cursor.
type Page struct {
	Templates            []Template
	After, Before        string
	HasNext, HasPrevious bool
}

// ParseListQuery reads the list's query parameters. Parameters it does not
// know (such as fields, which clients of the compatible API send) are ignored,
// and one given empty (limit=, order=, status=) is read as left out.
// A list filter given more than once reaches it as one comma list (see
// templateapi), so repeated values are alternatives as listed ones are;
// the parameters that take one value are refused there when repeated.
func ParseListQuery(params map[string]string) (ListQuery, error) {
	q := ListQuery{Limit: DefaultLimit, After: params["after"], Before: params["before"]}
	if v := params["limit"]; v != "" {
		// A page larger than MaxLimit is served as MaxLimit, as the
		// compatible API caps a page's size: ported code asking for
		// limit=1000 gets full pages and follows next, not a 400.
		n, err := strconv.Atoi(v)
		if !textfold.IsDigits(v) || err != nil && !errors.Is(err, strconv.ErrRange) || n < 1 {
			return q, apperr.Newf(apperr.CodeInvalidParameter, "limit: must be a whole number of at least 1 (a page holds at most %d)", MaxLimit)
		}
		q.Limit = min(n, MaxLimit)
	}
	if q.After != "" && q.Before != "" {
		return q, apperr.New(apperr.CodeInvalidParameter, "after, before: give at most one cursor")
	}
	switch strings.ToUpper(strings.TrimSpace(params["order"])) {
	case "", "ASC":
	case "DESC":
		q.Descending = true
	default:
		return q, apperr.New(apperr.CodeInvalidParameter, "order: must be ASC or DESC")
	}
	for _, s := range list(params["status"], strings.ToUpper) {
		st := Status(s)
		if !slices.Contains(Statuses, st) && !slices.Contains(NeverStoredStatuses, st) {
			return q, apperr.Newf(apperr.CodeInvalidParameter, "status: %q is not one of %s (the last %d match nothing here)",
				s, joinStatuses(slices.Concat(Statuses, NeverStoredStatuses)), len(NeverStoredStatuses))
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
	for _, s := range list(params["quality_score"], strings.ToUpper) {
		if !slices.Contains(QualityScores, s) {
			return q, apperr.Newf(apperr.CodeInvalidParameter, "quality_score: %q is not one of %s", s, strings.Join(QualityScores, ", "))
		}
		q.Filter.QualityScores = append(q.Filter.QualityScores, s)
	}
	q.Filter.Name = strings.TrimSpace(params["name"])
	switch {
	case q.Filter.Name == "" || ValidName(q.Filter.Name):
	case strings.Contains(q.Filter.Name, ",") || strings.HasPrefix(q.Filter.Name, "["):
		// The compatible API's name filter is one string, not a list.
		return q, apperr.New(apperr.CodeInvalidParameter, "name: takes one template name, matched exactly, "+
			"not a list (status, category, language and quality_score take lists); list each name by its own request")
	default:
		return q, apperr.New(apperr.CodeInvalidParameter, "name: must match ^[a-z0-9_]{1,512}$")
	}
	return q, nil
}

func joinStatuses(ss []Status) string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = string(s)
	}
	return strings.Join(out, ", ")
}

// storedOnly is f without the statuses no template has; ok is false when
// f names statuses and all of them are such: nothing can match.
func (f Filter) storedOnly() (Filter, bool) {
	if len(f.Statuses) == 0 {
		return f, true
	}
	var kept []Status
	for _, s := range f.Statuses {
		if slices.Contains(Statuses, s) {
			kept = append(kept, s)
		}
	}
	f.Statuses = kept
	return f, len(kept) > 0
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

// List returns one page of the ZBA's templates, in key order (reversed
// when q.Descending). Cursors are signed and bound to the ZBA, the filter
// and the order (see SignedCursors), so a tampered, expired or foreign
// cursor is refused (400).
//
// The page reads at most the service's list budget (ListBudget unless set).
// When the budget runs out before the page fills, the page holds what was
// found, possibly nothing, and its cursor in the direction read continues
// from where reading stopped: a page may be short without being the last.
func (s Service) List(ctx context.Context, zbaID string, q ListQuery) (Page, error) {
	// Descending, the list's way is against the key order: the first
	// page reads back from the end, after reads back from the page's first
	// key and before forward from its last.
	desc := q.Descending
	from := Position{Backward: desc}
	key := q.cursorKey()
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
			if desc {
				from = Position{Ref: &c.First, Backward: true}
			}
		} else {
			from, hasNext = Position{Ref: &c.First, Backward: true}, true
			if desc {
				from = Position{Ref: &c.Last}
			}
		}
	}
	stored, matchable := q.Filter.storedOnly()
	if !matchable {
		// Only statuses no template has: nothing to read.
		return Page{}, nil
	}
	res, err := s.Store.QueryTemplates(ctx, zbaID, stored, from, q.Limit, s.listBudget())
	if err != nil {
		return Page{}, err
	}
	// A read the budget stopped may have more beyond it: the cursor says
	// so, and the next page finds out.
	more := res.More || res.Stop != nil
	if from.Backward != desc {
		hasPrev = more
	} else {
		hasNext = more
	}
	first, last, ok := edges(res, from.Backward) // in key order
	page := Page{Templates: res.Templates}
	if desc {
		slices.Reverse(page.Templates)
	}
	if !ok {
		return page, nil
	}
	token, err := s.Cursors.Encode(ctx, zbaID, Cursor{Filter: key, First: first, Last: last})
	if err != nil {
		return Page{}, err
	}
	page.After, page.Before = afterMark+token, beforeMark+token
	page.HasNext, page.HasPrevious = hasNext, hasPrev
	return page, nil
}

// listBudget is the service's list budget, ListBudget unless set.
func (s Service) listBudget() ReadBudget {
	if s.ListBudget.PerCall > 0 && s.ListBudget.Calls > 0 {
		return s.ListBudget
	}
	return ListBudget
}

// edges are the positions a page's cursors continue from: its first and
// last templates, except that the edge in the direction read is where the
// budget stopped reading, when it did, so the next page does not read the
// non-matching templates between the two again. ok is false for an empty
// page that the budget did not stop: there is nothing to continue from.
func edges(res Listed, backward bool) (first, last Ref, ok bool) {
	items := res.Templates
	if len(items) == 0 && res.Stop == nil {
		return Ref{}, Ref{}, false
	}
	if len(items) > 0 {
		first, last = refOf(items[0]), refOf(items[len(items)-1])
	} else {
		first, last = *res.Stop, *res.Stop
	}
	if res.Stop != nil {
		if backward {
			first = *res.Stop
		} else {
			last = *res.Stop
		}
	}
	return first, last, true
}

func refOf(t Template) Ref { return Ref{ZBAID: t.ZBAID, Name: t.Name, Language: t.Language} }

func cursorParam(q ListQuery) (raw, name, mark string) {
	if q.After != "" {
		return q.After, "after", afterMark
	}
	if q.Before != "" {
		return q.Before, "before", beforeMark
	}
	return "", "", ""
}
