package message_test

import (
	"context"
	"testing"

	"svc/internal/feature/message"
	"svc/internal/platform/apperr"
)

// lookupCounter counts the sender lookups a read makes.
type lookupCounter struct {
	message.Store
	lookups int
}

func (c *lookupCounter) Lookup(ctx context.Context, l message.Lookup) (message.Found, error) {
	c.lookups++
	return c.Store.Lookup(ctx, l)
}

// TestGetMessage: the sender's ZBA reads its message with one store read;
// on its own senders every miss is the same 404, on another ZBA's sender
// the key is refused as a send from it would be, and an unregistered
// sender is 133010; the sender is read on the miss path only.
func TestGetMessage(t *testing.T) {
	w := newWorld(t)
	w.openWindow(t)
	out, err := w.send(t, sender, text(recipient, "hi"))
	must(t, err)
	id := idOf(t, out)
	counter := &lookupCounter{Store: w.svc.Store}
	w.svc.Store = counter
	cases := []struct {
		name, zba, phone, id string
		code                 apperr.Code // 0: found
		status               int
		lookups              int
	}{
		{"own message", "acme", sender, id, 0, 200, 0},
		{"unknown id", "acme", sender, message.NewID(), apperr.CodeInvalidParameter, 404, 1},
		{"malformed id", "acme", sender, "nope", apperr.CodeInvalidParameter, 404, 1},
		{"another sender of the zba", "acme", "pn-pending", id, apperr.CodeInvalidParameter, 404, 1},
		{"another zba's message on its own sender", "rival", "pn-rival", id, apperr.CodeInvalidParameter, 404, 1},
		{"another zba's sender", "rival", sender, id, apperr.CodeNotAuthorized, 403, 1},
		{"another zba's sender, unknown id", "rival", sender, message.NewID(), apperr.CodeNotAuthorized, 403, 1},
		{"unregistered sender", "acme", "pn-ghost", id, apperr.CodeSenderNotRegistered, 400, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			counter.lookups = 0
			v, err := w.svc.Get(context.Background(), tc.zba, tc.phone, tc.id)
			if tc.code == 0 {
				if err != nil || v.ID != id || v.RecipientID != recipient {
					t.Fatalf("got %+v, %v", v, err)
				}
			} else if e := apperr.From(err); e.Code != tc.code || e.Status() != tc.status {
				t.Fatalf("err %v (code %d, %d), want code %d, %d", err, e.Code, e.Status(), tc.code, tc.status)
			}
			if counter.lookups != tc.lookups {
				t.Fatalf("%d sender lookups, want %d", counter.lookups, tc.lookups)
			}
		})
	}
	if _, err := w.svc.Get(context.Background(), "rival", sender, id); apperr.From(err).Details != "The API key is not authorised to read messages of phone number id "+sender+"." {
		t.Fatalf("details: %v", apperr.From(err).Details)
	}
}
