package webhookhttp_test

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"svc/internal/adapter/webhookhttp"
	"svc/internal/feature/webhook"
)

// hubReceiver answers the handshake as a receiver written for the
// compatible API does: the challenge when mode and token match, else 403.
func hubReceiver(t *testing.T, token string, answer func(challenge string) string) (*receiver, *string) {
	var rawQuery string
	rcv := newReceiver(t, func(w http.ResponseWriter, r *http.Request) {
		rawQuery = r.URL.RawQuery
		q := r.URL.Query()
		if r.Method != http.MethodGet || q.Get("hub.mode") != "subscribe" || q.Get("hub.verify_token") != token {
			w.WriteHeader(http.StatusForbidden)
			return
		}
		w.Write([]byte(answer(q.Get("hub.challenge"))))
	})
	return rcv, &rawQuery
}

func TestHandshake(t *testing.T) {
	token := webhook.DeriveVerifyToken(master, "acme", 1)
	c := localClient(webhookhttp.ClientOptions{Timeout: 2 * time.Second})
	echo := func(ch string) string { return ch + "\n" }

	rcv, rawQuery := hubReceiver(t, token, echo)
	if err := c.Handshake(context.Background(), rcv.URL+"/hook?app=shop%2F1&hub.challenge=stale", token); err != nil {
		t.Fatalf("echoing receiver: %v", err)
	}
	if !regexp.MustCompile(`^app=shop%2F1&hub.challenge=[1-9][0-9]{9}&hub.mode=subscribe&hub.verify_token=` + token + `$`).MatchString(*rawQuery) {
		t.Fatalf("query %q: the URL's own parameters must be kept as written, the handshake's added once", *rawQuery)
	}

	if err := c.Handshake(context.Background(), rcv.URL, "wrong-token"); err == nil || !strings.Contains(err.Error(), "HTTP 403") {
		t.Fatalf("a receiver refusing the token: %v", err)
	}

	quoted, _ := hubReceiver(t, token, func(ch string) string { return `"` + ch + `"` })
	if err := c.Handshake(context.Background(), quoted.URL, token); err != nil {
		t.Fatalf("a receiver answering the challenge as a JSON string: %v", err)
	}

	wrong, _ := hubReceiver(t, token, func(string) string { return "hello" })
	if err := c.Handshake(context.Background(), wrong.URL, token); err == nil || !strings.Contains(err.Error(), "challenge") {
		t.Fatalf("a receiver echoing something else: %v", err)
	}

	failing := newReceiver(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(r.URL.Query().Get("hub.challenge")))
	})
	if err := c.Handshake(context.Background(), failing.URL, token); err == nil || !strings.Contains(err.Error(), "HTTP 500") {
		t.Fatalf("a receiver echoing with 500: %v", err)
	}

	created := newReceiver(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusCreated)
		w.Write([]byte(r.URL.Query().Get("hub.challenge")))
	})
	if err := c.Handshake(context.Background(), created.URL, token); err == nil || !strings.Contains(err.Error(), "HTTP 201") {
		t.Fatalf("only 200 passes: %v", err)
	}

	strict := webhookhttp.NewClient(webhookhttp.ClientOptions{})
	if err := strict.Handshake(context.Background(), rcv.URL, token); !errors.Is(err, webhook.ErrBadURL) && !errors.Is(err, webhook.ErrBlockedAddress) {
		t.Fatalf("outside local mode a loopback http receiver is refused: %v", err)
	}
}
