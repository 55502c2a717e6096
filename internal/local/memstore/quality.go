package memstore

import (
	"context"
	"maps"
	"slices"
	"time"

	"svc/internal/feature/template"
	"svc/internal/feature/template/quality"
)

var _ quality.Store = (*Templates)(nil)

// RecordOutcome implements quality.Store as the adapter does: the hour's
// slot is emptied first when it holds an older hour; the version stays.
func (s *Templates) RecordOutcome(_ context.Context, r template.Ref, o template.Outcome, at time.Time) (template.Template, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	row, ok := s.db.templates[r]
	if !ok {
		return template.Template{}, template.ErrNotFound
	}
	hour := template.HourOf(at)
	slot := template.SlotOf(hour)
	slots := slices.DeleteFunc(cloneSlots(row.t.Outcomes), func(s template.OutcomeSlot) bool {
		return template.SlotOf(s.Hour) == slot && s.Hour != hour
	})
	i := slices.IndexFunc(slots, func(s template.OutcomeSlot) bool { return s.Hour == hour })
	if i < 0 {
		slots = append(slots, template.OutcomeSlot{Hour: hour, Counts: map[template.Outcome]int{}})
		i = len(slots) - 1
	}
	slots[i].Counts[o]++
	slices.SortFunc(slots, func(a, b template.OutcomeSlot) int { return template.SlotOf(a.Hour) - template.SlotOf(b.Hour) })
	row.t.Outcomes = slots
	s.db.templates[r] = row
	return row.read(), nil
}

// UpdateQuality implements quality.Store: on the version before t's only.
func (s *Templates) UpdateQuality(_ context.Context, t template.Template, resetOutcomes bool) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	row, ok := s.db.templates[refOf(t)]
	switch {
	case !ok:
		return template.ErrNotFound
	case row.t.Version != t.Version-1:
		return template.ErrConflict
	}
	row.t.Status, row.t.QualityScore, row.t.Pauses = t.Status, t.QualityScore, t.Pauses
	row.t.PausedUntil, row.t.DisabledAt = instant(t.PausedUntil), instant(t.DisabledAt)
	row.t.UpdatedAt, row.t.Version = instant(t.UpdatedAt), t.Version
	if t.Status != template.StatusPaused {
		row.t.PausedUntil = time.Time{}
	}
	row.t.PendingEvents = cloneBytes(t.PendingEvents)
	if len(row.t.PendingEvents) == 0 {
		row.t.PendingEvents = nil
	}
	if resetOutcomes {
		row.t.Outcomes = nil
	}
	s.db.templates[refOf(t)] = row
	return nil
}

// ClearPendingEvents implements quality.Store: on that version only.
func (s *Templates) ClearPendingEvents(_ context.Context, r template.Ref, version int) error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	row, ok := s.db.templates[r]
	if !ok || row.t.Version != version {
		return nil
	}
	row.t.PendingEvents = nil
	s.db.templates[r] = row
	return nil
}

// DuePauseEnds implements quality.Store: the paused templates whose pause
// ended by now, earliest first.
func (s *Templates) DuePauseEnds(_ context.Context, now time.Time, limit int) ([]template.Ref, error) {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	var due []templateRow
	for _, row := range s.db.templates {
		if row.t.Status == template.StatusPaused && !row.t.PausedUntil.IsZero() && !row.t.PausedUntil.After(now) {
			due = append(due, row)
		}
	}
	slices.SortFunc(due, func(a, b templateRow) int { return a.t.PausedUntil.Compare(b.t.PausedUntil) })
	refs := []template.Ref{}
	for _, row := range due[:min(len(due), max(limit, 0))] {
		refs = append(refs, refOf(row.t))
	}
	return refs, nil
}

func cloneSlots(in []template.OutcomeSlot) []template.OutcomeSlot {
	out := make([]template.OutcomeSlot, len(in))
	for i, s := range in {
		out[i] = template.OutcomeSlot{Hour: s.Hour, Counts: maps.Clone(s.Counts)}
	}
	return out
}
