package devstack_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"

	"svc/internal/feature/account/auth"
	"svc/internal/local/devstack"
	"svc/internal/platform/config"
)

// capEnv is a local stack whose functions cap templates per ZBA at limit,
// set in the stack's environment as make run would pass it on.
func capEnv(t *testing.T, limit int) *env {
	t.Helper()
	name := "cap-" + randomSuffix()
	process := map[string]string{config.EnvTemplateCap: fmt.Sprint(limit)}
	st, err := devstack.Open(context.Background(), devstack.Options{
		DynamoEndpoint: ddbEndpoint, SQSEndpoint: sqsEndpoint, TableName: name, QueuePrefix: name + "-",
		Log: quietLog(), Getenv: func(k string) string { return process[k] },
	})
	if err != nil {
		t.Fatal(err)
	}
	return serve(t, st)
}

// TestTemplateCapE2E: over HTTP, a ZBA's creates stop at the configured cap
// with a 400 in the interface's envelope that says the cap and how to make
// room; edits do not count, another ZBA has its own count, and a delete by
// name frees as many places as it removed languages.
func TestTemplateCapE2E(t *testing.T) {
	e := capEnv(t, 3)
	key := e.mint(t, "acme", auth.ScopeManagement)
	rival := e.mint(t, "rival", auth.ScopeManagement)
	base := fmt.Sprintf(tplPath, "acme")
	create := func(k, path, name, lang string) func() response {
		return func() response {
			return e.do(t, "POST", path, k, tplBody(name, lang, "UTILITY", "Your order has shipped and will arrive on Monday."))
		}
	}
	capDetails := "This ZBA holds its limit of 3 templates (each language of a name counts as one). " +
		"Delete templates it no longer needs (DELETE message_templates with name or hsm_id) to create more."
	steps := []struct {
		name   string
		do     func() response
		status int
		capped bool
		body   string
	}{
		{"order en", create(key, base, "order", "en"), 200, false, ""},
		{"order de", create(key, base, "order", "de"), 200, false, ""},
		{"order fr", create(key, base, "order", "fr"), 200, false, ""},
		{"over the cap", create(key, base, "promo", "en"), 400, true, ""},
		{"an edit", func() response {
			return e.do(t, "POST", base+"/acme_order_en", key, tplBody("order", "en", "UTILITY", "Your parcel has shipped."))
		}, 200, false, ""},
		{"still over the cap", create(key, base, "promo", "en"), 400, true, ""},
		{"a duplicate at the cap is a duplicate", create(key, base, "order", "de"), 400, false, "Content in this language already exists"},
		{"another ZBA", create(rival, fmt.Sprintf(tplPath, "rival"), "promo", "en"), 200, false, ""},
		{"delete order by name", func() response { return e.do(t, "DELETE", base+"?name=order", key, "") }, 200, false, `"deleted":3`},
		{"room again", create(key, base, "promo", "en"), 200, false, ""},
		{"room again, two", create(key, base, "promo", "de"), 200, false, ""},
		{"room again, three", create(key, base, "promo", "fr"), 200, false, ""},
		{"over the cap again", create(key, base, "promo", "es"), 400, true, ""},
		{"delete one by id", func() response {
			return e.do(t, "DELETE", base+"?hsm_id="+url.QueryEscape("acme_promo_de"), key, "")
		}, 200, false, `"success":true`},
		{"room for one", create(key, base, "promo", "es"), 200, false, ""},
		{"and none more", create(key, base, "promo", "it"), 400, true, ""},
	}
	for _, st := range steps {
		r := st.do()
		if r.status != st.status || !strings.Contains(string(r.body), st.body) {
			t.Fatalf("%s: %d %s, want %d with %q", st.name, r.status, r.body, st.status, st.body)
		}
		if st.capped {
			checkEnvelope(t, r, 400, 100, capDetails)
		}
	}
}

// TestTemplateCapConcurrentCreates: creates racing for the last places
// never take a ZBA past its cap: exactly the free places are taken, every
// other create is the cap's 400, and none fails otherwise.
func TestTemplateCapConcurrentCreates(t *testing.T) {
	const limit, tries = 4, 10
	e := capEnv(t, limit)
	key := e.mint(t, "acme", auth.ScopeManagement)
	base := fmt.Sprintf(tplPath, "acme")
	statuses := map[int]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range tries {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := e.do(t, "POST", base, key, tplBody(fmt.Sprintf("race_%d", i), "en", "UTILITY", "Your order has shipped."))
			mu.Lock()
			statuses[r.status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	if statuses[200] != limit || statuses[400] != tries-limit {
		t.Fatalf("statuses %v: want %d created and %d refused", statuses, limit, tries-limit)
	}
	page := decode[listPage](t, e.do(t, "GET", base, key, ""))
	if len(page.Data) != limit {
		t.Fatalf("%d templates stored, want %d", len(page.Data), limit)
	}
}
