// Package webhooks wires the webhook consumer: it signs with the master
// key, delivers through the SSRF-safe client, records attempts, re-queues on
// the retry schedule and dead-letters what is spent.
package webhooks

import (
	"math/rand/v2"
	"time"

	"svc/internal/adapter/dynamo/webhookstore"
	"svc/internal/adapter/webhookhttp"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/routes"
	"svc/internal/transport/consumer"
	"svc/internal/wire"
	"svc/internal/wire/cloud"
	"svc/internal/wire/publish"
	"svc/internal/wire/signing"
)

// Webhooks delivers webhook events.
var Webhooks = wire.Function[consumer.Handler]{Spec: routes.Webhooks.Spec(),
	Build: func(d *wire.Deps) (consumer.Handler, error) {
		store := webhookstore.New(cloud.Table(d))
		delay := d.Tweaks.WebhookDelay
		if delay == nil {
			delay = func(n int) (time.Duration, bool) { return webhook.Delay(n, rand.Float64) }
		}
		svc := delivery.Service{Subscriptions: delivery.NewSubscriptionCache(store, delivery.SubscriptionTTL, d.Now), Attempts: store,
			Queue:       delivery.Queue{Publisher: publish.Publisher(d, routes.WebhookQueue.Name)},
			DeadLetters: countingGiveUps{publish.Publisher(d, routes.WebhookQueue.DLQName()), d.Metrics},
			Sender:      countingSender{webhookhttp.NewClient(webhookhttp.ClientOptions{AllowLoopback: d.AllowLoopback()}), d.Metrics}, Master: signing.Key(d, routes.SecretWebhooks), Delay: delay, Now: d.Now, Log: d.Log}
		return consumer.PerRecord(svc.Handle, d.Log), nil
	}}

// Functions lists every function of the feature.
var Functions = []wire.Builder{Webhooks}
