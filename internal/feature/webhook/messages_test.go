package webhook_test

import (
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/webhook"
)

var sender = webhook.Metadata{DisplayPhoneNumber: "15550001111", PhoneNumberID: "pn_1"}

// must takes a constructor's results and fails the test on an error.
func must(t *testing.T) func(webhook.Event, error) webhook.Event {
	return func(e webhook.Event, err error) webhook.Event {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
}

func TestMessageStatusBody(t *testing.T) {
	const head = `{"object":"svc_business_account","entry":[{"id":"acme","changes":[{"field":"messages","value":{`
	const meta = `"messaging_product":"svc","metadata":{"display_phone_number":"15550001111","phone_number_id":"pn_1"},"statuses":[{`
	// Every status names its recipient in contacts, as svc_id and again as
	// wa_id, with the user id also on the status (pywa reads contacts[0]
	// of every status).
	const de = `"contacts":[{"profile":{"name":""},"svc_id":"4915112345678","user_id":"DE.03909290139777650945","wa_id":"4915112345678"}],` + meta
	const one = `"contacts":[{"profile":{"name":""},"svc_id":"1","user_id":"US.13211776940535753540","wa_id":"1"}],` + meta
	const tail = `}]}}]}]}`
	for _, tc := range []struct {
		name string
		s    webhook.Status
		want string
	}{
		{"sent", webhook.Status{MessageID: "svcmid.a1", Status: "sent", At: at.Add(900 * time.Millisecond), RecipientID: "4915112345678"},
			de + `"id":"svcmid.a1","recipient_id":"4915112345678","recipient_user_id":"DE.03909290139777650945","status":"sent","timestamp":"1772366400"`},
		{"delivered with its pricing", webhook.Status{MessageID: "svcmid.a1", Status: "delivered", At: at, RecipientID: "4915112345678",
			Pricing: &webhook.Pricing{Billable: true, Model: "PMP", Type: "regular", Category: "marketing"}},
			de + `"id":"svcmid.a1","pricing":{"billable":true,"category":"marketing","pricing_model":"PMP","type":"regular"},` +
				`"recipient_id":"4915112345678","recipient_user_id":"DE.03909290139777650945","status":"delivered","timestamp":"1772366400"`},
		{"read with callback data", webhook.Status{MessageID: "svcmid.a1", Status: "read", At: at, RecipientID: "4915112345678",
			BizOpaqueCallbackData: "order=42&ref=été"},
			de + `"biz_opaque_callback_data":"order=42\u0026ref=\u00e9t\u00e9","id":"svcmid.a1","recipient_id":"4915112345678",` +
				`"recipient_user_id":"DE.03909290139777650945","status":"read","timestamp":"1772366400"`},
		{"failed", webhook.Status{MessageID: "svcmid.b2", Status: "failed", At: at, RecipientID: "4915112345678",
			Error: &webhook.StatusError{Code: 131026, Title: "Message undeliverable", Details: "The recipient cannot receive messages."}},
			de + `"errors":[{"code":131026,"error_data":{"details":"The recipient cannot receive messages."},"message":"Message undeliverable","title":"Message undeliverable"}],` +
				`"id":"svcmid.b2","recipient_id":"4915112345678","recipient_user_id":"DE.03909290139777650945","status":"failed","timestamp":"1772366400"`},
		{"failed with its own message", webhook.Status{MessageID: "svcmid.b2", Status: "failed", At: at, RecipientID: "1",
			Error: &webhook.StatusError{Code: 131050, Title: "User stopped marketing", Message: "Opted out", Details: "d"}},
			one + `"errors":[{"code":131050,"error_data":{"details":"d"},"message":"Opted out","title":"User stopped marketing"}],` +
				`"id":"svcmid.b2","recipient_id":"1","recipient_user_id":"US.13211776940535753540","status":"failed","timestamp":"1772366400"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := must(t)(webhook.MessageStatus("acme", sender, tc.s))
			if got, want := string(e.Body()), head+tc.want+tail; got != want {
				t.Fatalf("body\n got %s\nwant %s", got, want)
			}
			if e.Field != webhook.FieldMessages || e.ZBAID != "acme" || !e.Time.Equal(at) {
				t.Fatalf("event %+v", e)
			}
		})
	}
}

// unsupportedErrors is what the compatible API sends with an unsupported
// message (pywa's fixture tests/data/updates/message.json "unsupported"),
// in the order svc writes keys.
const unsupportedErrors = `[{"code":131051,"error_data":{"details":"Message type is currently not supported."},` +
	`"message":"Message type unknown","title":"Message type unknown"}]`

func TestInboundMessageBody(t *testing.T) {
	const head = `{"object":"svc_business_account","entry":[{"id":"acme","changes":[{"field":"messages","value":{`
	const meta = `"messaging_product":"svc","metadata":{"display_phone_number":"15550001111","phone_number_id":"pn_1"}`
	for _, tc := range []struct {
		name string
		in   webhook.Inbound
		want string
	}{
		{"text", webhook.Inbound{ID: "svcmid.in1", From: "4915112345678", ProfileName: "Zoë", At: at, Type: "text", Text: "Olá 👋"},
			`"contacts":[{"profile":{"name":"Zo\u00eb"},"svc_id":"4915112345678","user_id":"DE.03909290139777650945","wa_id":"4915112345678"}],` +
				`"messages":[{"from":"4915112345678","id":"svcmid.in1","text":{"body":"Ol\u00e1 \ud83d\udc4b"},"timestamp":"1772366400","type":"text"}],` + meta},
		{"location as the network reports it, numbers kept as written", webhook.Inbound{ID: "svcmid.in2", From: "4915112345678", At: at,
			Type: "location", Object: json.RawMessage(`{"name":"Brandenburger Tor","latitude":52.516275000000000001,"longitude":13.377704}`)},
			`"contacts":[{"profile":{"name":""},"svc_id":"4915112345678","user_id":"DE.03909290139777650945","wa_id":"4915112345678"}],` +
				`"messages":[{"from":"4915112345678","id":"svcmid.in2","location":{"latitude":52.516275000000000001,"longitude":13.377704,"name":"Brandenburger Tor"},` +
				`"timestamp":"1772366400","type":"location"}],` + meta},
		{"reaction", webhook.Inbound{ID: "svcmid.in3", From: "1", ProfileName: "A", At: at, Type: "reaction",
			Object: json.RawMessage(`{"message_id":"svcmid.a1","emoji":"❤️"}`)},
			`"contacts":[{"profile":{"name":"A"},"svc_id":"1","user_id":"US.13211776940535753540","wa_id":"1"}],` +
				`"messages":[{"from":"1","id":"svcmid.in3","reaction":{"emoji":"\u2764\ufe0f","message_id":"svcmid.a1"},"timestamp":"1772366400","type":"reaction"}],` + meta},
		{"a button reply keeps its context", webhook.Inbound{ID: "wamid.in4", From: "1", At: at, Type: "button",
			Object: json.RawMessage(`{"payload":"P","text":"Yes"}`), Context: json.RawMessage(`{"from":"15550001111","id":"wamid.out1"}`)},
			`"contacts":[{"profile":{"name":""},"svc_id":"1","user_id":"US.13211776940535753540","wa_id":"1"}],` +
				`"messages":[{"button":{"payload":"P","text":"Yes"},"context":{"from":"15550001111","id":"wamid.out1"},"from":"1","id":"wamid.in4","timestamp":"1772366400","type":"button"}],` + meta},
		{"unsupported, without an object, with its errors", webhook.Inbound{ID: "wamid.in5", From: "4915112345678", ProfileName: "Zoë", At: at,
			Type: "unsupported", Errors: json.RawMessage(unsupportedErrors)},
			`"contacts":[{"profile":{"name":"Zo\u00eb"},"svc_id":"4915112345678","user_id":"DE.03909290139777650945","wa_id":"4915112345678"}],` +
				`"messages":[{"errors":` + unsupportedErrors + `,"from":"4915112345678","id":"wamid.in5","timestamp":"1772366400","type":"unsupported"}],` + meta},
		{"unsupported with its newer object", webhook.Inbound{ID: "wamid.in6", From: "1", At: at, Type: "unsupported",
			Object: json.RawMessage(`{"type":"pool"}`), Errors: json.RawMessage(unsupportedErrors)},
			`"contacts":[{"profile":{"name":""},"svc_id":"1","user_id":"US.13211776940535753540","wa_id":"1"}],` +
				`"messages":[{"errors":` + unsupportedErrors + `,"from":"1","id":"wamid.in6","timestamp":"1772366400","type":"unsupported","unsupported":{"type":"pool"}}],` + meta},
		{"unknown, without an object or errors", webhook.Inbound{ID: "wamid.in7", From: "1", At: at, Type: "unknown"},
			`"contacts":[{"profile":{"name":""},"svc_id":"1","user_id":"US.13211776940535753540","wa_id":"1"}],` +
				`"messages":[{"from":"1","id":"wamid.in7","timestamp":"1772366400","type":"unknown"}],` + meta},
		{"any type without its object but with errors", webhook.Inbound{ID: "wamid.in8", From: "1", At: at, Type: "interactive",
			Errors: json.RawMessage(`[{"code":131051,"title":"Message type unknown"}]`), Context: json.RawMessage(`{"from":"15550001111","id":"wamid.out2"}`)},
			`"contacts":[{"profile":{"name":""},"svc_id":"1","user_id":"US.13211776940535753540","wa_id":"1"}],` +
				`"messages":[{"context":{"from":"15550001111","id":"wamid.out2"},"errors":[{"code":131051,"title":"Message type unknown"}],` +
				`"from":"1","id":"wamid.in8","timestamp":"1772366400","type":"interactive"}],` + meta},
		{"a text without its object keeps the text, errors or not", webhook.Inbound{ID: "wamid.in9", From: "1", At: at, Type: "text", Text: "hi",
			Errors: json.RawMessage(`[{"code":1}]`)},
			`"contacts":[{"profile":{"name":""},"svc_id":"1","user_id":"US.13211776940535753540","wa_id":"1"}],` +
				`"messages":[{"errors":[{"code":1}],"from":"1","id":"wamid.in9","text":{"body":"hi"},"timestamp":"1772366400","type":"text"}],` + meta},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := must(t)(webhook.InboundMessage("acme", sender, tc.in))
			if got, want := string(e.Body()), head+tc.want+`}}]}]}`; got != want {
				t.Fatalf("body\n got %s\nwant %s", got, want)
			}
		})
	}
}

func TestMessageEventsRefuseIncompleteInput(t *testing.T) {
	okStatus := webhook.Status{MessageID: "svcmid.a", Status: "sent", At: at, RecipientID: "1"}
	okIn := webhook.Inbound{ID: "svcmid.i", From: "1", At: at, Type: "text", Text: "hi"}
	for _, tc := range []struct {
		name  string
		build func() (webhook.Event, error)
	}{
		{"status without ZBA", func() (webhook.Event, error) { return webhook.MessageStatus("", sender, okStatus) }},
		{"status without phone_number_id", func() (webhook.Event, error) {
			return webhook.MessageStatus("acme", webhook.Metadata{DisplayPhoneNumber: "1"}, okStatus)
		}},
		{"status without message id", func() (webhook.Event, error) {
			s := okStatus
			s.MessageID = ""
			return webhook.MessageStatus("acme", sender, s)
		}},
		{"status without status", func() (webhook.Event, error) {
			s := okStatus
			s.Status = ""
			return webhook.MessageStatus("acme", sender, s)
		}},
		{"status without recipient", func() (webhook.Event, error) {
			s := okStatus
			s.RecipientID = ""
			return webhook.MessageStatus("acme", sender, s)
		}},
		{"status without time", func() (webhook.Event, error) {
			s := okStatus
			s.At = time.Time{}
			return webhook.MessageStatus("acme", sender, s)
		}},
		{"message without from", func() (webhook.Event, error) {
			in := okIn
			in.From = ""
			return webhook.InboundMessage("acme", sender, in)
		}},
		{"message without type", func() (webhook.Event, error) {
			in := okIn
			in.Type = ""
			return webhook.InboundMessage("acme", sender, in)
		}},
		{"image without its object", func() (webhook.Event, error) {
			in := okIn
			in.Type = "image"
			return webhook.InboundMessage("acme", sender, in)
		}},
		{"object that is not JSON", func() (webhook.Event, error) {
			in := okIn
			in.Type, in.Object = "image", json.RawMessage(`{"id":`)
			return webhook.InboundMessage("acme", sender, in)
		}},
		{"object that is an array", func() (webhook.Event, error) {
			in := okIn
			in.Type, in.Object = "image", json.RawMessage(`[1]`)
			return webhook.InboundMessage("acme", sender, in)
		}},
		{"errors that are not an array", func() (webhook.Event, error) {
			in := okIn
			in.Type, in.Errors = "unsupported", json.RawMessage(`{"code":131051}`)
			return webhook.InboundMessage("acme", sender, in)
		}},
		{"errors that are not JSON", func() (webhook.Event, error) {
			in := okIn
			in.Type, in.Errors = "unsupported", json.RawMessage(`[{"code":`)
			return webhook.InboundMessage("acme", sender, in)
		}},
		{"object followed by more", func() (webhook.Event, error) {
			in := okIn
			in.Type, in.Object = "image", json.RawMessage(`{"id":"x"} {}`)
			return webhook.InboundMessage("acme", sender, in)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := tc.build(); !errors.Is(err, webhook.ErrIncompleteEvent) {
				t.Fatalf("error %v, want ErrIncompleteEvent", err)
			}
		})
	}
	if _, err := webhook.MessageStatus("acme", sender, okStatus); err != nil {
		t.Fatalf("the complete status is refused: %v", err)
	}
	if _, err := webhook.InboundMessage("acme", sender, okIn); err != nil {
		t.Fatalf("the complete message is refused: %v", err)
	}
}

func TestMessageEventIDs(t *testing.T) {
	status := func(zba, phone, msg, st string, when time.Time) webhook.Event {
		return must(t)(webhook.MessageStatus(zba, webhook.Metadata{PhoneNumberID: phone},
			webhook.Status{MessageID: msg, Status: st, At: when, RecipientID: "1"}))
	}
	inbound := func(zba, phone, id string, when time.Time) webhook.Event {
		return must(t)(webhook.InboundMessage(zba, webhook.Metadata{PhoneNumberID: phone},
			webhook.Inbound{ID: id, From: "1", At: when, Type: "text", Text: "hi"}))
	}
	base := status("acme", "pn_1", "svcmid.a", "delivered", at)
	in := inbound("acme", "pn_1", "svcmid.i", at)
	for _, e := range []webhook.Event{base, in} {
		if !regexp.MustCompile(`^evt_[0-9a-f]{32}$`).MatchString(e.ID) {
			t.Fatalf("id %q", e.ID)
		}
	}
	// A redelivered network event, even reported at another second, is the same event.
	for _, same := range []webhook.Event{status("acme", "pn_1", "svcmid.a", "delivered", at.Add(time.Minute))} {
		if same.ID != base.ID {
			t.Fatalf("a redelivered status changed its id: %s vs %s", same.ID, base.ID)
		}
	}
	if again := inbound("acme", "pn_1", "svcmid.i", at.Add(time.Minute)); again.ID != in.ID {
		t.Fatalf("a redelivered message changed its id: %s vs %s", again.ID, in.ID)
	}
	ids := map[string]string{base.ID: "base status", in.ID: "base message"}
	for name, e := range map[string]webhook.Event{
		"next status":        status("acme", "pn_1", "svcmid.a", "read", at),
		"other message":      status("acme", "pn_1", "svcmid.b", "delivered", at),
		"other sender":       status("acme", "pn_2", "svcmid.a", "delivered", at),
		"other ZBA":          status("other", "pn_1", "svcmid.a", "delivered", at),
		"message, same id":   inbound("acme", "pn_1", "svcmid.a", at),
		"other inbound":      inbound("acme", "pn_1", "svcmid.j", at),
		"inbound elsewhere":  inbound("acme", "pn_2", "svcmid.i", at),
		"parts that shift":   status("acme", "pn_1s", "vcmid.a", "delivered", at),
		"template, same zba": webhook.StatusUpdate("acme", "svcmid.a", "x", "en", "UTILITY", "delivered", "", 1, at),
	} {
		if prev, dup := ids[e.ID]; dup {
			t.Fatalf("%s shares the id of %s", name, prev)
		}
		ids[e.ID] = name
	}
}

// Every body is ASCII only, whatever the strings hold, and means the same
// text: non-ASCII and DEL as lower-case \u escapes, astral characters as
// surrogate pairs.
func TestBodyIsASCIIOnly(t *testing.T) {
	for _, tc := range []struct {
		name, text, escaped string
	}{
		{"accents", "Zoë Ñandú ção", `Zo\u00eb \u00d1and\u00fa \u00e7\u00e3o`},
		{"emoji, astral, as surrogate pairs", "🎉👩🏽‍💻𝄞", `\ud83c\udf89\ud83d\udc69\ud83c\udffd\u200d\ud83d\udcbb\ud834\udd1e`},
		{"DEL", "a\x7fb", `a\u007fb`},
		{"HTML characters", "<b>&amp;</b>", `\u003cb\u003e\u0026amp;\u003c/b\u003e`},
		{"line and paragraph separators", "a\u2028b\u2029c", `a\u2028b\u2029c`},
		{"controls", "tab\there\nnul\x00", `tab\there\nnul\u0000`},
		{"invalid UTF-8 as U+FFFD", "bad\xffbyte", `bad\ufffdbyte`},
		{"plain ASCII untouched", `quote " backslash \ ~`, `quote \" backslash \\ ~`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := must(t)(webhook.InboundMessage("acme", sender, webhook.Inbound{ID: "svcmid.i", From: "1",
				ProfileName: tc.text, At: at, Type: "text", Text: tc.text}))
			body := e.Body()
			for i, c := range body {
				if c >= 0x7f {
					t.Fatalf("byte %d of the body is 0x%02x: %s", i, c, body)
				}
			}
			if want := `"text":{"body":"` + tc.escaped + `"}`; !strings.Contains(string(body), want) {
				t.Fatalf("body %s\nlacks %s", body, want)
			}
			var got struct {
				Entry []struct {
					Changes []struct {
						Value struct {
							Contacts []struct {
								Profile struct{ Name string }
							}
							Messages []struct {
								Text struct{ Body string }
							}
						}
					}
				}
			}
			if err := json.Unmarshal(body, &got); err != nil {
				t.Fatal(err)
			}
			want := strings.ToValidUTF8(tc.text, "\uFFFD")
			v := got.Entry[0].Changes[0].Value
			if v.Messages[0].Text.Body != want || v.Contacts[0].Profile.Name != want {
				t.Fatalf("decoded %q and %q, want %q", v.Messages[0].Text.Body, v.Contacts[0].Profile.Name, want)
			}
		})
	}
}

// One event per POST: one entry, one change, and one status or one message.
func TestBodyCarriesOneEvent(t *testing.T) {
	for _, e := range []webhook.Event{
		must(t)(webhook.MessageStatus("acme", sender, webhook.Status{MessageID: "svcmid.a", Status: "sent", At: at, RecipientID: "1"})),
		must(t)(webhook.InboundMessage("acme", sender, webhook.Inbound{ID: "svcmid.i", From: "1", At: at, Type: "text", Text: "x"})),
		webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "APPROVED", "", 1, at),
	} {
		var got struct {
			Object string
			Entry  []struct {
				Changes []struct {
					Value struct {
						Metadata *struct {
							PhoneNumberID *string `json:"phone_number_id"`
						}
						Statuses, Messages, Contacts []json.RawMessage
					}
				}
			}
		}
		if err := json.Unmarshal(e.Body(), &got); err != nil {
			t.Fatal(err)
		}
		if got.Object != webhook.Object || len(got.Entry) != 1 || len(got.Entry[0].Changes) != 1 {
			t.Fatalf("%s", e.Body())
		}
		v := got.Entry[0].Changes[0].Value
		if v.Metadata == nil {
			t.Fatalf("no metadata object: %s", e.Body())
		}
		if e.Field == webhook.FieldMessages && (v.Metadata.PhoneNumberID == nil || *v.Metadata.PhoneNumberID == "" ||
			len(v.Statuses)+len(v.Messages) != 1 || len(v.Contacts) > 1) {
			t.Fatalf("a messages event carries one status or one message, with phone_number_id: %s", e.Body())
		}
	}
}

// A user id is the compatible API's form (country, period, alphanumerics:
// pywa reads the country as the part before the period), a pure function
// of the ZBA and the number, and another ZBA's is another id. The pinned
// values hold it stable across releases: a receiver keys its users by it.
func TestUserID(t *testing.T) {
	form := regexp.MustCompile(`^[A-Z]{2}\.[0-9]{20}$`)
	for _, tc := range []struct{ zba, number, want string }{
		{"acme", "4915112345678", "DE.03909290139777650945"},
		{"acme", "1", "US.13211776940535753540"},
		{"acme", "14165550123", "CA." + webhook.UserID("acme", "14165550123")[3:]},
		{"acme", "447911712345", "GG." + webhook.UserID("acme", "447911712345")[3:]},
		{"acme", "80012345678", "ZZ." + webhook.UserID("acme", "80012345678")[3:]},
	} {
		got := webhook.UserID(tc.zba, tc.number)
		if got != tc.want || !form.MatchString(got) {
			t.Errorf("UserID(%q, %q) = %q, want %q in the form %s", tc.zba, tc.number, got, tc.want, form)
		}
		if again := webhook.UserID(tc.zba, tc.number); again != got {
			t.Errorf("UserID(%q, %q) changed: %q then %q", tc.zba, tc.number, got, again)
		}
	}
	seen := map[string]string{}
	for _, p := range [][2]string{{"acme", "4915112345678"}, {"other", "4915112345678"}, {"acme", "4915112345679"},
		{"acme4", "915112345678"}, {"acm", "e4915112345678"}} {
		id := webhook.UserID(p[0], p[1])
		if prev, dup := seen[id]; dup {
			t.Fatalf("%v and %s share the user id %s", p, prev, id)
		}
		seen[id] = p[0] + "/" + p[1]
	}
	// The same user, in the status and the inbound event of one ZBA.
	st := must(t)(webhook.MessageStatus("acme", sender, webhook.Status{MessageID: "svcmid.a", Status: "sent", At: at, RecipientID: "4915112345678"}))
	in := must(t)(webhook.InboundMessage("acme", sender, webhook.Inbound{ID: "wamid.i", From: "4915112345678", At: at, Type: "text", Text: "x"}))
	for _, e := range []webhook.Event{st, in} {
		if want := `"user_id":"DE.03909290139777650945"`; !strings.Contains(string(e.Body()), want) {
			t.Fatalf("%s lacks %s", e.Body(), want)
		}
	}
}
