package dynamo_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"svc/internal/adapter/dynamo"
	"svc/internal/adapter/dynamo/accountstore"
	"svc/internal/adapter/dynamo/idemstore"
	"svc/internal/adapter/dynamo/messagestore"
	"svc/internal/adapter/dynamo/ratestore"
	"svc/internal/adapter/dynamo/templatestore"
	"svc/internal/feature/account"
	"svc/internal/feature/message"
	"svc/internal/feature/template"
	"svc/internal/feature/webhook/delivery"
	"svc/internal/local/memstore"
	"svc/internal/platform/apperr"
	"svc/internal/platform/idempotency"
	"svc/internal/platform/ratelimit"
)

// counting is DynamoDB with a count of the calls made, by operation.
type counting struct {
	dynamo.API
	mu    sync.Mutex
	calls map[string]int
}

func (c *counting) count(op string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.calls[op]++
}

func (c *counting) GetItem(ctx context.Context, in *dynamodb.GetItemInput, o ...func(*dynamodb.Options)) (*dynamodb.GetItemOutput, error) {
	c.count("GetItem")
	return c.API.GetItem(ctx, in, o...)
}

func (c *counting) PutItem(ctx context.Context, in *dynamodb.PutItemInput, o ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error) {
	c.count("PutItem")
	return c.API.PutItem(ctx, in, o...)
}

func (c *counting) UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, o ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	c.count("UpdateItem")
	return c.API.UpdateItem(ctx, in, o...)
}

func (c *counting) DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, o ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error) {
	c.count("DeleteItem")
	return c.API.DeleteItem(ctx, in, o...)
}

func (c *counting) Query(ctx context.Context, in *dynamodb.QueryInput, o ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	c.count("Query")
	return c.API.Query(ctx, in, o...)
}

func (c *counting) TransactWriteItems(ctx context.Context, in *dynamodb.TransactWriteItemsInput, o ...func(*dynamodb.Options)) (*dynamodb.TransactWriteItemsOutput, error) {
	c.count("TransactWriteItems")
	return c.API.TransactWriteItems(ctx, in, o...)
}

func (c *counting) TransactGetItems(ctx context.Context, in *dynamodb.TransactGetItemsInput, o ...func(*dynamodb.Options)) (*dynamodb.TransactGetItemsOutput, error) {
	c.count("TransactGetItems")
	return c.API.TransactGetItems(ctx, in, o...)
}

// TestSendCalls counts what an accepted send costs the store and the
// queue: the idempotency lease (with the header), one read of the sender
// and the template, one transaction (the message, the idempotency
// response, the check that the recipient has not opted out, the marketing
// count) and one queue send; the sender's throughput counter is updated
// once per block of tokens (1, 2, 4, ... sends), not per send. Then one
// claim, one status write and one settle to dispatch it, and what a
// status of the network costs.
func TestSendCalls(t *testing.T) {
	_, name := freshTable(t)
	ctx := t.Context()
	plain := dynamo.NewTable(client, name)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(accountstore.New(plain).CreateZBA(ctx, account.ZBA{ID: "acme", Name: "Acme", CreatedAt: time.Now()}))
	must(accountstore.New(plain).RegisterPhone(ctx, account.Phone{ID: "pn-1", Number: "4915100000001", ZBAID: "acme",
		DisplayNameStatus: account.DisplayNameApproved, CreatedAt: time.Now()}))
	must(templatestore.New(plain).CreateTemplate(ctx, template.Template{ZBAID: "acme", Name: "promo", Language: "en_US", Category: "MARKETING",
		Status: template.StatusApproved, ParameterFormat: template.FormatPositional, Components: []byte(`[{"type":"BODY","text":"Sale: {{1}} off."}]`),
		Version: 1, CreatedAt: time.Now()}, time.Time{}))
	db := &counting{API: client, calls: map[string]int{}}
	tb := dynamo.NewTable(db, name)
	queue := &memstore.Queue{}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	limits := message.DefaultLimits
	limits.MarketingCap = 10
	// A clock that stands still: the sends fall in one throughput window
	// and each block is spent fast enough for the next to double, however
	// slow the machine.
	at := time.Now()
	clock := func() time.Time { return at }
	svc := message.Service{Store: messagestore.New(tb), Queue: queue, Now: clock, Log: log, Limits: limits,
		Rate: ratestore.New(tb), SenderBlocks: ratelimit.NewBlocks(limits.SenderBlock),
		Idempotency: idempotency.Guard{Store: idemstore.New(tb), Now: clock, Lease: 15 * time.Second}}
	body := `{"messaging_product":"svc","to":"4915112345678","type":"template","template":{"name":"promo","language":{"code":"en_US"},` +
		`"components":[{"type":"body","parameters":[{"type":"text","text":"10%"}]}]}}`
	sends := []struct {
		name string
		key  string
		want map[string]int
	}{
		{"first, with Idempotency-Key: lease, block of 1, read, transaction", "k-1",
			map[string]int{"PutItem": 1, "UpdateItem": 1, "TransactGetItems": 1, "TransactWriteItems": 1}},
		{"with Idempotency-Key: lease, block of 2, read, transaction", "k-2",
			map[string]int{"PutItem": 1, "UpdateItem": 1, "TransactGetItems": 1, "TransactWriteItems": 1}},
		{"with Idempotency-Key, a held token: lease, read, transaction", "k-3",
			map[string]int{"PutItem": 1, "TransactGetItems": 1, "TransactWriteItems": 1}},
		{"without the header: block of 4, read, transaction", "", map[string]int{"UpdateItem": 1, "TransactGetItems": 1, "TransactWriteItems": 1}},
		{"without the header, a held token: read, transaction", "", map[string]int{"TransactGetItems": 1, "TransactWriteItems": 1}},
	}
	for i, c := range sends {
		db.calls = map[string]int{}
		out, err := svc.Send(ctx, message.SendInput{ZBAID: "acme", PhoneNumberID: "pn-1", Method: "POST", Path: "/p",
			Body: []byte(body), IdempotencyKey: c.key, HasKey: c.key != ""})
		if err != nil || out.Status != 200 {
			t.Fatalf("%s: %+v %v", c.name, out, err)
		}
		if !sameCounts(db.calls, c.want) || len(queue.Messages()) != i+1 {
			t.Fatalf("%s: made %v and %d queue sends in all, want %v and %d", c.name, db.calls, len(queue.Messages()), c.want, i+1)
		}
		t.Logf("%s: %v, 1 queue send", c.name, db.calls)
	}

	db.calls = map[string]int{}
	j, err := message.DecodeDispatchJob(queue.Take()[0].Body)
	must(err)
	d := message.Dispatcher{Store: messagestore.New(tb), Network: &memstore.Network{}, Now: time.Now, Log: log, Lease: 30 * time.Second,
		Events: delivery.Queue{Publisher: &memstore.Queue{}}}
	must(d.Dispatch(ctx, j.MessageID))
	// The claim, sent (owing its webhook), and the settle once queued.
	if want := map[string]int{"UpdateItem": 3}; !sameCounts(db.calls, want) {
		t.Fatalf("a dispatch made %v, want %v", db.calls, want)
	}

	// A status of the network: the read of the message, the move (owing
	// its webhook), the settle once queued, and for a template's first
	// delivery the last template delivered to the recipient. A repeat
	// reads the message, which shows the status passed, and writes
	// nothing.
	in := message.Inbound{Store: messagestore.New(tb), Events: delivery.Queue{Publisher: &memstore.Queue{}}, Now: time.Now, Log: log}
	status := message.NetworkEvent{PhoneNumberID: "pn-1", Statuses: []message.NetworkStatus{{NetworkID: "wamid.1",
		Status: message.StatusRead, At: time.Now(), RecipientID: "4915112345678", CallbackData: j.MessageID}}}
	for _, want := range []map[string]int{{"GetItem": 1, "UpdateItem": 2, "PutItem": 1}, {"GetItem": 1}} {
		db.calls = map[string]int{}
		must(in.Handle(ctx, status))
		if !sameCounts(db.calls, want) {
			t.Fatalf("a status made %v, want %v", db.calls, want)
		}
	}
}

func sameCounts(got, want map[string]int) bool {
	if len(got) != len(want) {
		return false
	}
	for k, v := range want {
		if got[k] != v {
			return false
		}
	}
	return true
}

// TestFreeFormSendCalls: a send of any free-form type costs the store and
// the queue exactly what a text costs: one read (sender and window), one
// transaction, one throughput token (here one UpdateItem a send, without
// blocks) and one queue send. A mark-as-read costs one read, one token and
// one queue send.
func TestFreeFormSendCalls(t *testing.T) {
	_, name := freshTable(t)
	ctx := t.Context()
	plain := dynamo.NewTable(client, name)
	now := time.Now()
	for _, err := range []error{
		accountstore.New(plain).CreateZBA(ctx, account.ZBA{ID: "acme", Name: "Acme", CreatedAt: now}),
		accountstore.New(plain).RegisterPhone(ctx, account.Phone{ID: "pn-1", Number: "4915100000001", ZBAID: "acme",
			DisplayNameStatus: account.DisplayNameApproved, CreatedAt: now}),
		messagestore.New(plain).OpenWindow(ctx, message.Window{ZBAID: "acme", PhoneNumberID: "pn-1", Recipient: "4915112345678",
			LastInbound: now, Until: now.Add(message.WindowLength)}),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	db := &counting{API: client, calls: map[string]int{}}
	tb := dynamo.NewTable(db, name)
	queue := &memstore.Queue{}
	svc := message.Service{Store: messagestore.New(tb), Queue: queue, Now: time.Now, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Limits: message.DefaultLimits, Rate: ratestore.New(tb)}
	const head = `{"messaging_product":"whatsapp","to":"4915112345678",`
	bodies := map[string]string{
		"text":        head + `"type":"text","text":{"body":"hi"}}`,
		"image":       head + `"type":"image","image":{"link":"https://a.example/i.png","caption":"hi"}}`,
		"location":    head + `"type":"location","location":{"latitude":52.5,"longitude":13.4}}`,
		"contacts":    head + `"type":"contacts","contacts":[{"name":{"formatted_name":"Ann"}}]}`,
		"reaction":    head + `"type":"reaction","reaction":{"message_id":"wamid.x","emoji":"👍"}}`,
		"interactive": head + `"type":"interactive","interactive":{"type":"button","body":{"text":"Pick"},"action":{"buttons":[{"type":"reply","reply":{"id":"y","title":"Yes"}}]}}}`,
	}
	want := map[string]int{"TransactGetItems": 1, "TransactWriteItems": 1, "UpdateItem": 1}
	for typ, body := range bodies {
		db.calls = map[string]int{}
		before := len(queue.Messages())
		out, err := svc.Send(ctx, message.SendInput{ZBAID: "acme", PhoneNumberID: "pn-1", Method: "POST", Path: "/p", Body: []byte(body)})
		if err != nil || out.Status != 200 {
			t.Fatalf("%s: %+v %v", typ, out, err)
		}
		if !sameCounts(db.calls, want) || len(queue.Messages()) != before+1 {
			t.Fatalf("%s: made %v and %d queue sends, want %v and 1", typ, db.calls, len(queue.Messages())-before, want)
		}
	}

	// A reaction to a message by svc's id reads that message (one GetItem)
	// to send the network's id: the only call it adds.
	ref := message.Message{ID: message.NewID(), ZBAID: "acme", PhoneNumberID: "pn-1", To: "4915112345678", Type: message.TypeText,
		Status: message.StatusAccepted, StatusTimes: map[message.Status]time.Time{message.StatusAccepted: now}, CreatedAt: now, UpdatedAt: now}
	plainStore := messagestore.New(plain)
	if err := plainStore.Accept(ctx, message.Acceptance{Message: ref, DispatchDue: now}); err != nil {
		t.Fatal(err)
	}
	if _, err := plainStore.MarkSent(ctx, ref.ID, "wamid.ref", now); err != nil {
		t.Fatal(err)
	}
	db.calls = map[string]int{}
	if out, err := svc.Send(ctx, message.SendInput{ZBAID: "acme", PhoneNumberID: "pn-1", Method: "POST", Path: "/p",
		Body: []byte(head + `"type":"reaction","reaction":{"message_id":"` + ref.ID + `","emoji":"👍"}}`)}); err != nil || out.Status != 200 {
		t.Fatalf("a reaction by svc's id: %+v %v", out, err)
	}
	if want := map[string]int{"GetItem": 1, "TransactGetItems": 1, "TransactWriteItems": 1, "UpdateItem": 1}; !sameCounts(db.calls, want) {
		t.Fatalf("a reaction by svc's id made %v, want %v", db.calls, want)
	}

	// A mark-as-read reads the sender alone, spends a throughput token
	// (here one UpdateItem, without blocks) and queues the receipt: no
	// transaction.
	db.calls = map[string]int{}
	before := len(queue.Messages())
	out, err := svc.Send(ctx, message.SendInput{ZBAID: "acme", PhoneNumberID: "pn-1", Method: "POST", Path: "/p",
		Body: []byte(`{"messaging_product":"whatsapp","status":"read","message_id":"wamid.x"}`)})
	if err != nil || string(out.Body) != `{"success":true}` {
		t.Fatalf("mark as read: %+v %v", out, err)
	}
	if want := map[string]int{"GetItem": 1, "UpdateItem": 1}; !sameCounts(db.calls, want) || len(queue.Messages()) != before+1 {
		t.Fatalf("mark as read: made %v and %d queue sends, want %v and 1", db.calls, len(queue.Messages())-before, want)
	}
}

// TestUnclaimableMessageFails: a message record so close to DynamoDB's
// 400 KB item limit that its claim (two small attributes more) is refused
// as invalid, on DynamoDB Local, is failed by its first dispatch with its
// failed webhook (the failing write drops the network body, so it fits)
// instead of staying accepted and being re-queued by every sweep. The
// send route's caps keep records far from that size; the record here is
// written directly.
func TestUnclaimableMessageFails(t *testing.T) {
	tb, _ := freshTable(t)
	ctx := t.Context()
	st := messagestore.New(tb)
	now := time.Now()
	m := message.Message{ZBAID: "acme", PhoneNumberID: "pn-1", From: "4915100000001", Origination: "pn-1", To: "4915112345678",
		Type: message.TypeText, Content: message.Content{Body: "x"}, Status: message.StatusAccepted,
		StatusTimes: map[message.Status]time.Time{message.StatusAccepted: now}, CreatedAt: now, UpdatedAt: now}
	// The largest body an acceptance stores, to within 8 bytes: the claim
	// adds more than that.
	size := 400 * 1024
	for step := 1024; step >= 8; step /= 2 {
		for {
			m.ID, m.Body = message.NewID(), []byte(strings.Repeat("x", size))
			err := st.Accept(ctx, message.Acceptance{Message: m, DispatchDue: now})
			if err == nil {
				break
			}
			if apperr.From(err).Code != apperr.CodeInvalidParameter {
				t.Fatal(err)
			}
			size -= step
		}
		if step > 8 {
			size += step // refine from just above
		}
	}
	hooks := &memstore.Queue{}
	net := &memstore.Network{}
	d := message.Dispatcher{Store: st, Network: net, Now: time.Now, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Lease: 30 * time.Second, Events: delivery.Queue{Publisher: hooks}}
	if _, err := st.Claim(ctx, m.ID, now, now.Add(time.Second)); apperr.From(err).Code != apperr.CodeInvalidParameter {
		t.Fatalf("a claim of the %d-byte body: %v, want DynamoDB's refusal", size, err)
	}
	if err := d.Dispatch(ctx, m.ID); err != nil {
		t.Fatal(err)
	}
	got, err := st.GetMessage(ctx, m.ID)
	if err != nil || got.Status != message.StatusFailed || got.Failure == nil || got.Failure.Code != 131000 || len(got.Body) != 0 {
		t.Fatalf("after the dispatch: %s %+v %d-byte body %v", got.Status, got.Failure, len(got.Body), err)
	}
	if ids, err := st.DueDispatches(ctx, now.Add(time.Hour), 100); err != nil || slices.Contains(ids, m.ID) {
		t.Fatalf("still armed for dispatch: %v %v", ids, err)
	}
	if len(hooks.Messages()) != 1 || len(net.Sent()) != 0 {
		t.Fatalf("%d webhooks and %d network sends, want 1 and 0", len(hooks.Messages()), len(net.Sent()))
	}
}
