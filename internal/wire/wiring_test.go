package wire_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/platform/config"
	"svc/internal/platform/metrics"
	"svc/internal/routes"
	"svc/internal/routes/routestest"
	"svc/internal/wire"
	"svc/internal/wire/accounts"
	"svc/internal/wire/calls/session"
	"svc/internal/wire/catalog"
	"svc/internal/wire/templates"
	"svc/internal/wire/templates/handoff"
	"svc/internal/wire/templates/paging"
	"svc/internal/wire/versions"
	"svc/internal/wire/webhooks"
)

// builders is every function's constructor, by function name.
func builders(t *testing.T) map[string]wire.Builder {
	t.Helper()
	out := map[string]wire.Builder{}
	for _, b := range catalog.All() {
		name := b.Entry().Name
		if _, dup := out[name]; dup {
			t.Errorf("function %s has two constructors", name)
		}
		out[name] = b
	}
	kinds := len(catalog.Routes) + len(catalog.Consumers) + len(catalog.Schedules) + 2 // authorizer, admin
	if kinds != len(out) {
		t.Errorf("catalog lists %d functions by kind but %d in all", kinds, len(out))
	}
	return out
}

func getenv(env map[string]string) func(string) string {
	return func(k string) string { return env[k] }
}

// TestEveryFunctionBuildsFromItsDeployedEnvironment builds every function of
// the route table from the environment the stack gives it: each has one
// constructor, built for its own entry, that finds everything it needs and
// asks for nothing its entry does not declare, nor leaves a declared
// dependency unused.
func TestEveryFunctionBuildsFromItsDeployedEnvironment(t *testing.T) {
	all := builders(t)
	for _, f := range routes.Functions() {
		t.Run(f.Name, func(t *testing.T) {
			b, ok := all[f.Name]
			if !ok {
				t.Fatalf("no constructor: add one to the wiring package of its feature")
			}
			if !reflect.DeepEqual(b.Entry(), f) {
				t.Fatalf("constructor built for %+v, the route table says %+v", b.Entry(), f)
			}
			h, d, err := b.Any(getenv(routestest.Deployed(f, nil)))
			if err != nil {
				t.Fatal(err)
			}
			if h == nil || reflect.ValueOf(h).IsNil() {
				t.Fatal("built no handler")
			}
			if unused := d.Unused(); len(unused) > 0 {
				t.Errorf("declares %v but never uses it: drop it from the route table entry (and the grant)", unused)
			}
		})
	}
	for name := range all {
		if !slices.ContainsFunc(routes.Functions(), func(f routes.Function) bool { return f.Name == name }) {
			t.Errorf("constructor for %s, which the route table does not list", name)
		}
	}
}

// TestAMissingVariableFailsTheColdStart removes each variable the stack sets
// in turn: the build fails and names it.
func TestAMissingVariableFailsTheColdStart(t *testing.T) {
	all := builders(t)
	for _, f := range routes.Functions() {
		env := routestest.Deployed(f, nil)
		for _, name := range slices.Sorted(maps.Keys(env)) {
			if name == config.EnvLogLevel || name == config.EnvPublicBaseURL || name == config.EnvMetricsNamespace || strings.HasPrefix(name, "AWS_") {
				continue // optional: info level, links from the request's host, the local stack's namespace, the SDK's own defaults
			}
			t.Run(f.Name+"/"+name, func(t *testing.T) {
				without := maps.Clone(env)
				delete(without, name)
				_, _, err := all[f.Name].Any(getenv(without))
				if err == nil || !strings.Contains(err.Error(), name) {
					t.Fatalf("built without %s: %v", name, err)
				}
			})
		}
	}
}

// TestAnUndeclaredDependencyFailsTheColdStart gives each function's
// constructor an entry without one of its dependencies: the build fails
// naming what it asked for.
func TestAnUndeclaredDependencyFailsTheColdStart(t *testing.T) {
	cases := []struct {
		name string
		f    wire.Function[any]
		edit func(*routes.Function)
		want string
	}{
		{"create-template without its queue", anyOf(handoff.CreateTemplate), func(f *routes.Function) { f.Sends = nil }, "queue classifier"},
		{"list-templates without its secret", anyOf(paging.ListTemplates), func(f *routes.Function) { f.Secrets = nil }, "secret page-cursors"},
		{"call-signal given the webhook secret for its own", anyOf(session.CallSignal),
			func(f *routes.Function) { f.Secrets = []routes.Secret{routes.SecretWebhooks} }, "secret call-sessions"},
		{"admin without the call sessions' secret", anyOf(accounts.Admin),
			func(f *routes.Function) { f.Secrets = []routes.Secret{routes.SecretWebhooks} }, "secret call-sessions"},
		{"admin not allowed to flush the authorizer cache", anyOf(accounts.Admin),
			func(f *routes.Function) { f.FlushesAuthorizers = false }, "the authorizer cache"},
		{"webhooks without the webhook secret", anyOf(webhooks.Webhooks), func(f *routes.Function) { f.Secrets = nil }, "secret webhooks"},
		{"get-template without the table", anyOf(templates.GetTemplate), func(f *routes.Function) { f.Table, f.RateCounter = routes.TableNone, false }, "the table"},
		{"webhooks without its dead-letter queue", anyOf(webhooks.Webhooks), func(f *routes.Function) { f.DeadLetters = nil }, "queue webhooks-dlq"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.edit(&tc.f.Spec)
			_, _, err := tc.f.New(getenv(routestest.Deployed(tc.f.Spec, nil)), nil)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "does not declare") {
				t.Fatalf("built with an undeclared dependency: %v", err)
			}
		})
	}
}

// TestMetricsNamespace: a function publishes under the namespace its
// environment gives, metrics.Namespace when it gives none, and a namespace
// CloudWatch would drop fails the cold start, naming the variable.
func TestMetricsNamespace(t *testing.T) {
	for _, tc := range []struct{ value, want, wantErr string }{
		{value: "", want: metrics.Namespace},
		{value: "svc/Svc-dev", want: "svc/Svc-dev"},
		{value: "AWS/Lambda", wantErr: config.EnvMetricsNamespace},
		{value: "svc/a,b", wantErr: config.EnvMetricsNamespace},
	} {
		t.Run(tc.value, func(t *testing.T) {
			env := routestest.Deployed(routes.Versions.Function, nil)
			env[config.EnvMetricsNamespace] = tc.value
			var got string
			_, _, err := anyOf(versions.Versions).New(getenv(env), func(d *wire.Deps) { got = d.MetricsNamespace() })
			switch {
			case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
				t.Fatalf("built with namespace %q: %v", tc.value, err)
			case tc.wantErr == "" && (err != nil || got != tc.want):
				t.Fatalf("namespace %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// anyOf is f with its handler untyped, so one table holds every kind.
func anyOf[H any](f wire.Function[H]) wire.Function[any] {
	spec := f.Spec
	spec.Sends = slices.Clone(spec.Sends)
	spec.DeadLetters = slices.Clone(spec.DeadLetters)
	spec.Secrets = slices.Clone(spec.Secrets)
	return wire.Function[any]{Spec: spec, Build: func(d *wire.Deps) (any, error) { return f.Build(d) }}
}

// TestEveryRouteEmitsMetrics builds every HTTP route's function as the
// stack deploys it and serves it one request (without a key, or with a path
// that names nothing): each answers it with a record of its own in the
// function's recorder, so no route's wiring leaves its metrics out.
func TestEveryRouteEmitsMetrics(t *testing.T) {
	// Any call to AWS fails at once rather than reaching out.
	for k, v := range map[string]string{"AWS_ENDPOINT_URL": "http://127.0.0.1:1", "AWS_ACCESS_KEY_ID": "test",
		"AWS_SECRET_ACCESS_KEY": "test", "AWS_EC2_METADATA_DISABLED": "true"} {
		t.Setenv(k, v)
	}
	served := map[string]bool{}
	for _, f := range catalog.Routes {
		t.Run(f.Spec.Name, func(t *testing.T) {
			var buf bytes.Buffer
			h, _, err := f.New(getenv(routestest.Deployed(f.Spec, map[string]string{"AWS_ENDPOINT_URL": "http://127.0.0.1:1"})),
				func(d *wire.Deps) {
					d.Metrics, d.Log = metrics.New(&buf, d.MetricsNamespace(), f.Spec.Name), slog.New(slog.DiscardHandler)
				})
			if err != nil {
				t.Fatal(err)
			}
			r := routeOf(t, f.Spec.Name)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if _, err := h(ctx, events.APIGatewayProxyRequest{HTTPMethod: r.Method, Resource: r.GatewayPath(), Path: r.GatewayPath(),
				RequestContext: events.APIGatewayProxyRequestContext{RequestID: "trace"}}); err != nil {
				t.Fatal(err)
			}
			var rec struct {
				AWS struct {
					CloudWatchMetrics []struct{ Namespace string }
				} `json:"_aws"`
				Function string
				Requests float64
			}
			if err := json.Unmarshal(bytes.SplitN(buf.Bytes(), []byte("\n"), 2)[0], &rec); err != nil || rec.Function != f.Spec.Name {
				t.Fatalf("no metrics record of %s for a request: %v %q", f.Spec.Name, err, buf.Bytes())
			}
			// The stack's namespace, from the environment it deploys.
			if m := rec.AWS.CloudWatchMetrics; len(m) != 1 || m[0].Namespace != metrics.StackNamespace("Svc") {
				t.Errorf("record published under %+v, want the stack's namespace %s", m, metrics.StackNamespace("Svc"))
			}
			served[f.Spec.Name] = true
		})
	}
	for _, r := range routes.All {
		if !served[r.Name] {
			t.Errorf("route %s was not served", r.Name)
		}
	}
}

// routeOf is the main route of the named function.
func routeOf(t *testing.T, name string) routes.Route {
	t.Helper()
	for _, r := range routes.All {
		if r.Name == name && r.Variant == "" {
			return r
		}
	}
	t.Fatalf("no route %s", name)
	return routes.Route{}
}
