package netsim_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"svc/internal/adapter/socialmsg/snsevent"
	"svc/internal/feature/message"
	"svc/internal/local/netsim"
)

// published collects what the recipients publish.
type published struct {
	mu     sync.Mutex
	bodies [][]byte
}

func (p *published) publish(_ context.Context, body []byte) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.bodies = append(p.bodies, body)
	return nil
}

// statuses decodes what was published about one network id, in order.
func (p *published) statuses(t *testing.T, networkID string) []message.NetworkStatus {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []message.NetworkStatus
	for _, b := range p.bodies {
		evs, err := snsevent.Decode(b)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			for _, st := range e.Statuses {
				if st.NetworkID == networkID {
					out = append(out, st)
				}
			}
		}
	}
	return out
}

func TestRecipientsPlayStatuses(t *testing.T) {
	cases := []struct {
		name   string
		script netsim.Script
		want   []message.Status
	}{
		{"reads", netsim.Script{}, []message.Status{message.StatusSent, message.StatusDelivered, message.StatusRead}},
		{"never reads", netsim.Script{NeverRead: true}, []message.Status{message.StatusSent, message.StatusDelivered}},
		{"undeliverable", netsim.Script{Undeliverable: true}, []message.Status{message.StatusSent, message.StatusFailed}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &published{}
			r := &netsim.Recipients{}
			r.Start(p.publish)
			sim := netsim.New(netsim.Options{Observer: r.Observe})
			r.Sim = sim
			sim.Script("4915112345678", c.script)
			id, err := sim.Send(context.Background(), message.Outbound{PhoneNumberID: "pn-1", Origination: "pn-1",
				Body: []byte(`{"to":"4915112345678","type":"text","text":{"body":"hi"},"biz_opaque_callback_data":"svcmid.cb"}`)})
			if err != nil {
				t.Fatal(err)
			}
			// Poll for what the recipient's goroutine publishes, with a
			// bound that a loaded machine does not reach by being slow.
			deadline := time.After(time.Minute)
			tick := time.NewTicker(5 * time.Millisecond)
			defer tick.Stop()
		poll:
			for len(p.statuses(t, id)) < len(c.want) {
				select {
				case <-deadline:
					break poll // judged below, with what was published
				case <-tick.C:
				}
			}
			var got []message.Status
			for _, st := range p.statuses(t, id) {
				got = append(got, st.Status)
				if st.CallbackData != "svcmid.cb" || st.RecipientID != "4915112345678" {
					t.Fatalf("status %+v", st)
				}
				if st.Status == message.StatusFailed && (st.Failure == nil || st.Failure.Code != netsim.CodeUndeliverable) {
					t.Fatalf("failure %+v", st.Failure)
				}
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("statuses %v, want %v", got, c.want)
			}
		})
	}
}

func TestRecipientsWrite(t *testing.T) {
	p := &published{}
	r := &netsim.Recipients{}
	if _, err := r.Write(context.Background(), "pn-1", "4915112345678", "", "hi"); err == nil {
		t.Fatal("published before Start")
	}
	r.Start(p.publish)
	body, err := r.Write(context.Background(), "pn-1", "4915112345678", "Zoë", "Olá 👋")
	if err != nil {
		t.Fatal(err)
	}
	evs, err := snsevent.Decode(body)
	if err != nil || len(evs) != 1 || evs[0].PhoneNumberID != "pn-1" || len(evs[0].Messages) != 1 {
		t.Fatalf("%+v %v", evs, err)
	}
	if m := evs[0].Messages[0]; m.From != "4915112345678" || m.ProfileName != "Zoë" || m.Text() != "Olá 👋" || m.ID == "" {
		t.Fatalf("message %+v", m)
	}
	again, _ := r.Write(context.Background(), "pn-1", "4915112345678", "", "hi")
	if evs2, _ := snsevent.Decode(again); evs2[0].Messages[0].ID == evs[0].Messages[0].ID {
		t.Fatal("two messages with one id")
	}
}
