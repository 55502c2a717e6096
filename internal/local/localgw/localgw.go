// Package localgw is a local stand-in for the API Gateway REST API: it serves
// the route table over HTTP, runs the same REQUEST authorizer with its
// result cache, answers with the same gateway responses, and calls the very
// handlers the Lambdas run with the proxy events API Gateway would build.
package localgw

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/platform/uuid"
	"svc/internal/routes"
	"svc/internal/transport/authorizer"
	"svc/internal/transport/gatewayresp"
	"svc/internal/transport/httpapi"
)

// API Gateway's request limits, which the gateway reproduces so that the
// local stack accepts nothing the deployed one refuses.
const (
	// MaxBodyBytes is the payload limit.
	MaxBodyBytes = 10 << 20
	// MaxHeaderBytes bounds the request line and the header values together.
	MaxHeaderBytes = 10 << 10
	// MaxCachedAuthorizations bounds the authorizer cache: API Gateway's is
	// bounded by its TTL, a process's memory by this. Expired answers go
	// first, then the ones closest to expiring.
	MaxCachedAuthorizations = 10_000
)

// Config configures a Gateway.
type Config struct {
	Routes     []routes.Route
	Handlers   map[string]httpapi.Handler
	Authorizer authorizer.Handler
	// CacheTTL is the authorizer cache TTL; 0 means the deployed one
	// (routes.AuthorizerCacheTTL) and a negative value disables the cache.
	CacheTTL time.Duration
	// Timeout, when set, replaces every route's own timeout
	// (routes.Function.RunTimeout), for tests of the timeout itself.
	Timeout time.Duration
	Stage   string
	Log     *slog.Logger
	Now     func() time.Time
}

// Identity of the emulated API, used in method ARNs.
const (
	region    = "us-east-1"
	accountID = "000000000000"
	apiID     = RestAPIID
)

// RestAPIID is the emulated REST API's id, and DefaultStage the name of
// its stage when Config names none: the control listener (Control) flushes
// the authorizer cache of that API's stage.
const (
	RestAPIID    = "local"
	DefaultStage = "local"
)

// Gateway is an http.Handler emulating the deployed REST API.
type Gateway struct {
	cfg Config
	// templates are the routes' path segments, split once rather than on
	// every request.
	templates [][]string
	mu        sync.Mutex
	cache     map[string]cachedPolicy
}

type cachedPolicy struct {
	resp    events.APIGatewayCustomAuthorizerResponse
	expires time.Time
}

// New returns a gateway; every route must have a handler.
func New(cfg Config) (*Gateway, error) {
	if cfg.CacheTTL == 0 {
		cfg.CacheTTL = routes.AuthorizerCacheTTL
	}
	if cfg.Stage == "" {
		cfg.Stage = DefaultStage
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	for _, r := range cfg.Routes {
		if cfg.Handlers[r.Name] == nil {
			return nil, fmt.Errorf("localgw: route %s has no handler", r.Name)
		}
	}
	g := &Gateway{cfg: cfg, cache: map[string]cachedPolicy{}}
	for _, r := range cfg.Routes {
		g.templates = append(g.templates, segments(r.GatewayPath()))
	}
	return g, nil
}

// headerBytes is the size of the request line and the header values, as
// API Gateway counts them against MaxHeaderBytes.
func headerBytes(r *http.Request) int {
	n := len(r.Method) + len(r.RequestURI) + len(r.Proto) + 2
	for _, vs := range r.Header {
		for _, v := range vs {
			n += len(v)
		}
	}
	return n
}

// ServeHTTP implements http.Handler.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	requestID := uuid.New()
	if headerBytes(r) > MaxHeaderBytes {
		g.gatewayResponse(w, "REQUEST_TOO_LARGE", 413, requestID, "Request Too Long", nil)
		return
	}
	// A query string that does not decode would otherwise lose the pair
	// (url.Values drops it), and a filter or a delete's language would be
	// read as left out: a list unfiltered, every language deleted.
	if _, err := url.ParseQuery(r.URL.RawQuery); err != nil {
		g.gatewayResponse(w, "DEFAULT_4XX", 400, requestID, malformedQuery(r.URL.RawQuery, err), nil)
		return
	}
	route, params, ok := g.match(r.Method, r.URL.EscapedPath())
	if !ok {
		g.gatewayResponse(w, "MISSING_AUTHENTICATION_TOKEN", 403, requestID, "Missing Authentication Token", nil)
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxBodyBytes+1))
	if err != nil || len(body) > MaxBodyBytes {
		g.gatewayResponse(w, "REQUEST_TOO_LARGE", 413, requestID, "Request Too Long", nil)
		return
	}
	ev := proxyEvent(r, route, params, body, requestID, g.cfg.Stage)
	if !route.Public() {
		authCtx, typ, status := g.authorize(r.Context(), ev)
		if typ != "" {
			g.gatewayResponse(w, typ, status, requestID, "", authCtx)
			return
		}
		ev.RequestContext.Authorizer = authCtx
	}
	g.invoke(w, route, ev)
}

// match finds the route whose method and path template fit the request.
// As API Gateway's REST API does, one trailing slash is ignored (/x/ is
// served by the /x resource; the event's path keeps the slash as sent); an
// empty segment anywhere else (//x, /x//, /a//b) names no resource.
//
// path is as sent (escaped): an encoded slash (%2F) stays inside its
// segment, as API Gateway reads it, and each variable's value is decoded.
func (g *Gateway) match(method, path string) (routes.Route, map[string]string, bool) {
	got := strings.Split(strings.TrimSuffix(strings.TrimPrefix(path, "/"), "/"), "/")
	for i, seg := range got {
		if v, err := url.PathUnescape(seg); err == nil {
			got[i] = v
		}
	}
	for i, r := range g.cfg.Routes {
		want := g.templates[i]
		if r.Method != method || len(want) != len(got) {
			continue
		}
		var params map[string]string
		fits := true
		for j, seg := range want {
			if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") && got[j] != "" {
				if params == nil {
					params = map[string]string{}
				}
				params[seg[1:len(seg)-1]] = got[j]
			} else if seg != got[j] || seg == "" {
				fits = false
				break
			}
		}
		if fits {
			return r, params, true
		}
	}
	return routes.Route{}, nil, false
}

// segments are the parts of a route's path template between slashes.
func segments(path string) []string { return strings.Split(strings.Trim(path, "/"), "/") }

// invoke calls the route's handler under its function's timeout and writes
// its response. A handler error, panic or timeout is a 502, as when a Lambda
// fails or times out: the function's timeout is under API Gateway's
// integration timeout, so the gateway's own 504 is seen only for a function
// allowed to run longer than that.
func (g *Gateway) invoke(w http.ResponseWriter, route routes.Route, ev events.APIGatewayProxyRequest) {
	timeout := route.RunTimeout()
	if g.cfg.Timeout > 0 {
		timeout = g.cfg.Timeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), min(timeout, routes.IntegrationTimeout))
	defer cancel()
	type result struct {
		resp events.APIGatewayProxyResponse
		err  error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- result{err: fmt.Errorf("handler panic: %v", p)}
			}
		}()
		resp, err := g.cfg.Handlers[route.Name](ctx, ev)
		done <- result{resp, err}
	}()
	requestID := ev.RequestContext.RequestID
	select {
	case <-ctx.Done():
		if timeout >= routes.IntegrationTimeout {
			g.gatewayResponse(w, "INTEGRATION_TIMEOUT", 504, requestID, "Endpoint request timed out", nil)
			return
		}
		g.logError("function timed out", route.Name, requestID, ctx.Err())
		g.gatewayResponse(w, "DEFAULT_5XX", 502, requestID, "Internal server error", nil)
	case res := <-done:
		if res.err != nil {
			g.logError("handler failed", route.Name, requestID, res.err)
			g.gatewayResponse(w, "DEFAULT_5XX", 502, requestID, "Internal server error", nil)
			return
		}
		writeProxyResponse(w, res.resp)
	}
}

func writeProxyResponse(w http.ResponseWriter, resp events.APIGatewayProxyResponse) {
	for k, v := range resp.Headers {
		w.Header().Set(k, v)
	}
	for k, vs := range resp.MultiValueHeaders {
		for _, v := range vs {
			w.Header().Add(k, v)
		}
	}
	w.WriteHeader(resp.StatusCode)
	if resp.IsBase64Encoded {
		if b, err := base64.StdEncoding.DecodeString(resp.Body); err == nil {
			_, _ = w.Write(b)
			return
		}
	}
	_, _ = io.WriteString(w, resp.Body)
}

// gatewayResponse writes the gateway response of a type, as API Gateway
// renders it; status is the type's default, used when the response keeps
// API Gateway's status.
func (g *Gateway) gatewayResponse(w http.ResponseWriter, typ string, status int, requestID, message string, authCtx map[string]any) {
	status, headers, body := renderGatewayResponse(typ, status, requestID, message, authCtx)
	for k, v := range headers {
		w.Header().Set(k, v)
	}
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

// renderGatewayResponse is the status, headers and body of a gateway
// response (see gatewayResponse).
func renderGatewayResponse(typ string, status int, requestID, message string, authCtx map[string]any) (int, map[string]string, string) {
	resp := gatewayresp.ByType(typ, status)
	if resp.Status != 0 {
		status = resp.Status
	}
	quoted, _ := json.Marshal(message)
	vars := map[string]string{
		"context.requestId":           requestID,
		"context.error.message":       message,
		"context.error.messageString": string(quoted),
		"context.error.responseType":  typ,
	}
	for k, v := range authCtx {
		vars["context.authorizer."+k] = fmt.Sprint(v)
	}
	headers, body := resp.Render(vars)
	return status, headers, body
}

func (g *Gateway) logError(msg, route, requestID string, err error) {
	if g.cfg.Log != nil {
		g.cfg.Log.Error(msg, slog.String("route", route), slog.String("trace_id", requestID), slog.String("error", err.Error()))
	}
}

var _ http.Handler = (*Gateway)(nil)
