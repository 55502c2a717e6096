package calls_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"svc/internal/routes"
	"svc/internal/wire/calls"
)

// TestPagesAreTheRoutes: the page paths the call service hands out are
// served by the page routes of the table, with the call id as its path
// parameter.
func TestPagesAreTheRoutes(t *testing.T) {
	mux := http.NewServeMux()
	for _, r := range routes.All {
		mux.HandleFunc(r.Pattern(), func(w http.ResponseWriter, req *http.Request) {
			w.Header().Set("X-Route", r.Function.Name)
			w.Header().Set("X-Call-Id", req.PathValue(routes.ParamCallID))
		})
	}
	pages := calls.Pages()
	for _, tc := range []struct {
		name, path string
		route      routes.Route
		callID     string
	}{
		{"a call's user page", pages.User("0c9e1b2a-5d7f-4e8a-9b0c-1d2e3f405162"), routes.CallPage, "0c9e1b2a-5d7f-4e8a-9b0c-1d2e3f405162"},
		{"an id that needs escaping", pages.User("a/b c"), routes.CallPage, "a/b c"},
		{"a provider's page", pages.Provider, routes.ProviderPage, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, httptest.NewRequest("GET", "https://api.example"+tc.path+"?metadata=x", nil))
			if got := rec.Header().Get("X-Route"); got != tc.route.Function.Name {
				t.Fatalf("%s is served by %q, want %q", tc.path, got, tc.route.Function.Name)
			}
			if got := rec.Header().Get("X-Call-Id"); got != tc.callID {
				t.Fatalf("%s names call %q, want %q", tc.path, got, tc.callID)
			}
		})
	}
}
