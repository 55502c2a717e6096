package devstack_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/local/devstack"
	"svc/internal/transport/admin"
)

// TestRevokeFlushesTheCache: a key revoked through make revoke's path (the
// admin function of another process, devstack.Invoke, finding the running
// gateway's control listener) gets 401 code 190 on its very next request,
// although its Allow was cached: the revocation flushed the gateway's
// authorizer cache through the SDK's FlushStageAuthorizersCache, as the
// deployed admin function flushes the stage's. The flush drops every
// cached answer, so a key revoked earlier whose flush never came (revoked
// in the store alone) is refused from then on too. With no gateway
// running, a revocation says there was nothing to flush.
func TestRevokeFlushesTheCache(t *testing.T) {
	ctx := context.Background()
	name := "e2e-" + randomSuffix()
	l := devstack.Local{Home: t.TempDir(), DDBPort: portOf(t, ddbEndpoint), SQSPort: portOf(t, sqsEndpoint),
		Table: name, QueuePrefix: name + "-"}
	control, controlURL, err := devstack.ListenControl()
	if err != nil {
		t.Fatal(err)
	}
	st, err := devstack.Open(ctx, devstack.Options{DynamoEndpoint: ddbEndpoint, SQSEndpoint: sqsEndpoint,
		TableName: name, QueuePrefix: name + "-", Log: quietLog(), GatewayControl: controlURL})
	if err != nil {
		t.Fatal(err)
	}
	e := serve(t, st) // the deployed cache TTL, 300 s
	stop, err := st.ServeControl(l, control)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)

	path := fmt.Sprintf(listPath, "acme")
	key, earlier := e.mint(t, "acme", auth.ScopeManagement), e.mint(t, "acme", auth.ScopeManagement)
	for _, k := range []string{key, earlier} {
		if r := e.call(t, "GET", path, "Bearer "+k); r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
	}
	// earlier is revoked in the store alone: its cached Allow still serves it.
	id, err := auth.KeyID(earlier)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Deps.Store.RevokeKey(ctx, id, time.Now()); err != nil {
		t.Fatal(err)
	}
	if r := e.call(t, "GET", path, "Bearer "+earlier); r.status != 200 {
		t.Fatalf("the cached Allow did not serve the key revoked in the store alone: %d %s", r.status, r.body)
	}

	res, err := devstack.Invoke(ctx, l, admin.Event{Action: admin.ActionRevokeKey, Key: key})
	if err != nil || res.AuthorizerCache != "flushed" || res.RevokedAt == nil || !strings.Contains(res.Note, "refused from now on") {
		t.Fatalf("make revoke's path: %+v %v", res, err)
	}
	for _, k := range []string{key, earlier} {
		checkEnvelope(t, e.call(t, "GET", path, "Bearer "+k), 401, 190, auth.ErrRevokedKey.Details)
	}

	// make run stopped: its control listener is gone, and so is any cache.
	stop()
	res, err = devstack.Invoke(ctx, l, admin.Event{Action: admin.ActionRevokeKey, Key: e.mint(t, "acme", auth.ScopeManagement)})
	if err != nil || res.AuthorizerCache != "none" || res.RevokedAt == nil {
		t.Fatalf("revoked with no gateway running: %+v %v", res, err)
	}
}

// TestRevokeWhoseFlushFails: when API Gateway refuses the flush, the key
// stays revoked, the answer says the flush failed and that the key stops
// working within the TTL, and the answer cached before the revocation
// keeps serving it meanwhile.
func TestRevokeWhoseFlushFails(t *testing.T) {
	ctx := context.Background()
	name := "e2e-" + randomSuffix()
	st, err := devstack.Open(ctx, devstack.Options{DynamoEndpoint: ddbEndpoint, SQSEndpoint: sqsEndpoint,
		TableName: name, QueuePrefix: name + "-", Log: quietLog()})
	if err != nil {
		t.Fatal(err)
	}
	e := serve(t, st)
	key := e.mint(t, "acme", auth.ScopeManagement)
	path := fmt.Sprintf(listPath, "acme")
	if r := e.call(t, "GET", path, "Bearer "+key); r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	// API Gateway's answer to a role without the grant.
	refusing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("X-Amzn-Errortype", "AccessDeniedException")
		w.WriteHeader(http.StatusForbidden)
		_, _ = w.Write([]byte(`{"message":"not authorized to perform: apigateway:DELETE"}`))
	}))
	defer refusing.Close()
	operator, err := devstack.Open(ctx, devstack.Options{DynamoEndpoint: ddbEndpoint, SQSEndpoint: sqsEndpoint,
		TableName: name, QueuePrefix: name + "-", Log: quietLog(), GatewayControl: refusing.URL})
	if err != nil {
		t.Fatal(err)
	}
	res, err := operator.Admin(ctx, admin.Event{Action: admin.ActionRevokeKey, Key: key})
	if err != nil || res.AuthorizerCache != "flush_failed" || res.RevokedAt == nil ||
		!strings.Contains(res.Note, "AccessDeniedException") || !strings.Contains(res.Note, "within 5m0s at most") {
		t.Fatalf("a refused flush: %+v %v", res, err)
	}
	if _, err := st.Deps.Authenticator().Authenticate(ctx, "Bearer "+key); err == nil {
		t.Fatal("the key is not revoked")
	}
	if r := e.call(t, "GET", path, "Bearer "+key); r.status != 200 {
		t.Fatalf("the cached Allow, not flushed: %d %s, want 200 until it expires", r.status, r.body)
	}
}

// portOf is the port of an emulator's endpoint.
func portOf(t *testing.T, endpoint string) int {
	t.Helper()
	u, err := url.Parse(endpoint)
	if err != nil {
		t.Fatal(err)
	}
	p, err := strconv.Atoi(u.Port())
	if err != nil {
		t.Fatal(err)
	}
	return p
}
