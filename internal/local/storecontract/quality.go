package storecontract

import (
	"errors"
	"testing"
	"time"

	"svc/internal/feature/template"
	"svc/internal/feature/template/quality"
)

// QualityStores are the template store, which seeds templates, and the
// quality port over the same state.
type QualityStores struct {
	Templates template.Store
	Quality   quality.Store
}

// Quality is the contract of quality.Store.
func Quality(t *testing.T, newStores func(t *testing.T) QualityStores) {
	// An hour boundary well inside the hour, so the cases' offsets stay in it.
	base := now().Truncate(time.Hour).Add(-48 * time.Hour).Add(10 * time.Minute)

	approved := func(t *testing.T, s QualityStores, name string) template.Template {
		t.Helper()
		tpl := newTemplate("acme", name, "en")
		tpl.Status = template.StatusApproved
		must(t, s.Templates.CreateTemplate(t.Context(), tpl, time.Time{}))
		return tpl
	}

	run(t, "outcomes are counted by hour, returned, and leave the version alone", func(t *testing.T) {
		s := newStores(t)
		tpl := approved(t, s, "hello")
		r := refOf(tpl)
		record := []struct {
			o  template.Outcome
			at time.Time
		}{
			{template.OutcomeDelivered, base}, {template.OutcomeDelivered, base.Add(time.Minute)},
			{template.OutcomeBlocked, base.Add(2 * time.Minute)}, {template.OutcomeRead, base.Add(time.Hour)},
			{template.OutcomeDelivered, base.Add(time.Hour + time.Minute)},
		}
		var got template.Template
		for _, rc := range record {
			var err error
			got, err = s.Quality.RecordOutcome(t.Context(), r, rc.o, rc.at)
			must(t, err)
		}
		want := quality.Counts{template.OutcomeDelivered: 3, template.OutcomeBlocked: 1, template.OutcomeRead: 1}
		if w := quality.Window(got.Outcomes, base.Add(time.Hour)); !sameCounts(w, want) {
			t.Fatalf("returned window %v, want %v", w, want)
		}
		if got.Version != 1 || got.Status != template.StatusApproved {
			t.Fatalf("returned version %d status %s, want 1 APPROVED", got.Version, got.Status)
		}
		read, err := s.Quality.GetTemplate(t.Context(), r)
		must(t, err)
		if w := quality.Window(read.Outcomes, base.Add(time.Hour)); !sameCounts(w, want) {
			t.Fatalf("stored window %v, want %v", w, want)
		}
		if len(read.Outcomes) != 2 {
			t.Fatalf("%d slots, want 2: %+v", len(read.Outcomes), read.Outcomes)
		}
	})

	run(t, "a slot reused a day later starts again", func(t *testing.T) {
		s := newStores(t)
		r := refOf(approved(t, s, "hello"))
		for range 3 {
			_, err := s.Quality.RecordOutcome(t.Context(), r, template.OutcomeFailed, base)
			must(t, err)
		}
		later := base.Add(template.OutcomeSlots * time.Hour)
		got, err := s.Quality.RecordOutcome(t.Context(), r, template.OutcomeDelivered, later)
		must(t, err)
		if w, want := quality.Window(got.Outcomes, later), (quality.Counts{template.OutcomeDelivered: 1}); !sameCounts(w, want) {
			t.Fatalf("window %v, want %v", w, want)
		}
		if len(got.Outcomes) != 1 {
			t.Fatalf("slots %+v, want the reused one alone", got.Outcomes)
		}
	})

	run(t, "an outcome of a missing template is not found and stores nothing", func(t *testing.T) {
		s := newStores(t)
		r := template.Ref{ZBAID: "acme", Name: "ghost", Language: "en"}
		if _, err := s.Quality.RecordOutcome(t.Context(), r, template.OutcomeDelivered, base); !errors.Is(err, template.ErrNotFound) {
			t.Fatalf("err %v, want ErrNotFound", err)
		}
		if _, err := s.Quality.GetTemplate(t.Context(), r); !errors.Is(err, template.ErrNotFound) {
			t.Fatalf("a template appeared: %v", err)
		}
	})

	run(t, "a pause is versioned, indexed until it ends, and the unpause empties the window", func(t *testing.T) {
		s := newStores(t)
		tpl := approved(t, s, "hello")
		r := refOf(tpl)
		_, err := s.Quality.RecordOutcome(t.Context(), r, template.OutcomeBlocked, base)
		must(t, err)
		paused := tpl
		paused.Status, paused.QualityScore, paused.Pauses = template.StatusPaused, quality.ScoreRED, 1
		paused.PausedUntil, paused.UpdatedAt, paused.Version = base.Add(3*time.Hour), base, 2
		must(t, s.Quality.UpdateQuality(t.Context(), paused, false))
		if err := s.Quality.UpdateQuality(t.Context(), paused, false); !errors.Is(err, template.ErrConflict) {
			t.Fatalf("repeat: err %v, want ErrConflict", err)
		}
		ghost := paused
		ghost.Name = "ghost"
		if err := s.Quality.UpdateQuality(t.Context(), ghost, false); !errors.Is(err, template.ErrNotFound) {
			t.Fatalf("missing: err %v, want ErrNotFound", err)
		}
		got, err := s.Quality.GetTemplate(t.Context(), r)
		must(t, err)
		if got.Status != template.StatusPaused || got.QualityScore != quality.ScoreRED || got.Pauses != 1 ||
			!got.PausedUntil.Equal(paused.PausedUntil) || got.Version != 2 || len(got.Outcomes) != 1 {
			t.Fatalf("stored %+v", got)
		}
		due, err := s.Quality.DuePauseEnds(t.Context(), base.Add(3*time.Hour-time.Second), 10)
		must(t, err)
		if len(due) != 0 {
			t.Fatalf("due before the end: %v", due)
		}
		due, err = s.Quality.DuePauseEnds(t.Context(), base.Add(3*time.Hour), 10)
		must(t, err)
		if len(due) != 1 || due[0] != r {
			t.Fatalf("due at the end: %v, want %v", due, r)
		}
		back := got
		back.Status, back.QualityScore, back.PausedUntil, back.Version = template.StatusApproved, quality.ScoreUnknown, time.Time{}, 3
		must(t, s.Quality.UpdateQuality(t.Context(), back, true))
		got, err = s.Quality.GetTemplate(t.Context(), r)
		must(t, err)
		if got.Status != template.StatusApproved || !got.PausedUntil.IsZero() || len(got.Outcomes) != 0 || got.Pauses != 1 {
			t.Fatalf("unpaused %+v", got)
		}
		due, err = s.Quality.DuePauseEnds(t.Context(), base.Add(24*time.Hour), 10)
		must(t, err)
		if len(due) != 0 {
			t.Fatalf("still due after the unpause: %v", due)
		}
		// Counting starts again in the emptied window.
		got, err = s.Quality.RecordOutcome(t.Context(), r, template.OutcomeDelivered, base)
		must(t, err)
		if w := quality.Window(got.Outcomes, base); !sameCounts(w, quality.Counts{template.OutcomeDelivered: 1}) {
			t.Fatalf("window after the unpause %v", w)
		}
	})

	run(t, "an edit of a paused template takes it out of the pause index", func(t *testing.T) {
		s := newStores(t)
		tpl := approved(t, s, "hello")
		paused := tpl
		paused.Status, paused.Pauses, paused.PausedUntil, paused.Version = template.StatusPaused, 1, base, 2
		must(t, s.Quality.UpdateQuality(t.Context(), paused, false))
		edited := paused
		edited.Status, edited.PausedUntil, edited.Version = template.StatusPending, time.Time{}, 3
		must(t, s.Templates.ReplaceTemplate(t.Context(), edited, base.Add(time.Hour)))
		due, err := s.Quality.DuePauseEnds(t.Context(), base.Add(time.Hour), 10)
		must(t, err)
		if len(due) != 0 {
			t.Fatalf("an edited template is still due to unpause: %v", due)
		}
		got, err := s.Quality.GetTemplate(t.Context(), refOf(tpl))
		must(t, err)
		if got.Pauses != 1 {
			t.Fatalf("the edit lost the pause count: %+v", got)
		}
	})

	run(t, "pending events are written with a transition and cleared on its version only", func(t *testing.T) {
		s := newStores(t)
		tpl := approved(t, s, "hello")
		r := refOf(tpl)
		next := tpl
		next.QualityScore, next.Version, next.PendingEvents = quality.ScoreGreen, 2, []byte(`[{"id":"evt_1"}]`)
		must(t, s.Quality.UpdateQuality(t.Context(), next, false))
		got, err := s.Quality.GetTemplate(t.Context(), r)
		must(t, err)
		if string(got.PendingEvents) != `[{"id":"evt_1"}]` {
			t.Fatalf("pending %q", got.PendingEvents)
		}
		// The outcome's write returns them too: its reader queues them.
		counted, err := s.Quality.RecordOutcome(t.Context(), r, template.OutcomeRead, base)
		must(t, err)
		if string(counted.PendingEvents) != `[{"id":"evt_1"}]` {
			t.Fatalf("pending after an outcome %q", counted.PendingEvents)
		}
		must(t, s.Quality.ClearPendingEvents(t.Context(), r, 1))
		if got, _ = s.Quality.GetTemplate(t.Context(), r); len(got.PendingEvents) == 0 {
			t.Fatal("a clear of another version cleared them")
		}
		must(t, s.Quality.ClearPendingEvents(t.Context(), r, 2))
		if got, _ = s.Quality.GetTemplate(t.Context(), r); got.PendingEvents != nil || got.Version != 2 {
			t.Fatalf("after the clear: %q, version %d", got.PendingEvents, got.Version)
		}
		must(t, s.Quality.ClearPendingEvents(t.Context(), template.Ref{ZBAID: "acme", Name: "ghost", Language: "en"}, 1))
	})

	run(t, "due pause ends stop at the limit", func(t *testing.T) {
		s := newStores(t)
		for i, name := range []string{"a", "b", "c"} {
			tpl := approved(t, s, name)
			tpl.Status, tpl.Pauses, tpl.PausedUntil, tpl.Version = template.StatusPaused, 1, base.Add(time.Duration(i)*time.Minute), 2
			must(t, s.Quality.UpdateQuality(t.Context(), tpl, false))
		}
		due, err := s.Quality.DuePauseEnds(t.Context(), base.Add(time.Hour), 2)
		must(t, err)
		if len(due) != 2 {
			t.Fatalf("%d due, want the limit of 2", len(due))
		}
	})
}

func sameCounts(a, b quality.Counts) bool {
	for _, o := range template.AllOutcomes {
		if a[o] != b[o] {
			return false
		}
	}
	return true
}
