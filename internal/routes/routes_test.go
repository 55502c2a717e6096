package routes_test

import (
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"svc/internal/feature/account/auth"
	"svc/internal/routes"
)

func TestRouteTable(t *testing.T) {
	names := map[string]bool{}
	patterns := map[string]bool{}
	mux := http.NewServeMux()
	seg := regexp.MustCompile(`^(\{[A-Za-z][A-Za-z0-9]*\}|[A-Za-z0-9._-]+)$`)
	for _, f := range routes.Functions() {
		if names[f.Name] {
			t.Errorf("function name %s appears twice", f.Name)
		}
		names[f.Name] = true
		if !regexp.MustCompile(`^[a-z][a-z0-9-]*$`).MatchString(f.Name) {
			t.Errorf("function name %q is not a folder-style name", f.Name)
		}
	}
	for _, r := range routes.All {
		if patterns[r.Pattern()] {
			t.Errorf("route %s repeats %s", r.Name, r.Pattern())
		}
		patterns[r.Pattern()] = true
		for _, s := range strings.Split(strings.TrimPrefix(r.Path, "/"), "/") {
			if !seg.MatchString(s) {
				t.Errorf("route %s: path segment %q is not API Gateway syntax", r.Name, s)
			}
		}
		if r.Scope != "" && r.Scope != auth.ScopeManagement && r.Scope != auth.ScopeMessaging {
			t.Errorf("route %s: unknown scope %q", r.Name, r.Scope)
		}
		if strings.HasPrefix(r.Path, routes.BusinessPrefix+"/") && r.Public() {
			t.Errorf("route %s: business routes need a key (interface section 5)", r.Name)
		}
		mux.HandleFunc(r.Pattern(), func(http.ResponseWriter, *http.Request) {}) // panics on conflicts
	}
	ids := map[string]bool{}
	for _, r := range routes.All {
		if ids[r.ID()] {
			t.Errorf("route id %s appears twice", r.ID())
		}
		ids[r.ID()] = true
		// A variant follows its function's first route and keeps its
		// scope and limit, so the function is guarded alike on both.
		if first := routes.RoutesOf(r.Name)[0]; r.Variant != "" &&
			(first.Variant != "" || first.Scope != r.Scope || first.RateLimited != r.RateLimited) {
			t.Errorf("route %s: its function's first route is %s", r.ID(), first.ID())
		}
	}
	if !routes.Versions.Public() {
		t.Error("GET /versions needs no key (interface section 5)")
	}
}

// TestGatewayResourceTree holds API Gateway's rule for a REST API's
// resource tree: among the children of one resource, at most one is a
// variable. A table that breaks it synthesizes but fails at deploy.
func TestGatewayResourceTree(t *testing.T) {
	variable := map[string]string{} // parent path -> the variable child's name
	for _, r := range routes.All {
		segs := strings.Split(strings.TrimPrefix(r.GatewayPath(), "/"), "/")
		for i, s := range segs {
			if !strings.HasPrefix(s, "{") {
				continue
			}
			parent := "/" + strings.Join(segs[:i], "/")
			if v, ok := variable[parent]; ok && v != s {
				t.Errorf("route %s: %s has two variable children, %s and %s", r.Name, parent, v, s)
			}
			variable[parent] = s
		}
		if len(r.Params()) != len(r.GatewayParams()) {
			t.Errorf("route %s: %v and gateway %v", r.Name, r.Params(), r.GatewayParams())
		}
	}
	tests := []struct {
		route   routes.Route
		gateway map[string]string
		want    map[string]string
	}{
		{routes.GetTemplate, map[string]string{routes.GatewayNodeParam: "acme", routes.ParamTemplateID: "acme_a_en"},
			map[string]string{routes.ParamZBA: "acme", routes.ParamTemplateID: "acme_a_en"}},
		{routes.SendMessage, map[string]string{routes.GatewayNodeParam: "15550001111"},
			map[string]string{routes.ParamPhoneNumberID: "15550001111"}},
		{routes.CallOffer, map[string]string{routes.ParamCallID: "c1"}, map[string]string{routes.ParamCallID: "c1"}},
		{routes.Versions, nil, nil},
	}
	for _, tt := range tests {
		got := tt.route.RouteParams(tt.gateway)
		if len(got) != len(tt.want) {
			t.Errorf("%s: %v, want %v", tt.route.Name, got, tt.want)
		}
		for k, v := range tt.want {
			if got[k] != v {
				t.Errorf("%s: %v, want %v", tt.route.Name, got, tt.want)
			}
		}
	}
}

func TestParams(t *testing.T) {
	if got := routes.ListTemplates.Params(); len(got) != 1 || got[0] != routes.ParamZBA {
		t.Fatalf("params %v", got)
	}
}

func TestQueues(t *testing.T) {
	for _, q := range routes.Queues {
		if q.VisibilityTimeout() < 6*q.ConsumerTimeout {
			t.Errorf("queue %s: visibility timeout below 6x the consumer timeout", q.Name)
		}
		if q.DLQName() == q.Name {
			t.Errorf("queue %s: DLQ shares its name", q.Name)
		}
	}
	if routes.MaxReceiveCount != 5 {
		t.Errorf("max receive count %d, design says 5", routes.MaxReceiveCount)
	}
	for _, c := range routes.Consumers {
		if c.MaxConcurrency < routes.MinMaxConcurrency || c.MaxConcurrency > routes.MaxMaxConcurrency {
			t.Errorf("consumer %s: MaxConcurrency %d is outside Lambda's %d..%d", c.Name, c.MaxConcurrency,
				routes.MinMaxConcurrency, routes.MaxMaxConcurrency)
		}
	}
}

func TestAccessActions(t *testing.T) {
	if routes.TableNone.Actions() != nil {
		t.Error("no table access grants nothing")
	}
	tests := []struct {
		access routes.Access
		want   string
	}{
		{routes.TableGet, "dynamodb:GetItem"},
		{routes.TableRead, "dynamodb:GetItem dynamodb:Query"},
		{routes.TableGet | routes.TableUpdate, "dynamodb:GetItem dynamodb:UpdateItem"},
		{routes.TableWrite, "dynamodb:GetItem dynamodb:Query dynamodb:PutItem dynamodb:ConditionCheckItem dynamodb:UpdateItem dynamodb:DeleteItem"},
	}
	for _, tc := range tests {
		if got := strings.Join(tc.access.Actions(), " "); got != tc.want {
			t.Errorf("%d: %s, want %s", tc.access, got, tc.want)
		}
	}
	for _, r := range routes.All {
		if r.RateLimited != r.RateCounter {
			t.Errorf("route %s: rate limited %v, but RateCounter %v", r.Name, r.RateLimited, r.RateCounter)
		}
	}
}

// TestSecrets: each secret has a variable of its own, and each function
// names a secret of routes.Secrets at most once.
func TestSecrets(t *testing.T) {
	vars := map[string]routes.Secret{}
	for _, s := range routes.Secrets {
		if other, dup := vars[s.ARNEnv()]; dup {
			t.Errorf("secrets %s and %s share %s", s, other, s.ARNEnv())
		}
		vars[s.ARNEnv()] = s
	}
	for _, f := range routes.Functions() {
		seen := map[routes.Secret]bool{}
		for _, s := range f.Secrets {
			if seen[s] || !slices.Contains(routes.Secrets, s) {
				t.Errorf("%s names secret %q twice or one routes.Secrets lacks", f.Name, s)
			}
			seen[s] = true
		}
	}
}

// TestTableGrants: a function's statements are its Table actions, held to
// its Partitions; UpdateItem on the rate counters for RateCounter; Query
// on the index, held to its Index partitions.
func TestTableGrants(t *testing.T) {
	tests := []struct {
		f    routes.Function
		want string
	}{
		{routes.Versions.Function, ""},
		{routes.Admin, "table [] dynamodb:GetItem,dynamodb:Query,dynamodb:PutItem,dynamodb:ConditionCheckItem,dynamodb:UpdateItem,dynamodb:DeleteItem"},
		{routes.Authorizer, "table [api-key] dynamodb:GetItem"},
		{routes.GetTemplate.Function, "table [] dynamodb:GetItem; table [rate-counter] dynamodb:UpdateItem"},
		{routes.ReviewSweeper.Function, "table [] dynamodb:UpdateItem; index [review-due] dynamodb:Query"},
	}
	for _, tc := range tests {
		var got []string
		for _, g := range tc.f.TableGrants() {
			on := "table"
			if g.Index {
				on = "index"
			}
			got = append(got, fmt.Sprintf("%s %v %s", on, g.Partitions, strings.Join(g.Actions, ",")))
		}
		if s := strings.Join(got, "; "); s != tc.want {
			t.Errorf("%s: %s, want %s", tc.f.Name, s, tc.want)
		}
	}
}
