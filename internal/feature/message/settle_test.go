package message_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/internal/feature/message"
	"svc/internal/platform/apperr"
)

// lossyStore loses the answers of its first Accept calls, as a network or
// a deadline does: some after writing (the message is stored, the sender
// is told nothing), some before (nothing is stored), and some by having
// the write retried after a lost answer (the retry finds the message).
type lossyStore struct {
	message.Store
	mu    sync.Mutex
	modes []string // one per call: "written", "lost", "retried"; then as the store answers
}

func (s *lossyStore) Accept(ctx context.Context, a message.Acceptance) error {
	s.mu.Lock()
	mode := ""
	if len(s.modes) > 0 {
		mode, s.modes = s.modes[0], s.modes[1:]
	}
	s.mu.Unlock()
	switch mode {
	case "written":
		if err := s.Store.Accept(ctx, a); err != nil {
			return err
		}
		return fmt.Errorf("answer lost: %w", message.ErrOutcomeUnknown)
	case "lost":
		return fmt.Errorf("request lost: %w", message.ErrOutcomeUnknown)
	case "retried":
		if err := s.Store.Accept(ctx, a); err != nil {
			return err
		}
		return s.Store.Accept(ctx, a)
	}
	return s.Store.Accept(ctx, a)
}

// TestLostAnswersAreSettled: a send whose acceptance may have been written
// is answered by what was written, never 503 for a stored message (a
// client's retry would send it twice), and stores one message at most.
func TestLostAnswersAreSettled(t *testing.T) {
	tests := []struct {
		name  string
		modes []string
		key   string
		// stored: the send answers 200 with one message stored and queued;
		// otherwise 503 (code 131016) with nothing stored or queued.
		stored bool
	}{
		{"written, answer lost", []string{"written"}, "", true},
		{"not written, request lost", []string{"lost"}, "", true},
		{"lost twice, then written", []string{"lost", "lost"}, "", true},
		{"written, then its retry lost too", []string{"written", "lost"}, "", true},
		{"retried by the client library after a lost answer", []string{"retried"}, "", true},
		{"written, answer lost, with a key", []string{"written"}, "k-1", true},
		{"never answered", repeat("lost", 10_000), "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			w.openWindow(t)
			lossy := &lossyStore{Store: w.store, modes: tt.modes}
			// The bound only ends the silent store's case; the others
			// settle long before it, however slow the machine.
			w.svc.Store, w.svc.Settle = lossy, time.Minute
			if !tt.stored {
				w.svc.Settle = 200 * time.Millisecond
			}
			in := message.SendInput{ZBAID: "acme", PhoneNumberID: sender, Method: "POST",
				Path: "/business/v1.0/" + sender + "/messages", Body: []byte(text(recipient, "hello")),
				IdempotencyKey: tt.key, HasKey: tt.key != ""}
			out, err := w.svc.Send(context.Background(), in)
			jobs := w.queue.Messages()
			if !tt.stored {
				var ae *apperr.Error
				if !errors.As(err, &ae) || ae.Code != apperr.CodeUnavailable || !strings.Contains(ae.Details, "did not confirm") {
					t.Fatalf("send = %+v, %v; want 503 saying the outcome is unknown", out, err)
				}
				if len(jobs) != 0 {
					t.Fatalf("%d dispatch jobs queued for a send answered 503", len(jobs))
				}
				return
			}
			if err != nil || out.Status != 200 {
				t.Fatalf("send = %+v, %v; want 200", out, err)
			}
			id := idOf(t, out)
			if _, err := w.store.GetMessage(context.Background(), id); err != nil {
				t.Fatalf("the answered message %s is not stored: %v", id, err)
			}
			if len(jobs) != 1 {
				t.Fatalf("%d dispatch jobs queued, want 1", len(jobs))
			}
			if tt.key != "" {
				again, err := w.svc.Send(context.Background(), in)
				if err != nil || !again.Replayed || string(again.Body) != string(out.Body) {
					t.Fatalf("replay = %+v, %v; want the stored answer", again, err)
				}
			}
		})
	}
}

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}
