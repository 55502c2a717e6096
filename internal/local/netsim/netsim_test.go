package netsim_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"svc/internal/feature/message"
	"svc/internal/local/netsim"
)

func body(to, typ string) []byte {
	return fmt.Appendf(nil, `{"messaging_product":"whatsapp","to":%q,"type":%q,"text":{"body":"hi"}}`, to, typ)
}

func out(sender, to string) message.Outbound {
	return message.Outbound{PhoneNumberID: sender, Origination: "phone-number-id-" + sender, Body: body(to, "text")}
}

// fixedClock is a clock a test moves by hand.
type fixedClock struct{ t time.Time }

func (c *fixedClock) now() time.Time { return c.t }

func TestSendChecksTheMessageAsTheNetworkWould(t *testing.T) {
	cases := []struct {
		name     string
		m        message.Outbound
		wantCode int // 0: accepted
	}{
		{"text message", out("111", "15550001111"), 0},
		{"not JSON", message.Outbound{PhoneNumberID: "111", Origination: "o", Body: []byte("hello")}, netsim.CodeInvalidParameter},
		{"JSON but not an object", message.Outbound{PhoneNumberID: "111", Origination: "o", Body: []byte(`["to"]`)}, netsim.CodeInvalidParameter},
		{"no to", message.Outbound{PhoneNumberID: "111", Origination: "o", Body: []byte(`{"type":"text"}`)}, netsim.CodeMissingParameter},
		{"empty to", message.Outbound{PhoneNumberID: "111", Origination: "o", Body: body("", "text")}, netsim.CodeMissingParameter},
		{"no type", message.Outbound{PhoneNumberID: "111", Origination: "o", Body: []byte(`{"to":"15550001111"}`)}, netsim.CodeMissingParameter},
		{"to is not a string", message.Outbound{PhoneNumberID: "111", Origination: "o", Body: []byte(`{"to":1555,"type":"text"}`)}, netsim.CodeInvalidParameter},
		{"an image", message.Outbound{PhoneNumberID: "111", Origination: "o", Body: []byte(`{"to":"15550001111","type":"image","image":{"id":"1"}}`)}, 0},
		{"no object of its type", message.Outbound{PhoneNumberID: "111", Origination: "o", Body: []byte(`{"to":"15550001111","type":"image","text":{"body":"x"}}`)}, netsim.CodeMissingParameter},
		{"a read receipt", message.Outbound{PhoneNumberID: "111", Origination: "o", Body: []byte(`{"messaging_product":"whatsapp","status":"read","message_id":"wamid.x","typing_indicator":{"type":"text"}}`)}, 0},
		{"a receipt of another status", message.Outbound{PhoneNumberID: "111", Origination: "o", Body: []byte(`{"status":"delivered","message_id":"wamid.x"}`)}, netsim.CodeInvalidParameter},
		{"a receipt without message_id", message.Outbound{PhoneNumberID: "111", Origination: "o", Body: []byte(`{"status":"read"}`)}, netsim.CodeMissingParameter},
		{"a receipt of a message never received", message.Outbound{PhoneNumberID: "111", Origination: "o", Body: []byte(`{"messaging_product":"whatsapp","status":"read","message_id":"wamid.never"}`)}, netsim.CodeInvalidParameter},
		{"a receipt of another sender's message", message.Outbound{PhoneNumberID: "222", Origination: "o", Body: []byte(`{"messaging_product":"whatsapp","status":"read","message_id":"wamid.x"}`)}, netsim.CodeInvalidParameter},
		{"its type's object null", message.Outbound{PhoneNumberID: "111", Origination: "o", Body: []byte(`{"to":"15550001111","type":"reaction","reaction":null}`)}, netsim.CodeMissingParameter},
		{"no origination", message.Outbound{PhoneNumberID: "111", Body: body("15550001111", "text")}, netsim.CodeSenderNotRegistered},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sim := netsim.New(netsim.Options{})
			sim.Received("111", "wamid.x") // a user's message to 111
			id, err := sim.Send(context.Background(), tc.m)
			if tc.wantCode == 0 {
				receipt := strings.Contains(string(tc.m.Body), `"status"`)
				if err != nil || !receipt && !strings.HasPrefix(id, "wamid.") || receipt && id != "" {
					t.Fatalf("Send = %q, %v; want a wamid. id (none for a receipt)", id, err)
				}
				if got := sim.Sent(); len(got) != 1 || got[0].NetworkID != id || receipt != (got[0].Type == netsim.TypeReadReceipt) {
					t.Fatalf("kept %+v, want the one accepted message", got)
				}
				return
			}
			var ne *message.NetworkError
			if !errors.As(err, &ne) || !ne.Permanent || ne.Code != tc.wantCode || ne.Title == "" || ne.Details == "" {
				t.Fatalf("Send error %#v, want permanent NetworkError %d", err, tc.wantCode)
			}
			if id != "" || len(sim.Sent()) != 0 {
				t.Fatalf("refused message got id %q or was kept: %+v", id, sim.Sent())
			}
		})
	}
}

func TestSendKeepsEveryAcceptedMessageInOrder(t *testing.T) {
	clock := &fixedClock{t: time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC)}
	sim := netsim.New(netsim.Options{Now: clock.now})
	msgs := []message.Outbound{out("111", "15550000001"), out("222", "15550000002"), out("111", "15550000003")}
	var ids []string
	for i, m := range msgs {
		clock.t = clock.t.Add(time.Second)
		id, err := sim.Send(context.Background(), m)
		if err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
		ids = append(ids, id)
	}
	sent := sim.Sent()
	if len(sent) != len(msgs) {
		t.Fatalf("kept %d messages, want %d", len(sent), len(msgs))
	}
	for i, s := range sent {
		m := msgs[i]
		want := netsim.Sent{NetworkID: ids[i], PhoneNumberID: m.PhoneNumberID, Origination: m.Origination,
			To: fmt.Sprintf("1555000000%d", i+1), Type: "text", Body: m.Body,
			At: time.Date(2026, 11, 23, 10, 0, i+1, 0, time.UTC), Seq: uint64(i + 1)}
		if !reflect.DeepEqual(s, want) {
			t.Errorf("message %d kept as %+v, want %+v", i, s, want)
		}
	}
	from := sim.SentFrom("111")
	if len(from) != 2 || from[0].NetworkID != ids[0] || from[1].NetworkID != ids[2] {
		t.Errorf("SentFrom(111) = %+v, want messages 1 and 3", from)
	}
	if got := sim.SentFrom("333"); len(got) != 0 {
		t.Errorf("SentFrom(333) = %+v, want none", got)
	}
	if s, ok := sim.Find(ids[1]); !ok || s.To != "15550000002" {
		t.Errorf("Find(%s) = %+v, %v", ids[1], s, ok)
	}
	if _, ok := sim.Find("wamid.unknown"); ok {
		t.Error("found a message never sent")
	}
}

func TestKeptMessagesAreCopies(t *testing.T) {
	sim := netsim.New(netsim.Options{})
	m := out("111", "15550001111")
	if _, err := sim.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	want := string(m.Body)
	m.Body[0] = 'X'             // the sender reuses its buffer
	sim.Sent()[0].Body[1] = 'Y' // a reader scribbles on its list
	if got := string(sim.Sent()[0].Body); got != want {
		t.Fatalf("kept body changed to %s, want %s", got, want)
	}
}

func TestCapacityDropsTheOldestFirst(t *testing.T) {
	cases := []struct {
		capacity, sends int
		wantFirst       uint64 // Seq of the oldest kept
	}{
		{capacity: 3, sends: 2, wantFirst: 1},
		{capacity: 3, sends: 3, wantFirst: 1},
		{capacity: 3, sends: 4, wantFirst: 2},
		{capacity: 3, sends: 10, wantFirst: 8},
		{capacity: 1, sends: 5, wantFirst: 5},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("cap %d, %d sends", tc.capacity, tc.sends), func(t *testing.T) {
			sim := netsim.New(netsim.Options{Capacity: tc.capacity})
			for i := range tc.sends {
				if _, err := sim.Send(context.Background(), out("111", fmt.Sprint(15550000000+i))); err != nil {
					t.Fatal(err)
				}
			}
			sent := sim.Sent()
			if want := min(tc.capacity, tc.sends); len(sent) != want {
				t.Fatalf("kept %d, want %d", len(sent), want)
			}
			for i, s := range sent {
				if s.Seq != tc.wantFirst+uint64(i) {
					t.Fatalf("kept %d is message %d, want %d (oldest first, in order)", i, s.Seq, tc.wantFirst+uint64(i))
				}
			}
		})
	}
}

func TestScriptedRecipients(t *testing.T) {
	const scripted, other = "15550009999", "15550001111"
	type outcome int
	const (
		accepted outcome = iota
		refused
		transient
	)
	cases := []struct {
		name   string
		script netsim.Script
		sends  []outcome // to the scripted number, in turn
	}{
		{"default accepts", netsim.Script{}, []outcome{accepted, accepted}},
		{"refuse", netsim.Script{Refuse: true}, []outcome{refused, refused, refused}},
		{"fail twice", netsim.Script{FailTimes: 2}, []outcome{transient, transient, accepted, accepted}},
		{"refusal wins over failures", netsim.Script{Refuse: true, FailTimes: 1}, []outcome{refused, refused}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sim := netsim.New(netsim.Options{})
			sim.Script(scripted, tc.script)
			wantKept := 0
			for i, want := range tc.sends {
				id, err := sim.Send(context.Background(), out("111", scripted))
				var ne *message.NetworkError
				switch want {
				case accepted:
					wantKept++
					if err != nil || id == "" {
						t.Fatalf("send %d = %q, %v; want accepted", i, id, err)
					}
				case refused:
					if !errors.As(err, &ne) || !ne.Permanent || ne.Code != netsim.CodeUndeliverable {
						t.Fatalf("send %d error %v, want permanent 131026", i, err)
					}
					if strings.Contains(ne.Details, scripted) {
						t.Errorf("details %q hold the whole number", ne.Details)
					}
				case transient:
					if err == nil || errors.As(err, &ne) {
						t.Fatalf("send %d error %v, want a plain error", i, err)
					}
				}
				// Other recipients are untouched by the script.
				if _, err := sim.Send(context.Background(), out("111", other)); err != nil {
					t.Fatalf("send to an unscripted number: %v", err)
				}
				wantKept++
			}
			if got := len(sim.Sent()); got != wantKept {
				t.Errorf("kept %d, want %d (refusals and failures are not kept)", got, wantKept)
			}
			sim.Script(scripted, netsim.Script{})
			if _, err := sim.Send(context.Background(), out("111", scripted)); err != nil {
				t.Errorf("after the zero Script: %v, want accepted", err)
			}
		})
	}
}

func TestObserverIsToldOfEachAcceptedMessage(t *testing.T) {
	var mu sync.Mutex
	var told []netsim.Sent
	var timings []netsim.Timing
	timing := netsim.Timing{Sent: time.Millisecond, Delivered: 2 * time.Millisecond, Read: 3 * time.Millisecond}
	var sim *netsim.Simulator
	sim = netsim.New(netsim.Options{Timing: timing, Observer: func(s netsim.Sent, tm netsim.Timing) {
		// The message is already kept, and the simulator may be called.
		if _, ok := sim.Find(s.NetworkID); !ok {
			t.Errorf("observer told of %s before it was kept", s.NetworkID)
		}
		mu.Lock()
		defer mu.Unlock()
		told = append(told, s)
		timings = append(timings, tm)
	}})
	sim.Script("15550009999", netsim.Script{Refuse: true})
	id, err := sim.Send(context.Background(), out("111", "15550001111"))
	if err != nil {
		t.Fatal(err)
	}
	_, _ = sim.Send(context.Background(), out("111", "15550009999"))
	if len(told) != 1 || told[0].NetworkID != id || timings[0] != timing {
		t.Fatalf("observer told %+v with %+v, want only %s with %+v", told, timings, id, timing)
	}
	if netsim.New(netsim.Options{}).Timing() != netsim.DefaultTiming {
		t.Error("zero Timing is not DefaultTiming")
	}
}

func TestSendIsSafeForConcurrentUseAndIDsAreUnique(t *testing.T) {
	sim := netsim.New(netsim.Options{})
	sim.Script("15550009999", netsim.Script{FailTimes: 50})
	const senders, each = 8, 100
	var wg sync.WaitGroup
	ids := make(chan string, senders*each)
	failures := make(chan error, senders*each)
	for g := range senders {
		wg.Go(func() {
			for i := range each {
				to := fmt.Sprint(15550000000 + i)
				if i%2 == 0 {
					to = "15550009999"
				}
				id, err := sim.Send(context.Background(), out(fmt.Sprint(g), to))
				if err != nil {
					failures <- err
					continue
				}
				ids <- id
			}
		})
	}
	wg.Wait()
	close(ids)
	close(failures)
	if len(failures) != 50 {
		t.Errorf("%d scripted failures happened, want exactly 50", len(failures))
	}
	seen := map[string]bool{}
	for id := range ids {
		if seen[id] {
			t.Fatalf("id %s given twice", id)
		}
		seen[id] = true
	}
	sent := sim.Sent()
	if len(sent) != senders*each-50 || len(seen) != len(sent) {
		t.Fatalf("kept %d, accepted %d, want %d", len(sent), len(seen), senders*each-50)
	}
	for i, s := range sent {
		if s.Seq != uint64(i+1) {
			t.Fatalf("kept %d has Seq %d: not in order", i, s.Seq)
		}
	}
	for g := range senders {
		for _, s := range sim.SentFrom(fmt.Sprint(g)) {
			if s.PhoneNumberID != fmt.Sprint(g) {
				t.Fatalf("SentFrom(%d) holds %+v", g, s)
			}
		}
	}
}

func TestIDsDifferAcrossSimulators(t *testing.T) {
	a, _ := netsim.New(netsim.Options{}).Send(context.Background(), out("111", "15550001111"))
	b, _ := netsim.New(netsim.Options{}).Send(context.Background(), out("111", "15550001111"))
	if a == b {
		t.Fatalf("two simulators gave the same first id %s", a)
	}
}

func TestSendHonoursACancelledContext(t *testing.T) {
	sim := netsim.New(netsim.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := sim.Send(ctx, out("111", "15550001111")); !errors.Is(err, context.Canceled) || len(sim.Sent()) != 0 {
		t.Fatalf("Send on a cancelled context = %v, kept %d", err, len(sim.Sent()))
	}
}

func TestParseScripts(t *testing.T) {
	cases := []struct {
		spec    string
		want    map[string]netsim.Script
		wantErr bool
	}{
		{spec: "", want: map[string]netsim.Script{}},
		{spec: "15550001111=refuse", want: map[string]netsim.Script{"15550001111": {Refuse: true}}},
		{spec: " 15550001111 = refuse , 15550002222=fail:3,", want: map[string]netsim.Script{
			"15550001111": {Refuse: true}, "15550002222": {FailTimes: 3}}},
		{spec: "15550001111=fail:2,15550001111=refuse", want: map[string]netsim.Script{"15550001111": {Refuse: true, FailTimes: 2}}},
		{spec: "15550001111", wantErr: true},
		{spec: "15550001111=undeliverable,15550002222=noread", want: map[string]netsim.Script{
			"15550001111": {Undeliverable: true}, "15550002222": {NeverRead: true}}},
		{spec: "15550001111=unread", wantErr: true},
		{spec: "=refuse", wantErr: true},
		{spec: "15550001111=explode", wantErr: true},
		{spec: "15550001111=fail:0", wantErr: true},
		{spec: "15550001111=fail:x", wantErr: true},
	}
	for _, tc := range cases {
		t.Run(tc.spec, func(t *testing.T) {
			got, err := netsim.ParseScripts(tc.spec)
			if tc.wantErr {
				if err == nil || !strings.Contains(err.Error(), netsim.EnvScript) {
					t.Fatalf("ParseScripts(%q) = %v, %v; want an error naming %s", tc.spec, got, err, netsim.EnvScript)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("ParseScripts(%q) = %v, %v; want %v", tc.spec, got, err, tc.want)
			}
		})
	}
}

func TestLogMasksRecipients(t *testing.T) {
	var buf strings.Builder
	sim := netsim.New(netsim.Options{Log: slog.New(slog.NewJSONHandler(&buf, nil))})
	sim.Script("15550009999", netsim.Script{Refuse: true})
	if _, err := sim.Send(context.Background(), out("111", "15550001111")); err != nil {
		t.Fatal(err)
	}
	_, _ = sim.Send(context.Background(), out("111", "15550009999"))
	logged := buf.String()
	if strings.Count(logged, "\n") != 2 || !strings.Contains(logged, "accepted") || !strings.Contains(logged, "refused") {
		t.Fatalf("log %s, want a line per accepted and refused message", logged)
	}
	for _, n := range []string{"15550001111", "15550009999"} {
		if strings.Contains(logged, n) {
			t.Errorf("log holds the number %s: %s", n, logged)
		}
	}
	if got := sim.ScriptOf("15550009999"); !got.Refuse {
		t.Errorf("ScriptOf = %+v, want Refuse", got)
	}
}

// TestReadReceiptsAreKeptWithoutStatuses: a read receipt is kept in order
// with the messages, gets no network id, and its observer is not told (no
// recipient plays statuses for it).
func TestReadReceiptsAreKeptWithoutStatuses(t *testing.T) {
	var told []netsim.Sent
	sim := netsim.New(netsim.Options{Observer: func(s netsim.Sent, _ netsim.Timing) { told = append(told, s) }})
	sim.Received("111", "wamid.in-1")
	receipt := message.Outbound{PhoneNumberID: "111", Origination: "o", Receipt: true,
		Body: []byte(`{"messaging_product":"whatsapp","status":"read","message_id":"wamid.in-1"}`)}
	for _, m := range []message.Outbound{out("111", "15550001111"), receipt} {
		if _, err := sim.Send(context.Background(), m); err != nil {
			t.Fatal(err)
		}
	}
	kept := sim.SentFrom("111")
	if len(kept) != 2 || kept[1].Type != netsim.TypeReadReceipt || kept[1].NetworkID != "" || kept[1].To != "" ||
		string(kept[1].Body) != string(receipt.Body) || kept[1].Seq != 2 {
		t.Fatalf("kept %+v", kept)
	}
	if len(told) != 1 || told[0].Type != "text" {
		t.Fatalf("the observer was told of %+v, want the text only", told)
	}
}

// TestReceiptsNameReceivedMessages: a read receipt is accepted only for a
// message the simulated network delivered to that sender (Recipients.Write
// records it), as the real network's; the simulator remembers at most its
// capacity of them, the oldest forgotten first.
func TestReceiptsNameReceivedMessages(t *testing.T) {
	sim := netsim.New(netsim.Options{Capacity: 2})
	r := &netsim.Recipients{Sim: sim}
	r.Start(func(context.Context, []byte) error { return nil })
	receipt := func(sender, id string) error {
		_, err := sim.Send(context.Background(), message.Outbound{PhoneNumberID: sender, Origination: "o", Receipt: true,
			Body: []byte(`{"messaging_product":"whatsapp","status":"read","message_id":"` + id + `"}`)})
		return err
	}
	var ids []string
	for range 3 {
		body, err := r.Write(context.Background(), "pn-1", "4915112345678", "", "hi")
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, regexp.MustCompile(`wamid\.sim-in-[0-9]+-[0-9]+`).FindString(string(body)))
	}
	for _, c := range []struct {
		sender, id string
		ok         bool
	}{{"pn-1", ids[2], true}, {"pn-1", ids[1], true}, {"pn-1", ids[0], false}, {"pn-2", ids[2], false}, {"pn-1", "wamid.x", false}} {
		err := receipt(c.sender, c.id)
		var ne *message.NetworkError
		refused := errors.As(err, &ne) && ne.Permanent && ne.Code == netsim.CodeInvalidParameter &&
			ne.Details == "the read receipt's message_id "+c.id+" is not a message this number received"
		if c.ok && err != nil || !c.ok && !refused {
			t.Errorf("a receipt of %s from %s: %v, want accepted %v", c.id, c.sender, err, c.ok)
		}
	}
}
