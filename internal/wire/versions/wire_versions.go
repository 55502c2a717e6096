// Package versions wires GET /versions, which needs nothing but a logger:
// it links no AWS SDK module and no store.
package versions

import (
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/wire"
)

// Versions is the versions function.
var Versions = wire.Function[httpapi.Handler]{Spec: routes.Versions.Function,
	Build: func(d *wire.Deps) (httpapi.Handler, error) {
		return httpapi.Serve(routes.Versions, httpapi.Versions, httpapi.Options{Log: d.Log, Budget: d.RequestBudget()})
	}}

// Routes lists the feature's HTTP routes.
var Routes = []wire.Function[httpapi.Handler]{Versions}

// Functions lists every function of the feature.
var Functions = []wire.Builder{Versions}
