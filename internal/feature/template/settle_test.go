package template_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"svc/internal/feature/template"
	"svc/internal/local/memstore"
	"svc/internal/platform/apperr"
)

// lossyStore loses the answers of its first writes, as a request deadline
// or a cut connection does: some after writing ("written"), some before
// ("lost"), some by having the write sent again by the client library
// after a lost answer, which then meets its own write ("retried"). Like
// DynamoDB, it refuses a read on a context that is done; readFails makes
// every read fail. expire ends the request's context at the write, as its
// deadline does.
type lossyStore struct {
	template.Store
	mu        sync.Mutex
	modes     []string
	readFails bool
	expire    context.CancelFunc
}

var errLost = fmt.Errorf("answer lost: %w: %w", template.ErrOutcomeUnknown, apperr.Unavailable(errors.New("context deadline exceeded")))

func (s *lossyStore) mode() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.modes) == 0 {
		return ""
	}
	m := s.modes[0]
	s.modes = s.modes[1:]
	return m
}

// lossy runs write as the next mode says.
func (s *lossyStore) lossy(write func() error) error {
	if s.expire != nil {
		defer s.expire()
	}
	switch s.mode() {
	case "written":
		if err := write(); err != nil {
			return err
		}
		return errLost
	case "lost":
		return errLost
	case "retried":
		if err := write(); err != nil {
			return err
		}
	}
	return write()
}

func (s *lossyStore) CreateTemplateWithin(ctx context.Context, t template.Template, due time.Time, maxTemplates int) error {
	return s.lossy(func() error { return s.Store.CreateTemplateWithin(ctx, t, due, maxTemplates) })
}

func (s *lossyStore) ReplaceTemplate(ctx context.Context, t template.Template, due time.Time) error {
	return s.lossy(func() error { return s.Store.ReplaceTemplate(ctx, t, due) })
}

// DeleteTemplates runs as the next mode says; "lost-other" loses the
// answer of a delete that never arrived while another request deletes the
// first template.
func (s *lossyStore) DeleteTemplates(ctx context.Context, refs []template.Ref) error {
	if len(s.modes) > 0 && s.modes[0] == "lost-other" {
		s.mode()
		if s.expire != nil {
			defer s.expire()
		}
		if err := s.Store.DeleteTemplates(ctx, refs[:1]); err != nil {
			return err
		}
		return errLost
	}
	return s.lossy(func() error { return s.Store.DeleteTemplates(ctx, refs) })
}

func (s *lossyStore) TemplatesNamed(ctx context.Context, zbaID, name string) ([]template.Ref, error) {
	if err := ctx.Err(); err != nil {
		return nil, apperr.Unavailable(err)
	}
	if s.readFails {
		return nil, apperr.Unavailable(errors.New("read failed"))
	}
	return s.Store.TemplatesNamed(ctx, zbaID, name)
}

func (s *lossyStore) GetTemplate(ctx context.Context, r template.Ref) (template.Template, error) {
	if err := ctx.Err(); err != nil {
		return template.Template{}, apperr.Unavailable(err)
	}
	if s.readFails {
		return template.Template{}, apperr.Unavailable(errors.New("read failed"))
	}
	return s.Store.GetTemplate(ctx, r)
}

// liveQueue refuses a review on a context that is done, as SQS does.
type liveQueue struct{ q *memstore.Queue }

func (l liveQueue) Enqueue(ctx context.Context, r template.ReviewRequest) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return template.PublishingQueue{Publisher: l.q}.Enqueue(ctx, r)
}

// TestLostWritesAreSettled: a create or edit whose answer was lost
// (typically to the request's deadline, which has passed by then) is sent
// again and read back within a budget of its own, and answered by what was
// stored: 200 and exactly one review queued when it is this request's
// write; 503 (code 131016) only when the store stays silent, with nothing
// queued. A template another request stored is not taken for this one's:
// that create is the duplicate it is.
func TestLostWritesAreSettled(t *testing.T) {
	const other = `{"name":"notice","language":"en","category":"MARKETING","components":[{"type":"BODY","text":"Twenty percent off today."}]}`
	edit := []byte(`{"category":"UTILITY","components":[{"type":"BODY","text":"Your parcel is on its way."}]}`)
	tests := []struct {
		name      string
		edit      bool
		modes     []string
		readFails bool
		// before is a create body stored first (by another request).
		before string
		ok     bool
		// code is the refusal's when not ok.
		code apperr.Code
	}{
		{name: "create written, answer lost", modes: []string{"written"}, ok: true},
		{name: "create not written: written by the repeat", modes: []string{"lost"}, ok: true},
		{name: "create lost twice, then written", modes: []string{"lost", "lost"}, ok: true},
		{name: "create never answered", modes: lostAlways, readFails: true, code: apperr.CodeUnavailable},
		{name: "create sent again by the client library", modes: []string{"retried"}, ok: true},
		{name: "create written, reads failing", modes: []string{"written"}, readFails: true, code: apperr.CodeUnavailable},
		{name: "create lost, another request's template stored", modes: []string{"lost"}, before: other, code: apperr.CodeInvalidParameter},
		{name: "create of a duplicate", before: other, code: apperr.CodeInvalidParameter},
		{name: "edit written, answer lost", edit: true, modes: []string{"written"}, ok: true},
		{name: "edit not written: written by the repeat", edit: true, modes: []string{"lost"}, ok: true},
		{name: "edit never answered", edit: true, modes: lostAlways, readFails: true, code: apperr.CodeUnavailable},
		{name: "edit sent again by the client library", edit: true, modes: []string{"retried"}, ok: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newSweepFixture()
			lossy := &lossyStore{Store: f.store.Templates}
			f.svc.Store, f.svc.Queue, f.svc.Settle = lossy, liveQueue{f.queue}, time.Minute
			if tc.readFails {
				f.svc.Settle = 100 * time.Millisecond
			}
			if tc.before != "" {
				if _, err := f.svc.Create(t.Context(), "acme", []byte(tc.before)); err != nil {
					t.Fatal(err)
				}
			}
			if tc.edit {
				f.create(t, "notice")
				f.clock.Advance(time.Second)
			}
			f.queue.Take()
			// The request's deadline passes during the write.
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			lossy.modes, lossy.readFails, lossy.expire = tc.modes, tc.readFails, cancel
			var got template.Template
			var err error
			if tc.edit {
				got, err = f.svc.Edit(ctx, "acme", "acme_notice_en", edit)
			} else {
				got, err = f.svc.Create(ctx, "acme", createBody("notice", "en"))
			}
			reviews := f.queue.Take()
			if !tc.ok {
				if ae := apperr.From(err); err == nil || ae.Code != tc.code {
					t.Fatalf("%v; want code %d", err, tc.code)
				}
				if len(reviews) != 0 {
					t.Fatalf("%d reviews queued for a refused write", len(reviews))
				}
				return
			}
			if err != nil {
				t.Fatalf("%v, want it answered as written", err)
			}
			stored, err := f.store.Templates.GetTemplate(t.Context(), template.Ref{ZBAID: "acme", Name: "notice", Language: "en"})
			if err != nil || stored.Version != got.Version || stored.Status != template.StatusPending || string(stored.Components) != string(got.Components) {
				t.Fatalf("stored %+v, %v; answered %+v", stored, err, got)
			}
			if len(reviews) != 1 {
				t.Fatalf("%d reviews queued, want 1", len(reviews))
			}
		})
	}
}

// lostAlways loses every write's answer, as a store that stays silent.
var lostAlways = func() []string {
	out := make([]string, 10_000)
	for i := range out {
		out[i] = "lost"
	}
	return out
}()

// TestLostDeletesAreSettled: a delete whose answer was lost is sent again
// within a budget of its own and, when the repeat finds a template gone,
// read back: the delete answers success when none of its templates is
// left (the first attempt, all or nothing, deleted them), and the repeat's
// refusal when one is (the first attempt did not apply; another request
// deleted the rest). 503 (code 131016) only when the store stays silent.
// A delete refused at once (nothing there) is not read back: it is 404.
func TestLostDeletesAreSettled(t *testing.T) {
	tests := []struct {
		name      string
		q         template.DeleteQuery
		languages []string // stored first
		modes     []string
		readFails bool
		deleted   int         // the answer when it is success
		code      apperr.Code // the refusal's when not
		status    int
		left      []string // languages left after it
	}{
		{name: "by hsm_id, deleted, answer lost", q: template.DeleteQuery{HSMID: "acme_notice_en"}, languages: []string{"en"},
			modes: []string{"written"}, deleted: 1},
		{name: "by hsm_id, not deleted: deleted by the repeat", q: template.DeleteQuery{HSMID: "acme_notice_en"},
			languages: []string{"en"}, modes: []string{"lost"}, deleted: 1},
		{name: "by hsm_id, lost twice, then deleted", q: template.DeleteQuery{HSMID: "acme_notice_en"},
			languages: []string{"en"}, modes: []string{"lost", "lost"}, deleted: 1},
		{name: "by name, both languages deleted, answer lost", q: template.DeleteQuery{Name: "notice"},
			languages: []string{"en", "es"}, modes: []string{"written"}, deleted: 2},
		{name: "by name, one language deleted by another request, the rest not", q: template.DeleteQuery{Name: "notice"},
			languages: []string{"en", "es"}, modes: []string{"lost-other"}, code: apperr.CodeInvalidParameter, status: 409,
			left: []string{"es"}},
		{name: "deleted, reads failing", q: template.DeleteQuery{HSMID: "acme_notice_en"}, languages: []string{"en"},
			modes: []string{"written"}, readFails: true, code: apperr.CodeUnavailable, status: 503},
		{name: "never answered", q: template.DeleteQuery{HSMID: "acme_notice_en"}, languages: []string{"en"},
			modes: lostAlways, readFails: true, code: apperr.CodeUnavailable, status: 503, left: []string{"en"}},
		{name: "nothing there, answered", q: template.DeleteQuery{HSMID: "acme_notice_en"},
			code: apperr.CodeInvalidParameter, status: 404},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newSweepFixture()
			lossy := &lossyStore{Store: f.store.Templates}
			f.svc.Store, f.svc.Settle = lossy, time.Minute
			if tc.readFails {
				f.svc.Settle = 100 * time.Millisecond
			}
			for _, lang := range tc.languages {
				if _, err := f.svc.Create(t.Context(), "acme", createBody("notice", lang)); err != nil {
					t.Fatal(err)
				}
			}
			// The request's deadline passes during the write.
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			lossy.modes, lossy.readFails, lossy.expire = tc.modes, tc.readFails, cancel
			n, err := f.svc.Delete(ctx, "acme", tc.q)
			if tc.code != 0 {
				if ae := apperr.From(err); err == nil || ae.Code != tc.code || ae.Status() != tc.status {
					t.Fatalf("%d, %v; want code %d, status %d", n, err, tc.code, tc.status)
				}
			} else if err != nil || n != tc.deleted {
				t.Fatalf("%d, %v; want %d deleted", n, err, tc.deleted)
			}
			left, err := f.store.Templates.TemplatesNamed(t.Context(), "acme", "notice")
			var langs []string
			for _, r := range left {
				langs = append(langs, r.Language)
			}
			if err != nil || !slices.Equal(langs, tc.left) {
				t.Fatalf("left %v (%v), want %v", langs, err, tc.left)
			}
		})
	}
}
