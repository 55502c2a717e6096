package devstack_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"svc/internal/feature/account/auth"
	"svc/internal/local/webhookreceiver"
	"svc/internal/transport/admin"
)

// TestWebhookReceiverEndToEnd follows the README's steps with make
// receiver's code: the receiver answers set_webhook's handshake on
// loopback, is started again with the secret set_webhook printed (the same
// address), and prints a created template's status update with both
// signatures verified.
func TestWebhookReceiverEndToEnd(t *testing.T) {
	e := reviewEnv(t)
	key := e.mint(t, "acme", auth.ScopeManagement)
	out := &lockedBuffer{}
	var current atomic.Pointer[webhookreceiver.Receiver]
	first, err := webhookreceiver.New("my-token", "", out)
	if err != nil {
		t.Fatal(err)
	}
	current.Store(first)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { current.Load().ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)

	if _, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionSetWebhook, ZBAID: "acme",
		URL: srv.URL + "/", VerifyToken: "wrong-token"}); err == nil {
		t.Fatal("set_webhook saved a callback whose handshake the receiver refused")
	}
	res, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionSetWebhook, ZBAID: "acme",
		URL: srv.URL + "/", VerifyToken: "my-token"})
	if err != nil {
		t.Fatal(err)
	}
	second, err := webhookreceiver.New("my-token", res.SigningSecret, out)
	if err != nil {
		t.Fatal(err)
	}
	current.Store(second)

	if r := e.do(t, "POST", fmt.Sprintf(tplPath, "acme"), key,
		tplBody("receiver_check", "en_US", "UTILITY", "Your order has shipped and will arrive on Monday.")); r.status != 200 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	want := "summary     template receiver_check (en_US) APPROVED, category UTILITY, reason NONE"
	waitFor(t, "the status update printed", settle, func() bool { return len(out.linesWith(want)) == 1 })
	if got := out.linesWith("signatures  "); len(got) != 1 || !strings.Contains(got[0], "X-Hub-Signature-256 ok, webhook-signature ok") {
		t.Fatalf("signatures printed: %q", got)
	}
	if len(out.linesWith("handshake refused (403)")) != 1 || len(out.linesWith(`handshake answered: verify token "my-token"`)) != 1 {
		t.Fatalf("the handshakes printed:\n%s", out.linesWith("handshake"))
	}
}
