package netsim

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"svc/internal/adapter/socialmsg/snsevent"
	"svc/internal/platform/logging"
)

// Recipients plays the simulated recipients: told of each accepted message
// (it is the simulator's Observer), it publishes the message's statuses
// (sent, then delivered, then read, or failed) as End User Messaging
// Social would, in the same SNS-wrapped envelope, through Publish (onto the
// local inbound queue), so the inbound consumer reads the simulator's
// events as it reads the real network's. A user's message to a sender
// (Write) goes the same way.
//
// The statuses follow Timing, each delay measured from the previous
// status; the zero Timing publishes them at once (tests). Scripts shape
// them: Undeliverable ends a message failed (131026) after sent, NeverRead
// stops at delivered.
type Recipients struct {
	// Sim is the simulator whose scripts the recipients follow.
	Sim    *Simulator
	Timing Timing
	Log    *slog.Logger
	// Now is the clock of the events; nil means time.Now.
	Now func() time.Time

	mu      sync.Mutex
	publish func(ctx context.Context, body []byte) error
	seq     uint64
}

// Start sets where events go; until then they are dropped (logged).
func (r *Recipients) Start(publish func(ctx context.Context, body []byte) error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.publish = publish
}

// Observe is the simulator's Observer: it plays the message's recipient
// in a goroutine of its own.
func (r *Recipients) Observe(s Sent, _ Timing) {
	go r.play(s)
}

// UndeliverableTitle is the failed status's error title, with the code
// CodeUndeliverable.
const UndeliverableTitle = "Message undeliverable"

func (r *Recipients) play(s Sent) {
	ctx := context.Background()
	var script Script
	if r.Sim != nil {
		script = r.Sim.ScriptOf(s.To)
	}
	var body struct {
		Callback string `json:"biz_opaque_callback_data"`
	}
	_ = json.Unmarshal(s.Body, &body) // the simulator accepted it as a JSON object
	status := func(name string, errs []snsevent.StatusError) bool {
		st := snsevent.Status{ID: s.NetworkID, Status: name, Timestamp: strconv.FormatInt(r.now().Unix(), 10), RecipientID: s.To,
			BizOpaqueCallbackData: body.Callback, Errors: errs}
		_, err := r.emit(ctx, s.PhoneNumberID, snsevent.Value{Statuses: []snsevent.Status{st}})
		return err == nil
	}
	wait(r.Timing.Sent)
	if !status("sent", nil) {
		return
	}
	wait(r.Timing.Delivered)
	if script.Undeliverable {
		var e snsevent.StatusError
		e.Code, e.Title, e.Message = CodeUndeliverable, UndeliverableTitle, UndeliverableTitle
		e.ErrorData.Details = "the recipient " + logging.MaskPhone(s.To) + " cannot receive messages"
		status("failed", []snsevent.StatusError{e})
		return
	}
	if !status("delivered", nil) || script.NeverRead {
		return
	}
	wait(r.Timing.Read)
	status("read", nil)
}

// wait is the simulated recipient taking its time (never in tests, whose
// Timing is zero).
func wait(d time.Duration) {
	if d > 0 {
		time.Sleep(d)
	}
}

func (r *Recipients) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

// Write publishes a user's text message from the number from to the
// sender phoneNumberID (make inbound), with the user's profile name when
// given, and returns the queue body it published. The simulator (Sim)
// records the message as received, so a read receipt may name it.
func (r *Recipients) Write(ctx context.Context, phoneNumberID, from, profileName, text string) ([]byte, error) {
	obj, err := json.Marshal(map[string]string{"body": text})
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.seq++
	id := fmt.Sprintf("wamid.sim-in-%d-%d", r.now().UnixNano(), r.seq)
	r.mu.Unlock()
	if r.Sim != nil {
		r.Sim.Received(phoneNumberID, id) // a read receipt may name it now
	}
	v := snsevent.Value{Messages: []snsevent.Inbound{{From: from, ID: id, Timestamp: strconv.FormatInt(r.now().Unix(), 10),
		Type: "text", Object: obj}}}
	if profileName != "" {
		var c snsevent.Contact
		c.Profile.Name, c.WaID = profileName, from
		v.Contacts = []snsevent.Contact{c}
	}
	return r.emit(ctx, phoneNumberID, v)
}

// emit publishes one change about the sender phoneNumberID.
func (r *Recipients) emit(ctx context.Context, phoneNumberID string, v snsevent.Value) ([]byte, error) {
	r.mu.Lock()
	publish := r.publish
	r.seq++
	n := r.seq
	r.mu.Unlock()
	at := r.now()
	src := snsevent.Source{AccountID: "000000000000", Region: "local", TopicArn: "arn:aws:sns:local:000000000000:svc-network-events",
		WabaID: "netsim", WabaArn: "arn:aws:social-messaging:local:000000000000:waba/netsim",
		PhoneNumberID: phoneNumberID, PhoneArn: "arn:aws:social-messaging:local:000000000000:phone-number-id/" + phoneNumberID}
	body, err := snsevent.Encode(src, fmt.Sprintf("netsim-%d-%d", at.UnixNano(), n), v, at)
	if err == nil && publish == nil {
		err = fmt.Errorf("netsim: the recipients have nowhere to publish")
	}
	if err == nil {
		err = publish(ctx, body)
	}
	if err != nil && r.Log != nil {
		r.Log.Warn("netsim: event not published", slog.String("sender", phoneNumberID), slog.String("error", err.Error()))
	}
	return body, err
}
