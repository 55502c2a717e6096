package template_test

import (
	"slices"
	"testing"

	"svc/internal/feature/template"
	"svc/internal/platform/apperr"
)

// TestListDescending: order=DESC lists in reverse key order; walking after
// cursors finds every match once, newest key first, whether or not the
// read budget cuts pages short, and before walks back the same pages.
func TestListDescending(t *testing.T) {
	for _, c := range []struct {
		name    string
		budget  template.ReadBudget
		filter  map[string]string
		limit   string
		matches func(i int) bool
	}{
		{"unfiltered", template.ListBudget, nil, "3", func(int) bool { return true }},
		{"filtered within the budget", template.ListBudget, approvedOnly, "2", func(i int) bool { return i%3 == 0 }},
		{"filtered, budget cut short", template.ReadBudget{PerCall: 2, Calls: 1}, approvedOnly, "2", func(i int) bool { return i%3 == 0 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newListFixture(c.budget, 0)
			want := f.seed(t, 11, c.matches) // every template, when unfiltered
			slices.Reverse(want)
			params := map[string]string{"order": "desc", "limit": c.limit}
			for k, v := range c.filter {
				params[k] = v
			}
			var got []string
			var pages []template.Page
			cursor := ""
			for range 30 {
				p, err := f.svc.List(t.Context(), "acme", query(t, params, "after", cursor))
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, names(p.Templates)...)
				pages = append(pages, p)
				if !p.HasNext {
					break
				}
				cursor = p.After
			}
			if !slices.Equal(got, want) {
				t.Fatalf("walked %v, want %v", got, want)
			}
			// Back from the last page with before: the same pages, in reverse.
			var back []string
			p := pages[len(pages)-1]
			for range 30 {
				if !p.HasPrevious {
					break
				}
				prev, err := f.svc.List(t.Context(), "acme", query(t, params, "before", p.Before))
				if err != nil {
					t.Fatal(err)
				}
				back = append(slices.Clone(names(prev.Templates)), back...)
				p = prev
			}
			last := names(pages[len(pages)-1].Templates)
			if all := append(back, last...); !slices.Equal(all, want) {
				t.Fatalf("walked back %v, want %v", all, want)
			}
		})
	}
}

func TestListOrderParameter(t *testing.T) {
	f := newListFixture(template.ListBudget, 0)
	f.seed(t, 4, func(int) bool { return true })
	asc, err := f.svc.List(t.Context(), "acme", query(t, map[string]string{"limit": "2", "order": "ASC"}, "", ""))
	if err != nil || !slices.Equal(names(asc.Templates), []string{"t000", "t001"}) {
		t.Fatalf("ASC: %v %v", names(asc.Templates), err)
	}
	// A cursor of the ascending list does not continue a descending one.
	_, err = f.svc.List(t.Context(), "acme", query(t, map[string]string{"limit": "2", "order": "DESC"}, "after", asc.After))
	if ae, ok := err.(*apperr.Error); !ok || ae.Code != apperr.CodeInvalidParameter {
		t.Fatalf("ASC cursor on a DESC list: %v", err)
	}
	for _, v := range []string{"down", "DESCENDING", "1"} {
		if _, err := template.ParseListQuery(map[string]string{"order": v}); err == nil {
			t.Fatalf("order=%s accepted", v)
		}
	}
}
