// Package httpapi is the transport ring of the HTTP routes: it turns an API
// Gateway proxy event into a call on a domain service and the result, or
// error, into a response in the interface's shapes. One handler per route of
// the route table.
package httpapi

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/feature/account/auth"
	"svc/internal/platform/apperr"
	"svc/internal/platform/headers"
	"svc/internal/platform/metrics"
	"svc/internal/platform/plainjson"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
)

// Handler is a Lambda handler for one route.
type Handler func(context.Context, events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error)

// Request is what an endpoint sees: the event and, on authorised routes,
// the verified principal.
type Request struct {
	events.APIGatewayProxyRequest
	Principal auth.Principal
}

// Endpoint does a route's work and returns the status and body to send.
type Endpoint func(ctx context.Context, req Request) (int, any, error)

// Options are what every route's handler shares.
type Options struct {
	// Limiter guards the rate-limited routes (routes.Route.RateLimited);
	// nil elsewhere.
	Limiter *ratelimit.Limiter
	Log     *slog.Logger
	// Metrics receives one record per request (nil: none).
	Metrics *metrics.Recorder
	// Budget bounds each request's work (0: routes.RequestBudget).
	Budget time.Duration
	// Now is the clock a key's expiry is checked on (nil: time.Now).
	Now func() time.Time
}

// Serve wraps a route's endpoint into its Lambda handler; a rate-limited
// route without a limiter, or whose policy has no name for its headers, is
// a wiring mistake, reported at cold start.
func Serve(r routes.Route, ep Endpoint, o Options) (Handler, error) {
	if r.RateLimited && o.Limiter == nil {
		return nil, fmt.Errorf("httpapi: route %s is rate limited but has no limiter", r.Name)
	}
	if r.RateLimited && o.Limiter.Policy.Name == "" {
		return nil, fmt.Errorf("httpapi: route %s is rate limited by a policy without a name", r.Name)
	}
	if o.Log == nil {
		return nil, fmt.Errorf("httpapi: route %s has no logger", r.Name)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o.serve(r, ep), nil
}

// serve wraps an endpoint with what every route shares: the scope and ZBA
// checks, the rate limit, error rendering, the trace header and one log line.
// The rate limit counts only requests that passed the checks, so another
// ZBA's key cannot spend this ZBA's budget.
func (s Options) serve(main routes.Route, ep Endpoint) Handler {
	rts := servedRoutes(main)
	return func(ctx context.Context, ev events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
		r := rts.of(ev)
		start := time.Now()
		// A stalled or refusing store ends in a 503 within the budget,
		// not when the gateway gives up.
		ctx, cancel := context.WithTimeout(ctx, cmp.Or(s.Budget, routes.RequestBudget))
		defer cancel()
		trace := ev.RequestContext.RequestID
		// The gateway names the path's variables by its resource tree;
		// the endpoint reads the route's names.
		ev.PathParameters = r.RouteParams(ev.PathParameters)
		req := Request{APIGatewayProxyRequest: ev}
		status, body, err := 0, any(nil), error(nil)
		var limitHeaders map[string]string
		if !r.Public() {
			req.Principal, err = authorize(r, ev, s.Now())
		}
		switch {
		case err != nil:
		case r.RateLimited && r.Method == http.MethodGet && !s.Limiter.Local(req.Principal.ZBAID):
			// A read whose decision needs the counter (a cold or spent
			// instance) runs beside it rather than after it: the answer
			// waits for both and is the limit's refusal when it refuses,
			// so a refused read costs one read, once per reservation.
			done := make(chan struct{})
			var panicked any
			go func() {
				defer close(done)
				// A panic is raised again on the handler's goroutine, where
				// the Lambda runtime (or the local gateway) recovers it.
				defer func() { panicked = recover() }()
				status, body, err = ep(ctx, req)
			}()
			d, lerr := s.Limiter.Allow(ctx, req.Principal.ZBAID)
			<-done
			if panicked != nil {
				panic(panicked)
			}
			if lerr == nil {
				limitHeaders, lerr = d.Headers(), d.Err()
			}
			if lerr != nil {
				status, body, err = 0, nil, lerr
			}
		default:
			if r.RateLimited {
				var d ratelimit.Decision
				if d, err = s.Limiter.Allow(ctx, req.Principal.ZBAID); err == nil {
					limitHeaders, err = d.Headers(), d.Err()
				}
			}
			if err == nil {
				status, body, err = ep(ctx, req)
			}
		}
		var resp events.APIGatewayProxyResponse
		if err != nil {
			resp = s.errorResponse(r, trace, err)
		} else if page, ok := body.(Page); ok {
			resp = page.response(status, trace)
		} else {
			resp = jsonResponse(status, body, trace)
		}
		for k, v := range limitHeaders {
			resp.Headers[k] = v
		}
		latency := time.Since(start)
		s.Log.LogAttrs(ctx, slog.LevelInfo, "request", slog.String("route", r.Name),
			slog.String("trace_id", trace), slog.String("zba_id", req.Principal.ZBAID),
			slog.Int("status", resp.StatusCode), slog.Duration("latency", latency))
		s.record(req.Principal.ZBAID, trace, resp.StatusCode, err, latency)
		return resp, nil
	}
}

// record emits the request's metrics: its latency and status class, and
// for an error answer its code (the rate limit's 429 also as
// RateLimited). The ZBA and trace id are properties, not dimensions.
func (s Options) record(zba, trace string, status int, err error, latency time.Duration) {
	props := map[string]any{"zba_id": zba, "trace_id": trace, "status": status}
	limited := false
	if err != nil {
		code := apperr.From(err).Code
		limited = code == apperr.CodeRateLimit
		s.Metrics.Emit(map[string]string{metrics.DimCode: strconv.Itoa(int(code))}, props,
			metrics.Metric{Name: metrics.Errors, Unit: metrics.Count, Value: 1})
	}
	s.Metrics.Emit(nil, props,
		metrics.Metric{Name: metrics.Requests, Unit: metrics.Count, Value: 1},
		metrics.Metric{Name: metrics.Latency, Unit: metrics.Milliseconds, Value: float64(latency.Microseconds()) / 1000},
		metrics.Metric{Name: metrics.Status5xx, Unit: metrics.Count, Value: metrics.Flag(status >= 500)},
		metrics.Metric{Name: metrics.Status4xx, Unit: metrics.Count, Value: metrics.Flag(status >= 400 && status < 500)},
		metrics.Metric{Name: metrics.RateLimited, Unit: metrics.Count, Value: metrics.Flag(limited)})
}

// servedRoute is one route of a function with its path in the gateway's
// resource tree, worked out once at cold start.
type servedRoute struct {
	route        routes.Route
	method, path string
}

// servedSet are a function's routes, its main route first.
type servedSet []servedRoute

func servedRoutes(main routes.Route) servedSet {
	out := servedSet{{main, main.Method, main.GatewayPath()}}
	for _, r := range routes.RoutesOf(main.Name) {
		if r.ID() != main.ID() {
			out = append(out, servedRoute{r, r.Method, r.GatewayPath()})
		}
	}
	return out
}

// of is the route the event came by: the one whose method and gateway
// path are the event's, the main route when none is.
func (s servedSet) of(ev events.APIGatewayProxyRequest) routes.Route {
	for _, r := range s {
		if r.method == ev.HTTPMethod && r.path == ev.Resource {
			return r.route
		}
	}
	return s[0].route
}

// authorize checks what the authorizer cannot: that the key carries the
// route's scope and, on ZBA routes, belongs to the path's ZBA. It also
// refuses two Authorization headers, as the authorizer does: API Gateway
// may answer such a request from the cached answer for one of its values
// without asking the authorizer. For the same reason it refuses a key
// whose expiry has passed since the cached answer was given.
func authorize(r routes.Route, ev events.APIGatewayProxyRequest, now time.Time) (auth.Principal, error) {
	p, ok := auth.PrincipalFromContext(ev.RequestContext.Authorizer)
	if !ok {
		return p, auth.ErrMissingCredentials
	}
	if len(headers.Values(ev.Headers, ev.MultiValueHeaders, "Authorization")) > 1 {
		return auth.Principal{}, auth.ErrRepeatedCredentials
	}
	if err := p.Check(now); err != nil {
		return auth.Principal{}, err
	}
	if !p.Has(r.Scope) {
		return p, apperr.Newf(apperr.CodeNotAuthorized, "This endpoint requires an API key with the scope %s.", r.Scope)
	}
	if zba := ev.PathParameters[routes.ParamZBA]; slices.Contains(r.Params(), routes.ParamZBA) && zba != p.ZBAID {
		return p, apperr.Newf(apperr.CodeNotAuthorized, "The API key is not authorised for ZBA %s.", zba)
	}
	return p, nil
}

func (s Options) errorResponse(r routes.Route, trace string, err error) events.APIGatewayProxyResponse {
	e := apperr.From(err)
	if e.Status() >= 500 {
		s.Log.Error("request failed", slog.String("route", r.Name), slog.String("trace_id", trace),
			slog.Int("code", int(e.Code)), slog.String("error", err.Error()))
	}
	status, body := apperr.Render(e, trace)
	resp := events.APIGatewayProxyResponse{StatusCode: status, Body: string(body), Headers: baseHeaders(trace)}
	var pe *PageError
	if errors.As(err, &pe) {
		resp = pe.Page(e, trace).response(status, trace)
	}
	if status == 401 {
		resp.Headers["WWW-Authenticate"] = `Bearer realm="svc"`
	}
	if ra := e.RetryAfter(); ra != "" {
		resp.Headers["Retry-After"] = ra
	}
	return resp
}

// Encoded is an endpoint's answer already encoded as JSON, with headers of
// its own (a replayed idempotent response and its Idempotent-Replayed). Its
// body is a string, as the proxy response's is: a document held as one (the
// 48 KB OpenAPI document) is answered without a copy.
type Encoded struct {
	Body    string
	Headers map[string]string
}

func jsonResponse(status int, body any, trace string) events.APIGatewayProxyResponse {
	if enc, ok := body.(Encoded); ok {
		h := baseHeaders(trace)
		for k, v := range enc.Headers {
			h[k] = v
		}
		return events.APIGatewayProxyResponse{StatusCode: status, Body: enc.Body, Headers: h}
	}
	// A paging link's "&" stays "&" rather than "\u0026", as the
	// compatible API writes it.
	b, err := plainjson.Marshal(body)
	if err != nil {
		status, b = apperr.Render(apperr.Internal(err), trace)
	}
	return events.APIGatewayProxyResponse{StatusCode: status, Body: string(b), Headers: baseHeaders(trace)}
}

// PageError is an error answered with an HTML page rather than the
// envelope: a browser that opened a session page with a link that does
// not work gets a page saying so. Its status, Retry-After, log line and
// metrics are the wrapped error's, as for any error.
type PageError struct {
	Err error
	// Page renders the error; trace is the request's trace id.
	Page func(e *apperr.Error, trace string) Page
}

func (p *PageError) Error() string { return p.Err.Error() }

// Unwrap is the wrapped error, which apperr.From reads.
func (p *PageError) Unwrap() error { return p.Err }

// Page is a body that is not JSON (the call session's HTML pages): sent
// as is, with its content type and headers (a Content-Security-Policy).
type Page struct {
	ContentType string
	Body        string
	Headers     map[string]string
}

func (p Page) response(status int, trace string) events.APIGatewayProxyResponse {
	h := baseHeaders(trace)
	h["Content-Type"] = p.ContentType
	for k, v := range p.Headers {
		h[k] = v
	}
	return events.APIGatewayProxyResponse{StatusCode: status, Body: p.Body, Headers: h}
}

func baseHeaders(trace string) map[string]string {
	return map[string]string{"Content-Type": "application/json", apperr.TraceHeader: trace}
}
