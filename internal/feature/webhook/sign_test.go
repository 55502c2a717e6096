package webhook_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"testing"
	"time"

	"svc/internal/feature/webhook"
	"svc/internal/local/webhookverify"
)

// The example of the Standard Webhooks specification and its libraries.
func TestSignStandardReferenceExample(t *testing.T) {
	const (
		secret  = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
		id      = "msg_p5jXN8AQM9LWM0D4loKWxJek"
		payload = `{"test": 2432232314}`
		want    = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE="
	)
	ts := time.Unix(1614265330, 0)
	if got := webhook.SignStandard(secret, id, ts, []byte(payload)); got != want {
		t.Fatalf("signature %q, want %q", got, want)
	}
	h := http.Header{}
	h.Set("webhook-id", id)
	h.Set("webhook-timestamp", "1614265330")
	h.Set("webhook-signature", want)
	if err := webhookverify.Standard(secret, h, []byte(payload), 5*time.Minute, ts.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
}

func TestSignHubKnownAnswer(t *testing.T) {
	secret := webhook.DeriveSecret(master, "acme", 1)
	body := []byte(`{"object":"svc_business_account"}`)
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	want := "sha256=" + hex.EncodeToString(m.Sum(nil))
	if got := webhook.SignHub(secret, body); got != want {
		t.Fatalf("signature %q, want %q", got, want)
	}
	if !webhookverify.Hub(secret, body, want) {
		t.Fatal("Hub refused our own signature")
	}
	for name, ok := range map[string]bool{
		"changed body": webhookverify.Hub(secret, append(body, ' '), want),
		"wrong secret": webhookverify.Hub(webhook.DeriveSecret(master, "acme", 2), body, want),
		"empty header": webhookverify.Hub(secret, body, ""),
		"bare hex":     webhookverify.Hub(secret, body, want[len("sha256="):]),
	} {
		if ok {
			t.Errorf("Hub accepted a %s", name)
		}
	}
}

func standardHeaders(id string, ts time.Time, sig string) http.Header {
	h := http.Header{}
	h.Set("webhook-id", id)
	h.Set("webhook-timestamp", strconv.FormatInt(ts.Unix(), 10))
	h.Set("webhook-signature", sig)
	return h
}

func TestSignStandardKnownAnswerAndVerify(t *testing.T) {
	secret := webhook.DeriveSecret(master, "acme", 1)
	key, _ := base64.StdEncoding.DecodeString(secret[len("whsec_"):])
	body := []byte(`{"a":1}`)
	id, ts := "evt_0123", time.Unix(1772366400, 0)
	m := hmac.New(sha256.New, key)
	m.Write([]byte("evt_0123.1772366400.{\"a\":1}"))
	want := "v1," + base64.StdEncoding.EncodeToString(m.Sum(nil))
	sig := webhook.SignStandard(secret, id, ts, body)
	if sig != want {
		t.Fatalf("signature %q, want %q", sig, want)
	}
	const tol = 5 * time.Minute
	if err := webhookverify.Standard(secret, standardHeaders(id, ts, sig), body, tol, ts); err != nil {
		t.Fatal(err)
	}
	other := webhook.DeriveSecret(master, "acme", 2)
	rotating := webhook.SignStandard(other, id, ts, body) + " v1a,bm90IGFuIGVkMjU1MTkgc2lnbmF0dXJl " + sig
	if err := webhookverify.Standard(secret, standardHeaders(id, ts, rotating), body, tol, ts); err != nil {
		t.Fatalf("one matching signature among several must do: %v", err)
	}
	cases := []struct {
		name    string
		secret  string
		headers http.Header
		body    []byte
		now     time.Time
		want    error
	}{
		{"changed body", secret, standardHeaders(id, ts, sig), []byte(`{"a":2}`), ts, webhookverify.ErrNoMatchingSigner},
		{"wrong secret", other, standardHeaders(id, ts, sig), body, ts, webhookverify.ErrNoMatchingSigner},
		{"changed id", secret, standardHeaders("evt_0124", ts, sig), body, ts, webhookverify.ErrNoMatchingSigner},
		{"old timestamp", secret, standardHeaders(id, ts, sig), body, ts.Add(tol + time.Second), webhookverify.ErrBadTimestamp},
		{"future timestamp", secret, standardHeaders(id, ts, sig), body, ts.Add(-tol - time.Second), webhookverify.ErrBadTimestamp},
		{"no signature", secret, standardHeaders(id, ts, ""), body, ts, webhookverify.ErrMissingHeaders},
		{"v1a only", secret, standardHeaders(id, ts, "v1a,"+sig[3:]), body, ts, webhookverify.ErrNoMatchingSigner},
	}
	for _, c := range cases {
		if err := webhookverify.Standard(c.secret, c.headers, c.body, tol, c.now); !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
	}
	if webhook.SignStandard("whsec_not*base64", id, ts, body) != "" {
		t.Fatal("a secret that is not base64 must give no signature")
	}
}
