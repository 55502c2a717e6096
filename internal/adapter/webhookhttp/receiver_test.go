package webhookhttp_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"svc/internal/adapter/webhookhttp"
	"svc/internal/feature/webhook"
)

// verifyDelivery is what the README shows a receiver doing, with the
// standard library only and no import of this package: it checks both
// signatures of a delivery against the secret make webhook printed.
func verifyDelivery(secret string, h http.Header, body []byte, now time.Time) bool {
	// X-Hub-Signature-256: HMAC-SHA256 of the raw body, keyed with the whole
	// secret string, as hex.
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(body)
	hubOK := hmac.Equal([]byte(h.Get("X-Hub-Signature-256")), []byte("sha256="+hex.EncodeToString(mac.Sum(nil))))

	// Standard Webhooks: HMAC-SHA256 of "id.timestamp.body", keyed with the
	// base64-decoded part after "whsec_"; the timestamp within 5 minutes.
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	ts, tsErr := strconv.ParseInt(h.Get("webhook-timestamp"), 10, 64)
	if err != nil || tsErr != nil || math.Abs(now.Sub(time.Unix(ts, 0)).Seconds()) > 300 {
		return false
	}
	mac = hmac.New(sha256.New, key)
	mac.Write([]byte(h.Get("webhook-id") + "." + h.Get("webhook-timestamp") + "."))
	mac.Write(body)
	want := mac.Sum(nil)
	standardOK := false
	for _, sig := range strings.Fields(h.Get("webhook-signature")) {
		if v, b64, ok := strings.Cut(sig, ","); ok && v == "v1" {
			got, err := base64.StdEncoding.DecodeString(b64)
			standardOK = standardOK || (err == nil && hmac.Equal(got, want))
		}
	}
	return hubOK && standardOK
}

func TestReadmeReceiverVerifies(t *testing.T) {
	secret := webhook.DeriveSecret(master, "acme", 1)
	verdicts := make(chan bool, 2)
	rcv := newReceiver(t, func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		ok := verifyDelivery(secret, r.Header, body, time.Now())
		verdicts <- ok
		if !ok {
			w.WriteHeader(http.StatusUnauthorized)
		}
	})
	c := localClient(webhookhttp.ClientOptions{})
	e := webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "REJECTED", "PROMOTIONAL", 2, at)
	if a := c.Deliver(context.Background(), rcv.URL, secret, e, time.Now()); !a.OK() || !<-verdicts {
		t.Fatalf("the README receiver refused a genuine delivery: %+v", a)
	}
	other := webhook.DeriveSecret(master, "acme", 2)
	if a := c.Deliver(context.Background(), rcv.URL, other, e, time.Now()); a.OK() || <-verdicts {
		t.Fatalf("the README receiver accepted a delivery signed with another secret: %+v", a)
	}
}
