package storecontract

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"svc/internal/feature/template"
	"svc/internal/feature/template/classify"
	"svc/internal/feature/template/review"
)

// ReviewStores is what the Reviews contract needs: the port under test and
// the template store that creates and edits what it decides on, over the
// same state (one value may be both).
type ReviewStores struct {
	Templates template.Store
	Reviews   review.Store
}

// Reviews is the contract of review.Store: a decision is recorded only on
// the pending version reviewed, takes the template off the due reviews, and
// its events stay pending until cleared.
func Reviews(t *testing.T, newStores func(t *testing.T) ReviewStores) {
	run(t, "a decision is recorded on the pending version", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		at := now()
		tpl := newTemplate("acme", "order", "en")
		must(t, s.Templates.CreateTemplate(ctx, tpl, at.Add(-time.Minute)))
		d := approvedAsMarketing()
		must(t, s.Reviews.RecordDecision(ctx, tpl, d, at))
		got, err := s.Reviews.GetTemplate(ctx, refOf(tpl))
		if err != nil {
			t.Fatal(err)
		}
		want := tpl
		want.Status, want.Category, want.CorrectCategory = template.Status(d.Status), d.Category, d.CorrectCategory
		want.Decision = &template.DecisionRecord{ClassifierVersion: d.Version, Signals: signalsJSON(t, d),
			DecidedAt: at, DeclaredCategory: tpl.Category, EventsPending: true}
		if !sameTemplate(got, want) {
			t.Fatalf("got %+v %+v; want %+v %+v", got, got.Decision, want, want.Decision)
		}
		if due, err := s.Templates.DueReviews(ctx, at.Add(time.Hour), 10); err != nil || len(due) != 0 {
			t.Fatalf("a decided template is no longer due: %+v %v", due, err)
		}
	})

	run(t, "a decision on anything but the pending version conflicts", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		at := now()
		pending := newTemplate("acme", "order", "en")
		approved := newTemplate("acme", "approved", "en")
		approved.Status = template.StatusApproved
		decided := newTemplate("acme", "decided", "en")
		for _, tpl := range []template.Template{pending, approved, decided} {
			must(t, s.Templates.CreateTemplate(ctx, tpl, at))
		}
		must(t, s.Reviews.RecordDecision(ctx, decided, approvedAsMarketing(), at))
		stale := pending
		stale.Version = 2
		// What a late message about a template deleted and created again
		// carries: the same version, other content.
		otherText, otherCategory, otherFormat := pending, pending, pending
		otherText.Components = []byte(`[{"type":"BODY","text":"Another text"}]`)
		otherCategory.Category = "MARKETING"
		otherFormat.ParameterFormat = "NAMED"
		cases := []struct {
			name string
			t    template.Template
		}{
			{"another version", stale},
			{"other components of that version", otherText},
			{"another category of that version", otherCategory},
			{"another parameter format of that version", otherFormat},
			{"a template no longer pending", approved},
			{"a template already decided", decided},
			{"a missing template", newTemplate("acme", "ghost", "en")},
		}
		for _, tc := range cases {
			if err := s.Reviews.RecordDecision(ctx, tc.t, rejected(), at); !errors.Is(err, template.ErrConflict) {
				t.Errorf("%s: %v, want template.ErrConflict", tc.name, err)
			}
		}
		if _, err := s.Reviews.GetTemplate(ctx, refOf(cases[len(cases)-1].t)); !errors.Is(err, template.ErrNotFound) {
			t.Errorf("a refused decision must not create: %v", err)
		}
		if got, _ := s.Reviews.GetTemplate(ctx, refOf(pending)); !sameTemplate(got, pending) {
			t.Errorf("a refused decision changed the template: %+v", got)
		}
	})

	run(t, "an outcome the decision leaves empty is cleared", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		tpl := newTemplate("acme", "order", "en")
		tpl.CorrectCategory, tpl.RejectionReason = "MARKETING", "INVALID_FORMAT"
		must(t, s.Templates.CreateTemplate(ctx, tpl, time.Time{}))
		d := classify.Decision{Status: string(template.StatusApproved), Category: "UTILITY", Version: "v1"}
		must(t, s.Reviews.RecordDecision(ctx, tpl, d, now()))
		got, err := s.Reviews.GetTemplate(ctx, refOf(tpl))
		if err != nil || got.CorrectCategory != "" || got.RejectionReason != "" || got.Status != template.StatusApproved {
			t.Fatalf("got %+v, %v", got, err)
		}
	})

	run(t, "pending events are cleared on the version decided only", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		at := now()
		v1 := newTemplate("acme", "order", "en")
		must(t, s.Templates.CreateTemplate(ctx, v1, at))
		must(t, s.Reviews.RecordDecision(ctx, v1, rejected(), at))
		must(t, s.Reviews.ClearEventsPending(ctx, v1))
		got, err := s.Reviews.GetTemplate(ctx, refOf(v1))
		if err != nil || got.Decision == nil || got.Decision.EventsPending || got.Status != template.StatusRejected ||
			got.Decision.ClassifierVersion != "v1" {
			t.Fatalf("cleared: %+v %+v, %v", got, got.Decision, err)
		}
		must(t, s.Reviews.ClearEventsPending(ctx, v1)) // a redelivered message clears again

		// Edited and decided again: the first decision's clear is too late
		// and must not touch the second's.
		v2 := v1
		v2.Version, v2.Status, v2.Decision = 2, template.StatusPending, nil
		must(t, s.Templates.ReplaceTemplate(ctx, v2, at))
		must(t, s.Reviews.RecordDecision(ctx, v2, rejected(), at))
		must(t, s.Reviews.ClearEventsPending(ctx, v1))
		got, err = s.Reviews.GetTemplate(ctx, refOf(v1))
		if err != nil || got.Version != 2 || got.Decision == nil || !got.Decision.EventsPending {
			t.Fatalf("a stale clear changed the newer decision: %+v %+v, %v", got, got.Decision, err)
		}
		if err := s.Reviews.ClearEventsPending(ctx, newTemplate("acme", "ghost", "en")); err != nil {
			t.Fatalf("a deleted template has nothing to clear: %v", err)
		}
	})

	run(t, "a missing template is not found", func(t *testing.T) {
		s, ctx := newStores(t), t.Context()
		if _, err := s.Reviews.GetTemplate(ctx, template.Ref{ZBAID: "acme", Name: "ghost", Language: "en"}); !errors.Is(err, template.ErrNotFound) {
			t.Fatalf("%v, want template.ErrNotFound", err)
		}
	})
}

// approvedAsMarketing is a decision that recategorises a UTILITY template.
func approvedAsMarketing() classify.Decision {
	return classify.Decision{Status: string(template.StatusApproved), Category: "MARKETING", CorrectCategory: "MARKETING",
		Version: "v1", Signals: []classify.Signal{{Rule: "promo", Detail: "discount", Weight: 0.75}}}
}

func rejected() classify.Decision {
	return classify.Decision{Status: string(template.StatusRejected), Category: "UTILITY", RejectionReason: "INVALID_FORMAT",
		Version: "v1", Signals: []classify.Signal{{Rule: "format", Detail: "placeholder", Weight: 1}}}
}

// signalsJSON is how a decision's signals read back: as their JSON.
func signalsJSON(t *testing.T, d classify.Decision) []byte {
	t.Helper()
	b, err := json.Marshal(d.Signals)
	must(t, err)
	return b
}
