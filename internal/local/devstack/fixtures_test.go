package devstack_test

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/messagestore"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/message"
	"svc/internal/feature/template"
	"svc/internal/routes"
	"svc/internal/transport/admin"
)

// TestRouteFixtures loads the API Gateway event of every route from events/
// (events/apigateway-<route>.json) and hands it to the route's handler, as
// the Lambda would receive it, over the real store: create, read, list,
// edit, then delete the fixture's template.
func TestRouteFixtures(t *testing.T) {
	e := newEnv(t, 0)
	key := e.mint(t, "acme-1", auth.ScopeManagement, auth.ScopeMessaging)
	// The send fixture's sender, and its window with the fixture's recipient.
	for _, ev := range []admin.Event{
		{Action: admin.ActionRegisterPhone, ZBAID: "acme-1", PhoneNumberID: "106540352242922", PhoneNumber: "15550001111"},
		{Action: admin.ActionRecordInbound, PhoneNumberID: "106540352242922", From: "4915112345678"},
	} {
		if _, err := e.stack.Admin(context.Background(), ev); err != nil {
			t.Fatal(err)
		}
	}
	// The call fixture asks for a plumber near Lyon.
	if _, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionPutProvider, ZBAID: "acme-1",
		ProviderID: "pat", Name: "Pat", Skills: []string{"plumbing"}, Languages: []string{"fr"},
		Location: &admin.Location{Latitude: 45.76, Longitude: 4.84}}); err != nil {
		t.Fatal(err)
	}
	p, err := e.stack.Deps.Authenticator().Authenticate(context.Background(), "Bearer "+key)
	if err != nil {
		t.Fatal(err)
	}
	handlers := e.stack.Handlers
	want := map[string]string{
		routes.Versions.Name:         `"base_path":"/business/v1.0"`,
		routes.OpenAPI.Name:          `"openapi": "3.1.0"`,
		routes.CreateTemplate.Name:   `{"id":"acme-1_order_update_en_US","status":"PENDING","category":"UTILITY"}`,
		routes.GetTemplate.Name:      `"components":[{"type":"HEADER"`,
		routes.ListTemplates.Name:    `{"data":[{"id":"acme-1_order_update_en_US"`,
		routes.EditTemplate.Name:     `{"id":"acme-1_order_update_en_US","status":"PENDING","category":"UTILITY","name":"order_update","success":true}`,
		routes.DeleteTemplates.Name:  `{"success":true,"deleted":1}`,
		routes.SendMessage.Name:      `{"messaging_product":"svc","contacts":[{"input":"4915112345678","wa_id":"4915112345678"}],"messages":[{"id":"svcmid.`,
		routes.CreateCall.Name:       `"call_url":"https://abc123defg.execute-api.eu-west-1.amazonaws.com/prod/v1/calls/`,
		routes.GetMessage.Name:       `"id":"svcmid.Zm9vYmFyYmF6cXV4cXV1eA","status":"sent","recipient_id":"4915112345678"`,
		routes.GetTemplateByID.ID():  `"components":[{"type":"HEADER"`,
		routes.EditTemplateByID.ID(): `{"id":"acme-1_order_update_en_US","status":"PENDING","category":"UTILITY","name":"order_update","success":true}`,
	}
	// The get-message fixture's message, sent.
	if _, err := acceptFixtureMessage(t, e, "acme-1").MarkSent(context.Background(), fixtureMessage, "wamid.x", time.Now()); err != nil {
		t.Fatal(err)
	}
	order := []routes.Route{routes.Versions, routes.OpenAPI, routes.CreateTemplate, routes.GetTemplate, routes.GetTemplateByID,
		routes.ListTemplates, routes.EditTemplate, routes.EditTemplateByID, routes.DeleteTemplates, routes.SendMessage,
		routes.GetMessage, routes.CreateCall}
	// The call session routes' fixtures are replayed by TestCallSessionFixtures.
	if len(order)+len(routes.CallSessionRoutes) != len(routes.All) {
		t.Fatalf("%d routes, %d covered: add the new route's fixture here", len(routes.All), len(order)+len(routes.CallSessionRoutes))
	}
	for _, r := range order {
		t.Run(r.ID(), func(t *testing.T) {
			raw, err := os.ReadFile("../../../events/apigateway-" + r.ID() + ".json")
			if err != nil {
				t.Fatal(err)
			}
			var ev events.APIGatewayProxyRequest
			if err := json.Unmarshal(raw, &ev); err != nil {
				t.Fatal(err)
			}
			if ev.HTTPMethod != r.Method || ev.Resource != r.GatewayPath() {
				t.Fatalf("fixture is %s %s, route is %s %s in the gateway", ev.HTTPMethod, ev.Resource, r.Method, r.GatewayPath())
			}
			if !r.Public() {
				ev.RequestContext.Authorizer = p.Context()
			}
			resp, err := handlers[r.Name](context.Background(), ev)
			if err != nil || resp.StatusCode != 200 || !strings.Contains(resp.Body, want[r.ID()]) {
				t.Fatalf("%d %s (%v)", resp.StatusCode, resp.Body, err)
			}
		})
	}
}

// TestConsumerFixtures hands each queue consumer the SQS event of its
// fixture (events/sqs-<consumer>.json), as Lambda would: the classifier
// decides the template the message names, the webhook consumer delivers
// the event the message carries.
func TestConsumerFixtures(t *testing.T) {
	e := newEnv(t, 0)
	ctx := context.Background()
	load := func(name string) events.SQSEvent {
		raw, err := os.ReadFile("../../../events/sqs-" + name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var ev events.SQSEvent
		if err := json.Unmarshal(raw, &ev); err != nil {
			t.Fatal(err)
		}
		return ev
	}
	if _, err := e.stack.Admin(ctx, admin.Event{Action: admin.ActionCreateZBA, ZBAID: "acme-1"}); err != nil {
		t.Fatal(err)
	}
	hook := newReceiver(t, 0)
	e.subscribe(t, "acme-1", hook)
	if _, err := e.stack.Deps.Templates().Create(ctx, "acme-1", []byte(tplBody("order_update", "en_US", "UTILITY",
		"Your order has shipped and will arrive on Monday."))); err != nil {
		t.Fatal(err)
	}
	// The classifier fixture's second record is what a create queues: the
	// review with the content just written, which the classifier decides on
	// without reading the template. It must be that content byte for byte.
	shipped, err := e.stack.Deps.Templates().Create(ctx, "acme-1", []byte(tplBody("order_shipped", "en_US", "UTILITY",
		"Your order has shipped and will arrive on Monday. ¡Gracias! 📦")))
	if err != nil {
		t.Fatal(err)
	}
	var carried template.ReviewRequest
	if err := json.Unmarshal([]byte(load(routes.Classifier.Name).Records[1].Body), &carried); err != nil ||
		carried.Content == nil || *carried.Content != template.ContentOf(shipped) {
		t.Fatalf("the classifier fixture's content %+v (%v), want the created template's %+v", carried.Content, err,
			template.ContentOf(shipped))
	}
	// The dispatch fixture's message, accepted and waiting for dispatch; the
	// inbound fixtures' sender.
	msgs := acceptFixtureMessage(t, e, "acme-1")
	if _, err := e.stack.Admin(ctx, admin.Event{Action: admin.ActionRegisterPhone, ZBAID: "acme-1", PhoneNumberID: "106540352242922",
		PhoneNumber: "15550001111"}); err != nil {
		t.Fatal(err)
	}
	if len(routes.Consumers) != 4 {
		t.Fatalf("%d consumers: add the new consumer's fixture here", len(routes.Consumers))
	}
	// The inbound consumer has two fixtures: a status of the dispatch
	// fixture's message, and a user's message.
	fixtures := map[string][]string{routes.Inbound.Name: {"inbound-status", "inbound-message"}}
	for _, c := range routes.Consumers {
		names := fixtures[c.Name]
		if names == nil {
			names = []string{c.Name}
		}
		for _, name := range names {
			t.Run(name, func(t *testing.T) {
				h, err := e.stack.Deps.Consumer(c)
				if err != nil {
					t.Fatal(err)
				}
				resp, err := h(ctx, load(name))
				if err != nil || len(resp.BatchItemFailures) != 0 {
					t.Fatalf("%+v %v", resp, err)
				}
			})
		}
	}
	if m, err := msgs.GetMessage(ctx, fixtureMessage); err != nil || m.Status != message.StatusDelivered ||
		!m.StatusTimes[message.StatusDelivered].Equal(time.Unix(1795374061, 0)) || len(e.stack.Network.SentFrom("106540352242922")) != 1 {
		t.Fatalf("the dispatch fixture sent its message, the status fixture delivered it: %+v %v", m, err)
	}
	found, err := msgs.Lookup(ctx, message.Lookup{ZBAID: "acme-1", PhoneNumberID: "106540352242922", Recipient: "4915112345678", Window: true})
	if err != nil || !found.WindowUntil.Equal(time.Unix(1795374120, 0).Add(message.WindowLength)) {
		t.Fatalf("the message fixture opened the window: %+v %v", found, err)
	}
	for _, name := range []string{"order_update", "order_shipped"} {
		if got := e.template(t, "acme-1", name, "en_US"); got.Status != template.StatusApproved {
			t.Fatalf("the classifier fixture decided %s: %+v", name, got)
		}
	}
	hook.mu.Lock()
	defer hook.mu.Unlock()
	// The second record is a messages event with user text, queued as
	// ASCII-only JSON as delivery.Queue writes it.
	if !slices.Equal(hook.ids, []string{"evt_5d41402abc4b2a76b9719d911017c592", "evt_82557cfc38ac6177d078eb0c419da6f9"}) ||
		hook.badSigns != 0 {
		t.Fatalf("the webhook fixtures were delivered, signed: %v (bad signatures %d)", hook.ids, hook.badSigns)
	}
	if b := string(hook.bodies[1]); !strings.Contains(b, `"phone_number_id":"pn_acme_1"`) ||
		!strings.Contains(b, `"text":{"body":"Ol\u00e1! A\u00e7\u00e3o \u00e0s 10h? \ud83d\udc4b"}`) {
		t.Fatalf("the messages fixture was delivered as %s", b)
	}
}

// fixtureMessage is the message the dispatch, inbound-status and
// get-message fixtures name.
const fixtureMessage = "svcmid.Zm9vYmFyYmF6cXV4cXV1eA"

// acceptFixtureMessage stores fixtureMessage for zba, accepted and waiting
// for dispatch, and returns the message store it used.
func acceptFixtureMessage(t *testing.T, e *env, zba string) *messagestore.Store {
	t.Helper()
	cfg, err := awsConfig()
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	msgs := messagestore.New(dynamo.NewTable(dynamo.NewClient(cfg, ddbEndpoint), e.stack.Deps.Config.TableName))
	if err := msgs.Accept(context.Background(), message.Acceptance{DispatchDue: now.Add(time.Minute), Message: message.Message{ID: fixtureMessage,
		ZBAID: zba, PhoneNumberID: "106540352242922", From: "15550001111", Origination: "106540352242922", To: "4915112345678",
		Type: message.TypeText, Content: message.Content{Body: "hi"}, Status: message.StatusAccepted,
		Body:        []byte(`{"messaging_product":"whatsapp","to":"4915112345678","type":"text","text":{"body":"hi"},"biz_opaque_callback_data":"` + fixtureMessage + `"}`),
		StatusTimes: map[message.Status]time.Time{message.StatusAccepted: now}, CreatedAt: now, UpdatedAt: now}}); err != nil {
		t.Fatal(err)
	}
	return msgs
}
