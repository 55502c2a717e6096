package template_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/template"
	"svc/internal/local/memstore"
	"svc/internal/platform/apperr"
)

// The list's read budget and the cap of templates per ZBA, over the
// in-memory store (which reads as the DynamoDB adapter does: the contract
// suite holds both to it).

var budgetT0 = time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)

// countingStore counts the store's list reads and the budget each was
// given, so a test sees what one list request costs.
type countingStore struct {
	template.Store
	queries int
	budgets []template.ReadBudget
}

func (c *countingStore) QueryTemplates(ctx context.Context, zbaID string, f template.Filter, from template.Position, limit int, b template.ReadBudget) (template.Listed, error) {
	c.queries++
	c.budgets = append(c.budgets, b)
	return c.Store.QueryTemplates(ctx, zbaID, f, from, limit, b)
}

type listFixture struct {
	svc   template.Service
	store *countingStore
	mem   *memstore.Templates
}

func newListFixture(budget template.ReadBudget, maxTemplates int) listFixture {
	mem := memstore.NewTemplates(memstore.NewDB())
	store := &countingStore{Store: mem}
	key := []byte("list-budget-test-key-0123456789abcdef")
	now := func() time.Time { return budgetT0 }
	return listFixture{store: store, mem: mem, svc: template.Service{Store: store, Now: now, ListBudget: budget,
		Queue:        template.PublishingQueue{Publisher: &memstore.Queue{}},
		MaxTemplates: maxTemplates,
		Cursors:      template.SignedCursors{Key: func(context.Context) ([]byte, error) { return key, nil }, Now: now}}}
}

// seed stores n templates of acme named t000, t001, ..., APPROVED when
// approved(i), PENDING otherwise, and returns the approved ones' names.
func (f listFixture) seed(t *testing.T, n int, approved func(i int) bool) []string {
	t.Helper()
	var want []string
	for i := range n {
		tpl := template.Template{ZBAID: "acme", Name: fmt.Sprintf("t%03d", i), Language: "en", Category: "UTILITY",
			Status: template.StatusPending, QualityScore: "UNKNOWN", ParameterFormat: "POSITIONAL",
			Components: []byte(`[{"type":"BODY","text":"x"}]`), CreatedAt: budgetT0, UpdatedAt: budgetT0, Version: 1}
		if approved(i) {
			tpl.Status = template.StatusApproved
			want = append(want, tpl.Name)
		}
		if err := f.mem.CreateTemplate(t.Context(), tpl, time.Time{}); err != nil {
			t.Fatal(err)
		}
	}
	return want
}

func names(ts []template.Template) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Name
	}
	return out
}

var approvedOnly = map[string]string{"status": "APPROVED"}

// query is a parsed list query of params, with a cursor.
func query(t *testing.T, params map[string]string, cursor, value string) template.ListQuery {
	t.Helper()
	p := map[string]string{}
	for k, v := range params {
		p[k] = v
	}
	if cursor != "" {
		p[cursor] = value
	}
	q, err := template.ParseListQuery(p)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// TestListBudget: a filtered list reads at most one budget per request;
// when it runs out before the page fills, the page holds what was found
// and its after cursor continues where reading stopped, so walking the
// cursors finds every match once, in order, whichever way it goes.
func TestListBudget(t *testing.T) {
	cases := []struct {
		name     string
		n        int
		approved func(i int) bool
		budget   template.ReadBudget
		params   map[string]string
		// requests is how many requests walking the list takes.
		requests int
	}{
		{"few matches in a large ZBA: a request per budget", 45, func(i int) bool { return i%10 == 9 },
			template.ReadBudget{PerCall: 5, Calls: 2}, approvedOnly, 5},
		// The second request's read ends on its limit, exactly at the end:
		// like DynamoDB, the store cannot tell, and a third finds nothing.
		{"no match at all: short pages to the end", 20, func(int) bool { return false },
			template.ReadBudget{PerCall: 5, Calls: 2}, approvedOnly, 3},
		{"matches fill pages before the budget ends", 30, func(i int) bool { return i%2 == 0 },
			template.ReadBudget{PerCall: 10, Calls: 3}, map[string]string{"status": "APPROVED", "limit": "5"}, 3},
		{"unfiltered pages are whole", 30, func(i int) bool { return i%2 == 0 },
			template.ListBudget, map[string]string{"limit": "10"}, 3},
		{"a ZBA at the default cap is one filtered request", template.DefaultMaxTemplates, func(i int) bool { return i == template.DefaultMaxTemplates-1 },
			template.ReadBudget{}, map[string]string{"status": "APPROVED", "limit": "100"}, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newListFixture(tc.budget, 0)
			want := f.seed(t, tc.n, tc.approved)
			if _, filtered := tc.params["status"]; !filtered {
				want = nil
				for i := range tc.n {
					want = append(want, fmt.Sprintf("t%03d", i))
				}
			}
			limit := query(t, tc.params, "", "").Limit

			// Forwards, from the start to the last page.
			var pages [][]string
			var last template.Page
			cursor := ""
			for {
				page, err := f.svc.List(t.Context(), "acme", query(t, tc.params, "after", cursor))
				if err != nil || len(page.Templates) > limit || len(pages) > tc.n {
					t.Fatalf("page %d: %d templates (limit %d), %v", len(pages), len(page.Templates), limit, err)
				}
				pages, last = append(pages, names(page.Templates)), page
				if (page.After == "" || page.Before == "") && (len(page.Templates) > 0 || page.HasNext || page.HasPrevious) {
					t.Fatalf("page %d: a page with templates or a neighbour has both cursors: %+v", len(pages)-1, page)
				}
				if !page.HasNext {
					break
				}
				cursor = page.After
			}
			if got := slices.Concat(pages...); !slices.Equal(got, want) {
				t.Fatalf("forwards: %v, want %v", got, want)
			}
			if len(pages) != tc.requests || f.store.queries != len(pages) {
				t.Errorf("%d requests, %d store reads; want %d of each", len(pages), f.store.queries, tc.requests)
			}
			wantBudget := tc.budget
			if wantBudget == (template.ReadBudget{}) {
				wantBudget = template.ListBudget
			}
			for _, b := range f.store.budgets {
				if b != wantBudget {
					t.Fatalf("a store read had budget %+v, want %+v", b, wantBudget)
				}
			}

			// Backwards, from the last page with a before cursor (an empty
			// last page has none) to the start: everything before it.
			k := len(pages) - 1
			if len(last.Templates) == 0 && k > 0 {
				k--
				last = beforeOf(t, f, tc.params, pages, k)
			}
			var back []string
			for steps, from := 0, last; from.HasPrevious; steps++ {
				page, err := f.svc.List(t.Context(), "acme", query(t, tc.params, "before", from.Before))
				if err != nil || len(page.Templates) > limit || steps > tc.n {
					t.Fatalf("backwards, step %d: %d templates, %v", steps, len(page.Templates), err)
				}
				back = append(names(page.Templates), back...)
				from = page
			}
			if wantBack := slices.Concat(pages[:k]...); !slices.Equal(back, wantBack) {
				t.Fatalf("backwards: %v, want %v", back, wantBack)
			}
		})
	}
}

// beforeOf lists forwards again to page k and returns it.
func beforeOf(t *testing.T, f listFixture, params map[string]string, pages [][]string, k int) template.Page {
	t.Helper()
	cursor := ""
	for i := 0; ; i++ {
		page, err := f.svc.List(t.Context(), "acme", query(t, params, "after", cursor))
		if err != nil || !slices.Equal(names(page.Templates), pages[i]) {
			t.Fatalf("listing again, page %d: %v %v, want %v", i, names(page.Templates), err, pages[i])
		}
		if i == k {
			return page
		}
		cursor = page.After
	}
}

// TestListStopsWhereReadingStopped: a page the budget cut short carries an
// after cursor even when it is empty, and its before cursor leads back to
// the page before it.
func TestListStopsWhereReadingStopped(t *testing.T) {
	f := newListFixture(template.ReadBudget{PerCall: 4, Calls: 1}, 0)
	f.seed(t, 12, func(i int) bool { return i == 1 || i == 10 })
	steps := []struct {
		want             []string
		cursors          bool
		hasNext, hasPrev bool
	}{
		{[]string{"t001"}, true, true, false}, // t000..t003 read
		{[]string{}, true, true, true},        // t004..t007 read, nothing found
		{[]string{"t010"}, true, true, true},  // t008..t011 read: the read ended on its limit
		{[]string{}, false, false, false},     // nothing left: an empty last page has no cursors, as before
	}
	cursor := ""
	var empty template.Page
	for i, st := range steps {
		page, err := f.svc.List(t.Context(), "acme", query(t, approvedOnly, "after", cursor))
		if err != nil || !slices.Equal(names(page.Templates), st.want) || (page.After != "") != st.cursors || (page.Before != "") != st.cursors ||
			page.HasNext != st.hasNext || page.HasPrevious != st.hasPrev {
			t.Fatalf("page %d: %v after=%q before=%q next=%v previous=%v %v; want %v cursors=%v next=%v previous=%v", i, names(page.Templates),
				page.After, page.Before, page.HasNext, page.HasPrevious, err, st.want, st.cursors, st.hasNext, st.hasPrev)
		}
		if i == 1 {
			empty = page
		}
		cursor = page.After
	}
	// Before the empty page lies the first page's match, a budget away:
	// backwards reads are budgeted too.
	var back []string
	pages := 0
	for from := empty; from.HasPrevious; pages++ {
		page, err := f.svc.List(t.Context(), "acme", query(t, approvedOnly, "before", from.Before))
		if err != nil || pages > 3 {
			t.Fatalf("before the empty page: %v", err)
		}
		back, from = append(names(page.Templates), back...), page
	}
	if !slices.Equal(back, []string{"t001"}) || pages != 2 {
		t.Fatalf("before the empty page: %v in %d pages, want [t001] in 2 (t006..t003, then t002..t000)", back, pages)
	}
}

// TestListBudgetDefault: the budget is the one place that says what a list
// request reads at most, and it covers a ZBA at the default cap.
func TestListBudgetDefault(t *testing.T) {
	b := template.ListBudget
	if b.PerCall != template.ListReadPerCall || b.Calls != template.ListReadCalls || b.PerCall < template.MaxLimit+1 {
		t.Fatalf("ListBudget %+v: one read must hold the largest page and one more", b)
	}
	if b.Items() <= template.DefaultMaxTemplates {
		t.Fatalf("ListBudget reads %d templates, fewer than a ZBA at the default cap holds (%d)", b.Items(), template.DefaultMaxTemplates)
	}
}

// createBodyOf is a valid TemplateCreate body.
func createBodyOf(name, language string) []byte {
	return fmt.Appendf(nil, `{"name":%q,"language":%q,"category":"UTILITY","components":[{"type":"BODY",`+
		`"text":"Your order {{1}} has shipped and will arrive within three days.","example":{"body_text":[["A-1042"]]}}]}`,
		name, language)
}

// TestTemplateCap: creates beyond the ZBA's cap are refused with a 400
// that says the cap and how to make room; edits do not count; a delete by
// name frees as many places as it removed languages.
func TestTemplateCap(t *testing.T) {
	f := newListFixture(template.ReadBudget{}, 3)
	ctx := t.Context()
	create := func(name, lang string) error {
		_, err := f.svc.Create(ctx, "acme", createBodyOf(name, lang))
		return err
	}
	capped := func(err error) bool {
		e := apperr.From(err)
		return e.Code == apperr.CodeInvalidParameter && e.Status() == 400 &&
			strings.Contains(e.Details, "limit of 3 templates") && strings.Contains(e.Details, "Delete templates")
	}
	ok := func(err error) bool { return err == nil }
	steps := []struct {
		name string
		do   func() error
		want func(error) bool
	}{
		{"order en", func() error { return create("order", "en") }, ok},
		{"order de", func() error { return create("order", "de") }, ok},
		{"order fr", func() error { return create("order", "fr") }, ok},
		{"over the cap", func() error { return create("promo", "en") }, capped},
		{"an edit still works", func() error {
			_, err := f.svc.Edit(ctx, "acme", "acme_order_en", createBodyOf("order", "en"))
			return err
		}, ok},
		{"and is not counted", func() error { return create("promo", "en") }, capped},
		{"another ZBA is not capped by acme's", func() error {
			_, err := f.svc.Create(ctx, "rival", createBodyOf("promo", "en"))
			return err
		}, ok},
		{"delete order by name", func() error {
			n, err := f.svc.Delete(ctx, "acme", template.DeleteQuery{Name: "order"})
			if err == nil && n != 3 {
				return fmt.Errorf("deleted %d, want 3", n)
			}
			return err
		}, ok},
		{"room for three", func() error { return create("promo", "en") }, ok},
		{"two", func() error { return create("promo", "de") }, ok},
		{"three", func() error { return create("promo", "fr") }, ok},
		{"and no more", func() error { return create("promo", "es") }, capped},
		{"delete one by id", func() error {
			_, err := f.svc.Delete(ctx, "acme", template.DeleteQuery{HSMID: "acme_promo_de"})
			return err
		}, ok},
		{"room for one", func() error { return create("promo", "es") }, ok},
	}
	for _, st := range steps {
		if err := st.do(); !st.want(err) {
			t.Fatalf("%s: %v", st.name, err)
		}
	}
}

// TestTemplateCapDefault: without a configured cap, a ZBA holds
// DefaultMaxTemplates templates.
func TestTemplateCapDefault(t *testing.T) {
	f := newListFixture(template.ReadBudget{}, 0)
	for i := range template.DefaultMaxTemplates {
		if _, err := f.svc.Create(t.Context(), "acme", createBodyOf(fmt.Sprintf("t%03d", i), "en")); err != nil {
			t.Fatalf("template %d: %v", i, err)
		}
	}
	_, err := f.svc.Create(t.Context(), "acme", createBodyOf("one_more", "en"))
	if e := apperr.From(err); e.Status() != 400 || !strings.Contains(e.Details, fmt.Sprintf("limit of %d templates", template.DefaultMaxTemplates)) {
		t.Fatalf("over the default cap: %v", err)
	}
}
