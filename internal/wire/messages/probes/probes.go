// Package probes holds the message consumers' probes: decorators of the
// ports of message.Dispatcher and message.Inbound that emit what each
// record came to (metrics.Dispatches, StatusUpdates, InboundMessages,
// OptOuts), so the domain knows nothing of metrics.
package probes

import (
	"context"
	"errors"
	"time"

	"svc/internal/feature/message"
	"svc/internal/platform/metrics"
)

// Dispatch returns disp with its store and network watched by a fresh
// probe that emits the dispatch's outcome to m: one per queue record.
func Dispatch(m *metrics.Recorder, disp message.Dispatcher) message.Dispatcher {
	return (&dispatchProbe{m: m}).measured(disp)
}

// Inbound is store watched by a fresh probe that emits to m, for one queue
// record: message.Inbound takes it as its Store and as its Statuses.
func Inbound(store message.InboundStore, m *metrics.Recorder) interface {
	message.InboundStore
	message.StatusObserver
} {
	return &inboundProbe{InboundStore: store, m: m}
}

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
		s.p.emit(metrics.OutcomeSkipped)
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
		n.p.emit(metrics.OutcomeSent, took)
	case errors.As(err, &ne) && ne.Permanent:
		n.p.emit(metrics.OutcomeFailed, took)
	default:
		n.p.emit(metrics.OutcomeRetried, took)
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
		s.emit(metrics.StatusUpdates, metrics.OutcomeUnknown, map[string]any{"message_id": id})
	}
	return m, err
}

// StatusOutcome implements message.StatusObserver: a status of a known
// message applied or ignored.
func (s *inboundProbe) StatusOutcome(m message.Message, status message.Status, moved bool) {
	outcome := metrics.OutcomeIgnored
	if moved {
		outcome = metrics.OutcomeApplied
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
		s.opt = metrics.OutcomeOptedIn
		if optedOut {
			s.opt = metrics.OutcomeOptedOut
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
		s.emit(metrics.InboundMessages, metrics.OutcomeDuplicate, props())
		return first, nil
	}
	s.emit(metrics.InboundMessages, metrics.OutcomeNew, props())
	if s.opt != "" {
		s.emit(metrics.OptOuts, s.opt, props())
	}
	return first, nil
}
