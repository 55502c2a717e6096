package devstack_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"svc/internal/feature/account/auth"
	"svc/internal/platform/apperr"
	"svc/internal/transport/admin"
)

// putProvider adds a provider to a ZBA's call directory through the admin
// function, as make provider does.
func (e *env) putProvider(t *testing.T, ev admin.Event) admin.Result {
	t.Helper()
	ev.Action = admin.ActionPutProvider
	res, err := e.stack.Admin(context.Background(), ev)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// createCall posts a call body and returns the response and, on a 200, the
// call id and the session URL.
func (e *env) createCall(t *testing.T, key, body string) (response, string, *url.URL) {
	t.Helper()
	r := e.request(t, "POST", "/v1/calls", "Bearer "+key, body)
	if r.status != 200 {
		return r, "", nil
	}
	var got struct {
		CallID  string `json:"call_id"`
		CallURL string `json:"call_url"`
	}
	if err := json.Unmarshal(r.body, &got); err != nil {
		t.Fatalf("body %s: %v", r.body, err)
	}
	u, err := url.Parse(got.CallURL)
	if err != nil || !u.IsAbs() || u.Query().Get("metadata") == "" || got.CallID == "" {
		t.Fatalf("call_url %q, call_id %q", got.CallURL, got.CallID)
	}
	return r, got.CallID, u
}

func TestCreateCall(t *testing.T) {
	e := newEnv(t, 0)
	key := e.mint(t, "acme", auth.ScopeMessaging)
	mgmt := e.mint(t, "acme", auth.ScopeManagement)
	e.mint(t, "rival", auth.ScopeMessaging)
	lyon := &admin.Location{Latitude: 45.7640, Longitude: 4.8357}
	e.putProvider(t, admin.Event{ZBAID: "acme", ProviderID: "pat", Name: "Pat the plumber", Skills: []string{"Plumbing", "boilers"},
		Languages: []string{"fr"}, Location: &admin.Location{Latitude: 45.7600, Longitude: 4.8400}})
	e.putProvider(t, admin.Event{ZBAID: "acme", ProviderID: "lou", Name: "Lou", Skills: []string{"family law"},
		Description: "Divorce and custody", Languages: []string{"fr", "en"}, Location: &admin.Location{Latitude: 48.8566, Longitude: 2.3522}})
	e.putProvider(t, admin.Event{ZBAID: "rival", ProviderID: "dee", Name: "Dee", Skills: []string{"dentistry"},
		Languages: []string{"fr"}, Location: lyon})

	redirect := `"redirect_url":"https://shop.example.com/thanks"`
	accepted := []struct {
		name, body, provider string
	}{
		{"by location, with a query", `{` + redirect + `,"query":"plumber","location":{"latitude":45.764,"longitude":4.8357}}`, "pat"},
		{"by location, without a query: the nearest", `{` + redirect + `,"location":{"latitude":48.85,"longitude":2.35}}`, "lou"},
		{"a far provider who matches beats a near one who does not", `{` + redirect + `,"query":"divorce lawyer","location":{"latitude":45.764,"longitude":4.8357},"caller_name":"Ana <b>"}`, "lou"},
		{"plain http to loopback on the local stack", `{"redirect_url":"http://127.0.0.1:9/done","location":{"latitude":45.764,"longitude":4.8357}}`, "pat"},
	}
	for _, tc := range accepted {
		t.Run(tc.name, func(t *testing.T) {
			r, id, u := e.createCall(t, key, tc.body)
			if r.status != 200 {
				t.Fatalf("%d %s", r.status, r.body)
			}
			if !strings.HasPrefix(u.String(), e.url+"/v1/calls/"+id+"/session?metadata=") {
				t.Fatalf("call_url %s is not this stack's session page of call %s", u, id)
			}
			c, err := e.stack.Deps.Calls().GetCall(context.Background(), id)
			if err != nil || c.ProviderID != tc.provider || c.ZBAID != "acme" || c.State != "created" {
				t.Fatalf("stored %+v, %v; want provider %s", c, err, tc.provider)
			}
			e.hangUp(t, id, u) // the provider is free for the next case
		})
	}

	// A provider in a call is matched to no other call: pat is the only
	// plumber, so a second caller is told everyone is busy, until the
	// first call is over.
	plumber := `{` + redirect + `,"query":"plumber","location":{"latitude":45.764,"longitude":4.8357}}`
	_, first, firstURL := e.createCall(t, key, plumber)
	if first == "" {
		t.Fatal("the first plumber call was refused")
	}
	r, _, _ := e.createCall(t, key, plumber)
	checkEnvelope(t, r, 404, 100, "Every provider of this business who matches this request near this place is in another call now; try again in a few minutes.")
	e.hangUp(t, first, firstURL)
	// Two creates at once: one takes pat, the other is told pat is busy.
	results := make(chan response, 2)
	for range 2 {
		go func() { r, _, _ := e.createCall(t, key, plumber); results <- r }()
	}
	statuses := map[int]int{}
	for range 2 {
		statuses[(<-results).status]++
	}
	if statuses[200] != 1 || statuses[404] != 1 {
		t.Fatalf("two creates at once for one provider: %v, want one 200 and one 404", statuses)
	}

	refused := []struct {
		name         string
		key, body    string
		status, code int
		details      string
	}{
		{"no provider matches", key, `{` + redirect + `,"query":"astronaut","location":{"latitude":45.764,"longitude":4.8357}}`, 404, 100, ""},
		{"another ZBA's provider is never matched", key, `{` + redirect + `,"query":"dentist","location":{"latitude":45.764,"longitude":4.8357}}`, 404, 100, ""},
		{"a ZBA without providers", e.mint(t, "empty", auth.ScopeMessaging), `{` + redirect + `,"location":{"latitude":45.764,"longitude":4.8357}}`, 404, 100, ""},
		{"a key without the messaging scope", mgmt, `{` + redirect + `,"location":{"latitude":45.764,"longitude":4.8357}}`, 403, 200, ""},
		{"latitude out of range", key, `{` + redirect + `,"location":{"latitude":95,"longitude":4}}`, 400, 100, "location: latitude must be within [-90, 90] and longitude within [-180, 180], found 95 and 4"},
		{"no place", key, `{` + redirect + `}`, 400, 131008, ""},
		{"ftp redirect", key, `{"redirect_url":"ftp://shop.example.com/","location":{"latitude":1,"longitude":2}}`, 400, 100, ""},
		{"not JSON", key, `{"redirect_url":`, 400, 100, "request body: not valid JSON at byte 16: the body ends before the JSON value is complete"},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			r, _, _ := e.createCall(t, tc.key, tc.body)
			checkEnvelope(t, r, tc.status, tc.code, tc.details)
		})
	}
}

// hangUp ends a call as its user, freeing its provider.
func (e *env) hangUp(t *testing.T, id string, callURL *url.URL) {
	t.Helper()
	r := e.request(t, "POST", "/v1/calls/"+id+"/hangup?metadata="+url.QueryEscape(callURL.Query().Get("metadata")), "", "")
	if r.status != 200 {
		t.Fatalf("hang up %s: %d %s", id, r.status, r.body)
	}
}

// TestCreateCallByAddress geocodes the address offline, inside the
// function, and matches from the place found.
func TestCreateCallByAddress(t *testing.T) {
	e := newEnv(t, 0)
	key := e.mint(t, "acme", auth.ScopeMessaging)
	e.putProvider(t, admin.Event{ZBAID: "acme", ProviderID: "lyon", Name: "Lyon plumber", Skills: []string{"plumbing"},
		Languages: []string{"fr"}, Address: "Lyon, France"})
	e.putProvider(t, admin.Event{ZBAID: "acme", ProviderID: "munich", Name: "Munich plumber", Skills: []string{"plumbing"},
		Languages: []string{"de"}, Location: &admin.Location{Latitude: 48.137, Longitude: 11.575}})
	e.putProvider(t, admin.Event{ZBAID: "acme", ProviderID: "munich-lawyer", Name: "Munich lawyer", Skills: []string{"law"},
		Description: "Tenancy disputes", Languages: []string{"de"}, Location: &admin.Location{Latitude: 48.14, Longitude: 11.58}})
	redirect := `"redirect_url":"https://shop.example.com/thanks"`
	cases := []struct {
		name, body, provider string
	}{
		{"a city and a country, with a query", `{` + redirect + `,"query":"plumber","address":"München, Deutschland"}`, "munich"},
		{"an address without a query: the nearest", `{` + redirect + `,"address":"Villeurbanne, France"}`, "lyon"},
		{"a query the near ones do not match", `{` + redirect + `,"query":"tenancy","address":"Lyon, FR"}`, "munich-lawyer"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, id, _ := e.createCall(t, key, tc.body)
			if r.status != 200 {
				t.Fatalf("%d %s", r.status, r.body)
			}
			c, err := e.stack.Deps.Calls().GetCall(context.Background(), id)
			if err != nil || c.ProviderID != tc.provider {
				t.Fatalf("stored %+v, %v; want provider %s", c, err, tc.provider)
			}
		})
	}
	unresolved := []struct{ name, address, details string }{
		{"no country", "Springfield", "address: no known country is named"},
		{"no city of the country", "Atlantis, France", "address: no known city of the country is named"},
	}
	for _, tc := range unresolved {
		t.Run(tc.name, func(t *testing.T) {
			r, _, _ := e.createCall(t, key, `{`+redirect+`,"address":"`+tc.address+`"}`)
			checkEnvelope(t, r, 400, 100, "")
			if !strings.Contains(r.errBody.Error.ErrorData.Details, tc.details) {
				t.Fatalf("details %q, want %q", r.errBody.Error.ErrorData.Details, tc.details)
			}
		})
	}
}

// TestCallSession drives both pages' requests through the local gateway
// over HTTP, as the browsers do: no key, the session token in metadata.
func TestCallSession(t *testing.T) {
	e := newEnv(t, 0)
	key := e.mint(t, "acme", auth.ScopeMessaging)
	res := e.putProvider(t, admin.Event{ZBAID: "acme", ProviderID: "pat", Name: "Pat", Skills: []string{"plumbing"},
		Languages: []string{"fr"}, Location: &admin.Location{Latitude: 45.76, Longitude: 4.84}})
	providerLink, _ := url.Parse(res.ProviderURL)
	providerToken := providerLink.Query().Get("metadata")
	body := `{"redirect_url":"https://shop.example.com/thanks","caller_name":"<script>alert(1)</script>","location":{"latitude":45.764,"longitude":4.8357}}`
	// Another call's token, for the refusals: pat is in one call at a
	// time, so it is over before this test's call is made.
	_, otherID, otherURL := e.createCall(t, key, body)
	otherToken := otherURL.Query().Get("metadata")
	e.hangUp(t, otherID, otherURL)
	_, id, callURL := e.createCall(t, key, body)
	userToken := callURL.Query().Get("metadata")
	q := func(token string) string { return "?metadata=" + url.QueryEscape(token) }
	callPath := "/v1/calls/" + id

	// The pages: HTML under a strict policy, the caller's name never in it.
	page := e.request(t, "GET", callURL.RequestURI(), "", "")
	csp := page.header.Get("Content-Security-Policy")
	if page.status != 200 || !strings.HasPrefix(page.header.Get("Content-Type"), "text/html") ||
		!strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "script-src 'sha256-") ||
		strings.Contains(csp, "unsafe-inline") || strings.Contains(string(page.body), "<script>alert") ||
		page.header.Get("Cache-Control") != "no-store" {
		t.Fatalf("user page: %d %v", page.status, page.header)
	}
	if p := e.request(t, "GET", "/v1/provider-session"+q(providerToken), "", ""); p.status != 200 {
		t.Fatalf("provider page: %d %s", p.status, p.body)
	}

	refusals := []struct {
		name, method, path, body string
	}{
		{"no token", "GET", callPath + "/signal", ""},
		{"a tampered token", "GET", callPath + "/signal" + q(userToken+"x"), ""},
		{"another call's token", "GET", callPath + "/signal" + q(otherToken), ""},
		{"the user's page with another call's token", "GET", callPath + "/session" + q(otherToken), ""},
		{"the user offering as provider", "POST", callPath + "/answer" + q(userToken), `{"sdp":"v=0\r\n"}`},
		{"the provider page with a user token", "GET", "/v1/provider-session" + q(userToken), ""},
		{"an API key is no session token", "GET", callPath + "/signal" + q(key), ""},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			checkEnvelope(t, e.request(t, tc.method, tc.path, "", tc.body), 401, 190, "")
		})
	}

	offer := `{"sdp":"v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\n"}`
	answer := `{"sdp":"v=0\r\no=- 3 4 IN IP4 127.0.0.1\r\ns=-\r\n"}`
	steps := []struct {
		name, method, path, body string
		status                   int
		want                     string
	}{
		{"an offer without a body", "POST", callPath + "/offer" + q(userToken), "", 400,
			`"details":"request body: expected a JSON object, found an empty body"`},
		{"the user offers", "POST", callPath + "/offer" + q(userToken), offer, 200, `"state":"ringing"`},
		{"the provider sees it ring", "GET", "/v1/provider-session/calls" + q(providerToken), "", 200, `"call_id":"` + id + `"`},
		{"the provider reads the offer", "GET", callPath + "/signal" + q(providerToken), "", 200, `"offer":"v=0`},
		{"a bad answer", "POST", callPath + "/answer" + q(providerToken), `{"sdp":"hello"}`, 400, "sdp: not a session description"},
		{"the provider answers", "POST", callPath + "/answer" + q(providerToken), answer, 200, `"state":"connected"`},
		// Steps that belong before the answer say the call is connected,
		// not over, and change nothing.
		{"a second answer", "POST", callPath + "/answer" + q(providerToken), answer, 409,
			`"message":"(#100) Call already connected"`},
		{"a second offer", "POST", callPath + "/offer" + q(userToken), offer, 409,
			`"details":"This call is connected: an offer is taken only before the provider answers. Hang up to end it."`},
		{"a decline once connected", "POST", callPath + "/decline" + q(providerToken), "", 409,
			`"details":"This call is connected: decline applies to a call that rings. Hang up to end it."`},
		{"the provider's list keeps it, connected", "GET", "/v1/provider-session/calls" + q(providerToken), "", 200,
			`"call_id":"` + id + `","state":"connected"`},
		{"the user reads the answer", "GET", callPath + "/signal" + q(userToken), "", 200, `"answer":"v=0`},
		{"the user hangs up", "POST", callPath + "/hangup" + q(userToken), "", 200, `"state":"ended"`},
		{"the provider sees the end", "GET", callPath + "/signal" + q(providerToken), "", 200, `"state":"ended"`},
		{"the user's page is sent to redirect_url", "GET", callPath + "/signal" + q(userToken), "", 200, `"redirect_url":"https://shop.example.com/thanks"`},
		{"an ended call takes no offer", "POST", callPath + "/offer" + q(userToken), offer, 409, `"details":"This call has ended."`},
		{"nor an answer", "POST", callPath + "/answer" + q(providerToken), answer, 409, `"message":"(#100) Call is over"`},
		{"the provider's list drops it", "GET", "/v1/provider-session/calls" + q(providerToken), "", 200, `{"data":[]}`},
	}
	run := func(steps []struct {
		name, method, path, body string
		status                   int
		want                     string
	}) {
		t.Helper()
		for _, st := range steps {
			r := e.request(t, st.method, st.path, "", st.body)
			if r.status != st.status || !strings.Contains(string(r.body), st.want) {
				t.Fatalf("%s: %d %s, want %d with %s", st.name, r.status, r.body, st.status, st.want)
			}
		}
	}
	run(steps)
	// The call is over: pat takes the next one, and declines it.
	_, nextID, nextURL := e.createCall(t, key, body)
	nextToken := nextURL.Query().Get("metadata")
	run([]struct {
		name, method, path, body string
		status                   int
		want                     string
	}{
		{"the next call rings", "POST", "/v1/calls/" + nextID + "/offer" + q(nextToken), offer, 200, `"state":"ringing"`},
		{"the provider declines it", "POST", "/v1/calls/" + nextID + "/decline" + q(providerToken), "", 200, `"state":"cancelled"`},
		{"a declined call is over", "POST", "/v1/calls/" + nextID + "/decline" + q(providerToken), "", 409, `"details":"This call was cancelled."`},
	})
	c, err := e.stack.Deps.Calls().GetCall(context.Background(), id)
	if err != nil || c.State != "ended" || c.EndedBy != "user" || c.ConnectedAt == nil || c.EndedAt == nil {
		t.Fatalf("stored %+v, %v", c, err)
	}
}

// TestCallLinksThatDoNotWork: a page link that does not work shows a
// browser a small HTML page of the 401 and gives any other client the
// envelope; a session token sent to an API route as the bearer is refused
// saying what to send instead.
func TestCallLinksThatDoNotWork(t *testing.T) {
	e := newEnv(t, 0)
	key := e.mint(t, "acme", auth.ScopeMessaging)
	res := e.putProvider(t, admin.Event{ZBAID: "acme", ProviderID: "pat", Name: "Pat", Skills: []string{"plumbing"},
		Languages: []string{"fr"}, Location: &admin.Location{Latitude: 45.76, Longitude: 4.84}})
	providerLink, _ := url.Parse(res.ProviderURL)
	_, id, callURL := e.createCall(t, key, `{"redirect_url":"https://shop.example.com/thanks","location":{"latitude":45.764,"longitude":4.8357}}`)
	userToken := callURL.Query().Get("metadata")
	tampered := "?metadata=" + url.QueryEscape(userToken+"x")
	const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"
	cases := []struct {
		name, path, accept string
		html               bool
	}{
		{"a browser opens a tampered call_url", "/v1/calls/" + id + "/session" + tampered, browser, true},
		{"a browser opens a tampered provider link", "/v1/provider-session" + tampered, browser, true},
		{"a browser opens the provider link without its token", providerLink.Path, browser, true},
		{"curl opens a tampered call_url", "/v1/calls/" + id + "/session" + tampered, "*/*", false},
		{"a client asking for JSON", "/v1/provider-session" + tampered, "application/json", false},
		{"signalling answers a browser in JSON", "/v1/calls/" + id + "/signal" + tampered, browser, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, _ := http.NewRequest("GET", e.url+tc.path, nil)
			req.Header.Set("Accept", tc.accept)
			resp, err := testClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			ct := resp.Header.Get("Content-Type")
			if resp.StatusCode != 401 || resp.Header.Get(apperr.TraceHeader) == "" {
				t.Fatalf("%d %s", resp.StatusCode, body)
			}
			if !tc.html {
				if ct != "application/json" || !strings.Contains(string(body), `"code":190`) {
					t.Fatalf("want the envelope: %s %s", ct, body)
				}
				return
			}
			if !strings.HasPrefix(ct, "text/html") || !strings.Contains(string(body), "This call link does not work") ||
				!strings.Contains(string(body), resp.Header.Get(apperr.TraceHeader)) || strings.Contains(string(body), "<script") ||
				!strings.Contains(resp.Header.Get("Content-Security-Policy"), "default-src 'none'") {
				t.Fatalf("want the HTML page: %s %v %s", ct, resp.Header, body)
			}
		})
	}
	r := e.request(t, "POST", "/v1/calls", "Bearer "+userToken, `{"redirect_url":"https://shop.example.com/thanks","address":"Lyon, France"}`)
	checkEnvelope(t, r, 401, 190, auth.ErrSessionToken.Details)

	// A provider's link stops working when the provider is put again (an
	// edit hands out a new link) or removed; a provider put anew under the
	// same id is not reached with the removed one's link.
	const revoked = "This provider link no longer works: the provider was changed or removed since it was made. Use the link of the provider's latest put."
	page := func(link string) response {
		u, _ := url.Parse(link)
		return e.request(t, "GET", "/v1/provider-session/calls?metadata="+url.QueryEscape(u.Query().Get("metadata")), "", "")
	}
	if r := page(res.ProviderURL); r.status != 200 {
		t.Fatalf("the link before the put: %d %s", r.status, r.body)
	}
	again := e.putProvider(t, admin.Event{ZBAID: "acme", ProviderID: "pat", Name: "Pat M.", Skills: []string{"plumbing"},
		Languages: []string{"fr"}, Location: &admin.Location{Latitude: 45.76, Longitude: 4.84}})
	checkEnvelope(t, page(res.ProviderURL), 401, 190, revoked)
	if r := page(again.ProviderURL); r.status != 200 {
		t.Fatalf("the link of the latest put: %d %s", r.status, r.body)
	}
	if _, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionRemoveProvider, ZBAID: "acme", ProviderID: "pat"}); err != nil {
		t.Fatal(err)
	}
	checkEnvelope(t, page(again.ProviderURL), 401, 190, revoked)
	e.putProvider(t, admin.Event{ZBAID: "acme", ProviderID: "pat", Name: "Another Pat", Skills: []string{"roofing"},
		Languages: []string{"fr"}, Location: &admin.Location{Latitude: 45.76, Longitude: 4.84}})
	checkEnvelope(t, page(again.ProviderURL), 401, 190, revoked)
	checkEnvelope(t, page(res.ProviderURL), 401, 190, revoked)
}
