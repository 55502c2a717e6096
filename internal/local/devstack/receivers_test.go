package devstack_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
)

// receiverLibraries are the client libraries of the compatible API whose
// webhook receiver code TestWebhookReceiverLibraries runs, at exact
// versions: whatsapp-api-js escapes a body before hashing it,
// @kapso/whatsapp-cloud-api hashes the raw bytes.
var receiverLibraries = map[string]string{"whatsapp-api-js": "6.3.0", "@kapso/whatsapp-cloud-api": "0.3.0"}

// receiverLibrariesDir is where they are installed, under the git-ignored
// .tools (the Makefile's tools target installs them there too).
const receiverLibrariesDir = "webhook-receivers"

// installReceiverLibraries installs the libraries unless the pinned
// versions are there already, and returns the folder holding node_modules.
func installReceiverLibraries(ctx context.Context, t *testing.T, tools string) string {
	t.Helper()
	dir := filepath.Join(tools, receiverLibrariesDir)
	var missing []string
	for name, version := range receiverLibraries {
		var pkg struct{ Version string }
		b, err := os.ReadFile(filepath.Join(dir, "node_modules", name, "package.json"))
		if err != nil || json.Unmarshal(b, &pkg) != nil || pkg.Version != version {
			missing = append(missing, name+"@"+version)
		}
	}
	if len(missing) == 0 {
		return dir
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "package.json")); err != nil {
		if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"private":true}`+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := append([]string{"install", "--prefix", dir, "--no-audit", "--no-fund", "--silent", "--save-exact"}, missing...)
	if out, err := exec.CommandContext(ctx, "npm", args...).CombinedOutput(); err != nil {
		t.Fatalf("npm %v: %v\n%s", args, err, out)
	}
	return dir
}

// capture is one request as svc's webhook consumer sent it, in the form the
// receiver script replays it.
type capture struct {
	Name    string            `json:"name"`
	Headers map[string]string `json:"headers"`
	Body    string            `json:"body_base64"`
}

// libraryView is what the two libraries made of one request.
type libraryView struct {
	WhatsAppAPIJS struct {
		Status  int `json:"status"`
		Emitted *struct {
			Kind, PhoneID, Phone, Status, ID, From, Name string
			BizOpaque                                    string `json:"biz_opaque_callback_data"`
			Pricing                                      *struct {
				Billable     bool
				PricingModel string `json:"pricing_model"`
				Type         string
				Category     string
			}
			Error *struct {
				Code      int
				Title     string
				ErrorData struct{ Details string } `json:"error_data"`
			}
			Message *struct {
				Type   string
				Text   struct{ Body string }
				Errors []struct{ Code int }
			}
		} `json:"emitted"`
	} `json:"whatsapp_api_js"`
	Kapso struct {
		Verified   bool `json:"verified"`
		Normalized struct {
			Object        string
			PhoneNumberID string `json:"phoneNumberId"`
			Statuses      []struct {
				ID, Status, RecipientID string
				BizOpaqueCallbackData   string
				Pricing                 map[string]any
				Errors                  []struct {
					Code      int
					ErrorData struct{ Details string }
				}
			}
			Messages []struct {
				From, ID, Type string
				Text           struct{ Body string }
				Errors         []struct{ Code int }
			}
			Contacts []struct {
				Profile             struct{ Name string }
				SvcID, WaID, UserID string
			}
			Raw map[string][]map[string]any
		} `json:"normalized"`
	} `json:"kapso"`
}

// TestWebhookReceiverLibraries sends a template status event, a message
// status event and an inbound message event, with names and texts full of
// accents, emoji, DEL and <>&, through svc's webhook queue and consumer to
// a local receiver, then replays the captured bytes and headers to the
// receiver code of whatsapp-api-js and @kapso/whatsapp-cloud-api: both must
// verify X-Hub-Signature-256 and read the event. Variants of each request
// (a changed byte; raw UTF-8 signed over its own bytes; chunked) show what
// either library refuses, so the comparison can fail.
func TestWebhookReceiverLibraries(t *testing.T) {
	tools, node := nodeTools(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	libs := installReceiverLibraries(ctx, t, tools)

	e := reviewEnv(t)
	e.mint(t, "acme", auth.ScopeManagement) // creates the ZBA
	r := newReceiver(t, 0)
	e.subscribe(t, "acme", r)

	const (
		templateName = "promoção_verão 🎉 <b>&amp;\x7f"
		biz          = "pedido=42&ref=<été> 🧾\x7f"
		details      = "Zustellung unmöglich: 📵 <kein Konto> & \x7f fin"
		profileName  = "Zoë Ñandú 👩🏽‍💻 <Ops & Co>\x7f"
		text         = "Olá! Ação às 10h? ¿Qué tal? 🎉🇧🇷 𝄞 <script>alert('&')</script>\x7f ✓"
	)
	now := time.Now().UTC()
	meta := webhook.Metadata{DisplayPhoneNumber: "15550001111", PhoneNumberID: "pn_receivers"}
	status, err := webhook.MessageStatus("acme", meta, webhook.Status{MessageID: "svcmid.rcv1", Status: "failed", At: now,
		RecipientID: "4915112345678", BizOpaqueCallbackData: biz,
		Error: &webhook.StatusError{Code: 131026, Title: "Message undeliverable", Details: details}})
	if err != nil {
		t.Fatal(err)
	}
	inbound, err := webhook.InboundMessage("acme", meta, webhook.Inbound{ID: "svcmid.rcv2", From: "5511987654321",
		ProfileName: profileName, At: now, Type: "text", Text: text})
	if err != nil {
		t.Fatal(err)
	}
	// A message the network could not give: no object, its errors (their
	// details not ASCII, so that the raw UTF-8 control differs), from a
	// user without a profile name.
	unsupported, err := webhook.InboundMessage("acme", meta, webhook.Inbound{ID: "svcmid.rcv4", From: "5511987654321", At: now,
		Type: "unsupported", Errors: json.RawMessage(`[{"code":131051,"title":"Message type unknown","message":"Message type unknown",` +
			`"error_data":{"details":"Message type is currently not supported: 📊 <poll> & \u007f"}}]`)})
	if err != nil {
		t.Fatal(err)
	}
	delivered, err := webhook.MessageStatus("acme", meta, webhook.Status{MessageID: "svcmid.rcv3", Status: "delivered", At: now,
		RecipientID: "4915112345678", BizOpaqueCallbackData: biz, Pricing: &webhook.Pricing{Billable: true, Model: "PMP", Type: "regular", Category: "utility"}})
	if err != nil {
		t.Fatal(err)
	}
	events := map[string]webhook.Event{
		"template status": webhook.StatusUpdate("acme", "acme_promocao_pt_BR", templateName, "pt_BR", "MARKETING",
			"REJECTED", "PROMOTIONAL", 1, now),
		"template components": webhook.ComponentsUpdate("acme", "acme_promocao_pt_BR", templateName, "pt_BR",
			webhook.TemplateContent{Body: text, Header: "Olá", Buttons: []webhook.TemplateButton{{Type: "URL", Text: "Ver", URL: "https://acme.example/v"}}}, 2, now),
		"message status":  status,
		"priced status":   delivered,
		"inbound message": inbound,
		"unsupported":     unsupported,
	}
	names := map[string]string{}
	for name, ev := range events {
		names[ev.ID] = name
		if err := e.eventsQueue(t).Enqueue(ctx, delivery.NewJob(ev)); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "every webhook delivery", settle, func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return len(r.bodies) == len(events)
	})

	r.mu.Lock()
	var captures []capture
	for i, body := range r.bodies {
		req := r.accepted[i]
		name := names[req.header.Get("webhook-id")]
		if name == "" {
			t.Fatalf("a delivery with webhook-id %q, not one of the events", req.header.Get("webhook-id"))
		}
		if req.method != "POST" || req.contentLength != int64(len(body)) || len(req.transferEncoding) != 0 ||
			req.header.Get("Content-Length") != strconv.Itoa(len(body)) {
			t.Fatalf("%s: %s with Content-Length %q (%d) and Transfer-Encoding %v for %d bytes; want a POST with Content-Length, not chunked",
				name, req.method, req.header.Get("Content-Length"), req.contentLength, req.transferEncoding, len(body))
		}
		for j, c := range body {
			if c >= 0x7f {
				t.Fatalf("%s: byte %d is 0x%02x; bodies are ASCII only: %s", name, j, c, body)
			}
		}
		if string(body) != string(events[name].Body()) {
			t.Fatalf("%s: the consumer sent\n%s\nnot the event's body\n%s", name, body, events[name].Body())
		}
		headers := map[string]string{}
		for k := range req.header {
			headers[k] = req.header.Get(k)
		}
		captures = append(captures, capture{Name: name, Headers: headers, Body: base64.StdEncoding.EncodeToString(body)})
	}
	badSigns := r.badSigns
	r.mu.Unlock()
	if badSigns != 0 {
		t.Fatalf("%d deliveries failed svc's own signature checks", badSigns)
	}

	file := filepath.Join(t.TempDir(), "captures.json")
	raw, _ := json.Marshal(captures)
	if err := os.WriteFile(file, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	script, _ := filepath.Abs("testdata/webhook-receivers.mjs")
	cmd := exec.CommandContext(ctx, node, script)
	cmd.Env = append(os.Environ(), "CAPTURES="+file, "SECRET="+r.secret, "TOOLS="+libs)
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("the receiver script failed: %v\n%s\n%s", err, out, stderr)
	}
	var results []struct {
		Name    string      `json:"name"`
		AsSent  libraryView `json:"as_sent"`
		Tamper  libraryView `json:"tampered"`
		RawUTF8 libraryView `json:"raw_utf8"`
		Chunked libraryView `json:"chunked"`
	}
	if err := json.Unmarshal(out, &results); err != nil || len(results) != len(events) {
		t.Fatalf("receiver script output (%v):\n%s", err, out)
	}

	for _, res := range results {
		t.Logf("%s: whatsapp-api-js answered %d as sent, %d with a changed byte, %d to raw UTF-8, %d chunked; "+
			"kapso verified %v, %v, %v, %v", res.Name, res.AsSent.WhatsAppAPIJS.Status, res.Tamper.WhatsAppAPIJS.Status,
			res.RawUTF8.WhatsAppAPIJS.Status, res.Chunked.WhatsAppAPIJS.Status, res.AsSent.Kapso.Verified,
			res.Tamper.Kapso.Verified, res.RawUTF8.Kapso.Verified, res.Chunked.Kapso.Verified)
		t.Run(res.Name, func(t *testing.T) {
			wa, k := res.AsSent.WhatsAppAPIJS, res.AsSent.Kapso
			if wa.Status != 200 {
				t.Fatalf("whatsapp-api-js answered %d to the request svc sent", wa.Status)
			}
			if !k.Verified {
				t.Fatal("kapso's verifySignature refused the request svc sent")
			}
			if k.Normalized.Object != webhook.Object {
				t.Fatalf("kapso read object %q", k.Normalized.Object)
			}
			switch res.Name {
			case "template status":
				if wa.Emitted != nil {
					t.Fatalf("whatsapp-api-js has no template emitter, yet called %+v", wa.Emitted)
				}
				got := k.Normalized.Raw["messageTemplateStatusUpdate"]
				if len(got) != 1 || got[0]["messageTemplateName"] != templateName || got[0]["event"] != "REJECTED" {
					t.Fatalf("kapso read the template event as %v", k.Normalized.Raw)
				}
			case "template components":
				if wa.Emitted != nil {
					t.Fatalf("whatsapp-api-js has no template emitter, yet called %+v", wa.Emitted)
				}
				got := k.Normalized.Raw["messageTemplateComponentsUpdate"]
				if len(got) != 1 || got[0]["messageTemplateElement"] != text {
					t.Fatalf("kapso read the components update as %v", k.Normalized.Raw)
				}
			case "priced status":
				em := wa.Emitted
				if em == nil || em.Kind != "status" || em.Status != "delivered" || em.Pricing == nil || !em.Pricing.Billable ||
					em.Pricing.PricingModel != "PMP" || em.Pricing.Category != "utility" || em.Pricing.Type != "regular" {
					t.Fatalf("whatsapp-api-js read the priced status as %+v (pricing %+v)", em, em.Pricing)
				}
				if st := k.Normalized.Statuses; len(st) != 1 || st[0].Status != "delivered" || len(st[0].Pricing) == 0 {
					t.Fatalf("kapso read the priced status as %+v", k.Normalized)
				}
			case "message status":
				em := wa.Emitted
				if em == nil || em.Kind != "status" || em.ID != "svcmid.rcv1" || em.Status != "failed" || em.Phone != "4915112345678" ||
					em.PhoneID != meta.PhoneNumberID || em.BizOpaque != biz || em.Error == nil || em.Error.Code != 131026 ||
					em.Error.ErrorData.Details != details {
					t.Fatalf("whatsapp-api-js read the status as %+v (error %+v)", em, em.Error)
				}
				st := k.Normalized.Statuses
				if k.Normalized.PhoneNumberID != meta.PhoneNumberID || len(st) != 1 || st[0].ID != "svcmid.rcv1" || st[0].Status != "failed" ||
					st[0].RecipientID != "4915112345678" || st[0].BizOpaqueCallbackData != biz || len(st[0].Errors) != 1 ||
					st[0].Errors[0].Code != 131026 || st[0].Errors[0].ErrorData.Details != details {
					t.Fatalf("kapso read the status as %+v", k.Normalized)
				}
				// The recipient, as pywa reads it from every status.
				if c := k.Normalized.Contacts; len(c) != 1 || c[0].WaID != "4915112345678" || c[0].UserID != webhook.UserID("acme", "4915112345678") {
					t.Fatalf("kapso read the status's contacts as %+v", c)
				}
			case "inbound message":
				em := wa.Emitted
				if em == nil || em.Kind != "message" || em.From != "5511987654321" || em.Name != profileName ||
					em.PhoneID != meta.PhoneNumberID || em.Message == nil || em.Message.Text.Body != text {
					t.Fatalf("whatsapp-api-js read the message as %+v", em)
				}
				n := k.Normalized
				if n.PhoneNumberID != meta.PhoneNumberID || len(n.Messages) != 1 || n.Messages[0].From != "5511987654321" ||
					n.Messages[0].ID != "svcmid.rcv2" || n.Messages[0].Type != "text" || n.Messages[0].Text.Body != text ||
					len(n.Contacts) != 1 || n.Contacts[0].Profile.Name != profileName || n.Contacts[0].SvcID != "5511987654321" ||
					n.Contacts[0].WaID != "5511987654321" || n.Contacts[0].UserID != webhook.UserID("acme", "5511987654321") {
					t.Fatalf("kapso read the message as %+v", n)
				}
			case "unsupported":
				em := wa.Emitted
				if em == nil || em.Kind != "message" || em.From != "5511987654321" || em.Message == nil || em.Message.Type != "unsupported" ||
					len(em.Message.Errors) != 1 || em.Message.Errors[0].Code != 131051 {
					t.Fatalf("whatsapp-api-js read the unsupported message as %+v", em)
				}
				n := k.Normalized
				if len(n.Messages) != 1 || n.Messages[0].Type != "unsupported" || len(n.Messages[0].Errors) != 1 ||
					n.Messages[0].Errors[0].Code != 131051 || len(n.Contacts) != 1 || n.Contacts[0].UserID != webhook.UserID("acme", "5511987654321") {
					t.Fatalf("kapso read the unsupported message as %+v", n)
				}
			default:
				t.Fatalf("unknown result %q", res.Name)
			}
			// The controls: each library refuses what it must, so the
			// verdicts above are the libraries' own.
			if res.Tamper.WhatsAppAPIJS.Status == 200 || res.Tamper.Kapso.Verified {
				t.Fatalf("a changed byte passed: whatsapp-api-js %d, kapso %v", res.Tamper.WhatsAppAPIJS.Status, res.Tamper.Kapso.Verified)
			}
			if res.RawUTF8.WhatsAppAPIJS.Status == 200 || !res.RawUTF8.Kapso.Verified {
				t.Fatalf("raw UTF-8 signed over its bytes: whatsapp-api-js %d (must refuse), kapso %v (must verify)",
					res.RawUTF8.WhatsAppAPIJS.Status, res.RawUTF8.Kapso.Verified)
			}
			if res.Chunked.WhatsAppAPIJS.Status == 200 {
				t.Fatal("whatsapp-api-js took a chunked request; the Content-Length check is not exercised")
			}
		})
	}
}
