// Package openapicheck holds the service's behaviour to its OpenAPI
// document: a middleware in front of the local gateway that validates
// every request and every response of the end-to-end tests with
// kin-openapi, and fails the test on a mismatch. Whatever a test does
// through the gateway is checked, so the document cannot drift from what
// the handlers answer.
package openapicheck

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"svc/internal/transport/httpapi/openapi"
)

// Reporter is the part of testing.TB the check reports through.
type Reporter interface {
	Errorf(format string, args ...any)
}

var (
	loadOnce sync.Once
	doc      *openapi3.T
	router   routers.Router
	errLoad  error
)

// Document is the checked-in document, loaded and validated once.
func Document() (*openapi3.T, routers.Router, error) {
	loadOnce.Do(func() {
		// The call pages are HTML: their body is a string to the schema.
		openapi3filter.RegisterBodyDecoder("text/html", openapi3filter.PlainBodyDecoder)
		doc, errLoad = openapi3.NewLoader().LoadFromData([]byte(openapi.Document))
		if errLoad == nil {
			errLoad = doc.Validate(context.Background())
		}
		if errLoad == nil {
			router, errLoad = gorillamux.NewRouter(doc)
		}
	})
	return doc, router, errLoad
}

// Handler validates each exchange with next against the document:
//   - a request the document admits must get an answer the document
//     describes for its route and status;
//   - a request the document refuses (or a path it does not have) must
//     get a 4xx in the error envelope: the service may refuse what the
//     document refuses, never accept it.
func Handler(r Reporter, next http.Handler) http.Handler {
	_, rt, err := Document()
	if err != nil {
		r.Errorf("openapi document: %v", err)
		return next
	}
	errorSchema := doc.Components.Schemas["Error"]
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		req.Body = io.NopCloser(bytes.NewReader(body))
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, req)
		res := rec.Result()
		out := rec.Body.Bytes()
		for k, v := range res.Header {
			w.Header()[k] = v
		}
		w.WriteHeader(res.StatusCode)
		_, _ = w.Write(out)

		check := req.Clone(context.Background())
		check.Body = io.NopCloser(bytes.NewReader(body))
		// The router matches the document's paths, which have no server.
		check.URL.Scheme, check.URL.Host = "", ""
		// API Gateway, like the local gateway, matches the decoded path,
		// and serves /a/ as /a.
		check.URL.RawPath = ""
		if p := check.URL.Path; len(p) > 1 && strings.HasSuffix(p, "/") {
			check.URL.Path = strings.TrimSuffix(p, "/")
		}
		// The handlers read a body as JSON whatever its Content-Type says
		// (the document says so too): validate it as JSON.
		if mt, _, _ := mime.ParseMediaType(check.Header.Get("Content-Type")); mt != "application/json" {
			check.Header.Set("Content-Type", "application/json")
		}
		exchange := fmt.Sprintf("%s %s -> %d", req.Method, req.URL.RequestURI(), res.StatusCode)
		route, params, err := rt.FindRoute(check)
		if err != nil {
			refused(r, errorSchema, exchange, res, out, err)
			return
		}
		in := &openapi3filter.RequestValidationInput{Request: check, PathParams: params, Route: route,
			Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
		if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
			if pageError(route, res) {
				return // a page's error, HTML for a browser (see PageError in the document)
			}
			refused(r, errorSchema, exchange, res, out, err)
			return
		}
		err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
			RequestValidationInput: in, Status: res.StatusCode, Header: res.Header,
			Body:    io.NopCloser(bytes.NewReader(out)),
			Options: &openapi3filter.Options{IncludeResponseStatus: true},
		})
		if err != nil {
			r.Errorf("openapi: %s: the answer is not the document's: %v\nbody: %.2000s", exchange, err, out)
		}
	})
}

// pageError reports whether res is an HTML error answer of an operation
// whose errors the document describes as HTML too (the call pages, whose
// refusal of a browser that opened a link without its token is a page).
func pageError(route *routers.Route, res *http.Response) bool {
	mt, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type"))
	if mt != "text/html" || res.StatusCode < 400 || res.StatusCode >= 500 || route.Operation == nil {
		return false
	}
	resp := route.Operation.Responses.Status(res.StatusCode)
	return resp != nil && resp.Value != nil && resp.Value.Content.Get("text/html") != nil
}

// refused checks the answer to a request the document does not admit.
func refused(r Reporter, errorSchema *openapi3.SchemaRef, exchange string, res *http.Response, out []byte, why error) {
	if res.StatusCode < 400 || res.StatusCode >= 500 {
		r.Errorf("openapi: %s: the document refuses the request (%v) but the service answered %d", exchange, why, res.StatusCode)
		return
	}
	var v any
	if err := json.Unmarshal(out, &v); err != nil {
		r.Errorf("openapi: %s: error body is not JSON: %.500s", exchange, out)
		return
	}
	if err := errorSchema.Value.VisitJSON(v, openapi3.EnableJSONSchema2020()); err != nil {
		r.Errorf("openapi: %s: error body is not the envelope: %v\nbody: %.1000s", exchange, err, out)
	}
}
