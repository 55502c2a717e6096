package messages

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/feature/message"
	"svc/internal/platform/metrics"
	"svc/internal/transport/consumer"
)

// The outcomes of a dispatch, as the Dispatches dimension.
const (
	OutcomeSent    = "sent"
	OutcomeFailed  = "failed"
	OutcomeRetried = "retried"
	OutcomeSkipped = "skipped"
)

// The outcomes of the network's events, as the StatusUpdates,
// InboundMessages and OptOuts dimensions.
const (
	OutcomeApplied   = "applied"
	OutcomeIgnored   = "ignored"
	OutcomeUnknown   = "unknown"
	OutcomeNew       = "new"
	OutcomeDuplicate = "duplicate"
	OutcomeOptedOut  = "opted_out"
	OutcomeOptedIn   = "opted_in"
)

// dispatchProbe watches one dispatch at its ports (the store's claim and
// the network), so the consumer emits its outcome without the domain
// knowing of metrics. A probe serves one record: the claim tells it the
// message's ZBA, which the network's call does not carry.
type dispatchProbe struct {
	m     *metrics.Recorder
	zbaID string
	id    string
}

// measured returns disp with its store and network watched by a fresh
// probe.
func (p *dispatchProbe) measured(disp message.Dispatcher) message.Dispatcher {
	disp.Store = probedClaims{disp.Store, p}
	disp.Network = probedNetwork{disp.Network, p}
	return disp
}

func (p *dispatchProbe) emit(outcome string, ms ...metrics.Metric) {
	p.m.Emit(map[string]string{metrics.DimOutcome: outcome}, map[string]any{"zba_id": p.zbaID, "message_id": p.id},
		append([]metrics.Metric{{Name: metrics.Dispatches, Unit: metrics.Count, Value: 1}}, ms...)...)
}

type probedClaims struct {
	message.Store
	p *dispatchProbe
}

func (s probedClaims) Claim(ctx context.Context, id string, now, leaseUntil time.Time) (message.Message, error) {
	m, err := s.Store.Claim(ctx, id, now, leaseUntil)
	s.p.id, s.p.zbaID = id, m.ZBAID
	if errors.Is(err, message.ErrNotClaimable) || errors.Is(err, message.ErrNotFound) {
		s.p.emit(OutcomeSkipped)
	}
	return m, err
}

type probedNetwork struct {
	message.Network
	p *dispatchProbe
}

// Send times the network's call and counts its outcome as the dispatcher
// treats it: an id is sent, a permanent refusal failed, anything else
// retried by the queue.
func (n probedNetwork) Send(ctx context.Context, o message.Outbound) (string, error) {
	start := time.Now()
	id, err := n.Network.Send(ctx, o)
	took := metrics.Metric{Name: metrics.NetworkLatency, Unit: metrics.Milliseconds, Value: float64(time.Since(start).Microseconds()) / 1000}
	var ne *message.NetworkError
	switch {
	case err == nil:
		n.p.emit(OutcomeSent, took)
	case errors.As(err, &ne) && ne.Permanent:
		n.p.emit(OutcomeFailed, took)
	default:
		n.p.emit(OutcomeRetried, took)
	}
	return id, err
}

// inboundProbe watches the inbound consumer's store port: whether each
// status moved its message, and whether each user's message was new and
// what it said of marketing. A probe serves one record, whose events it
// sees in order: the read of a message or the opening of a window tells it
// the ZBA of what follows.
type inboundProbe struct {
	message.InboundStore
	m     *metrics.Recorder
	zbaID string
	opt   string
}

func (s *inboundProbe) emit(name, outcome string, props map[string]any) {
	props["zba_id"] = s.zbaID
	s.m.Emit(map[string]string{metrics.DimOutcome: outcome}, props, metrics.Metric{Name: name, Unit: metrics.Count, Value: 1})
}

func (s *inboundProbe) GetMessage(ctx context.Context, id string) (message.Message, error) {
	m, err := s.InboundStore.GetMessage(ctx, id)
	s.zbaID = m.ZBAID
	if errors.Is(err, message.ErrNotFound) {
		s.emit(metrics.StatusUpdates, OutcomeUnknown, map[string]any{"message_id": id})
	}
	return m, err
}

// StatusOutcome implements message.StatusObserver: a status of a known
// message applied or ignored.
func (s *inboundProbe) StatusOutcome(m message.Message, status message.Status, moved bool) {
	outcome := OutcomeIgnored
	if moved {
		outcome = OutcomeApplied
	}
	s.emit(metrics.StatusUpdates, outcome, map[string]any{"message_id": m.ID, "status": string(status)})
}

func (s *inboundProbe) OpenWindow(ctx context.Context, w message.Window) error {
	s.zbaID, s.opt = w.ZBAID, ""
	return s.InboundStore.OpenWindow(ctx, w)
}

// SetMarketingOptOut counts a change only when it is recorded: one older
// than the recorded change is ignored, and so is not an opt-out.
func (s *inboundProbe) SetMarketingOptOut(ctx context.Context, zbaID, recipient string, optedOut bool, at time.Time) (bool, error) {
	applied, err := s.InboundStore.SetMarketingOptOut(ctx, zbaID, recipient, optedOut, at)
	if applied {
		s.opt = OutcomeOptedIn
		if optedOut {
			s.opt = OutcomeOptedOut
		}
	}
	return applied, err
}

// MarkInboundSeen is where a user's message is known new or repeated: a
// redelivery's opt-out was counted with its first delivery.
func (s *inboundProbe) MarkInboundSeen(ctx context.Context, phoneID, networkID string, at time.Time) (bool, error) {
	first, err := s.InboundStore.MarkInboundSeen(ctx, phoneID, networkID, at)
	if err != nil {
		return first, err
	}
	props := func() map[string]any { return map[string]any{"phone_number_id": phoneID, "network_id": networkID} }
	if !first {
		s.emit(metrics.InboundMessages, OutcomeDuplicate, props())
		return first, nil
	}
	s.emit(metrics.InboundMessages, OutcomeNew, props())
	if s.opt != "" {
		s.emit(metrics.OptOuts, s.opt, props())
	}
	return first, nil
}

// withQueueAge emits, for each batch the consumer is given, how long its
// oldest message waited in the queue (SQS's SentTimestamp, which Lambda
// and the local poller put on every record), then handles the batch.
func withQueueAge(h consumer.Handler, m *metrics.Recorder, now func() time.Time) consumer.Handler {
	return func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		var oldest int64
		for _, r := range ev.Records {
			sent, err := strconv.ParseInt(r.Attributes["SentTimestamp"], 10, 64)
			if err == nil && sent > 0 && (oldest == 0 || sent < oldest) {
				oldest = sent
			}
		}
		if oldest > 0 {
			age := max(now().UnixMilli()-oldest, 0)
			m.Emit(nil, map[string]any{"batch": len(ev.Records)},
				metrics.Metric{Name: metrics.QueueAge, Unit: metrics.Milliseconds, Value: float64(age)})
		}
		return h(ctx, ev)
	}
}
