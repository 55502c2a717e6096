package devstack_test

import (
	"context"
	"testing"
	"time"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/ratestore"
	"svc/internal/adapter/sqsqueue"
	"svc/internal/feature/message"
	"svc/internal/platform/idempotency"
	"svc/internal/routes"
)

// TestSendSurvivesALostEnqueue kills the step between storing an accepted
// message and queueing its dispatch (the queue call fails): the send still
// answers 200, since the message is stored; nothing reaches the network
// until the outbound sweeper, once the dispatch is due, queues it; dispatch
// then sends it exactly once, and a later sweep finds nothing.
func TestSendSurvivesALostEnqueue(t *testing.T) {
	e := newSendEnv(t, nil)
	ctx := context.Background()
	cfg, err := awsConfig()
	if err != nil {
		t.Fatal(err)
	}
	sqsClient := sqsqueue.NewClient(cfg, sqsEndpoint)
	tb := dynamo.NewTable(dynamo.NewClient(cfg, ddbEndpoint), e.table)
	now := time.Now()
	broken := message.Service{Store: e.messages, Now: time.Now, Log: quietLog(), Limits: message.DefaultLimits, Rate: ratestore.New(tb),
		Queue:       sqsqueue.NewPublisher(sqsClient, sqsEndpoint+"/000000000000/no-such-queue"),
		Idempotency: idempotency.Guard{Store: e.idem, Now: time.Now, Lease: time.Minute}}
	out, err := broken.Send(ctx, message.SendInput{ZBAID: "acme", PhoneNumberID: e2eSender, Method: "POST",
		Path: "/business/v1.0/" + e2eSender + "/messages", Body: []byte(templateBody("plain", `[]`))})
	if err != nil || out.Status != 200 {
		t.Fatalf("the send succeeds even when queueing fails: %+v %v", out, err)
	}
	id := accepted(t, response{status: 200, body: out.Body, header: map[string][]string{"Content-Type": {"application/json"}}}, true)
	sweeper := message.Sweeper{Store: e.messages, Queue: sqsqueue.NewPublisher(sqsClient, e.stack.QueueURLs[routes.OutboundQueue.Name]),
		Now: func() time.Time { return now }, Log: quietLog()}
	if n, err := sweeper.Sweep(ctx); err != nil || n != 0 {
		t.Fatalf("not due yet: %d %v", n, err)
	}
	if m, _ := e.messages.GetMessage(ctx, id); m.Status != message.StatusAccepted || len(e.stack.Network.Sent()) != 0 {
		t.Fatalf("dispatched without a job: %+v", m)
	}
	sweeper.Now = func() time.Time { return now.Add(message.DispatchGrace + time.Second) }
	if n, err := sweeper.Sweep(ctx); err != nil || n != 1 {
		t.Fatalf("due: queued %d, %v", n, err)
	}
	waitFor(t, "dispatch of the swept message", settle, func() bool {
		m, err := e.messages.GetMessage(ctx, id)
		return err == nil && m.NetworkID != "" // dispatched; the simulated recipient may have moved it on
	})
	if n := len(e.stack.Network.Sent()); n != 1 {
		t.Fatalf("network sends %d, want 1", n)
	}
	sweeper.Now = func() time.Time { return now.Add(time.Hour) }
	if n, err := sweeper.Sweep(ctx); err != nil || n != 0 {
		t.Fatalf("a sent message is swept again: %d %v", n, err)
	}
}
