// Package versions wires the public discovery routes, GET /versions and
// GET /openapi.json, which need nothing but a logger: they link no AWS
// SDK module and no store.
package versions

import (
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/openapi"
	"svc/internal/wire"
)

// Versions is the versions function.
var Versions = wire.Function[httpapi.Handler]{Spec: routes.Versions.Function,
	Build: func(d *wire.Deps) (httpapi.Handler, error) {
		return httpapi.Serve(routes.Versions, httpapi.Versions, httpapi.Options{Log: d.Log, Metrics: d.Metrics, Budget: d.RequestBudget(), Now: d.Now})
	}}

// OpenAPI is the function serving the OpenAPI document.
var OpenAPI = wire.Function[httpapi.Handler]{Spec: routes.OpenAPI.Function,
	Build: func(d *wire.Deps) (httpapi.Handler, error) {
		return httpapi.Serve(routes.OpenAPI, openapi.Serve, httpapi.Options{Log: d.Log, Metrics: d.Metrics, Budget: d.RequestBudget(), Now: d.Now})
	}}

// Routes lists the feature's HTTP routes.
var Routes = []wire.Function[httpapi.Handler]{Versions, OpenAPI}

// Functions lists every function of the feature.
var Functions = []wire.Builder{Versions, OpenAPI}
