package quality_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/internal/feature/template"
	"svc/internal/feature/template/quality"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/local/memstore"
	"svc/internal/platform/apperr"
)

var t0 = time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)

func TestScore(t *testing.T) {
	const (
		d = template.OutcomeDelivered
		r = template.OutcomeRead
		f = template.OutcomeFailed
		b = template.OutcomeBlocked
		o = template.OutcomeOptedOut
	)
	for _, tc := range []struct {
		name     string
		counts   quality.Counts
		previous string
		want     string
	}{
		{"nothing known stays unknown", quality.Counts{}, "UNKNOWN", "UNKNOWN"},
		{"below the sample keeps the previous score", quality.Counts{d: 19, b: 10}, "GREEN", "GREEN"},
		{"below the sample keeps RED too", quality.Counts{d: 5}, "RED", "RED"},
		{"a clean sample is GREEN", quality.Counts{d: 20}, "UNKNOWN", "GREEN"},
		{"reads do not move it", quality.Counts{d: 20, r: 0}, "UNKNOWN", "GREEN"},
		{"just under 3 % negative is GREEN", quality.Counts{d: 100, b: 2}, "UNKNOWN", "GREEN"},
		{"3 % negative is YELLOW", quality.Counts{d: 100, b: 2, o: 1}, "GREEN", "YELLOW"},
		{"just under 8 % negative is YELLOW", quality.Counts{d: 100, o: 7}, "GREEN", "YELLOW"},
		{"8 % negative is RED", quality.Counts{d: 100, b: 4, o: 4}, "YELLOW", "RED"},
		{"2 blocks in 20 is RED", quality.Counts{d: 20, b: 2}, "GREEN", "RED"},
		{"20 % failures is YELLOW", quality.Counts{d: 80, f: 20}, "GREEN", "YELLOW"},
		{"under 20 % failures is GREEN", quality.Counts{d: 81, f: 19}, "YELLOW", "GREEN"},
		{"failures alone never make RED", quality.Counts{d: 20, f: 1000}, "GREEN", "YELLOW"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := quality.Score(tc.counts, tc.previous); got != tc.want {
				t.Fatalf("Score(%v, %s) = %s, want %s", tc.counts, tc.previous, got, tc.want)
			}
		})
	}
}

func TestWindow(t *testing.T) {
	h := template.HourOf(t0)
	slots := []template.OutcomeSlot{
		{Hour: h, Counts: map[template.Outcome]int{template.OutcomeDelivered: 1}},
		{Hour: h - 23, Counts: map[template.Outcome]int{template.OutcomeDelivered: 10}},
		{Hour: h - 24, Counts: map[template.Outcome]int{template.OutcomeDelivered: 100}},
		{Hour: h + 1, Counts: map[template.Outcome]int{template.OutcomeDelivered: 1000}},
	}
	for _, tc := range []struct {
		name string
		now  time.Time
		want int
	}{
		{"the last 24 hours count", t0, 11},
		{"an hour later the oldest slides out", t0.Add(time.Hour), 1001},
		{"a day later only the newest slot is left", t0.Add(24 * time.Hour), 1000},
		{"past the window nothing counts", t0.Add(25 * time.Hour), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := quality.Window(slots, tc.now)[template.OutcomeDelivered]; got != tc.want {
				t.Fatalf("delivered %d, want %d", got, tc.want)
			}
		})
	}
}

func TestPauseFor(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want time.Duration
		ok   bool
	}{{1, 3 * time.Hour, true}, {2, 6 * time.Hour, true}, {3, 0, false}, {4, 0, false}} {
		if d, ok := quality.PauseFor(tc.n); d != tc.want || ok != tc.ok {
			t.Errorf("PauseFor(%d) = %v, %v; want %v, %v", tc.n, d, ok, tc.want, tc.ok)
		}
	}
}

type fixture struct {
	svc       quality.Service
	templates template.Service
	store     *memstore.Store
	events    *memstore.Queue
	clock     *memstore.Clock
	ref       template.Ref
}

func newFixture(t *testing.T) fixture {
	t.Helper()
	f := fixture{store: memstore.New(), events: &memstore.Queue{}, clock: memstore.NewClock(t0),
		ref: template.Ref{ZBAID: "acme", Name: "order_shipped", Language: "en"}}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	f.svc = quality.Service{Store: f.store.Templates, Events: delivery.Queue{Publisher: f.events}, Now: f.clock.Now, Log: log}
	f.templates = template.Service{Store: f.store.Templates, Queue: template.PublishingQueue{Publisher: &memstore.Queue{}},
		Now: f.clock.Now, Log: log}
	tpl := template.Template{ZBAID: "acme", Name: f.ref.Name, Language: "en", Category: "UTILITY",
		Status: template.StatusApproved, QualityScore: template.QualityUnknown, ParameterFormat: "POSITIONAL",
		Components: []byte(`[{"type":"BODY","text":"Your order {{1}} has shipped.","example":{"body_text":[["A1"]]}}]`),
		CreatedAt:  t0, UpdatedAt: t0, Version: 1}
	if err := f.store.CreateTemplate(t.Context(), tpl, time.Time{}); err != nil {
		t.Fatal(err)
	}
	return f
}

func (f fixture) record(t *testing.T, o template.Outcome, n int) {
	t.Helper()
	for range n {
		if err := f.svc.RecordOutcome(t.Context(), f.ref.ZBAID, f.ref.Name, f.ref.Language, o); err != nil {
			t.Fatal(err)
		}
	}
}

func (f fixture) stored(t *testing.T) template.Template {
	t.Helper()
	got, err := f.store.GetTemplate(t.Context(), f.ref)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// event is what a test checks of one published event.
type event struct{ field, event, title, previous, next string }

func (f fixture) published(t *testing.T) []event {
	t.Helper()
	var out []event
	for _, m := range f.events.Take() {
		var j delivery.Job
		if err := json.Unmarshal(m.Body, &j); err != nil {
			t.Fatal(err)
		}
		v := j.Event.Value
		e := event{field: j.Event.Field}
		switch j.Event.Field {
		case webhook.FieldQualityUpdate:
			e.previous, e.next = v["previous_quality_score"].(string), v["new_quality_score"].(string)
		case webhook.FieldStatusUpdate:
			e.event = v["event"].(string)
			e.title = v["other_info"].(map[string]any)["title"].(string)
			if e.event == "DISABLED" {
				// Queued events keep their numbers as written (json.Number).
				if d, ok := v["disable_info"].(map[string]any)["disable_date"].(json.Number); !ok || d.String() == "" {
					t.Errorf("DISABLED without disable_info.disable_date: %v", v)
				}
			}
		}
		if j.Event.ID == "" || j.Event.Body() == nil {
			t.Errorf("event without id or body: %+v", j.Event)
		}
		out = append(out, e)
	}
	return out
}

func sameEvents(got, want []event) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		if got[i] != want[i] {
			return false
		}
	}
	return true
}

func codeOf(err error) apperr.Code {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return ae.Code
	}
	return -1
}

// pushToRed records a clean sample, then negative feedback until RED.
func (f fixture) pushToRed(t *testing.T) {
	t.Helper()
	f.record(t, template.OutcomeDelivered, quality.MinDelivered)
	f.record(t, template.OutcomeRead, 5)
	f.record(t, template.OutcomeBlocked, 1)
	f.record(t, template.OutcomeOptedOut, 1)
}

// TestPauseSchedule drives one template through its three falls to RED on
// a clock that moves only when told: 3 hours paused, 6 hours paused, then
// disabled; each step's events, sendability and the sweep's timing.
func TestPauseSchedule(t *testing.T) {
	f := newFixture(t)
	quality1 := event{field: webhook.FieldQualityUpdate}
	scores := func(prev, next string) event { e := quality1; e.previous, e.next = prev, next; return e }
	status := func(ev, title string) event {
		return event{field: webhook.FieldStatusUpdate, event: ev, title: title}
	}
	for _, step := range []struct {
		pause     time.Duration
		firstFrom string
		title     string
	}{
		{3 * time.Hour, "UNKNOWN", webhook.TitleFirstPause},
		{6 * time.Hour, "UNKNOWN", webhook.TitleSecondPause},
	} {
		f.pushToRed(t)
		want := []event{scores(step.firstFrom, "GREEN"), scores("GREEN", "YELLOW"), scores("YELLOW", "RED"), status("PAUSED", step.title)}
		if got := f.published(t); !sameEvents(got, want) {
			t.Fatalf("events %+v, want %+v", got, want)
		}
		got := f.stored(t)
		if got.Status != template.StatusPaused || got.QualityScore != "RED" || !got.PausedUntil.Equal(f.clock.Now().Add(step.pause)) {
			t.Fatalf("after RED: %+v", got)
		}
		if code := codeOf(got.Sendable()); code != apperr.CodeTemplatePaused {
			t.Fatalf("a paused template sends as %d, want 132015", code)
		}
		// Outcomes of a paused template count but move nothing.
		f.record(t, template.OutcomeBlocked, 3)
		if evs := f.published(t); len(evs) != 0 {
			t.Fatalf("a paused template published %+v", evs)
		}
		f.clock.Advance(step.pause - time.Second)
		if n, err := f.svc.EndPauses(t.Context()); err != nil || n != 0 {
			t.Fatalf("a second before its end: unpaused %d, %v", n, err)
		}
		f.clock.Advance(time.Second)
		if n, err := f.svc.EndPauses(t.Context()); err != nil || n != 1 {
			t.Fatalf("at its end: unpaused %d, %v", n, err)
		}
		if n, err := f.svc.EndPauses(t.Context()); err != nil || n != 0 {
			t.Fatalf("a repeated sweep unpaused %d, %v", n, err)
		}
		want = []event{status("APPROVED", webhook.TitleUnpause), scores("RED", "UNKNOWN")}
		if got := f.published(t); !sameEvents(got, want) {
			t.Fatalf("unpause events %+v, want %+v", got, want)
		}
		got = f.stored(t)
		if got.Status != template.StatusApproved || got.QualityScore != "UNKNOWN" || len(got.Outcomes) != 0 || got.Sendable() != nil {
			t.Fatalf("after the pause: %+v", got)
		}
	}
	f.pushToRed(t)
	want := []event{scores("UNKNOWN", "GREEN"), scores("GREEN", "YELLOW"), scores("YELLOW", "RED"), status("DISABLED", webhook.TitleDisabled)}
	if got := f.published(t); !sameEvents(got, want) {
		t.Fatalf("third fall: events %+v, want %+v", got, want)
	}
	got := f.stored(t)
	if got.Status != template.StatusDisabled || got.Pauses != 3 || !got.DisabledAt.Equal(f.clock.Now()) {
		t.Fatalf("after the third fall: %+v", got)
	}
	if code := codeOf(got.Sendable()); code != apperr.CodeTemplateDisabled {
		t.Fatalf("a disabled template sends as %d, want 132016", code)
	}
	f.clock.Advance(24 * time.Hour)
	if n, err := f.svc.EndPauses(t.Context()); err != nil || n != 0 {
		t.Fatalf("a disabled template was unpaused: %d, %v", n, err)
	}
	// The interface lets any status be edited: back to review, the pause
	// count kept.
	if _, err := f.templates.Edit(t.Context(), "acme", got.ID(),
		[]byte(`{"name":"order_shipped","language":"en","category":"UTILITY","components":[{"type":"BODY","text":"Your parcel {{1}} left.","example":{"body_text":[["A1"]]}}]}`)); err != nil {
		t.Fatalf("edit of a disabled template: %v", err)
	}
	if after := f.stored(t); after.Status != template.StatusPending || after.Version != got.Version+1 || after.Pauses != 3 {
		t.Fatalf("after the edit: status %s, version %d, pauses %d; want PENDING, %d, 3", after.Status, after.Version, after.Pauses, got.Version+1)
	}
}

// TestOperatorActions: pause, unpause and disable, each refused with a 400
// from a status it does not apply to, and changing nothing then.
func TestOperatorActions(t *testing.T) {
	f := newFixture(t)
	ctx := t.Context()
	if _, err := f.svc.Unpause(ctx, f.ref); codeOf(err) != apperr.CodeInvalidParameter {
		t.Fatalf("unpause of an APPROVED template: %v", err)
	}
	paused, err := f.svc.Pause(ctx, f.ref)
	if err != nil || paused.Status != template.StatusPaused || paused.Pauses != 1 || !paused.PausedUntil.Equal(t0.Add(3*time.Hour)) {
		t.Fatalf("pause: %+v, %v", paused, err)
	}
	if _, err := f.svc.Pause(ctx, f.ref); codeOf(err) != apperr.CodeInvalidParameter {
		t.Fatalf("second pause of a PAUSED template: %v", err)
	}
	back, err := f.svc.Unpause(ctx, f.ref)
	if err != nil || back.Status != template.StatusApproved || !back.PausedUntil.IsZero() {
		t.Fatalf("unpause: %+v, %v", back, err)
	}
	if n, err := f.svc.EndPauses(ctx); err != nil || n != 0 {
		t.Fatalf("the sweep found an unpaused template: %d, %v", n, err)
	}
	off, err := f.svc.Disable(ctx, f.ref)
	if err != nil || off.Status != template.StatusDisabled {
		t.Fatalf("disable: %+v, %v", off, err)
	}
	if _, err := f.svc.Disable(ctx, f.ref); codeOf(err) != apperr.CodeInvalidParameter {
		t.Fatalf("second disable: %v", err)
	}
	want := []event{{field: webhook.FieldStatusUpdate, event: "PAUSED", title: webhook.TitleFirstPause},
		{field: webhook.FieldStatusUpdate, event: "APPROVED", title: webhook.TitleUnpause},
		{field: webhook.FieldStatusUpdate, event: "DISABLED", title: webhook.TitleDisabled}}
	if got := f.published(t); !sameEvents(got, want) {
		t.Fatalf("events %+v, want %+v", got, want)
	}
	ghost := template.Ref{ZBAID: "acme", Name: "ghost", Language: "en"}
	var ae *apperr.Error
	if _, err := f.svc.Pause(ctx, ghost); !errors.As(err, &ae) || ae.Status() != 404 {
		t.Fatalf("pause of a missing template: %v", err)
	}
	if err := f.svc.RecordOutcome(ctx, "acme", "order_shipped", "en", "clicked"); codeOf(err) != apperr.CodeInvalidParameter {
		t.Fatalf("an unknown outcome: %v", err)
	}
}

// TestRecordOutcomes: operators count outcomes in bulk, 1 to MaxOutcomes
// at a time; a count outside that is refused before anything is counted.
func TestRecordOutcomes(t *testing.T) {
	for _, tc := range []struct {
		name      string
		outcome   template.Outcome
		n         int
		code      apperr.Code // of the refusal; 0: counted
		delivered int
		score     string
	}{
		{"one", template.OutcomeDelivered, 1, 0, 1, template.QualityUnknown},
		{"enough to score", template.OutcomeDelivered, 20, 0, 20, "GREEN"},
		{"the most", template.OutcomeDelivered, quality.MaxOutcomes, 0, quality.MaxOutcomes, "GREEN"},
		{"none", template.OutcomeDelivered, 0, apperr.CodeInvalidParameter, 0, template.QualityUnknown},
		{"negative", template.OutcomeDelivered, -1, apperr.CodeInvalidParameter, 0, template.QualityUnknown},
		{"too many", template.OutcomeDelivered, quality.MaxOutcomes + 1, apperr.CodeInvalidParameter, 0, template.QualityUnknown},
		{"an unknown outcome", "clicked", 3, apperr.CodeInvalidParameter, 0, template.QualityUnknown},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			got, err := f.svc.RecordOutcomes(t.Context(), f.ref, tc.outcome, tc.n)
			if (err == nil) != (tc.code == 0) || (err != nil && codeOf(err) != tc.code) {
				t.Fatalf("err %v, want code %d", err, tc.code)
			}
			stored, gerr := f.store.GetTemplate(t.Context(), f.ref)
			if gerr != nil {
				t.Fatal(gerr)
			}
			delivered := 0
			for _, slot := range stored.Outcomes {
				delivered += slot.Counts[template.OutcomeDelivered]
			}
			if delivered != tc.delivered || stored.QualityScore != tc.score {
				t.Fatalf("stored %d delivered, score %s; want %d, %s", delivered, stored.QualityScore, tc.delivered, tc.score)
			}
			if err == nil && (got.QualityScore != stored.QualityScore || got.Version != stored.Version) {
				t.Fatalf("answered %+v, stored %+v", got, stored)
			}
		})
	}
}

// TestConcurrentOutcomesPauseOnce: outcomes racing over the fall to RED
// pause the template once, with one PAUSED event.
func TestConcurrentOutcomesPauseOnce(t *testing.T) {
	f := newFixture(t)
	f.record(t, template.OutcomeDelivered, 100)
	f.record(t, template.OutcomeBlocked, 7)
	f.published(t)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if err := f.svc.RecordOutcome(t.Context(), "acme", "order_shipped", "en", template.OutcomeBlocked); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	// A racing reader may queue the winner's events again while they are
	// still pending (at least once): with the same ids, which receivers
	// deduplicate on.
	pauses := map[string]bool{}
	for _, m := range f.events.Take() {
		var j delivery.Job
		if err := json.Unmarshal(m.Body, &j); err != nil {
			t.Fatal(err)
		}
		if j.Event.Value["event"] == "PAUSED" {
			pauses[j.Event.ID] = true
		}
	}
	if got := f.stored(t); len(pauses) != 1 || got.Pauses != 1 || got.Status != template.StatusPaused || got.PendingEvents != nil {
		t.Fatalf("%d PAUSED events, stored %+v", len(pauses), got)
	}
}

// TestEditRestartsQuality: an edit of a PAUSED template ends the pause,
// resets the score to UNKNOWN and keeps the pause count.
func TestEditRestartsQuality(t *testing.T) {
	f := newFixture(t)
	f.pushToRed(t)
	tpl := f.stored(t)
	edited, err := f.templates.Edit(t.Context(), "acme", tpl.ID(),
		[]byte(`{"name":"order_shipped","language":"en","category":"UTILITY","components":[{"type":"BODY","text":"Your parcel {{1}} left the depot.","example":{"body_text":[["A1"]]}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	got := f.stored(t)
	if edited.Status != template.StatusPending || got.QualityScore != "UNKNOWN" || !got.PausedUntil.IsZero() || len(got.Outcomes) != 0 || got.Pauses != 1 {
		t.Fatalf("after the edit: %+v", got)
	}
	f.clock.Advance(4 * time.Hour)
	if n, err := f.svc.EndPauses(t.Context()); err != nil || n != 0 {
		t.Fatalf("the sweep unpaused an edited template: %d, %v", n, err)
	}
}

// failingQueue refuses every job while down.
type failingQueue struct {
	down bool
	next delivery.Enqueuer
}

func (q *failingQueue) Enqueue(ctx context.Context, j delivery.Job) error {
	if q.down {
		return errors.New("queue unavailable")
	}
	return q.next.Enqueue(ctx, j)
}

// TestEventsSurviveAQueueFailure: a transition whose events cannot be
// queued stays written with its events pending; the next use case that
// reads the template queues them, with the same ids, and clears them.
func TestEventsSurviveAQueueFailure(t *testing.T) {
	f := newFixture(t)
	q := &failingQueue{next: delivery.Queue{Publisher: f.events}}
	f.svc.Events = q
	f.record(t, template.OutcomeDelivered, quality.MinDelivered-1)
	q.down = true
	if err := f.svc.RecordOutcome(t.Context(), "acme", "order_shipped", "en", template.OutcomeDelivered); err == nil {
		t.Fatal("a failed queue is reported")
	}
	got := f.stored(t)
	if got.QualityScore != "GREEN" || len(got.PendingEvents) == 0 {
		t.Fatalf("the transition stands with its events pending: %+v", got)
	}
	var pending []webhook.Event
	if err := json.Unmarshal(got.PendingEvents, &pending); err != nil || len(pending) != 1 {
		t.Fatalf("pending %s: %v", got.PendingEvents, err)
	}
	q.down = false
	f.record(t, template.OutcomeRead, 1)
	var ids []string
	for _, m := range f.events.Take() {
		var j delivery.Job
		if err := json.Unmarshal(m.Body, &j); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, j.Event.ID)
		if string(j.Event.Body()) != string(pending[0].Body()) {
			t.Errorf("re-queued body %s, want %s", j.Event.Body(), pending[0].Body())
		}
	}
	if len(ids) != 1 || ids[0] != pending[0].ID {
		t.Fatalf("queued %v, want the pending event %s once", ids, pending[0].ID)
	}
	if got := f.stored(t); got.PendingEvents != nil {
		t.Fatalf("still pending: %s", got.PendingEvents)
	}
}

// TestPauseEventDescriptions: other_info.description of each pause event
// says what the template's new status allows, and nothing it does not: a
// DISABLED template cannot be sent but can be edited (back to PENDING, as
// TestPausesThenDisable shows).
func TestPauseEventDescriptions(t *testing.T) {
	type action = func(quality.Service, context.Context, template.Ref) (template.Template, error)
	for _, tc := range []struct {
		name      string
		actions   []action
		wantEvent string
		says      []string
		saysNot   []string
	}{
		{"a pause says when it ends", []action{quality.Service.Pause},
			"PAUSED", []string{"paused for 3h0m0s", "returns to APPROVED at 2026-11-22T12:30:00Z"}, nil},
		{"an unpause says it is approved", []action{quality.Service.Pause, quality.Service.Unpause},
			"APPROVED", []string{"APPROVED again"}, nil},
		{"disabling says it cannot be sent, and that an edit resubmits it", []action{quality.Service.Disable},
			"DISABLED", []string{"can no longer be sent", "editing it submits it for review again"}, []string{"or edited", "cannot be edited"}},
		{"disabling a paused template says the same", []action{quality.Service.Pause, quality.Service.Disable},
			"DISABLED", []string{"can no longer be sent", "editing it submits it for review again"}, []string{"or edited", "cannot be edited"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			for _, act := range tc.actions {
				if _, err := act(f.svc, t.Context(), f.ref); err != nil {
					t.Fatal(err)
				}
			}
			msgs := f.events.Take()
			if len(msgs) == 0 {
				t.Fatal("no event published")
			}
			var j delivery.Job
			if err := json.Unmarshal(msgs[len(msgs)-1].Body, &j); err != nil {
				t.Fatal(err)
			}
			info, _ := j.Event.Value["other_info"].(map[string]any)
			desc, _ := info["description"].(string)
			if j.Event.Value["event"] != tc.wantEvent {
				t.Fatalf("last event %v, want %s", j.Event.Value["event"], tc.wantEvent)
			}
			for _, s := range tc.says {
				if !strings.Contains(desc, s) {
					t.Errorf("description %q does not say %q", desc, s)
				}
			}
			for _, s := range tc.saysNot {
				if strings.Contains(desc, s) {
					t.Errorf("description %q says %q", desc, s)
				}
			}
		})
	}
}
