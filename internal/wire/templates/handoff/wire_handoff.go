// Package handoff wires the template functions that hand reviews to the
// classifier queue: create, edit and the review sweeper.
package handoff

import (
	"context"
	"log/slog"

	"svc/internal/feature/template"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/templateapi"
	"svc/internal/wire"
	"svc/internal/wire/publish"
	"svc/internal/wire/templates"
)

// The template routes that queue reviews.
var (
	CreateTemplate = templates.Route(routes.CreateTemplate, withReviewQueue, templateapi.Endpoints.Create)
	EditTemplate   = templates.Route(routes.EditTemplate, withReviewQueue, templateapi.Endpoints.Edit)
)

// ReviewSweeper hands reviews that were never queued to the classifier
// queue again. A failure fails the invocation; the next run carries on from
// what is still due.
var ReviewSweeper = wire.Function[func(context.Context) error]{Spec: routes.ReviewSweeper.Function,
	Build: func(d *wire.Deps) (func(context.Context) error, error) {
		svc := templates.Service(d, withReviewQueue)
		return func(ctx context.Context) error {
			n, err := svc.SweepReviews(ctx)
			if err != nil {
				d.Log.Error("review sweep failed", slog.Int("handed_over", n), slog.String("error", err.Error()))
				return err
			}
			d.Log.Info("review sweep", slog.Int("handed_over", n))
			return nil
		}, nil
	}}

// Routes lists the HTTP routes wired here.
var Routes = []wire.Function[httpapi.Handler]{CreateTemplate, EditTemplate}

// Functions lists every function wired here.
var Functions = []wire.Builder{CreateTemplate, EditTemplate, ReviewSweeper}

// withReviewQueue hands stored templates to the classifier.
func withReviewQueue(d *wire.Deps, svc *template.Service) {
	svc.Queue = template.PublishingQueue{Publisher: publish.Publisher(d, routes.ClassifierQueue.Name)}
}
