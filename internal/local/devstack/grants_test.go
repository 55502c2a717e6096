package devstack_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/internal/adapter/dynamo/table"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/message"
	"svc/internal/feature/template"
	"svc/internal/local/devstack"
	"svc/internal/platform/idempotency"
	"svc/internal/routes"
	"svc/internal/transport/admin"
)

// storeCall is one item a function's DynamoDB request touched, as IAM
// authorizes it: each step of a transaction is its own action on its own
// item, and a Query is one action on the partition it reads.
type storeCall struct {
	function string
	// action is the IAM action, e.g. dynamodb:UpdateItem.
	action string
	// index is the index a Query read; "" for the table.
	index string
	// key is the partition key (dynamodb:LeadingKeys): the item's, or the
	// one a Query's key condition names (the index's, on an index).
	key string
	// request is the API operation, e.g. TransactWriteItems.
	request string
}

// grantRecorder stands between each function and DynamoDB Local, one proxy
// per function, and records each item each request touches.
type grantRecorder struct {
	t      *testing.T
	target *url.URL

	mu       sync.Mutex
	proxies  map[string]string
	calls    []storeCall
	unparsed []string
}

func newGrantRecorder(t *testing.T) *grantRecorder {
	target, err := url.Parse(ddbEndpoint)
	if err != nil {
		t.Fatal(err)
	}
	return &grantRecorder{t: t, target: target, proxies: map[string]string{}}
}

// endpoint is the address of function's proxy (devstack's
// FunctionDynamoEndpoint).
func (r *grantRecorder) endpoint(function string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if u, ok := r.proxies[function]; ok {
		return u
	}
	proxy := httputil.NewSingleHostReverseProxy(r.target)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, err := io.ReadAll(req.Body)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		req.Body = io.NopCloser(bytes.NewReader(body))
		op := strings.TrimPrefix(req.Header.Get("X-Amz-Target"), "DynamoDB_20120810.")
		calls, err := itemCalls(op, body)
		r.mu.Lock()
		if err != nil {
			r.unparsed = append(r.unparsed, fmt.Sprintf("%s: %s: %v", function, op, err))
		}
		for _, c := range calls {
			c.function = function
			r.calls = append(r.calls, c)
		}
		r.mu.Unlock()
		proxy.ServeHTTP(w, req)
	}))
	r.t.Cleanup(srv.Close)
	r.proxies[function] = srv.URL
	return srv.URL
}

// take returns the calls recorded so far, and what could not be read.
func (r *grantRecorder) take() ([]storeCall, []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.calls), slices.Clone(r.unparsed)
}

// attributes are the string attribute values of an item or a key, in the
// DynamoDB JSON protocol ({"pk":{"S":"ZBA#acme"}}); others decode empty.
type attributes map[string]struct{ S string }

// keyed is an item-level request or transaction step.
type keyed struct {
	Key  attributes
	Item attributes
}

// partition is the step's partition key.
func (k keyed) partition() string {
	if v := k.Key[table.PartitionKey].S; v != "" {
		return v
	}
	return k.Item[table.PartitionKey].S
}

// ddbRequest is the part of a DynamoDB request that says what it touches.
type ddbRequest struct {
	keyed
	IndexName                 string
	KeyConditionExpression    string
	ExpressionAttributeNames  map[string]string
	ExpressionAttributeValues attributes
	TransactItems             []map[string]keyed
}

// stepActions are the IAM actions of the kinds of transaction step.
var stepActions = map[string]string{
	"Put": "dynamodb:PutItem", "Update": "dynamodb:UpdateItem", "Delete": "dynamodb:DeleteItem",
	"ConditionCheck": "dynamodb:ConditionCheckItem", "Get": "dynamodb:GetItem",
}

// equality finds the `name = :value` conditions of a key condition.
var equality = regexp.MustCompile(`(#?[A-Za-z0-9_]+)\s*=\s*(:[A-Za-z0-9_]+)`)

// itemCalls reads what one request touches, item by item.
func itemCalls(op string, body []byte) ([]storeCall, error) {
	var in ddbRequest
	if err := json.Unmarshal(body, &in); err != nil {
		return nil, err
	}
	one := func(action, index, key string) ([]storeCall, error) {
		if key == "" {
			return nil, fmt.Errorf("no partition key in %s", body)
		}
		return []storeCall{{action: action, index: index, key: key, request: op}}, nil
	}
	switch op {
	case "GetItem", "PutItem", "UpdateItem", "DeleteItem":
		return one("dynamodb:"+op, "", in.partition())
	case "Query":
		attr := table.PartitionKey
		for _, idx := range table.Indexes {
			if idx.Name == in.IndexName {
				attr = idx.PartitionKey
			}
		}
		for _, m := range equality.FindAllStringSubmatch(in.KeyConditionExpression, -1) {
			name := m[1]
			if n, ok := in.ExpressionAttributeNames[name]; ok {
				name = n
			}
			if name == attr {
				return one("dynamodb:Query", in.IndexName, in.ExpressionAttributeValues[m[2]].S)
			}
		}
		return one("dynamodb:Query", in.IndexName, "")
	case "TransactWriteItems", "TransactGetItems":
		var out []storeCall
		for _, step := range in.TransactItems {
			for kind, k := range step {
				action, ok := stepActions[kind]
				if !ok {
					return out, fmt.Errorf("unknown transaction step %s", kind)
				}
				c, err := one(action, "", k.partition())
				if err != nil {
					return out, err
				}
				out = append(out, c...)
			}
		}
		return out, nil
	}
	// Any other operation (Scan, BatchWriteItem ...) is granted to no
	// function: recorded as it is, it fails the check.
	return []storeCall{{action: "dynamodb:" + op, request: op}}, nil
}

// allows reports whether the grant statement g allows c.
func allows(g routes.TableGrant, c storeCall) bool {
	if !slices.Contains(g.Actions, c.action) || g.Index != (c.index != "") {
		return false
	}
	if len(g.Partitions) == 0 {
		return true
	}
	for _, p := range g.Partitions {
		if strings.HasPrefix(c.key, table.PartitionPrefixes[p]) {
			return true
		}
	}
	return false
}

// keyFamily is a partition key without what names one item of its
// family: ZBA#acme is ZBA#..., for the report.
func keyFamily(key string) string {
	if i := strings.Index(key, "#"); i >= 0 {
		return key[:i+1] + "..."
	}
	return key
}

// TestStoreCallsGranted runs a workload through the local stack that
// reaches every function with table access (every route, the authorizer,
// the admin actions, every consumer and scheduled function), records each
// DynamoDB call each function makes at a proxy of its own, and holds every
// item each call touches to the function's grant as infra writes it
// (routes.Function.TableGrants: its Table actions, held to its Partitions'
// key prefixes; UpdateItem on RATE# keys for RateCounter; Query on the
// index partitions of Index). IAM checks each step of a transaction as its
// own action; DynamoDB Local checks no IAM, so without this test a call the
// deployed role refuses passes every other local test.
func TestStoreCallsGranted(t *testing.T) {
	rec := newGrantRecorder(t)
	later := func() time.Time { return time.Now().Add(24 * time.Hour) }
	e := newSendEnv(t, nil, func(o *devstack.Options) {
		o.FunctionDynamoEndpoint = rec.endpoint
		// The sweepers and the unpauser run a day ahead: the review, the
		// dispatch and the pause left behind below are due.
		o.Clocks = map[string]func() time.Time{routes.ReviewSweeper.Name: later, routes.OutboundSweeper.Name: later,
			routes.TemplateUnpauser.Name: later}
	})
	ctx := context.Background()
	adminDo := func(ev admin.Event) admin.Result {
		t.Helper()
		res, err := e.stack.Admin(ctx, ev)
		if err != nil {
			t.Fatalf("%s: %v", ev.Action, err)
		}
		return res
	}
	ok := func(what string, r response) response {
		t.Helper()
		if r.status != 200 {
			t.Fatalf("%s: %d %s", what, r.status, r.body)
		}
		return r
	}
	drained := func() {
		t.Helper()
		waitFor(t, "every queue to drain", settle, func() bool {
			for _, q := range routes.Queues {
				if !e.queueEmpty(t, q.Name) {
					return false
				}
			}
			return true
		})
	}

	// The admin actions, and the webhook subscriptions: acme's receiver
	// takes every event, gone's answers 410, which ends its subscription.
	hook := newReceiver(t, 0)
	e.subscribe(t, "acme", hook)
	gone := newReceiver(t, -1)
	gone.failWith = http.StatusGone
	adminDo(admin.Event{Action: admin.ActionCreateZBA, ZBAID: "gone"})
	goneKey := e.mint(t, "gone", auth.ScopeManagement)
	e.subscribe(t, "gone", gone)
	adminDo(admin.Event{Action: admin.ActionRevokeKey, Key: e.mint(t, "acme", auth.ScopeManagement)})
	adminDo(admin.Event{Action: admin.ActionSetDisplayNameStatus, PhoneNumberID: "pn-pending", DisplayNameStatus: "APPROVED"})
	adminDo(admin.Event{Action: admin.ActionRegisterPhone, ZBAID: "acme", PhoneNumberID: "106540352242922", PhoneNumber: "15550001111"})
	no := false
	adminDo(admin.Event{Action: admin.ActionMarketingOptOut, ZBAID: "acme", Recipient: "4915112340009"})
	adminDo(admin.Event{Action: admin.ActionMarketingOptOut, ZBAID: "acme", Recipient: "4915112340009", OptedOut: &no})
	adminDo(admin.Event{Action: admin.ActionRecordInbound, PhoneNumberID: e2eSender, From: e2eTo, Text: "hi"})
	adminDo(admin.Event{Action: admin.ActionRecordOutcome, ZBAID: "acme", Name: "order_update", Language: "en_US", Outcome: "delivered"})
	adminDo(admin.Event{Action: admin.ActionPauseTemplate, ZBAID: "acme", Name: "plain", Language: "en_US"})
	adminDo(admin.Event{Action: admin.ActionUnpauseTemplate, ZBAID: "acme", Name: "plain", Language: "en_US"})
	adminDo(admin.Event{Action: admin.ActionDisableTemplate, ZBAID: "acme", Name: "image_head", Language: "en_US"})
	// named_update's pause is ended by the unpauser.
	adminDo(admin.Event{Action: admin.ActionPauseTemplate, ZBAID: "acme", Name: "named_update", Language: "en_US"})
	provider := adminDo(admin.Event{Action: admin.ActionPutProvider, ZBAID: "acme", ProviderID: "pat", Name: "Pat",
		Skills: []string{"plumbing"}, Languages: []string{"fr"}, Location: &admin.Location{Latitude: 45.76, Longitude: 4.84}})
	adminDo(admin.Event{Action: admin.ActionPutProvider, ZBAID: "acme", ProviderID: "tmp", Name: "Tmp",
		Skills: []string{"roofing"}, Languages: []string{"fr"}, Location: &admin.Location{Latitude: 45.7, Longitude: 4.8}})
	adminDo(admin.Event{Action: admin.ActionListProviders, ZBAID: "acme"})
	adminDo(admin.Event{Action: admin.ActionRemoveProvider, ZBAID: "acme", ProviderID: "tmp"})

	// The template routes, the classifier and the webhooks consumer.
	base := fmt.Sprintf(tplPath, "acme")
	mgmt := e.mgmtOnly
	ok("versions", e.call(t, "GET", "/versions", ""))
	ok("openapi", e.call(t, "GET", "/openapi.json", ""))
	for _, name := range []string{"grants_a", "grants_b"} {
		ok("create", e.do(t, "POST", base, mgmt, tplBody(name, "en_US", "UTILITY", "Your order {{1}} has shipped.")))
	}
	ok("create for gone", e.do(t, "POST", fmt.Sprintf(tplPath, "gone"), goneKey, tplBody("gone_a", "en_US", "UTILITY", "Your order {{1}} has shipped.")))
	waitFor(t, "the reviews", settle, func() bool {
		return e.template(t, "acme", "grants_a", "en_US").Status != template.StatusPending &&
			e.template(t, "acme", "grants_b", "en_US").Status != template.StatusPending
	})
	drained()
	ok("list", e.do(t, "GET", base+"?limit=2", mgmt, ""))
	ok("get", e.do(t, "GET", base+"/acme_grants_a_en_US", mgmt, ""))
	ok("get by id", e.do(t, "GET", "/business/v1.0/acme_grants_a_en_US", mgmt, ""))
	ok("edit", e.do(t, "POST", base+"/acme_grants_a_en_US", mgmt, tplBody("grants_a", "en_US", "UTILITY", "Your parcel {{1}} has left.")))
	ok("edit by id", e.do(t, "POST", "/business/v1.0/acme_grants_b_en_US", mgmt, tplBody("grants_b", "en_US", "UTILITY", "Your parcel {{1}} is here.")))
	drained()
	ok("delete by name", e.do(t, "DELETE", base+"?name=grants_a", mgmt, ""))
	ok("delete by id", e.do(t, "DELETE", base+"?name=grants_b&hsm_id=acme_grants_b_en_US", mgmt, ""))

	// Sends, with and without an Idempotency-Key (and its replay); dispatch,
	// the recipients' statuses and users' messages through inbound.
	promo := templateBody("promo", `[{"type":"body","parameters":[{"type":"text","text":"10%"}]}]`)
	promoID := accepted(t, e.send(t, e.acme, e2eSender, promo, ""), true)
	textID := accepted(t, e.send(t, e.acme, e2eSender, textBody(e2eTo, "hello"), "grants-1"), false)
	if r := e.send(t, e.acme, e2eSender, textBody(e2eTo, "hello"), "grants-1"); r.header.Get(idempotency.ReplayedHeader) != "true" {
		t.Fatalf("replay: %d %v %s", r.status, r.header, r.body)
	}
	// A free-form send makes the calls a text makes.
	buttonsID := accepted(t, e.send(t, e.acme, e2eSender, freeFormBody(e2eTo, "interactive",
		`{"type":"button","body":{"text":"Confirm?"},"action":{"buttons":[{"type":"reply","reply":{"id":"yes","title":"Yes"}}]}}`), ""), false)
	for _, id := range []string{promoID, textID, buttonsID} {
		waitFor(t, "the message read", settle, func() bool {
			m, err := e.messages.GetMessage(ctx, id)
			return err == nil && m.Status == message.StatusRead
		})
	}
	ok("get message", e.do(t, "GET", fmt.Sprintf(sendPath, e2eSender)+"/"+textID, e.acme, ""))
	// A reaction to a message by svc's id reads that message.
	reactionID := accepted(t, e.send(t, e.acme, e2eSender, freeFormBody(e2eTo, "reaction", `{"message_id":"`+textID+`","emoji":"👍"}`), ""), false)
	waitFor(t, "the reaction sent", settle, func() bool {
		m, err := e.messages.GetMessage(ctx, reactionID)
		return err == nil && m.NetworkID != ""
	})
	// A mark-as-read, relayed by the dispatch consumer.
	ok("mark as read", e.send(t, e.acme, e2eSender, `{"messaging_product":"whatsapp","status":"read","message_id":"wamid.grants"}`, ""))
	drained()
	for _, text := range []string{"Hello?", "STOP", "START"} {
		if _, err := e.stack.Recipients.Write(ctx, e2eSender, "4915112340001", "Zoë", text); err != nil {
			t.Fatal(err)
		}
		drained()
	}

	// The scheduled functions, each with work due: a review never queued,
	// a dispatch never queued, and named_update's pause.
	now := time.Now().UTC()
	if err := e.stack.Deps.Store.CreateTemplate(ctx, template.Template{ZBAID: "acme", Name: "unqueued", Language: "en_US",
		Category: "UTILITY", Status: template.StatusPending, ParameterFormat: template.FormatPositional,
		QualityScore: template.QualityUnknown, Components: []byte(`[{"type":"BODY","text":"Your order has shipped."}]`),
		CreatedAt: now, UpdatedAt: now, Version: 1}, now); err != nil {
		t.Fatal(err)
	}
	acceptFixtureMessage(t, e.env, "acme")
	for _, sc := range routes.Schedules {
		if err := e.stack.RunSchedule(ctx, sc.Name); err != nil {
			t.Fatalf("%s: %v", sc.Name, err)
		}
	}
	waitFor(t, "the swept review and dispatch", settle, func() bool {
		m, err := e.messages.GetMessage(ctx, fixtureMessage)
		return e.template(t, "acme", "unqueued", "en_US").Status != template.StatusPending && err == nil && m.Status == message.StatusRead
	})
	if got := e.template(t, "acme", "named_update", "en_US"); got.Status != template.StatusApproved {
		t.Fatalf("the unpauser left named_update %s", got.Status)
	}

	// The call routes and the session routes, both pages' steps.
	callBody := `{"redirect_url":"https://shop.example.com/thanks","location":{"latitude":45.764,"longitude":4.8357}}`
	_, id, callURL := e.createCall(t, e.acme, callBody)
	q := func(u *url.URL) string { return "?metadata=" + url.QueryEscape(u.Query().Get("metadata")) }
	providerLink, err := url.Parse(provider.ProviderURL)
	if err != nil {
		t.Fatal(err)
	}
	user, prov := q(callURL), q(providerLink)
	sdp := `{"sdp":"v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\n"}`
	// The second call is made once the first is over: pat is in one call
	// at a time (its busy read is the create's Query of PSTATUS#).
	var otherID, other string
	for _, s := range []struct {
		method, path, body string
		before             func()
	}{
		{"GET", "/v1/calls/" + id + "/session" + user, "", nil},
		{"GET", "/v1/provider-session" + prov, "", nil},
		{"POST", "/v1/calls/" + id + "/offer" + user, sdp, nil},
		{"GET", "/v1/provider-session/calls" + prov, "", nil},
		{"GET", "/v1/calls/" + id + "/signal" + prov, "", nil},
		{"POST", "/v1/calls/" + id + "/answer" + prov, sdp, func() {
			// pat is busy: this create reads who is and finds nobody else.
			if r, _, _ := e.createCall(t, e.acme, callBody); r.status != 404 {
				t.Fatalf("a create while pat is busy: %d %s", r.status, r.body)
			}
		}},
		{"POST", "/v1/calls/" + id + "/hangup" + user, "", nil},
		{"POST", "/v1/calls/{other}/offer{other}", sdp, func() {
			_, oid, otherURL := e.createCall(t, e.acme, callBody)
			otherID, other = oid, q(otherURL)
		}},
		{"POST", "/v1/calls/{other}/decline" + prov, "", nil},
	} {
		if s.before != nil {
			s.before()
		}
		path := strings.Replace(strings.Replace(s.path, "{other}", otherID, 1), "{other}", other, 1)
		ok(s.method+" "+path, e.request(t, s.method, path, "", s.body))
	}
	drained()
	gone.mu.Lock()
	goneCalls := gone.calls
	gone.mu.Unlock()
	if goneCalls == 0 {
		t.Fatal("gone's receiver was never called")
	}

	calls, unparsed := rec.take()
	for _, u := range unparsed {
		t.Errorf("unreadable request: %s", u)
	}
	byName := map[string]routes.Function{}
	for _, f := range routes.Functions() {
		byName[f.Name] = f
	}
	refused := map[string]bool{}
	used := map[string]bool{}
	// exercised are the grant statements' actions some call needed, by
	// function, statement and action: the others are logged, for least
	// privilege (a workload that never needs one may still miss a path).
	exercised := map[string]bool{}
	for _, c := range calls {
		f, known := byName[c.function]
		if !known {
			t.Errorf("a call from %s, which the route table does not list", c.function)
			continue
		}
		used[c.function] = true
		allowed := false
		for i, g := range f.TableGrants() {
			if allows(g, c) {
				allowed = true
				exercised[fmt.Sprintf("%s %d %s", f.Name, i, c.action)] = true
			}
		}
		if !allowed {
			on := "the table"
			if c.index != "" {
				on = "index " + c.index
			}
			refused[fmt.Sprintf("%s: %s on %s, key %s (in %s)", c.function, c.action, on, keyFamily(c.key), c.request)] = true
		}
	}
	for _, line := range slices.Sorted(maps.Keys(refused)) {
		t.Errorf("not granted: %s; grants %+v", line, byName[strings.SplitN(line, ":", 2)[0]].TableGrants())
	}
	for _, f := range routes.Functions() {
		for i, g := range f.TableGrants() {
			for _, a := range g.Actions {
				if !exercised[fmt.Sprintf("%s %d %s", f.Name, i, a)] {
					t.Logf("%s: granted %s (index %v, partitions %v), which no call of the workload needed", f.Name, a, g.Index, g.Partitions)
				}
			}
		}
	}
	var missed []string
	for _, f := range routes.Functions() {
		if len(f.TableGrants()) > 0 && !used[f.Name] {
			missed = append(missed, f.Name)
		}
	}
	if len(missed) > 0 {
		t.Errorf("the workload made no store call from %v: extend it to reach them", missed)
	}
}
