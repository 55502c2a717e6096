package review_test

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"svc/internal/feature/template"
	"svc/internal/feature/template/classify"
	"svc/internal/feature/template/review"
	"svc/internal/feature/webhook"
	"svc/internal/local/memstore"
)

// The messages create and edit queue carry the version's content, and the
// classifier decides on it without reading the template, unless the stored
// template is no longer that content.

var errDown = errors.New("webhook queue unreachable")

// countingReads counts the template reads of the consumer's store.
type countingReads struct {
	review.Store
	reads *int
}

func (s countingReads) GetTemplate(ctx context.Context, r template.Ref) (template.Template, error) {
	*s.reads++
	return s.Store.GetTemplate(ctx, r)
}

// contentFixture is a fixture whose creates and edits queue their review
// messages where the test takes them, and whose consumer counts its reads.
type contentFixture struct {
	fixture
	reviews *memstore.Queue
	reads   *int
}

func newContentFixture() contentFixture {
	f := contentFixture{fixture: newFixture(), reviews: &memstore.Queue{}, reads: new(int)}
	f.templates.Queue = template.PublishingQueue{Publisher: f.reviews}
	f.svc.Store = countingReads{Store: f.store.Reviews, reads: f.reads}
	return f
}

// queued is the one review message the last create or edit queued.
func (f contentFixture) queued(t *testing.T) []byte {
	t.Helper()
	msgs := f.reviews.Take()
	if len(msgs) != 1 {
		t.Fatalf("%d review messages queued, want 1", len(msgs))
	}
	return msgs[0].Body
}

func TestHandleDecidesOnTheCarriedContent(t *testing.T) {
	emoji := `[{"type":"BODY","text":"Your order {{1}} has shipped 🚚 and will arrive within three days.",` +
		`"example":{"body_text":[["A-1042"]]}}]`
	cases := []struct {
		name       string
		components string
		// then runs between the create and the delivery of its message.
		then       func(t *testing.T, f contentFixture, tpl template.Template)
		wantReads  int
		wantStatus template.Status
		wantReason string
		wantEvents int
	}{
		{name: "as created", components: shipped, wantReads: 0, wantStatus: template.StatusApproved, wantEvents: 1},
		{name: "text beyond ASCII", components: emoji, wantReads: 0, wantStatus: template.StatusApproved, wantEvents: 1},
		{name: "deleted and created again with other text", components: shipped,
			then: func(t *testing.T, f contentFixture, tpl template.Template) {
				if _, err := f.templates.Delete(t.Context(), "acme", template.DeleteQuery{HSMID: tpl.ID()}); err != nil {
					t.Fatal(err)
				}
				f.create(t, tpl.Name, "UTILITY", adjacent)
				f.reviews.Take() // the new version's own message is not delivered here
			},
			// Decided on the stored text (read once), never on the message's.
			wantReads: 1, wantStatus: template.StatusRejected, wantReason: classify.ReasonInvalidFormat, wantEvents: 1},
		{name: "edited since", components: shipped,
			then: func(t *testing.T, f contentFixture, tpl template.Template) {
				if _, err := f.templates.Edit(t.Context(), "acme", tpl.ID(), body(tpl.Name, "UTILITY", sale)); err != nil {
					t.Fatal(err)
				}
				f.reviews.Take()
			},
			wantReads: 1, wantStatus: template.StatusPending, wantEvents: 0},
		{name: "deleted", components: shipped,
			then: func(t *testing.T, f contentFixture, tpl template.Template) {
				if _, err := f.templates.Delete(t.Context(), "acme", template.DeleteQuery{HSMID: tpl.ID()}); err != nil {
					t.Fatal(err)
				}
			},
			wantReads: 1, wantEvents: 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newContentFixture()
			tpl := f.create(t, "order_shipped", "UTILITY", tc.components)
			msg := f.queued(t)
			if bytes.ContainsFunc(msg, func(r rune) bool { return r > 0x7e }) {
				t.Fatalf("review message is not ASCII: %s", msg)
			}
			if tc.then != nil {
				tc.then(t, f, tpl)
			}
			if err := f.svc.Handle(t.Context(), msg); err != nil {
				t.Fatal(err)
			}
			if *f.reads != tc.wantReads {
				t.Errorf("%d template reads, want %d", *f.reads, tc.wantReads)
			}
			jobs := f.published(t)
			if len(jobs) != tc.wantEvents {
				t.Fatalf("published %+v, want %d events", jobs, tc.wantEvents)
			}
			if tc.wantStatus == "" {
				return
			}
			got := f.stored(t, tpl)
			if got.Status != tc.wantStatus || got.RejectionReason != tc.wantReason {
				t.Fatalf("stored %s (reason %q), want %s (%q)", got.Status, got.RejectionReason, tc.wantStatus, tc.wantReason)
			}
			if tc.wantEvents > 0 {
				want := webhook.StatusUpdate("acme", tpl.ID(), tpl.Name, "en", got.Category, string(got.Status),
					got.RejectionReason, got.Version, got.Decision.DecidedAt)
				if jobs[0].Event.ID != want.ID || !bytes.Equal(jobs[0].Event.Body(), want.Body()) {
					t.Fatalf("event %s, want %s", jobs[0].Event.Body(), want.Body())
				}
				if got.Decision.EventsPending {
					t.Fatalf("events queued but still marked pending")
				}
			}
		})
	}
}

func TestHandleCarriedContentRedeliveredPublishesOnce(t *testing.T) {
	f := newContentFixture()
	tpl := f.create(t, "summer_sale", "UTILITY", sale)
	msg := f.queued(t)
	decidedAt := f.clock.Now()
	f.events.FailWith(errDown)
	if err := f.svc.Handle(t.Context(), msg); err == nil {
		t.Fatal("events not queued: want an error, so that the message is retried")
	}
	f.events.FailWith(nil)
	f.clock.Advance(5 * time.Minute)
	if err := f.svc.Handle(t.Context(), msg); err != nil {
		t.Fatal(err)
	}
	want := []string{
		webhook.StatusUpdate("acme", tpl.ID(), tpl.Name, "en", "MARKETING", "APPROVED", "", 1, decidedAt).ID,
		webhook.CategoryUpdate("acme", tpl.ID(), tpl.Name, "en", "UTILITY", "MARKETING", 1, decidedAt).ID,
	}
	if got := eventIDs(f.published(t)); !slices.Equal(got, want) {
		t.Fatalf("republished %v, want %v", got, want)
	}
	if err := f.svc.Handle(t.Context(), msg); err != nil || len(f.published(t)) != 0 {
		t.Fatalf("a third delivery: %v; want nothing published", err)
	}
	if *f.reads != 2 {
		t.Fatalf("%d reads, want 2: the redeliveries read to find the decision made", *f.reads)
	}
}

// editsBeforeRecording lets an edit land while the classifier decides on
// the content its message carried.
type editsBeforeRecording struct {
	review.Store
	edit func()
}

func (s editsBeforeRecording) RecordDecision(ctx context.Context, t template.Template, d classify.Decision, at time.Time) error {
	s.edit()
	return s.Store.RecordDecision(ctx, t, d, at)
}

func TestHandleCarriedContentLosesToAnEdit(t *testing.T) {
	f := newContentFixture()
	tpl := f.create(t, "order_shipped", "UTILITY", shipped)
	msg := f.queued(t)
	f.svc.Store = editsBeforeRecording{Store: f.svc.Store, edit: func() {
		if _, err := f.templates.Edit(t.Context(), "acme", tpl.ID(), body(tpl.Name, "UTILITY", sale)); err != nil {
			t.Error(err)
		}
	}}
	if err := f.svc.Handle(t.Context(), msg); err != nil {
		t.Fatalf("a review overtaken by an edit is done with: %v", err)
	}
	if got := f.stored(t, tpl); got.Version != 2 || got.Status != template.StatusPending || got.Decision != nil {
		t.Fatalf("stored %+v; want the edit, pending, undecided", got)
	}
	if jobs := f.published(t); len(jobs) != 0 {
		t.Fatalf("published an event about text that was edited: %+v", jobs)
	}
}
