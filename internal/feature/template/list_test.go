package template_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"svc/internal/feature/template"
	"svc/internal/platform/apperr"
)

// TestParseListQueryStatuses: the status filter takes every status of the
// compatible API, case-insensitively, as a comma list; svc's own five and
// the five it never stores alike. Any other word is 400 code 100 naming
// the parameter and the accepted values.
func TestParseListQueryStatuses(t *testing.T) {
	for _, tc := range []struct {
		name, status string
		want         []template.Status
		wantErr      bool
	}{
		{"a stored status", "APPROVED", []template.Status{"APPROVED"}, false},
		{"an appeal, which svc does not have", "IN_APPEAL", []template.Status{"IN_APPEAL"}, false},
		{"every status never stored", "in_appeal,PENDING_DELETION,deleted,LIMIT_EXCEEDED,archived",
			[]template.Status{"IN_APPEAL", "PENDING_DELETION", "DELETED", "LIMIT_EXCEEDED", "ARCHIVED"}, false},
		{"stored and never stored mixed", "approved, in_appeal", []template.Status{"APPROVED", "IN_APPEAL"}, false},
		{"repeats dropped", "DELETED,deleted", []template.Status{"DELETED"}, false},
		{"an unknown word", "LIVE", nil, true},
		{"an unknown word beside known ones", "APPROVED,LIVE", nil, true},
		{"an event that is not a status", "FLAGGED", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q, err := template.ParseListQuery(map[string]string{"status": tc.status})
			if tc.wantErr {
				ae := apperr.From(err)
				if err == nil || ae.Code != apperr.CodeInvalidParameter || !strings.HasPrefix(ae.Details, "status: ") ||
					!strings.Contains(ae.Details, "IN_APPEAL") {
					t.Fatalf("ParseListQuery(status=%s) = %v, want 400 code 100 naming status and the values", tc.status, err)
				}
				return
			}
			if err != nil || !slices.Equal(q.Filter.Statuses, tc.want) {
				t.Fatalf("ParseListQuery(status=%s) = %v, %v; want %v", tc.status, q.Filter.Statuses, err, tc.want)
			}
		})
	}
}

// TestParseListQueryEmpty: a parameter given empty is read as left out,
// its default applying; a value that is given is still checked.
func TestParseListQueryEmpty(t *testing.T) {
	def, err := template.ParseListQuery(map[string]string{})
	if err != nil || def.Limit != template.DefaultLimit {
		t.Fatalf("defaults: %+v %v", def, err)
	}
	for _, p := range []string{"limit", "order", "status", "category", "language", "quality_score", "name", "after", "before"} {
		t.Run(p+"=", func(t *testing.T) {
			q, err := template.ParseListQuery(map[string]string{p: ""})
			if err != nil || !reflect.DeepEqual(q, def) {
				t.Fatalf("%s=: %+v %v, want the defaults %+v", p, q, err, def)
			}
		})
	}
	for _, v := range []string{"0", "00", "-1", "+5", "-99999999999999999999", "ten", " ", "1.5"} {
		if _, err := template.ParseListQuery(map[string]string{"limit": v}); apperr.From(err).Code != apperr.CodeInvalidParameter {
			t.Fatalf("limit=%q: %v, want 400 code 100", v, err)
		}
	}
	// Larger pages are served at the cap, as the compatible API caps them.
	for v, want := range map[string]int{"1": 1, "100": template.MaxLimit, "101": template.MaxLimit, "1000": template.MaxLimit,
		"99999999999999999999": template.MaxLimit} {
		if q, err := template.ParseListQuery(map[string]string{"limit": v}); err != nil || q.Limit != want {
			t.Errorf("limit=%q: %d %v, want %d", v, q.Limit, err, want)
		}
	}
}

// TestListNeverStoredStatuses: a status svc never stores matches nothing:
// alone it is an empty page read from nothing, beside a stored status it
// leaves that status's list as it is, pages and cursors included.
func TestListNeverStoredStatuses(t *testing.T) {
	for _, tc := range []struct {
		name   string
		params map[string]string
		// want is the names listed, walking every page.
		want  func(approved []string) []string
		reads bool
	}{
		{"alone: nothing, and nothing read", map[string]string{"status": "IN_APPEAL"}, func([]string) []string { return nil }, false},
		{"every one of them: nothing", map[string]string{"status": "IN_APPEAL,PENDING_DELETION,DELETED,LIMIT_EXCEEDED,ARCHIVED"},
			func([]string) []string { return nil }, false},
		{"beside a stored status: that status's list", map[string]string{"status": "APPROVED,DELETED", "limit": "2"},
			func(approved []string) []string { return approved }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newListFixture(template.ListBudget, 0)
			approved := f.seed(t, 9, func(i int) bool { return i%2 == 0 })
			var got []string
			cursor := ""
			for pages := 0; ; pages++ {
				page, err := f.svc.List(t.Context(), "acme", query(t, tc.params, "after", cursor))
				if err != nil || pages > 9 {
					t.Fatalf("page %d: %v", pages, err)
				}
				got = append(got, names(page.Templates)...)
				if len(page.Templates) == 0 && (page.After != "" || page.Before != "" || page.HasNext || page.HasPrevious) {
					t.Fatalf("an empty page with cursors: %+v", page)
				}
				if !page.HasNext {
					break
				}
				cursor = page.After
			}
			if want := tc.want(approved); !slices.Equal(got, want) {
				t.Fatalf("listed %v, want %v", got, want)
			}
			if (f.store.queries > 0) != tc.reads {
				t.Fatalf("%d store reads; want reads: %v", f.store.queries, tc.reads)
			}
		})
	}
	t.Run("a foreign cursor is still refused", func(t *testing.T) {
		f := newListFixture(template.ListBudget, 0)
		f.seed(t, 3, func(int) bool { return true })
		page, err := f.svc.List(t.Context(), "acme", query(t, map[string]string{"limit": "1"}, "", ""))
		if err != nil || !page.HasNext {
			t.Fatalf("first page: %+v %v", page, err)
		}
		_, err = f.svc.List(t.Context(), "acme", query(t, map[string]string{"limit": "1", "status": "ARCHIVED"}, "after", page.After))
		if ae := apperr.From(err); err == nil || ae.Code != apperr.CodeInvalidParameter {
			t.Fatalf("an unfiltered list's cursor with status=ARCHIVED: %v, want 400 code 100", err)
		}
	})
}
