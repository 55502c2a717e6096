// Package review wires the classifier consumer: it decides each template
// version once and queues the decision's webhook events.
package review

import (
	"svc/internal/adapter/dynamo/reviewstore"
	"svc/internal/feature/template/review"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/routes"
	"svc/internal/transport/consumer"
	"svc/internal/wire"
	"svc/internal/wire/cloud"
	"svc/internal/wire/publish"
)

// Classifier reviews templates and queues the review's webhook events.
var Classifier = wire.Function[consumer.Handler]{Spec: routes.Classifier.Spec(),
	Build: func(d *wire.Deps) (consumer.Handler, error) {
		svc := review.Service{Store: countingStore{reviewstore.New(cloud.Table(d)), d.Metrics}, Now: d.Now, Log: d.Log,
			Events: delivery.Queue{Publisher: publish.Publisher(d, routes.WebhookQueue.Name)}}
		return consumer.PerRecord(svc.Handle, d.Log), nil
	}}

// Functions lists every function of the feature.
var Functions = []wire.Builder{Classifier}
