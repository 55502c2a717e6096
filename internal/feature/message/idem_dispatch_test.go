package message_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/internal/feature/message"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/local/memstore"
	"svc/internal/platform/apperr"
)

func (w *world) sendKey(t *testing.T, key, body string) (message.SendOutcome, error) {
	t.Helper()
	return w.svc.Send(context.Background(), message.SendInput{ZBAID: "acme", PhoneNumberID: sender, Method: "POST",
		Path: "/business/v1.0/" + sender + "/messages", Body: []byte(body), IdempotencyKey: key, HasKey: true})
}

// TestIdempotency covers the Idempotency-Key contract on sends.
func TestIdempotency(t *testing.T) {
	body := tmpl("plain", `[]`)
	t.Run("replay", func(t *testing.T) {
		w := newWorld(t)
		first, err := w.sendKey(t, "k-1", body)
		must(t, err)
		// The same payload differently spaced is the same request.
		again, err := w.sendKey(t, "k-1", strings.ReplaceAll(body, ",", ", "))
		must(t, err)
		if !again.Replayed || string(again.Body) != string(first.Body) || again.Status != 200 {
			t.Fatalf("replay %+v, first %s", again, first.Body)
		}
		if n := len(w.queue.Messages()); n != 1 {
			t.Fatalf("queued %d, want 1", n)
		}
	})
	t.Run("other payload", func(t *testing.T) {
		w := newWorld(t)
		_, err := w.sendKey(t, "k-1", body)
		must(t, err)
		_, err = w.sendKey(t, "k-1", tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"1"}]}]`))
		if ae := apperr.From(err); ae.Status() != 422 || ae.Code != apperr.CodeInvalidParameter {
			t.Fatalf("other payload: %v, want 422 code 100", err)
		}
	})
	t.Run("scoped to the ZBA", func(t *testing.T) {
		w := newWorld(t)
		_, err := w.sendKey(t, "k-1", body)
		must(t, err)
		_, err = w.svc.Send(context.Background(), message.SendInput{ZBAID: "rival", PhoneNumberID: "pn-rival", Method: "POST",
			Path: "/business/v1.0/pn-rival/messages", Body: []byte(body), IdempotencyKey: "k-1", HasKey: true})
		if codeOf(err) != apperr.CodeTemplateMissing { // the rival has no such template: its own request, not a replay
			t.Fatalf("rival with the same key: %v", err)
		}
	})
	t.Run("failed validation is not stored", func(t *testing.T) {
		w := newWorld(t)
		if _, err := w.sendKey(t, "k-1", text(recipient, "no window")); codeOf(err) != apperr.CodeReengagement {
			t.Fatalf("first: %v", err)
		}
		w.openWindow(t)
		out, err := w.sendKey(t, "k-1", text(recipient, "no window"))
		if err != nil || out.Replayed {
			t.Fatalf("retry after the window opened: %+v %v", out, err)
		}
	})
	t.Run("in flight, then the lease ends", func(t *testing.T) {
		w := newWorld(t)
		// An attempt that took the lease and died before completing.
		c, _, err := w.svc.Idempotency.Begin(context.Background(), "acme", "k-1", fingerprintOf(body))
		must(t, err)
		if c == nil {
			t.Fatal("no claim")
		}
		_, err = w.sendKey(t, "k-1", body)
		if ae := apperr.From(err); ae.Status() != 409 || ae.Code != apperr.CodeInvalidParameter || !strings.Contains(ae.Details, "in flight") {
			t.Fatalf("in flight: %v, want 409", err)
		}
		w.clock.Advance(w.svc.Idempotency.Lease)
		if _, err := w.sendKey(t, "k-1", body); err != nil {
			t.Fatalf("after the lease: %v", err)
		}
	})
	t.Run("bad keys", func(t *testing.T) {
		w := newWorld(t)
		for _, k := range []string{"", strings.Repeat("k", 256), "k\x01", "ké"} {
			if _, err := w.sendKey(t, k, body); apperr.From(err).Status() != 400 {
				t.Errorf("key %q: %v, want 400", k, err)
			}
		}
		if _, err := w.sendKey(t, strings.Repeat("k", 255), body); err != nil {
			t.Errorf("255 characters: %v", err)
		}
	})
	t.Run("a bad key to another ZBA's sender is 403", func(t *testing.T) {
		w := newWorld(t)
		_, err := w.svc.Send(context.Background(), message.SendInput{ZBAID: "acme", PhoneNumberID: "pn-rival", Method: "POST",
			Path: "/business/v1.0/pn-rival/messages", Body: []byte(body), IdempotencyKey: "k\x01", HasKey: true})
		if codeOf(err) != apperr.CodeNotAuthorized {
			t.Fatalf("bad key, rival's sender: %v, want code 200", err)
		}
	})
	// A key in use answers only a request that could otherwise be served:
	// to another ZBA's sender it is 403, to an unregistered one 133010, as
	// without the key; to the ZBA's own sender the conflict itself.
	t.Run("a key in use on a sender the ZBA may not send from", func(t *testing.T) {
		for _, c := range []struct {
			name, phone string
			inFlight    bool
			want        apperr.Code
			status      int
		}{
			{"reused, another ZBA's sender", "pn-rival", false, apperr.CodeNotAuthorized, 403},
			{"reused, unregistered sender", "pn-zzz", false, apperr.CodeSenderNotRegistered, 400},
			{"reused, own sender", "pn-pending", false, apperr.CodeInvalidParameter, 422},
			{"in flight, another ZBA's sender", "pn-rival", true, apperr.CodeNotAuthorized, 403},
			{"in flight, unregistered sender", "pn-zzz", true, apperr.CodeSenderNotRegistered, 400},
			{"in flight, own sender", "pn-pending", true, apperr.CodeInvalidParameter, 409},
		} {
			t.Run(c.name, func(t *testing.T) {
				w := newWorld(t)
				path := "/business/v1.0/" + c.phone + "/messages"
				if c.inFlight {
					_, _, err := w.svc.Idempotency.Begin(context.Background(), "acme", "k-1", idemFingerprint("POST", path, []byte(body)))
					must(t, err)
				} else {
					_, err := w.sendKey(t, "k-1", tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"1"}]}]`))
					must(t, err)
				}
				_, err := w.svc.Send(context.Background(), message.SendInput{ZBAID: "acme", PhoneNumberID: c.phone, Method: "POST",
					Path: path, Body: []byte(body), IdempotencyKey: "k-1", HasKey: true})
				if ae := apperr.From(err); ae.Code != c.want || ae.Status() != c.status {
					t.Fatalf("%v, want %d code %d", err, c.status, c.want)
				}
			})
		}
	})
	t.Run("concurrent sends with one key give one message", func(t *testing.T) {
		w := newWorld(t)
		var wg sync.WaitGroup
		ids := map[string]int{}
		var mu sync.Mutex
		for range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				out, err := w.sendKey(t, "k-50", body)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ids[string(out.Body)]++
				case apperr.From(err).Status() == 409:
				default:
					t.Errorf("unexpected: %v", err)
				}
			}()
		}
		wg.Wait()
		if len(ids) != 1 || len(w.queue.Messages()) != 1 {
			t.Fatalf("bodies %v, queued %d: want one", ids, len(w.queue.Messages()))
		}
	})
}

func fingerprintOf(body string) string {
	return idemFingerprint("POST", "/business/v1.0/"+sender+"/messages", []byte(body))
}

// TestDispatch: a queued message goes to the network once, its network id
// and sent recorded; a permanent refusal fails it; a redelivery sends
// nothing more.
func TestDispatch(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	net := &memstore.Network{}
	d := message.Dispatcher{Store: w.store, Network: net, Now: w.clock.Now, Log: quiet, Lease: 30 * time.Second, Events: delivery.Queue{Publisher: w.hooks}}
	out, err := w.send(t, sender, tmpl("plain", `[]`))
	must(t, err)
	id := idOf(t, out)
	for range 3 { // the job delivered three times
		must(t, d.Dispatch(ctx, id))
	}
	if n := len(net.Sent()); n != 1 {
		t.Fatalf("network got %d sends, want 1", n)
	}
	m, err := w.store.GetMessage(ctx, id)
	must(t, err)
	if m.Status != message.StatusSent || m.NetworkID == "" || m.StatusTimes[message.StatusSent].IsZero() {
		t.Fatalf("after dispatch %+v", m)
	}
	if got := net.Sent()[0]; got.PhoneNumberID != sender || !strings.Contains(string(got.Body), `"to":"`+recipient+`"`) {
		t.Fatalf("outbound %+v", got)
	}

	out, err = w.send(t, sender, tmpl("plain", `[]`))
	must(t, err)
	refused := idOf(t, out)
	net.FailWith(&message.NetworkError{Permanent: true, Code: 131026, Title: "Message undeliverable", Details: "no such user"})
	must(t, d.Dispatch(ctx, refused))
	m, err = w.store.GetMessage(ctx, refused)
	must(t, err)
	if m.Status != message.StatusFailed || m.Failure == nil || m.Failure.Code != 131026 {
		t.Fatalf("after a permanent refusal %+v", m)
	}
	// One status webhook per move the dispatch made: sent for the first
	// (not one per delivery of its job), failed with the code for the
	// refused.
	var hooks []string
	for _, q := range w.hooks.Take() {
		var j delivery.Job
		must(t, json.Unmarshal(q.Body, &j))
		st := j.Event.Value["statuses"].([]any)[0].(map[string]any)
		hooks = append(hooks, st["id"].(string)+" "+st["status"].(string))
	}
	if want := []string{id + " sent", refused + " failed"}; !slices.Equal(hooks, want) {
		t.Fatalf("status webhooks %v, want %v", hooks, want)
	}

	out, err = w.send(t, sender, tmpl("plain", `[]`))
	must(t, err)
	flaky := idOf(t, out)
	net.FailWith(&message.NetworkError{Code: 131000, Title: "down"})
	if err := d.Dispatch(ctx, flaky); err == nil {
		t.Fatal("a transient refusal was not returned for a retry")
	}
	net.FailWith(nil)
	must(t, d.Dispatch(ctx, flaky)) // redelivered while the claim lives: skipped
	if m, _ := w.store.GetMessage(ctx, flaky); m.Status != message.StatusAccepted {
		t.Fatalf("claimed message moved: %s", m.Status)
	}
	w.clock.Advance(d.Lease)
	must(t, d.Dispatch(ctx, flaky))
	if m, _ := w.store.GetMessage(ctx, flaky); m.Status != message.StatusSent {
		t.Fatalf("after the claim ended: %s", m.Status)
	}
}

// TestNoLostDispatch kills the step between storing and queueing: the
// queue refuses the job, the send still answers 200 (the message is
// stored), and the sweeper queues it once due; dispatch then sends it once.
func TestNoLostDispatch(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.queue.FailWith(errors.New("queue unreachable"))
	out, err := w.send(t, sender, tmpl("plain", `[]`))
	must(t, err)
	id := idOf(t, out)
	w.queue.FailWith(nil)
	sw := message.Sweeper{Store: w.store, Queue: w.queue, Now: w.clock.Now, Log: quiet}
	if n, err := sw.Sweep(ctx); err != nil || n != 0 {
		t.Fatalf("before due: %d %v", n, err)
	}
	w.clock.Advance(message.DispatchGrace)
	if n, err := sw.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("when due: %d %v", n, err)
	}
	jobs := w.queue.Take()
	if len(jobs) != 1 {
		t.Fatalf("jobs %d", len(jobs))
	}
	j, err := message.DecodeDispatchJob(jobs[0].Body)
	must(t, err)
	if j.MessageID != id {
		t.Fatalf("job for %s, want %s", j.MessageID, id)
	}
	net := &memstore.Network{}
	d := message.Dispatcher{Store: w.store, Network: net, Now: w.clock.Now, Log: quiet, Lease: 30 * time.Second, Events: delivery.Queue{Publisher: w.hooks}}
	must(t, d.Dispatch(ctx, j.MessageID))
	w.clock.Advance(message.DispatchGrace)
	if n, _ := sw.Sweep(ctx); n != 0 {
		t.Fatalf("a sent message was swept again (%d)", n)
	}
	if len(net.Sent()) != 1 {
		t.Fatalf("network sends %d", len(net.Sent()))
	}
}

// TestDispatchGivesUp: a message the network keeps refusing with an error a
// retry might cure, or whose dispatches keep dying before an answer, is
// failed (131016, one failed webhook) once MaxAttempts dispatches claimed
// it, and the sweeper stops queueing it: the retries are bounded.
func TestDispatchGivesUp(t *testing.T) {
	const maxAttempts = 4
	cases := []struct {
		name string
		// attempt runs one delivered job at the clock's time.
		attempt func(t *testing.T, w *world, d message.Dispatcher, id string)
		// down: the network answers every send with a transient error.
		down bool
	}{
		{"a network that keeps failing", func(t *testing.T, _ *world, d message.Dispatcher, id string) {
			_ = d.Dispatch(context.Background(), id) // a transient error, returned for a retry, until it gives up
		}, true},
		{"attempts that die before an answer", func(t *testing.T, w *world, d message.Dispatcher, id string) {
			// The claim is written, then the process dies; the last claim
			// past the bound is a whole dispatch.
			m, err := w.store.GetMessage(context.Background(), id)
			must(t, err)
			if m.DispatchAttempts < maxAttempts {
				now := w.clock.Now()
				_, _ = w.store.Claim(context.Background(), id, now, now.Add(d.Lease))
				return
			}
			must(t, d.Dispatch(context.Background(), id))
		}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			w := newWorld(t)
			net := &memstore.Network{}
			if c.down {
				net.FailWith(&message.NetworkError{Code: 131000, Title: "down"})
			}
			d := message.Dispatcher{Store: w.store, Network: net, Now: w.clock.Now, Log: quiet, Lease: 30 * time.Second,
				Events: delivery.Queue{Publisher: w.hooks}, MaxAttempts: maxAttempts}
			sw := message.Sweeper{Store: w.store, Queue: w.queue, Now: w.clock.Now, Log: quiet}
			out, err := w.send(t, sender, tmpl("plain", `[]`))
			must(t, err)
			id := idOf(t, out)
			for sweep := 0; sweep < 3*maxAttempts; sweep++ {
				for _, j := range w.queue.Take() {
					job, err := message.DecodeDispatchJob(j.Body)
					must(t, err)
					c.attempt(t, w, d, job.MessageID)
				}
				w.clock.Advance(message.DispatchGrace)
				_, err := sw.Sweep(ctx)
				must(t, err)
			}
			m, err := w.store.GetMessage(ctx, id)
			must(t, err)
			if m.Status != message.StatusFailed || m.Failure == nil || m.Failure.Code != 131016 || m.DispatchAttempts > maxAttempts+1 {
				t.Fatalf("after %d sweeps: status %s, failure %+v, %d attempts", 3*maxAttempts, m.Status, m.Failure, m.DispatchAttempts)
			}
			if n, err := sw.Sweep(ctx); err != nil || n != 0 || len(w.queue.Take()) != 0 {
				t.Fatalf("the failed message was swept again: %d %v", n, err)
			}
			var statuses []string
			for _, q := range w.hooks.Take() {
				var j delivery.Job
				must(t, json.Unmarshal(q.Body, &j))
				statuses = append(statuses, j.Event.Value["statuses"].([]any)[0].(map[string]any)["status"].(string))
			}
			if want := []string{"failed"}; !slices.Equal(statuses, want) {
				t.Fatalf("status webhooks %v, want %v", statuses, want)
			}
			if n := len(net.Sent()); n != 0 {
				t.Fatalf("the network took %d sends, want none", n)
			}
		})
	}
}

func idOf(t *testing.T, out message.SendOutcome) string {
	t.Helper()
	i := strings.Index(string(out.Body), "svcmid.")
	if i < 0 {
		t.Fatalf("no id in %s", out.Body)
	}
	return string(out.Body[i : i+len("svcmid.")+22])
}

// refusing is a store that refuses, for good, the claim or the record of
// sent of every message, as the DynamoDB adapter answers a write DynamoDB
// refuses as invalid (an item past its size limit): a 400.
type refusing struct {
	message.Store
	claim, sent bool
}

var errNotStorable = &apperr.Error{Code: apperr.CodeInvalidParameter, Message: "Invalid parameter",
	Details: "The request could not be stored as sent.", Err: errors.New("ValidationException: Item size has exceeded the maximum allowed size")}

func (r refusing) Claim(ctx context.Context, id string, now, leaseUntil time.Time) (message.Message, error) {
	if r.claim {
		return message.Message{}, errNotStorable
	}
	return r.Store.Claim(ctx, id, now, leaseUntil)
}

func (r refusing) MarkSent(ctx context.Context, id, networkID string, at time.Time) (bool, error) {
	if r.sent {
		return false, errNotStorable
	}
	return r.Store.MarkSent(ctx, id, networkID, at)
}

// TestDispatchFailsAnUnwritableRecord: a message whose record the store
// refuses to claim, or to mark sent, for good is failed at once (131000,
// details saying why, its network body dropped) with its failed webhook,
// rather than retried by every redelivery and sweep for ever; the network
// gets it at most once.
func TestDispatchFailsAnUnwritableRecord(t *testing.T) {
	cases := []struct {
		name      string
		store     func(message.Store) message.Store
		sends     int
		detailEnd string
	}{
		{"the claim refused", func(s message.Store) message.Store { return refusing{Store: s, claim: true} }, 0, "It was not sent."},
		{"sent refused", func(s message.Store) message.Store { return refusing{Store: s, sent: true} }, 1,
			"The network took it, so it may have been delivered; none of its later statuses will be reported."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			w := newWorld(t)
			net := &memstore.Network{}
			st := c.store(w.store)
			d := message.Dispatcher{Store: st, Network: net, Now: w.clock.Now, Log: quiet, Lease: 30 * time.Second, Events: delivery.Queue{Publisher: w.hooks}}
			sw := message.Sweeper{Store: st, Queue: w.queue, Now: w.clock.Now, Log: quiet}
			out, err := w.send(t, sender, tmpl("plain", `[]`))
			must(t, err)
			id := idOf(t, out)
			must(t, d.Dispatch(ctx, id))
			m, err := w.store.GetMessage(ctx, id)
			must(t, err)
			want := "The message's record could not be updated for its dispatch: the store refused the write as invalid. " + c.detailEnd
			if m.Status != message.StatusFailed || m.Failure == nil || m.Failure.Code != 131000 || m.Failure.Details != want || m.Body != nil {
				t.Fatalf("after the refusal: status %s, failure %+v, body %q", m.Status, m.Failure, m.Body)
			}
			w.queue.Take()
			w.clock.Advance(2 * message.DispatchGrace)
			if n, err := sw.Sweep(ctx); err != nil || n != 0 {
				t.Fatalf("the failed message was swept again: %d %v", n, err)
			}
			must(t, d.Dispatch(ctx, id)) // a redelivery: done
			var statuses []string
			for _, q := range w.hooks.Take() {
				var j delivery.Job
				must(t, json.Unmarshal(q.Body, &j))
				statuses = append(statuses, j.Event.Value["statuses"].([]any)[0].(map[string]any)["status"].(string))
			}
			if want := []string{"failed"}; !slices.Equal(statuses, want) {
				t.Fatalf("status webhooks %v, want %v", statuses, want)
			}
			if n := len(net.Sent()); n != c.sends {
				t.Fatalf("the network took %d sends, want %d", n, c.sends)
			}
		})
	}
}
