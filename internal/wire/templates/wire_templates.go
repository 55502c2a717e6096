// Package templates wires the template routes that need the table alone
// (get and delete) and holds what every template function is built from.
// The routes that need more are wired beside it, so that each links only
// what its entry declares: templates/handoff (create, edit and the review
// sweeper hand reviews to the classifier queue: SQS) and templates/paging
// (the list signs page cursors: their secret). The classifier is wired by
// wire/review.
package templates

import (
	"context"

	"svc/internal/adapter/dynamo/templatestore"
	"svc/internal/feature/template"
	"svc/internal/platform/config"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/templateapi"
	"svc/internal/wire"
	"svc/internal/wire/cloud"
)

// The template routes that need the table alone.
var (
	DeleteTemplates = Route(routes.DeleteTemplates, nil, templateapi.Endpoints.Delete)
	GetTemplate     = Route(routes.GetTemplate, nil, templateapi.Endpoints.Get)
)

// Routes lists the HTTP routes wired here.
var Routes = []wire.Function[httpapi.Handler]{DeleteTemplates, GetTemplate}

// Functions lists every function wired here.
var Functions = []wire.Builder{DeleteTemplates, GetTemplate}

// Option adds one declared dependency to the template service.
type Option func(d *wire.Deps, svc *template.Service)

// Service is the template service over the function's table, with opt,
// and the cap of templates per ZBA that config.EnvTemplateCap sets.
func Service(d *wire.Deps, opt Option) template.Service {
	maxTemplates, err := TemplateCap(d.Getenv)
	d.Invalid(err)
	svc := template.Service{Store: templatestore.New(cloud.Table(d)), Now: d.Now, Log: d.Log, MaxTemplates: maxTemplates}
	if opt != nil {
		opt(d, &svc)
	}
	return svc
}

// TemplateCap reads the cap of templates per ZBA from config.EnvTemplateCap:
// template.DefaultMaxTemplates when unset or empty. A value that is set but
// not an integer > 0 is an error, so a typo fails the cold start rather than
// running with the default.
func TemplateCap(getenv func(string) string) (int, error) {
	return config.PositiveInt(getenv, config.EnvTemplateCap, template.DefaultMaxTemplates)
}

// Route is a template route: its endpoint over the service with opt, behind
// the management rate limit.
func Route(r routes.Route, opt Option, endpoint func(templateapi.Endpoints, context.Context, httpapi.Request) (int, any, error)) wire.Function[httpapi.Handler] {
	return wire.Function[httpapi.Handler]{Spec: r.Function, Build: func(d *wire.Deps) (httpapi.Handler, error) {
		e := templateapi.Endpoints{Templates: Service(d, opt)}
		if r.Links {
			e.BaseURL = d.BaseURL()
		}
		return httpapi.Serve(r, func(ctx context.Context, req httpapi.Request) (int, any, error) {
			return endpoint(e, ctx, req)
		}, httpapi.Options{Limiter: cloud.Limiter(d), Log: d.Log, Metrics: d.Metrics, Budget: d.RequestBudget(), Now: d.Now})
	}}
}
