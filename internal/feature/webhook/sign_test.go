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
	if err := webhook.VerifyStandard(secret, h, []byte(payload), 5*time.Minute, ts.Add(time.Minute)); err != nil {
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
	if !webhook.VerifyHub(secret, body, want) {
		t.Fatal("VerifyHub refused our own signature")
	}
	for name, ok := range map[string]bool{
		"changed body": webhook.VerifyHub(secret, append(body, ' '), want),
		"wrong secret": webhook.VerifyHub(webhook.DeriveSecret(master, "acme", 2), body, want),
		"empty header": webhook.VerifyHub(secret, body, ""),
		"bare hex":     webhook.VerifyHub(secret, body, want[len("sha256="):]),
	} {
		if ok {
			t.Errorf("VerifyHub accepted a %s", name)
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
	if err := webhook.VerifyStandard(secret, standardHeaders(id, ts, sig), body, tol, ts); err != nil {
		t.Fatal(err)
	}
	other := webhook.DeriveSecret(master, "acme", 2)
	rotating := webhook.SignStandard(other, id, ts, body) + " v1a,bm90IGFuIGVkMjU1MTkgc2lnbmF0dXJl " + sig
	if err := webhook.VerifyStandard(secret, standardHeaders(id, ts, rotating), body, tol, ts); err != nil {
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
		{"changed body", secret, standardHeaders(id, ts, sig), []byte(`{"a":2}`), ts, webhook.ErrNoMatchingSigner},
		{"wrong secret", other, standardHeaders(id, ts, sig), body, ts, webhook.ErrNoMatchingSigner},
		{"changed id", secret, standardHeaders("evt_0124", ts, sig), body, ts, webhook.ErrNoMatchingSigner},
		{"old timestamp", secret, standardHeaders(id, ts, sig), body, ts.Add(tol + time.Second), webhook.ErrBadTimestamp},
		{"future timestamp", secret, standardHeaders(id, ts, sig), body, ts.Add(-tol - time.Second), webhook.ErrBadTimestamp},
		{"no signature", secret, standardHeaders(id, ts, ""), body, ts, webhook.ErrMissingHeaders},
		{"v1a only", secret, standardHeaders(id, ts, "v1a,"+sig[3:]), body, ts, webhook.ErrNoMatchingSigner},
	}
	for _, c := range cases {
		if err := webhook.VerifyStandard(c.secret, c.headers, c.body, tol, c.now); !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
	}
	if webhook.SignStandard("whsec_not*base64", id, ts, body) != "" {
		t.Fatal("a secret that is not base64 must give no signature")
	}
}
