package devstack_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/idemstore"
	"svc/internal/adapter/dynamo/messagestore"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/message"
	"svc/internal/feature/template"
	"svc/internal/local/devstack"
	"svc/internal/local/memstore"
	"svc/internal/local/netsim"
	"svc/internal/platform/config"
	"svc/internal/platform/idempotency"
	"svc/internal/routes"
	"svc/internal/transport/admin"
)

// sendEnv is a stack with senders and approved templates, its consumers
// running, so that sends go through dispatch to the network simulator.
type sendEnv struct {
	*env
	table    string
	messages *messagestore.Store
	idem     *idemstore.Store
	acme     string // key with the messaging scope
	mgmtOnly string
	rival    string
}

const (
	e2eSender    = "pn-acme"
	e2eSenderNum = "4915100000001"
	e2eTo        = "4915112345678"
	sendPath     = "/business/v1.0/%s/messages"
)

func newSendEnv(t testing.TB, settings map[string]string, opts ...func(*devstack.Options)) *sendEnv {
	t.Helper()
	return openSendEnv(t, settings, true, opts...)
}

// openSendEnv is newSendEnv, its consumers running only when consumers
// is set (a benchmark of the send path alone stops them).
func openSendEnv(t testing.TB, settings map[string]string, consumers bool, opts ...func(*devstack.Options)) *sendEnv {
	t.Helper()
	name := "snd-" + randomSuffix()
	o := devstack.Options{
		DynamoEndpoint: ddbEndpoint, SQSEndpoint: sqsEndpoint, TableName: name, QueuePrefix: name + "-", Log: sendLog(),
		// The process's settings (the tests' request budget) with these over them.
		Getenv: func(k string) string {
			if v, ok := settings[k]; ok {
				return v
			}
			return os.Getenv(k)
		},
	}
	for _, opt := range opts {
		opt(&o)
	}
	st, err := devstack.Open(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	if consumers {
		go func() { _ = st.RunConsumers(ctx); close(done) }()
	} else {
		close(done)
	}
	t.Cleanup(func() { cancel(); <-done })
	cfg, err := awsConfig()
	if err != nil {
		t.Fatal(err)
	}
	tb := dynamo.NewTable(dynamo.NewClient(cfg, ddbEndpoint), name)
	e := &sendEnv{env: serve(t, st), table: name, messages: messagestore.New(tb), idem: idemstore.New(tb)}
	e.acme = e.mint(t, "acme", auth.ScopeMessaging)
	e.mgmtOnly = e.mint(t, "acme", auth.ScopeManagement)
	e.rival = e.mint(t, "rival", auth.ScopeMessaging)
	for _, ev := range []admin.Event{
		{Action: admin.ActionRegisterPhone, ZBAID: "acme", PhoneNumberID: e2eSender, PhoneNumber: e2eSenderNum},
		{Action: admin.ActionRegisterPhone, ZBAID: "acme", PhoneNumberID: "pn-pending", PhoneNumber: "4915100000002", DisplayNameStatus: "PENDING"},
		{Action: admin.ActionRegisterPhone, ZBAID: "rival", PhoneNumberID: "pn-rival", PhoneNumber: "4915100000009",
			OriginationARN: "arn:aws:social-messaging:us-east-1:000000000000:phone-number-id/rival"},
	} {
		if _, err := st.Admin(ctx, ev); err != nil {
			t.Fatal(err)
		}
	}
	seed := func(name, category, format string, status template.Status, comps string) {
		now := time.Now().UTC()
		if err := st.Deps.Store.CreateTemplate(ctx, template.Template{ZBAID: "acme", Name: name, Language: "en_US", Category: category,
			Status: status, ParameterFormat: format, QualityScore: template.QualityUnknown, Components: []byte(comps),
			CreatedAt: now, UpdatedAt: now, Version: 1}, time.Time{}); err != nil {
			t.Fatal(err)
		}
	}
	seed("order_update", "UTILITY", template.FormatPositional, template.StatusApproved,
		`[{"type":"HEADER","format":"TEXT","text":"Order {{1}}"},{"type":"BODY","text":"Hi {{1}}, order {{2}} ships today."},{"type":"BUTTONS","buttons":[{"type":"URL","text":"Track","url":"https://acme.example/t/{{1}}"}]}]`)
	seed("named_update", "UTILITY", template.FormatNamed, template.StatusApproved, `[{"type":"BODY","text":"Hi {{first_name}}, code {{code}}."}]`)
	seed("promo", "MARKETING", template.FormatPositional, template.StatusApproved, `[{"type":"BODY","text":"Sale: {{1}} off."}]`)
	seed("plain", "UTILITY", template.FormatPositional, template.StatusApproved, `[{"type":"BODY","text":"Hello there."}]`)
	seed("static_links", "UTILITY", template.FormatPositional, template.StatusApproved,
		`[{"type":"BODY","text":"Your order shipped."},{"type":"BUTTONS","buttons":[{"type":"URL","text":"Shop","url":"https://acme.example/shop"},{"type":"PHONE_NUMBER","text":"Call","phone_number":"+4915100000001"}]}]`)
	seed("image_head", "UTILITY", template.FormatPositional, template.StatusApproved, `[{"type":"HEADER","format":"IMAGE"},{"type":"BODY","text":"See above."}]`)
	seed("pending_t", "UTILITY", template.FormatPositional, template.StatusPending, `[{"type":"BODY","text":"x"}]`)
	seed("paused_t", "UTILITY", template.FormatPositional, template.StatusPaused, `[{"type":"BODY","text":"x"}]`)
	seed("disabled_t", "UTILITY", template.FormatPositional, template.StatusDisabled, `[{"type":"BODY","text":"x"}]`)
	return e
}

// send posts a send with the key and, when idemKey is not "", an
// Idempotency-Key.
func (e *sendEnv) send(t testing.TB, key, phone, body, idemKey string) response {
	t.Helper()
	req, _ := http.NewRequest("POST", e.url+fmt.Sprintf(sendPath, phone), strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	if idemKey != "" {
		req.Header.Set(idempotency.Header, idemKey)
	}
	resp, err := testClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	r := response{status: resp.StatusCode, header: resp.Header}
	var buf strings.Builder
	_, _ = fmt.Fprint(&buf, readAll(resp))
	r.body = []byte(buf.String())
	if resp.StatusCode >= 400 {
		if err := json.Unmarshal(r.body, &r.errBody); err != nil {
			t.Fatalf("error body is not JSON: %s", r.body)
		}
	}
	return r
}

func readAll(resp *http.Response) string {
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			return b.String()
		}
	}
}

func textBody(to, body string) string {
	return `{"messaging_product":"svc","recipient_type":"individual","to":"` + to + `","type":"text","text":{"body":"` + body + `"}}`
}

func templateBody(name, comps string) string {
	return `{"messaging_product":"whatsapp","to":"` + e2eTo + `","type":"template","template":{"name":"` + name +
		`","language":{"code":"en_US","policy":"deterministic"},"components":` + comps + `}}`
}

// accepted checks a 200 has exactly the interface's shape, with the
// compatible API's contacts beside it, and returns the id.
func accepted(t *testing.T, r response, templateSend bool) string {
	t.Helper()
	if r.status != 200 || r.header.Get("Content-Type") != "application/json" {
		t.Fatalf("status %d (%s): %s", r.status, r.header.Get("Content-Type"), r.body)
	}
	var body map[string]any
	if err := json.Unmarshal(r.body, &body); err != nil {
		t.Fatal(err)
	}
	msgs, _ := body["messages"].([]any)
	contacts, _ := body["contacts"].([]any)
	if len(body) != 3 || body["messaging_product"] != "svc" || len(msgs) != 1 || len(contacts) != 1 {
		t.Fatalf("body %s", r.body)
	}
	// svc's "to" is digits only, so the input is its wa_id.
	if c, _ := contacts[0].(map[string]any); len(c) != 2 || c["input"] == "" || c["input"] != c["wa_id"] {
		t.Fatalf("contacts %s", r.body)
	}
	m, _ := msgs[0].(map[string]any)
	id, _ := m["id"].(string)
	want := 1
	if templateSend {
		want = 2
		if m["message_status"] != "accepted" {
			t.Fatalf("template send without message_status accepted: %s", r.body)
		}
	}
	if len(m) != want || !message.ValidID(id) {
		t.Fatalf("message entry %s", r.body)
	}
	return id
}

// TestSendEndToEnd covers the send route's rules through the gateway, and
// dispatch to the simulator.
func TestSendEndToEnd(t *testing.T) {
	e := newSendEnv(t, map[string]string{config.EnvMarketingCap: "2"})
	ctx := context.Background()
	orderComps := `[{"type":"header","parameters":[{"type":"text","text":"A-1"}]},{"type":"body","parameters":[{"type":"text","text":"Ann"},{"type":"text","text":"A-1"}]},{"type":"button","sub_type":"url","index":"0","parameters":[{"type":"text","text":"A-1"}]}]`

	t.Run("text outside, then inside the window", func(t *testing.T) {
		checkEnvelope(t, e.send(t, e.acme, e2eSender, textBody(e2eTo, "hello"), ""), 400, 131047, "")
		res, err := e.stack.Admin(ctx, admin.Event{Action: admin.ActionRecordInbound, PhoneNumberID: e2eSender, From: e2eTo, Text: "hi"})
		if err != nil || res.WindowUntil == nil {
			t.Fatalf("record_inbound: %+v %v", res, err)
		}
		r := e.send(t, e.acme, e2eSender, textBody(e2eTo, "hello"), "")
		id := accepted(t, r, false)
		if want := `"contacts":[{"input":"` + e2eTo + `","wa_id":"` + e2eTo + `"}]`; !strings.Contains(string(r.body), want) {
			t.Fatalf("answer %s, want %s", r.body, want)
		}
		waitFor(t, "dispatch of "+id, settle, func() bool {
			m, err := e.messages.GetMessage(ctx, id)
			return err == nil && m.NetworkID != "" // dispatched; the simulated recipient may have moved it on
		})
		m, _ := e.messages.GetMessage(ctx, id)
		sent, ok := e.stack.Network.Find(m.NetworkID)
		if !ok || sent.PhoneNumberID != e2eSender || sent.To != e2eTo || sent.Type != "text" || m.Content.Body != "hello" {
			t.Fatalf("network record %+v (found %v), message %+v", sent, ok, m)
		}
	})
	t.Run("templates positional and named, hydrated", func(t *testing.T) {
		id := accepted(t, e.send(t, e.acme, e2eSender, templateBody("order_update", orderComps), ""), true)
		m, err := e.messages.GetMessage(ctx, id)
		if err != nil || m.Content.Body != "Hi Ann, order A-1 ships today." || m.Content.Header != "Order A-1" || m.Template.Name != "order_update" {
			t.Fatalf("stored %+v %v", m, err)
		}
		accepted(t, e.send(t, e.acme, e2eSender, templateBody("named_update",
			`[{"type":"body","parameters":[{"type":"text","parameter_name":"first_name","text":"Ann"},{"type":"text","parameter_name":"code","text":"7"}]}]`), ""), true)
		waitFor(t, "dispatch of "+id, settle, func() bool {
			m, err := e.messages.GetMessage(ctx, id)
			return err == nil && m.NetworkID != ""
		})
	})
	t.Run("a recipient the network refuses: failed with its code", func(t *testing.T) {
		const unknown = "4915100000404"
		e.stack.Network.Script(unknown, netsim.Script{Refuse: true})
		body := strings.Replace(templateBody("plain", `[]`), e2eTo, unknown, 1)
		id := accepted(t, e.send(t, e.acme, e2eSender, body, ""), true)
		waitFor(t, "the refusal of "+id, settle, func() bool {
			m, err := e.messages.GetMessage(ctx, id)
			return err == nil && m.Status == message.StatusFailed
		})
		m, _ := e.messages.GetMessage(ctx, id)
		if m.Failure == nil || m.Failure.Code != 131026 || m.NetworkID != "" || m.StatusTimes[message.StatusFailed].IsZero() {
			t.Fatalf("failed message %+v (%+v)", m, m.Failure)
		}
	})
	t.Run("template codes", func(t *testing.T) {
		for _, c := range []struct {
			body string
			code int
		}{
			{templateBody("nope", `[]`), 132001},
			{templateBody("pending_t", `[]`), 132001},
			{templateBody("paused_t", `[]`), 132015},
			{templateBody("disabled_t", `[]`), 132016},
			{templateBody("promo", `[{"type":"body","parameters":[]}]`), 132000},
			{templateBody("promo", `[{"type":"body","parameters":[{"type":"text","parameter_name":"x","text":"1"}]}]`), 132012},
			{templateBody("promo", `[{"type":"body","parameters":[{"type":"text","text":"`+strings.Repeat("x", 1020)+`"}]}]`), 132005},
			{templateBody("promo", `[{"type":"body","parameters":[{"type":"text","text":"a\tb"}]}]`), 132007},
			// A button takes what the template's button expects: nothing for a
			// static URL (a count, 132000), no component for a phone button
			// (a kind, 132012).
			{templateBody("static_links", `[{"type":"button","sub_type":"url","index":"0","parameters":[{"type":"text","text":"extra"}]}]`), 132000},
			{templateBody("static_links", `[{"type":"button","sub_type":"url","index":"1","parameters":[{"type":"text","text":"extra"}]}]`), 132012},
			// A media header names its media by an http(s) link or an id.
			{templateBody("image_head", `[{"type":"header","parameters":[{"type":"image","image":{}}]}]`), 131008},
			{templateBody("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"link":"javascript:alert(1)"}}]}]`), 131009},
			{`{"messaging_product":"svc","to":"4915112345678","type":"order","order":{}}`, 131051},
			{`{"messaging_product":"svc","to":"4915112345678","type":"interactive","interactive":{"type":"product","action":{"catalog_id":"1"}}}`, 131051},
			{textBody("+4915112345678", "x"), 100},
			{textBody(e2eSenderNum, "x"), 131021},
		} {
			checkEnvelope(t, e.send(t, e.acme, e2eSender, c.body, ""), 400, c.code, "")
		}
	})
	t.Run("static buttons and a media header, filled as they may be", func(t *testing.T) {
		accepted(t, e.send(t, e.acme, e2eSender, templateBody("static_links", `[{"type":"button","sub_type":"url","index":"0","parameters":[]}]`), ""), true)
		accepted(t, e.send(t, e.acme, e2eSender, templateBody("image_head",
			`[{"type":"header","parameters":[{"type":"image","image":{"link":"https://acme.example/i.png"}}]}]`), ""), true)
	})
	t.Run("sender checks", func(t *testing.T) {
		body := templateBody("plain", `[]`)
		checkEnvelope(t, e.send(t, e.acme, "pn-rival", body, ""), 403, 200, "")
		checkEnvelope(t, e.send(t, e.acme, "pn-nobody", body, ""), 400, 133010, "")
		checkEnvelope(t, e.send(t, e.acme, "pn-pending", body, ""), 403, 131037, "")
		checkEnvelope(t, e.send(t, e.mgmtOnly, e2eSender, body, ""), 403, 200, "")
		if _, err := e.stack.Admin(ctx, admin.Event{Action: admin.ActionSetDisplayNameStatus, PhoneNumberID: "pn-pending", DisplayNameStatus: "APPROVED"}); err != nil {
			t.Fatal(err)
		}
		accepted(t, e.send(t, e.acme, "pn-pending", body, ""), true)
	})
	t.Run("opt-out and frequency cap", func(t *testing.T) {
		promo := templateBody("promo", `[{"type":"body","parameters":[{"type":"text","text":"10%"}]}]`)
		if _, err := e.stack.Admin(ctx, admin.Event{Action: admin.ActionMarketingOptOut, ZBAID: "acme", Recipient: e2eTo}); err != nil {
			t.Fatal(err)
		}
		checkEnvelope(t, e.send(t, e.acme, e2eSender, promo, ""), 400, 131050, "")
		no := false
		if _, err := e.stack.Admin(ctx, admin.Event{Action: admin.ActionMarketingOptOut, ZBAID: "acme", Recipient: e2eTo, OptedOut: &no}); err != nil {
			t.Fatal(err)
		}
		// e2eTo wrote to the sender (its window is open), and marketing
		// sent inside an open window is not counted: the cap is shown on a
		// recipient who never wrote.
		cold := strings.Replace(promo, e2eTo, "4915199990077", 1)
		accepted(t, e.send(t, e.acme, e2eSender, promo, ""), true)
		r := e.send(t, e.acme, e2eSender, cold, "")
		accepted(t, r, true)
		if want := `"contacts":[{"input":"4915199990077","wa_id":"4915199990077"}]`; !strings.Contains(string(r.body), want) {
			t.Fatalf("answer %s, want %s", r.body, want)
		}
		accepted(t, e.send(t, e.acme, e2eSender, cold, ""), true)
		checkEnvelope(t, e.send(t, e.acme, e2eSender, cold, ""), 400, 131049, "")
		accepted(t, e.send(t, e.acme, e2eSender, promo, ""), true)
	})
	t.Run("idempotency: replay, other payload, in flight", func(t *testing.T) {
		body := templateBody("plain", `[]`)
		first := e.send(t, e.acme, e2eSender, body, "order-42")
		accepted(t, first, true)
		again := e.send(t, e.acme, e2eSender, body, "order-42")
		if again.status != 200 || string(again.body) != string(first.body) || again.header.Get(idempotency.ReplayedHeader) != "true" ||
			!strings.Contains(string(again.body), `"contacts":[{"input":"`+e2eTo+`"`) {
			t.Fatalf("replay %d %s %v", again.status, again.body, again.header)
		}
		if first.header.Get(idempotency.ReplayedHeader) != "" {
			t.Fatal("the first answer is marked replayed")
		}
		r := e.send(t, e.acme, e2eSender, templateBody("order_update", orderComps), "order-42")
		checkEnvelope(t, r, 422, 100, "")
		// The key's history is told only for a sender the key may send
		// from: another ZBA's is 403, an unregistered one 133010.
		checkEnvelope(t, e.send(t, e.acme, "pn-rival", templateBody("order_update", orderComps), "order-42"), 403, 200, "")
		checkEnvelope(t, e.send(t, e.acme, "pn-nobody", templateBody("order_update", orderComps), "order-42"), 400, 133010, "")
		// An attempt holding the lease (in flight).
		now := time.Now()
		fp := idempotency.Fingerprint("POST", fmt.Sprintf(sendPath, e2eSender), []byte(body))
		if old, err := e.idem.Begin(ctx, idempotency.Record{Scope: "acme", Key: "in-flight", Fingerprint: fp, Status: idempotency.StatusInProgress,
			Token: "t", LeaseUntil: now.Add(time.Minute), ExpiresAt: now.Add(time.Hour)}, now); err != nil || old != nil {
			t.Fatalf("lease: %v %v", old, err)
		}
		r = e.send(t, e.acme, e2eSender, body, "in-flight")
		checkEnvelope(t, r, 409, 100, "")
		checkEnvelope(t, e.send(t, e.acme, e2eSender, body, strings.Repeat("k", 256)), 400, 100, "")
		// A failed validation is not stored: the key works for the fixed request.
		checkEnvelope(t, e.send(t, e.acme, e2eSender, textBody("4915199999999", "x"), "retry-me"), 400, 131047, "")
		if _, err := e.stack.Admin(ctx, admin.Event{Action: admin.ActionRecordInbound, PhoneNumberID: e2eSender, From: "4915199999999"}); err != nil {
			t.Fatal(err)
		}
		accepted(t, e.send(t, e.acme, e2eSender, textBody("4915199999999", "x"), "retry-me"), false)
	})
}

// TestConcurrentSendsWithOneKey: 50 concurrent sends with one
// Idempotency-Key give one stored message, one network send and one id;
// the others are replays of the same body or 409s while it is in flight.
// On a loaded machine DynamoDB Local may not answer all 50 within the
// request budget: those get 503 (nothing done, retry), and are retried at
// once, as a client would, up to three times.
func TestConcurrentSendsWithOneKey(t *testing.T) {
	e := newSendEnv(t, nil)
	body := templateBody("plain", `[]`)
	var wg sync.WaitGroup
	var mu sync.Mutex
	bodies, conflicts, unavailable := map[string]int{}, 0, 0
	for range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := e.send(t, e.acme, e2eSender, body, "one-key")
			for try := 0; r.status == 503 && try < 3; try++ {
				r = e.send(t, e.acme, e2eSender, body, "one-key")
			}
			mu.Lock()
			defer mu.Unlock()
			switch r.status {
			case 200:
				bodies[string(r.body)]++
			case 409:
				conflicts++
			case 503:
				unavailable++
			default:
				t.Errorf("status %d: %s", r.status, r.body)
			}
		}()
	}
	wg.Wait()
	if len(bodies) == 0 {
		// On a loaded machine every one of them can have met the lease
		// (409) or the budget (503): the client keeps retrying until the
		// key's one answer is there.
		waitFor(t, "a 200 for the key", settle, func() bool {
			r := e.send(t, e.acme, e2eSender, body, "one-key")
			if r.status == 200 {
				bodies[string(r.body)]++
			}
			return r.status == 200
		})
	}
	if len(bodies) != 1 {
		t.Fatalf("%d distinct 200 bodies (%d conflicts, %d unavailable): %v", len(bodies), conflicts, unavailable, bodies)
	}
	var id string
	for b := range bodies {
		id = accepted(t, response{status: 200, body: []byte(b), header: http.Header{"Content-Type": {"application/json"}}}, true)
	}
	waitFor(t, "the one dispatch", settle, func() bool {
		m, err := e.messages.GetMessage(context.Background(), id)
		return err == nil && m.NetworkID != "" // dispatched; the simulated recipient may have moved it on
	})
	if n := len(e.stack.Network.SentFrom(e2eSender)); n != 1 {
		t.Fatalf("the network got %d messages, want 1", n)
	}
	// A retry after all of it is a replay too.
	r := e.send(t, e.acme, e2eSender, body, "one-key")
	if r.status != 200 || r.header.Get(idempotency.ReplayedHeader) != "true" || accepted(t, r, true) != id {
		t.Fatalf("late retry %d %s", r.status, r.body)
	}
	t.Logf("50 concurrent sends: %d answered 200 (one id), %d answered 409, %d still 503", 50-conflicts-unavailable, conflicts, unavailable)
}

// TestSenderThroughputLimit: past the per-sender limit a send is 429 with
// code 130429 and Retry-After, and the next window accepts again. The send
// function's clock is driven, so every send of the test falls in the window
// the test says, however slowly a loaded machine answers.
func TestSenderThroughputLimit(t *testing.T) {
	const limit = 3
	clock := memstore.NewClock(time.Now().UTC().Truncate(time.Second))
	e := newSendEnv(t, map[string]string{config.EnvSenderRateLimit: strconv.Itoa(limit)}, func(o *devstack.Options) {
		o.Clocks = map[string]func() time.Time{routes.SendMessage.Name: clock.Now}
	})
	body := templateBody("plain", `[]`)
	for range limit {
		accepted(t, e.send(t, e.acme, e2eSender, body, ""), true)
		clock.Advance(100 * time.Millisecond) // still the same one-second window
	}
	r := e.send(t, e.acme, e2eSender, body, "")
	checkEnvelope(t, r, 429, 130429, "")
	if r.header.Get("Retry-After") != "1" {
		t.Fatalf("429 with Retry-After %q, want 1 (the window ends in 0.7 s)", r.header.Get("Retry-After"))
	}
	clock.Advance(700 * time.Millisecond) // the next window
	accepted(t, e.send(t, e.acme, e2eSender, body, ""), true)
}

func sendLog() *slog.Logger {
	if os.Getenv("SEND_DEBUG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	return quietLog()
}

// TestAuthenticationSend: an AUTHENTICATION template created through the
// API, approved by the review, is sent as the compatible API's clients send
// a one-time code: the code as the body's parameter and again as the OTP
// button's url parameter.
func TestAuthenticationSend(t *testing.T) {
	e := newSendEnv(t, nil)
	ctx := context.Background()
	create := e.request(t, "POST", "/business/v1.0/acme/message_templates", "Bearer "+e.mgmtOnly,
		`{"name":"login_code","language":"en_US","category":"AUTHENTICATION","components":[`+
			`{"type":"BODY","text":"{{1}} is your verification code.","add_security_recommendation":true,"example":{"body_text":[["482913"]]}},`+
			`{"type":"FOOTER","code_expiration_minutes":10},`+
			`{"type":"BUTTONS","buttons":[{"type":"OTP","otp_type":"COPY_CODE","text":"Copy code"}]}]}`)
	if create.status != 200 {
		t.Fatalf("create: %d %s", create.status, create.body)
	}
	// Read from the store, not through the API, so that the polling
	// spends none of the management rate limit.
	waitFor(t, "review of login_code", settle, func() bool {
		tp, err := e.stack.Deps.Store.GetTemplate(ctx, template.Ref{ZBAID: "acme", Name: "login_code", Language: "en_US"})
		return err == nil && tp.Status == template.StatusApproved
	})
	code := `[{"type":"body","parameters":[{"type":"text","text":"482913"}]},` +
		`{"type":"button","sub_type":"url","index":"0","parameters":[{"type":"text","text":"482913"}]}]`
	id := accepted(t, e.send(t, e.acme, e2eSender, templateBody("login_code", code), ""), true)
	m, err := e.messages.GetMessage(ctx, id)
	if err != nil || !strings.HasPrefix(m.Content.Body, "482913 is your verification code.") {
		t.Fatalf("message %+v %v", m, err)
	}
	// The code in the body alone, with no button component, is accepted too.
	accepted(t, e.send(t, e.acme, e2eSender, templateBody("login_code", `[{"type":"body","parameters":[{"type":"text","text":"111222"}]}]`), ""), true)
}
