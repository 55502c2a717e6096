// Package httpapi is the transport ring of the HTTP routes: it turns an API
// Gateway proxy event into a call on a domain service and the result, or
// error, into a response in the interface's shapes. One handler per route of
// the route table.
package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
)

// Handler is a Lambda handler for one route.
type Handler func(context.Context, events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error)

// Services are what the route handlers call.
type Services struct {
	Templates template.Service
	// Limiter guards the rate-limited routes (routes.Route.RateLimited).
	Limiter ratelimit.Limiter
	Log     *slog.Logger
}

// request is what an endpoint sees: the event and, on authorised routes,
// the verified principal.
type request struct {
	events.APIGatewayProxyRequest
	Principal auth.Principal
}

// endpoint does a route's work and returns the status and body to send.
type endpoint func(ctx context.Context, req request) (int, any, error)

// Handlers returns the handler of every route, keyed by route name.
func Handlers(s Services) map[string]Handler {
	eps := map[string]endpoint{
		routes.Versions.Name:        versions,
		routes.ListTemplates.Name:   s.listTemplates,
		routes.CreateTemplate.Name:  s.createTemplate,
		routes.DeleteTemplates.Name: s.deleteTemplates,
		routes.GetTemplate.Name:     s.getTemplate,
		routes.EditTemplate.Name:    s.editTemplate,
	}
	out := make(map[string]Handler, len(eps))
	for _, r := range routes.All {
		if ep, ok := eps[r.Name]; ok {
			out[r.Name] = s.serve(r, ep)
		}
	}
	return out
}

// For returns the handler of one route; a route without one is a build
// mistake, reported at cold start.
func For(r routes.Route, s Services) (Handler, error) {
	h, ok := Handlers(s)[r.Name]
	if !ok {
		return nil, fmt.Errorf("httpapi: no handler for route %s", r.Name)
	}
	return h, nil
}

// serve wraps an endpoint with what every route shares: the scope and ZBA
// checks, the rate limit, error rendering, the trace header and one log line.
// The rate limit counts only requests that passed the checks, so another
// ZBA's key cannot spend this ZBA's budget.
func (s Services) serve(r routes.Route, ep endpoint) Handler {
	return func(ctx context.Context, ev events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
		start := time.Now()
		trace := ev.RequestContext.RequestID
		req := request{APIGatewayProxyRequest: ev}
		status, body, err := 0, any(nil), error(nil)
		var limitHeaders map[string]string
		if !r.Public() {
			req.Principal, err = authorize(r, ev)
		}
		if err == nil && r.RateLimited {
			var d ratelimit.Decision
			if d, err = s.Limiter.Allow(ctx, req.Principal.ZBAID); err == nil {
				limitHeaders, err = d.Headers(), d.Err()
			}
		}
		if err == nil {
			status, body, err = ep(ctx, req)
		}
		var resp events.APIGatewayProxyResponse
		if err != nil {
			resp = s.errorResponse(r, trace, err)
		} else {
			resp = jsonResponse(status, body, trace)
		}
		for k, v := range limitHeaders {
			resp.Headers[k] = v
		}
		s.Log.LogAttrs(ctx, slog.LevelInfo, "request", slog.String("route", r.Name),
			slog.String("trace_id", trace), slog.String("zba_id", req.Principal.ZBAID),
			slog.Int("status", resp.StatusCode), slog.Duration("latency", time.Since(start)))
		return resp, nil
	}
}

// authorize checks what the authorizer cannot: that the key carries the
// route's scope and, on ZBA routes, belongs to the path's ZBA.
func authorize(r routes.Route, ev events.APIGatewayProxyRequest) (auth.Principal, error) {
	p, ok := auth.PrincipalFromContext(ev.RequestContext.Authorizer)
	if !ok {
		return p, auth.ErrMissingCredentials
	}
	if !p.Has(r.Scope) {
		return p, apperr.Newf(apperr.CodeNotAuthorized, "This endpoint requires an API key with the scope %s.", r.Scope)
	}
	if zba := ev.PathParameters[routes.ParamZBA]; slices.Contains(r.Params(), routes.ParamZBA) && zba != p.ZBAID {
		return p, apperr.Newf(apperr.CodeNotAuthorized, "The API key is not authorised for ZBA %s.", zba)
	}
	return p, nil
}

func (s Services) errorResponse(r routes.Route, trace string, err error) events.APIGatewayProxyResponse {
	e := apperr.From(err)
	if e.Status() >= 500 {
		s.Log.Error("request failed", slog.String("route", r.Name), slog.String("trace_id", trace),
			slog.Int("code", int(e.Code)), slog.String("error", err.Error()))
	}
	status, body := apperr.Render(e, trace)
	resp := events.APIGatewayProxyResponse{StatusCode: status, Body: string(body), Headers: baseHeaders(trace)}
	if status == 401 {
		resp.Headers["WWW-Authenticate"] = `Bearer realm="svc"`
	}
	return resp
}

func jsonResponse(status int, body any, trace string) events.APIGatewayProxyResponse {
	b, err := json.Marshal(body)
	if err != nil {
		status, b = apperr.Render(apperr.Internal(err), trace)
	}
	return events.APIGatewayProxyResponse{StatusCode: status, Body: string(b), Headers: baseHeaders(trace)}
}

func baseHeaders(trace string) map[string]string {
	return map[string]string{"Content-Type": "application/json", apperr.TraceHeader: trace}
}

func itoa(n int) string { return strconv.Itoa(n) }
