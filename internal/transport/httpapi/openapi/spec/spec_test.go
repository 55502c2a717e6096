package spec_test

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"svc/internal/routes"
	"svc/internal/transport/httpapi/openapi"
	"svc/internal/transport/httpapi/openapi/spec"
)

// TestCheckedInDocumentIsGenerated fails when the route table or the
// schemas changed and `make openapi` was not run.
func TestCheckedInDocumentIsGenerated(t *testing.T) {
	if !bytes.Equal([]byte(openapi.Document), spec.Build()) {
		t.Fatal("internal/transport/httpapi/openapi/openapi.json is stale: run make openapi")
	}
}

// TestDocumentMatchesRouteTable holds the checked-in document to the route
// table: every route with its method, nothing else, the scope of each
// protected route and no security on a public one.
func TestDocumentMatchesRouteTable(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]struct {
			Security *[]map[string][]string `json:"security"`
		} `json:"paths"`
	}
	if err := json.Unmarshal([]byte(openapi.Document), &doc); err != nil {
		t.Fatal(err)
	}
	want := map[string]routes.Route{}
	for _, r := range routes.All {
		want[r.Pattern()] = r
	}
	var got []string
	for path, item := range doc.Paths {
		for method, op := range item {
			pattern := strings.ToUpper(method) + " " + path
			got = append(got, pattern)
			r, ok := want[pattern]
			if !ok {
				t.Errorf("%s is in the document but not in the route table", pattern)
				continue
			}
			switch {
			case op.Security == nil:
				t.Errorf("%s: no security requirement (public routes say [])", pattern)
			case r.Public() && len(*op.Security) != 0:
				t.Errorf("%s is public but the document asks for %v", pattern, *op.Security)
			case !r.Public() && (len(*op.Security) != 1 || !slices.Equal((*op.Security)[0][spec.SecurityScheme], []string{string(r.Scope)})):
				t.Errorf("%s needs scope %s; the document says %v", pattern, r.Scope, *op.Security)
			}
		}
	}
	for pattern := range want {
		if !slices.Contains(got, pattern) {
			t.Errorf("%s is in the route table but not in the document", pattern)
		}
	}
}

// TestEveryRouteHasSchemas fails for a route whose request and response
// schemas were not written in this package.
func TestEveryRouteHasSchemas(t *testing.T) {
	if missing := spec.Missing(); len(missing) > 0 {
		t.Errorf("no schemas written for %v", missing)
	}
}

// TestDocumentIsValidOpenAPI loads the document with kin-openapi and
// validates it, references included.
func TestDocumentIsValidOpenAPI(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData([]byte(openapi.Document))
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.1.") {
		t.Errorf("openapi %q, want 3.1", doc.OpenAPI)
	}
}

// TestDocumentedErrorStatuses: the statuses a route answers beyond the
// authorizer's are in its operation: the send's throughput limit (429
// code 130429) and the call session routes' token check (401 code 190).
func TestDocumentedErrorStatuses(t *testing.T) {
	var doc struct {
		Paths map[string]map[string]struct {
			Responses map[string]any `json:"responses"`
		} `json:"paths"`
	}
	if err := json.Unmarshal([]byte(openapi.Document), &doc); err != nil {
		t.Fatal(err)
	}
	want := map[string][]routes.Route{"429": {routes.SendMessage}, "401": routes.CallSessionRoutes}
	for status, rs := range want {
		for _, r := range rs {
			if _, ok := doc.Paths[r.Path][strings.ToLower(r.Method)].Responses[status]; !ok {
				t.Errorf("%s: %s is not documented", r.Pattern(), status)
			}
		}
	}
}
