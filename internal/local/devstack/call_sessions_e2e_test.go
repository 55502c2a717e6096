package devstack_test

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"svc/internal/feature/account/auth"
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
		})
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
		{"latitude out of range", key, `{` + redirect + `,"location":{"latitude":95,"longitude":4}}`, 400, 100, "location.latitude: must be within -90 and 90"},
		{"no place", key, `{` + redirect + `}`, 400, 131008, ""},
		{"http redirect elsewhere", key, `{"redirect_url":"http://shop.example.com/","location":{"latitude":1,"longitude":2}}`, 400, 100, ""},
		{"not JSON", key, `{"redirect_url":`, 400, 100, "request body: not valid JSON"},
	}
	for _, tc := range refused {
		t.Run(tc.name, func(t *testing.T) {
			r, _, _ := e.createCall(t, tc.key, tc.body)
			checkEnvelope(t, r, tc.status, tc.code, tc.details)
		})
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
