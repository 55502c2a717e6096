// Package callapi is the HTTP transport of the call routes (interface
// section 4.7): POST /v1/calls, whose answer carries the session URL.
package callapi

import (
	"context"
	"strings"

	"svc/internal/feature/call"
	"svc/internal/platform/headers"
	"svc/internal/transport/httpapi"
)

// Endpoints are the call routes' endpoints over one service.
type Endpoints struct {
	Calls call.Service
	// BaseURL is the API's public base URL, stage included, that session
	// URLs start with; "" builds them from the request's host (a local
	// stack's tests).
	BaseURL string
}

// Create serves POST /v1/calls: the call belongs to the key's ZBA.
func (e Endpoints) Create(ctx context.Context, req httpapi.Request) (int, any, error) {
	body, err := httpapi.RawBody(req)
	if err != nil {
		return 0, nil, err
	}
	cr, err := call.DecodeCreate(body)
	if err != nil {
		return 0, nil, err
	}
	created, err := e.Calls.Create(ctx, req.Principal.ZBAID, cr, BaseURL(e.BaseURL, req))
	if err != nil {
		return 0, nil, err
	}
	return 200, created, nil
}

// BaseURL is the configured base URL, or else the one this request came
// through: its scheme and host, and the stage prefix API Gateway's
// request context shows before the route's path.
func BaseURL(configured string, req httpapi.Request) string {
	if configured != "" {
		return configured
	}
	scheme := headers.Get(req.Headers, "X-Forwarded-Proto")
	if scheme == "" {
		scheme = "http"
	}
	stage := strings.TrimSuffix(req.RequestContext.Path, req.Path)
	return scheme + "://" + headers.Get(req.Headers, "Host") + stage
}
