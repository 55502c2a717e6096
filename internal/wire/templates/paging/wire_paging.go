// Package paging wires the template list, whose page cursors are signed
// with a key derived from the page cursors' secret.
package paging

import (
	"svc/internal/feature/template"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/templateapi"
	"svc/internal/wire"
	"svc/internal/wire/signing"
	"svc/internal/wire/templates"
)

// ListTemplates is the template list.
var ListTemplates = templates.Route(routes.ListTemplates, withCursors, templateapi.Endpoints.List)

// Routes lists the HTTP routes wired here.
var Routes = []wire.Function[httpapi.Handler]{ListTemplates}

// Functions lists every function wired here.
var Functions = []wire.Builder{ListTemplates}

// withCursors signs page cursors with a key derived from their secret.
func withCursors(d *wire.Deps, svc *template.Service) {
	svc.Cursors = template.SignedCursors{Key: signing.Key(d, routes.SecretPageCursors).Derived("page-cursors"), Now: d.Now}
}
