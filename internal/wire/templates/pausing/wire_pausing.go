// Package pausing wires template quality: the scheduled template-unpauser,
// and the quality use cases the admin function runs for operators.
package pausing

import (
	"context"
	"log/slog"

	"svc/internal/adapter/dynamo/templatestore"
	"svc/internal/feature/template/quality"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/routes"
	"svc/internal/wire"
	"svc/internal/wire/cloud"
	"svc/internal/wire/publish"
)

// Unpauser returns paused templates to APPROVED when their pause ends. A
// failure fails the invocation; the next run carries on from what is still
// due.
var Unpauser = wire.Function[func(context.Context) error]{Spec: routes.TemplateUnpauser.Function,
	Build: func(d *wire.Deps) (func(context.Context) error, error) {
		svc := Service(d)
		return func(ctx context.Context) error {
			n, err := svc.EndPauses(ctx)
			if err != nil {
				d.Log.Error("unpause sweep failed", slog.Int("unpaused", n), slog.String("error", err.Error()))
				return err
			}
			d.Log.Info("unpause sweep", slog.Int("unpaused", n))
			return nil
		}, nil
	}}

// Functions lists every function wired here.
var Functions = []wire.Builder{Unpauser}

// Service is the quality use cases over the table, publishing their events
// to the webhook queue (which the function's entry must declare).
func Service(d *wire.Deps) quality.Service {
	return quality.Service{Store: templatestore.New(cloud.Table(d)), Now: d.Now, Log: d.Log,
		Events: delivery.Queue{Publisher: publish.Publisher(d, routes.WebhookQueue.Name)}}
}
