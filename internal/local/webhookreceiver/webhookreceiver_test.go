package webhookreceiver_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/webhook"
	"svc/internal/local/webhookreceiver"
)

func TestHandshake(t *testing.T) {
	tests := []struct {
		name       string
		token      string // the receiver's VERIFY_TOKEN
		query      string
		wantStatus int
		wantBody   string
	}{
		{"ok", "my-token", "hub.mode=subscribe&hub.verify_token=my-token&hub.challenge=1234567890", 200, "1234567890"},
		{"wrong token", "my-token", "hub.mode=subscribe&hub.verify_token=other&hub.challenge=1234567890", 403, ""},
		{"missing token", "my-token", "hub.mode=subscribe&hub.challenge=1234567890", 403, ""},
		{"missing mode", "my-token", "hub.verify_token=my-token&hub.challenge=1234567890", 403, ""},
		{"other mode", "my-token", "hub.mode=unsubscribe&hub.verify_token=my-token&hub.challenge=1", 403, ""},
		{"no VERIFY_TOKEN: any token", "", "hub.mode=subscribe&hub.verify_token=generated&hub.challenge=42", 200, "42"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			r, err := webhookreceiver.New(tt.token, "", &out)
			if err != nil {
				t.Fatal(err)
			}
			w := httptest.NewRecorder()
			r.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/?"+tt.query, nil))
			if w.Code != tt.wantStatus {
				t.Fatalf("status %d, want %d (%s)", w.Code, tt.wantStatus, w.Body)
			}
			if tt.wantStatus == 200 && w.Body.String() != tt.wantBody {
				t.Fatalf("body %q, want the challenge %q", w.Body, tt.wantBody)
			}
			if !strings.Contains(out.String(), "handshake") {
				t.Fatalf("nothing printed about the handshake: %q", out.String())
			}
		})
	}
}

// signed is a POST of body with the headers svc's delivery sets, signed with
// secret at ts.
func signed(body []byte, secret string, ts time.Time) *http.Request {
	req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(body))
	const id = "evt_0123456789abcdef0123456789abcdef"
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(webhook.HeaderHubSignature, webhook.SignHub(secret, body))
	req.Header.Set(webhook.HeaderID, id)
	req.Header.Set(webhook.HeaderTimestamp, strconv.FormatInt(ts.Unix(), 10))
	req.Header.Set(webhook.HeaderSignature, webhook.SignStandard(secret, id, ts, body))
	return req
}

func TestDelivery(t *testing.T) {
	master := []byte("test-master-key-" + strings.Repeat("x", 32))
	secret := webhook.DeriveSecret(master, "acme", 1)
	other := webhook.DeriveSecret(master, "acme", 2)
	now := time.Unix(1772366400, 0)
	approved := webhook.StatusUpdate("acme", "acme_order_update_en_US", "order_update", "en_US", "UTILITY", "APPROVED", "", 1, now).Body()
	tests := []struct {
		name    string
		secret  string // the receiver's SECRET
		req     *http.Request
		printed []string
	}{
		{"signed delivery verified", secret, signed(approved, secret, now), []string{
			"field       message_template_status_update",
			"summary     template order_update (en_US) APPROVED, category UTILITY, reason NONE",
			"X-Hub-Signature-256 ok, webhook-signature ok",
			`  "object": "svc_business_account",`}},
		{"signed with another secret", secret, signed(approved, other, now), []string{
			"X-Hub-Signature-256 FAILED, webhook-signature FAILED (no webhook-signature matches)"}},
		{"an old timestamp", secret, signed(approved, secret, now.Add(-time.Hour)), []string{
			"X-Hub-Signature-256 ok, webhook-signature FAILED (webhook-timestamp outside the tolerance"}},
		{"no SECRET", "", signed(approved, secret, now), []string{"signatures  not checked (no SECRET given)"}},
		{"not JSON", secret, signed([]byte("hello"), secret, now), []string{
			"field       ?", "signatures  X-Hub-Signature-256 ok, webhook-signature ok", `(not JSON) "hello"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			r, err := webhookreceiver.New("", tt.secret, &out)
			if err != nil {
				t.Fatal(err)
			}
			r.Now = func() time.Time { return now.Add(time.Second) }
			w := httptest.NewRecorder()
			r.ServeHTTP(w, tt.req)
			if w.Code != http.StatusOK {
				t.Fatalf("status %d, want 200 whatever the signatures", w.Code)
			}
			for _, p := range tt.printed {
				if !strings.Contains(out.String(), p) {
					t.Errorf("printed\n%s\nwithout %q", out.String(), p)
				}
			}
		})
	}
}

func TestSummary(t *testing.T) {
	at := time.Unix(1772366400, 0)
	meta := webhook.Metadata{DisplayPhoneNumber: "4915123456789", PhoneNumberID: "pn-1"}
	status, err := webhook.MessageStatus("acme", meta, webhook.Status{MessageID: "svcmid.1", Status: "failed", At: at,
		RecipientID: "4915112345678", Error: &webhook.StatusError{Code: 131026, Title: "Message undeliverable"}})
	if err != nil {
		t.Fatal(err)
	}
	inbound, err := webhook.InboundMessage("acme", meta, webhook.Inbound{ID: "in.1", From: "4915112345678", At: at,
		Type: "text", Text: "Hi, is my table booked?"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name         string
		body         []byte
		field, short string
	}{
		{"rejection", webhook.StatusUpdate("acme", "t1", "promo", "de", "MARKETING", "REJECTED", "SCAM", 1, at).Body(),
			webhook.FieldStatusUpdate, "template promo (de) REJECTED, category MARKETING, reason SCAM"},
		{"category", webhook.CategoryUpdate("acme", "t1", "promo", "de", "UTILITY", "MARKETING", 1, at).Body(),
			webhook.FieldCategoryUpdate, "template promo (de) category UTILITY -> MARKETING"},
		{"quality", webhook.QualityUpdate("acme", "t1", "promo", "de", "GREEN", "YELLOW", 1, at).Body(),
			webhook.FieldQualityUpdate, "template promo (de) quality GREEN -> YELLOW"},
		{"pause", webhook.PauseUpdate("acme", "t1", "promo", "de", "MARKETING", "PAUSED", webhook.TitleFirstPause, "low quality", 1, at).Body(),
			webhook.FieldStatusUpdate, "template promo (de) PAUSED, category MARKETING, reason NONE, FIRST_PAUSE"},
		{"edit", webhook.ComponentsUpdate("acme", "t1", "promo", "de", webhook.TemplateContent{Body: "Hallo {{1}}!"}, 2, at).Body(),
			webhook.FieldComponentsUpdate, `template promo (de) edited: "Hallo {{1}}!"`},
		{"failed status", status.Body(), webhook.FieldMessages,
			"message svcmid.1 to 4915112345678: failed (131026 Message undeliverable)"},
		{"inbound text", inbound.Body(), webhook.FieldMessages,
			`message in.1 from 4915112345678: text "Hi, is my table booked?"`},
		{"other JSON", []byte(`{"a":1}`), "?", "not the compatible API's envelope (entry[0].changes[0])"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			field, short := webhookreceiver.Summary(tt.body)
			if field != tt.field || short != tt.short {
				t.Fatalf("Summary = %q, %q; want %q, %q", field, short, tt.field, tt.short)
			}
		})
	}
}

// TestNewRefusesABadSecret: a secret no key derives from is refused at the
// start rather than on every delivery.
func TestNewRefusesABadSecret(t *testing.T) {
	if _, err := webhookreceiver.New("", "whsec_not base64!", &bytes.Buffer{}); err == nil {
		t.Fatal("a secret that is not base64 was taken")
	}
}
