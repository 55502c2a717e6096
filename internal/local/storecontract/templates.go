package storecontract

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/internal/feature/template"
)

// Templates is the contract of template.Store: conditional writes mapped to
// ErrExists, ErrNotFound and ErrConflict, exact names, all-or-none deletes,
// pages in key order within a read budget, the per-ZBA cap (ErrCapReached)
// that creates count against and deletes free, and the review markers the
// sweeper reads.
//
// Key order is the byte order of Name + "_" + Language within a ZBA; page
// cursors name a boundary template and continue from its position, whether
// or not it still exists.
func Templates(t *testing.T, newStore func(t *testing.T) template.Store) {
	run(t, "a template is created once and reads back", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		tpl := newTemplate("acme", "order_update", "en_US")
		must(t, s.CreateTemplate(ctx, tpl, time.Time{}))
		got, err := s.GetTemplate(ctx, refOf(tpl))
		if err != nil || !sameTemplate(got, tpl) {
			t.Fatalf("got %+v, %v; want %+v", got, err, tpl)
		}
		rival := tpl
		rival.Category, rival.Components = "MARKETING", []byte(`[{"type":"BODY","text":"other"}]`)
		if err := s.CreateTemplate(ctx, rival, time.Time{}); !errors.Is(err, template.ErrExists) {
			t.Fatalf("duplicate: %v, want ErrExists", err)
		}
		if got, _ := s.GetTemplate(ctx, refOf(tpl)); !sameTemplate(got, tpl) {
			t.Fatalf("a refused create changed the template: %+v", got)
		}
		// The same name in another language, or of another ZBA, is another template.
		for _, other := range []template.Template{newTemplate("acme", "order_update", "de"), newTemplate("rival", "order_update", "en_US")} {
			must(t, s.CreateTemplate(ctx, other, time.Time{}))
		}
		for _, ref := range []template.Ref{
			{ZBAID: "acme", Name: "order_update", Language: "fr"},
			{ZBAID: "acme", Name: "order", Language: "en_US"},
			{ZBAID: "nobody", Name: "order_update", Language: "en_US"},
		} {
			if _, err := s.GetTemplate(ctx, ref); !errors.Is(err, template.ErrNotFound) {
				t.Errorf("%+v: %v, want ErrNotFound", ref, err)
			}
		}
	})

	run(t, "a replace is conditional on the version read", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		v1 := newTemplate("acme", "order_update", "en_US")
		must(t, s.CreateTemplate(ctx, v1, time.Time{}))
		v2 := v1
		v2.Version, v2.Category, v2.UpdatedAt = 2, "MARKETING", now().Add(time.Second)
		v4 := v2
		v4.Version = 4
		gone := v2
		gone.Name = "gone"
		steps := []struct {
			name string
			t    template.Template
			want error
		}{
			{"the next version", v2, nil},
			{"the same version again", v2, template.ErrConflict},
			{"a version ahead", v4, template.ErrConflict},
			{"a missing template", gone, template.ErrNotFound},
		}
		for _, st := range steps {
			if err := s.ReplaceTemplate(ctx, st.t, time.Time{}); !errors.Is(err, st.want) {
				t.Fatalf("%s: %v, want %v", st.name, err, st.want)
			}
		}
		if got, err := s.GetTemplate(ctx, refOf(v1)); err != nil || !sameTemplate(got, v2) {
			t.Fatalf("got %+v, %v; want %+v", got, err, v2)
		}
		if _, err := s.GetTemplate(ctx, refOf(gone)); !errors.Is(err, template.ErrNotFound) {
			t.Fatalf("a refused replace must not create: %v", err)
		}
	})

	run(t, "templates named are exactly that name", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		for _, tpl := range []template.Template{
			newTemplate("acme", "order", "en"), newTemplate("acme", "order", "de"),
			newTemplate("acme", "order_update", "de"), newTemplate("acme", "orde", "en"),
			newTemplate("rival", "order", "fr"),
		} {
			must(t, s.CreateTemplate(ctx, tpl, time.Time{}))
		}
		refs, err := s.TemplatesNamed(ctx, "acme", "order")
		slices.SortFunc(refs, func(a, b template.Ref) int { return strings.Compare(a.Language, b.Language) })
		want := []template.Ref{{ZBAID: "acme", Name: "order", Language: "de"}, {ZBAID: "acme", Name: "order", Language: "en"}}
		if err != nil || !reflect.DeepEqual(refs, want) {
			t.Fatalf("got %+v, %v; want %+v", refs, err, want)
		}
		if refs, err := s.TemplatesNamed(ctx, "acme", "absent"); err != nil || len(refs) != 0 {
			t.Fatalf("no such name: %+v, %v", refs, err)
		}
	})

	run(t, "a delete is all or none", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		langs := []string{"en", "de", "fr"}
		var refs []template.Ref
		for _, l := range langs {
			tpl := newTemplate("acme", "order", l)
			must(t, s.CreateTemplate(ctx, tpl, time.Time{}))
			refs = append(refs, refOf(tpl))
		}
		missing := template.Ref{ZBAID: "acme", Name: "order", Language: "es"}
		if err := s.DeleteTemplates(ctx, append(slices.Clone(refs[:2]), missing)); !errors.Is(err, template.ErrNotFound) {
			t.Fatalf("a missing member: %v, want ErrNotFound", err)
		}
		if left, _ := s.TemplatesNamed(ctx, "acme", "order"); len(left) != 3 {
			t.Fatalf("a failed delete deletes nothing: %+v", left)
		}
		if err := s.DeleteTemplates(ctx, []template.Ref{missing}); !errors.Is(err, template.ErrNotFound) {
			t.Fatalf("one missing: %v, want ErrNotFound", err)
		}
		must(t, s.DeleteTemplates(ctx, refs[:1]))
		if _, err := s.GetTemplate(ctx, refs[0]); !errors.Is(err, template.ErrNotFound) {
			t.Fatalf("deleted alone: %v", err)
		}
		if err := s.DeleteTemplates(ctx, refs[:1]); !errors.Is(err, template.ErrNotFound) {
			t.Fatalf("deleted twice: %v, want ErrNotFound", err)
		}
		must(t, s.DeleteTemplates(ctx, refs[1:]))
		if left, err := s.TemplatesNamed(ctx, "acme", "order"); err != nil || len(left) != 0 {
			t.Fatalf("deleted together: %+v, %v", left, err)
		}
	})

	run(t, "pages follow key order in both directions", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		all := seedListing(t, s)
		page := func(from template.Position, limit int) []string {
			t.Helper()
			got, err := s.QueryTemplates(ctx, "acme", template.Filter{}, from, limit, template.ListBudget)
			must(t, err)
			return ids(got.Templates)
		}
		steps := []struct {
			name  string
			from  template.Position
			limit int
			want  []string
			more  bool
		}{
			{"everything", template.Position{}, 100, all, false},
			{"the first page", template.Position{}, 3, all[:3], true},
			{"after it", after(all[2]), 3, all[3:6], true},
			{"a last page that is full", after(all[3]), 3, all[4:], false},
			{"a last page that is short", after(all[5]), 3, all[6:], false},
			{"after the last", after(all[6]), 3, []string{}, false},
			{"before the last", before(all[6]), 3, all[3:6], true},
			{"before the fourth", before(all[3]), 3, all[:3], false},
			{"before the first", before(all[0]), 3, []string{}, false},
		}
		for _, st := range steps {
			got, err := s.QueryTemplates(ctx, "acme", template.Filter{}, st.from, st.limit, template.ListBudget)
			if err != nil || !slices.Equal(ids(got.Templates), st.want) || got.More != st.more || got.Stop != nil {
				t.Errorf("%s: %v more=%v stop=%v %v; want %v more=%v", st.name, ids(got.Templates), got.More, got.Stop, err, st.want, st.more)
			}
		}
		// A boundary deleted since its page was read is still a position.
		must(t, s.DeleteTemplates(ctx, []template.Ref{parseRef(all[3])}))
		if got := page(after(all[3]), 10); !slices.Equal(got, all[4:]) {
			t.Errorf("after a deleted boundary: %v, want %v", got, all[4:])
		}
		if got := page(before(all[3]), 10); !slices.Equal(got, all[:3]) {
			t.Errorf("before a deleted boundary: %v, want %v", got, all[:3])
		}
		if got, err := s.QueryTemplates(ctx, "nobody", template.Filter{}, template.Position{}, 10, template.ListBudget); err != nil || len(got.Templates) != 0 || got.More || got.Stop != nil {
			t.Errorf("a ZBA without templates: %+v %v", got, err)
		}
	})

	run(t, "filters narrow pages without breaking them", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		seedListing(t, s)
		cases := []struct {
			name  string
			f     template.Filter
			from  template.Position
			limit int
			want  []string
			more  bool
		}{
			{"a status", template.Filter{Statuses: []template.Status{template.StatusApproved}}, template.Position{}, 10,
				[]string{"alpha_en", "beta_fr", "gamma_en", "zeta_pt_BR"}, false},
			{"two statuses", template.Filter{Statuses: []template.Status{template.StatusApproved, template.StatusRejected}}, template.Position{}, 10,
				[]string{"alpha_en", "alpha_en_US", "beta_fr", "gamma_en", "zeta_pt_BR"}, false},
			{"a category", template.Filter{Categories: []string{"UTILITY"}}, template.Position{}, 10,
				[]string{"alpha_en", "alpha_en_US", "gamma_es", "zeta_pt_BR"}, false},
			{"a language", template.Filter{Languages: []string{"en"}}, template.Position{}, 10,
				[]string{"alpha_en", "gamma_en"}, false},
			{"a name, never a longer one", template.Filter{Name: "alpha"}, template.Position{}, 10,
				[]string{"alpha_en", "alpha_en_US"}, false},
			{"a name is no prefix", template.Filter{Name: "alph"}, template.Position{}, 10, []string{}, false},
			{"name and status", template.Filter{Name: "alpha", Statuses: []template.Status{template.StatusApproved}}, template.Position{}, 10,
				[]string{"alpha_en"}, false},
			{"status and category", template.Filter{Statuses: []template.Status{template.StatusApproved}, Categories: []string{"UTILITY"}}, template.Position{}, 10,
				[]string{"alpha_en", "zeta_pt_BR"}, false},
			{"quality scores", template.Filter{QualityScores: []string{template.QualityGreen, template.QualityRed}}, template.Position{}, 10,
				[]string{"gamma_es", "zeta_pt_BR"}, false},
			{"quality and status", template.Filter{QualityScores: []string{template.QualityUnknown}, Statuses: []template.Status{template.StatusApproved}}, template.Position{}, 10,
				[]string{"alpha_en", "gamma_en"}, false},
			{"nothing matches", template.Filter{Statuses: []template.Status{template.StatusDisabled}}, template.Position{}, 10, []string{}, false},
			{"a filtered first page", template.Filter{Statuses: []template.Status{template.StatusApproved}}, template.Position{}, 2,
				[]string{"alpha_en", "beta_fr"}, true},
			{"a filtered last page", template.Filter{Statuses: []template.Status{template.StatusApproved}}, after("beta_fr"), 2,
				[]string{"gamma_en", "zeta_pt_BR"}, false},
			{"a filtered page backwards", template.Filter{Statuses: []template.Status{template.StatusApproved}}, before("gamma_en"), 1,
				[]string{"beta_fr"}, true},
			{"a filtered first page backwards", template.Filter{Statuses: []template.Status{template.StatusApproved}}, before("beta_fr"), 1,
				[]string{"alpha_en"}, false},
		}
		for _, tc := range cases {
			got, err := s.QueryTemplates(ctx, "acme", tc.f, tc.from, tc.limit, template.ListBudget)
			if err != nil || !slices.Equal(ids(got.Templates), tc.want) || got.More != tc.more || got.Stop != nil {
				t.Errorf("%s: %v more=%v stop=%v %v; want %v more=%v", tc.name, ids(got.Templates), got.More, got.Stop, err, tc.want, tc.more)
			}
			for _, g := range got.Templates {
				stored, err := s.GetTemplate(ctx, refOf(g))
				if err != nil || !reflect.DeepEqual(g, summaryOf(stored)) {
					t.Errorf("%s: a listed template carries its summary fields, and only those: %+v, stored %+v", tc.name, g, stored)
				}
			}
		}
	})

	run(t, "a read budget bounds what a query evaluates", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		seedListing(t, s)
		// Key order and status: alpha_beta_de PENDING, alpha_en APPROVED,
		// alpha_en_US REJECTED, beta_fr APPROVED, gamma_en APPROVED,
		// gamma_es PAUSED, zeta_pt_BR APPROVED.
		approved := template.Filter{Statuses: []template.Status{template.StatusApproved}}
		disabled := template.Filter{Statuses: []template.Status{template.StatusDisabled}}
		budget := func(perCall, calls int) template.ReadBudget {
			return template.ReadBudget{PerCall: perCall, Calls: calls}
		}
		cases := []struct {
			name   string
			f      template.Filter
			from   template.Position
			limit  int
			budget template.ReadBudget
			want   []string
			more   bool
			stop   string // "" when the read was not stopped
		}{
			{"stopped before the page filled", approved, template.Position{}, 10, budget(2, 2),
				[]string{"alpha_en", "beta_fr"}, false, "beta_fr"},
			{"continued from the stop, to the end", approved, after("beta_fr"), 10, budget(2, 2),
				[]string{"gamma_en", "zeta_pt_BR"}, false, ""},
			{"the stop may be a template that did not match", approved, template.Position{}, 10, budget(3, 1),
				[]string{"alpha_en"}, false, "alpha_en_US"},
			{"a page that fills within the budget", approved, template.Position{}, 1, budget(2, 2),
				[]string{"alpha_en"}, true, ""},
			{"nothing found within the budget", disabled, template.Position{}, 10, budget(2, 2),
				[]string{}, false, "beta_fr"},
			{"a read ending on its limit leaves a position", disabled, template.Position{}, 10, budget(7, 1),
				[]string{}, false, "zeta_pt_BR"},
			{"the next read finds the end", disabled, template.Position{}, 10, budget(7, 2),
				[]string{}, false, ""},
			{"backwards, the stop is the lowest position", approved, before("zeta_pt_BR"), 10, budget(2, 1),
				[]string{"gamma_en"}, false, "gamma_en"},
			{"a name reads its own key range", template.Filter{Name: "alpha"}, template.Position{}, 10, budget(1, 2),
				[]string{"alpha_en"}, false, "alpha_en"},
			{"unfiltered reads ask for the page and one more", template.Filter{}, template.Position{}, 3, budget(10, 1),
				[]string{"alpha_beta_de", "alpha_en", "alpha_en_US"}, true, ""},
			{"unfiltered reads are budgeted too", template.Filter{}, template.Position{}, 10, budget(2, 2),
				[]string{"alpha_beta_de", "alpha_en", "alpha_en_US", "beta_fr"}, false, "beta_fr"},
		}
		for _, tc := range cases {
			got, err := s.QueryTemplates(ctx, "acme", tc.f, tc.from, tc.limit, tc.budget)
			stop := ""
			if got.Stop != nil {
				stop = got.Stop.Name + "_" + got.Stop.Language
				if r := parseRef(stop); *got.Stop != r {
					t.Errorf("%s: the stop is %+v, want %+v", tc.name, *got.Stop, r)
				}
			}
			if err != nil || !slices.Equal(ids(got.Templates), tc.want) || got.More != tc.more || stop != tc.stop {
				t.Errorf("%s: %v more=%v stop=%q %v; want %v more=%v stop=%q", tc.name, ids(got.Templates), got.More, stop, err,
					tc.want, tc.more, tc.stop)
			}
		}
	})

	run(t, "creates stop at the cap, deletes make room", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		const limit = 3
		create := func(name, lang string) error {
			return s.CreateTemplateWithin(ctx, newTemplate("acme", name, lang), time.Time{}, limit)
		}
		steps := []struct {
			name string
			do   func() error
			want error
		}{
			{"the first", func() error { return create("order", "en") }, nil},
			{"another language", func() error { return create("order", "de") }, nil},
			{"a duplicate", func() error { return create("order", "de") }, template.ErrExists},
			{"the last within the cap", func() error { return create("promo", "en") }, nil},
			{"over the cap", func() error { return create("promo", "de") }, template.ErrCapReached},
			{"a duplicate at the cap is still a duplicate", func() error { return create("promo", "en") }, template.ErrExists},
			{"another ZBA has its own count", func() error {
				return s.CreateTemplateWithin(ctx, newTemplate("rival", "promo", "de"), time.Time{}, limit)
			}, nil},
			{"an edit does not count", func() error {
				v2 := newTemplate("acme", "order", "en")
				v2.Version = 2
				return s.ReplaceTemplate(ctx, v2, time.Time{})
			}, nil},
			{"still over the cap", func() error { return create("promo", "de") }, template.ErrCapReached},
			{"a failed delete frees nothing", func() error {
				return s.DeleteTemplates(ctx, []template.Ref{{ZBAID: "acme", Name: "order", Language: "en"}, {ZBAID: "acme", Name: "order", Language: "fr"}})
			}, template.ErrNotFound},
			{"so still over the cap", func() error { return create("promo", "de") }, template.ErrCapReached},
			{"deleting a name's two languages", func() error {
				return s.DeleteTemplates(ctx, []template.Ref{{ZBAID: "acme", Name: "order", Language: "en"}, {ZBAID: "acme", Name: "order", Language: "de"}})
			}, nil},
			{"frees room for one", func() error { return create("promo", "de") }, nil},
			{"and for another", func() error { return create("promo", "fr") }, nil},
			{"and no more", func() error { return create("promo", "es") }, template.ErrCapReached},
			{"deleting one", func() error {
				return s.DeleteTemplates(ctx, []template.Ref{{ZBAID: "acme", Name: "promo", Language: "en"}})
			}, nil},
			{"frees room for one again", func() error { return create("promo", "es") }, nil},
			{"and no more again", func() error { return create("promo", "it") }, template.ErrCapReached},
			{"an uncapped create counts but is not refused", func() error {
				return s.CreateTemplate(ctx, newTemplate("acme", "seeded", "en"), time.Time{})
			}, nil},
			{"a larger cap counts it", func() error {
				return s.CreateTemplateWithin(ctx, newTemplate("acme", "promo", "it"), time.Time{}, limit+1)
			}, template.ErrCapReached},
		}
		for _, st := range steps {
			if err := st.do(); !errors.Is(err, st.want) || (st.want == nil) != (err == nil) {
				t.Fatalf("%s: %v, want %v", st.name, err, st.want)
			}
		}
		if _, err := s.GetTemplate(ctx, template.Ref{ZBAID: "acme", Name: "promo", Language: "it"}); !errors.Is(err, template.ErrNotFound) {
			t.Fatalf("a create over the cap stores nothing: %v", err)
		}
	})

	run(t, "deleting a name in every language frees every place", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		// As many languages as one delete removes, which every supported
		// language fits in (template's TestDeleteCoversEveryLanguage); a
		// store does not read the codes.
		langs := make([]string, template.MaxDeleteBatch)
		for i := range langs {
			langs[i] = fmt.Sprintf("l%02d", i)
		}
		refs := make([]template.Ref, len(langs))
		for i, l := range langs {
			tpl := newTemplate("acme", "everywhere", l)
			must(t, s.CreateTemplateWithin(ctx, tpl, time.Time{}, len(langs)+1))
			refs[i] = refOf(tpl)
		}
		must(t, s.CreateTemplateWithin(ctx, newTemplate("acme", "other", "en"), time.Time{}, len(langs)+1))
		if err := s.CreateTemplateWithin(ctx, newTemplate("acme", "other", "de"), time.Time{}, len(langs)+1); !errors.Is(err, template.ErrCapReached) {
			t.Fatalf("at the cap: %v, want ErrCapReached", err)
		}
		must(t, s.DeleteTemplates(ctx, refs))
		if left, err := s.TemplatesNamed(ctx, "acme", "everywhere"); err != nil || len(left) != 0 {
			t.Fatalf("left after the delete: %v %v", left, err)
		}
		// One template is left, so a cap of two has room for exactly one more.
		must(t, s.CreateTemplateWithin(ctx, newTemplate("acme", "other", "de"), time.Time{}, 2))
		if err := s.CreateTemplateWithin(ctx, newTemplate("acme", "other", "fr"), time.Time{}, 2); !errors.Is(err, template.ErrCapReached) {
			t.Fatalf("the count after deleting %d: %v, want ErrCapReached at 2", len(refs), err)
		}
	})

	run(t, "concurrent creates never pass the cap", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		const limit, tries = 3, 8
		errs := make(chan error, tries)
		var wg sync.WaitGroup
		for i := range tries {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- s.CreateTemplateWithin(ctx, newTemplate("acme", fmt.Sprintf("t%d", i), "en"), time.Time{}, limit)
			}()
		}
		wg.Wait()
		close(errs)
		outcomes := map[error]int{}
		for err := range errs {
			if err != nil && !errors.Is(err, template.ErrCapReached) {
				t.Fatalf("a create failed otherwise: %v", err)
			}
			outcomes[err]++
		}
		if outcomes[nil] != limit || outcomes[template.ErrCapReached] != tries-limit {
			t.Fatalf("outcomes %v: want %d created and %d refused", outcomes, limit, tries-limit)
		}
		got, err := s.QueryTemplates(ctx, "acme", template.Filter{}, template.Position{}, 10, template.ListBudget)
		if err != nil || len(got.Templates) != limit {
			t.Fatalf("stored: %v %v", ids(got.Templates), err)
		}
	})

	run(t, "due reviews are the armed templates due by now", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		at := now()
		seeds := []struct {
			name string
			due  time.Time
		}{
			{"long_due", at.Add(-time.Hour)}, {"just_due", at.Add(-time.Second)}, {"due_now", at},
			{"not_yet", at.Add(time.Second)}, {"unarmed", time.Time{}},
		}
		for _, sd := range seeds {
			must(t, s.CreateTemplate(ctx, newTemplate("acme", sd.name, "en"), sd.due))
		}
		got, err := s.DueReviews(ctx, at, 10)
		want := []template.Review{dueReview("acme", "due_now", 1), dueReview("acme", "just_due", 1), dueReview("acme", "long_due", 1)}
		if err != nil || !sameReviews(got, want) {
			t.Fatalf("got %+v, %v; want %+v", got, err, want)
		}
	})

	run(t, "due reviews stop at the limit", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		at := now()
		for i := range 12 {
			must(t, s.CreateTemplate(ctx, newTemplate(fmt.Sprintf("zba-%d", i%3), fmt.Sprintf("t%02d", i), "en"), at.Add(-time.Minute)))
		}
		for _, limit := range []int{1, 5, 12, 50} {
			got, err := s.DueReviews(ctx, at, limit)
			distinct := slices.CompactFunc(sortedReviews(got), func(a, b template.Review) bool { return a == b })
			if err != nil || len(got) != min(limit, 12) || len(distinct) != len(got) {
				t.Errorf("limit %d: %d reviews (%d distinct), %v", limit, len(got), len(distinct), err)
			}
		}
	})

	run(t, "a review is re-armed only at the version read", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		at := now()
		tpl := newTemplate("acme", "order", "en")
		must(t, s.CreateTemplate(ctx, tpl, at.Add(-time.Minute)))
		must(t, s.CreateTemplate(ctx, newTemplate("acme", "unarmed", "en"), time.Time{}))
		later := at.Add(time.Hour)
		steps := []struct {
			name string
			r    template.Review
			due  time.Time
		}{
			{"a stale version is skipped", dueReview("acme", "order", 7), later},
			{"an unarmed template stays unarmed", dueReview("acme", "unarmed", 1), at.Add(-time.Hour)},
			{"a missing template is skipped", dueReview("acme", "ghost", 1), at.Add(-time.Hour)},
		}
		for _, st := range steps {
			if err := s.RearmReview(ctx, st.r, st.due); err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
		}
		if got, _ := s.DueReviews(ctx, at, 10); !sameReviews(got, []template.Review{dueReview("acme", "order", 1)}) {
			t.Fatalf("only the armed template is due, where it was: %+v", got)
		}
		if _, err := s.GetTemplate(ctx, template.Ref{ZBAID: "acme", Name: "ghost", Language: "en"}); !errors.Is(err, template.ErrNotFound) {
			t.Fatalf("re-arming must not create: %v", err)
		}
		must(t, s.RearmReview(ctx, dueReview("acme", "order", 1), later))
		if got, _ := s.DueReviews(ctx, at, 10); len(got) != 0 {
			t.Fatalf("re-armed for later: %+v", got)
		}
		if got, _ := s.DueReviews(ctx, later, 10); !sameReviews(got, []template.Review{dueReview("acme", "order", 1)}) {
			t.Fatalf("due again later: %+v", got)
		}
	})

	run(t, "a replace re-arms or disarms the review", func(t *testing.T) {
		s, ctx := newStore(t), t.Context()
		at := now()
		v1 := newTemplate("acme", "order", "en")
		must(t, s.CreateTemplate(ctx, v1, at.Add(-time.Minute)))
		v2 := v1
		v2.Version = 2
		must(t, s.ReplaceTemplate(ctx, v2, time.Time{}))
		if got, _ := s.DueReviews(ctx, at, 10); len(got) != 0 {
			t.Fatalf("replaced without a review: %+v", got)
		}
		v3 := v2
		v3.Version = 3
		must(t, s.ReplaceTemplate(ctx, v3, at.Add(-time.Second)))
		if got, _ := s.DueReviews(ctx, at, 10); !sameReviews(got, []template.Review{dueReview("acme", "order", 3)}) {
			t.Fatalf("replaced with a review: %+v", got)
		}
	})
}

// newTemplate is a pending version 1 template.
func newTemplate(zbaID, name, language string) template.Template {
	at := now()
	return template.Template{ZBAID: zbaID, Name: name, Language: language, Category: "UTILITY",
		Status: template.StatusPending, QualityScore: "UNKNOWN", ParameterFormat: "POSITIONAL",
		Components: []byte(`[{"type":"BODY","text":"Order {{1}} shipped"}]`), CreatedAt: at, UpdatedAt: at, Version: 1}
}

// seedListing stores seven templates of acme, whose names share prefixes,
// and one of another ZBA, and returns acme's in key order as ids.
func seedListing(t *testing.T, s template.Store) []string {
	t.Helper()
	seeds := []struct {
		name, lang, category string
		status               template.Status
		quality              string
	}{
		{"zeta", "pt_BR", "UTILITY", template.StatusApproved, template.QualityGreen},
		{"alpha", "en", "UTILITY", template.StatusApproved, template.QualityUnknown},
		{"gamma", "es", "UTILITY", template.StatusPaused, template.QualityRed},
		{"alpha_beta", "de", "MARKETING", template.StatusPending, template.QualityUnknown},
		{"beta", "fr", "MARKETING", template.StatusApproved, template.QualityYellow},
		{"alpha", "en_US", "UTILITY", template.StatusRejected, template.QualityUnknown},
		{"gamma", "en", "AUTHENTICATION", template.StatusApproved, template.QualityUnknown},
	}
	for _, sd := range seeds {
		tpl := newTemplate("acme", sd.name, sd.lang)
		tpl.Category, tpl.Status, tpl.QualityScore = sd.category, sd.status, sd.quality
		must(t, s.CreateTemplate(t.Context(), tpl, time.Time{}))
	}
	must(t, s.CreateTemplate(t.Context(), newTemplate("rival", "alpha", "en"), time.Time{}))
	// Key order, which is not (name, language) order: "alpha_beta_de" sorts
	// before "alpha_en".
	return []string{"alpha_beta_de", "alpha_en", "alpha_en_US", "beta_fr", "gamma_en", "gamma_es", "zeta_pt_BR"}
}

// ids are the templates' names and languages as their key order sees them.
func ids(ts []template.Template) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Name + "_" + t.Language
	}
	return out
}

// parseRef is the acme template of a seedListing id.
func parseRef(id string) template.Ref {
	for _, lang := range []string{"pt_BR", "en_US", "en", "es", "de", "fr"} {
		if name, ok := strings.CutSuffix(id, "_"+lang); ok {
			return template.Ref{ZBAID: "acme", Name: name, Language: lang}
		}
	}
	panic("storecontract: no language in " + id)
}

func after(id string) template.Position {
	r := parseRef(id)
	return template.Position{Ref: &r}
}

func before(id string) template.Position {
	r := parseRef(id)
	return template.Position{Ref: &r, Backward: true}
}

// summaryOf is t as a list returns it: its summary fields, the rest zero.
func summaryOf(t template.Template) template.Template {
	return template.Template{ZBAID: t.ZBAID, Name: t.Name, Language: t.Language, Category: t.Category,
		CorrectCategory: t.CorrectCategory, Status: t.Status, QualityScore: t.QualityScore,
		RejectionReason: t.RejectionReason}
}

func refOf(t template.Template) template.Ref {
	return template.Ref{ZBAID: t.ZBAID, Name: t.Name, Language: t.Language}
}

func dueReview(zbaID, name string, version int) template.Review {
	return template.Review{ZBAID: zbaID, Name: name, Language: "en", Version: version}
}

// sortedReviews is a sorted copy: DueReviews promises no order.
func sortedReviews(rs []template.Review) []template.Review {
	out := slices.Clone(rs)
	slices.SortFunc(out, func(a, b template.Review) int {
		return strings.Compare(a.ZBAID+"/"+a.Name+"/"+a.Language, b.ZBAID+"/"+b.Name+"/"+b.Language)
	})
	return out
}

func sameReviews(got, want []template.Review) bool {
	return slices.Equal(sortedReviews(got), sortedReviews(want))
}

// sameTemplate compares templates with their times as instants.
func sameTemplate(a, b template.Template) bool {
	norm := func(t template.Template) template.Template {
		t.CreatedAt, t.UpdatedAt = t.CreatedAt.UTC(), t.UpdatedAt.UTC()
		if t.Decision != nil {
			d := *t.Decision
			d.DecidedAt = d.DecidedAt.UTC()
			t.Decision = &d
		}
		return t
	}
	return reflect.DeepEqual(norm(a), norm(b))
}
