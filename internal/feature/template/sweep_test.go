package template_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/template"
	"svc/internal/feature/template/classify"
	"svc/internal/local/memstore"
)

// The review hand-over and its sweeper over the in-memory store: a template
// is stored armed for review, and the sweeper hands over again whatever the
// classifier has not decided within the grace period.

var t0 = time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)

type sweepFixture struct {
	svc   template.Service
	store *memstore.Store
	queue *memstore.Queue
	clock *memstore.Clock
}

func newSweepFixture() sweepFixture {
	f := sweepFixture{store: memstore.New(), queue: &memstore.Queue{}, clock: memstore.NewClock(t0)}
	f.svc = template.Service{Store: f.store.Templates, Queue: template.PublishingQueue{Publisher: f.queue}, Now: f.clock.Now}
	return f
}

// createBody is a TemplateCreate body of a plain shipping notice.
func createBody(name, language string) []byte {
	return fmt.Appendf(nil, `{"name":%q,"language":%q,"category":"UTILITY","components":[{"type":"BODY",`+
		`"text":"Your order {{1}} has shipped and will arrive within three days.","example":{"body_text":[["A-1042"]]}}]}`,
		name, language)
}

func (f sweepFixture) create(t *testing.T, name string) template.Template {
	t.Helper()
	tpl, err := f.svc.Create(t.Context(), "acme", createBody(name, "en"))
	if err != nil {
		t.Fatal(err)
	}
	return tpl
}

// handedOver decodes the reviews the queue received and empties it.
func (f sweepFixture) handedOver(t *testing.T) []template.Review {
	t.Helper()
	var out []template.Review
	for _, m := range f.queue.Take() {
		var r template.Review
		if err := json.Unmarshal(m.Body, &r); err != nil {
			t.Fatalf("message %s: %v", m.Body, err)
		}
		out = append(out, r)
	}
	return out
}

func review(name string, version int) template.Review {
	return template.Review{ZBAID: "acme", Name: name, Language: "en", Version: version}
}

func TestCreateHandsOverAndArmsTheReview(t *testing.T) {
	f := newSweepFixture()
	tpl := f.create(t, "order_shipped")
	if got := f.handedOver(t); !slices.Equal(got, []template.Review{review("order_shipped", 1)}) {
		t.Fatalf("handed over %+v", got)
	}
	due, armed := f.store.ReviewDue(template.Ref{ZBAID: "acme", Name: tpl.Name, Language: tpl.Language})
	if !armed || !due.Equal(t0.Add(template.ReviewGrace)) {
		t.Fatalf("review due %v (armed %v), want %v", due, armed, t0.Add(template.ReviewGrace))
	}
	// Within the grace period the classifier is trusted to be on it.
	f.clock.Advance(template.ReviewGrace - time.Second)
	if n, err := f.svc.SweepReviews(t.Context()); n != 0 || err != nil || len(f.handedOver(t)) != 0 {
		t.Fatalf("sweep within the grace: %d, %v", n, err)
	}
}

func TestSweepHandsOverALostReview(t *testing.T) {
	f := newSweepFixture()
	f.queue.FailWith(errors.New("queue unreachable"))
	f.create(t, "order_shipped") // the create succeeds; its hand-over is lost
	f.queue.FailWith(nil)
	if got := f.handedOver(t); len(got) != 0 {
		t.Fatalf("a failed publish kept %+v", got)
	}

	f.clock.Advance(template.ReviewGrace)
	n, err := f.svc.SweepReviews(t.Context())
	if n != 1 || err != nil {
		t.Fatalf("sweep: %d, %v; want 1", n, err)
	}
	if got := f.handedOver(t); !slices.Equal(got, []template.Review{review("order_shipped", 1)}) {
		t.Fatalf("handed over %+v", got)
	}
	// Re-armed: the next sweeps leave it to the classifier for another grace.
	if due, _ := f.store.ReviewDue(template.Ref{ZBAID: "acme", Name: "order_shipped", Language: "en"}); !due.Equal(f.clock.Now().Add(template.ReviewGrace)) {
		t.Fatalf("re-armed for %v, want %v", due, f.clock.Now().Add(template.ReviewGrace))
	}
	if n, _ := f.svc.SweepReviews(t.Context()); n != 0 {
		t.Fatalf("swept again at once: %d", n)
	}
	f.clock.Advance(template.ReviewGrace)
	if n, _ := f.svc.SweepReviews(t.Context()); n != 1 {
		t.Fatalf("still undecided after another grace: %d handed over, want 1", n)
	}
}

func TestSweepSkipsWhatNeedsNoReview(t *testing.T) {
	f := newSweepFixture()
	ctx := t.Context()
	decided := f.create(t, "decided")
	f.create(t, "deleted")
	f.create(t, "edited")
	f.create(t, "waiting")
	if err := f.store.RecordDecision(ctx, decided, classify.Decision{Status: "APPROVED", Category: "UTILITY", Version: "v1"}, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := f.svc.Delete(ctx, "acme", template.DeleteQuery{Name: "deleted"}); err != nil {
		t.Fatal(err)
	}
	f.clock.Advance(time.Minute)
	if _, err := f.svc.Edit(ctx, "acme", "acme_edited_en", createBody("edited", "en")); err != nil {
		t.Fatal(err)
	}
	f.handedOver(t)

	f.clock.Advance(template.ReviewGrace)
	n, err := f.svc.SweepReviews(ctx)
	got := f.handedOver(t)
	slices.SortFunc(got, func(a, b template.Review) int { return strings.Compare(a.Name, b.Name) })
	// The edit re-armed its template a minute later than the create: both
	// are due, the edited one at its new version.
	want := []template.Review{review("edited", 2), review("waiting", 1)}
	if n != 2 || err != nil || !slices.Equal(got, want) {
		t.Fatalf("swept %d, %v: %+v; want %+v", n, err, got, want)
	}
}

func TestSweepStopsAtAFailedHandOver(t *testing.T) {
	f := newSweepFixture()
	for _, name := range []string{"first", "second"} {
		f.create(t, name)
	}
	f.handedOver(t)
	f.clock.Advance(template.ReviewGrace)
	down := errors.New("queue unreachable")
	f.queue.FailWith(down)
	if n, err := f.svc.SweepReviews(t.Context()); n != 0 || !errors.Is(err, down) {
		t.Fatalf("sweep into a failing queue: %d, %v", n, err)
	}
	// Nothing was re-armed, so the next sweep hands both over.
	f.queue.FailWith(nil)
	if n, err := f.svc.SweepReviews(t.Context()); n != 2 || err != nil || len(f.handedOver(t)) != 2 {
		t.Fatalf("next sweep: %d, %v; want both", n, err)
	}
}

func TestSweepWorksInBatches(t *testing.T) {
	f := newSweepFixture()
	total := template.SweepBatch + 7
	for i := range total {
		f.create(t, fmt.Sprintf("notice_%03d", i))
	}
	f.handedOver(t)
	f.clock.Advance(template.ReviewGrace)
	first, err := f.svc.SweepReviews(t.Context())
	if first != template.SweepBatch || err != nil {
		t.Fatalf("first sweep: %d, %v; want a full batch", first, err)
	}
	second, err := f.svc.SweepReviews(t.Context())
	if second != 7 || err != nil {
		t.Fatalf("second sweep: %d, %v; want the rest", second, err)
	}
	seen := map[template.Review]bool{}
	for _, r := range f.handedOver(t) {
		seen[r] = true
	}
	if len(seen) != total {
		t.Fatalf("%d distinct templates handed over, want %d", len(seen), total)
	}
}
