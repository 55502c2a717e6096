package memstore

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/template"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
)

// Fakes of the ports that are no store: they record what the use cases
// send them, and fail on demand, so a test can read the outcome and stage
// an outage.

// Message is one message a Queue accepted.
type Message struct {
	ID    string
	Body  []byte
	Delay time.Duration
}

// Queue is a message queue: it keeps what is published, in order, until a
// test takes it. While an error is set (FailWith) every publish fails with
// it and nothing is kept, as with an unreachable queue.
type Queue struct {
	mu   sync.Mutex
	msgs []Message
	sent int
	err  error
}

var (
	_ template.Publisher        = (*Queue)(nil)
	_ delivery.Publisher        = (*Queue)(nil)
	_ delivery.DelayedPublisher = (*Queue)(nil)
	_ template.ReviewQueue      = template.PublishingQueue{Publisher: (*Queue)(nil)}
	_ delivery.Enqueuer         = delivery.Queue{Publisher: (*Queue)(nil)}
	_ delivery.Sender           = (*Sender)(nil)
	_ account.Handshaker        = (*Handshaker)(nil)
)

// Publish sends body for receipt at once.
func (q *Queue) Publish(ctx context.Context, body []byte) (string, error) {
	return q.PublishAfter(ctx, body, 0)
}

// PublishAfter sends body for receipt after delay.
func (q *Queue) PublishAfter(_ context.Context, body []byte, delay time.Duration) (string, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.err != nil {
		return "", q.err
	}
	q.sent++
	id := "msg-" + strconv.Itoa(q.sent)
	q.msgs = append(q.msgs, Message{ID: id, Body: slices.Clone(body), Delay: delay})
	return id, nil
}

// FailWith makes every publish fail with err from now on; nil heals the
// queue.
func (q *Queue) FailWith(err error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.err = err
}

// Messages returns what the queue holds, oldest first, and keeps it.
func (q *Queue) Messages() []Message {
	q.mu.Lock()
	defer q.mu.Unlock()
	return slices.Clone(q.msgs)
}

// Take returns what the queue holds, oldest first, and empties it, as a
// consumer receiving and deleting every message would.
func (q *Queue) Take() []Message {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := q.msgs
	q.msgs = nil
	return out
}

// Delivery is one call of Sender.Deliver.
type Delivery struct {
	URL, Secret string
	Event       webhook.Event
	At          time.Time
}

// Sender delivers webhooks from a script instead of over HTTP: the nth
// delivery gets the nth answer, the last answer repeats, and with no
// answers every delivery succeeds with 200. Each answer's At is the
// delivery's time, as the HTTP client stamps it.
type Sender struct {
	mu      sync.Mutex
	answers []webhook.Attempt
	calls   []Delivery
}

// NewSender returns a sender that answers with answers, in turn.
func NewSender(answers ...webhook.Attempt) *Sender { return &Sender{answers: answers} }

// Deliver implements delivery.Sender.
func (s *Sender) Deliver(_ context.Context, url, secret string, e webhook.Event, now time.Time) webhook.Attempt {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := webhook.Attempt{StatusCode: 200}
	if len(s.answers) > 0 {
		a = s.answers[min(len(s.calls), len(s.answers)-1)]
	}
	s.calls = append(s.calls, Delivery{URL: url, Secret: secret, Event: e, At: now})
	a.At = now
	return a
}

// Deliveries returns every delivery so far, in order.
func (s *Sender) Deliveries() []Delivery {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.calls)
}

// Handshake is one call of Handshaker.Handshake.
type Handshake struct{ URL, VerifyToken string }

// Handshaker stands in for the callback verification client: it records
// each handshake and answers with the error set by FailWith (nil: the
// callback answered correctly).
type Handshaker struct {
	mu    sync.Mutex
	err   error
	calls []Handshake
}

// Handshake implements account.Handshaker.
func (h *Handshaker) Handshake(_ context.Context, url, verifyToken string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.calls = append(h.calls, Handshake{URL: url, VerifyToken: verifyToken})
	return h.err
}

// FailWith makes every handshake fail with err from now on; nil heals it.
func (h *Handshaker) FailWith(err error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.err = err
}

// Handshakes returns every handshake so far, in order.
func (h *Handshaker) Handshakes() []Handshake {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.calls)
}

// Clock is a clock that moves only when told, for the use cases' Now.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock stopped at t.
func NewClock(t time.Time) *Clock { return &Clock{now: t} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
