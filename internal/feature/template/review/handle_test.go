package review_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"svc/internal/feature/template"
	"svc/internal/feature/template/classify"
	"svc/internal/feature/template/review"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/local/memstore"
)

// The classifier consumer over the in-memory store: templates are created
// by the template use case, reviews arrive as queue messages, and the
// webhook events go to a webhook queue in memory.

var t0 = time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)

// Bodies whose review outcome the classifier's rules fix.
const (
	shipped = `[{"type":"BODY","text":"Your order {{1}} has shipped and will arrive within three days.",` +
		`"example":{"body_text":[["A-1042"]]}}]`
	sale = `[{"type":"BODY","text":"Hi {{1}}, our summer sale is on! Get 30% off all shoes this weekend only.",` +
		`"example":{"body_text":[["Ana"]]}}]`
	adjacent = `[{"type":"BODY","text":"Your order {{1}} {{2}} has shipped.","example":{"body_text":[["A","B"]]}}]`
	otp      = `[{"type":"BODY","text":"Your verification code is {{1}}. Do not share it with anyone.",` +
		`"example":{"body_text":[["123456"]]}}]`
)

type fixture struct {
	svc       review.Service
	templates template.Service
	store     *memstore.Store
	events    *memstore.Queue
	clock     *memstore.Clock
}

func newFixture() fixture {
	f := fixture{store: memstore.New(), events: &memstore.Queue{}, clock: memstore.NewClock(t0)}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	f.svc = review.Service{Store: f.store.Reviews, Events: delivery.Queue{Publisher: f.events}, Now: f.clock.Now, Log: log}
	f.templates = template.Service{Store: f.store.Templates, Queue: template.PublishingQueue{Publisher: &memstore.Queue{}},
		Now: f.clock.Now, Log: log}
	return f
}

func body(name, category, components string) []byte {
	return []byte(`{"name":"` + name + `","language":"en","category":"` + category + `","components":` + components + `}`)
}

func (f fixture) create(t *testing.T, name, category, components string) template.Template {
	t.Helper()
	tpl, err := f.templates.Create(t.Context(), "acme", body(name, category, components))
	if err != nil {
		t.Fatal(err)
	}
	return tpl
}

// message is the queue message asking for a review of t's version.
func message(t *testing.T, tpl template.Template) []byte {
	t.Helper()
	b, err := json.Marshal(template.Review{ZBAID: tpl.ZBAID, Name: tpl.Name, Language: tpl.Language, Version: tpl.Version})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// published decodes the webhook jobs queued and empties the queue.
func (f fixture) published(t *testing.T) []delivery.Job {
	t.Helper()
	var out []delivery.Job
	for _, m := range f.events.Take() {
		var j delivery.Job
		if err := json.Unmarshal(m.Body, &j); err != nil {
			t.Fatalf("job %s: %v", m.Body, err)
		}
		if m.Delay != 0 || j.Attempt != 1 || !j.NotBefore.IsZero() {
			t.Errorf("an event's first attempt is due at once: delay %v, %+v", m.Delay, j)
		}
		out = append(out, j)
	}
	return out
}

func (f fixture) stored(t *testing.T, tpl template.Template) template.Template {
	t.Helper()
	got, err := f.store.GetTemplate(t.Context(), template.Ref{ZBAID: tpl.ZBAID, Name: tpl.Name, Language: tpl.Language})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func eventIDs(jobs []delivery.Job) []string {
	var ids []string
	for _, j := range jobs {
		ids = append(ids, j.Event.ID)
	}
	return ids
}

func TestHandleDecidesAndPublishes(t *testing.T) {
	cases := []struct {
		name, category, components string
		status                     template.Status
		finalCategory, correct     string
		reason                     string
	}{
		{"approved", "UTILITY", shipped, template.StatusApproved, "UTILITY", "", ""},
		{"recategorised", "UTILITY", sale, template.StatusApproved, "MARKETING", "MARKETING", ""},
		{"rejected_format", "UTILITY", adjacent, template.StatusRejected, "UTILITY", "", classify.ReasonInvalidFormat},
		{"rejected_category", "MARKETING", otp, template.StatusRejected, "MARKETING", "AUTHENTICATION", classify.ReasonIncorrectCategory},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture()
			tpl := f.create(t, tc.name, tc.category, tc.components)
			f.clock.Advance(time.Minute)
			decidedAt := f.clock.Now()
			if err := f.svc.Handle(t.Context(), message(t, tpl)); err != nil {
				t.Fatal(err)
			}
			got := f.stored(t, tpl)
			if got.Status != tc.status || got.Category != tc.finalCategory || got.CorrectCategory != tc.correct ||
				got.RejectionReason != tc.reason || got.Version != 1 {
				t.Fatalf("stored %+v; want %s in %s (correct %q, reason %q) at version 1", got, tc.status,
					tc.finalCategory, tc.correct, tc.reason)
			}
			d := got.Decision
			if d == nil || d.ClassifierVersion != classify.Version || !d.DecidedAt.Equal(decidedAt) ||
				d.DeclaredCategory != tc.category || d.EventsPending || len(d.Signals) == 0 {
				t.Fatalf("decision %+v; want by %s at %v, declared %s, events no longer pending", d, classify.Version,
					decidedAt, tc.category)
			}
			if due, err := f.store.DueReviews(t.Context(), decidedAt.Add(24*time.Hour), 10); err != nil || len(due) != 0 {
				t.Fatalf("a decided template is still due for review: %+v %v", due, err)
			}

			want := []webhook.Event{webhook.StatusUpdate("acme", tpl.ID(), tpl.Name, "en", tc.finalCategory, string(tc.status),
				tc.reason, 1, decidedAt)}
			if tc.status == template.StatusApproved && tc.finalCategory != tc.category {
				want = append(want, webhook.CategoryUpdate("acme", tpl.ID(), tpl.Name, "en", tc.category, tc.finalCategory,
					1, decidedAt))
			}
			jobs := f.published(t)
			if len(jobs) != len(want) {
				t.Fatalf("published %d events, want %d: %+v", len(jobs), len(want), jobs)
			}
			for i, j := range jobs {
				if j.Event.ID != want[i].ID || string(j.Event.Body()) != string(want[i].Body()) {
					t.Errorf("event %d:\n got %s %s\nwant %s %s", i, j.Event.ID, j.Event.Body(), want[i].ID, want[i].Body())
				}
			}

			// The same message again, as at-least-once delivery may bring it:
			// the decision stands and nothing is published twice.
			f.clock.Advance(time.Minute)
			if err := f.svc.Handle(t.Context(), message(t, tpl)); err != nil {
				t.Fatal(err)
			}
			if again := f.stored(t, tpl); !again.Decision.DecidedAt.Equal(decidedAt) || len(f.published(t)) != 0 {
				t.Fatalf("a redelivered message decided again: %+v", again.Decision)
			}
		})
	}
}

func TestHandleSkipsWhatIsNoLongerAsked(t *testing.T) {
	ctx := t.Context()
	cases := []struct {
		name  string
		stage func(t *testing.T, f fixture, tpl template.Template)
		check func(t *testing.T, f fixture, tpl template.Template)
	}{
		{"an old version", func(t *testing.T, f fixture, tpl template.Template) {
			if _, err := f.templates.Edit(ctx, "acme", tpl.ID(), body(tpl.Name, "UTILITY", sale)); err != nil {
				t.Fatal(err)
			}
		}, func(t *testing.T, f fixture, tpl template.Template) {
			if got := f.stored(t, tpl); got.Version != 2 || got.Status != template.StatusPending || got.Decision != nil {
				t.Fatalf("the edited version was decided by the old one's review: %+v", got)
			}
		}},
		{"a deleted template", func(t *testing.T, f fixture, tpl template.Template) {
			if _, err := f.templates.Delete(ctx, "acme", template.DeleteQuery{Name: tpl.Name}); err != nil {
				t.Fatal(err)
			}
		}, func(t *testing.T, f fixture, tpl template.Template) {
			ref := template.Ref{ZBAID: "acme", Name: tpl.Name, Language: "en"}
			if _, err := f.store.GetTemplate(ctx, ref); !errors.Is(err, template.ErrNotFound) {
				t.Fatalf("a review brought a deleted template back: %v", err)
			}
		}},
		{"a template paused by an operator", func(t *testing.T, f fixture, tpl template.Template) {
			paused := tpl
			paused.Status, paused.Version = template.StatusPaused, 2
			if err := f.store.ReplaceTemplate(ctx, paused, time.Time{}); err != nil {
				t.Fatal(err)
			}
		}, func(t *testing.T, f fixture, tpl template.Template) {
			if got := f.stored(t, tpl); got.Status != template.StatusPaused || got.Decision != nil {
				t.Fatalf("a paused template was decided: %+v", got)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture()
			tpl := f.create(t, "order_shipped", "UTILITY", shipped)
			tc.stage(t, f, tpl)
			if err := f.svc.Handle(t.Context(), message(t, tpl)); err != nil {
				t.Fatalf("a message that no longer applies is done with, not retried: %v", err)
			}
			if jobs := f.published(t); len(jobs) != 0 {
				t.Fatalf("published %+v", jobs)
			}
			tc.check(t, f, tpl)
		})
	}
}

func TestHandleRefusesUnreadableMessages(t *testing.T) {
	for _, msg := range []string{
		`not json`,
		`{"zba_id":"acme","name":"order_shipped","language":"en"}`,
		`{"zba_id":"acme","name":"order_shipped","language":"en","version":0}`,
		`{"name":"order_shipped","language":"en","version":1}`,
		`{"zba_id":"acme","language":"en","version":1}`,
		`{"zba_id":"acme","name":"order_shipped","version":1}`,
	} {
		f := newFixture()
		f.create(t, "order_shipped", "UTILITY", shipped)
		if err := f.svc.Handle(t.Context(), []byte(msg)); err == nil {
			t.Errorf("%s: accepted; want an error, so that the message ends in the dead-letter queue", msg)
		}
		if jobs := f.published(t); len(jobs) != 0 {
			t.Errorf("%s: published %+v", msg, jobs)
		}
	}
}

// TestHandleRedeliveryPublishesTheRecordedDecision is the crash between
// recording a decision and queueing its events: the message comes back,
// and the events go out from the record, with the ids they would have had.
func TestHandleRedeliveryPublishesTheRecordedDecision(t *testing.T) {
	f := newFixture()
	tpl := f.create(t, "summer_sale", "UTILITY", sale)
	decidedAt := f.clock.Now()
	down := errors.New("webhook queue unreachable")
	f.events.FailWith(down)
	if err := f.svc.Handle(t.Context(), message(t, tpl)); !errors.Is(err, down) {
		t.Fatalf("events not queued: %v; want the queue's error, so that the message is retried", err)
	}
	if got := f.stored(t, tpl); got.Status != template.StatusApproved || got.Decision == nil || !got.Decision.EventsPending {
		t.Fatalf("after the failed publish: %+v %+v; want the decision recorded with its events pending", got, got.Decision)
	}

	f.events.FailWith(nil)
	f.clock.Advance(5 * time.Minute) // the redelivery comes later; the events keep the decision's time
	if err := f.svc.Handle(t.Context(), message(t, tpl)); err != nil {
		t.Fatal(err)
	}
	want := []string{
		webhook.StatusUpdate("acme", tpl.ID(), tpl.Name, "en", "MARKETING", "APPROVED", "", 1, decidedAt).ID,
		webhook.CategoryUpdate("acme", tpl.ID(), tpl.Name, "en", "UTILITY", "MARKETING", 1, decidedAt).ID,
	}
	if got := eventIDs(f.published(t)); !slices.Equal(got, want) {
		t.Fatalf("republished %v, want %v", got, want)
	}
	if got := f.stored(t, tpl); got.Decision.EventsPending || !got.Decision.DecidedAt.Equal(decidedAt) {
		t.Fatalf("after the redelivery: %+v; want the same decision with its events queued", got.Decision)
	}
	if err := f.svc.Handle(t.Context(), message(t, tpl)); err != nil || len(f.published(t)) != 0 {
		t.Fatalf("a third delivery: %v; want nothing published", err)
	}
}

// editingStore lets an edit land between the consumer's read and its
// write, as a client's edit can while the classifier runs.
type editingStore struct {
	review.Store
	edit func()
}

func (s editingStore) GetTemplate(ctx context.Context, r template.Ref) (template.Template, error) {
	t, err := s.Store.GetTemplate(ctx, r)
	s.edit()
	return t, err
}

func TestHandleLosesToAnEditDuringReview(t *testing.T) {
	f := newFixture()
	tpl := f.create(t, "order_shipped", "UTILITY", shipped)
	f.svc.Store = editingStore{Store: f.store.Reviews, edit: func() {
		if _, err := f.templates.Edit(t.Context(), "acme", tpl.ID(), body(tpl.Name, "UTILITY", sale)); err != nil {
			t.Error(err)
		}
	}}
	if err := f.svc.Handle(t.Context(), message(t, tpl)); err != nil {
		t.Fatalf("a review overtaken by an edit is done with: %v", err)
	}
	if got := f.stored(t, tpl); got.Version != 2 || got.Status != template.StatusPending || got.Decision != nil ||
		got.Category != "UTILITY" {
		t.Fatalf("stored %+v; want the edit, pending, undecided", got)
	}
	if jobs := f.published(t); len(jobs) != 0 {
		t.Fatalf("published an event about text that was edited: %+v", jobs)
	}
}

func TestHandleDecidesEachVersionOnce(t *testing.T) {
	f := newFixture()
	ctx := t.Context()
	v1 := f.create(t, "order_shipped", "UTILITY", shipped)
	if err := f.svc.Handle(ctx, message(t, v1)); err != nil {
		t.Fatal(err)
	}
	first := eventIDs(f.published(t))
	f.clock.Advance(time.Hour)
	v2, err := f.templates.Edit(ctx, "acme", v1.ID(), body(v1.Name, "UTILITY", sale))
	if err != nil {
		t.Fatal(err)
	}
	if got := f.stored(t, v1); got.Status != template.StatusPending || got.Decision != nil {
		t.Fatalf("an edit must drop the last decision: %+v", got)
	}
	for _, msg := range [][]byte{message(t, v1), message(t, v2), message(t, v2), message(t, v1)} {
		if err := f.svc.Handle(ctx, msg); err != nil {
			t.Fatal(err)
		}
	}
	got := f.stored(t, v2)
	if got.Version != 2 || got.Status != template.StatusApproved || got.Category != "MARKETING" ||
		!got.Decision.DecidedAt.Equal(f.clock.Now()) {
		t.Fatalf("stored %+v %+v; want version 2 recategorised now", got, got.Decision)
	}
	jobs := f.published(t)
	second := eventIDs(jobs)
	if len(first) != 1 || len(second) != 3 || slices.Contains(second, first[0]) {
		t.Fatalf("events of version 1 %v, of version 2 %v; want one, then three of their own", first, second)
	}
	// The edit is announced with the edited components, as the compatible
	// API's message_template_components_update flattens them.
	fields := map[string]map[string]any{}
	for _, j := range jobs {
		fields[j.Event.Field] = j.Event.Value
	}
	cu := fields[webhook.FieldComponentsUpdate]
	if cu == nil || cu["message_template_element"] != "Hi {{1}}, our summer sale is on! Get 30% off all shoes this weekend only." ||
		cu["message_template_id"] != v1.ID() || fields[webhook.FieldStatusUpdate] == nil || fields[webhook.FieldCategoryUpdate] == nil {
		t.Fatalf("version 2's events %v", fields)
	}
}
