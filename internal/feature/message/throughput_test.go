package message_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"svc/internal/feature/message"
	"svc/internal/platform/apperr"
	"svc/internal/platform/ratelimit"
)

// TestSenderTokenBound: with throughput tokens reserved in blocks, the
// sender's limit is never exceeded across instances, one warm instance is
// exact, and each further instance refuses at most (block − 1) sends early
// in a window (block = min(SenderBlock, limit/10)).
func TestSenderTokenBound(t *testing.T) {
	cases := []struct {
		limit, maxBlock, instances int
	}{
		{100, message.DefaultLimits.SenderBlock, 1},
		{100, message.DefaultLimits.SenderBlock, 2},
		{100, message.DefaultLimits.SenderBlock, 3},
		{80, message.DefaultLimits.SenderBlock, 4},
		{1000, 32, 3},
		{80, 1, 2}, // one token at a time: exact whatever the instances
	}
	for _, c := range cases {
		t.Run(strconv.Itoa(c.limit)+"/"+strconv.Itoa(c.maxBlock)+"/"+strconv.Itoa(c.instances), func(t *testing.T) {
			w := newWorld(t)
			block := ratelimit.BlockCap(c.maxBlock, c.limit)
			svcs := make([]message.Service, c.instances)
			for i := range svcs {
				svcs[i] = w.svc
				svcs[i].Limits.Sender.Limit = c.limit
				svcs[i].SenderBlocks = ratelimit.NewBlocks(c.maxBlock)
			}
			// Round robin over the instances, well past the limit, all in
			// one second of the driven clock.
			accepted := 0
			for i := range 2 * c.limit {
				_, err := svcs[i%c.instances].Send(context.Background(), message.SendInput{ZBAID: "acme", PhoneNumberID: sender,
					Method: "POST", Path: "/p", Body: []byte(tmpl("plain", `[]`))})
				switch {
				case err == nil:
					accepted++
				case codeOf(err) != apperr.CodeRateLimit:
					t.Fatal(err)
				}
			}
			early := (c.instances - 1) * (block - 1)
			if accepted > c.limit || accepted < c.limit-early {
				t.Fatalf("accepted %d of %d sends, want %d to %d (block %d)", accepted, 2*c.limit, c.limit-early, c.limit, block)
			}
			if n := len(w.queue.Messages()); n != accepted {
				t.Fatalf("queued %d, accepted %d", n, accepted)
			}
			// The next window starts afresh.
			w.clock.Advance(ratelimit.GrowWithin)
			if _, err := svcs[0].Send(context.Background(), message.SendInput{ZBAID: "acme", PhoneNumberID: sender,
				Method: "POST", Path: "/p", Body: []byte(tmpl("plain", `[]`))}); err != nil {
				t.Fatalf("next second: %v", err)
			}
		})
	}
}

// TestRefusedSendsSpendNoThroughput: a send refused by a check made before
// its write (the window, the template) spends none of the sender's
// throughput, so the sends it accepts are not cut short by those it
// refuses.
func TestRefusedSendsSpendNoThroughput(t *testing.T) {
	cases := []struct {
		name    string
		refused string
		code    apperr.Code
		details string
	}{
		{"a text outside the window", text(recipient, "hi"), apperr.CodeReengagement, ""},
		{"an unknown template", tmpl("nope", `[]`), apperr.CodeTemplateMissing, ""},
		{"a template missing its parameter", tmpl("promo", `[]`), apperr.CodeTemplateParamCount, ""},
		{"a message over the network body's cap", overCap(), apperr.CodeInvalidParameter, fmt.Sprintf(
			"The message as the network gets it would be %d bytes, over the limit of 65536; shorten its texts or send fewer contacts.", networkSize(overCap()))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t)
			w.svc.Limits.Sender.Limit = 1
			for range 3 {
				_, err := w.send(t, sender, c.refused)
				if codeOf(err) != c.code || c.details != "" && apperr.From(err).Details != c.details {
					t.Fatalf("refused send: %v, want %d %s", err, c.code, c.details)
				}
			}
			if n := len(w.queue.Messages()); n != 0 {
				t.Fatalf("refused sends queued %d jobs", n)
			}
			if _, err := w.send(t, sender, tmpl("plain", `[]`)); err != nil {
				t.Fatalf("the one send the limit allows: %v", err)
			}
			if _, err := w.send(t, sender, tmpl("plain", `[]`)); codeOf(err) != apperr.CodeRateLimit {
				t.Fatalf("a second send in the second: %v, want 130429", err)
			}
		})
	}
}

// overCap is a contacts message within every limit and within
// MaxRequestBytes whose network body is over MaxNetworkBodyBytes: its
// names are U+2028, three bytes as sent and six as encoding/json writes
// them.
func overCap() string {
	name := `"A` + strings.Repeat("\u2028", message.MaxContactFieldLength-1) + `"` // raw, not as js escapes it
	card := `{"name":{"formatted_name":` + name + `,"first_name":` + name + `,"last_name":` + name + `,"middle_name":` + name +
		`,"suffix":` + name + `,"prefix":` + name + `}}`
	cards := strings.TrimSuffix(strings.Repeat(card+",", 12), ",")
	body := ff("contacts", "["+cards+"]")
	if len(body) > message.MaxRequestBytes || len(body) < message.MaxNetworkBodyBytes/2+1024 {
		panic(fmt.Sprintf("overCap: %d bytes", len(body)))
	}
	return body
}

// networkSize is the size of the network body of a send whose body is
// compact JSON that already holds what the network body holds but for
// biz_opaque_callback_data (the message id, 29 characters) and whose
// strings hold no character plainjson escapes other than U+2028, which it
// writes as six bytes instead of three.
func networkSize(body string) int {
	return len(body) + len(`,"biz_opaque_callback_data":""`) + len("svcmid.") + 22 + 3*strings.Count(body, "\u2028")
}

// racing is a store in which something happens between a send's read and
// its write: an opt-out arrives, or another instance's send counts.
type racing struct {
	message.Store
	between func()
}

func (r *racing) Lookup(ctx context.Context, l message.Lookup) (message.Found, error) {
	f, err := r.Store.Lookup(ctx, l)
	if r.between != nil {
		r.between()
	}
	return f, err
}

// TestMarketingDecidedAtTheWrite: an opt-out or another send that lands
// after a marketing send read what it checks, and before it writes, still
// refuses it: neither is read, both are conditions of the write.
func TestMarketingDecidedAtTheWrite(t *testing.T) {
	ctx := context.Background()
	promo := tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"10%"}]}]`)
	cases := []struct {
		name    string
		between func(w *world)
		want    apperr.Code
	}{
		{"an opt-out", func(w *world) { must(t, w.svc.SetMarketingOptOut(ctx, "acme", recipient, true)) }, apperr.CodeMarketingOptOut},
		{"the cap reached by another instance", func(w *world) {
			other := w.svc
			other.Store = w.store
			_, err := other.Send(ctx, message.SendInput{ZBAID: "acme", PhoneNumberID: sender, Method: "POST", Path: "/p", Body: []byte(promo)})
			must(t, err)
		}, apperr.CodeMarketingLimit},
		{"an opt-out withdrawn", func(w *world) { must(t, w.svc.SetMarketingOptOut(ctx, "acme", recipient, false)) }, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t)
			w.svc.Limits.MarketingCap = 1
			if c.want == 0 {
				must(t, w.svc.SetMarketingOptOut(ctx, "acme", recipient, true))
			}
			r := &racing{Store: w.store}
			r.between = func() { r.between = nil; c.between(w) }
			w.svc.Store = r
			_, err := w.send(t, sender, promo)
			if c.want == 0 {
				if err != nil {
					t.Fatalf("%v, want accepted", err)
				}
				return
			}
			if codeOf(err) != c.want {
				t.Fatalf("%v, want %d", err, c.want)
			}
		})
	}
}
