// Package templateapi is the HTTP transport of the template routes: it
// turns a request into a call on the template service and the result into
// the interface's shapes (section 2).
package templateapi

import (
	"context"
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"svc/internal/feature/template"
	"svc/internal/platform/apperr"
	"svc/internal/platform/headers"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
)

// Endpoints are the template routes' endpoints over one service.
type Endpoints struct {
	Templates template.Service
	// BaseURL is the API's public base URL, stage included, that page
	// links start with; "" builds them from the request's host.
	BaseURL string
}

// templateSummary is a template in list form (interface section 2.1).
type templateSummary struct {
	ID              string  `json:"id"`
	Name            string  `json:"name"`
	Language        string  `json:"language"`
	Category        string  `json:"category"`
	CorrectCategory *string `json:"correct_category"`
	Status          string  `json:"status"`
	QualityScore    string  `json:"quality_score"`
	RejectionReason *string `json:"rejection_reason"`
}

// templateBody is the full Template of the read endpoint (section 2.1).
type templateBody struct {
	templateSummary
	ZBAID           string          `json:"zba_id"`
	ParameterFormat string          `json:"parameter_format"`
	Components      json.RawMessage `json:"components"`
	CreatedAt       string          `json:"created_at"`
	UpdatedAt       string          `json:"updated_at"`
}

// templateState is the answer of create (section 4.2), and the core of
// edit's.
type templateState struct {
	ID       string `json:"id"`
	Status   string `json:"status"`
	Category string `json:"category"`
}

// editState is the answer of edit: the fields section 4.5 names, and beside
// them the compatible API's success and the template's name, which its
// clients read (pywa's update_template builds its result from success, id,
// name and category, and raises a KeyError on an applied edit without one).
type editState struct {
	templateState
	Name    string `json:"name"`
	Success bool   `json:"success"`
}

func toSummary(t template.Template) templateSummary {
	return templateSummary{ID: t.ID(), Name: t.Name, Language: t.Language, Category: t.Category,
		CorrectCategory: nullable(t.CorrectCategory), Status: string(t.Status), QualityScore: t.QualityScore,
		RejectionReason: nullable(t.RejectionReason)}
}

func toBody(t template.Template) templateBody {
	components := json.RawMessage(t.Components)
	if len(components) == 0 {
		components = json.RawMessage("[]")
	}
	return templateBody{templateSummary: toSummary(t), ZBAID: t.ZBAID, ParameterFormat: t.ParameterFormat,
		Components: components, CreatedAt: t.CreatedAt.UTC().Format(time.RFC3339), UpdatedAt: t.UpdatedAt.UTC().Format(time.RFC3339)}
}

func toState(t template.Template) templateState {
	return templateState{ID: t.ID(), Status: string(t.Status), Category: t.Category}
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// listBody is the list answer in the compatible API's paging shape. Paging
// is always there (clients read paging.next without checking for paging),
// its cursors whenever the page has an edge to continue from.
type listBody struct {
	Data   []templateSummary `json:"data"`
	Paging paging            `json:"paging"`
}

type paging struct {
	Cursors  cursors `json:"cursors"`
	Next     string  `json:"next,omitempty"`
	Previous string  `json:"previous,omitempty"`
}

type cursors struct {
	Before string `json:"before,omitempty"`
	After  string `json:"after,omitempty"`
}

// List serves GET message_templates.
func (s Endpoints) List(ctx context.Context, req httpapi.Request) (int, any, error) {
	params, err := listParams(req)
	if err != nil {
		return 0, nil, err
	}
	q, err := template.ParseListQuery(params)
	if err != nil {
		return 0, nil, err
	}
	page, err := s.Templates.List(ctx, req.PathParameters[routes.ParamZBA], q)
	if err != nil {
		return 0, nil, err
	}
	body := listBody{Data: make([]templateSummary, 0, len(page.Templates)),
		Paging: paging{Cursors: cursors{Before: page.Before, After: page.After}}}
	for _, t := range page.Templates {
		body.Data = append(body.Data, toSummary(t))
	}
	if page.HasNext {
		body.Paging.Next = s.pageURL(req, params, q.Limit, "after", page.After)
	}
	if page.HasPrevious {
		body.Paging.Previous = s.pageURL(req, params, q.Limit, "before", page.Before)
	}
	return 200, body, nil
}

// listFilters are the list parameters whose value is a list of
// alternatives.
var listFilters = []string{"status", "category", "language", "quality_score"}

// listSingles are the list parameters that take one value: given twice,
// they are refused (httpapi.OneValue) as the delete refuses it.
var listSingles = []string{"name", "limit", "order", "after", "before"}

// listParams are the list's query parameters as template.ParseListQuery
// reads them: a parameter given more than once (status=APPROVED&status=PENDING)
// as one comma list of its values, since API Gateway's single-value map keeps
// only the last; and a list filter given as a JSON array of strings
// (status=["APPROVED","PENDING"], as the compatible API takes list parameters
// and some of its clients send them) as the comma list of its strings. A list
// filter's value that starts as a JSON array and is not one of strings is 400
// code 100, and so is a parameter that takes one value (listSingles) given
// more than once.
func listParams(req httpapi.Request) (map[string]string, error) {
	for _, p := range listSingles {
		if _, err := httpapi.OneValue(req, p, "a list"); err != nil {
			return nil, err
		}
	}
	params := maps.Clone(req.QueryStringParameters)
	if params == nil {
		params = map[string]string{}
	}
	for k, vs := range req.MultiValueQueryStringParameters {
		if len(vs) > 1 {
			params[k] = strings.Join(vs, ",")
		}
	}
	for _, k := range listFilters {
		vs := req.MultiValueQueryStringParameters[k]
		if v, ok := params[k]; ok && len(vs) == 0 {
			vs = []string{v}
		}
		if !slices.ContainsFunc(vs, isJSONArray) {
			continue
		}
		parts := make([]string, 0, len(vs))
		for _, v := range vs {
			if !isJSONArray(v) {
				parts = append(parts, v)
				continue
			}
			var arr []string
			if err := json.Unmarshal([]byte(v), &arr); err != nil {
				return nil, apperr.Newf(apperr.CodeInvalidParameter,
					`%s: a value starting with "[" must be a JSON array of strings, such as ["APPROVED","PENDING"]`, k)
			}
			parts = append(parts, arr...)
		}
		params[k] = strings.Join(parts, ",")
	}
	return params, nil
}

func isJSONArray(v string) bool { return strings.HasPrefix(strings.TrimSpace(v), "[") }

// pageURL is the absolute URL of a neighbouring page: this request's URL
// with the cursor replaced, as the compatible API's next and previous are.
// It starts with the configured base URL, so that a client's Host header
// cannot point links elsewhere; only where none is configured (a local
// stack's tests) is the request's host used.
func (s Endpoints) pageURL(req httpapi.Request, params map[string]string, limit int, param, cursor string) string {
	q := url.Values{}
	for k, v := range params {
		if k != "after" && k != "before" {
			q.Set(k, v)
		}
	}
	q.Set("limit", strconv.Itoa(limit))
	q.Set(param, cursor)
	if s.BaseURL != "" {
		return s.BaseURL + req.Path + "?" + q.Encode()
	}
	scheme := headers.Get(req.Headers, "X-Forwarded-Proto")
	if scheme == "" {
		scheme = "http"
	}
	path := req.RequestContext.Path
	if path == "" {
		path = req.Path
	}
	return (&url.URL{Scheme: scheme, Host: headers.Get(req.Headers, "Host"), Path: path, RawQuery: q.Encode()}).String()
}

// Create serves POST message_templates.
func (s Endpoints) Create(ctx context.Context, req httpapi.Request) (int, any, error) {
	body, err := httpapi.RawBody(req)
	if err != nil {
		return 0, nil, err
	}
	t, err := s.Templates.Create(ctx, req.PathParameters[routes.ParamZBA], body)
	if err != nil {
		return 0, nil, err
	}
	return 200, toState(t), nil
}

// Get serves GET message_templates/{templateId} and GET /{templateId}.
// The ZBA is the key's: on the nested path the ZBA check made sure the
// path's is the same, and an id of another ZBA is not found.
func (s Endpoints) Get(ctx context.Context, req httpapi.Request) (int, any, error) {
	t, err := s.Templates.Get(ctx, req.Principal.ZBAID, req.PathParameters[routes.ParamTemplateID])
	if err != nil {
		return 0, nil, err
	}
	return 200, toBody(t), nil
}

// Edit serves POST message_templates/{templateId} and POST /{templateId},
// for the key's ZBA as Get does.
func (s Endpoints) Edit(ctx context.Context, req httpapi.Request) (int, any, error) {
	body, err := httpapi.RawBody(req)
	if err != nil {
		return 0, nil, err
	}
	t, err := s.Templates.Edit(ctx, req.Principal.ZBAID, req.PathParameters[routes.ParamTemplateID], body)
	if err != nil {
		return 0, nil, err
	}
	return 200, editState{templateState: toState(t), Name: t.Name, Success: true}, nil
}

// deleteResult is the delete answer; Deleted only when deleting by name.
type deleteResult struct {
	Success bool `json:"success"`
	Deleted *int `json:"deleted,omitempty"`
}

// deleteParams are the query parameters a delete accepts.
var deleteParams = map[string]bool{"name": true, "language": true, "hsm_id": true, "messaging_product": true, "access_token": true}

// singleValues is the single-value query map in the multi-value map's
// shape.
func singleValues(m map[string]string) map[string][]string {
	out := make(map[string][]string, len(m))
	for k, v := range m {
		out[k] = []string{v}
	}
	return out
}

// Delete serves DELETE message_templates.
func (s Endpoints) Delete(ctx context.Context, req httpapi.Request) (int, any, error) {
	// A parameter the delete does not know is most likely one it does,
	// misspelt ("Language", "lang"): ignored, the delete would widen to
	// every language of the name. messaging_product and access_token are
	// what ported clients may add, and change nothing.
	for _, given := range []map[string][]string{req.MultiValueQueryStringParameters, singleValues(req.QueryStringParameters)} {
		for p := range given {
			if !deleteParams[p] {
				return 0, nil, apperr.Newf(apperr.CodeInvalidParameter, "%s: not a parameter of a delete (name, language, hsm_id)", p)
			}
		}
	}
	// A delete names one template or one name: given twice, API Gateway's
	// single-value map would keep the last and delete what was not chosen.
	for _, p := range []string{"name", "language", "hsm_id"} {
		if _, err := httpapi.OneValue(req, p, "a delete"); err != nil {
			return 0, nil, err
		}
	}
	q := template.DeleteQuery{Name: req.QueryStringParameters["name"], Language: req.QueryStringParameters["language"],
		HSMID: req.QueryStringParameters["hsm_id"]}
	// A language or hsm_id given empty narrows nothing: read as left out,
	// it would widen the delete to every language of the name. (With no
	// name and no hsm_id given a value, the delete names nothing at all:
	// the service's 131008.)
	if _, given := req.QueryStringParameters["language"]; given && q.Language == "" {
		return 0, nil, apperr.New(apperr.CodeInvalidParameter, "language: given empty; give the template's language, or leave language out to delete every language of the name")
	}
	if _, given := req.QueryStringParameters["hsm_id"]; given && q.HSMID == "" && q.Name != "" {
		return 0, nil, apperr.New(apperr.CodeInvalidParameter, "hsm_id: given empty; give the template's id, or leave hsm_id out to delete every language of the name")
	}
	n, err := s.Templates.Delete(ctx, req.PathParameters[routes.ParamZBA], q)
	if err != nil {
		return 0, nil, err
	}
	res := deleteResult{Success: true}
	if q.HSMID == "" {
		res.Deleted = &n
	}
	return 200, res, nil
}
