package devstack_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/composite"
	"svc/internal/adapter/sqsqueue"
	"svc/internal/feature/account/auth"
	"svc/internal/feature/template"
	"svc/internal/feature/template/classify"
	"svc/internal/feature/template/review"
	"svc/internal/feature/webhook"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/local/devstack"
	"svc/internal/local/webhookverify"
	"svc/internal/routes"
	"svc/internal/transport/admin"
)

// receiver is a webhook callback on this machine: it answers the
// verification handshake for its token, verifies both signatures of every
// delivery, and fails the first `failures` deliveries (every one when
// failures < 0).
type receiver struct {
	srv      *httptest.Server
	token    string
	secret   string
	failures int
	// failWith is the failing deliveries' status (503 unless set), and
	// retryAfter their Retry-After header (none unless set).
	failWith   int
	retryAfter string

	mu       sync.Mutex
	calls    int
	times    []time.Time // when each delivery arrived
	ids      []string
	bodies   [][]byte
	accepted []acceptedRequest
	badSigns int
}

// acceptedRequest is the rest of an accepted delivery, beside its body:
// what it looked like on the wire.
type acceptedRequest struct {
	method           string
	header           http.Header
	contentLength    int64
	transferEncoding []string
}

func newReceiver(t *testing.T, failures int) *receiver {
	r := &receiver{token: "verify-" + randomSuffix(), failures: failures}
	r.srv = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.srv.Close)
	return r
}

func (r *receiver) serve(w http.ResponseWriter, req *http.Request) {
	if req.Method == http.MethodGet {
		q := req.URL.Query()
		if q.Get("hub.mode") != "subscribe" || q.Get("hub.verify_token") != r.token {
			http.Error(w, "wrong token", http.StatusForbidden)
			return
		}
		_, _ = io.WriteString(w, q.Get("hub.challenge"))
		return
	}
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.calls++
	r.times = append(r.times, time.Now())
	if !webhookverify.Hub(r.secret, body, req.Header.Get("X-Hub-Signature-256")) ||
		webhookverify.Standard(r.secret, req.Header, body, 5*time.Minute, time.Now()) != nil {
		r.badSigns++
	}
	r.ids = append(r.ids, req.Header.Get("webhook-id"))
	if r.failures < 0 || r.calls <= r.failures {
		status := http.StatusServiceUnavailable
		if r.failWith != 0 {
			status = r.failWith
		}
		if r.retryAfter != "" {
			w.Header().Set("Retry-After", r.retryAfter)
		}
		http.Error(w, "down", status)
	} else {
		r.bodies = append(r.bodies, body)
		r.accepted = append(r.accepted, acceptedRequest{req.Method, req.Header.Clone(), req.ContentLength, req.TransferEncoding})
		w.WriteHeader(http.StatusNoContent)
	}
}

// reviewEnv is a local stack with its consumers running and a fast webhook
// retry schedule (100 ms between attempts, 4 attempts).
func reviewEnv(t *testing.T) *env {
	t.Helper()
	return consumersEnv(t, "rv-", func(*devstack.Options) {})
}

// consumersEnv is reviewEnv with its options set further by tune.
func consumersEnv(t *testing.T, prefix string, tune func(*devstack.Options)) *env {
	t.Helper()
	name := prefix + randomSuffix()
	o := devstack.Options{
		DynamoEndpoint: ddbEndpoint, SQSEndpoint: sqsEndpoint, TableName: name, QueuePrefix: name + "-",
		WebhookMasterKey: []byte("test-master-key-" + strings.Repeat("x", 32)), Log: quietLog(),
		WebhookDelay: func(n int) (time.Duration, bool) { return 100 * time.Millisecond, n <= 4 },
	}
	tune(&o)
	st, err := devstack.Open(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { _ = st.RunConsumers(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return serve(t, st)
}

func (e *env) subscribe(t *testing.T, zba string, r *receiver) {
	t.Helper()
	res, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionSetWebhook, ZBAID: zba,
		URL: r.srv.URL + "/hook?app=1", VerifyToken: r.token})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(res.SigningSecret, webhook.SecretPrefix) {
		t.Fatalf("signing secret %q", res.SigningSecret)
	}
	r.secret = res.SigningSecret
}

// settle bounds every wait on the stack's consumers. It is generous on
// purpose: on a loaded 2-core CI machine one hop through a queue can take
// seconds, and a wait that succeeds returns as soon as its condition holds,
// so only a real failure pays the full bound.
const settle = 90 * time.Second

// waitFor polls until cond holds, failing the test if that takes longer
// than d.
func waitFor(t *testing.T, what string, d time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.After(d)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		select {
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		case <-tick.C:
		}
	}
}

// queueEmpty reports whether a queue of the stack holds no message at all:
// none visible, none in flight and none delayed.
func (e *env) queueEmpty(t *testing.T, queue string) bool {
	t.Helper()
	cfg, _ := awsConfig()
	out, err := sqsqueue.NewClient(cfg, sqsEndpoint).GetQueueAttributes(context.Background(), &sqs.GetQueueAttributesInput{
		QueueUrl: aws.String(e.stack.QueueURLs[queue]),
		AttributeNames: []types.QueueAttributeName{
			types.QueueAttributeNameApproximateNumberOfMessages,
			types.QueueAttributeNameApproximateNumberOfMessagesNotVisible,
			types.QueueAttributeNameApproximateNumberOfMessagesDelayed,
		},
	})
	if err != nil {
		t.Fatalf("attributes of %s: %v", queue, err)
	}
	for _, name := range []types.QueueAttributeName{
		types.QueueAttributeNameApproximateNumberOfMessages,
		types.QueueAttributeNameApproximateNumberOfMessagesNotVisible,
		types.QueueAttributeNameApproximateNumberOfMessagesDelayed,
	} {
		if v, ok := out.Attributes[string(name)]; !ok || v != "0" {
			return false
		}
	}
	return true
}

func (e *env) template(t *testing.T, zba, name, lang string) template.Template {
	t.Helper()
	tpl, err := e.stack.Deps.Store.GetTemplate(context.Background(), template.Ref{ZBAID: zba, Name: name, Language: lang})
	if err != nil {
		t.Fatal(err)
	}
	return tpl
}

func TestReviewAndWebhook(t *testing.T) {
	e := reviewEnv(t)
	key := e.mint(t, "acme", auth.ScopeManagement)
	r := newReceiver(t, 0)
	e.subscribe(t, "acme", r)
	base := fmt.Sprintf(tplPath, "acme")

	if res := e.do(t, "POST", base, key, tplBody("promo_alert", "en_US", "UTILITY", "Big sale: 50% off everything, shop now before the offer ends!")); res.status != 200 {
		t.Fatalf("create: %d %s", res.status, res.body)
	}
	waitFor(t, "the classifier's decision", settle, func() bool {
		return e.template(t, "acme", "promo_alert", "en_US").Status != template.StatusPending
	})
	full := decode[fullTemplate](t, e.do(t, "GET", base+"/acme_promo_alert_en_US", key, ""))
	if full.Status != "APPROVED" || full.Category != "MARKETING" || full.CorrectCategory == nil || *full.CorrectCategory != "MARKETING" {
		t.Fatalf("a promotional UTILITY template is approved as MARKETING: %+v", full)
	}
	waitFor(t, "two webhook deliveries", settle, func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return len(r.bodies) == 2
	})
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.badSigns != 0 {
		t.Fatalf("%d deliveries failed signature verification", r.badSigns)
	}
	fields := map[string]map[string]any{}
	for _, b := range r.bodies {
		var env struct {
			Object string
			Entry  []struct {
				ID      string
				Time    int64
				Changes []struct {
					Field string
					Value map[string]any
				}
			}
		}
		if err := json.Unmarshal(b, &env); err != nil || env.Object != webhook.Object || len(env.Entry) != 1 ||
			env.Entry[0].ID != "acme" || env.Entry[0].Time == 0 || len(env.Entry[0].Changes) != 1 {
			t.Fatalf("payload %s", b)
		}
		c := env.Entry[0].Changes[0]
		fields[c.Field] = c.Value
	}
	st := fields[webhook.FieldStatusUpdate]
	if st["event"] != "APPROVED" || st["message_template_id"] != "acme_promo_alert_en_US" || st["message_template_name"] != "promo_alert" ||
		st["message_template_language"] != "en_US" || st["message_template_category"] != "MARKETING" {
		t.Fatalf("status update %v", st)
	}
	// The completed form only: correct_category would make a receiver read
	// it as a change still to come.
	if cu := fields[webhook.FieldCategoryUpdate]; cu == nil || cu["previous_category"] != "UTILITY" || cu["new_category"] != "MARKETING" {
		t.Fatalf("category update %v", cu)
	} else if _, impending := cu["correct_category"]; impending {
		t.Fatalf("category update in the impending form: %v", cu)
	}

	rec, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionGetReview, ZBAID: "acme", TemplateID: "acme_promo_alert_en_US"})
	if err != nil || rec.Review == nil || rec.Review.ClassifierVersion == "" || len(rec.Review.Signals) < 3 || rec.Review.DecidedAt == nil {
		t.Fatalf("operators read the decision's signals: %+v %v", rec.Review, err)
	}
}

func TestWebhookRetriesKeepTheID(t *testing.T) {
	e := reviewEnv(t)
	key := e.mint(t, "acme", auth.ScopeManagement)
	r := newReceiver(t, 2)
	e.subscribe(t, "acme", r)
	if res := e.do(t, "POST", fmt.Sprintf(tplPath, "acme"), key, tplBody("shipped", "en", "UTILITY", "Your order has shipped and will arrive tomorrow.")); res.status != 200 {
		t.Fatalf("create: %d %s", res.status, res.body)
	}
	waitFor(t, "delivery after two failures", settle, func() bool {
		r.mu.Lock()
		defer r.mu.Unlock()
		return len(r.bodies) == 1
	})
	r.mu.Lock()
	ids := append([]string(nil), r.ids...)
	r.mu.Unlock()
	if len(ids) != 3 || ids[0] == "" || ids[0] != ids[1] || ids[1] != ids[2] {
		t.Fatalf("three attempts with one webhook-id, got %v", ids)
	}
	// The receiver has the third body before the consumer records the
	// attempt it answered, so wait for the record rather than read it once.
	var res admin.Result
	waitFor(t, "the third attempt recorded", settle, func() bool {
		got, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionListAttempts, ZBAID: "acme", EventID: ids[0]})
		if err != nil {
			t.Fatal(err)
		}
		res = got
		return len(res.Attempts) == 3
	})
	if res.Attempts[0].StatusCode != 503 || res.Attempts[2].StatusCode != 204 {
		t.Fatalf("attempts %+v", res.Attempts)
	}
}

// TestWebhookRetryAfterWaitsAtLeast: a receiver's Retry-After is the least
// it wants waited, end to end through the webhook queue. A receiver
// answering every attempt 503 with Retry-After: 1 gets its attempts no
// sooner than the schedule's waits (2 s here), not a second apart, and the
// event is dead-lettered only once the schedule is spent; one asking for
// 2 s on a 100 ms schedule gets 2 s between attempts, then the event.
func TestWebhookRetryAfterWaitsAtLeast(t *testing.T) {
	cases := []struct {
		name       string
		wait       time.Duration // the schedule's, before each retry
		failures   int           // -1: every attempt
		retryAfter string
		gap        time.Duration // the least time between two attempts
	}{
		{"Retry-After: 1 keeps the schedule's longer wait", 2 * time.Second, -1, "1", 2 * time.Second},
		{"Retry-After: 2 lengthens a shorter one", 100 * time.Millisecond, 2, "2", 2 * time.Second},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := consumersEnv(t, "ra-", func(o *devstack.Options) {
				o.WebhookDelay = func(n int) (time.Duration, bool) { return tc.wait, n <= 3 }
			})
			key := e.mint(t, "acme", auth.ScopeManagement)
			r := newReceiver(t, tc.failures)
			r.retryAfter = tc.retryAfter
			e.subscribe(t, "acme", r)
			if res := e.do(t, "POST", fmt.Sprintf(tplPath, "acme"), key, tplBody("shipped", "en", "UTILITY",
				"Your order has shipped and will arrive tomorrow.")); res.status != 200 {
				t.Fatalf("create: %d %s", res.status, res.body)
			}
			waitFor(t, "the event delivered or dead-lettered", settle, func() bool {
				r.mu.Lock()
				delivered := len(r.bodies) == 1
				r.mu.Unlock()
				return delivered || (e.queueEmpty(t, routes.ClassifierQueue.Name) && e.queueEmpty(t, routes.WebhookQueue.Name) &&
					!e.queueEmpty(t, routes.WebhookQueue.DLQName()))
			})
			r.mu.Lock()
			times, delivered := append([]time.Time(nil), r.times...), len(r.bodies)
			r.mu.Unlock()
			if len(times) != 3 || (tc.failures < 0) == (delivered == 1) {
				t.Fatalf("%d attempts, %d delivered; want 3 attempts, the event delivered only when the receiver takes it", len(times), delivered)
			}
			for i := 1; i < len(times); i++ {
				if gap := times[i].Sub(times[i-1]); gap < tc.gap {
					t.Errorf("attempt %d came %s after attempt %d, want at least %s", i+1, gap.Round(time.Millisecond), i, tc.gap)
				}
			}
		})
	}
}

func TestWebhookDeadLetter(t *testing.T) {
	e := reviewEnv(t)
	key := e.mint(t, "acme", auth.ScopeManagement)
	r := newReceiver(t, -1)
	e.subscribe(t, "acme", r)
	if res := e.do(t, "POST", fmt.Sprintf(tplPath, "acme"), key, tplBody("doomed", "en", "UTILITY", "Your order has shipped and will arrive tomorrow.")); res.status != 200 {
		t.Fatalf("create: %d %s", res.status, res.body)
	}
	cfg, _ := awsConfig()
	client := sqsqueue.NewClient(cfg, sqsEndpoint)
	var dead []string
	waitFor(t, "the event in the dead-letter queue", settle, func() bool {
		out, err := client.ReceiveMessage(context.Background(), &sqs.ReceiveMessageInput{
			QueueUrl: aws.String(e.stack.QueueURLs[routes.WebhookQueue.DLQName()]), MaxNumberOfMessages: 10})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range out.Messages {
			dead = append(dead, aws.ToString(m.Body))
		}
		return len(dead) > 0
	})
	var job struct {
		Event   struct{ ID string }
		Attempt int
	}
	if err := json.Unmarshal([]byte(dead[0]), &job); err != nil || job.Attempt != 4 {
		t.Fatalf("dead letter %s", dead[0])
	}
	res, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionListAttempts, ZBAID: "acme", EventID: job.Event.ID})
	if err != nil || len(res.Attempts) != 4 {
		t.Fatalf("every attempt recorded: %+v %v", res.Attempts, err)
	}
	for i, a := range res.Attempts {
		if a.Attempt != i+1 || a.StatusCode != 503 || a.At.IsZero() {
			t.Errorf("attempt %d: %+v", i+1, a)
		}
	}
}

// TestWebhookGone: a receiver answering 410 Gone ends the subscription, and
// the event is not retried.
func TestWebhookGone(t *testing.T) {
	e := reviewEnv(t)
	key := e.mint(t, "acme", auth.ScopeManagement)
	r := newReceiver(t, -1)
	r.failWith = http.StatusGone
	e.subscribe(t, "acme", r)
	if res := e.do(t, "POST", fmt.Sprintf(tplPath, "acme"), key, tplBody("gone", "en", "UTILITY", "Your order has shipped and will arrive tomorrow.")); res.status != 200 {
		t.Fatalf("create: %d %s", res.status, res.body)
	}
	waitFor(t, "the subscription to end", settle, func() bool {
		z, err := e.stack.Deps.Store.GetZBA(context.Background(), "acme")
		return err == nil && z.WebhookURL == ""
	})
	// Once the classifier's queue is empty every event is on the webhook
	// queue; once that is empty too, in flight and delayed included, no
	// delivery is pending, so a retry would have shown up by then.
	waitFor(t, "the queues to drain", settle, func() bool {
		return e.queueEmpty(t, routes.ClassifierQueue.Name) && e.queueEmpty(t, routes.WebhookQueue.Name)
	})
	if !e.queueEmpty(t, routes.WebhookQueue.DLQName()) {
		t.Error("a job of a gone endpoint went to the dead-letter queue")
	}
	r.mu.Lock()
	calls, ids := r.calls, append([]string(nil), r.ids...)
	r.mu.Unlock()
	if calls != 1 {
		t.Fatalf("%d deliveries after a 410, want 1", calls)
	}
	res, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionListAttempts, ZBAID: "acme", EventID: ids[0]})
	if err != nil || len(res.Attempts) != 1 || res.Attempts[0].StatusCode != http.StatusGone {
		t.Fatalf("one attempt recorded, the 410: %+v %v", res.Attempts, err)
	}
}

// TestReviewIsIdempotent runs the classifier's handler directly on queue
// messages: a redelivery changes nothing, a message about an edited
// version is skipped, a batch with one poisoned record fails that record
// only, and a store outage is retried rather than lost.
func TestReviewIsIdempotent(t *testing.T) {
	e := newEnv(t, 0)
	ctx := context.Background()
	svc := e.stack.Deps.Templates()
	tpl, err := svc.Create(ctx, "acme", []byte(tplBody("notice", "en", "UTILITY", "Your appointment is confirmed for Monday.")))
	if err != nil {
		t.Fatal(err)
	}
	e.reviews(t) // drain what create queued; the messages are replayed by hand below
	h, err := e.stack.Deps.Consumer(routes.Classifier)
	if err != nil {
		t.Fatal(err)
	}
	msg := func(id string, v int) events.SQSMessage {
		b, _ := json.Marshal(template.Review{ZBAID: "acme", Name: "notice", Language: "en", Version: v})
		return events.SQSMessage{MessageId: id, Body: string(b)}
	}
	batch := func(ms ...events.SQSMessage) []string {
		resp, err := h(ctx, events.SQSEvent{Records: ms})
		if err != nil {
			t.Fatal(err)
		}
		var failed []string
		for _, f := range resp.BatchItemFailures {
			failed = append(failed, f.ItemIdentifier)
		}
		return failed
	}

	t.Run("edit racing a queued review", func(t *testing.T) {
		if _, err := svc.Edit(ctx, "acme", tpl.ID(), []byte(tplBody("notice", "en", "UTILITY", "Your appointment moved to Tuesday."))); err != nil {
			t.Fatal(err)
		}
		if failed := batch(msg("m1", 1)); len(failed) != 0 {
			t.Fatalf("failed %v", failed)
		}
		if got := e.template(t, "acme", "notice", "en"); got.Status != template.StatusPending || got.Version != 2 {
			t.Fatalf("a review of version 1 must not decide version 2: %+v", got)
		}
	})
	t.Run("poisoned record", func(t *testing.T) {
		poison := events.SQSMessage{MessageId: "bad", Body: "{not json"}
		if failed := batch(poison, msg("m2", 2)); len(failed) != 1 || failed[0] != "bad" {
			t.Fatalf("failed %v, want only the poisoned record", failed)
		}
		if got := e.template(t, "acme", "notice", "en"); got.Status != template.StatusApproved || got.Decision == nil {
			t.Fatalf("the good record was decided: %+v", got)
		}
	})
	t.Run("redelivery changes nothing", func(t *testing.T) {
		before := e.template(t, "acme", "notice", "en")
		e.drainWebhooks(t)
		if failed := batch(msg("m2", 2)); len(failed) != 0 {
			t.Fatalf("failed %v", failed)
		}
		after := e.template(t, "acme", "notice", "en")
		if after.UpdatedAt != before.UpdatedAt || after.Decision.DecidedAt != before.Decision.DecidedAt || after.Status != before.Status {
			t.Fatalf("a redelivered message changed the template: %+v -> %+v", before, after)
		}
		if n := e.drainWebhooks(t); n != 0 {
			t.Fatalf("a redelivered message published %d events again", n)
		}
	})
	t.Run("edit landing between the read and the decision", func(t *testing.T) {
		if _, err := svc.Edit(ctx, "acme", tpl.ID(), []byte(tplBody("notice", "en", "UTILITY", "Your appointment moved to Wednesday."))); err != nil {
			t.Fatal(err)
		}
		e.drainWebhooks(t)
		racing := review.Service{Store: editsBeforeDeciding{Store: e.stack.Deps.Store, edit: func() {
			if _, err := svc.Edit(ctx, "acme", tpl.ID(), []byte(tplBody("notice", "en", "UTILITY", "Your appointment moved to Thursday."))); err != nil {
				t.Fatal(err)
			}
		}}, Events: e.eventsQueue(t), Now: time.Now, Log: quietLog()}
		body, _ := json.Marshal(template.Review{ZBAID: "acme", Name: "notice", Language: "en", Version: 3})
		if err := racing.Handle(ctx, body); err != nil {
			t.Fatal(err)
		}
		if got := e.template(t, "acme", "notice", "en"); got.Status != template.StatusPending || got.Version != 4 {
			t.Fatalf("version 4 must stay pending: %+v", got)
		}
		if n := e.drainWebhooks(t); n != 0 {
			t.Fatalf("%d events announced a decision about text since edited", n)
		}
	})
	t.Run("death between the decision and its events", func(t *testing.T) {
		cfg, _ := awsConfig()
		deadQueue := delivery.Queue{Publisher: sqsqueue.NewPublisher(sqsqueue.NewClient(cfg, sqsEndpoint), sqsEndpoint+"/000000000000/no-such-queue")}
		dying := review.Service{Store: e.stack.Deps.Store, Events: deadQueue, Now: time.Now, Log: quietLog()}
		body, _ := json.Marshal(template.Review{ZBAID: "acme", Name: "notice", Language: "en", Version: 4})
		if err := dying.Handle(ctx, body); err == nil {
			t.Fatal("queueing the events failed: the record must fail, so the message is redelivered")
		}
		if got := e.template(t, "acme", "notice", "en"); got.Status != template.StatusApproved || !got.Decision.EventsPending {
			t.Fatalf("decided, events pending: %+v", got.Decision)
		}
		if failed := batch(msg("m4", 4)); len(failed) != 0 {
			t.Fatalf("failed %v", failed)
		}
		// An edited version's decision: its components update and its
		// status update.
		if n := e.drainWebhooks(t); n != 2 {
			t.Fatalf("the redelivery queues the decision's events: %d", n)
		}
		if failed := batch(msg("m4", 4)); len(failed) != 0 || e.drainWebhooks(t) != 0 {
			t.Fatalf("once queued, a further redelivery changes nothing: %v", failed)
		}
	})
	t.Run("store outage is retried, not lost", func(t *testing.T) {
		if _, err := svc.Edit(ctx, "acme", tpl.ID(), []byte(tplBody("notice", "en", "UTILITY", "Your appointment moved to Friday."))); err != nil {
			t.Fatal(err)
		}
		cfg, _ := awsConfig()
		down := storeAt(t, cfg, "http://127.0.0.1:1", e)
		broken := review.Service{Store: down, Events: e.eventsQueue(t), Now: time.Now, Log: quietLog()}
		body, _ := json.Marshal(template.Review{ZBAID: "acme", Name: "notice", Language: "en", Version: 5})
		if err := broken.Handle(ctx, body); err == nil {
			t.Fatal("an unreachable store must fail the record, so the queue redelivers it")
		}
		if failed := batch(msg("m5", 5)); len(failed) != 0 {
			t.Fatalf("failed %v", failed)
		}
		if got := e.template(t, "acme", "notice", "en"); got.Status != template.StatusApproved || got.Version != 5 {
			t.Fatalf("redelivered after the outage: %+v", got)
		}
	})
}

// drainWebhooks empties the webhook queue and returns how many messages it held.
func (e *env) drainWebhooks(t *testing.T) int {
	t.Helper()
	cfg, _ := awsConfig()
	client := sqsqueue.NewClient(cfg, sqsEndpoint)
	url := aws.String(e.stack.QueueURLs[routes.WebhookQueue.Name])
	n := 0
	for {
		out, err := client.ReceiveMessage(context.Background(), &sqs.ReceiveMessageInput{QueueUrl: url, MaxNumberOfMessages: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Messages) == 0 {
			return n
		}
		for _, m := range out.Messages {
			n++
			_, _ = client.DeleteMessage(context.Background(), &sqs.DeleteMessageInput{QueueUrl: url, ReceiptHandle: m.ReceiptHandle})
		}
	}
}

func (e *env) eventsQueue(t *testing.T) delivery.Queue {
	t.Helper()
	return delivery.Queue{Publisher: e.stack.Deps.Queues[routes.WebhookQueue.Name]}
}

// storeAt is the stack's store, but reached at another endpoint
// (an unreachable one, to play a store outage) with a single try per call.
func storeAt(t *testing.T, cfg aws.Config, endpoint string, e *env) *composite.Store {
	t.Helper()
	cfg.RetryMaxAttempts = 1
	return composite.New(dynamo.NewClient(cfg, endpoint), e.stack.Deps.Config.TableName)
}

// editsBeforeDeciding is the real store with an edit slipped in between the
// classifier's read and its decision's write: the window a concurrent edit
// can hit.
type editsBeforeDeciding struct {
	*composite.Store
	edit func()
}

func (s editsBeforeDeciding) RecordDecision(ctx context.Context, t template.Template, d classify.Decision, at time.Time) error {
	s.edit()
	return s.Store.RecordDecision(ctx, t, d, at)
}
