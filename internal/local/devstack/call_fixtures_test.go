package devstack_test

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/feature/account/auth"
	"svc/internal/routes"
	"svc/internal/transport/admin"
)

// loadFixture reads the API Gateway event of a route from events/.
func loadFixture(t *testing.T, r routes.Route) events.APIGatewayProxyRequest {
	t.Helper()
	raw, err := os.ReadFile("../../../events/apigateway-" + r.Name + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var ev events.APIGatewayProxyRequest
	if err := json.Unmarshal(raw, &ev); err != nil {
		t.Fatal(err)
	}
	if ev.HTTPMethod != r.Method || ev.Resource != r.GatewayPath() {
		t.Fatalf("fixture is %s %s, route is %s %s", ev.HTTPMethod, ev.Resource, r.Method, r.Path)
	}
	return ev
}

// TestCallSessionFixtures replays the fixture of every call session route
// (a browser's request: no key, the session token in metadata) on real
// calls: the fixture's call id and token are replaced by a live call's.
func TestCallSessionFixtures(t *testing.T) {
	e := newEnv(t, 0)
	key := e.mint(t, "acme-1", auth.ScopeMessaging)
	p, err := e.stack.Deps.Authenticator().Authenticate(context.Background(), "Bearer "+key)
	if err != nil {
		t.Fatal(err)
	}
	res := e.putProvider(t, admin.Event{ZBAID: "acme-1", ProviderID: "pat", Name: "Pat", Skills: []string{"plumbing"},
		Languages: []string{"fr"}, Location: &admin.Location{Latitude: 45.76, Longitude: 4.84}})
	link, _ := url.Parse(res.ProviderURL)
	providerToken := link.Query().Get("metadata")
	handlers := e.stack.Handlers
	newCall := func() (id, token string) {
		ev := loadFixture(t, routes.CreateCall)
		ev.RequestContext.Authorizer = p.Context()
		resp, err := handlers[routes.CreateCall.Name](context.Background(), ev)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("create: %d %s %v", resp.StatusCode, resp.Body, err)
		}
		var out struct{ CallID, CallURL string }
		_ = json.Unmarshal([]byte(strings.NewReplacer("call_id", "CallID", "call_url", "CallURL").Replace(resp.Body)), &out)
		u, _ := url.Parse(out.CallURL)
		return out.CallID, u.Query().Get("metadata")
	}
	// pat is in one call at a time: the second call is made once the
	// first is over (the step with newCall).
	first, userToken := newCall()
	var second, secondToken string
	steps := []struct {
		route       routes.Route
		call, token *string
		want        string
		before      func()
	}{
		{route: routes.CallPage, call: &first, token: &userToken, want: "<!doctype html>"},
		{route: routes.ProviderPage, call: new(string), token: &providerToken, want: "Incoming calls"},
		{route: routes.CallOffer, call: &first, token: &userToken, want: `"state":"ringing"`},
		{route: routes.ProviderCalls, call: new(string), token: &providerToken, want: `"call_id":"` + first + `"`},
		{route: routes.CallSignal, call: &first, token: &providerToken, want: `"offer":"v=0`},
		{route: routes.CallAnswer, call: &first, token: &providerToken, want: `"state":"connected"`},
		{route: routes.CallHangup, call: &first, token: &userToken, want: `"state":"ended"`},
		{route: routes.CallOffer, call: &second, token: &secondToken, want: `"state":"ringing"`,
			before: func() { second, secondToken = newCall() }},
		{route: routes.CallDecline, call: &second, token: &providerToken, want: `"state":"cancelled"`},
	}
	covered := map[string]bool{}
	for _, step := range steps {
		if step.before != nil {
			step.before()
		}
		st := struct {
			route       routes.Route
			call, token string
			want        string
		}{step.route, *step.call, *step.token, step.want}
		covered[st.route.Name] = true
		ev := loadFixture(t, st.route)
		if !st.route.Public() || ev.Headers["Authorization"] != "" {
			t.Fatalf("%s: a session route is public and its fixture carries no key", st.route.Name)
		}
		ev.QueryStringParameters["metadata"] = st.token
		ev.MultiValueQueryStringParameters["metadata"] = []string{st.token}
		if st.call != "" {
			ev.Path = strings.Replace(ev.Path, ev.PathParameters["callId"], st.call, 1)
			ev.PathParameters["callId"] = st.call
		}
		resp, err := handlers[st.route.Name](context.Background(), ev)
		if err != nil || resp.StatusCode != 200 || !strings.Contains(resp.Body, st.want) {
			t.Fatalf("%s: %d %s (%v)", st.route.Name, resp.StatusCode, resp.Body, err)
		}
	}
	for _, r := range routes.CallSessionRoutes {
		if !covered[r.Name] {
			t.Errorf("no step replays %s's fixture", r.Name)
		}
	}
}
