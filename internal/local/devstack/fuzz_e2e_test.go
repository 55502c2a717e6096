package devstack_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"svc/internal/feature/account/auth"
	"svc/internal/feature/message"
	"svc/internal/feature/template"
	"svc/internal/local/devstack"
	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
	"svc/internal/routes"
	"svc/internal/transport/admin"
)

// The fuzz test's knobs. The default request count takes about 10 s on a
// quiet 2-core machine (some 5 ms a request) and under 20 s on one busy
// with other builds, well under 40 s; a longer hunt raises it.
const (
	envFuzzSeed         = "SVC_FUZZ_SEED"
	envFuzzRequests     = "SVC_FUZZ_REQUESTS"
	defaultFuzzRequests = 2000
	// fuzzZBA owns the valid key; fuzzRival owns the "another ZBA's key".
	fuzzZBA   = "fuzz"
	fuzzRival = "rival"
	// maxReported bounds how many distinct failures are printed in full.
	maxReported = 25
)

// TestFuzzRoutes drives random and mutated requests at every route of
// routes.All through the local gateway over real HTTP and holds every
// response to the interface: no 5xx, a JSON body that is exactly the error
// envelope of section 7 or the route's documented success shape, the
// Content-Type and trace headers, and no success for a request whose key
// may not act on the path's ZBA.
//
// Each request is generated from its own PCG seeded with (seed, index), so
// its random choices do not depend on how earlier requests were generated;
// what it picks from (the templates created and not deleted so far, the
// cursors seen) depends on earlier responses, which is why a failure names
// the run's seed and the request count that replays the run up to it. Failures are grouped by route, status and kind of problem,
// and each group reports its smallest request: the minimal reproduction.
func TestFuzzRoutes(t *testing.T) {
	for _, r := range routes.All {
		if successShapes[r.Name] == nil {
			t.Fatalf("route %s has no success shape: add it to successShapes", r.Name)
		}
	}
	seed, n := fuzzSeed(t), fuzzRequests(t)
	t.Logf("%s=%d %s=%d", envFuzzSeed, seed, envFuzzRequests, n)
	logs := &lockedBuffer{}
	name := "fuzz-" + randomSuffix()
	st, err := devstack.Open(context.Background(), devstack.Options{
		DynamoEndpoint: ddbEndpoint, SQSEndpoint: sqsEndpoint, TableName: name, QueuePrefix: name + "-",
		// A limit no run reaches: 429s would otherwise dominate the
		// responses and hide what the handlers do with the inputs.
		RatePolicy: ratelimit.Policy{Limit: 1_000_000, Window: time.Hour},
		// The stack's logs are kept so that a failure can show the lines
		// of its trace id (a 5xx logs its cause).
		Log: slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	})
	if err != nil {
		t.Fatal(err)
	}
	e := serve(t, st)
	f := newFuzzer(t, e, seed)
	f.logs = logs
	f.prime(t)
	for i := range n {
		req := f.generate(i)
		res := f.mustSend(t, req)
		if cause, ok := f.storeStall(res); ok {
			// The one 5xx that may be the store's doing rather than the
			// input's: shown so by the stack's log, and by the same
			// request, sent again at once, getting an answer.
			again := f.mustSend(t, req)
			if again.status < 500 {
				f.stalls = append(f.stalls, fmt.Sprintf("request #%d: 503 (%s); sent again: %d", i, clip(cause, 300), again.status))
				res = again
			}
		}
		f.record(req, res, checkFuzzResponse(req, res))
		f.learn(req, res)
	}
	f.report(t, n)
}

// mustSend sends the request; the generator must only build requests an
// HTTP client can send, so an error is a bug in this test.
func (f *fuzzer) mustSend(t *testing.T, r *fuzzRequest) *fuzzResponse {
	t.Helper()
	res, err := f.send(r)
	if err != nil {
		t.Fatalf("seed %d request #%d could not be sent: %v\n%s", f.seed, r.index, err, r.dump())
	}
	return res
}

// storeStall reports whether res is a 503 with code 131016 and an integer
// Retry-After whose cause, in the stack's log for its trace id, is a
// DynamoDB or SQS call that failed or outlived the request budget
// (routes.RequestBudget): what a store outage looks like. On a loaded
// machine DynamoDB Local can stall past the budget; the caller still
// holds the request to a second answer before accepting it.
func (f *fuzzer) storeStall(res *fuzzResponse) (string, bool) {
	if res.status != 503 {
		return "", false
	}
	if _, err := strconv.Atoi(res.header.Get("Retry-After")); err != nil {
		return "", false
	}
	var env apperr.Envelope
	if json.Unmarshal(res.body, &env) != nil || env.Error.Code != apperr.CodeUnavailable {
		return "", false
	}
	for _, line := range f.logs.linesWith(res.header.Get(apperr.TraceHeader)) {
		var entry struct{ Level, Error string }
		if json.Unmarshal([]byte(line), &entry) == nil && entry.Level == "ERROR" &&
			(strings.Contains(entry.Error, "operation error DynamoDB") || strings.Contains(entry.Error, "operation error SQS")) {
			return entry.Error, true
		}
	}
	return "", false
}

// fuzzSeed is SVC_FUZZ_SEED, or a fresh random seed so that every run
// explores new inputs; the seed is logged and named by every failure.
func fuzzSeed(t *testing.T) uint64 {
	if v := os.Getenv(envFuzzSeed); v != "" {
		s, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			t.Fatalf("%s=%q: want an unsigned integer", envFuzzSeed, v)
		}
		return s
	}
	return rand.Uint64()
}

// fuzzRequests is SVC_FUZZ_REQUESTS, or defaultFuzzRequests.
func fuzzRequests(t *testing.T) int {
	if v := os.Getenv(envFuzzRequests); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			t.Fatalf("%s=%q: want a non-negative integer", envFuzzRequests, v)
		}
		return n
	}
	return defaultFuzzRequests
}

// lockedBuffer is an io.Writer the stack's handlers may write to from
// several goroutines (the gateway runs each handler in its own).
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// linesWith returns the log lines that mention s (a trace id).
func (b *lockedBuffer) linesWith(s string) []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []string
	for _, line := range strings.Split(b.buf.String(), "\n") {
		if s != "" && strings.Contains(line, s) {
			out = append(out, line)
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// JSON values the generator can build and break.
//
// encoding/json cannot write duplicate keys, lone surrogates or numbers
// beyond float64, so request bodies are built from this small model and
// written by writeJSON.

// jsonObj is a JSON object whose fields keep their order and may repeat.
type jsonObj []jsonField

type jsonField struct {
	key string
	val any
}

// jsonRaw is JSON text written verbatim (1e309, "\ud800", broken JSON).
type jsonRaw string

// writeJSON writes v: jsonObj, []any, string, int, float64, bool, nil or
// jsonRaw.
func writeJSON(b *strings.Builder, v any) {
	switch v := v.(type) {
	case jsonObj:
		b.WriteByte('{')
		for i, f := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, f.key)
			b.WriteByte(':')
			writeJSON(b, f.val)
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, x)
		}
		b.WriteByte(']')
	case jsonRaw:
		b.WriteString(string(v))
	case string:
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(v) // a string always encodes
		b.Write(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	case nil:
		b.WriteString("null")
	default:
		raw, _ := json.Marshal(v) // ints, floats and bools
		b.Write(raw)
	}
}

func encodeJSON(v any) string {
	var b strings.Builder
	writeJSON(&b, v)
	return b.String()
}

// slot is one place in a JSON value: its path and how to replace it.
type slot struct {
	path string
	get  func() any
	set  func(any)
}

// slots lists every field and element under v (not v itself), depth first.
func slots(v any, path string) []slot {
	var out []slot
	switch v := v.(type) {
	case jsonObj:
		for i := range v {
			p := path + "." + v[i].key
			out = append(out, slot{p, func() any { return v[i].val }, func(x any) { v[i].val = x }})
			out = append(out, slots(v[i].val, p)...)
		}
	case []any:
		for i := range v {
			p := fmt.Sprintf("%s[%d]", path, i)
			out = append(out, slot{p, func() any { return v[i] }, func(x any) { v[i] = x }})
			out = append(out, slots(v[i], p)...)
		}
	}
	return out
}

// objects lists every object under and including v, with its path and a
// setter that replaces it (nil for v itself, which the caller holds).
func objects(v any, path string, set func(any)) []objRef {
	var out []objRef
	switch x := v.(type) {
	case jsonObj:
		out = append(out, objRef{path, x, set})
		for i := range x {
			out = append(out, objects(x[i].val, path+"."+x[i].key, func(n any) { x[i].val = n })...)
		}
	case []any:
		for i := range x {
			out = append(out, objects(x[i], fmt.Sprintf("%s[%d]", path, i), func(n any) { x[i] = n })...)
		}
	}
	return out
}

type objRef struct {
	path string
	obj  jsonObj
	set  func(any)
}

// ---------------------------------------------------------------------------
// Valid template bodies (interface sections 2.2 and 2.3), one per shape the
// document describes: a UTILITY template with every component, a MARKETING
// template with quick replies and with a COPY_CODE button, an AUTHENTICATION
// template with its OTP button, and a minimal BODY-only one.

func obj(kv ...any) jsonObj {
	o := make(jsonObj, 0, len(kv)/2)
	for i := 0; i < len(kv); i += 2 {
		o = append(o, jsonField{kv[i].(string), kv[i+1]})
	}
	return o
}

var seedTemplates = []struct {
	name  string
	build func(name, lang string) jsonObj
}{
	{"utility with header, footer and URL button", func(name, lang string) jsonObj {
		return obj("name", name, "language", lang, "category", "UTILITY", "parameter_format", "POSITIONAL",
			"components", []any{
				obj("type", "HEADER", "format", "TEXT", "text", "Order update"),
				obj("type", "BODY", "text", "Hi {{1}}, your order {{2}} has shipped.",
					"example", obj("body_text", []any{[]any{"Ana", "A-1042"}})),
				obj("type", "FOOTER", "text", "Reply STOP to opt out"),
				obj("type", "BUTTONS", "buttons", []any{
					obj("type", "URL", "text", "Track order", "url", "https://shop.example.com/track")}),
			})
	}},
	{"marketing with quick replies", func(name, lang string) jsonObj {
		return obj("name", name, "language", lang, "category", "MARKETING",
			"components", []any{
				obj("type", "BODY", "text", "Our summer sale starts on {{1}}. Want a reminder?",
					"example", obj("body_text", []any{[]any{"Friday"}})),
				obj("type", "BUTTONS", "buttons", []any{
					obj("type", "QUICK_REPLY", "text", "Yes please"),
					obj("type", "QUICK_REPLY", "text", "No thanks")}),
			})
	}},
	{"marketing with a copy-code button", func(name, lang string) jsonObj {
		return obj("name", name, "language", lang, "category", "MARKETING",
			"components", []any{
				obj("type", "BODY", "text", "Use the code below at checkout."),
				obj("type", "BUTTONS", "buttons", []any{obj("type", "COPY_CODE", "example", "SAVE20")}),
			})
	}},
	{"authentication with an OTP button", func(name, lang string) jsonObj {
		return obj("name", name, "language", lang, "category", "AUTHENTICATION",
			"components", []any{
				obj("type", "BODY", "text", "{{1}} is your verification code.", "add_security_recommendation", true),
				obj("type", "FOOTER", "code_expiration_minutes", 10),
				obj("type", "BUTTONS", "buttons", []any{obj("type", "OTP", "otp_type", "COPY_CODE", "text", "Copy code")}),
			})
	}},
	{"minimal utility", func(name, lang string) jsonObj {
		return obj("name", name, "language", lang, "category", "UTILITY",
			"components", []any{obj("type", "BODY", "text", "Your appointment is confirmed.")})
	}},
}

var fuzzLanguages = []string{"en_US", "en", "de", "fr", "es", "pt_BR"}

// ---------------------------------------------------------------------------
// The fuzzer: its keys, what it has learnt about the stack, and the
// failures it has seen.

// knownTemplate is a template the fuzzer created and has not seen deleted.
type knownTemplate struct{ id, name, lang string }

type fuzzer struct {
	e    *env
	seed uint64
	logs *lockedBuffer
	// keys by role; see authForms.
	keys map[string]string
	// templates, rivalIDs and cursors are learnt from responses and feed
	// later requests, so that gets, edits, deletes and page cursors also
	// reach the code behind a successful lookup.
	templates []knownTemplate
	rivalIDs  []string
	cursors   []string
	failures  map[string]*fuzzFailure
	order     []string
	// stalls lists the 503s accepted as store stalls (see storeStall).
	stalls []string
	// statuses counts the statuses by the route that answered, for the
	// log: a run whose requests all end in 404 or 401 tests little.
	statuses map[string]map[int]int
}

// fuzzFailure is one kind of failure: how often it happened and its
// smallest instance.
type fuzzFailure struct {
	count    int
	index    int
	req      *fuzzRequest
	res      *fuzzResponse
	problems []string
}

func newFuzzer(t *testing.T, e *env, seed uint64) *fuzzer {
	f := &fuzzer{e: e, seed: seed, keys: map[string]string{}, failures: map[string]*fuzzFailure{}, statuses: map[string]map[int]int{}}
	f.keys["valid"] = e.mint(t, fuzzZBA, auth.ScopeManagement)
	f.keys["messaging"] = e.mint(t, fuzzZBA, auth.ScopeMessaging)
	f.keys["both"] = e.mint(t, fuzzZBA, auth.ScopeMessaging, auth.ScopeManagement)
	f.keys["rival"] = e.mint(t, fuzzRival, auth.ScopeManagement)
	// Revoked before any request uses it, so no cached Allow can serve it.
	f.keys["revoked"] = e.mint(t, fuzzZBA, auth.ScopeManagement)
	if _, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionRevokeKey, Key: f.keys["revoked"]}); err != nil {
		t.Fatal(err)
	}
	unknown, _, err := auth.MintKey(fuzzZBA, []auth.Scope{auth.ScopeManagement}, time.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	f.keys["unknown"] = unknown
	return f
}

// prime creates one template of every seed shape for the fuzz ZBA and one
// for the rival, through the API, so that the first gets and edits find
// something. A seed the service refuses would make the fuzz start from
// invalid inputs only, so it stops the test.
func (f *fuzzer) prime(t *testing.T) {
	if _, err := f.e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionPutProvider, ZBAID: fuzzZBA,
		ProviderID: "pat", Name: "Pat", Skills: []string{"plumbing", "boilers"}, Languages: []string{"fr"},
		Location: &admin.Location{Latitude: 45.76, Longitude: 4.84}}); err != nil {
		t.Fatal(err)
	}
	for i, s := range seedTemplates {
		name := fmt.Sprintf("seed_%d", i)
		for _, who := range []string{fuzzZBA, fuzzRival} {
			key := f.keys["valid"]
			if who == fuzzRival {
				key = f.keys["rival"]
			}
			r := f.e.request(t, "POST", fmt.Sprintf(listPath, who), "Bearer "+key, encodeJSON(s.build(name, "en_US")))
			if r.status != 200 {
				t.Fatalf("seed template %q is refused: %d %s", s.name, r.status, r.body)
			}
			id := who + "_" + name + "_en_US"
			if who == fuzzRival {
				f.rivalIDs = append(f.rivalIDs, id)
			} else {
				f.templates = append(f.templates, knownTemplate{id, name, "en_US"})
			}
		}
	}
}

// ---------------------------------------------------------------------------
// Requests.

// fuzzRequest is one generated request. Authorization and the huge values
// are kept by role so that the dump stays readable and free of keys.
type fuzzRequest struct {
	index  int
	route  routes.Route // the route the request was generated for
	method string
	// segments is the path as sent, each segment already escaped.
	segments []string
	rawQuery string
	headers  []headerField
	body     string
	hasBody  bool
	// auth is the Authorization form's label; grants says whether a
	// success is allowed with it: yes, no, or "" when unknowable (two
	// Authorization headers, whose pick is the gateway's business).
	auth   string
	grants string
	// mutations lists what was done to the valid seed request.
	mutations []string
}

type headerField struct {
	name, value string
	// label replaces the value in dumps (keys, padding).
	label string
}

func (r *fuzzRequest) escapedPath() string { return "/" + strings.Join(r.segments, "/") }

func (r *fuzzRequest) size() int {
	n := len(r.escapedPath()) + len(r.rawQuery) + len(r.body)
	for _, h := range r.headers {
		n += len(h.name) + len(h.value)
	}
	return n
}

// dump renders the request for a failure message: long values are cut and
// keys are named by role, so the request can be read and, with the seed,
// regenerated exactly.
func (r *fuzzRequest) dump() string {
	var b strings.Builder
	target := r.escapedPath()
	if r.rawQuery != "" {
		target += "?" + r.rawQuery
	}
	fmt.Fprintf(&b, "  %s %s   (generated for route %s)\n", r.method, clip(target, 400), r.route.Name)
	for _, h := range r.headers {
		v := strconv.Quote(clip(h.value, 200))
		if h.label != "" {
			v = h.label
		}
		fmt.Fprintf(&b, "  %s: %s\n", h.name, v)
	}
	if r.hasBody {
		fmt.Fprintf(&b, "  body (%d bytes): %s\n", len(r.body), strconv.Quote(clip(r.body, 600)))
	}
	mutations := "none"
	if len(r.mutations) > 0 {
		mutations = strings.Join(r.mutations, "; ")
	}
	fmt.Fprintf(&b, "  auth: %s; mutations: %s\n", r.auth, mutations)
	return b.String()
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + fmt.Sprintf("…(%d bytes in all)", len(s))
}

// fuzzResponse is what came back.
type fuzzResponse struct {
	status int
	header http.Header
	body   []byte
}

// send sends the request as an ordinary client would, over the test
// server's real HTTP listener.
func (f *fuzzer) send(r *fuzzRequest) (*fuzzResponse, error) {
	u, err := url.Parse(f.e.url)
	if err != nil {
		return nil, err
	}
	// Path and RawPath together make the client send the segments exactly
	// as escaped here (%00, %2F and .. included).
	u.RawPath = r.escapedPath()
	if u.Path, err = url.PathUnescape(u.RawPath); err != nil {
		return nil, fmt.Errorf("generated path %q: %w", u.RawPath, err)
	}
	u.RawQuery = r.rawQuery
	var body io.Reader
	if r.hasBody {
		body = strings.NewReader(r.body)
	}
	req, err := http.NewRequest(r.method, u.String(), body)
	if err != nil {
		return nil, err
	}
	req.URL = u // NewRequest re-parses the string; keep the exact form
	for _, h := range r.headers {
		req.Header.Add(h.name, h.value)
	}
	resp, err := testClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	return &fuzzResponse{status: resp.StatusCode, header: resp.Header, body: raw}, nil
}

// ---------------------------------------------------------------------------
// Generation.

// generate builds request i from a PCG seeded with (seed, i): a valid
// request for a random route, then up to four mutations of its body, query,
// path, method and headers.
func (f *fuzzer) generate(i int) *fuzzRequest {
	rng := rand.New(rand.NewPCG(f.seed, uint64(i)))
	route := pickRoute(rng)
	r := &fuzzRequest{index: i, route: route, method: route.Method}
	var doc any // the body's JSON model while it is still one
	r.segments = strings.Split(strings.TrimPrefix(route.Path, "/"), "/")
	for j, seg := range r.segments {
		switch seg {
		case "{" + routes.ParamZBA + "}":
			r.segments[j] = fuzzZBA
		case "{" + routes.ParamTemplateID + "}":
			r.segments[j] = url.PathEscape(f.pickTemplate(rng).id)
		case "{" + routes.ParamPhoneNumberID + "}":
			// No sender is registered: a send that passes the body's
			// checks ends at the sender check (133010), never a success,
			// so the ZBA-bound authorization check below stays exact.
			r.segments[j] = "pn-fuzz"
		case "{" + routes.ParamMessageID + "}":
			// No message was sent from pn-fuzz: a 404 whatever the id.
			r.segments[j] = url.PathEscape(message.NewID())
		}
	}
	switch route.Name {
	case routes.CreateTemplate.Name:
		doc = f.validBody(rng, true)
	case routes.EditTemplate.Name:
		doc = f.validBody(rng, false)
	case routes.ListTemplates.Name:
		r.rawQuery = f.validListQuery(rng)
	case routes.SendMessage.Name:
		doc = jsonObj{{"messaging_product", "svc"}, {"to", "4915112345678"}, {"type", "template"},
			{"template", jsonObj{{"name", "seed_0"}, {"language", jsonObj{{"code", "en_US"}, {"policy", "deterministic"}}},
				{"components", []any{jsonObj{{"type", "body"}, {"parameters", []any{jsonObj{{"type", "text"}, {"text", "x"}}}}}}}}}}
	case routes.CreateCall.Name:
		doc = validCallBody(rng)
	case routes.DeleteTemplates.Name:
		t := f.pickTemplate(rng)
		if rng.IntN(2) == 0 {
			r.rawQuery = "name=" + url.QueryEscape(t.name)
		} else {
			r.rawQuery = "hsm_id=" + url.QueryEscape(t.id)
		}
	}
	if doc != nil {
		r.hasBody = true
		r.headers = append(r.headers, headerField{name: "Content-Type", value: "application/json"})
	}
	if !route.Public() {
		r.setAuth(rng, f.keys, authForms[0])
		if route.Scope == auth.ScopeMessaging {
			r.setAuth(rng, f.keys, authFormNamed("messaging-only key"))
		}
	}

	// Mutations: none for about one request in eight, so valid traffic
	// keeps the store populated and the success shapes exercised.
	n := 0
	if rng.IntN(8) != 0 {
		n = 1 + rng.IntN(4)
	}
	for range n {
		switch k := rng.IntN(100); {
		case k < 40 && (doc != nil || r.hasBody):
			doc = f.mutateBody(rng, r, doc)
		case k < 40:
			// A body where none is expected.
			doc = f.validBody(rng, true)
			r.hasBody = true
			r.mutations = append(r.mutations, "body on a route without one")
		case k < 55:
			f.mutateQuery(rng, r)
		case k < 64:
			// Path and method changes mostly end in the gateway's 404,
			// so they get a smaller share than the handlers' inputs.
			f.mutatePath(rng, r)
		case k < 67:
			methods := []string{"GET", "POST", "DELETE", "PUT", "PATCH", "HEAD", "OPTIONS"}
			r.method = methods[rng.IntN(len(methods))]
			r.mutations = append(r.mutations, "method "+r.method)
		case k < 85:
			form := authForms[rng.IntN(len(authForms))]
			r.setAuth(rng, f.keys, form)
			r.mutations = append(r.mutations, "authorization: "+form.label)
		default:
			f.mutateHeaders(rng, r)
		}
	}
	if doc != nil {
		r.body = encodeJSON(doc)
	}
	return r
}

// routeWeights favours creating over deleting, so that the pool of known
// templates grows and gets, edits and deletes mostly reach a template that
// exists; a route missing here (a new one) weighs 1 and is fuzzed too, with
// its path parameters filled and no body.
var routeWeights = map[string]int{
	routes.Versions.Name: 1, routes.ListTemplates.Name: 2, routes.CreateTemplate.Name: 4,
	routes.DeleteTemplates.Name: 1, routes.GetTemplate.Name: 2, routes.EditTemplate.Name: 2,
}

func pickRoute(rng *rand.Rand) routes.Route {
	weight := func(r routes.Route) int {
		if w, ok := routeWeights[r.Name]; ok {
			return w
		}
		return 1
	}
	total := 0
	for _, r := range routes.All {
		total += weight(r)
	}
	n := rng.IntN(total)
	for _, r := range routes.All {
		if n -= weight(r); n < 0 {
			return r
		}
	}
	panic("unreachable")
}

// pickTemplate returns a known template, or a made-up one when none is
// known yet.
func (f *fuzzer) pickTemplate(rng *rand.Rand) knownTemplate {
	if len(f.templates) == 0 {
		return knownTemplate{fuzzZBA + "_nothing_en_US", "nothing", "en_US"}
	}
	return f.templates[rng.IntN(len(f.templates))]
}

// validBody is a valid TemplateCreate of a random shape; create gets a
// fresh name most of the time (and an existing one otherwise, for the
// duplicate path), edit keeps the name it is given by the path.
func (f *fuzzer) validBody(rng *rand.Rand, fresh bool) jsonObj {
	s := seedTemplates[rng.IntN(len(seedTemplates))]
	name, lang := fmt.Sprintf("fz_%08x", rng.Uint32()), fuzzLanguages[rng.IntN(len(fuzzLanguages))]
	if !fresh || rng.IntN(10) == 0 {
		t := f.pickTemplate(rng)
		name, lang = t.name, t.lang
	}
	return s.build(name, lang)
}

// validListQuery is an empty query or a valid combination of the list's
// parameters.
func (f *fuzzer) validListQuery(rng *rand.Rand) string {
	q := url.Values{}
	if rng.IntN(2) == 0 {
		q.Set("limit", strconv.Itoa(1+rng.IntN(5)))
	}
	if rng.IntN(4) == 0 {
		q.Set("status", []string{"PENDING", "APPROVED", "REJECTED", "PAUSED", "DISABLED"}[rng.IntN(5)])
	}
	if rng.IntN(4) == 0 {
		q.Set("category", []string{"MARKETING", "UTILITY", "AUTHENTICATION"}[rng.IntN(3)])
	}
	if rng.IntN(6) == 0 {
		q.Set("name", f.pickTemplate(rng).name)
	}
	if len(f.cursors) > 0 && rng.IntN(3) == 0 {
		q.Set([]string{"after", "before"}[rng.IntN(2)], f.cursors[rng.IntN(len(f.cursors))])
	}
	return q.Encode()
}

// authForm is one way of sending (or not sending) Authorization.
type authForm struct {
	label string
	// grants: "yes" when the form carries the fuzz ZBA's management key in
	// a form the interface accepts, "no" when it must not authorise, ""
	// when the test cannot tell.
	grants string
	value  func(rng *rand.Rand, keys map[string]string) []string // nil: no header
}

func bearer(role string) func(*rand.Rand, map[string]string) []string {
	return func(_ *rand.Rand, k map[string]string) []string { return []string{"Bearer " + k[role]} }
}

var authForms = []authForm{
	{"valid key", "yes", bearer("valid")},
	{"key with both scopes", "yes", bearer("both")},
	{"lowercase bearer", "yes", func(_ *rand.Rand, k map[string]string) []string { return []string{"bearer " + k["valid"]} }},
	{"upper-case BEARER", "yes", func(_ *rand.Rand, k map[string]string) []string { return []string{"BEARER " + k["valid"]} }},
	{"spaces around the key", "yes", func(_ *rand.Rand, k map[string]string) []string { return []string{"Bearer    " + k["valid"] + "   "} }},
	{"missing", "no", func(*rand.Rand, map[string]string) []string { return nil }},
	{"empty", "no", func(*rand.Rand, map[string]string) []string { return []string{""} }},
	{"Bearer alone", "no", func(*rand.Rand, map[string]string) []string { return []string{"Bearer"} }},
	{"Bearer and a space", "no", func(*rand.Rand, map[string]string) []string { return []string{"Bearer "} }},
	{"tab after Bearer", "no", func(_ *rand.Rand, k map[string]string) []string { return []string{"Bearer\t" + k["valid"]} }},
	{"Basic", "no", func(_ *rand.Rand, k map[string]string) []string {
		return []string{"Basic " + base64.StdEncoding.EncodeToString([]byte(fuzzZBA+":"+k["valid"]))}
	}},
	{"key alone, no scheme", "no", func(_ *rand.Rand, k map[string]string) []string { return []string{k["valid"]} }},
	{"another ZBA's key", "no", bearer("rival")},
	{"revoked key", "no", bearer("revoked")},
	{"messaging-only key", "no", bearer("messaging")},
	{"well-formed unknown key", "no", bearer("unknown")},
	{"JWT-looking token", "no", func(rng *rand.Rand, _ map[string]string) []string {
		h := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"RS256","typ":"JWT","kid":"idp-1"}`))
		p := base64.RawURLEncoding.EncodeToString([]byte(fmt.Sprintf(`{"sub":"user-%d","zba":"fuzz"}`, rng.IntN(1000))))
		return []string{"Bearer " + h + "." + p + "." + randomText(rng, 43, b64Alphabet)}
	}},
	{"JWT-looking token with alg none", "no", func(*rand.Rand, map[string]string) []string {
		h := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none"}`))
		return []string{"Bearer " + h + ".eyJzdWIiOiJ4In0."}
	}},
	{"three dotted random parts", "no", func(rng *rand.Rand, _ map[string]string) []string {
		return []string{"Bearer " + randomText(rng, 10, b64Alphabet) + "." + randomText(rng, 10, b64Alphabet) + "." + randomText(rng, 10, b64Alphabet)}
	}},
	{"key with one character changed", "no", func(rng *rand.Rand, k map[string]string) []string {
		key := []byte(k["valid"])
		i := rng.IntN(len(key))
		key[i] = b64Alphabet[(strings.IndexByte(b64Alphabet, key[i])+1+rng.IntN(len(b64Alphabet)-1))%len(b64Alphabet)]
		return []string{"Bearer " + string(key)}
	}},
	{"truncated key", "no", func(rng *rand.Rand, k map[string]string) []string {
		return []string{"Bearer " + k["valid"][:rng.IntN(len(k["valid"]))]}
	}},
	{"key with a suffix", "no", func(_ *rand.Rand, k map[string]string) []string { return []string{"Bearer " + k["valid"] + "x"} }},
	{"two credentials in one header", "no", func(_ *rand.Rand, k map[string]string) []string {
		return []string{"Bearer " + k["valid"] + ", Bearer " + k["rival"]}
	}},
	{"two Authorization headers", "no", func(rng *rand.Rand, k map[string]string) []string {
		v := []string{"Bearer " + k["valid"], "Bearer " + k["rival"]}
		rng.Shuffle(2, func(i, j int) { v[i], v[j] = v[j], v[i] })
		return v
	}},
	{"huge token", "no", func(rng *rand.Rand, _ map[string]string) []string {
		return []string{"Bearer svc_" + randomText(rng, 1+rng.IntN(9000), b64Alphabet)}
	}},
	{"non-ASCII token", "no", func(*rand.Rand, map[string]string) []string { return []string{"Bearer clé-ключ-🔑"} }},
}

// setAuth replaces the request's Authorization with the form's.
func (r *fuzzRequest) setAuth(rng *rand.Rand, keys map[string]string, form authForm) {
	r.headers = slices.DeleteFunc(r.headers, func(h headerField) bool { return h.name == "Authorization" })
	for _, v := range form.value(rng, keys) {
		r.headers = append(r.headers, headerField{name: "Authorization", value: v, label: strconv.Quote(form.label)})
	}
	r.auth, r.grants = form.label, form.grants
}

const b64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// randomText is n characters drawn from alphabet.
func randomText(rng *rand.Rand, n int, alphabet string) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return string(b)
}

// unicodeEdges are strings that trip UTF-8 and UTF-16 handling, as JSON
// text: escaped NUL and lone surrogates, direction marks, BOM, line and
// paragraph separators, emoji with joiners and modifiers, combining marks,
// and raw bytes that are not UTF-8.
var unicodeEdges = []jsonRaw{
	`"\u0000"`, `"a\u0000b"`, `"\ud800"`, `"\udfff"`, `"\ud83d"`, `"x\ude00y"`, `"\udbff\udfff"`,
	`"\u202e` + `evil"`, `"\u200f\u200e"`, `"\ufeff"`, `"\u2028\u2029"`, `"\u001f\u007f"`,
	`"😀"`, `"👩‍👩‍👧‍👦"`, `"👍🏽"`, `"🇩🇪"`, `"e\u0301\u0301\u0301"`, `"ﷺ"`, `"𝕳𝖊𝖑𝖑𝖔"`,
	"\"\xff\xfe\"", "\"\xc0\x80\"", "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", `"{{1}}"`, `"{{"`, `"}}{{"`,
	`"\\"`, `"\""`, `"<script>"`, `"%00"`, `"../../etc/passwd"`,
}

// oddNumbers are numbers that overflow, underflow or lose precision.
var oddNumbers = []jsonRaw{
	"1e309", "-1e309", "1e-400", "-0", "0.0", "1E400", "123456789012345678901234567890",
	"9007199254740993", "-9223372036854775809", "18446744073709551616", "10.5", "1e2", "-1", "0",
}

// wrongValue is a JSON value of a random type.
func wrongValue(rng *rand.Rand) any {
	switch rng.IntN(9) {
	case 0:
		return nil
	case 1:
		return rng.IntN(2) == 0
	case 2:
		return oddNumbers[rng.IntN(len(oddNumbers))]
	case 3:
		return rng.IntN(1000) - 500
	case 4:
		return []any{}
	case 5:
		return jsonObj{}
	case 6:
		return []any{"a", 1, nil}
	case 7:
		return obj("type", "BODY", "text", "x")
	default:
		return unicodeEdges[rng.IntN(len(unicodeEdges))]
	}
}

// hugeString is a JSON string of up to about 400 KB of repeated pieces that
// the validator counts differently (ASCII, multi-byte, emoji, parameters).
func hugeString(rng *rand.Rand) jsonRaw {
	pieces := []string{"a", "é", "中", "😀", "{{1}} ", `\u0000`, `\ud800`, " ", "https://x.example/", `\"`}
	n := 1 << (8 + rng.IntN(11)) // 256 .. 256 Ki repetitions
	var b strings.Builder
	b.WriteByte('"')
	p := pieces[rng.IntN(len(pieces))]
	for b.Len() < n*len(p) && b.Len() < 400_000 {
		b.WriteString(p)
	}
	b.WriteByte('"')
	return jsonRaw(b.String())
}

// nested is JSON nested depth levels deep, in arrays or objects.
func nested(rng *rand.Rand, depth int) jsonRaw {
	open, close := "[", "]"
	if rng.IntN(2) == 0 {
		open, close = `{"a":`, "}"
	}
	return jsonRaw(strings.Repeat(open, depth) + "1" + strings.Repeat(close, depth))
}

// spliceAt picks where to insert into the JSON string literal esc: after
// its opening quote, before its closing one, or between two characters,
// never inside an escape or a UTF-8 sequence.
func spliceAt(rng *rand.Rand, esc string) int {
	cuts := []int{1}
	for i := 1; i < len(esc)-1; {
		switch {
		case esc[i] == '\\' && esc[i+1] == 'u':
			i += 6
		case esc[i] == '\\':
			i += 2
		default:
			_, n := utf8.DecodeRuneInString(esc[i:])
			i += n
		}
		cuts = append(cuts, i)
	}
	return cuts[rng.IntN(len(cuts))]
}

// mutateBody applies one body mutation. It returns the body's JSON model, or
// nil once the body has been written out as text that is no longer one
// value the model can hold (random bytes, truncation, special bodies).
func (f *fuzzer) mutateBody(rng *rand.Rand, r *fuzzRequest, doc any) any {
	r.hasBody = true
	if doc == nil {
		// Text mutations of text: cut it or splice bytes into it.
		if len(r.body) > 0 && rng.IntN(2) == 0 {
			r.body = r.body[:rng.IntN(len(r.body))]
			r.mutations = append(r.mutations, "truncated again")
		} else {
			r.body += randomText(rng, 1+rng.IntN(16), `{}[],:"\ 0123456789truefalsenul`)
			r.mutations = append(r.mutations, "junk appended")
		}
		return nil
	}
	note := func(format string, args ...any) { r.mutations = append(r.mutations, fmt.Sprintf(format, args...)) }
	ss := slots(doc, "$")
	pick := func() (slot, bool) {
		if len(ss) == 0 {
			return slot{}, false
		}
		return ss[rng.IntN(len(ss))], true
	}
	switch rng.IntN(14) {
	case 0:
		n := rng.IntN(4096)
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.UintN(256))
		}
		r.body = string(b)
		note("random bytes (%d)", n)
		return nil
	case 1:
		text := encodeJSON(doc)
		r.body = text[:rng.IntN(len(text))]
		note("truncated JSON at %d of %d", len(r.body), len(text))
		return nil
	case 2, 3:
		if s, ok := pick(); ok {
			v := wrongValue(rng)
			s.set(v)
			note("wrong type at %s: %s", s.path, clip(encodeJSON(v), 40))
		}
	case 4:
		if s, ok := pick(); ok {
			s.set(hugeString(rng))
			note("huge string at %s", s.path)
		}
	case 5:
		// A huge array: many copies of one element, in place of any value.
		if s, ok := pick(); ok {
			n := 1 << (4 + rng.IntN(12)) // 16 .. 32 Ki elements
			elem := s.get()
			if rng.IntN(2) == 0 {
				elem = obj("type", "QUICK_REPLY", "text", "Yes")
			}
			text := encodeJSON(elem)
			n = min(n, 400_000/(len(text)+1))
			arr := make([]any, n)
			for i := range arr {
				arr[i] = jsonRaw(text)
			}
			s.set(arr)
			note("array of %d at %s", n, s.path)
		}
	case 6:
		depth := 1 << (4 + rng.IntN(13)) // 16 .. 64 Ki levels
		if s, ok := pick(); ok && rng.IntN(2) == 0 {
			s.set(nested(rng, depth))
			note("nesting %d deep at %s", depth, s.path)
		} else {
			r.body = string(nested(rng, depth))
			note("whole body nested %d deep", depth)
			return nil
		}
	case 7:
		if s, ok := pick(); ok {
			edge := unicodeEdges[rng.IntN(len(unicodeEdges))]
			if cur, isStr := s.get().(string); isStr && rng.IntN(2) == 0 {
				// Splice the edge into the existing text, so that the
				// rest of the value stays as valid as it was.
				esc := encodeJSON(cur)
				at := spliceAt(rng, esc)
				edge = jsonRaw(esc[:at] + string(edge[1:len(edge)-1]) + esc[at:])
			}
			s.set(edge)
			note("unicode %s at %s", clip(string(edge), 40), s.path)
		}
	case 8:
		objs := objects(doc, "$", nil)
		// A repeated key, its second value first or last: encoding/json
		// keeps the last, other parsers the first.
		if o := objs[rng.IntN(len(objs))]; len(o.obj) > 0 {
			fld := o.obj[rng.IntN(len(o.obj))]
			dup := append(slices.Clone(o.obj), jsonField{fld.key, wrongValue(rng)})
			if rng.IntN(2) == 0 {
				dup = append(jsonObj{{fld.key, wrongValue(rng)}}, o.obj...)
			}
			if o.set == nil {
				doc = dup
			} else {
				o.set(dup)
			}
			note("duplicate key %s.%s", o.path, fld.key)
		}
	case 9:
		if s, ok := pick(); ok {
			num := oddNumbers[rng.IntN(len(oddNumbers))]
			s.set(num)
			note("number %s at %s", num, s.path)
		}
	case 10:
		// Drop a field, or change a key's case (encoding/json matches keys
		// case-insensitively), or add an unknown field.
		objs := objects(doc, "$", nil)
		o := objs[rng.IntN(len(objs))]
		if len(o.obj) == 0 {
			break
		}
		i := rng.IntN(len(o.obj))
		switch rng.IntN(3) {
		case 0:
			note("field %s.%s removed", o.path, o.obj[i].key)
			rest := slices.Delete(slices.Clone(o.obj), i, i+1)
			if o.set == nil {
				doc = rest
			} else {
				o.set(rest)
			}
		case 1:
			o.obj[i].key = strings.ToUpper(o.obj[i].key)
			note("key %s.%s upper-cased", o.path, o.obj[i].key)
		default:
			o.obj[i] = jsonField{randomText(rng, 1+rng.IntN(12), "abcdefghijklmnopqrstuvwxyz_"), wrongValue(rng)}
			note("field %s.%s replaced by an unknown one", o.path, o.obj[i].key)
		}
	case 11:
		specials := []string{"", " ", "\n", "null", "[]", "{}", `""`, "0", "true", `"x"`, "[{}]",
			"\xef\xbb\xbf" + encodeJSON(doc), encodeJSON(doc) + encodeJSON(doc), encodeJSON(doc) + " junk",
			strings.TrimSuffix(encodeJSON(doc), "}") + ",}", "{'name':'x'}", "{/* c */}", "NaN", "Infinity",
			"{\"name\":\"a\"\x00}", strings.Repeat(" ", 1+rng.IntN(300_000)) + "{}"}
		i := rng.IntN(len(specials))
		r.body = specials[i]
		note("special body #%d (%d bytes)", i, len(r.body))
		return nil
	case 12:
		// Values of the right type that break a rule: the enums, limits
		// and parameter forms of sections 2.2, 2.3 and 8.
		if s, ok := pick(); ok {
			vals := []any{"", "x", "BODY", "body", "HEADER", "FOOTER", "BUTTONS", "OTP", "URL", "NAMED", "MARKETING",
				"authentication", "IMAGE", "LOCATION", "http://insecure.example.com", "https://", "javascript:alert(1)",
				"tel:+1", "+15550001111", strings.Repeat("a", 513), strings.Repeat("b", 1025), strings.Repeat("c", 61),
				strings.Repeat("d", 26), "{{0}}", "{{2}}", "{{1}}{{1}}", "{{first_name}}", "{{ 1 }}", "loan gambling bitcoin",
				"Äpfel", "zz_ZZ", "en-US", "EN_us"}
			v := vals[rng.IntN(len(vals))]
			s.set(v)
			note("value %s at %s", clip(encodeJSON(v), 40), s.path)
		}
	default:
		// Another valid shape altogether, or too many components.
		next := f.validBody(rng, true)
		if rng.IntN(2) == 0 {
			for i, fld := range next {
				if fld.key == "components" {
					comps := fld.val.([]any)
					next[i].val = append(comps, comps...)
				}
			}
			note("every component twice")
		} else {
			note("another valid body")
		}
		return next
	}
	return doc
}

// mutateQuery adds, repeats or garbles query parameters; the pieces are
// escaped, except the ones whose point is to be malformed.
func (f *fuzzer) mutateQuery(rng *rand.Rand, r *fuzzRequest) {
	names := []string{"limit", "after", "before", "status", "category", "name", "name_or_content", "language",
		"hsm_id", "fields", "access_token", "messaging_product", "", "LIMIT", "limit[]", "x"}
	values := []func() string{
		func() string {
			return []string{"0", "1", "-1", "100", "101", "1e3", "1.5", "abc", "", " 5", "0x10", "99999999999999999999"}[rng.IntN(12)]
		},
		func() string {
			return []string{"PENDING", "approved", "PENDING,REJECTED", ",,,", "ALL", "paused,"}[rng.IntN(6)]
		},
		func() string { return []string{"MARKETING", "utility", "MARKETING,UTILITY", "OTHER"}[rng.IntN(4)] },
		func() string { return f.pickTemplate(rng).name },
		func() string { return f.pickTemplate(rng).id },
		func() string {
			if len(f.rivalIDs) == 0 {
				return "rival_x_en"
			}
			return f.rivalIDs[rng.IntN(len(f.rivalIDs))]
		},
		func() string {
			if len(f.cursors) == 0 {
				return randomText(rng, 40, b64Alphabet)
			}
			c := []byte(f.cursors[rng.IntN(len(f.cursors))])
			switch rng.IntN(3) {
			case 0:
				return string(c)
			case 1:
				c[rng.IntN(len(c))] ^= 1 // a cursor with one bit flipped
				return string(c)
			default:
				return string(c[:rng.IntN(len(c))])
			}
		},
		func() string { return randomText(rng, rng.IntN(64), b64Alphabet+"=.+/") },
		func() string { return string(unicodeEdges[rng.IntN(len(unicodeEdges))]) },
		func() string { return strings.Repeat("a", rng.IntN(12_000)) },
		func() string { return "\x00" },
	}
	q := r.rawQuery
	add := func(piece string) {
		if q != "" {
			q += "&"
		}
		q += piece
	}
	for range 1 + rng.IntN(4) {
		switch rng.IntN(10) {
		case 0:
			// Malformed on purpose: bad escapes, bare keys, empty pairs.
			raws := []string{"%zz", "%", "a=%G1", "=x", "&&", "limit", "limit=", "status=%00", "name=%ff%fe", "a=1;b=2", "%2526", "name=a+b"}
			piece := raws[rng.IntN(len(raws))]
			add(piece)
			r.mutations = append(r.mutations, "raw query "+strconv.Quote(piece))
		default:
			k, v := names[rng.IntN(len(names))], values[rng.IntN(len(values))]()
			add(url.QueryEscape(k) + "=" + url.QueryEscape(v))
			if rng.IntN(4) == 0 {
				add(url.QueryEscape(k) + "=" + url.QueryEscape(values[rng.IntN(len(values))]())) // repeated
			}
			r.mutations = append(r.mutations, fmt.Sprintf("query %s=%s", k, clip(strconv.Quote(v), 40)))
		}
	}
	r.rawQuery = q
}

// mutatePath changes one segment of the path: the ids, the prefix, or a
// segment added or removed.
func (f *fuzzer) mutatePath(rng *rand.Rand, r *fuzzRequest) {
	idLike := []func() string{
		func() string { return "%00" },
		func() string { return ".." },
		func() string { return "." },
		func() string { return "%2e%2e" },
		func() string { return url.PathEscape(f.pickTemplate(rng).id) + "%00" },
		func() string { return url.PathEscape(f.pickTemplate(rng).id) + "%2F.." },
		func() string { return strings.Repeat("a", 1+rng.IntN(11_000)) },
		func() string { return fuzzZBA + "_" + strings.Repeat("n", 1+rng.IntN(9000)) + "_en" },
		func() string { return url.PathEscape(strings.ToUpper(f.pickTemplate(rng).id)) },
		func() string {
			if len(f.rivalIDs) == 0 {
				return "rival_x_en"
			}
			return url.PathEscape(f.rivalIDs[rng.IntN(len(f.rivalIDs))])
		},
		func() string {
			edge := unicodeEdges[rng.IntN(len(unicodeEdges))]
			var s string
			if err := json.Unmarshal([]byte(edge), &s); err != nil {
				s = string(edge)
			}
			return url.PathEscape(fuzzZBA + "_" + s + "_en")
		},
		func() string { return url.PathEscape(randomText(rng, 1+rng.IntN(80), b64Alphabet+"_.~!$&'()*+,;=:@")) },
		func() string { return fuzzZBA + "__en" },
		func() string { return fuzzZBA + "_a_" },
		func() string { return "_a_en" },
	}
	i := rng.IntN(len(r.segments) + 1)
	switch {
	case i == len(r.segments):
		// Append a segment, or drop the last one.
		if rng.IntN(2) == 0 {
			r.segments = append(r.segments, idLike[rng.IntN(len(idLike))]())
			r.mutations = append(r.mutations, "segment appended")
		} else if len(r.segments) > 1 {
			r.segments = r.segments[:len(r.segments)-1]
			r.mutations = append(r.mutations, "last segment dropped")
		} else {
			r.segments = append(r.segments, "")
			r.mutations = append(r.mutations, "trailing slash")
		}
	case r.segments[i] == "business" || r.segments[i] == "v1.0" || r.segments[i] == "message_templates" || r.segments[i] == "versions":
		alts := []string{strings.ToUpper(r.segments[i]), r.segments[i] + "x", "", "v1.1", "v1", "business", "%62usiness"}
		r.segments[i] = alts[rng.IntN(len(alts))]
		r.mutations = append(r.mutations, fmt.Sprintf("segment %d %q", i, r.segments[i]))
	default:
		zbaLike := []string{fuzzRival, "FUZZ", "fuzz%00", "fuzz%20", "%66uzz", strings.Repeat("z", 200), "..", "-", "fuzz_x"}
		if rng.IntN(2) == 0 && i <= 2 {
			r.segments[i] = zbaLike[rng.IntN(len(zbaLike))]
		} else {
			r.segments[i] = idLike[rng.IntN(len(idLike))]()
		}
		r.mutations = append(r.mutations, fmt.Sprintf("segment %d %s", i, clip(strconv.Quote(r.segments[i]), 60)))
	}
}

// mutateHeaders varies Content-Type, pads the header block up to (and
// sometimes past) the gateway's 10 KB limit, or adds odd headers.
func (f *fuzzer) mutateHeaders(rng *rand.Rand, r *fuzzRequest) {
	switch rng.IntN(3) {
	case 0:
		cts := []string{"", "application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "text/plain",
			"application/x-www-form-urlencoded", "multipart/form-data; boundary=zzz", "application/xml",
			"application/json; charset=utf-16", "*/*", "application/octet-stream", "json", ";;;", "application/json, text/plain"}
		ct := cts[rng.IntN(len(cts))]
		r.headers = slices.DeleteFunc(r.headers, func(h headerField) bool { return h.name == "Content-Type" })
		r.headers = append(r.headers, headerField{name: "Content-Type", value: ct})
		r.mutations = append(r.mutations, "content-type "+strconv.Quote(ct))
	case 1:
		// Mostly under the limit; one in four past it, for the 413.
		n := 1000 + rng.IntN(9000)
		if rng.IntN(4) == 0 {
			n = 10_000 + rng.IntN(2000)
		}
		r.headers = append(r.headers, headerField{name: "X-Fuzz-Pad", value: randomText(rng, n, b64Alphabet),
			label: fmt.Sprintf("<%d characters>", n)})
		r.mutations = append(r.mutations, fmt.Sprintf("header of %d bytes", n))
	default:
		odd := []headerField{
			{name: "Accept", value: "application/xml"}, {name: "Accept", value: "*/*;q=0"},
			{name: "X-Forwarded-Proto", value: "javascript"}, {name: "X-Forwarded-For", value: "::1, 999.1.1.1"},
			{name: apperr.TraceHeader, value: "client-chosen-trace"}, {name: "Idempotency-Key", value: "k"},
			{name: "Content-Encoding", value: "gzip"}, {name: "Expect", value: "100-continue"},
			{name: "X-Amzn-Trace-Id", value: "Root=1-0-0"}, {name: "Cookie", value: "a=b; c"},
			{name: "X-Unicode", value: "clé ключ 🔑"},
		}
		h := odd[rng.IntN(len(odd))]
		r.headers = append(r.headers, h)
		r.mutations = append(r.mutations, "header "+h.name+": "+h.value)
	}
}

// ---------------------------------------------------------------------------
// Learning from responses.

// learn keeps what later requests can use: the ids of created templates
// (forgetting deleted ones, so that gets and edits mostly find their
// template) and the cursors of listed pages.
func (f *fuzzer) learn(r *fuzzRequest, res *fuzzResponse) {
	if res.status != 200 || r.method == "HEAD" {
		return
	}
	switch matchRoute(r.method, r.segments) {
	case routes.CreateTemplate.Name:
		var st struct{ ID string }
		if json.Unmarshal(res.body, &st) != nil {
			return
		}
		ref, ok := template.ParseID(st.ID)
		if ok && !slices.ContainsFunc(f.templates, func(k knownTemplate) bool { return k.id == st.ID }) {
			f.templates = append(f.templates, knownTemplate{st.ID, ref.Name, ref.Language})
		}
	case routes.DeleteTemplates.Name:
		// The handler reads the last value of each parameter.
		q, _ := url.ParseQuery(r.rawQuery)
		last := func(k string) string {
			if vs := q[k]; len(vs) > 0 {
				return vs[len(vs)-1]
			}
			return ""
		}
		name, lang, id := last("name"), last("language"), last("hsm_id")
		f.templates = slices.DeleteFunc(f.templates, func(k knownTemplate) bool {
			return id != "" && k.id == id || id == "" && k.name == name && (lang == "" || k.lang == lang)
		})
	case routes.ListTemplates.Name:
		var page struct {
			Paging struct {
				Cursors struct{ Before, After string }
			}
		}
		if json.Unmarshal(res.body, &page) == nil {
			for _, c := range []string{page.Paging.Cursors.Before, page.Paging.Cursors.After} {
				if c != "" && len(f.cursors) < 200 {
					f.cursors = append(f.cursors, c)
				}
			}
		}
	}
}

// matchRoute is the gateway's matching: the name of the route whose
// method and path template fit, or "".
func matchRoute(method string, segments []string) string { return matchedRoute(method, segments).Name }

// matchedRoute is the route whose method and path template fit the path as
// sent, the zero Route when none does. One trailing slash is ignored, as
// API Gateway's REST API does; any other empty segment names no route; an
// encoded slash stays inside its segment.
func matchedRoute(method string, segments []string) routes.Route {
	escaped := strings.Join(segments, "/")
	got := strings.Split(strings.TrimSuffix(escaped, "/"), "/")
	for i, seg := range got {
		v, err := url.PathUnescape(seg)
		if err != nil {
			return routes.Route{}
		}
		got[i] = v
	}
	for _, rt := range routes.All {
		want := strings.Split(strings.Trim(rt.Path, "/"), "/")
		if rt.Method != method || len(want) != len(got) {
			continue
		}
		ok := true
		for i, seg := range want {
			if strings.HasPrefix(seg, "{") {
				ok = ok && got[i] != ""
			} else {
				ok = ok && seg == got[i]
			}
		}
		if ok {
			return rt
		}
	}
	return routes.Route{}
}

// pathOwner is the ZBA a success on the route's path must belong to: the
// zbaId segment, or on a template-by-id path the id's ZBA (an id of
// another ZBA is never found); fuzzZBA where the path names none.
func pathOwner(rt routes.Route, segments []string) string {
	switch {
	case slices.Contains(rt.Params(), routes.ParamZBA):
		return pathZBA(segments)
	case slices.Contains(rt.Params(), routes.ParamTemplateID):
		id := pathZBA(segments)
		for _, zba := range []string{fuzzZBA, fuzzRival} {
			if strings.HasPrefix(id, zba+"_") {
				return zba
			}
		}
		return id
	}
	return fuzzZBA
}

// pathZBA is the decoded zbaId segment of a business path.
func pathZBA(segments []string) string {
	if len(segments) < 3 {
		return ""
	}
	s, err := url.PathUnescape(segments[2])
	if err != nil {
		return ""
	}
	return s
}

// ---------------------------------------------------------------------------
// Checking responses.

// checkFuzzResponse returns what is wrong with the response, each problem
// starting with a short kind ("5xx", "envelope", "shape", ...) that
// failures are grouped by.
func checkFuzzResponse(r *fuzzRequest, res *fuzzResponse) []string {
	var problems []string
	bad := func(kind, format string, args ...any) {
		problems = append(problems, kind+": "+fmt.Sprintf(format, args...))
	}
	if res.status >= 500 {
		// A 503 131016 with Retry-After is acceptable only for a shown
		// store outage, which the caller has ruled out (storeStall).
		bad("5xx", "status %d", res.status)
	}
	if ct := res.header.Get("Content-Type"); ct != "application/json" {
		bad("content-type", "Content-Type %q", ct)
	}
	trace := res.header.Get(apperr.TraceHeader)
	if trace == "" {
		bad("trace header", "no %s", apperr.TraceHeader)
	}
	if r.method == "HEAD" {
		// No body travels with a HEAD answer; its headers are checked.
		if len(res.body) != 0 {
			bad("head", "HEAD answered with a body")
		}
		return problems
	}
	route := matchRoute(r.method, r.segments)
	doc, err := decodeStrictJSON(res.body)
	if err != nil {
		bad("json", "body is not one JSON value: %v", err)
		return problems
	}
	if res.status >= 200 && res.status < 300 {
		if res.status != 200 {
			bad("status", "success status %d; every route documents 200", res.status)
		}
		shape, ok := successShapes[route]
		if !ok {
			bad("status", "a success although no route matches")
			return problems
		}
		rt := matchedRoute(r.method, r.segments)
		// The rival's key on the rival's own ZBA (a path segment mutated
		// to "rival") or template id (a by-id path names no ZBA) is the
		// rival acting on its own: a success, with the rival's ids, which
		// the shapes (written for the fuzz ZBA's answers) would call
		// another ZBA's. Its key has the management scope only.
		rivalOwn := r.auth == "another ZBA's key" && pathOwner(rt, r.segments) == fuzzRival && rt.Scope != auth.ScopeMessaging
		if !rivalOwn {
			for _, p := range shape(r, doc) {
				bad("shape", "%s", p)
			}
		}
		if !rt.Public() && !rivalOwn && (!granted(rt, r) || pathOwner(rt, r.segments) != fuzzZBA) {
			bad("authz", "a success with authorization %q on ZBA %q", r.auth, pathOwner(rt, r.segments))
		}
		return problems
	}
	shapeProblems := envelopeShape("$", doc)
	for _, p := range shapeProblems {
		bad("envelope", "%s", p)
	}
	if len(shapeProblems) > 0 {
		return problems // the checks below read the envelope's fields
	}
	e := doc.(map[string]any)["error"].(map[string]any)
	code, _ := e["code"].(json.Number).Int64()
	if want, ok := codeStatus[code]; !ok {
		bad("code", "code %d is not in section 7", code)
	} else if !slices.Contains(want, res.status) {
		bad("code", "code %d with HTTP %d; section 7 gives %v", code, res.status, want)
	}
	if e["svc_trace_id"] != trace {
		bad("trace header", "svc_trace_id %q, header %q", e["svc_trace_id"], trace)
	}
	if res.status == 429 {
		if _, err := strconv.Atoi(res.header.Get("Retry-After")); err != nil {
			bad("retry-after", "429 without an integer Retry-After (%q)", res.header.Get("Retry-After"))
		}
	}
	return problems
}

// codeStatus maps each code of section 7 to the HTTP statuses it may come
// with: the table's, and for code 100 also the 404 of an unknown route or
// template (section 4.4) and the 413 of a request over the gateway's limits.
var codeStatus = map[int64][]int{
	0: {401}, 3: {403}, 10: {403}, 100: {400, 404, 413}, 190: {401}, 200: {403}, 130429: {429},
	131000: {500}, 131008: {400}, 131009: {400}, 131016: {503}, 131021: {400}, 131026: {400}, 131037: {403},
	131042: {402}, 131047: {400}, 131048: {400}, 131049: {400}, 131050: {400}, 131051: {400}, 131052: {400},
	131053: {400}, 132000: {400}, 132001: {400}, 132005: {400}, 132007: {400}, 132012: {400}, 132015: {400},
	132016: {400}, 133010: {400},
}

// decodeStrictJSON decodes exactly one JSON value, numbers kept as
// json.Number, refusing duplicate keys and trailing data: a response body
// must be unambiguous to every client, not just to encoding/json.
func decodeStrictJSON(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("data after the value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		m := map[string]any{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			key := k.(string)
			if _, dup := m[key]; dup {
				return nil, fmt.Errorf("duplicate key %q", key)
			}
			if m[key], err = decodeValue(dec); err != nil {
				return nil, err
			}
		}
		_, err := dec.Token()
		return m, err
	case json.Delim('['):
		a := []any{}
		for dec.More() {
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err := dec.Token()
		return a, err
	}
	return tok, nil
}

// schema checks a decoded JSON value at a path and lists its problems.
type schema func(path string, v any) []string

// object requires exactly the given fields, optional ones aside: an unknown
// field is a problem.
func object(required, optional map[string]schema) schema {
	return func(path string, v any) []string {
		m, ok := v.(map[string]any)
		if !ok {
			return []string{path + ": not an object"}
		}
		var out []string
		for k, s := range required {
			if x, ok := m[k]; !ok {
				out = append(out, path+"."+k+": missing")
			} else {
				out = append(out, s(path+"."+k, x)...)
			}
		}
		for k, x := range m {
			if s, ok := optional[k]; ok {
				out = append(out, s(path+"."+k, x)...)
			} else if _, ok := required[k]; !ok {
				out = append(out, path+"."+k+": unknown field")
			}
		}
		sort.Strings(out)
		return out
	}
}

func str(path string, v any) []string {
	if _, ok := v.(string); !ok {
		return []string{path + ": not a string"}
	}
	return nil
}

func nonEmpty(path string, v any) []string {
	if s, ok := v.(string); !ok || s == "" {
		return []string{path + ": not a non-empty string"}
	}
	return nil
}

func enum(vals ...string) schema {
	return func(path string, v any) []string {
		if s, ok := v.(string); !ok || !slices.Contains(vals, s) {
			return []string{fmt.Sprintf("%s: %v is not one of %v", path, v, vals)}
		}
		return nil
	}
}

func integer(path string, v any) []string {
	n, ok := v.(json.Number)
	if _, err := n.Int64(); !ok || err != nil {
		return []string{fmt.Sprintf("%s: %v is not an integer", path, v)}
	}
	return nil
}

func boolean(path string, v any) []string {
	if _, ok := v.(bool); !ok {
		return []string{path + ": not a boolean"}
	}
	return nil
}

func dateTime(path string, v any) []string {
	if s, ok := v.(string); !ok {
		return []string{path + ": not a string"}
	} else if _, err := time.Parse(time.RFC3339, s); err != nil {
		return []string{fmt.Sprintf("%s: %q is not a date-time", path, s)}
	}
	return nil
}

func nullable(s schema) schema {
	return func(path string, v any) []string {
		if v == nil {
			return nil
		}
		return s(path, v)
	}
}

func arrayOf(s schema) schema {
	return func(path string, v any) []string {
		a, ok := v.([]any)
		if !ok {
			return []string{path + ": not an array"}
		}
		var out []string
		for i, x := range a {
			out = append(out, s(fmt.Sprintf("%s[%d]", path, i), x)...)
		}
		return out
	}
}

func constant(want string) schema {
	return func(path string, v any) []string {
		if v != want {
			return []string{fmt.Sprintf("%s: %v, want %q", path, v, want)}
		}
		return nil
	}
}

// ownID is an id of the fuzz ZBA's: no other ZBA's template may show.
func ownID(path string, v any) []string {
	if s, ok := v.(string); !ok || !strings.HasPrefix(s, fuzzZBA+"_") {
		return []string{fmt.Sprintf("%s: %v is not an id of ZBA %s", path, v, fuzzZBA)}
	}
	return nil
}

// The shapes of section 2.1 and section 7.
var (
	categories = enum("MARKETING", "UTILITY", "AUTHENTICATION")
	statuses   = enum("PENDING", "APPROVED", "REJECTED", "PAUSED", "DISABLED")

	summaryFields = map[string]schema{
		"id": ownID, "name": nonEmpty, "language": nonEmpty, "category": categories,
		"correct_category": nullable(categories), "status": statuses, "quality_score": str,
		"rejection_reason": nullable(str),
	}
	templateFields = merge(summaryFields, map[string]schema{
		"zba_id": constant(fuzzZBA), "parameter_format": enum("POSITIONAL", "NAMED"),
		// Components come back as stored; each is at least a typed object.
		"components": arrayOf(func(path string, v any) []string {
			m, ok := v.(map[string]any)
			if !ok {
				return []string{path + ": not an object"}
			}
			return enum("HEADER", "BODY", "FOOTER", "BUTTONS")(path+".type", m["type"])
		}),
		"created_at": dateTime, "updated_at": dateTime,
	})
	stateShape = object(map[string]schema{"id": ownID, "status": constant("PENDING"), "category": categories}, nil)
	// An edit answers the name and success too, which the compatible
	// API's clients read.
	editShape = object(map[string]schema{"id": ownID, "status": constant("PENDING"), "category": categories, "name": nonEmpty,
		"success": func(path string, v any) []string {
			if v != true {
				return []string{fmt.Sprintf("%s: %v, want true", path, v)}
			}
			return nil
		}}, nil)

	envelopeShape = object(map[string]schema{"error": object(map[string]schema{
		"message": nonEmpty, "type": nonEmpty, "code": integer, "error_subcode": nullable(integer),
		"error_data":   object(map[string]schema{"messaging_product": constant(apperr.MessagingProduct), "details": str}, nil),
		"svc_trace_id": nonEmpty,
	}, nil)}, nil)
)

func merge(a, b map[string]schema) map[string]schema {
	out := map[string]schema{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

// granted reports whether the request's authorization may succeed on the
// route: the forms' grants are those of the management routes; the call
// route takes the messaging scope instead.
func granted(rt routes.Route, r *fuzzRequest) bool {
	if rt.Scope == auth.ScopeMessaging {
		return r.auth == "messaging-only key" || r.auth == "key with both scopes"
	}
	return r.grants != "no"
}

// authFormNamed is the authorization form of that label.
func authFormNamed(label string) authForm {
	for _, f := range authForms {
		if f.label == label {
			return f
		}
	}
	panic("no authorization form " + label)
}

// validCallBody is a valid body of POST /v1/calls, near the fuzz ZBA's
// provider (put by prime), by location or by address.
func validCallBody(rng *rand.Rand) jsonObj {
	body := obj("redirect_url", "https://shop.example.com/thanks")
	if rng.IntN(2) == 0 {
		body = append(body, jsonField{"location", obj("latitude", 45.76+rng.Float64()/10, "longitude", 4.83+rng.Float64()/10)})
	} else {
		body = append(body, jsonField{"address", []string{"Lyon, France", "Villeurbanne, FR", "München, Deutschland"}[rng.IntN(3)]})
	}
	if rng.IntN(2) == 0 {
		body = append(body, jsonField{"query", []string{"plumber", "boiler repair", "plumbing"}[rng.IntN(3)]})
	}
	if rng.IntN(2) == 0 {
		body = append(body, jsonField{"caller_name", "Ana"})
	}
	return body
}

// callViewShape is a call session's view.
var callViewShape = object(map[string]schema{"call_id": nonEmpty, "state": nonEmpty, "poll_ms": integer}, nil)

// successShapes checks a 200 body by the route that served it.
var successShapes = map[string]func(r *fuzzRequest, doc any) []string{
	routes.CreateCall.Name: func(_ *fuzzRequest, doc any) []string {
		return object(map[string]schema{"call_id": nonEmpty, "call_url": nonEmpty}, nil)("$", doc)
	},
	// The session routes need the session token of a call, which the
	// fuzzer never holds: they are fuzzed for their refusals.
	routes.CallSignal.Name:  func(_ *fuzzRequest, doc any) []string { return callViewShape("$", doc) },
	routes.CallOffer.Name:   func(_ *fuzzRequest, doc any) []string { return callViewShape("$", doc) },
	routes.CallAnswer.Name:  func(_ *fuzzRequest, doc any) []string { return callViewShape("$", doc) },
	routes.CallDecline.Name: func(_ *fuzzRequest, doc any) []string { return callViewShape("$", doc) },
	routes.CallHangup.Name:  func(_ *fuzzRequest, doc any) []string { return callViewShape("$", doc) },
	routes.ProviderCalls.Name: func(_ *fuzzRequest, doc any) []string {
		return object(map[string]schema{"data": arrayOf(callViewShape)}, nil)("$", doc)
	},
	routes.CallPage.Name:     func(*fuzzRequest, any) []string { return []string{"an HTML page served without a token"} },
	routes.ProviderPage.Name: func(*fuzzRequest, any) []string { return []string{"an HTML page served without a token"} },
	routes.OpenAPI.Name: func(_ *fuzzRequest, doc any) []string {
		// The document's own content is held to the route table by the
		// openapi spec tests; here, its top-level shape.
		anyObject := func(path string, v any) []string {
			if _, ok := v.(map[string]any); !ok {
				return []string{path + ": not an object"}
			}
			return nil
		}
		return object(map[string]schema{"openapi": nonEmpty, "info": anyObject, "paths": anyObject, "components": anyObject}, nil)("$", doc)
	},
	routes.Versions.Name: func(_ *fuzzRequest, doc any) []string {
		return object(map[string]schema{"data": arrayOf(object(map[string]schema{
			"api": nonEmpty, "version": nonEmpty, "base_path": nonEmpty, "status": nonEmpty}, nil))}, nil)("$", doc)
	},
	routes.ListTemplates.Name: func(_ *fuzzRequest, doc any) []string {
		return object(map[string]schema{"data": arrayOf(object(summaryFields, nil))}, map[string]schema{
			"paging": object(map[string]schema{"cursors": object(nil, map[string]schema{"before": nonEmpty, "after": nonEmpty})},
				map[string]schema{"next": nonEmpty, "previous": nonEmpty}),
		})("$", doc)
	},
	routes.CreateTemplate.Name: func(_ *fuzzRequest, doc any) []string { return stateShape("$", doc) },
	routes.SendMessage.Name: func(_ *fuzzRequest, doc any) []string {
		if m, ok := doc.(map[string]any); ok && m["success"] != nil {
			// A mark-as-read.
			return object(map[string]schema{"success": boolean}, nil)("$", doc)
		}
		return object(map[string]schema{"messaging_product": nonEmpty,
			"messages": arrayOf(object(map[string]schema{"id": nonEmpty}, map[string]schema{"message_status": nonEmpty}))}, nil)("$", doc)
	},
	routes.GetMessage.Name: func(_ *fuzzRequest, doc any) []string {
		return object(map[string]schema{"messaging_product": nonEmpty, "id": nonEmpty, "status": nonEmpty, "recipient_id": nonEmpty,
			"type": nonEmpty, "history": arrayOf(object(map[string]schema{"status": nonEmpty, "timestamp": nonEmpty}, nil))},
			map[string]schema{"template": object(map[string]schema{"name": nonEmpty, "language": nonEmpty}, nil),
				"biz_opaque_callback_data": nonEmpty, "errors": arrayOf(object(map[string]schema{"code": integer, "title": nonEmpty, "message": nonEmpty,
					"error_data": object(map[string]schema{"details": str}, nil)}, nil))})("$", doc)
	},
	routes.EditTemplate.Name: func(_ *fuzzRequest, doc any) []string { return editShape("$", doc) },
	routes.GetTemplate.Name: func(r *fuzzRequest, doc any) []string {
		out := object(templateFields, nil)("$", doc)
		if id, _ := url.PathUnescape(r.segments[len(r.segments)-1]); len(out) == 0 && doc.(map[string]any)["id"] != id {
			out = append(out, fmt.Sprintf("$.id: %v, but %q was asked for", doc.(map[string]any)["id"], id))
		}
		return out
	},
	routes.DeleteTemplates.Name: func(r *fuzzRequest, doc any) []string {
		// deleted is present when deleting by name (section 4.3): the
		// handler reads the last value of each parameter, as API Gateway
		// passes it.
		q, _ := url.ParseQuery(r.rawQuery)
		byID := len(q["hsm_id"]) > 0 && q["hsm_id"][len(q["hsm_id"])-1] != ""
		fields := map[string]schema{"success": boolean}
		if !byID {
			fields["deleted"] = integer
		}
		return object(fields, nil)("$", doc)
	},
}

// ---------------------------------------------------------------------------
// Reporting.

// record files a response's problems under their kind, keeping the smallest
// request of each kind.
func (f *fuzzer) record(r *fuzzRequest, res *fuzzResponse, problems []string) {
	route := matchRoute(r.method, r.segments)
	if route == "" {
		route = "no route"
	}
	if f.statuses[route] == nil {
		f.statuses[route] = map[int]int{}
	}
	f.statuses[route][res.status]++
	if len(problems) == 0 {
		return
	}
	kind, _, _ := strings.Cut(problems[0], ":")
	key := fmt.Sprintf("%s | %d | %s", route, res.status, kind)
	if kind == "shape" || kind == "envelope" || kind == "code" {
		key += " | " + problems[0] // which field is wrong tells failures apart
	}
	ff, ok := f.failures[key]
	if !ok {
		ff = &fuzzFailure{}
		f.failures[key] = ff
		f.order = append(f.order, key)
	}
	ff.count++
	if ff.req == nil || r.size() < ff.req.size() {
		ff.index, ff.req, ff.res, ff.problems = r.index, r, res, problems
	}
}

// report prints every kind of failure once, with its smallest request, the
// response, the stack's log lines for its trace id, and how to replay it.
func (f *fuzzer) report(t *testing.T, n int) {
	t.Logf("%d requests, %d templates known, %d cursors seen; statuses by route:", n, len(f.templates), len(f.cursors))
	names := slices.Sorted(maps.Keys(f.statuses))
	for _, name := range names {
		t.Logf("  %-16s %v", name, f.statuses[name])
	}
	for _, s := range f.stalls {
		t.Logf("accepted as a store stall: %s", s)
	}
	for i, key := range f.order {
		if i == maxReported {
			t.Errorf("… and %d more kinds of failure", len(f.order)-maxReported)
			break
		}
		ff := f.failures[key]
		var b strings.Builder
		fmt.Fprintf(&b, "FUZZ FAILURE [%s], %d time(s); smallest: request #%d of %s=%d\n", key, ff.count, ff.index, envFuzzSeed, f.seed)
		fmt.Fprintf(&b, "  replay: %s=%d %s=%d go test -count=1 -run '^TestFuzzRoutes$' ./internal/local/devstack/\n",
			envFuzzSeed, f.seed, envFuzzRequests, ff.index+1)
		b.WriteString(ff.req.dump())
		fmt.Fprintf(&b, "  -> %d %s\n", ff.res.status, clip(string(ff.res.body), 600))
		for _, p := range ff.problems {
			fmt.Fprintf(&b, "  problem: %s\n", p)
		}
		for _, line := range f.logs.linesWith(ff.res.header.Get(apperr.TraceHeader)) {
			fmt.Fprintf(&b, "  log: %s\n", clip(line, 600))
		}
		t.Error(b.String())
	}
}
