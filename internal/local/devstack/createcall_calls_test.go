package devstack_test

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"svc/internal/feature/account/auth"
	"svc/internal/transport/admin"
)

// TestCreateCallStoreCalls holds POST /v1/calls to its reads of the
// provider index: one Query for the user's widest neighbourhood, a second
// for the directory only when the neighbourhoods hold fewer than three
// candidates, then one TransactWriteItems putting the call and reserving
// its provider; when the best provider is in another call, that
// transaction fails, one Query reads the busy providers and a second
// transaction reserves the next. The key's read and the rate limit are
// TestStoreCallsPerRequest's; only the route's own calls are counted.
func TestCreateCallStoreCalls(t *testing.T) {
	e, counter := countedEnv(t, "callcalls-")
	key := e.mint(t, "acme", auth.ScopeMessaging)
	put := func(id string, lat, lon float64) {
		e.putProvider(t, admin.Event{ZBAID: "acme", ProviderID: id, Name: id, Skills: []string{"plumbing"},
			Languages: []string{"fr"}, Location: &admin.Location{Latitude: lat, Longitude: lon}})
	}
	routeOwn := func() string {
		var own []string
		for _, op := range counter.calls() {
			if !slices.Contains([]string{"GetItem", "UpdateItem"}, op) { // the key and the rate limit
				own = append(own, op)
			}
		}
		return strings.Join(own, ",")
	}
	body := `{"redirect_url":"https://example.com/done","query":"plumber","location":{"latitude":45.764,"longitude":4.8357}}`
	steps := []struct {
		name      string
		providers func()
		want      string
	}{
		{"one provider near: the neighbourhoods fall short, the directory is read", func() { put("lyon", 45.76, 4.84) },
			"Query,Query,TransactWriteItems"},
		{"three near, the nearest (lyon) in the first call: the busy are read, the next is reserved",
			func() { put("villeurbanne", 45.7719, 4.8902); put("givors", 45.5906, 4.7689) },
			"Query,TransactWriteItems,Query,TransactWriteItems"},
		{"a free nearest: the widest neighbourhood's one read and the reservation", func() { put("centre", 45.764, 4.8357) },
			"Query,TransactWriteItems"},
	}
	for _, s := range steps {
		s.providers()
		counter.calls()
		if r, _, _ := e.createCall(t, key, body); r.status != 200 {
			t.Fatalf("%s: %d %s", s.name, r.status, r.body)
		}
		if got := routeOwn(); got != s.want {
			t.Errorf("%s: DynamoDB calls %q, want %q", s.name, got, s.want)
		}
	}
}

// TestCallSessionStoreCalls holds the call session routes to their store
// calls: the provider's page and list read the provider's status item
// (its link generation), the list then its calls' index; a call route
// reads the call, and writes it with its provider's reservation in one
// transaction for a step, and for a poll only when it records the side's
// poll (a step records its own; then once per call.HeartbeatEvery, and
// only while the call's deadline reads it: the user's once it rings, the
// provider's once connected).
func TestCallSessionStoreCalls(t *testing.T) {
	e, counter := countedEnv(t, "sessioncalls-")
	key := e.mint(t, "acme", auth.ScopeMessaging)
	res := e.putProvider(t, admin.Event{ZBAID: "acme", ProviderID: "pat", Name: "Pat", Skills: []string{"plumbing"},
		Languages: []string{"fr"}, Location: &admin.Location{Latitude: 45.76, Longitude: 4.84}})
	link, _ := url.Parse(res.ProviderURL)
	_, id, callURL := e.createCall(t, key, `{"redirect_url":"https://shop.example.com/thanks","location":{"latitude":45.764,"longitude":4.8357}}`)
	q := func(u *url.URL) string { return "?metadata=" + url.QueryEscape(u.Query().Get("metadata")) }
	user, prov := q(callURL), q(link)
	sdp := `{"sdp":"v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\n"}`
	steps := []struct{ name, method, path, body, want string }{
		{"the provider's page", "GET", "/v1/provider-session" + prov, "", "GetItem"},
		{"the provider's list", "GET", "/v1/provider-session/calls" + prov, "", "GetItem,Query"},
		{"the user's page", "GET", "/v1/calls/" + id + "/session" + user, "", "GetItem"},
		{"the user polls before joining: nothing to record", "GET", "/v1/calls/" + id + "/signal" + user, "", "GetItem"},
		{"the offer, recording the user's poll", "POST", "/v1/calls/" + id + "/offer" + user, sdp, "GetItem,TransactWriteItems"},
		{"the user polls again", "GET", "/v1/calls/" + id + "/signal" + user, "", "GetItem"},
		{"the provider reads the offer", "GET", "/v1/calls/" + id + "/signal" + prov, "", "GetItem"},
		{"the answer, recording the provider's poll", "POST", "/v1/calls/" + id + "/answer" + prov, sdp, "GetItem,TransactWriteItems"},
		{"the provider polls again", "GET", "/v1/calls/" + id + "/signal" + prov, "", "GetItem"},
		{"the hang-up", "POST", "/v1/calls/" + id + "/hangup" + user, "", "GetItem,TransactWriteItems"},
	}
	counter.calls()
	for _, s := range steps {
		if r := e.request(t, s.method, s.path, "", s.body); r.status != 200 {
			t.Fatalf("%s: %d %s", s.name, r.status, r.body)
		}
		if got := strings.Join(counter.calls(), ","); got != s.want {
			t.Errorf("%s: DynamoDB calls %q, want %q", s.name, got, s.want)
		}
	}
}
