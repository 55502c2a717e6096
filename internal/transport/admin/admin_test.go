package admin_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/feature/template/classify"
	"svc/internal/feature/template/quality"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/local/memstore"
	"svc/internal/platform/secretkey"
	"svc/internal/transport/admin"
)

// The operators' function over the in-memory store: each action as an
// event, its result, and the message an operator reads when it fails.

var (
	t0     = time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	master = []byte("0123456789abcdef0123456789abcdef")
)

type fixture struct {
	handle admin.Handler
	svc    account.Service
	store  *memstore.Store
	clock  *memstore.Clock
	hooks  *memstore.Handshaker
	log    *bytes.Buffer
	events *memstore.Queue
}

// newFixture is the handler over a store holding the ZBAs acme and rival.
func newFixture(t *testing.T) *fixture {
	t.Helper()
	f := &fixture{store: memstore.New(), clock: memstore.NewClock(t0), hooks: &memstore.Handshaker{}, log: &bytes.Buffer{},
		events: &memstore.Queue{}}
	f.svc = account.Service{Store: f.store.Accounts, Now: f.clock.Now,
		Webhooks: account.Webhooks{Master: secretkey.StaticMaster(master), Client: f.hooks}}
	f.rebuild()
	for _, id := range []string{"acme", "rival"} {
		f.do(t, admin.Event{Action: admin.ActionCreateZBA, ZBAID: id, Name: strings.ToUpper(id)})
	}
	return f
}

// rebuild makes the handler again after a test changed f.svc.
func (f *fixture) rebuild() {
	ops := quality.Service{Store: f.store.Templates, Events: delivery.Queue{Publisher: f.events}, Now: f.clock.Now}
	f.handle = admin.New(admin.Parts{Accounts: f.svc, Records: f.store, Templates: ops}, slog.New(slog.NewJSONHandler(f.log, nil)))
}

// do runs an event that must succeed.
func (f *fixture) do(t *testing.T, ev admin.Event) admin.Result {
	t.Helper()
	res, err := f.handle(t.Context(), ev)
	if err != nil {
		t.Fatalf("%s: %v", ev.Action, err)
	}
	return res
}

func TestCreateZBA(t *testing.T) {
	f := newFixture(t)
	res := f.do(t, admin.Event{Action: admin.ActionCreateZBA, ZBAID: "acme-eu", Name: "Acme Europe"})
	if res.Action != admin.ActionCreateZBA || res.ZBAID != "acme-eu" {
		t.Fatalf("result %+v", res)
	}
	if z, err := f.store.GetZBA(t.Context(), "acme-eu"); err != nil || z.Name != "Acme Europe" || !z.CreatedAt.Equal(t0) {
		t.Fatalf("stored %+v, %v", z, err)
	}
}

func TestMintKey(t *testing.T) {
	f := newFixture(t)
	expiry := t0.Add(90 * 24 * time.Hour)
	res := f.do(t, admin.Event{Action: admin.ActionMintKey, ZBAID: "acme", ExpiresAt: &expiry,
		Scopes: []string{"svc_business_messaging,svc_business_management", "svc_business_messaging"}})
	if id, err := auth.KeyID(res.Key); err != nil || id != res.KeyID || res.ZBAID != "acme" {
		t.Fatalf("result %+v: the plain key must name key %s (%v)", res, res.KeyID, err)
	}
	if want := []string{"svc_business_management", "svc_business_messaging"}; !slices.Equal(res.Scopes, want) {
		t.Fatalf("scopes %v, want %v", res.Scopes, want)
	}
	if res.ExpiresAt == nil || !res.ExpiresAt.Equal(expiry) {
		t.Fatalf("expires %v, want %v", res.ExpiresAt, expiry)
	}
	p, err := auth.Authenticator{Keys: f.store, Now: f.clock.Now}.Authenticate(t.Context(), "Bearer "+res.Key)
	if err != nil || p.ZBAID != "acme" {
		t.Fatalf("the minted key authenticates as %+v, %v", p, err)
	}

	// create_zba creates what is missing on the way.
	res = f.do(t, admin.Event{Action: admin.ActionMintKey, ZBAID: "newco", Scopes: []string{"svc_business_messaging"}, CreateZBA: true})
	if _, err := f.store.GetZBA(t.Context(), "newco"); err != nil || res.KeyID == "" {
		t.Fatalf("mint with create_zba: %+v, %v", res, err)
	}
}

func TestRevokeKey(t *testing.T) {
	f := newFixture(t)
	minted := f.do(t, admin.Event{Action: admin.ActionMintKey, ZBAID: "acme", Scopes: []string{"svc_business_management"}})
	f.clock.Advance(time.Hour)
	// An operator need not say whose key it is: the result tells.
	res := f.do(t, admin.Event{Action: admin.ActionRevokeKey, Key: minted.Key})
	if res.ZBAID != "acme" || res.KeyID != minted.KeyID || res.RevokedAt == nil || !res.RevokedAt.Equal(t0.Add(time.Hour)) {
		t.Fatalf("result %+v", res)
	}
	if _, err := (auth.Authenticator{Keys: f.store, Now: f.clock.Now}).Authenticate(t.Context(), "Bearer "+minted.Key); !errors.Is(err, auth.ErrRevokedKey) {
		t.Fatalf("the revoked key: %v", err)
	}
	again := f.do(t, admin.Event{Action: admin.ActionRevokeKey, Key: minted.KeyID})
	if !again.RevokedAt.Equal(*res.RevokedAt) {
		t.Fatalf("revoked again by id at %v; want the first time %v", again.RevokedAt, res.RevokedAt)
	}
}

// cacheFunc is an account.AuthorizerCache whose Flush returns err.
type cacheFunc struct{ err error }

func (c cacheFunc) Flush(context.Context) error { return c.err }

// TestRevokeKeyAnswersTheFlush: the answer says whether the gateway's cached
// answers were flushed and what that means for the key; a failed flush is
// no failed revocation, and is logged as a warning.
func TestRevokeKeyAnswersTheFlush(t *testing.T) {
	cases := []struct {
		name     string
		cache    account.AuthorizerCache
		want     string
		note     []string
		warnLogs bool
	}{
		{"no gateway", nil, "none", []string{"refused from now on"}, false},
		{"flushed", cacheFunc{}, "flushed", []string{"flushed", "refused from now on"}, false},
		{"the flush fails", cacheFunc{errors.New("AccessDeniedException")}, "flush_failed",
			[]string{"failed (AccessDeniedException)", "within 5m0s at most", "revoke it again"}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			f.svc.Authorizers = tc.cache
			f.rebuild()
			minted := f.do(t, admin.Event{Action: admin.ActionMintKey, ZBAID: "acme", Scopes: []string{"svc_business_management"}})
			f.log.Reset()
			res := f.do(t, admin.Event{Action: admin.ActionRevokeKey, Key: minted.Key})
			if res.AuthorizerCache != tc.want || res.RevokedAt == nil {
				t.Fatalf("result %+v, want authorizer_cache %s", res, tc.want)
			}
			for _, s := range tc.note {
				if !strings.Contains(res.Note, s) {
					t.Errorf("note %q lacks %q", res.Note, s)
				}
			}
			if warned := strings.Contains(f.log.String(), `"level":"WARN"`); warned != tc.warnLogs {
				t.Errorf("warning logged %v, want %v:\n%s", warned, tc.warnLogs, f.log)
			}
			if _, err := (auth.Authenticator{Keys: f.store, Now: f.clock.Now}).Authenticate(t.Context(), "Bearer "+minted.Key); !errors.Is(err, auth.ErrRevokedKey) {
				t.Fatalf("the key is not revoked: %v", err)
			}
		})
	}
}

func TestRegisterPhone(t *testing.T) {
	f := newFixture(t)
	res := f.do(t, admin.Event{Action: admin.ActionRegisterPhone, ZBAID: "acme", PhoneNumberID: "pn-1", PhoneNumber: "4915112345678"})
	if res.PhoneNumberID != "pn-1" {
		t.Fatalf("result %+v", res)
	}
	if p, ok := f.store.Phone("pn-1"); !ok || p.ZBAID != "acme" || p.Number != "4915112345678" {
		t.Fatalf("stored %+v", p)
	}
	if strings.Contains(f.log.String(), "4915112345678") || !strings.Contains(f.log.String(), "*********5678") {
		t.Fatalf("the log must carry the number masked:\n%s", f.log)
	}
}

func TestSetWebhook(t *testing.T) {
	f := newFixture(t)
	res := f.do(t, admin.Event{Action: admin.ActionSetWebhook, ZBAID: "acme", URL: "https://hooks.example.com/svc"})
	if res.WebhookURL != "https://hooks.example.com/svc" || res.SigningSecret != webhook.DeriveSecret(master, "acme", 1) ||
		res.VerifyToken != webhook.DeriveVerifyToken(master, "acme", 1) {
		t.Fatalf("result %+v", res)
	}
	if h := f.hooks.Handshakes(); len(h) != 1 || h[0].VerifyToken != res.VerifyToken {
		t.Fatalf("handshakes %+v", h)
	}
	if z, _ := f.store.GetZBA(t.Context(), "acme"); z.WebhookURL != res.WebhookURL || z.WebhookGeneration != 1 {
		t.Fatalf("stored %+v", z)
	}
}

func TestSetWebhookFields(t *testing.T) {
	cases := []struct {
		name   string
		fields []string
		want   []string
	}{
		{"absent: every field, none shown", nil, nil},
		{"empty: every field, none shown", []string{}, nil},
		{"messages only", []string{"messages"}, []string{"messages"}},
		{"repeats dropped", []string{"messages", "template_category_update", "messages", "template_category_update"},
			[]string{"messages", "template_category_update"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			res := f.do(t, admin.Event{Action: admin.ActionSetWebhook, ZBAID: "acme", URL: "https://hooks.example.com/svc", Fields: tc.fields})
			if !slices.Equal(res.WebhookFields, tc.want) || res.SigningSecret == "" {
				t.Fatalf("result %+v; want fields %q", res, tc.want)
			}
			b, _ := json.Marshal(res)
			if shown := strings.Contains(string(b), `"webhook_fields"`); shown != (tc.want != nil) {
				t.Fatalf("answer %s: webhook_fields shown %v", b, shown)
			}
			if z, _ := f.store.GetZBA(t.Context(), "acme"); !slices.Equal(z.WebhookFields, tc.want) {
				t.Fatalf("stored %+v; want fields %q", z, tc.want)
			}
		})
	}
}

func TestGetReview(t *testing.T) {
	f := newFixture(t)
	ctx := t.Context()
	tpl := template.Template{ZBAID: "acme", Name: "summer_sale", Language: "en_US", Category: "UTILITY",
		Status: template.StatusPending, Components: []byte(`[{"type":"BODY","text":"Sale"}]`), CreatedAt: t0, UpdatedAt: t0, Version: 1}
	if err := f.store.CreateTemplate(ctx, tpl, t0); err != nil {
		t.Fatal(err)
	}
	ev := admin.Event{Action: admin.ActionGetReview, ZBAID: "acme", TemplateID: tpl.ID()}
	res := f.do(t, ev)
	want := admin.ReviewRecord{TemplateID: "acme_summer_sale_en_US", Version: 1, Status: "PENDING", Category: "UTILITY"}
	if res.Review == nil || !sameReview(*res.Review, want) {
		t.Fatalf("undecided: %+v, want %+v", res.Review, want)
	}

	d := classify.Decision{Status: "APPROVED", Category: "MARKETING", CorrectCategory: "MARKETING", Version: classify.Version,
		Signals: []classify.Signal{{Rule: "promo.discount", Detail: `"30% off"`, Weight: 0.75}}}
	decidedAt := t0.Add(time.Minute)
	if err := f.store.RecordDecision(ctx, tpl, d, decidedAt); err != nil {
		t.Fatal(err)
	}
	res = f.do(t, ev)
	signals, _ := json.Marshal(d.Signals)
	want = admin.ReviewRecord{TemplateID: "acme_summer_sale_en_US", Version: 1, Status: "APPROVED", Category: "MARKETING",
		CorrectCategory: "MARKETING", ClassifierVersion: classify.Version, Signals: signals, DecidedAt: &decidedAt}
	if res.Review == nil || !sameReview(*res.Review, want) {
		t.Fatalf("decided: %+v, want %+v", res.Review, want)
	}
}

func sameReview(a, b admin.ReviewRecord) bool {
	if (a.DecidedAt == nil) != (b.DecidedAt == nil) || a.DecidedAt != nil && !a.DecidedAt.Equal(*b.DecidedAt) {
		return false
	}
	if !bytes.Equal(a.Signals, b.Signals) {
		return false
	}
	a.DecidedAt, b.DecidedAt, a.Signals, b.Signals = nil, nil, nil, nil
	aj, _ := json.Marshal(a)
	bj, _ := json.Marshal(b)
	return bytes.Equal(aj, bj)
}

func TestListWebhookAttempts(t *testing.T) {
	f := newFixture(t)
	ctx := t.Context()
	for _, w := range []struct {
		zba, event string
		n, status  int
	}{{"acme", "evt_b", 1, 500}, {"acme", "evt_a", 2, 200}, {"acme", "evt_a", 1, 503}, {"rival", "evt_c", 1, 200}} {
		if err := f.store.RecordAttempt(ctx, w.zba, w.event, w.n, webhook.Attempt{At: t0, StatusCode: w.status}); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		event string
		want  []string
	}{
		{"", []string{"evt_a/1/503", "evt_a/2/200", "evt_b/1/500"}},
		{"evt_a", []string{"evt_a/1/503", "evt_a/2/200"}},
		{"evt_c", nil}, // another ZBA's event
	}
	for _, tc := range cases {
		res := f.do(t, admin.Event{Action: admin.ActionListAttempts, ZBAID: "acme", EventID: tc.event})
		var got []string
		for _, a := range res.Attempts {
			got = append(got, a.EventID+"/"+strconv.Itoa(a.Attempt)+"/"+strconv.Itoa(a.StatusCode))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("event %q: %v, want %v", tc.event, got, tc.want)
		}
	}
}

// TestRefusals is every action's refusal as the operator reads it: the
// store's sentinels named after what was asked, validation as the use case
// words it.
func TestRefusals(t *testing.T) {
	past := t0.Add(-time.Hour)
	cases := []struct {
		name  string
		stage func(t *testing.T, f *fixture)
		ev    admin.Event
		want  string // the whole message, or with a trailing "…" its start
	}{
		{"unknown action", nil, admin.Event{Action: "drop_table"},
			`unknown action "drop_table" (known: create_zba, mint_key, revoke_key, register_phone, set_webhook, get_review, list_webhook_attempts, set_display_name_status, marketing_opt_out, record_inbound, pause_template, unpause_template, disable_template, record_template_outcome, put_provider, list_providers, remove_provider)`},
		{"create_zba: exists", nil, admin.Event{Action: admin.ActionCreateZBA, ZBAID: "acme"}, "zba acme already exists"},
		{"create_zba: bad id", nil, admin.Event{Action: admin.ActionCreateZBA, ZBAID: "acme_eu"},
			`zba id "acme_eu" must be 1 to 64 letters, digits or hyphens`},
		{"mint_key: unknown scope", nil, admin.Event{Action: admin.ActionMintKey, ZBAID: "acme", Scopes: []string{"root"}},
			`unknown scope "root"…`},
		{"mint_key: no scope", nil, admin.Event{Action: admin.ActionMintKey, ZBAID: "acme"}, "at least one scope is required…"},
		{"mint_key: missing ZBA", nil, admin.Event{Action: admin.ActionMintKey, ZBAID: "ghost", Scopes: []string{"svc_business_messaging"}},
			"zba ghost does not exist (create it first, or pass create_zba)"},
		{"mint_key: expired", nil, admin.Event{Action: admin.ActionMintKey, ZBAID: "acme", Scopes: []string{"svc_business_messaging"}, ExpiresAt: &past},
			"expiry must be in the future"},
		{"revoke_key: unknown", nil, admin.Event{Action: admin.ActionRevokeKey, Key: "abcdefghijklmnop"}, "no such key"},
		{"revoke_key: malformed key", nil, admin.Event{Action: admin.ActionRevokeKey, Key: "svc_not-a-key"}, "malformed API key"},
		{"register_phone: taken", func(t *testing.T, f *fixture) {
			f.do(t, admin.Event{Action: admin.ActionRegisterPhone, ZBAID: "rival", PhoneNumberID: "pn-1", PhoneNumber: "4915112345678"})
		}, admin.Event{Action: admin.ActionRegisterPhone, ZBAID: "acme", PhoneNumberID: "pn-1", PhoneNumber: "4915112345678"},
			"phone number id pn-1 is registered to another zba"},
		{"register_phone: missing ZBA", nil, admin.Event{Action: admin.ActionRegisterPhone, ZBAID: "ghost", PhoneNumberID: "pn-1", PhoneNumber: "4915112345678"},
			"zba ghost does not exist (create it first, or pass create_zba)"},
		{"register_phone: bad number", nil, admin.Event{Action: admin.ActionRegisterPhone, ZBAID: "acme", PhoneNumberID: "pn-1", PhoneNumber: "+4915112345678"},
			"number must be E.164 digits without a plus sign, 7 to 15 digits"},
		{"register_phone: bad id", nil, admin.Event{Action: admin.ActionRegisterPhone, ZBAID: "acme", PhoneNumberID: "pn 1", PhoneNumber: "4915112345678"},
			`phone number id "pn 1" must be 1 to 64 letters, digits or hyphens`},
		{"set_webhook: missing ZBA", nil, admin.Event{Action: admin.ActionSetWebhook, ZBAID: "ghost", URL: "https://hooks.example.com/svc"},
			"zba ghost does not exist (create it first, or pass create_zba)"},
		{"set_webhook: plain http", nil, admin.Event{Action: admin.ActionSetWebhook, ZBAID: "acme", URL: "http://hooks.example.com/svc"},
			`webhook: callback URL not allowed: scheme "http", want https`},
		{"set_webhook: failed handshake", func(_ *testing.T, f *fixture) { f.hooks.FailWith(errors.New("callback answered 404")) },
			admin.Event{Action: admin.ActionSetWebhook, ZBAID: "acme", URL: "https://hooks.example.com/svc"},
			"callback verification failed, nothing saved: callback answered 404"},
		{"set_webhook: lost a race", func(_ *testing.T, f *fixture) {
			f.svc.Webhooks.Client = racingHandshaker{f.store}
			f.rebuild()
		}, admin.Event{Action: admin.ActionSetWebhook, ZBAID: "acme", URL: "https://hooks.example.com/svc"},
			"the webhook of zba acme was set by another request meanwhile; retry"},
		{"set_webhook: unknown field", nil,
			admin.Event{Action: admin.ActionSetWebhook, ZBAID: "acme", URL: "https://hooks.example.com/svc", Fields: []string{"messages", "account_update"}},
			`unknown webhook field "account_update" (known: messages, message_template_status_update, template_category_update, message_template_quality_update, message_template_components_update)`},
		{"set_webhook: empty field name", nil,
			admin.Event{Action: admin.ActionSetWebhook, ZBAID: "acme", URL: "https://hooks.example.com/svc", Fields: []string{""}},
			`unknown webhook field ""…`},
		{"get_review: another ZBA's template", nil, admin.Event{Action: admin.ActionGetReview, ZBAID: "acme", TemplateID: "rival_order_en"},
			"template rival_order_en is not a template id of zba acme"},
		{"get_review: not a template id", nil, admin.Event{Action: admin.ActionGetReview, ZBAID: "acme", TemplateID: "acme"},
			"template acme is not a template id of zba acme"},
		{"get_review: missing template", nil, admin.Event{Action: admin.ActionGetReview, ZBAID: "acme", TemplateID: "acme_order_en"},
			template.ErrNotFound.Error()},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t)
			if tc.stage != nil {
				tc.stage(t, f)
			}
			res, err := f.handle(t.Context(), tc.ev)
			if err == nil {
				t.Fatalf("accepted: %+v", res)
			}
			if prefix, ok := strings.CutSuffix(tc.want, "…"); ok && !strings.HasPrefix(err.Error(), prefix) || !ok && err.Error() != tc.want {
				t.Fatalf("error %q, want %q", err, tc.want)
			}
			if !isEmpty(res) {
				t.Fatalf("a failed action returned %+v", res)
			}
			if !strings.Contains(f.log.String(), `"msg":"admin action failed"`) {
				t.Fatalf("the failure was not logged:\n%s", f.log)
			}
		})
	}
}

// isEmpty reports whether r carries nothing, as a failed action's result must.
func isEmpty(r admin.Result) bool {
	b, _ := json.Marshal(r)
	return string(b) == `{"action":""}`
}

// racingHandshaker saves another operator's subscription while the
// handshake runs, as when two set_webhook calls overlap.
type racingHandshaker struct{ store account.Store }

func (h racingHandshaker) Handshake(ctx context.Context, _, _ string) error {
	return h.store.SetWebhook(ctx, "acme", "https://winner.example.com/hook", nil, 1)
}

// TestSecretsNeverReachTheLog runs the actions that return secrets and
// looks for them in what was logged.
func TestSecretsNeverReachTheLog(t *testing.T) {
	f := newFixture(t)
	minted := f.do(t, admin.Event{Action: admin.ActionMintKey, ZBAID: "acme", Scopes: []string{"svc_business_management"}})
	sub := f.do(t, admin.Event{Action: admin.ActionSetWebhook, ZBAID: "acme", URL: "https://hooks.example.com/svc"})
	f.do(t, admin.Event{Action: admin.ActionRevokeKey, Key: minted.Key})
	logged := f.log.String()
	_, secret, _ := auth.ParseKey(minted.Key)
	for name, s := range map[string]string{"plain key": minted.Key, "key secret": secret,
		"signing secret": sub.SigningSecret, "verify token": sub.VerifyToken} {
		if s == "" || strings.Contains(logged, s) {
			t.Errorf("the %s (%q) is in the log", name, s)
		}
	}
	if !strings.Contains(logged, minted.KeyID) {
		t.Errorf("the key id, which is no secret, should be logged:\n%s", logged)
	}
}

// TestTemplateQualityActions: operators pause, unpause and disable a
// template and feed it outcomes; each action answers with the template as
// it is after, and a bad request is an error naming what is wrong.
func TestTemplateQualityActions(t *testing.T) {
	f := newFixture(t)
	tpl := template.Template{ZBAID: "acme", Name: "order_shipped", Language: "en", Category: "UTILITY",
		Status: template.StatusApproved, QualityScore: template.QualityUnknown, ParameterFormat: "POSITIONAL",
		Components: []byte(`[{"type":"BODY","text":"Shipped."}]`), CreatedAt: t0, UpdatedAt: t0, Version: 1}
	if err := f.store.CreateTemplate(t.Context(), tpl, time.Time{}); err != nil {
		t.Fatal(err)
	}
	ev := func(action string) admin.Event {
		return admin.Event{Action: action, ZBAID: "acme", Name: "order_shipped", Language: "en"}
	}
	for _, step := range []struct {
		ev     admin.Event
		status string
		score  string
		paused bool
		pauses int
	}{
		{admin.Event{Action: admin.ActionRecordOutcome, ZBAID: "acme", Name: "order_shipped", Language: "en", Outcome: "delivered", Count: 20}, "APPROVED", "GREEN", false, 0},
		{ev(admin.ActionPauseTemplate), "PAUSED", "GREEN", true, 1},
		{ev(admin.ActionUnpauseTemplate), "APPROVED", "UNKNOWN", false, 1},
		{ev(admin.ActionDisableTemplate), "DISABLED", "UNKNOWN", false, 1},
	} {
		res := f.do(t, step.ev)
		got := res.Template
		if got == nil || got.Status != step.status || got.QualityScore != step.score || (got.PausedUntil != nil) != step.paused ||
			got.Pauses != step.pauses || got.TemplateID != "acme_order_shipped_en" {
			t.Fatalf("%s: %+v", step.ev.Action, got)
		}
	}
	if n := len(f.events.Take()); n != 5 {
		t.Fatalf("%d events queued, want 5 (quality, pause, unpause, quality, disable)", n)
	}
	for _, bad := range []struct {
		ev   admin.Event
		want string
	}{
		{admin.Event{Action: admin.ActionPauseTemplate, ZBAID: "acme", Name: "order_shipped"}, "needs zba_id, name and language"},
		{ev(admin.ActionUnpauseTemplate), "only a template that is PAUSED"},
		// count left out: one outcome, refused for what it is (the count rule is quality's)
		{admin.Event{Action: admin.ActionRecordOutcome, ZBAID: "acme", Name: "order_shipped", Language: "en", Outcome: "clicked"}, "outcome"},
		{admin.Event{Action: admin.ActionDisableTemplate, ZBAID: "acme", Name: "ghost", Language: "en"}, "does not exist"},
	} {
		if _, err := f.handle(t.Context(), bad.ev); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: err %v, want one saying %q", bad.ev, err, bad.want)
		}
	}
}
