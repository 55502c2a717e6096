package devstack_test

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/local/devstack"
	"svc/internal/local/emulators"
	"svc/internal/local/memstore"
	"svc/internal/local/openapicheck"
	"svc/internal/platform/apperr"
	svcconfig "svc/internal/platform/config"
	"svc/internal/routes"
	"svc/internal/transport/admin"
)

var ddbEndpoint, sqsEndpoint string

func TestMain(m *testing.M) {
	var stop func()
	var err error
	// DynamoDB Local on a loaded 2-core machine can take longer than the
	// deployed request budget; these stacks give it make run's (the stack
	// passes the setting on to every function). The store-fault test keeps 1 s.
	if os.Getenv(svcconfig.EnvRequestBudget) == "" {
		_ = os.Setenv(svcconfig.EnvRequestBudget, devstack.LocalRequestBudget.String())
	}
	ddbEndpoint, sqsEndpoint, stop, err = emulators.ForTests()
	if err != nil {
		fmt.Fprintln(os.Stderr, "emulators:", err)
		os.Exit(1)
	}
	code := m.Run()
	stop()
	os.Exit(code)
}

// env is one local stack on a fresh table and queue prefix, served over real
// HTTP by the local gateway.
type env struct {
	stack *devstack.Stack
	url   string
}

func newEnv(t *testing.T, cacheTTL time.Duration) *env {
	t.Helper()
	name := "e2e-" + randomSuffix()
	st, err := devstack.Open(context.Background(), devstack.Options{
		DynamoEndpoint: ddbEndpoint, SQSEndpoint: sqsEndpoint, TableName: name, QueuePrefix: name + "-",
		CacheTTL: cacheTTL, Log: quietLog(),
	})
	if err != nil {
		t.Fatal(err)
	}
	return serve(t, st)
}

// serve puts the stack's gateway behind a real HTTP server, every
// exchange of a test checked against the OpenAPI document. A benchmark
// serves the bare gateway: the check's validation cost more CPU per send
// than the gateway and the function together, on the cores the emulators
// share, and counted against the service.
func serve(t testing.TB, st *devstack.Stack) *env {
	var h http.Handler = st.Gateway
	if _, bench := t.(*testing.B); !bench {
		h = openapicheck.Handler(t, st.Gateway)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &env{stack: st, url: srv.URL}
}

// testClient is the tests' and benchmarks' HTTP client: http.DefaultClient
// keeps 2 idle connections per host, so 8 concurrent clients opened a new
// connection on most requests, a cost the gateway's figures then carried.
var testClient = func() *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns, t.MaxIdleConnsPerHost = 128, 64
	return &http.Client{Transport: t}
}()

func quietLog() *slog.Logger { return slog.New(slog.NewJSONHandler(io.Discard, nil)) }

// awsConfig is the SDK configuration tests use to look into the emulators.
func awsConfig() (aws.Config, error) {
	return config.LoadDefaultConfig(context.Background(), config.WithRegion("us-east-1"),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider("test", "test", "")))
}

func (e *env) mint(t testing.TB, zba string, scopes ...auth.Scope) string {
	t.Helper()
	var names []string
	for _, s := range scopes {
		names = append(names, string(s))
	}
	res, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionMintKey, ZBAID: zba, Scopes: names, CreateZBA: true})
	if err != nil {
		t.Fatal(err)
	}
	return res.Key
}

type response struct {
	status  int
	header  http.Header
	body    []byte
	errBody struct {
		Error struct {
			Message   string          `json:"message"`
			Type      string          `json:"type"`
			Code      *int            `json:"code"`
			Subcode   json.RawMessage `json:"error_subcode"`
			ErrorData *struct {
				MessagingProduct string `json:"messaging_product"`
				Details          string `json:"details"`
			} `json:"error_data"`
			TraceID string `json:"svc_trace_id"`
		} `json:"error"`
	}
}

func (e *env) call(t *testing.T, method, path, authorization string) response {
	t.Helper()
	return e.request(t, method, path, authorization, "")
}

// request sends one request through the gateway and decodes an error body.
func (e *env) request(t *testing.T, method, path, authorization, body string) response {
	t.Helper()
	contentType := ""
	if body != "" {
		contentType = "application/json"
	}
	return e.requestAs(t, method, path, authorization, contentType, body)
}

// requestAs is request with the Content-Type given ("" sends none).
func (e *env) requestAs(t *testing.T, method, path, authorization, contentType, body string) response {
	t.Helper()
	req, _ := http.NewRequest(method, e.url+path, strings.NewReader(body))
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := testClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := response{status: resp.StatusCode, header: resp.Header}
	r.body, _ = io.ReadAll(resp.Body)
	if resp.StatusCode >= 400 {
		if err := json.Unmarshal(r.body, &r.errBody); err != nil {
			t.Fatalf("error body is not JSON: %s", r.body)
		}
	}
	return r
}

// checkEnvelope verifies every field of the error envelope.
func checkEnvelope(t *testing.T, r response, status, code int, details string) {
	t.Helper()
	e := r.errBody.Error
	if r.status != status {
		t.Errorf("status %d, want %d: %s", r.status, status, r.body)
	}
	if e.Code == nil || *e.Code != code {
		t.Errorf("code %v, want %d: %s", e.Code, code, r.body)
	}
	if !strings.HasPrefix(e.Message, fmt.Sprintf("(#%d) ", code)) || e.Type == "" {
		t.Errorf("message/type: %s", r.body)
	}
	if len(e.Subcode) == 0 {
		t.Errorf("error_subcode missing: %s", r.body)
	}
	if e.ErrorData == nil || e.ErrorData.MessagingProduct != "svc" || (details != "" && e.ErrorData.Details != details) {
		t.Errorf("error_data: %s", r.body)
	}
	if e.TraceID == "" || r.header.Get(apperr.TraceHeader) != e.TraceID {
		t.Errorf("svc_trace_id %q vs header %q", e.TraceID, r.header.Get(apperr.TraceHeader))
	}
	if r.header.Get("Content-Type") != "application/json" {
		t.Errorf("content type %q", r.header.Get("Content-Type"))
	}
}

func randomSuffix() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

const listPath = "/business/v1.0/%s/message_templates"

func TestVersionsNeedsNoKey(t *testing.T) {
	e := newEnv(t, 0)
	r := e.call(t, "GET", "/versions", "")
	var body struct {
		Data []struct {
			API      string `json:"api"`
			Version  string `json:"version"`
			BasePath string `json:"base_path"`
		} `json:"data"`
	}
	if r.status != 200 || json.Unmarshal(r.body, &body) != nil || len(body.Data) != 2 ||
		body.Data[0].BasePath != "/business/v1.0" || body.Data[0].Version != "1.0" || body.Data[1].BasePath != "/v1" {
		t.Fatalf("%d %s", r.status, r.body)
	}
}

func TestAuthentication(t *testing.T) {
	e := newEnv(t, 0)
	ctx := context.Background()
	good := e.mint(t, "acme", auth.ScopeManagement)
	revoked := e.mint(t, "acme", auth.ScopeManagement)
	if _, err := e.stack.Admin(ctx, admin.Event{Action: admin.ActionRevokeKey, Key: revoked}); err != nil {
		t.Fatal(err)
	}
	// An expired key cannot be minted through the admin function; store one
	// directly, as if its expiry had passed.
	past := time.Now().Add(-time.Hour)
	expired, expiredKey, _ := auth.MintKey("acme", []auth.Scope{auth.ScopeManagement}, past.Add(-time.Hour), &past)
	if err := e.stack.Deps.Store.PutKey(ctx, expiredKey); err != nil {
		t.Fatal(err)
	}
	unknown, _, _ := auth.MintKey("acme", []auth.Scope{auth.ScopeManagement}, time.Now(), nil)
	jwt := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"RS256","kid":"idp-1"}`)) + ".eyJzdWIiOiJ1c2VyLTEifQ.c2ln"

	path := fmt.Sprintf(listPath, "acme")
	tests := []struct {
		name, header string
		status, code int
		details      string
	}{
		{"missing", "", 401, 0, auth.ErrMissingCredentials.Details},
		{"wrong scheme", "Basic YTpi", 401, 0, auth.ErrWrongScheme.Details},
		{"malformed", "Bearer svc_123", 401, 190, auth.ErrMalformed.Details},
		{"unknown", "Bearer " + unknown, 401, 190, auth.ErrUnknownKey.Details},
		{"revoked", "Bearer " + revoked, 401, 190, auth.ErrRevokedKey.Details},
		{"expired", "Bearer " + expired, 401, 190, auth.ErrExpiredKey.Details},
		{"end-user jwt", "Bearer " + jwt, 401, 190, auth.ErrIdentityToken.Details},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := e.call(t, "GET", path, tc.header)
			checkEnvelope(t, r, tc.status, tc.code, tc.details)
			if r.header.Get("WWW-Authenticate") == "" {
				t.Error("a 401 names its scheme in WWW-Authenticate")
			}
		})
	}
	t.Run("valid key", func(t *testing.T) {
		if r := e.call(t, "GET", path, "Bearer "+good); r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
	})
}

func TestAuthorisation(t *testing.T) {
	e := newEnv(t, 0)
	messagingOnly := e.mint(t, "acme", auth.ScopeMessaging)
	management := e.mint(t, "acme", auth.ScopeManagement)
	e.mint(t, "rival", auth.ScopeManagement)

	r := e.call(t, "GET", fmt.Sprintf(listPath, "acme"), "Bearer "+messagingOnly)
	checkEnvelope(t, r, 403, 200, "This endpoint requires an API key with the scope svc_business_management.")
	r = e.call(t, "GET", fmt.Sprintf(listPath, "rival"), "Bearer "+management)
	checkEnvelope(t, r, 403, 200, "The API key is not authorised for ZBA rival.")
	r = e.call(t, "GET", fmt.Sprintf(listPath, "acme"), "Bearer "+management)
	if r.status != 200 {
		t.Fatalf("own ZBA: %d %s", r.status, r.body)
	}
}

func TestUnknownRoute(t *testing.T) {
	e := newEnv(t, 0)
	for _, c := range []struct{ method, path string }{{"GET", "/nope"}, {"DELETE", "/versions"}, {"GET", "/business/v1.0/acme/nope"}, {"DELETE", "/business/v1.0/acme_a_en"}} {
		r := e.call(t, c.method, c.path, "")
		checkEnvelope(t, r, 404, 100, "")
	}
}

func TestListTemplates(t *testing.T) {
	e := newEnv(t, 0)
	key := e.mint(t, "acme", auth.ScopeManagement)
	now := time.Now().UTC()
	for _, tpl := range []template.Template{
		{ZBAID: "acme", Name: "order_update", Language: "en_US", Category: "UTILITY", Status: template.StatusApproved},
		{ZBAID: "acme", Name: "order_update", Language: "de", Category: "UTILITY", Status: template.StatusRejected, RejectionReason: "PROMOTIONAL"},
		{ZBAID: "acme", Name: "welcome", Language: "en_US", Category: "UTILITY", Status: template.StatusPending, CorrectCategory: "MARKETING"},
		{ZBAID: "rival", Name: "hidden", Language: "en_US", Category: "MARKETING", Status: template.StatusApproved},
	} {
		tpl.QualityScore, tpl.ParameterFormat, tpl.Components = "UNKNOWN", "POSITIONAL", []byte(`[{"type":"BODY","text":"hi"}]`)
		tpl.CreatedAt, tpl.UpdatedAt, tpl.Version = now, now, 1
		if err := e.stack.Deps.Store.CreateTemplate(context.Background(), tpl, time.Time{}); err != nil {
			t.Fatal(err)
		}
	}
	r := e.call(t, "GET", fmt.Sprintf(listPath, "acme"), "Bearer "+key)
	// One page: its cursors, no next or previous.
	want := regexp.MustCompile(`^\{"data":\[` +
		regexp.QuoteMeta(`{"id":"acme_order_update_de","name":"order_update","language":"de","category":"UTILITY","correct_category":null,"status":"REJECTED","quality_score":"UNKNOWN","rejection_reason":"PROMOTIONAL"},`+
			`{"id":"acme_order_update_en_US","name":"order_update","language":"en_US","category":"UTILITY","correct_category":null,"status":"APPROVED","quality_score":"UNKNOWN","rejection_reason":null},`+
			`{"id":"acme_welcome_en_US","name":"welcome","language":"en_US","category":"UTILITY","correct_category":"MARKETING","status":"PENDING","quality_score":"UNKNOWN","rejection_reason":null}],`) +
		`"paging":\{"cursors":\{"before":"b[A-Za-z0-9_.-]+","after":"a[A-Za-z0-9_.-]+"\}\}\}$`)
	if r.status != 200 || !want.Match(r.body) {
		t.Fatalf("%d\n got %s\nwant %s", r.status, r.body, want)
	}
	// Parameters given empty are left out: the same page.
	if r := e.call(t, "GET", fmt.Sprintf(listPath, "acme")+"?limit=&order=&status=&name=", "Bearer "+key); r.status != 200 || !want.Match(r.body) {
		t.Fatalf("empty parameters: %d\n got %s\nwant %s", r.status, r.body, want)
	}
	// Nothing matches: paging is there all the same.
	r = e.call(t, "GET", fmt.Sprintf(listPath, "acme")+"?status=DISABLED", "Bearer "+key)
	if want := `{"data":[],"paging":{"cursors":{}}}`; r.status != 200 || string(r.body) != want {
		t.Fatalf("%d\n got %s\nwant %s", r.status, r.body, want)
	}
}

// TestAuthorizerCache shows the cached answer serving until its TTL: a key
// revoked after use where no flush reaches the gateway (a revocation whose
// flush failed) keeps working for the TTL, then gets 401. The gateway's
// cache runs on a clock the test drives, so the answers do not depend on
// how long the calls take on a loaded machine. TestRevokeFlushesTheCache
// shows a revocation that flushes it.
func TestAuthorizerCache(t *testing.T) {
	const ttl = 700 * time.Millisecond
	clock := memstore.NewClock(time.Now())
	name := "e2e-" + randomSuffix()
	st, err := devstack.Open(context.Background(), devstack.Options{
		DynamoEndpoint: ddbEndpoint, SQSEndpoint: sqsEndpoint, TableName: name, QueuePrefix: name + "-",
		CacheTTL: ttl, GatewayClock: clock.Now, Log: quietLog(),
	})
	if err != nil {
		t.Fatal(err)
	}
	e := serve(t, st)
	key := e.mint(t, "acme", auth.ScopeManagement)
	path := fmt.Sprintf(listPath, "acme")
	if r := e.call(t, "GET", path, "Bearer "+key); r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	// Revoked in the store alone: the gateway hears of it from no flush.
	id, err := auth.KeyID(key)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.stack.Deps.Store.RevokeKey(context.Background(), id, time.Now()); err != nil {
		t.Fatal(err)
	}
	var since time.Duration // on the gateway's clock, since the Allow was cached
	for _, step := range []struct {
		advance time.Duration
		want    int
	}{
		{0, 200},                     // the cached Allow serves the revoked key
		{ttl - time.Nanosecond, 200}, // up to the end of its TTL
		{time.Nanosecond, 401},       // and not a moment longer
	} {
		clock.Advance(step.advance)
		since += step.advance
		r := e.call(t, "GET", path, "Bearer "+key)
		if step.want == 401 {
			checkEnvelope(t, r, 401, 190, auth.ErrRevokedKey.Details)
		} else if r.status != step.want {
			t.Fatalf("%v after the Allow was cached (TTL %v): %d %s, want %d", since, ttl, r.status, r.body, step.want)
		}
	}
}

// TestExpiredKeyCache shows a key's expiry holding exactly although the
// gateway still serves the authorizer's cached Allow: a key expiring in 2 s,
// used once, gets 401 190 from its expiry on, while a key without expiry
// keeps working on the same cache. Every function the requests pass, and
// the gateway's cache, run on one clock the test drives.
func TestExpiredKeyCache(t *testing.T) {
	clock := memstore.NewClock(time.Now())
	name := "e2e-" + randomSuffix()
	st, err := devstack.Open(context.Background(), devstack.Options{
		DynamoEndpoint: ddbEndpoint, SQSEndpoint: sqsEndpoint, TableName: name, QueuePrefix: name + "-",
		GatewayClock: clock.Now, Log: quietLog(), // the deployed cache TTL
		Clocks: map[string]func() time.Time{routes.Admin.Name: clock.Now, routes.Authorizer.Name: clock.Now,
			routes.ListTemplates.Name: clock.Now},
	})
	if err != nil {
		t.Fatal(err)
	}
	e := serve(t, st)
	expiry := clock.Now().Add(2 * time.Second)
	res, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionMintKey, ZBAID: "acme",
		Scopes: []string{string(auth.ScopeManagement)}, CreateZBA: true, ExpiresAt: &expiry})
	if err != nil {
		t.Fatal(err)
	}
	expiring, lasting := res.Key, e.mint(t, "acme", auth.ScopeManagement)
	path := fmt.Sprintf(listPath, "acme")
	for _, step := range []struct {
		advance           time.Duration
		expiring, lasting int
	}{
		{0, 200, 200}, // both answers are now cached
		{2*time.Second - time.Nanosecond, 200, 200}, // up to the expiry
		{time.Nanosecond, 401, 200},                 // from the expiry on, well within the cache TTL
		{routes.AuthorizerCacheTTL, 401, 200},       // and once the authorizer is asked again
	} {
		clock.Advance(step.advance)
		r := e.call(t, "GET", path, "Bearer "+expiring)
		if step.expiring == 401 {
			checkEnvelope(t, r, 401, 190, auth.ErrExpiredKey.Details)
		} else if r.status != step.expiring {
			t.Fatalf("expiring key %v before its expiry: %d %s", expiry.Sub(clock.Now()), r.status, r.body)
		}
		if r := e.call(t, "GET", path, "Bearer "+lasting); r.status != step.lasting {
			t.Fatalf("key without expiry: %d %s", r.status, r.body)
		}
	}
}

func TestAdminActions(t *testing.T) {
	e := newEnv(t, -1)
	ctx := context.Background()
	hook := newReceiver(t, 0)
	tests := []struct {
		name    string
		ev      admin.Event
		wantErr string
	}{
		{"create zba", admin.Event{Action: admin.ActionCreateZBA, ZBAID: "zba-1", Name: "Acme"}, ""},
		{"create zba twice", admin.Event{Action: admin.ActionCreateZBA, ZBAID: "zba-1"}, "already exists"},
		{"zba id with underscore", admin.Event{Action: admin.ActionCreateZBA, ZBAID: "a_b"}, "letters, digits or hyphens"},
		{"mint for missing zba", admin.Event{Action: admin.ActionMintKey, ZBAID: "ghost", Scopes: []string{"svc_business_management"}}, "does not exist"},
		{"mint with unknown scope", admin.Event{Action: admin.ActionMintKey, ZBAID: "zba-1", Scopes: []string{"root"}}, "unknown scope"},
		{"mint", admin.Event{Action: admin.ActionMintKey, ZBAID: "zba-1", Scopes: []string{"svc_business_messaging"}}, ""},
		{"revoke unknown", admin.Event{Action: admin.ActionRevokeKey, Key: "aaaaaaaaaaaaaaaa"}, "no such key"},
		{"register phone", admin.Event{Action: admin.ActionRegisterPhone, ZBAID: "zba-1", PhoneNumberID: "pn-1", PhoneNumber: "4915123456789"}, ""},
		{"register phone again", admin.Event{Action: admin.ActionRegisterPhone, ZBAID: "zba-1", PhoneNumberID: "pn-1", PhoneNumber: "4915123456789"}, ""},
		{"phone of another zba", admin.Event{Action: admin.ActionRegisterPhone, ZBAID: "zba-2", PhoneNumberID: "pn-1", PhoneNumber: "4915123456789"}, "does not exist"},
		{"bad number", admin.Event{Action: admin.ActionRegisterPhone, ZBAID: "zba-1", PhoneNumberID: "pn-2", PhoneNumber: "+49 151"}, "E.164"},
		{"webhook that fails the handshake", admin.Event{Action: admin.ActionSetWebhook, ZBAID: "zba-1", URL: "https://hooks.invalid/svc"}, "verification failed"},
		{"plain http webhook off this machine", admin.Event{Action: admin.ActionSetWebhook, ZBAID: "zba-1", URL: "http://hooks.example.com/svc"}, "loopback"},
		{"webhook with the wrong verify token", admin.Event{Action: admin.ActionSetWebhook, ZBAID: "zba-1", URL: hook.srv.URL, VerifyToken: "wrong"}, "verification failed"},
		{"webhook", admin.Event{Action: admin.ActionSetWebhook, ZBAID: "zba-1", URL: hook.srv.URL, VerifyToken: hook.token}, ""},
		{"unknown action", admin.Event{Action: "drop_table"}, "unknown action"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.stack.Admin(ctx, tc.ev)
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("err %v, want %q", err, tc.wantErr)
			}
		})
	}
	if _, err := e.stack.Admin(ctx, admin.Event{Action: admin.ActionCreateZBA, ZBAID: "zba-2"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.stack.Admin(ctx, admin.Event{Action: admin.ActionRegisterPhone, ZBAID: "zba-2", PhoneNumberID: "pn-1", PhoneNumber: "4915123456789"}); err == nil ||
		!strings.Contains(err.Error(), "another zba") {
		t.Fatalf("a number registered to zba-1 must not move to zba-2: %v", err)
	}
	z, err := e.stack.Deps.Store.GetZBA(ctx, "zba-1")
	if err != nil || z.WebhookURL != hook.srv.URL || z.WebhookGeneration != 1 || z.Name != "Acme" {
		t.Fatalf("zba %+v %v", z, err)
	}
}
