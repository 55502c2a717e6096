package templateapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/local/memstore"
	"svc/internal/platform/apperr"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/templateapi"
)

// TestPageLinksDoNotTrustTheClientsHost lists two pages of templates with a
// hostile Host and X-Forwarded-Proto: with a base URL configured the links
// start with it, and only without one do they follow the request.
func TestPageLinksDoNotTrustTheClientsHost(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	svc := memService(now)
	for i := range 3 {
		body := fmt.Sprintf(`{"name":"notice_%d","language":"en_US","category":"UTILITY","components":[{"type":"BODY","text":"Your order has shipped."}]}`, i)
		if _, err := svc.Create(ctx, "acme", []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	const base = "https://abc123.execute-api.eu-west-1.amazonaws.com/prod"
	for _, tc := range []struct {
		name, base, wantPrefix string
	}{
		{"configured base URL", base, base + "/business/v1.0/acme/message_templates?"},
		{"no base URL: the request's host", "", "https://evil.example/prod/business/v1.0/acme/message_templates?"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := templateapi.Endpoints{Templates: svc, BaseURL: tc.base}
			req := httpapi.Request{APIGatewayProxyRequest: events.APIGatewayProxyRequest{
				Path:                  "/business/v1.0/acme/message_templates",
				Headers:               map[string]string{"Host": "evil.example", "X-Forwarded-Proto": "https"},
				PathParameters:        map[string]string{routes.ParamZBA: "acme"},
				QueryStringParameters: map[string]string{"limit": "1"},
				RequestContext:        events.APIGatewayProxyRequestContext{Path: "/prod/business/v1.0/acme/message_templates"},
			}}
			status, body, err := e.List(ctx, req)
			if err != nil || status != 200 {
				t.Fatalf("%d %v", status, err)
			}
			raw, _ := json.Marshal(body)
			var page struct {
				Paging struct {
					Next string `json:"next"`
				} `json:"paging"`
			}
			if err := json.Unmarshal(raw, &page); err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(page.Paging.Next, tc.wantPrefix) {
				t.Fatalf("next = %s, want it to start with %s", page.Paging.Next, tc.wantPrefix)
			}
			u, _ := url.Parse(page.Paging.Next)
			if u.Query().Get("after") == "" || u.Query().Get("limit") != "1" {
				t.Fatalf("next = %s: want the cursor and the limit", page.Paging.Next)
			}
		})
	}
}

// listRequest is a list request of acme with rawQuery as API Gateway hands
// it over: the last value of each parameter, and all of them.
func listRequest(t *testing.T, rawQuery string) httpapi.Request {
	t.Helper()
	values, err := url.ParseQuery(rawQuery)
	if err != nil {
		t.Fatal(err)
	}
	single := map[string]string{}
	for k, vs := range values {
		single[k] = vs[len(vs)-1]
	}
	return httpapi.Request{APIGatewayProxyRequest: events.APIGatewayProxyRequest{
		Path:                            "/business/v1.0/acme/message_templates",
		Headers:                         map[string]string{"Host": "127.0.0.1:8080"},
		PathParameters:                  map[string]string{routes.ParamZBA: "acme"},
		QueryStringParameters:           single,
		MultiValueQueryStringParameters: values,
	}}
}

// listAnswer is a list answer decoded as a client reads it.
type listAnswer struct {
	Data []struct {
		Name     string `json:"name"`
		Language string `json:"language"`
	} `json:"data"`
	Paging *struct {
		Cursors  *struct{ Before, After *string } `json:"cursors"`
		Next     string                           `json:"next"`
		Previous string                           `json:"previous"`
	} `json:"paging"`
}

func listed(t *testing.T, e templateapi.Endpoints, rawQuery string) (listAnswer, error) {
	t.Helper()
	status, body, err := e.List(context.Background(), listRequest(t, rawQuery))
	if err != nil {
		return listAnswer{}, err
	}
	raw, _ := json.Marshal(body)
	var a listAnswer
	if status != 200 || json.Unmarshal(raw, &a) != nil {
		t.Fatalf("%s: %d %s", rawQuery, status, raw)
	}
	return a, nil
}

func (a listAnswer) ids() []string {
	var out []string
	for _, d := range a.Data {
		out = append(out, d.Name+"_"+d.Language)
	}
	return out
}

// memService is a template service over the in-memory store whose clock
// stands at now.
// TestWriteAnswers: create answers the interface's id, status and category
// (section 4.2); edit the same and the compatible API's name and success,
// which its clients read (section 4.5).
func TestWriteAnswers(t *testing.T) {
	ctx := context.Background()
	e := templateapi.Endpoints{Templates: memService(time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC))}
	body := `{"name":"notice","language":"en_US","category":"UTILITY","components":[{"type":"BODY","text":"Your order has shipped."}]}`
	for _, tc := range []struct {
		name  string
		serve func(context.Context, httpapi.Request) (int, any, error)
		req   httpapi.Request
		want  string
	}{
		{"create", e.Create, httpapi.Request{APIGatewayProxyRequest: events.APIGatewayProxyRequest{Body: body,
			PathParameters: map[string]string{routes.ParamZBA: "acme"}}},
			`{"id":"acme_notice_en_US","status":"PENDING","category":"UTILITY"}`},
		{"edit", e.Edit, httpapi.Request{APIGatewayProxyRequest: events.APIGatewayProxyRequest{Body: strings.Replace(body, "UTILITY", "MARKETING", 1),
			PathParameters: map[string]string{routes.ParamZBA: "acme", routes.ParamTemplateID: "acme_notice_en_US"}},
			Principal: auth.Principal{ZBAID: "acme"}},
			`{"id":"acme_notice_en_US","status":"PENDING","category":"MARKETING","name":"notice","success":true}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, out, err := tc.serve(ctx, tc.req)
			if err != nil || status != 200 {
				t.Fatalf("%d %v", status, err)
			}
			if raw, _ := json.Marshal(out); string(raw) != tc.want {
				t.Fatalf("answer %s, want %s", raw, tc.want)
			}
		})
	}
}

func memService(now time.Time) template.Service {
	return template.Service{Store: memstore.NewTemplates(memstore.NewDB()), Now: func() time.Time { return now },
		Queue: template.PublishingQueue{Publisher: &memstore.Queue{}},
		Log:   slog.New(slog.NewTextHandler(io.Discard, nil)),
		Cursors: template.SignedCursors{Key: func(context.Context) ([]byte, error) { return []byte("0123456789abcdef0123456789abcdef"), nil },
			Now: func() time.Time { return now }}}
}

// listEndpoints serves acme's five templates over the in-memory store:
// alert_de, alert_en_US and notice_en_US (UTILITY), promo_de and
// promo_en_US (MARKETING), all PENDING with quality UNKNOWN.
func listEndpoints(t *testing.T) templateapi.Endpoints {
	t.Helper()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	svc := memService(now)
	for _, c := range []struct{ name, lang, category, text string }{
		{"alert", "de", "UTILITY", "Ihre Bestellung ist unterwegs."}, {"alert", "en_US", "UTILITY", "Your order has shipped."},
		{"notice", "en_US", "UTILITY", "Your order has shipped."},
		{"promo", "de", "MARKETING", "Heute 20% auf alles."}, {"promo", "en_US", "MARKETING", "Today 20% off everything."},
	} {
		body := fmt.Sprintf(`{"name":%q,"language":%q,"category":%q,"components":[{"type":"BODY","text":%q}]}`, c.name, c.lang, c.category, c.text)
		if _, err := svc.Create(context.Background(), "acme", []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	return templateapi.Endpoints{Templates: svc}
}

// TestListFilterForms: a list filter's alternatives may come as a comma
// list, as the parameter repeated, or as a JSON array of strings (the
// compatible API's form for list parameters, which some of its clients
// send), and any mix of them; a value that starts as a JSON array and is
// not one of strings is 400 code 100 naming the parameter. Statuses svc
// never stores match nothing.
func TestListFilterForms(t *testing.T) {
	e := listEndpoints(t)
	all := []string{"alert_de", "alert_en_US", "notice_en_US", "promo_de", "promo_en_US"}
	utility := []string{"alert_de", "alert_en_US", "notice_en_US"}
	enUS := []string{"alert_en_US", "notice_en_US", "promo_en_US"}
	q := url.QueryEscape
	for _, tc := range []struct {
		name, query string
		want        []string
		// badParam is the parameter a 400 names; "" for a 200.
		badParam string
	}{
		{"comma list", "category=utility,marketing", all, ""},
		{"repeated", "category=UTILITY&category=MARKETING", all, ""},
		{"JSON array", "category=" + q(`["UTILITY","MARKETING"]`), all, ""},
		{"JSON array of one", "category=" + q(`["UTILITY"]`), utility, ""},
		{"JSON array with spaces", "category=" + q(` [ "UTILITY" , "MARKETING" ] `), all, ""},
		{"JSON array beside a repeated value", "category=" + q(`["MARKETING"]`) + "&category=UTILITY", all, ""},
		{"empty JSON array: no filter", "category=" + q(`[]`), all, ""},
		{"statuses as a JSON array", "status=" + q(`["APPROVED","PENDING"]`), all, ""},
		{"languages as a JSON array", "language=" + q(`["en_US","fr"]`), enUS, ""},
		{"quality scores as a JSON array", "quality_score=" + q(`["GREEN","UNKNOWN"]`), all, ""},
		{"a status never stored", "status=IN_APPEAL", nil, ""},
		{"statuses never stored, as a JSON array", "status=" + q(`["PENDING_DELETION","DELETED","ARCHIVED","LIMIT_EXCEEDED"]`), nil, ""},
		{"a never-stored status beside a stored one", "status=" + q(`["IN_APPEAL","PENDING"]`), all, ""},
		{"an unknown status in a JSON array", "status=" + q(`["LIVE"]`), nil, "status"},
		{"an unknown status", "status=LIVE", nil, "status"},
		{"unterminated array", "status=" + q(`["APPROVED"`), nil, "status"},
		{"unquoted values", "status=" + q(`[APPROVED,PENDING]`), nil, "status"},
		{"a number in the array", "category=" + q(`["UTILITY",1]`), nil, "category"},
		{"an object in the array", "language=" + q(`[{"code":"en_US"}]`), nil, "language"},
		{"a malformed array beside a good value", "quality_score=GREEN&quality_score=" + q(`["RED"`), nil, "quality_score"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := listed(t, e, tc.query)
			if tc.badParam != "" {
				ae := apperr.From(err)
				if err == nil || ae.Code != apperr.CodeInvalidParameter || !strings.HasPrefix(ae.Details, tc.badParam+": ") {
					t.Fatalf("%s: %v, want 400 code 100 naming %s", tc.query, err, tc.badParam)
				}
				return
			}
			if err != nil || !slices.Equal(a.ids(), tc.want) {
				t.Fatalf("%s: %v %v, want %v", tc.query, a.ids(), err, tc.want)
			}
		})
	}
}

// TestListSingleValues: the list's parameters that take one value (name,
// limit, order and the cursors) refuse being given twice in the delete's
// words, rather than reading a comma list of both values; the name filter
// takes one exact name, and says so of a list.
func TestListSingleValues(t *testing.T) {
	e := listEndpoints(t)
	const nameList = "name: takes one template name, matched exactly, not a list " +
		"(status, category, language and quality_score take lists); list each name by its own request"
	q := url.QueryEscape
	for _, tc := range []struct {
		name, query string
		want        []string
		details     string // of a 400 code 100; "" for a 200
	}{
		{"one name", "name=alert", []string{"alert_de", "alert_en_US"}, ""},
		{"one name beside a repeated list filter", "name=alert&language=de&language=fr", []string{"alert_de"}, ""},
		{"name repeated", "name=alert&name=promo", nil, "name: given 2 times; a list takes one"},
		{"the same name repeated", "name=alert&name=alert", nil, "name: given 2 times; a list takes one"},
		{"name three times", "name=alert&name=promo&name=notice", nil, "name: given 3 times; a list takes one"},
		{"limit repeated", "limit=1&limit=2", nil, "limit: given 2 times; a list takes one"},
		{"order repeated", "order=ASC&order=DESC", nil, "order: given 2 times; a list takes one"},
		{"after repeated", "after=a&after=b", nil, "after: given 2 times; a list takes one"},
		{"before repeated", "before=a&before=b", nil, "before: given 2 times; a list takes one"},
		{"names as a comma list", "name=order_update,t1", nil, nameList},
		{"names as a JSON array", "name=" + q(`["alert","promo"]`), nil, nameList},
		{"a name that is no name", "name=Alert", nil, "name: must match ^[a-z0-9_]{1,512}$"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, err := listed(t, e, tc.query)
			if tc.details == "" {
				if err != nil || !slices.Equal(a.ids(), tc.want) {
					t.Fatalf("%s: %v %v, want %v", tc.query, a.ids(), err, tc.want)
				}
				return
			}
			ae := apperr.From(err)
			if ae.Code != apperr.CodeInvalidParameter || ae.Status() != 400 || ae.Details != tc.details {
				t.Fatalf("%s: %v, want 400 code 100 %q", tc.query, err, tc.details)
			}
		})
	}
}

// TestListPaging: every answer carries paging; its cursors are the page's
// whenever it has templates (the compatible API's shape, which clients
// read without checking paging is there); next and previous only where a
// page lies that way, carrying the filters however they were given.
func TestListPaging(t *testing.T) {
	e := listEndpoints(t)
	for _, tc := range []struct {
		name, query string
		// pages are the ids of each page, walking next.
		pages [][]string
	}{
		{"everything on one page", "", [][]string{{"alert_de", "alert_en_US", "notice_en_US", "promo_de", "promo_en_US"}}},
		{"nothing matches", "status=REJECTED", [][]string{nil}},
		{"a status never stored", "status=ARCHIVED", [][]string{nil}},
		{"pages of two", "limit=2", [][]string{{"alert_de", "alert_en_US"}, {"notice_en_US", "promo_de"}, {"promo_en_US"}}},
		{"a JSON array filter across pages", "limit=1&category=" + url.QueryEscape(`["MARKETING","UTILITY"]`) + "&language=" + url.QueryEscape(`["de"]`),
			[][]string{{"alert_de"}, {"promo_de"}}},
		{"a repeated filter across pages", "limit=2&language=de&language=en_US&status=" + url.QueryEscape(`["PENDING","IN_APPEAL"]`),
			[][]string{{"alert_de", "alert_en_US"}, {"notice_en_US", "promo_de"}, {"promo_en_US"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			query := tc.query
			var answers []listAnswer
			for i := range tc.pages {
				a, err := listed(t, e, query)
				if err != nil {
					t.Fatalf("page %d (%s): %v", i, query, err)
				}
				answers = append(answers, a)
				if !slices.Equal(a.ids(), tc.pages[i]) {
					t.Fatalf("page %d (%s): %v, want %v", i, query, a.ids(), tc.pages[i])
				}
				if a.Paging == nil || a.Paging.Cursors == nil {
					t.Fatalf("page %d: no paging or no cursors: %+v", i, a.Paging)
				}
				c := a.Paging.Cursors
				if hasCursors := c.Before != nil && *c.Before != "" && c.After != nil && *c.After != ""; hasCursors != (len(a.Data) > 0) {
					t.Fatalf("page %d of %d templates: cursors %+v", i, len(a.Data), c)
				}
				if (a.Paging.Next != "") != (i < len(tc.pages)-1) || (a.Paging.Previous != "") != (i > 0) {
					t.Fatalf("page %d of %d: next %q, previous %q", i, len(tc.pages), a.Paging.Next, a.Paging.Previous)
				}
				if a.Paging.Next != "" {
					u, err := url.Parse(a.Paging.Next)
					if err != nil || u.Query().Get("after") != *c.After {
						t.Fatalf("next %s does not continue after the page's cursor", a.Paging.Next)
					}
					query = u.RawQuery
				}
			}
			if len(answers) > 1 {
				// Back from the last page, by its previous link.
				last := answers[len(answers)-1]
				u, _ := url.Parse(last.Paging.Previous)
				back, err := listed(t, e, u.RawQuery)
				if err != nil || !slices.Equal(back.ids(), tc.pages[len(tc.pages)-2]) {
					t.Fatalf("previous of the last page: %v %v, want %v", back.ids(), err, tc.pages[len(tc.pages)-2])
				}
			}
		})
	}
}

// TestDeleteEmptyParameters: a parameter given empty is not a parameter
// left out. An empty language or hsm_id beside a name would otherwise
// widen the delete to every language of the name; it is 400 code 100
// naming the parameter, and nothing is deleted. With neither name nor
// hsm_id given a value, the delete names nothing: 131008, as before.
func TestDeleteEmptyParameters(t *testing.T) {
	all := []string{"alert_de", "alert_en_US", "notice_en_US", "promo_de", "promo_en_US"}
	for _, tc := range []struct {
		name, query string
		code        apperr.Code
		// param is what the refusal's details start with.
		param string
		left  []string
	}{
		{"empty language beside a name", "name=alert&language=", apperr.CodeInvalidParameter, "language: ", all},
		{"empty language alone", "language=", apperr.CodeInvalidParameter, "language: ", all},
		{"empty hsm_id beside a name", "name=alert&hsm_id=", apperr.CodeInvalidParameter, "hsm_id: ", all},
		{"empty name", "name=", apperr.CodeRequiredParameter, "name, hsm_id: ", all},
		{"empty name and hsm_id", "name=&hsm_id=", apperr.CodeRequiredParameter, "name, hsm_id: ", all},
		{"a language: that one only", "name=alert&language=de", 0, "", all[1:]},
		// A misspelt parameter would be ignored and widen the delete.
		{"a misspelt language", "name=alert&Language=de", apperr.CodeInvalidParameter, "Language: ", all},
		{"an unknown parameter", "name=alert&lang=de", apperr.CodeInvalidParameter, "lang: ", all},
		// The list refuses a repeated single value in the same words.
		{"name twice", "name=alert&name=promo", apperr.CodeInvalidParameter, "name: given 2 times; a delete takes one", all},
		{"what ported clients add", "name=notice&messaging_product=whatsapp", 0, "", []string{"alert_de", "alert_en_US", "promo_de", "promo_en_US"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := listEndpoints(t)
			vals, err := url.ParseQuery(tc.query)
			if err != nil {
				t.Fatal(err)
			}
			req := httpapi.Request{APIGatewayProxyRequest: events.APIGatewayProxyRequest{
				PathParameters:        map[string]string{routes.ParamZBA: "acme"},
				QueryStringParameters: map[string]string{}, MultiValueQueryStringParameters: vals,
			}}
			for k, v := range vals {
				req.QueryStringParameters[k] = v[len(v)-1]
			}
			status, _, err := e.Delete(context.Background(), req)
			if tc.code == 0 {
				if err != nil || status != 200 {
					t.Fatalf("%s: %d %v, want 200", tc.query, status, err)
				}
			} else if ae := apperr.From(err); err == nil || ae.Status() != 400 || ae.Code != tc.code || !strings.HasPrefix(ae.Details, tc.param) {
				t.Fatalf("%s: %d %v, want 400 code %d naming %q", tc.query, status, err, tc.code, tc.param)
			}
			a, err := listed(t, e, "")
			if err != nil || !slices.Equal(a.ids(), tc.left) {
				t.Fatalf("%s left %v (%v), want %v", tc.query, a.ids(), err, tc.left)
			}
		})
	}
}
