// Package messages wires the message functions: the send and get-message
// routes, the inbound consumer of the network's events, the
// dispatch consumer of the outbound queue and the outbound sweeper.
package messages

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"svc/internal/adapter/dynamo/idemstore"
	"svc/internal/adapter/dynamo/messagestore"
	"svc/internal/adapter/dynamo/ratestore"
	"svc/internal/adapter/socialmsg/snsevent"
	"svc/internal/feature/message"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/platform/config"
	"svc/internal/platform/idempotency"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
	"svc/internal/transport/consumer"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/messageapi"
	"svc/internal/wire"
	"svc/internal/wire/cloud"
	"svc/internal/wire/messages/probes"
	"svc/internal/wire/network"
	"svc/internal/wire/publish"
	"svc/internal/wire/templates/pausing"
)

// SendMessage is the send route.
var SendMessage = wire.Function[httpapi.Handler]{Spec: routes.SendMessage.Function,
	Build: func(d *wire.Deps) (httpapi.Handler, error) {
		e := messageapi.Endpoints{Messages: Service(d)}
		return httpapi.Serve(routes.SendMessage, e.Send, httpapi.Options{Log: d.Log, Metrics: d.Metrics, Budget: d.RequestBudget(), Now: d.Now})
	}}

// Dispatch hands queued messages, and read receipts, to the network.
var Dispatch = wire.Function[consumer.Handler]{Spec: routes.Dispatch.Spec(),
	Build: func(d *wire.Deps) (consumer.Handler, error) {
		disp := message.Dispatcher{Store: messagestore.New(cloud.Table(d)), Network: network.Network(d), Now: d.Now, Log: d.Log,
			Lease: routes.Dispatch.Queue.ConsumerTimeout, Events: delivery.Queue{Publisher: publish.Publisher(d, routes.WebhookQueue.Name)}}
		return consumer.WithQueueAge(consumer.PerRecord(func(ctx context.Context, body []byte) error {
			j, err := message.DecodeDispatchJob(body)
			if err != nil {
				// A body that names no message never will: retrying it only
				// delays its way to the dead-letter queue, where it is kept.
				return err
			}
			if j.Receipt != nil {
				// A read receipt has no record, and is no message the
				// dispatch metrics count.
				return disp.Relay(ctx, *j.Receipt)
			}
			return probes.Dispatch(d.Metrics, disp).Dispatch(ctx, j.MessageID)
		}, d.Log), d.Metrics, time.Now), nil
	}}

// OutboundSweeper queues again dispatches whose job never came.
var OutboundSweeper = wire.Function[func(context.Context) error]{Spec: routes.OutboundSweeper.Function,
	Build: func(d *wire.Deps) (func(context.Context) error, error) {
		sw := message.Sweeper{Store: messagestore.New(cloud.Table(d)), Queue: publish.Publisher(d, routes.OutboundQueue.Name),
			Now: d.Now, Log: d.Log}
		return func(ctx context.Context) error {
			n, err := sw.Sweep(ctx)
			if err != nil {
				d.Log.Error("outbound sweep failed", slog.Int("queued", n), slog.String("error", err.Error()))
			}
			return err
		}, nil
	}}

// GetMessage is the message status route (an svc extension).
var GetMessage = wire.Function[httpapi.Handler]{Spec: routes.GetMessage.Function,
	Build: func(d *wire.Deps) (httpapi.Handler, error) {
		e := messageapi.Endpoints{Messages: message.Service{Store: messagestore.New(cloud.Table(d)), Now: d.Now, Log: d.Log}}
		return httpapi.Serve(routes.GetMessage, e.Get, httpapi.Options{Log: d.Log, Metrics: d.Metrics, Budget: d.RequestBudget(), Now: d.Now})
	}}

// Inbound handles the network's events from the inbound queue: each record
// is an SNS notification of End User Messaging Social (the local simulator
// publishes the same).
var Inbound = wire.Function[consumer.Handler]{Spec: routes.Inbound.Spec(),
	Build: func(d *wire.Deps) (consumer.Handler, error) {
		quality := pausing.Service(d)
		store := messagestore.New(cloud.Table(d))
		return consumer.WithQueueAge(consumer.PerRecord(func(ctx context.Context, body []byte) error {
			evs, err := snsevent.Decode(body)
			if err != nil {
				// Never readable: retried to the dead-letter queue, where
				// it is kept for an operator.
				return err
			}
			probe := probes.Inbound(store, d.Metrics)
			h := message.Inbound{Store: probe, Statuses: probe, Events: quality.Events, Quality: quality,
				Now: d.Now, Log: d.Log, Grace: routes.Inbound.Queue.ConsumerTimeout}
			var errs []error
			for _, e := range evs {
				errs = append(errs, h.Handle(ctx, e))
			}
			return errors.Join(errs...)
		}, d.Log), d.Metrics, time.Now), nil
	}}

// Routes lists the HTTP routes wired here.
var Routes = []wire.Function[httpapi.Handler]{SendMessage, GetMessage}

// Functions lists every function wired here.
var Functions = []wire.Builder{SendMessage, GetMessage, Dispatch, OutboundSweeper, Inbound}

// Service is the send use cases over the function's table and the outbound
// queue, with the limits its environment sets and the instance's throughput
// tokens (none at start: the first send reserves a block).
func Service(d *wire.Deps) message.Service {
	limits, err := Limits(d.Getenv)
	d.Invalid(err)
	tb := cloud.Table(d)
	return message.Service{Store: messagestore.New(tb), Queue: publish.Publisher(d, routes.OutboundQueue.Name), Now: d.Now,
		Log: d.Log, Limits: limits, Rate: ratestore.New(tb), SenderBlocks: ratelimit.NewBlocks(limits.SenderBlock),
		Idempotency: idempotency.Guard{Store: idemstore.New(tb), Now: d.Now, Lease: Lease()}}
}

// Lease is the idempotency lease of a function: its timeout and a margin
// for clock skew between Lambdas, so that a lease outlives every attempt
// that may still complete, and a crashed one frees the key soon after.
func Lease() time.Duration { return routes.SendMessage.RunTimeout() + 5*time.Second }

// Limits reads the send limits from the environment: message.DefaultLimits
// where unset. A value that is set but unusable is an error, so a typo fails
// the cold start rather than running with the default.
func Limits(getenv func(string) string) (message.Limits, error) {
	l := message.DefaultLimits
	positive := func(name string, into *int) error {
		n, err := config.PositiveInt(getenv, name, *into)
		if err == nil {
			*into = n
		}
		return err
	}
	if err := positive(config.EnvSenderRateLimit, &l.Sender.Limit); err != nil {
		return l, err
	}
	block, err := ratelimit.BlockFromVar(getenv, config.EnvSenderRateBlock)
	if err != nil {
		return l, err
	}
	l.SenderBlock = block
	if err := positive(config.EnvMarketingCap, &l.MarketingCap); err != nil {
		return l, err
	}
	if v := getenv(config.EnvMarketingCapWindow); v != "" {
		w, err := time.ParseDuration(v)
		if err == nil {
			err = ratelimit.Policy{Limit: 1, Window: w}.Validate()
		}
		if err != nil {
			return l, fmt.Errorf("%s=%q: want a Go duration of whole seconds, at least 1s, such as 24h", config.EnvMarketingCapWindow, v)
		}
		l.MarketingWindow = w
	}
	return l, nil
}
