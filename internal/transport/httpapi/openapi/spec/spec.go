// Package spec builds the service's OpenAPI 3.1 document from the route
// table: every route of routes.All with its method, path, parameters,
// scope and the schemas of its request and response. `make openapi`
// writes it to internal/transport/httpapi/openapi/openapi.json, which a
// test holds to this builder and to the route table.
package spec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"svc/internal/feature/call"
	"svc/internal/platform/apperr"
	"svc/internal/platform/idempotency"
	"svc/internal/routes"
)

// SecurityScheme is the name of the API key scheme in the document.
const SecurityScheme = "apiKey"

// operation is what the table does not say about a route: its summary,
// query parameters, request body and success answer.
type operation struct {
	summary string
	query   []param
	headers []param
	// request is the JSON body's schema; nil when the route takes none.
	request schema
	// response is the 200 JSON body's schema; html answers a page instead.
	response schema
	html     bool
	// statuses are the error statuses this operation answers beyond every
	// route's (errorStatuses): 404 for an object that is not there, 409 for
	// a lost race or a request in flight, 422 for a reused idempotency key.
	statuses []int
}

type param struct {
	name, description string
	required          bool
	schema            schema
}

var tokenParam = param{name: call.TokenParam, description: "the call session token from the call or provider link", required: true, schema: str()}

// listForms says how a list filter's alternatives are given.
const listForms = `comma-separated, as a JSON array of strings (["APPROVED","PENDING"]) or with the parameter repeated`

// operations are keyed by the route's function name, which the table
// keeps unique per route.
var operations = map[string]operation{
	routes.Versions.Name: {summary: "The interface versions this deployment serves", response: ref("VersionList")},
	routes.OpenAPI.Name:  {summary: "This document", response: schema{"type": "object"}},
	routes.ListTemplates.Name: {summary: "List the ZBA's message templates", query: []param{
		{name: "limit", schema: schema{"type": "string", "pattern": "^[0-9]*$"}, description: "page size (at least 1, empty: 25; above 100 served as 100); given twice, 400 code 100"},
		{name: "after", schema: str(), description: "cursor of the next page; given twice, 400 code 100"},
		{name: "before", schema: str(), description: "cursor of the previous page; given twice, 400 code 100"},
		{name: "status", schema: str(), description: "statuses, " + listForms + "; IN_APPEAL, PENDING_DELETION, DELETED, LIMIT_EXCEEDED and ARCHIVED are accepted and match nothing"},
		{name: "category", schema: str(), description: "categories, " + listForms},
		{name: "language", schema: str(), description: "language codes, " + listForms},
		{name: "quality_score", schema: str(), description: "quality scores (GREEN, YELLOW, RED, UNKNOWN), " + listForms},
		{name: "name", schema: str(), description: "one template name, matched exactly; a list of names (comma-separated or a JSON array) or the parameter given twice is 400 code 100"},
		{name: "order", schema: schema{"type": "string", "enum": []string{"ASC", "DESC", "asc", "desc", ""}},
			description: "key order (ASC, the default, also when empty) or its reverse (DESC); a cursor continues the order it was made in; given twice, 400 code 100"},
	}, response: ref("TemplateList")},
	routes.CreateTemplate.Name: {summary: "Create a message template (queued for review)", request: ref("TemplateCreate"), response: ref("TemplateState")},
	routes.DeleteTemplates.Name: {summary: "Delete every language of a name, or one template by hsm_id", query: []param{
		{name: "name", schema: str(), description: "deletes every language of this name; beside hsm_id it must be that template's name " +
			"(the compatible API's form), else 400 code 100. Without name or hsm_id: 400 code 131008"},
		{name: "language", schema: str(), description: "beside name, deletes that language only (deleted 1; 404 when the name has none in it); " +
			"beside hsm_id it must be that template's language, else 400 code 100"},
		{name: "hsm_id", schema: str(), description: "deletes the one template with this id; the answer then has no deleted count"},
	}, response: ref("DeleteResult"), statuses: []int{404}},
	routes.GetTemplate.Name:  {summary: "Read one message template", response: ref("Template"), statuses: []int{404}},
	routes.EditTemplate.Name: {summary: "Edit a message template (queued for review again)", request: ref("TemplateEdit"), response: ref("TemplateEdited"), statuses: []int{404, 409}},
	routes.SendMessage.Name: {summary: "Send a message from a registered sender", headers: []param{
		{name: idempotency.Header, schema: str(), description: "makes a retried send return the first answer"},
	}, request: ref("SendRequest"), response: ref("SendResponse"), statuses: []int{409, 422, http.StatusTooManyRequests}}, // 429: the sender's throughput (130429)
	routes.GetMessage.Name:    {summary: "A sent message's status and history (an svc extension)", response: ref("MessageView"), statuses: []int{404}},
	routes.CreateCall.Name:    {summary: "Create a call with the nearest matching provider", request: ref("CallCreate"), response: ref("CallCreated"), statuses: []int{404}},
	routes.CallPage.Name:      {summary: "The user's call page", query: []param{tokenParam}, html: true},
	routes.ProviderPage.Name:  {summary: "A provider's page", query: []param{tokenParam}, html: true},
	routes.ProviderCalls.Name: {summary: "A provider's ringing and connected calls", query: []param{tokenParam}, response: ref("CallList")},
	routes.CallSignal.Name:    {summary: "The call's state as the token's holder sees it", query: []param{tokenParam}, response: ref("CallView")},
	routes.CallOffer.Name:     {summary: "The user's offer: the call rings", query: []param{tokenParam}, request: ref("SDP"), response: ref("CallView"), statuses: []int{409}},
	routes.CallAnswer.Name:    {summary: "The provider's answer: the call connects", query: []param{tokenParam}, request: ref("SDP"), response: ref("CallView"), statuses: []int{409}},
	routes.CallDecline.Name:   {summary: "The provider declines", query: []param{tokenParam}, response: ref("CallView"), statuses: []int{409}},
	routes.CallHangup.Name:    {summary: "Either side ends the call", query: []param{tokenParam}, response: ref("CallView"), statuses: []int{409}},
}

// retryAfter is the Retry-After header of the answers to retry later.
var retryAfter = schema{"required": true, "schema": schema{"type": "integer", "minimum": 1}}

// pageErrorContent is a page's error answer: HTML or the envelope.
var pageErrorContent = schema{"application/json": schema{"schema": ref("Error")}, "text/html": schema{"schema": str()}}

// requestBodyNote says how every request body is read: as JSON, whatever
// the Content-Type, so that `curl -d` (which sends
// application/x-www-form-urlencoded unless told otherwise) works as the
// compatible API's client libraries, which send application/json, do.
const requestBodyNote = "Send application/json. The body is read as JSON whatever the Content-Type header says: " +
	"a JSON body sent as application/x-www-form-urlencoded (curl -d without a Content-Type header) is accepted; " +
	"a body that is not JSON is 400 code 100."

// Missing lists the routes of the table with no operation written here:
// the document still has them (with a generic body), and a test fails
// until their schemas are written.
func Missing() []string {
	var out []string
	for _, r := range routes.All {
		if _, ok := operations[r.Name]; !ok {
			out = append(out, r.Pattern())
		}
	}
	return out
}

// Build is the document, as indented JSON with a final newline.
func Build() []byte {
	paths := schema{}
	for _, r := range routes.All {
		item, _ := paths[r.Path].(schema)
		if item == nil {
			item = schema{}
			paths[r.Path] = item
		}
		item[strings.ToLower(r.Method)] = buildOperation(r)
	}
	comps := components()
	doc := schema{
		"openapi": "3.1.0",
		"info": schema{
			"title":       "svc",
			"version":     "1.0",
			"description": "Generated from the route table (internal/routes) by make openapi; do not edit.",
		},
		"paths": paths,
		"components": schema{
			"schemas": comps,
			"securitySchemes": schema{SecurityScheme: schema{
				"type": "http", "scheme": "bearer",
				"description": "An API key minted for one ZBA (`Authorization: Bearer <key>`), carrying scopes: " + scopeList() +
					". Each operation lists the scope it needs.",
			}},
			"responses": schema{
				"Error": schema{
					"description": "The interface's error envelope (section 7)",
					"content":     schema{"application/json": schema{"schema": ref("Error")}},
				},
				"RetryLater": schema{
					"description": "The interface's error envelope, with the seconds to wait before retrying (429: until the rate-limit window resets; 503: a dependency)",
					"headers":     schema{"Retry-After": retryAfter},
					"content":     schema{"application/json": schema{"schema": ref("Error")}},
				},
				"PageError": schema{
					"description": "A page's error: a short HTML page saying what went wrong when the request's Accept names text/html (a browser), else the interface's error envelope",
					"content":     pageErrorContent,
				},
				"PageRetryLater": schema{
					"description": "A page's error with the seconds to wait before retrying: HTML for a browser (Accept: text/html), else the interface's error envelope",
					"headers":     schema{"Retry-After": retryAfter},
					"content":     pageErrorContent,
				},
			},
		},
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		panic(err) // maps of strings, numbers and slices: cannot fail
	}
	return b.Bytes()
}

func scopeList() string {
	var names []string
	for _, s := range scopeNames {
		names = append(names, string(s))
	}
	return strings.Join(names, ", ")
}

func buildOperation(r routes.Route) schema {
	op, known := operations[r.Name]
	if !known {
		op = operation{summary: r.Name, response: schema{"type": "object"}}
	}
	var params []any
	for _, p := range r.Params() {
		params = append(params, schema{"name": p, "in": "path", "required": true, "schema": str()})
	}
	for _, list := range []struct {
		in     string
		params []param
	}{{"query", op.query}, {"header", op.headers}} {
		for _, p := range list.params {
			params = append(params, schema{"name": p.name, "in": list.in, "required": p.required, "schema": p.schema, "description": p.description})
		}
	}
	summary := op.summary
	if r.Variant != "" {
		summary += " (the compatible API's path: the template named by its id alone, for the key's ZBA)"
	}
	out := schema{"operationId": r.ID(), "summary": summary}
	if len(params) > 0 {
		out["parameters"] = params
	}
	if op.request != nil {
		out["requestBody"] = schema{"required": true, "description": requestBodyNote, "content": schema{"application/json": schema{"schema": op.request}}}
	}
	ok := schema{"description": "OK"}
	if op.html {
		ok["content"] = schema{"text/html": schema{"schema": str()}}
	} else {
		ok["content"] = schema{"application/json": schema{"schema": op.response}}
	}
	// A page's errors are HTML for a browser (Accept: text/html) and the
	// envelope for any other client.
	prefix := ""
	if op.html {
		prefix = "Page"
	}
	responses := schema{"200": ok, "default": schema{"$ref": "#/components/responses/" + prefix + "Error"}}
	statuses := append(errorStatuses(r), op.statuses...)
	if slices.ContainsFunc(op.query, func(p param) bool { return p.name == tokenParam.name }) {
		// A session token is the route's credential: a bad, expired or
		// foreign one is 401 code 190, as a bad key is elsewhere.
		statuses = append(statuses, http.StatusUnauthorized)
	}
	slices.Sort(statuses)
	for _, status := range slices.Compact(statuses) {
		name := "Error"
		if status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable {
			name = "RetryLater"
		}
		responses[fmt.Sprint(status)] = schema{"$ref": "#/components/responses/" + prefix + name}
	}
	out["responses"] = responses
	if r.Public() {
		out["security"] = []any{}
	} else {
		out["security"] = []any{schema{SecurityScheme: []string{string(r.Scope)}}}
	}
	tags := []string{strings.Split(strings.TrimPrefix(r.Path, "/"), "/")[0]}
	out["tags"] = tags
	return out
}

// errorStatuses are the error statuses a route is documented to answer
// beyond the default: the authorizer's, the rate limit's, and a bad input.
func errorStatuses(r routes.Route) []int {
	out := []int{http.StatusBadRequest}
	if !r.Public() {
		out = append(out, http.StatusUnauthorized, http.StatusForbidden)
	}
	if r.RateLimited {
		out = append(out, http.StatusTooManyRequests)
	}
	out = append(out, apperr.CodeUnavailable.Status())
	slices.Sort(out)
	return slices.Compact(out)
}
