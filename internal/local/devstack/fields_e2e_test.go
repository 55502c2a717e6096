package devstack_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"svc/internal/feature/template"
	"svc/internal/feature/webhook"
	"svc/internal/local/devstack"
	"svc/internal/routes"
	"svc/internal/transport/admin"
)

// TestWebhookFieldsEndToEnd: a receiver subscribed to messages only (as a
// client library that reads every body as a message would be) hears the
// statuses of a send, and none of the template events its template's review
// publishes: those are skipped without an attempt, a retry or a dead letter.
func TestWebhookFieldsEndToEnd(t *testing.T) {
	logs := &lockedBuffer{}
	e := newSendEnv(t, nil, func(o *devstack.Options) { o.Log = slog.New(slog.NewJSONHandler(logs, nil)) })
	hook := newReceiver(t, 0)
	res, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionSetWebhook, ZBAID: "acme",
		URL: hook.srv.URL + "/hook", VerifyToken: hook.token, Fields: []string{webhook.FieldMessages, webhook.FieldMessages}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.WebhookFields, []string{webhook.FieldMessages}) {
		t.Fatalf("set_webhook answered fields %q, want [messages]", res.WebhookFields)
	}
	hook.secret = res.SigningSecret
	if z, err := e.stack.Deps.Store.GetZBA(context.Background(), "acme"); err != nil || !slices.Equal(z.WebhookFields, []string{webhook.FieldMessages}) {
		t.Fatalf("stored subscription %+v, %v", z, err)
	}

	// A promotional UTILITY template is approved as MARKETING: a status
	// update and a category update, neither of them subscribed.
	if r := e.do(t, "POST", fmt.Sprintf(tplPath, "acme"), e.mgmtOnly,
		tplBody("fields_promo", "en_US", "UTILITY", "Big sale: 50% off everything, shop now before the offer ends!")); r.status != 200 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	waitFor(t, "the classifier's decision", settle, func() bool {
		return e.template(t, "acme", "fields_promo", "en_US").Status != template.StatusPending
	})
	skipped := func() map[string]int {
		n := map[string]int{}
		for _, line := range logs.linesWith("webhook skipped: field not subscribed") {
			var rec struct{ Field string }
			if json.Unmarshal([]byte(line), &rec) == nil {
				n[rec.Field]++
			}
		}
		return n
	}
	waitFor(t, "both template events skipped", settle, func() bool {
		n := skipped()
		return n[webhook.FieldStatusUpdate] >= 1 && n[webhook.FieldCategoryUpdate] >= 1
	})

	id := accepted(t, e.send(t, e.acme, e2eSender, templateBody("plain", `[]`), ""), true)
	waitFor(t, "the three statuses of the send", settle, func() bool { return len(statusesOf(hook, id)) >= 3 })
	waitFor(t, "the webhook queue to drain", settle, func() bool { return e.queueEmpty(t, routes.WebhookQueue.Name) })

	hook.mu.Lock()
	calls, bodies, bad := hook.calls, slices.Clone(hook.bodies), hook.badSigns
	hook.mu.Unlock()
	if bad != 0 {
		t.Fatalf("%d deliveries failed their signatures", bad)
	}
	for _, b := range bodies {
		var env struct {
			Entry []struct{ Changes []struct{ Field string } }
		}
		if err := json.Unmarshal(b, &env); err != nil || len(env.Entry) != 1 || len(env.Entry[0].Changes) != 1 ||
			env.Entry[0].Changes[0].Field != webhook.FieldMessages {
			t.Fatalf("a delivery of a field not subscribed: %s", b)
		}
	}
	if got := names(statusesOf(hook, id)); !sameSet(got, []string{"sent", "delivered", "read"}) {
		t.Fatalf("statuses %v", got)
	}
	// Skipped events are no attempts: every recorded attempt is a delivery
	// the receiver answered.
	list, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionListAttempts, ZBAID: "acme"})
	if err != nil || len(list.Attempts) != calls || calls != len(bodies) {
		t.Fatalf("%d attempts recorded (%v), %d calls, %d accepted", len(list.Attempts), err, calls, len(bodies))
	}
	if !e.queueEmpty(t, routes.WebhookQueue.DLQName()) {
		t.Fatal("a skipped event reached the dead-letter queue")
	}
	for _, line := range logs.linesWith("webhook skipped") {
		if strings.Contains(line, e2eTo) || strings.Contains(line, res.SigningSecret) {
			t.Fatalf("the skip log carries a number or the secret: %s", line)
		}
	}
}
