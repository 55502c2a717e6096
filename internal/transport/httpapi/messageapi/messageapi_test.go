package messageapi_test

import (
	"context"
	"encoding/base64"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/message"
	"svc/internal/feature/template"
	"svc/internal/local/memstore"
	"svc/internal/platform/idempotency"
	"svc/internal/routes"
	"svc/internal/transport/httpapi"
	"svc/internal/transport/httpapi/messageapi"
)

// sendHandler is the send route's handler over an in-memory store holding
// ZBA acme, its sender pn-1 and an approved template "plain" (en_US).
func sendHandler(t *testing.T) httpapi.Handler {
	t.Helper()
	ctx := context.Background()
	st := memstore.New()
	if err := st.CreateZBA(ctx, account.ZBA{ID: "acme"}); err != nil {
		t.Fatal(err)
	}
	if err := st.RegisterPhone(ctx, account.Phone{ID: "pn-1", Number: "4915100000001", ZBAID: "acme"}); err != nil {
		t.Fatal(err)
	}
	if err := st.CreateTemplate(ctx, template.Template{ZBAID: "acme", Name: "plain", Language: "en_US", Category: "UTILITY",
		Status: template.StatusApproved, ParameterFormat: template.FormatPositional, Components: []byte(`[{"type":"BODY","text":"Hi."}]`)}, time.Time{}); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	svc := message.Service{Store: st, Queue: &memstore.Queue{}, Now: time.Now, Log: log, Limits: message.DefaultLimits, Rate: st,
		Idempotency: idempotency.Guard{Store: st, Now: time.Now, Lease: 15 * time.Second}}
	h, err := httpapi.Serve(routes.SendMessage, messageapi.Endpoints{Messages: svc}.Send, httpapi.Options{Log: log})
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// sendEvent is API Gateway's event for a send from pn-1 by a messaging
// key of acme, with body as it arrived.
func sendEvent(body string) events.APIGatewayProxyRequest {
	ev := events.APIGatewayProxyRequest{HTTPMethod: "POST", Resource: routes.SendMessage.Path, Path: "/business/v1.0/pn-1/messages",
		PathParameters: map[string]string{routes.GatewayNodeParam: "pn-1"}, Body: body}
	ev.RequestContext.Authorizer = auth.Principal{ZBAID: "acme", KeyID: "k", Scopes: []auth.Scope{auth.ScopeMessaging}}.Context()
	return ev
}

// TestSendHandler: the handler reads the Idempotency-Key in any case, a
// base64 body as API Gateway passes binary ones, marks a replay with
// Idempotent-Replayed, and writes the service's body as it is.
func TestSendHandler(t *testing.T) {
	ctx := context.Background()
	h := sendHandler(t)
	body := `{"messaging_product":"svc","to":"4915112345678","type":"template","template":{"name":"plain","language":{"code":"en_US"}}}`
	requestMulti := func(headers map[string]string, multi map[string][]string, b64 bool) events.APIGatewayProxyResponse {
		ev := sendEvent(body)
		ev.Headers, ev.MultiValueHeaders = headers, multi
		if b64 {
			ev.Body, ev.IsBase64Encoded = base64.StdEncoding.EncodeToString([]byte(body)), true
		}
		resp, err := h(ctx, ev)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	request := func(headers map[string]string, b64 bool) events.APIGatewayProxyResponse {
		return requestMulti(headers, nil, b64)
	}
	first := request(map[string]string{"idempotency-key": "k-1"}, true)
	if first.StatusCode != 200 || !strings.HasPrefix(first.Body, `{"messaging_product":"svc","contacts":[{"input":"4915112345678","wa_id":"4915112345678"}],"messages":[{"id":"svcmid.`) ||
		first.Headers["Content-Type"] != "application/json" || first.Headers[idempotency.ReplayedHeader] != "" {
		t.Fatalf("first: %d %v %s", first.StatusCode, first.Headers, first.Body)
	}
	again := request(map[string]string{"IDEMPOTENCY-KEY": "k-1"}, false)
	if again.StatusCode != 200 || again.Body != first.Body || again.Headers[idempotency.ReplayedHeader] != "true" {
		t.Fatalf("replay: %d %v %s", again.StatusCode, again.Headers, again.Body)
	}
	if empty := request(map[string]string{"Idempotency-Key": ""}, false); empty.StatusCode != 400 {
		t.Fatalf("an empty key: %d %s", empty.StatusCode, empty.Body)
	}
	// Two keys, as API Gateway passes them: the last in the single-value
	// map, both in the multi-value one. Neither is used.
	twice := requestMulti(map[string]string{"Idempotency-Key": "k-1"},
		map[string][]string{"Idempotency-Key": {"k-2", "k-1"}}, false)
	if twice.StatusCode != 400 || !strings.Contains(twice.Body, `"code":100`) || !strings.Contains(twice.Body, "Idempotency-Key: sent more than once") ||
		twice.Headers[idempotency.ReplayedHeader] != "" {
		t.Fatalf("two keys: %d %v %s", twice.StatusCode, twice.Headers, twice.Body)
	}
	if other := request(nil, false); other.StatusCode != 200 || other.Body == first.Body {
		t.Fatalf("without a key, a new message: %d %s", other.StatusCode, other.Body)
	}
}

// TestSendBodyStrict: a send body naming a key twice in one object, or one
// field in two spellings encoding/json reads as one, is 400 code 100 naming
// the object, before anything is sent; the same body written once is sent.
func TestSendBodyStrict(t *testing.T) {
	ctx := context.Background()
	h := sendHandler(t)
	const tpl = `"type":"template","template":{"name":"plain","language":{"code":"en_US"}}`
	tests := []struct {
		name, body, details string // details "": sent
	}{
		{"once", `{"messaging_product":"svc","to":"4915112345678",` + tpl + `}`, ""},
		{"type twice", `{"messaging_product":"svc","to":"4915112345678",` + tpl + `,"type":"image"}`,
			`request body: names \"type\" twice in one object`},
		{"text body in two spellings", `{"messaging_product":"svc","to":"4915112345678","type":"text","text":{"body":"x","Body":"y"}}`,
			`text: names \"body\" twice in one object (as \"body\" and \"Body\")`},
		{"language code twice", `{"messaging_product":"svc","to":"4915112345678","type":"template","template":{"name":"plain","language":{"code":"en_US","code":"de"}}}`,
			`template.language: names \"code\" twice in one object`},
		{"a parameter's key twice", `{"messaging_product":"svc","to":"4915112345678","type":"template","template":{"name":"plain","language":{"code":"en_US"},` +
			`"components":[{"type":"body","parameters":[{"type":"text","text":"a","TEXT":"b"}]}]}}`,
			`template.components[0].parameters[0]: names \"text\" twice in one object (as \"text\" and \"TEXT\")`},
		{"a text with a lone surrogate", `{"messaging_product":"svc","to":"4915112345678","type":"text","text":{"body":"hi \ud83d"}}`,
			`request body: lone UTF-16 surrogate escape \\ud83d at byte 82`},
		{"nested too deep", `{"messaging_product":"svc","to":"4915112345678",` + tpl + `,"x":` + strings.Repeat("[", 64) + strings.Repeat("]", 64) + `}`,
			`request body: nested too deep at byte`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := h(ctx, sendEvent(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			if tt.details == "" {
				if resp.StatusCode != 200 {
					t.Fatalf("refused: %d %s", resp.StatusCode, resp.Body)
				}
				return
			}
			if resp.StatusCode != 400 || !strings.Contains(resp.Body, `"code":100`) || !strings.Contains(resp.Body, tt.details) {
				t.Fatalf("got %d %s, want 400 code 100 with %s", resp.StatusCode, resp.Body, tt.details)
			}
		})
	}
}

// TestSendParamOfWrongType: a template parameter of a known type in a
// component it cannot fill answers 400 code 132012 (the compatible API's
// parameter format mismatch), naming the parameter, its type and the
// component.
func TestSendParamOfWrongType(t *testing.T) {
	ctx := context.Background()
	h := sendHandler(t)
	send := func(comps string) string {
		return `{"messaging_product":"svc","to":"4915112345678","type":"template","template":{"name":"plain","language":{"code":"en_US"},"components":` + comps + `}}`
	}
	tests := []struct {
		name, body, details string
	}{
		{"an image filling a body", send(`[{"type":"body","parameters":[{"type":"image","image":{"link":"https://a.example/i.png"}}]}]`),
			`template.components[0].parameters[0].type: an image parameter cannot fill a body component`},
		{"a document filling a body", send(`[{"type":"body","parameters":[{"type":"document","document":{"id":"7"}}]}]`),
			`template.components[0].parameters[0].type: a document parameter cannot fill a body component`},
		{"a coupon code filling a header", send(`[{"type":"header","parameters":[{"type":"coupon_code","coupon_code":"SAVE"}]}]`),
			`template.components[0].parameters[0].type: a coupon_code parameter cannot fill a header component`},
		{"a video filling a button", send(`[{"type":"button","sub_type":"url","index":"0","parameters":[{"type":"video","video":{"id":"7"}}]}]`),
			`template.components[0].parameters[0].type: a video parameter cannot fill a button component`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, err := h(ctx, sendEvent(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != 400 || !strings.Contains(resp.Body, `"code":132012`) || !strings.Contains(resp.Body, tt.details) {
				t.Fatalf("got %d %s, want 400 code 132012 with %s", resp.StatusCode, resp.Body, tt.details)
			}
		})
	}
}
