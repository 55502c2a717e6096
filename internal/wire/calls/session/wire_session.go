// Package session wires the call session routes: the pages and the polled
// signaling, public to the authorizer, each checking the session token
// itself. They read and write calls only: no geocoder, no directory.
package session

import (
	"context"
	"encoding/json"
	"fmt"

	"svc/internal/adapter/dynamo/callstore"
	"svc/internal/feature/call"
	"svc/internal/platform/config"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/callapi"
	"svc/internal/wire"
	"svc/internal/wire/cloud"
	"svc/internal/wire/signing"
)

// The call session routes.
var (
	CallPage      = session(routes.CallPage, callapi.Sessions.UserPage)
	ProviderPage  = session(routes.ProviderPage, callapi.Sessions.ProviderPage)
	ProviderCalls = session(routes.ProviderCalls, callapi.Sessions.ProviderCalls)
	CallSignal    = session(routes.CallSignal, callapi.Sessions.Signal)
	CallOffer     = session(routes.CallOffer, callapi.Sessions.Offer)
	CallAnswer    = session(routes.CallAnswer, callapi.Sessions.Answer)
	CallDecline   = session(routes.CallDecline, callapi.Sessions.Decline)
	CallHangup    = session(routes.CallHangup, callapi.Sessions.Hangup)
)

// Routes lists the HTTP routes wired here.
var Routes = []wire.Function[httpapi.Handler]{CallPage, ProviderPage, ProviderCalls, CallSignal, CallOffer,
	CallAnswer, CallDecline, CallHangup}

// Functions lists every function wired here.
var Functions = func() []wire.Builder {
	out := make([]wire.Builder, 0, len(Routes))
	for _, r := range Routes {
		out = append(out, r)
	}
	return out
}()

// session is a call session route: its endpoint over the sessions of the
// function's table (none for the provider's page, which reads nothing).
func session(r routes.Route, endpoint func(callapi.Sessions, context.Context, httpapi.Request) (int, any, error)) wire.Function[httpapi.Handler] {
	return wire.Function[httpapi.Handler]{Spec: r.Function, Build: func(d *wire.Deps) (httpapi.Handler, error) {
		s := call.Sessions{Tokens: Tokens(d), ICEServers: ICEServers(d), Now: d.Now, Log: d.Log}
		if r.UsesTable() {
			s.Calls = callstore.New(cloud.Table(d))
		}
		e := callapi.Sessions{Sessions: s}
		return httpapi.Serve(r, func(ctx context.Context, req httpapi.Request) (int, any, error) {
			return endpoint(e, ctx, req)
		}, httpapi.Options{Log: d.Log, Metrics: d.Metrics, Budget: d.RequestBudget(), Now: d.Now})
	}}
}

// ICEServers reads config.EnvCallICEServers: call.DefaultICEServers when
// unset; a value that is not a JSON array of servers with URLs fails the
// cold start.
func ICEServers(d *wire.Deps) []call.ICEServer {
	v := d.Getenv(config.EnvCallICEServers)
	if v == "" {
		return call.DefaultICEServers
	}
	var servers []call.ICEServer
	if err := json.Unmarshal([]byte(v), &servers); err != nil || len(servers) == 0 {
		d.Invalid(fmt.Errorf("%s: want a JSON array such as [{\"urls\":[\"stun:stun.example:3478\"]}]", config.EnvCallICEServers))
		return call.DefaultICEServers
	}
	for _, s := range servers {
		if len(s.URLs) == 0 {
			d.Invalid(fmt.Errorf("%s: every server needs urls", config.EnvCallICEServers))
		}
	}
	return servers
}

// Tokens signs and checks the session tokens of the function.
func Tokens(d *wire.Deps) call.Tokens {
	return call.Tokens{Key: signing.Key(d, routes.SecretCallSessions).Derived(call.TokenKeyLabel), Now: d.Now}
}
