// Package templates wires the template feature's functions: its five
// routes and the review sweeper (the classifier is wired by wire/review, so
// that no template route links it). Each asks only for
// what its route table entry declares: the list signs page cursors, create
// and edit hand reviews to the classifier queue, get and delete need the
// table alone.
package templates

import (
	"context"
	"log/slog"

	"svc/internal/adapter/dynamo"
	"svc/internal/feature/template"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/templateapi"
	"svc/internal/wire"
	"svc/internal/wire/cloud"
	"svc/internal/wire/publish"
	"svc/internal/wire/signing"
)

// The template routes.
var (
	ListTemplates   = route(routes.ListTemplates, withCursors, templateapi.Endpoints.List)
	CreateTemplate  = route(routes.CreateTemplate, withReviewQueue, templateapi.Endpoints.Create)
	DeleteTemplates = route(routes.DeleteTemplates, nil, templateapi.Endpoints.Delete)
	GetTemplate     = route(routes.GetTemplate, nil, templateapi.Endpoints.Get)
	EditTemplate    = route(routes.EditTemplate, withReviewQueue, templateapi.Endpoints.Edit)
)

// ReviewSweeper hands reviews that were never queued to the classifier
// queue again. A failure fails the invocation; the next run carries on from
// what is still due.
var ReviewSweeper = wire.Function[func(context.Context) error]{Spec: routes.ReviewSweeper.Function,
	Build: func(d *wire.Deps) (func(context.Context) error, error) {
		svc := service(d, withReviewQueue)
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

// Routes lists the feature's HTTP routes.
var Routes = []wire.Function[httpapi.Handler]{ListTemplates, CreateTemplate, DeleteTemplates, GetTemplate, EditTemplate}

// Functions lists every function of the feature.
var Functions = []wire.Builder{ListTemplates, CreateTemplate, DeleteTemplates, GetTemplate, EditTemplate,
	ReviewSweeper}

// option adds one declared dependency to the template service.
type option func(d *wire.Deps, svc *template.Service)

// withCursors signs page cursors with a key derived from the master key.
func withCursors(d *wire.Deps, svc *template.Service) {
	svc.Cursors = template.SignedCursors{Key: signing.MasterKey(d).DerivedKey("page-cursors"), Now: d.Now}
}

// withReviewQueue hands stored templates to the classifier.
func withReviewQueue(d *wire.Deps, svc *template.Service) {
	svc.Queue = template.PublishingQueue{Publisher: publish.Publisher(d, routes.ClassifierQueue.Name)}
}

func service(d *wire.Deps, opt option) template.Service {
	svc := template.Service{Store: dynamo.NewTemplates(cloud.Table(d)), Now: d.Now, Log: d.Log}
	if opt != nil {
		opt(d, &svc)
	}
	return svc
}

// route is a template route: its endpoint over the service with opt, behind
// the management rate limit.
func route(r routes.Route, opt option, endpoint func(templateapi.Endpoints, context.Context, httpapi.Request) (int, any, error)) wire.Function[httpapi.Handler] {
	return wire.Function[httpapi.Handler]{Spec: r.Function, Build: func(d *wire.Deps) (httpapi.Handler, error) {
		e := templateapi.Endpoints{Templates: service(d, opt)}
		return httpapi.Serve(r, func(ctx context.Context, req httpapi.Request) (int, any, error) {
			return endpoint(e, ctx, req)
		}, httpapi.Options{Limiter: cloud.Limiter(d), Log: d.Log})
	}}
}
