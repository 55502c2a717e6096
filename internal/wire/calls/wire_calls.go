// Package calls wires POST /v1/calls and holds the call service the admin
// function's directory actions use too: the provider directory and the
// offline geocoder. The session routes, which use neither, are wired in
// calls/session.
package calls

import (
	"net/url"
	"strings"

	"svc/internal/adapter/dynamo/callstore"
	"svc/internal/adapter/dynamo/providerstore"
	"svc/internal/feature/call"
	"svc/internal/platform/geo/gazetteer"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/callapi"
	"svc/internal/wire"
	"svc/internal/wire/calls/session"
	"svc/internal/wire/cloud"
)

// CreateCall is POST /v1/calls.
var CreateCall = wire.Function[httpapi.Handler]{Spec: routes.CreateCall.Function,
	Build: func(d *wire.Deps) (httpapi.Handler, error) {
		e := callapi.Endpoints{Calls: Service(d), BaseURL: d.BaseURL()}
		return httpapi.Serve(routes.CreateCall, e.Create, httpapi.Options{Log: d.Log, Metrics: d.Metrics, Budget: d.RequestBudget(), Now: d.Now})
	}}

// Routes lists the HTTP routes wired here.
var Routes = []wire.Function[httpapi.Handler]{CreateCall}

// Functions lists every function wired here.
var Functions = []wire.Builder{CreateCall}

// Service is the call service over the function's table, signing session
// tokens with a key derived from the call sessions' secret under
// call.TokenKeyLabel.
func Service(d *wire.Deps) call.Service {
	tb := cloud.Table(d)
	return call.Service{Calls: callstore.New(tb), Providers: providerstore.New(tb), Geocoder: geocoder(),
		Tokens: session.Tokens(d), Pages: Pages(), Now: d.Now, Log: d.Log}
}

// Pages are the session pages' paths as the route table writes them: the
// links a call and a provider put hand out are the routes the gateway
// serves.
func Pages() call.Pages {
	return call.Pages{
		User: func(callID string) string {
			return strings.Replace(routes.CallPage.Path, "{"+routes.ParamCallID+"}", url.PathEscape(callID), 1)
		},
		Provider: routes.ProviderPage.Path,
	}
}

// geocoder is the offline geocoder over the embedded GeoNames table, read
// on the first address, never at cold start.
func geocoder() call.Geocoder { return gazetteer.Default() }
