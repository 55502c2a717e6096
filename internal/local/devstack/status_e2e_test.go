package devstack_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/adapter/socialmsg/snsevent"
	"svc/internal/feature/message"
	"svc/internal/local/netsim"
	"svc/internal/local/webhookreceiver"
	"svc/internal/routes"
)

// hookValues are the values of the messages webhooks the receiver
// accepted, in the order they came.
func hookValues(r *receiver) []map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []map[string]any
	for _, b := range r.bodies {
		if field, v, ok := webhookreceiver.Change(b); ok && field == "messages" {
			out = append(out, v)
		}
	}
	return out
}

// statusesOf are the status webhooks of one message, in the order they came.
func statusesOf(r *receiver, id string) []map[string]any {
	var out []map[string]any
	for _, v := range hookValues(r) {
		if sts, _ := v["statuses"].([]any); len(sts) == 1 {
			if st := sts[0].(map[string]any); st["id"] == id {
				out = append(out, st)
			}
		}
	}
	return out
}

func names(sts []map[string]any) []string {
	var out []string
	for _, s := range sts {
		out = append(out, s["status"].(string))
	}
	return out
}

// getMessage is GET message with the key.
func (e *sendEnv) getMessage(t *testing.T, key, phone, id string) (int, map[string]any) {
	t.Helper()
	req, _ := http.NewRequest("GET", e.url+"/business/v1.0/"+phone+"/messages/"+id, nil)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := testClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, body
}

// TestStatusesEndToEnd: sends reach read through the simulated recipients,
// each status one signed webhook, the history in order; a recipient the
// network cannot reach ends failed; late and repeated events change
// nothing; GET message shows the history to the sender's ZBA only.
func TestStatusesEndToEnd(t *testing.T) {
	e := newSendEnv(t, nil)
	hook := newReceiver(t, 0)
	e.subscribe(t, "acme", hook)
	ctx := context.Background()
	withCallback := func(body string) string {
		return strings.Replace(body, `"type":"template"`, `"biz_opaque_callback_data":"order-42","type":"template"`, 1)
	}
	var readID string

	t.Run("a send reaches read; three signed status webhooks", func(t *testing.T) {
		readID = accepted(t, e.send(t, e.acme, e2eSender, withCallback(templateBody("plain", `[]`)), ""), true)
		waitFor(t, "three status webhooks", settle, func() bool { return len(statusesOf(hook, readID)) >= 3 })
		// The webhooks come in the order the webhook queue hands them over,
		// which it does not promise (dispatch's "sent" and the network's
		// later statuses reach it from two consumers); the order of the moves
		// is the message's history, checked below.
		sts := statusesOf(hook, readID)
		if got := names(sts); !sameSet(got, []string{"sent", "delivered", "read"}) {
			t.Fatalf("statuses %v", got)
		}
		for _, st := range sts {
			if st["recipient_id"] != e2eTo || st["biz_opaque_callback_data"] != "order-42" || st["timestamp"] == "" {
				t.Fatalf("status %v", st)
			}
			// A utility template: priced as one on sent and delivered, and
			// read (which followed delivered) carries no pricing.
			p, priced := st["pricing"].(map[string]any)
			if priced != (st["status"] != "read") || priced && (p["pricing_model"] != "PMP" || p["category"] != "utility") {
				t.Fatalf("%s: pricing %v", st["status"], st["pricing"])
			}
		}
		// Each names the recipient as svc_id (the interface's name for the
		// send's to) and as wa_id (what pywa and ported receivers read).
		for _, v := range hookValues(hook) {
			if sts, _ := v["statuses"].([]any); len(sts) != 1 || sts[0].(map[string]any)["id"] != readID {
				continue
			}
			c, _ := v["contacts"].([]any)
			if len(c) != 1 || c[0].(map[string]any)["svc_id"] != e2eTo || c[0].(map[string]any)["wa_id"] != e2eTo ||
				c[0].(map[string]any)["user_id"] == "" {
				t.Fatalf("contacts %v, want the recipient %s as svc_id and wa_id, with its user_id", v["contacts"], e2eTo)
			}
		}
		hook.mu.Lock()
		bad := hook.badSigns
		hook.mu.Unlock()
		if bad != 0 {
			t.Fatalf("%d webhooks failed their signatures", bad)
		}
		m, err := e.messages.GetMessage(ctx, readID)
		if err != nil || m.Status != message.StatusRead || m.StatusTimes[message.StatusDelivered].IsZero() || m.NetworkID == "" {
			t.Fatalf("record %+v %v", m, err)
		}
		status, view := e.getMessage(t, e.acme, e2eSender, readID)
		var history []string
		for _, h := range view["history"].([]any) {
			history = append(history, h.(map[string]any)["status"].(string))
		}
		if status != 200 || view["status"] != "read" || !slices.Equal(history, []string{"accepted", "sent", "delivered", "read"}) ||
			view["template"].(map[string]any)["name"] != "plain" {
			t.Fatalf("GET message %d %v", status, view)
		}
		// On a sender of the key's ZBA, another ZBA's message, another
		// sender's, an unknown id and a malformed one are the same 404; on
		// another ZBA's sender the key is refused, as a send from it is,
		// whatever the id; an unregistered sender is 133010, as for a send.
		for _, c := range []struct {
			key, phone, id string
			status, code   int
			details        string
		}{
			{e.rival, "pn-rival", readID, 404, 100, ""},
			{e.acme, "pn-pending", readID, 404, 100, ""},
			{e.acme, e2eSender, message.NewID(), 404, 100, ""},
			{e.acme, e2eSender, "nope", 404, 100, ""},
			{e.rival, e2eSender, readID, 403, 200, "The API key is not authorised to read messages of phone number id " + e2eSender + "."},
			{e.rival, e2eSender, message.NewID(), 403, 200, ""},
			{e.rival, e2eSender, "nope", 403, 200, ""},
			{e.acme, "pn-ghost", readID, 400, 133010, ""},
		} {
			status, body := e.getMessage(t, c.key, c.phone, c.id)
			er, _ := body["error"].(map[string]any)
			data, _ := er["error_data"].(map[string]any)
			if status != c.status || er["code"] != float64(c.code) || c.details != "" && data["details"] != c.details ||
				strings.Contains(jsonText(body), e2eTo) {
				t.Fatalf("GET %s from %s: %d %v, want %d code %d", c.id, c.phone, status, body, c.status, c.code)
			}
		}
		if status, _ := e.getMessage(t, e.mgmtOnly, e2eSender, readID); status != 403 {
			t.Fatalf("without the messaging scope: %d", status)
		}
	})

	t.Run("an undeliverable recipient: failed with 131026 and its webhook", func(t *testing.T) {
		const unreachable = "4915100000131"
		e.stack.Network.Script(unreachable, netsim.Script{Undeliverable: true})
		id := accepted(t, e.send(t, e.acme, e2eSender, strings.Replace(templateBody("plain", `[]`), e2eTo, unreachable, 1), ""), true)
		waitFor(t, "the failed webhook", settle, func() bool { return len(statusesOf(hook, id)) >= 2 })
		sts := statusesOf(hook, id)
		if got := names(sts); !sameSet(got, []string{"sent", "failed"}) {
			t.Fatalf("statuses %v", got)
		}
		failed := sts[slices.IndexFunc(sts, func(st map[string]any) bool { return st["status"] == "failed" })]
		errs := failed["errors"].([]any)
		if er := errs[0].(map[string]any); er["code"] != float64(131026) || er["title"] != netsim.UndeliverableTitle {
			t.Fatalf("errors %v", errs)
		}
		if m, err := e.messages.GetMessage(ctx, id); err != nil || m.Status != message.StatusFailed || m.Failure == nil || m.Failure.Code != 131026 {
			t.Fatalf("record %+v %v", m, err)
		}
	})

	t.Run("late and repeated events change nothing", func(t *testing.T) {
		h, err := e.stack.Deps.Consumer(routes.Inbound)
		if err != nil {
			t.Fatal(err)
		}
		// Nothing of the earlier subtests may still be on its way, or it
		// would be counted as a webhook of these events.
		waitFor(t, "the earlier sends to settle", settle, func() bool {
			return e.queueEmpty(t, routes.OutboundQueue.Name) && e.queueEmpty(t, routes.InboundQueue.Name) &&
				e.queueEmpty(t, routes.WebhookQueue.Name)
		})
		before := len(hookValues(hook))
		var ev events.SQSEvent
		for i, st := range []string{"delivered", "sent", "read", "failed"} {
			v := snsevent.Value{Statuses: []snsevent.Status{{ID: "wamid.late", Status: st, Timestamp: strconv.FormatInt(time.Now().Unix(), 10),
				RecipientID: e2eTo, BizOpaqueCallbackData: readID}}}
			body, err := snsevent.Encode(snsevent.Source{PhoneNumberID: e2eSender}, "late-"+strconv.Itoa(i), v, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			ev.Records = append(ev.Records, events.SQSMessage{MessageId: "late-" + strconv.Itoa(i), Body: string(body)})
		}
		resp, err := h(ctx, ev)
		if err != nil || len(resp.BatchItemFailures) != 0 {
			t.Fatalf("%+v %v", resp, err)
		}
		waitFor(t, "the webhook queue to drain", settle, func() bool { return e.queueEmpty(t, routes.WebhookQueue.Name) })
		if m, _ := e.messages.GetMessage(ctx, readID); m.Status != message.StatusRead {
			t.Fatalf("moved back to %s", m.Status)
		}
		if after := len(hookValues(hook)); after != before {
			t.Fatalf("%d webhooks for events that changed nothing", after-before)
		}
	})
}

func jsonText(v any) string { b, _ := json.Marshal(v); return string(b) }

// TestInboundEndToEnd: a user's message through the simulator and the
// inbound queue (what make inbound does) opens the window and is forwarded;
// STOP stops marketing (131050) and START lifts it.
func TestInboundEndToEnd(t *testing.T) {
	e := newSendEnv(t, nil)
	hook := newReceiver(t, 0)
	e.subscribe(t, "acme", hook)
	ctx := context.Background()
	const user = "4915112340001"
	lookup := func() message.Found {
		f, err := e.messages.Lookup(ctx, message.Lookup{ZBAID: "acme", PhoneNumberID: e2eSender, Recipient: user, Window: true, OptOut: true})
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	write := func(text string) {
		t.Helper()
		body, err := e.stack.Recipients.Write(ctx, e2eSender, user, "Zoë", text)
		if err != nil {
			t.Fatal(err)
		}
		if evs, err := snsevent.Decode(body); err != nil || len(evs) != 1 || evs[0].Messages[0].Text() != text {
			t.Fatalf("published %s: %v", body, err)
		}
	}
	promo := strings.Replace(templateBody("promo", `[{"type":"body","parameters":[{"type":"text","text":"10%"}]}]`), e2eTo, user, 1)

	checkEnvelope(t, e.send(t, e.acme, e2eSender, textBody(user, "hello"), ""), 400, 131047, "")
	write("Olá! Is my table booked? 👋")
	waitFor(t, "the window to open", settle, func() bool { return lookup().WindowUntil.After(time.Now()) })
	accepted(t, e.send(t, e.acme, e2eSender, textBody(user, "hello"), ""), false)
	waitFor(t, "the inbound webhook", settle, func() bool {
		for _, v := range hookValues(hook) {
			if msgs, _ := v["messages"].([]any); len(msgs) == 1 {
				m := msgs[0].(map[string]any)
				c := v["contacts"].([]any)[0].(map[string]any)
				return m["from"] == user && m["text"].(map[string]any)["body"] == "Olá! Is my table booked? 👋" &&
					c["wa_id"] == user && c["profile"].(map[string]any)["name"] == "Zoë"
			}
		}
		return false
	})

	write("STOP")
	waitFor(t, "the opt-out", settle, func() bool { return lookup().OptedOut })
	checkEnvelope(t, e.send(t, e.acme, e2eSender, promo, ""), 400, 131050, "")
	write("Start")
	waitFor(t, "the opt-out to lift", settle, func() bool { return !lookup().OptedOut })
	accepted(t, e.send(t, e.acme, e2eSender, promo, ""), true)
}
