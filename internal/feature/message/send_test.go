package message_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/account"
	"svc/internal/feature/message"
	"svc/internal/feature/template"
	"svc/internal/local/memstore"
	"svc/internal/platform/apperr"
	"svc/internal/platform/idempotency"
	"svc/internal/platform/ratelimit"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// world is a service over memory with one ZBA (acme) and its senders, a
// rival ZBA's sender, and templates of every status.
type world struct {
	svc   message.Service
	store *memstore.Store
	queue *memstore.Queue
	// hooks is the webhook queue (status webhooks).
	hooks *memstore.Queue
	clock *memstore.Clock
}

const (
	sender    = "pn-acme"
	senderNum = "4915100000001"
	recipient = "4915112345678"
)

func newWorld(t testing.TB) *world {
	t.Helper()
	ctx := context.Background()
	st := memstore.New()
	clock := memstore.NewClock(time.Date(2026, 11, 23, 10, 0, 0, 0, time.UTC))
	must(t, st.CreateZBA(ctx, account.ZBA{ID: "acme", Name: "Acme"}))
	must(t, st.CreateZBA(ctx, account.ZBA{ID: "rival", Name: "Rival"}))
	for _, p := range []account.Phone{
		{ID: sender, Number: senderNum, ZBAID: "acme", DisplayNameStatus: account.DisplayNameApproved},
		{ID: "pn-pending", Number: "4915100000002", ZBAID: "acme", DisplayNameStatus: account.DisplayNamePending},
		{ID: "pn-rejected", Number: "4915100000003", ZBAID: "acme", DisplayNameStatus: account.DisplayNameRejected},
		{ID: "pn-rival", Number: "4915100000009", ZBAID: "rival", DisplayNameStatus: account.DisplayNameApproved},
	} {
		must(t, st.RegisterPhone(ctx, p))
	}
	seed := func(name, category, format string, status template.Status, comps string) {
		must(t, st.CreateTemplate(ctx, template.Template{ZBAID: "acme", Name: name, Language: "en_US", Category: category,
			Status: status, ParameterFormat: format, Components: []byte(comps)}, time.Time{}))
	}
	positional := `[{"type":"HEADER","format":"TEXT","text":"Order {{1}}"},{"type":"BODY","text":"Hi {{1}}, your order {{2}} ships today."},{"type":"FOOTER","text":"Acme"},{"type":"BUTTONS","buttons":[{"type":"URL","text":"Track","url":"https://acme.example/t/{{1}}"},{"type":"QUICK_REPLY","text":"Stop"}]}]`
	seed("order_update", "UTILITY", template.FormatPositional, template.StatusApproved, positional)
	seed("named_update", "UTILITY", template.FormatNamed, template.StatusApproved, `[{"type":"BODY","text":"Hi {{first_name}}, code {{code}}."}]`)
	seed("promo", "MARKETING", template.FormatPositional, template.StatusApproved, `[{"type":"BODY","text":"Sale: {{1}} off."}]`)
	seed("plain", "UTILITY", template.FormatPositional, template.StatusApproved, `[{"type":"BODY","text":"Hello there."}]`)
	seed("image_head", "UTILITY", template.FormatPositional, template.StatusApproved, `[{"type":"HEADER","format":"IMAGE"},{"type":"BODY","text":"See above."}]`)
	// Every button kind at a known index: 0 quick reply, 1 static URL, 2
	// phone, 3 copy code.
	seed("buttons_t", "MARKETING", template.FormatPositional, template.StatusApproved, `[{"type":"BODY","text":"Sale today."},{"type":"BUTTONS","buttons":[{"type":"QUICK_REPLY","text":"Stop"},{"type":"URL","text":"Shop","url":"https://acme.example/shop"},{"type":"PHONE_NUMBER","text":"Call","phone_number":"+4915100000001"},{"type":"COPY_CODE","example":"SAVE20"}]}]`)
	seed("document_head", "UTILITY", template.FormatPositional, template.StatusApproved, `[{"type":"HEADER","format":"DOCUMENT"},{"type":"BODY","text":"Your invoice."}]`)
	seed("location_head", "UTILITY", template.FormatPositional, template.StatusApproved, `[{"type":"HEADER","format":"LOCATION"},{"type":"BODY","text":"Meet us here."}]`)
	seed("flow_t", "MARKETING", template.FormatPositional, template.StatusApproved, `[{"type":"BODY","text":"Book your visit."},{"type":"BUTTONS","buttons":[{"type":"FLOW","text":"Book","flow_id":"1"}]}]`)
	seed("pending_t", "UTILITY", template.FormatPositional, template.StatusPending, `[{"type":"BODY","text":"x"}]`)
	seed("rejected_t", "UTILITY", template.FormatPositional, template.StatusRejected, `[{"type":"BODY","text":"x"}]`)
	seed("paused_t", "UTILITY", template.FormatPositional, template.StatusPaused, `[{"type":"BODY","text":"x"}]`)
	seed("disabled_t", "UTILITY", template.FormatPositional, template.StatusDisabled, `[{"type":"BODY","text":"x"}]`)
	q := &memstore.Queue{}
	// As the send function runs: throughput tokens reserved in blocks, so
	// every rule below also holds for a warm instance.
	svc := message.Service{Store: st, Queue: q, Now: clock.Now, Log: quiet, Limits: message.DefaultLimits, Rate: st,
		SenderBlocks: ratelimit.NewBlocks(message.DefaultLimits.SenderBlock),
		Idempotency:  idempotency.Guard{Store: st, Now: clock.Now, Lease: 15 * time.Second}}
	return &world{svc: svc, store: st, queue: q, hooks: &memstore.Queue{}, clock: clock}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func (w *world) send(t testing.TB, phone, body string) (message.SendOutcome, error) {
	t.Helper()
	return w.svc.Send(context.Background(), message.SendInput{ZBAID: "acme", PhoneNumberID: phone, Method: "POST",
		Path: "/business/v1.0/" + phone + "/messages", Body: []byte(body)})
}

func (w *world) openWindow(t testing.TB) {
	t.Helper()
	_, err := w.svc.RecordInbound(context.Background(), sender, recipient, w.clock.Now())
	must(t, err)
}

func text(to, body string) string {
	b, _ := json.Marshal(map[string]any{"messaging_product": "svc", "to": to, "type": "text", "text": map[string]string{"body": body}})
	return string(b)
}

func tmpl(name, comps string) string {
	return `{"messaging_product":"whatsapp","recipient_type":"individual","to":"` + recipient + `","type":"template","template":{"name":"` +
		name + `","language":{"code":"en_US","policy":"deterministic"},"components":` + comps + `}}`
}

func codeOf(err error) apperr.Code {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return ae.Code
	}
	return -1
}

// TestSendRules covers every synchronous rule of a send and its code.
func TestSendRules(t *testing.T) {
	coupon := `{"type":"button","sub_type":"copy_code","index":"3","parameters":[{"type":"coupon_code","coupon_code":"SAVE20"}]}`
	okOrder := `[{"type":"header","parameters":[{"type":"text","text":"A-1"}]},{"type":"body","parameters":[{"type":"text","text":"Ann"},{"type":"text","text":"A-1"}]},{"type":"button","sub_type":"url","index":"0","parameters":[{"type":"text","text":"A-1"}]}]`
	cases := []struct {
		name   string
		phone  string
		body   string
		window bool
		want   apperr.Code // 0: accepted
		detail string      // a fragment of the details
	}{
		{name: "text in window", body: text(recipient, "hi"), window: true},
		{name: "text outside window", body: text(recipient, "hi"), want: apperr.CodeReengagement},
		{name: "empty body", body: ``, want: apperr.CodeInvalidParameter, detail: "empty body"},
		{name: "not JSON", body: `{"to":`, want: apperr.CodeInvalidParameter, detail: "not valid JSON"},
		{name: "array", body: `[]`, want: apperr.CodeInvalidParameter, detail: "JSON object"},
		{name: "to a number", body: `{"messaging_product":"svc","to":4915112345678,"type":"text","text":{"body":"x"}}`, want: apperr.CodeInvalidParameter, detail: "expected a string"},
		{name: "no product", body: `{"to":"4915112345678","type":"text","text":{"body":"x"}}`, want: apperr.CodeRequiredParameter, detail: "messaging_product"},
		{name: "other product", body: `{"messaging_product":"sms","to":"4915112345678","type":"text","text":{"body":"x"}}`, want: apperr.CodeInvalidParameter, detail: "messaging_product"},
		{name: "group recipient", body: `{"messaging_product":"svc","recipient_type":"group","to":"4915112345678","type":"text","text":{"body":"x"}}`, want: apperr.CodeInvalidParameter, detail: "recipient_type"},
		{name: "no to", body: `{"messaging_product":"svc","type":"text","text":{"body":"x"}}`, want: apperr.CodeRequiredParameter, detail: "to"},
		{name: "to with plus", body: text("+4915112345678", "x"), want: apperr.CodeInvalidParameter, detail: "plus sign"},
		{name: "to with space", body: text("49 15112345678", "x"), want: apperr.CodeInvalidParameter, detail: "without spaces"},
		{name: "to with letter", body: text("49151abc45678", "x"), want: apperr.CodeInvalidParameter, detail: "digits only"},
		{name: "to too short", body: text("491512", "x"), want: apperr.CodeInvalidParameter, detail: "7 to 15 digits"},
		{name: "to of 7 digits", body: text("6834001", "x"), want: apperr.CodeReengagement},
		{name: "to too long", body: text("4915112345678901", "x"), want: apperr.CodeInvalidParameter, detail: "at most 15"},
		{name: "to leading zero", body: text("015112345678", "x"), want: apperr.CodeInvalidParameter, detail: "country code"},
		{name: "to is sender", body: text(senderNum, "x"), want: apperr.CodeRecipientIsSender},
		{name: "empty text", body: text(recipient, ""), window: true, want: apperr.CodeRequiredParameter, detail: "text.body"},
		{name: "text 4096", body: text(recipient, strings.Repeat("é", 4096)), window: true},
		{name: "text 4097", body: text(recipient, strings.Repeat("a", 4097)), window: true, want: apperr.CodeInvalidParameter, detail: "4096"},
		// Texts a recipient reads follow the template texts' rule: tabs and
		// line breaks only, no other control characters.
		{name: "text with a NUL", body: text(recipient, "a\x00b"), window: true, want: apperr.CodeInvalidParameter, detail: "text.body: contains the control character U+0000 at character 2"},
		{name: "text with an escape", body: text(recipient, "\x1b[31mred"), window: true, want: apperr.CodeInvalidParameter, detail: "U+001B at character 1"},
		{name: "text with DEL", body: text(recipient, "a\x7f"), window: true, want: apperr.CodeInvalidParameter, detail: "U+007F"},
		{name: "text with a C1 character", body: text(recipient, "a\u0085"), window: true, want: apperr.CodeInvalidParameter, detail: "U+0085"},
		{name: "text with tabs and line breaks", body: text(recipient, "a\tb\r\nc\nd"), window: true},
		{name: "no text object", body: `{"messaging_product":"svc","to":"4915112345678","type":"text"}`, want: apperr.CodeRequiredParameter, detail: "text"},
		{name: "image in window", window: true, body: `{"messaging_product":"svc","to":"4915112345678","type":"image","image":{"id":"1"}}`},
		{name: "image outside window", body: `{"messaging_product":"svc","to":"4915112345678","type":"image","image":{"id":"1"}}`, want: apperr.CodeReengagement},
		{name: "unsupported type", body: `{"messaging_product":"svc","to":"4915112345678","type":"order","order":{}}`, want: apperr.CodeUnsupportedType, detail: "supported types are text, template, image"},
		{name: "no type", body: `{"messaging_product":"svc","to":"4915112345678","text":{"body":"x"}}`, want: apperr.CodeRequiredParameter, detail: "type"},
		{name: "nulls and unknown fields", window: true, body: `{"messaging_product":"svc","recipient_type":null,"to":"4915112345678","type":"text","text":{"body":"x","preview_url":null},"biz_opaque_callback_data":null,"context":null,"extra":{"a":1}}`},
		{name: "top-level preview_url, callback data and reply", window: true, body: `{"messaging_product":"whatsapp","preview_url":true,"to":"4915112345678","type":"text","text":{"body":"see https://a.example"},"biz_opaque_callback_data":"track-1","context":{"message_id":"wamid.x"}}`},
		{name: "empty reply context", window: true, body: `{"messaging_product":"svc","to":"4915112345678","type":"text","text":{"body":"x"},"context":{}}`, want: apperr.CodeRequiredParameter, detail: "context.message_id"},
		{name: "unknown sender", phone: "pn-nobody", body: text(recipient, "x"), want: apperr.CodeSenderNotRegistered},
		{name: "rival's sender", phone: "pn-rival", body: text(recipient, "x"), want: apperr.CodeNotAuthorized},
		// Authorisation comes before the body: a malformed body to another
		// ZBA's sender is 403 too; to an unknown sender, the body's error.
		{name: "rival's sender, not JSON", phone: "pn-rival", body: `{`, want: apperr.CodeNotAuthorized},
		{name: "rival's sender, empty body", phone: "pn-rival", body: ``, want: apperr.CodeNotAuthorized},
		{name: "rival's sender, invalid to", phone: "pn-rival", body: text("+4915112345678", "x"), want: apperr.CodeNotAuthorized},
		{name: "unknown sender, not JSON", phone: "pn-nobody", body: `{`, want: apperr.CodeInvalidParameter, detail: "not valid JSON"},
		{name: "pending sender, not JSON", phone: "pn-pending", body: `{`, want: apperr.CodeInvalidParameter, detail: "not valid JSON"},
		{name: "display name pending", phone: "pn-pending", body: text(recipient, "x"), want: apperr.CodeDisplayNameNotOK},
		{name: "display name rejected", phone: "pn-rejected", body: text(recipient, "x"), want: apperr.CodeDisplayNameNotOK},
		// templates
		{name: "positional template", body: tmpl("order_update", okOrder)},
		{name: "button index as number", body: tmpl("order_update", strings.Replace(okOrder, `"index":"0"`, `"index":0`, 1))},
		{name: "button index 10", body: tmpl("order_update", strings.Replace(okOrder, `"index":"0"`, `"index":10`, 1)), want: apperr.CodeInvalidParameter, detail: "index"},
		{name: "named template", body: tmpl("named_update", `[{"type":"body","parameters":[{"type":"text","parameter_name":"code","text":"123"},{"type":"text","parameter_name":"first_name","text":"Ann"}]}]`)},
		{name: "named given positional", body: tmpl("named_update", `[{"type":"body","parameters":[{"type":"text","text":"Ann"},{"type":"text","text":"1"}]}]`), want: apperr.CodeTemplateParamFormat},
		{name: "positional given named", body: tmpl("promo", `[{"type":"body","parameters":[{"type":"text","parameter_name":"x","text":"10%"}]}]`), want: apperr.CodeTemplateParamFormat},
		{name: "named one missing", body: tmpl("named_update", `[{"type":"body","parameters":[{"type":"text","parameter_name":"code","text":"123"}]}]`), want: apperr.CodeTemplateParamCount},
		{name: "too few parameters", body: tmpl("promo", `[{"type":"body","parameters":[]}]`), want: apperr.CodeTemplateParamCount},
		{name: "too many parameters", body: tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"1"},{"type":"text","text":"2"}]}]`), want: apperr.CodeTemplateParamCount},
		{name: "parameters for a missing header", body: tmpl("promo", `[{"type":"header","parameters":[{"type":"text","text":"1"}]},{"type":"body","parameters":[{"type":"text","text":"1"}]}]`), want: apperr.CodeTemplateParamCount},
		{name: "empty header component", body: tmpl("plain", `[{"type":"header","parameters":[]},{"type":"body","parameters":[]}]`)},
		{name: "no components on a plain template", body: tmpl("plain", `null`)},
		{name: "currency and date_time", body: tmpl("named_update", `[{"type":"body","parameters":[{"type":"currency","parameter_name":"first_name","currency":{"fallback_value":"$10","code":"USD","amount_1000":10000}},{"type":"date_time","parameter_name":"code","date_time":{"fallback_value":"May 1"}}]}]`)},
		{name: "null parameter fields", body: tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"10%","currency":null,"date_time":null,"image":null,"parameter_name":null}]}]`)},
		{name: "image header", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"link":"https://a.example/i.png"}}]}]`)},
		{name: "image header given video", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"video","video":{"link":"https://a.example/v.mp4"}}]}]`), want: apperr.CodeTemplateParamFormat},
		{name: "image header missing", body: tmpl("image_head", `[]`), want: apperr.CodeTemplateParamCount},
		// A parameter of a known type in a component it cannot fill is the
		// compatible API's parameter format mismatch.
		{name: "an image filling a body", body: tmpl("promo", `[{"type":"body","parameters":[{"type":"image","image":{"link":"https://a.example/i.png"}}]}]`), want: apperr.CodeTemplateParamFormat, detail: "template.components[0].parameters[0].type: an image parameter cannot fill a body component"},
		{name: "a video filling a body", body: tmpl("promo", `[{"type":"body","parameters":[{"type":"video","video":{"link":"https://a.example/v.mp4"}}]}]`), want: apperr.CodeTemplateParamFormat, detail: "a video parameter cannot fill a body component"},
		{name: "a payload filling a body", body: tmpl("promo", `[{"type":"body","parameters":[{"type":"payload","payload":"x"}]}]`), want: apperr.CodeTemplateParamFormat, detail: "a payload parameter cannot fill a body component"},
		{name: "an action filling a header", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"action","action":{}}]}]`), want: apperr.CodeTemplateParamFormat, detail: "an action parameter cannot fill a header component"},
		{name: "a location filling a button", body: tmpl("buttons_t", `[{"type":"button","sub_type":"quick_reply","index":"0","parameters":[{"type":"location","location":{"latitude":1,"longitude":2}}]},`+coupon+`]`), want: apperr.CodeTemplateParamFormat, detail: "a location parameter cannot fill a button component"},
		{name: "a text filling an image header", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"text","text":"A-1"}]}]`), want: apperr.CodeTemplateParamFormat, detail: "header: the template's header is image, the parameter is text"},
		{name: "an image filling a text header", body: tmpl("order_update", strings.Replace(okOrder, `{"type":"text","text":"A-1"}]},{"type":"body"`, `{"type":"image","image":{"link":"https://a.example/i.png"}}]},{"type":"body"`, 1)), want: apperr.CodeTemplateParamFormat, detail: "header: an image parameter cannot fill the template's text; give text, currency or date_time"},
		{name: "unknown parameter type", body: tmpl("promo", `[{"type":"body","parameters":[{"type":"sticker"}]}]`), want: apperr.CodeInvalidParameter, detail: "parameter type"},
		{name: "text parameter without text", body: tmpl("promo", `[{"type":"body","parameters":[{"type":"text"}]}]`), want: apperr.CodeRequiredParameter, detail: "parameters[0].text"},
		{name: "newline in parameter", body: tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"a\nb"}]}]`), want: apperr.CodeTemplateCharPolicy},
		{name: "NUL in parameter", body: tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"a\u0000b"}]}]`), want: apperr.CodeInvalidParameter, detail: "parameters[0].text: contains the control character U+0000"},
		{name: "bell in a currency", body: tmpl("named_update", `[{"type":"body","parameters":[{"type":"currency","parameter_name":"first_name","currency":{"fallback_value":"$10\u0007","code":"USD","amount_1000":10000}},{"type":"date_time","parameter_name":"code","date_time":{"fallback_value":"May 1"}}]}]`), want: apperr.CodeInvalidParameter, detail: "currency.fallback_value: contains the control character U+0007"},
		{name: "NUL in a date_time", body: tmpl("named_update", `[{"type":"body","parameters":[{"type":"currency","parameter_name":"first_name","currency":{"fallback_value":"$10","code":"USD","amount_1000":10000}},{"type":"date_time","parameter_name":"code","date_time":{"fallback_value":"May\u00001"}}]}]`), want: apperr.CodeInvalidParameter, detail: "date_time.fallback_value: contains"},
		{name: "NUL in a coupon code", body: tmpl("buttons_t", `[{"type":"button","sub_type":"copy_code","index":"3","parameters":[{"type":"coupon_code","coupon_code":"SAVE\u000020"}]}]`), want: apperr.CodeInvalidParameter, detail: "coupon_code: contains"},
		{name: "escape in a payload", body: tmpl("buttons_t", `[{"type":"button","sub_type":"quick_reply","index":"0","parameters":[{"type":"payload","payload":"\u001bSTOP"}]},`+coupon+`]`), want: apperr.CodeInvalidParameter, detail: "payload: contains"},
		{name: "NUL in a document filename", body: tmpl("document_head", `[{"type":"header","parameters":[{"type":"document","document":{"id":"1","filename":"inv\u0000.pdf"}}]}]`), want: apperr.CodeInvalidParameter, detail: "document.filename: contains"},
		{name: "NUL in a location address", body: tmpl("location_head", `[{"type":"header","parameters":[{"type":"location","location":{"latitude":1,"longitude":2,"address":"Main St\u0000"}}]}]`), want: apperr.CodeInvalidParameter, detail: "location.address: contains"},
		{name: "tab in parameter", body: tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"a\tb"}]}]`), want: apperr.CodeTemplateCharPolicy},
		{name: "five spaces in parameter", body: tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"a     b"}]}]`), want: apperr.CodeTemplateCharPolicy},
		{name: "four spaces in parameter", body: tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"a    b"}]}]`)},
		{name: "hydrated body too long", body: tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"`+strings.Repeat("x", 1020)+`"}]}]`), want: apperr.CodeTemplateTooLong},
		{name: "hydrated header too long", body: tmpl("order_update", strings.Replace(okOrder, `"text":"A-1"}]},{"type":"body"`, `"text":"`+strings.Repeat("h", 60)+`"}]},{"type":"body"`, 1)), want: apperr.CodeTemplateTooLong},
		{name: "template missing", body: tmpl("nope", `[]`), want: apperr.CodeTemplateMissing},
		{name: "template pending", body: tmpl("pending_t", `[]`), want: apperr.CodeTemplateMissing},
		{name: "template rejected", body: tmpl("rejected_t", `[]`), want: apperr.CodeTemplateMissing},
		{name: "template paused", body: tmpl("paused_t", `[]`), want: apperr.CodeTemplatePaused},
		{name: "template disabled", body: tmpl("disabled_t", `[]`), want: apperr.CodeTemplateDisabled},
		{name: "template without language", body: `{"messaging_product":"svc","to":"4915112345678","type":"template","template":{"name":"plain"}}`, want: apperr.CodeRequiredParameter, detail: "language.code"},
		{name: "language policy other", body: `{"messaging_product":"svc","to":"4915112345678","type":"template","template":{"name":"plain","language":{"code":"en_US","policy":"fallback"}}}`, want: apperr.CodeInvalidParameter, detail: "policy"},
		{name: "bad component type", body: tmpl("plain", `[{"type":"footer","parameters":[]}]`), want: apperr.CodeInvalidParameter, detail: "header, body or button"},
		{name: "quick_reply aimed at a URL button", body: tmpl("order_update", `[{"type":"header","parameters":[{"type":"text","text":"A"}]},{"type":"body","parameters":[{"type":"text","text":"Ann"},{"type":"text","text":"b"}]},{"type":"button","sub_type":"quick_reply","index":"0","parameters":[{"type":"payload","payload":"A"}]}]`), want: apperr.CodeTemplateParamFormat, detail: "is a URL button"},
		{name: "a payload for a URL suffix", body: tmpl("order_update", `[{"type":"header","parameters":[{"type":"text","text":"A"}]},{"type":"body","parameters":[{"type":"text","text":"Ann"},{"type":"text","text":"b"}]},{"type":"button","sub_type":"url","index":"0","parameters":[{"type":"payload","payload":"A"}]}]`), want: apperr.CodeTemplateParamFormat, detail: "takes a text parameter"},
		{name: "url aimed at a quick reply", body: tmpl("order_update", `[{"type":"header","parameters":[{"type":"text","text":"A"}]},{"type":"body","parameters":[{"type":"text","text":"Ann"},{"type":"text","text":"b"}]},{"type":"button","sub_type":"url","index":"0","parameters":[{"type":"text","text":"x"}]},{"type":"button","sub_type":"url","index":"1","parameters":[{"type":"text","text":"x"}]}]`), want: apperr.CodeTemplateParamFormat, detail: "QUICK_REPLY button"},
		{name: "a URL suffix over the URL limit", body: tmpl("order_update", `[{"type":"header","parameters":[{"type":"text","text":"A"}]},{"type":"body","parameters":[{"type":"text","text":"Ann"},{"type":"text","text":"b"}]},{"type":"button","sub_type":"url","index":"0","parameters":[{"type":"text","text":"`+strings.Repeat("x", 2000)+`"}]}]`), want: apperr.CodeTemplateTooLong, detail: "hydrated URL"},
		{name: "an empty text parameter", body: tmpl("order_update", `[{"type":"header","parameters":[{"type":"text","text":"A"}]},{"type":"body","parameters":[{"type":"text","text":" "},{"type":"text","text":"b"}]},{"type":"button","sub_type":"url","index":"0","parameters":[{"type":"text","text":"x"}]}]`), want: apperr.CodeRequiredParameter, detail: "text"},
		// A flow button's token and data, as the compatible API sends them.
		{name: "flow button action", body: tmpl("flow_t", `[{"type":"button","sub_type":"flow","index":"0","parameters":[{"type":"action","action":{"flow_token":"tok-1","flow_action_data":{"visit":"x"}}}]}]`)},
		{name: "flow button without action", body: tmpl("flow_t", `[{"type":"button","sub_type":"flow","index":"0","parameters":[{"type":"action"}]}]`), want: apperr.CodeRequiredParameter, detail: "action"},
		{name: "flow token a number", body: tmpl("flow_t", `[{"type":"button","sub_type":"flow","index":"0","parameters":[{"type":"action","action":{"flow_token":5}}]}]`), want: apperr.CodeInvalidParameter, detail: "flow_token"},
		{name: "flow action data a string", body: tmpl("flow_t", `[{"type":"button","sub_type":"flow","index":"0","parameters":[{"type":"action","action":{"flow_action_data":"x"}}]}]`), want: apperr.CodeInvalidParameter, detail: "flow_action_data"},
		{name: "an action for a URL button", body: tmpl("order_update", `[{"type":"header","parameters":[{"type":"text","text":"A"}]},{"type":"body","parameters":[{"type":"text","text":"Ann"},{"type":"text","text":"b"}]},{"type":"button","sub_type":"url","index":"0","parameters":[{"type":"action","action":{"flow_token":"t"}}]}]`), want: apperr.CodeTemplateParamFormat, detail: "takes a text parameter"},
		// Each button takes what the template's button expects (buttonRuleFor).
		{name: "copy code only", body: tmpl("buttons_t", `[`+coupon+`]`)},
		{name: "every button filled as it may be", body: tmpl("buttons_t", `[{"type":"button","sub_type":"quick_reply","index":"0","parameters":[{"type":"payload","payload":"STOP"}]},{"type":"button","sub_type":"url","index":"1","parameters":[]},`+coupon+`]`)},
		{name: "a parameter for a static URL button", body: tmpl("buttons_t", `[{"type":"button","sub_type":"url","index":"1","parameters":[{"type":"text","text":"extra"}]},`+coupon+`]`), want: apperr.CodeTemplateParamCount, detail: "button 1: expected 0 parameters, received 1"},
		{name: "sub_type url on a phone button", body: tmpl("buttons_t", `[{"type":"button","sub_type":"url","index":"2","parameters":[{"type":"text","text":"extra"}]},`+coupon+`]`), want: apperr.CodeTemplateParamFormat, detail: "PHONE_NUMBER button, which takes no button component"},
		{name: "sub_type copy_code on a phone button", body: tmpl("buttons_t", `[{"type":"button","sub_type":"copy_code","index":"2","parameters":[{"type":"coupon_code","coupon_code":"X"}]},`+coupon+`]`), want: apperr.CodeTemplateParamFormat, detail: "PHONE_NUMBER"},
		{name: "sub_type quick_reply on a phone button", body: tmpl("buttons_t", `[{"type":"button","sub_type":"quick_reply","index":"2","parameters":[{"type":"payload","payload":"X"}]},`+coupon+`]`), want: apperr.CodeTemplateParamFormat, detail: "PHONE_NUMBER"},
		{name: "an empty component for a phone button", body: tmpl("buttons_t", `[{"type":"button","sub_type":"url","index":"2","parameters":[]},`+coupon+`]`), want: apperr.CodeTemplateParamFormat, detail: "PHONE_NUMBER"},
		{name: "copy code missing", body: tmpl("buttons_t", `[]`), want: apperr.CodeTemplateParamCount, detail: "button 3: expected 1 parameter (the COPY_CODE button's coupon_code), received 0"},
		{name: "two coupon codes", body: tmpl("buttons_t", `[{"type":"button","sub_type":"copy_code","index":"3","parameters":[{"type":"coupon_code","coupon_code":"A"},{"type":"coupon_code","coupon_code":"B"}]}]`), want: apperr.CodeTemplateParamCount, detail: "received 2"},
		{name: "a text for a copy code", body: tmpl("buttons_t", `[{"type":"button","sub_type":"copy_code","index":"3","parameters":[{"type":"text","text":"SAVE20"}]}]`), want: apperr.CodeTemplateParamFormat, detail: "takes a coupon_code parameter"},
		{name: "an empty coupon code", body: tmpl("buttons_t", `[{"type":"button","sub_type":"copy_code","index":"3","parameters":[{"type":"coupon_code","coupon_code":" "}]}]`), want: apperr.CodeRequiredParameter, detail: "coupon_code"},
		{name: "two payloads for a quick reply", body: tmpl("buttons_t", `[{"type":"button","sub_type":"quick_reply","index":"0","parameters":[{"type":"payload","payload":"A"},{"type":"payload","payload":"B"}]},`+coupon+`]`), want: apperr.CodeTemplateParamCount, detail: "expected at most 1 parameter, received 2"},
		{name: "a dynamic URL button without its suffix", body: tmpl("order_update", `[{"type":"header","parameters":[{"type":"text","text":"A"}]},{"type":"body","parameters":[{"type":"text","text":"Ann"},{"type":"text","text":"b"}]}]`), want: apperr.CodeTemplateParamCount, detail: "button 0: expected 1 parameter (the URL button's text), received 0"},
		{name: "a dynamic URL button with two suffixes", body: tmpl("order_update", `[{"type":"header","parameters":[{"type":"text","text":"A"}]},{"type":"body","parameters":[{"type":"text","text":"Ann"},{"type":"text","text":"b"}]},{"type":"button","sub_type":"url","index":"0","parameters":[{"type":"text","text":"x"},{"type":"text","text":"y"}]}]`), want: apperr.CodeTemplateParamCount, detail: "received 2"},
		{name: "a button the template does not have", body: tmpl("buttons_t", `[`+coupon+`,{"type":"button","sub_type":"url","index":"4","parameters":[{"type":"text","text":"x"}]}]`), want: apperr.CodeTemplateParamCount, detail: "button 4"},
		// A media header names its media; a location header is a real place.
		{name: "image by id", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"id":"1234567890"}}]}]`)},
		{name: "image without link or id", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{}}]}]`), want: apperr.CodeRequiredParameter, detail: "template.components[0].parameters[0].image: required: link (an http or https URL) or id (uploaded media)"},
		{name: "image with empty link and null id", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"link":" ","id":null}}]}]`), want: apperr.CodeRequiredParameter, detail: "template.components[0].parameters[0].image: required: link (an http or https URL) or id (uploaded media)"},
		{name: "image javascript link", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"link":"javascript:alert(1)"}}]}]`), want: apperr.CodeInvalidValue, detail: `template.components[0].parameters[0].image.link: must be an absolute http or https URL with a host, found "javascript:alert(1)"`},
		// The one decoder of every media object and location: exact
		// names, and a header's media takes no caption, whether an
		// interactive message's header or a template's.
		{name: "image LINK in capitals", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"LINK":"https://a.example/i.png"}}]}]`), want: apperr.CodeRequiredParameter, detail: "template.components[0].parameters[0].image: required: link (an http or https URL) or id (uploaded media)"},
		{name: "location Latitude in capitals", body: tmpl("location_head", `[{"type":"header","parameters":[{"type":"location","location":{"Latitude":1,"longitude":2}}]}]`), want: apperr.CodeRequiredParameter, detail: "template.components[0].parameters[0].location.latitude: required"},
		{name: "image with a caption", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"link":"https://a.example/i.png","caption":"x"}}]}]`), want: apperr.CodeInvalidParameter, detail: "template.components[0].parameters[0].image.caption: a header's image takes no caption (only an image, video or document message has one)"},
		{name: "image by link and id", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"link":"https://a.example/i.png","id":"7"}}]}]`), want: apperr.CodeInvalidParameter, detail: "template.components[0].parameters[0].image: give link or id, not both"},
		{name: "image http link", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"link":"http://a.example/i.png"}}]}]`)},
		{name: "image link without host", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"link":"https:///i.png"}}]}]`), want: apperr.CodeInvalidValue, detail: "https"},
		{name: "image link relative", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"link":"/i.png"}}]}]`), want: apperr.CodeInvalidValue, detail: "https"},
		{name: "image link with a space", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"link":"https://a.example/a b.png"}}]}]`), want: apperr.CodeInvalidValue, detail: "https"},
		{name: "image link with credentials", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"link":"https://u:p@a.example/i.png"}}]}]`), want: apperr.CodeInvalidValue, detail: "https"},
		{name: "image link a number", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"link":5}}]}]`), want: apperr.CodeInvalidParameter, detail: "image.link: expected a string"},
		{name: "image an array", body: tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":[]}]}]`), want: apperr.CodeInvalidParameter, detail: "expected an object"},
		{name: "document with filename", body: tmpl("document_head", `[{"type":"header","parameters":[{"type":"document","document":{"link":"https://a.example/inv.pdf","filename":"invoice.pdf"}}]}]`)},
		{name: "document filename a number", body: tmpl("document_head", `[{"type":"header","parameters":[{"type":"document","document":{"id":"1","filename":7}}]}]`), want: apperr.CodeInvalidParameter, detail: "filename: expected a string"},
		{name: "document without link or id", body: tmpl("document_head", `[{"type":"header","parameters":[{"type":"document","document":{"filename":"inv.pdf"}}]}]`), want: apperr.CodeRequiredParameter, detail: "document: required"},
		{name: "location", body: tmpl("location_head", `[{"type":"header","parameters":[{"type":"location","location":{"latitude":52.52,"longitude":13.405,"name":"Acme","address":"Berlin"}}]}]`)},
		{name: "location as strings, at the edges", body: tmpl("location_head", `[{"type":"header","parameters":[{"type":"location","location":{"latitude":"-90","longitude":"180"}}]}]`)},
		{name: "latitude 500", body: tmpl("location_head", `[{"type":"header","parameters":[{"type":"location","location":{"latitude":500,"longitude":13.4}}]}]`), want: apperr.CodeInvalidValue, detail: "latitude must be within [-90, 90]"},
		{name: "longitude -180.5", body: tmpl("location_head", `[{"type":"header","parameters":[{"type":"location","location":{"latitude":0,"longitude":-180.5}}]}]`), want: apperr.CodeInvalidValue, detail: "longitude within [-180, 180]"},
		{name: "latitude missing", body: tmpl("location_head", `[{"type":"header","parameters":[{"type":"location","location":{"longitude":13.4}}]}]`), want: apperr.CodeRequiredParameter, detail: "location.latitude: required"},
		{name: "longitude null", body: tmpl("location_head", `[{"type":"header","parameters":[{"type":"location","location":{"latitude":1,"longitude":null}}]}]`), want: apperr.CodeRequiredParameter, detail: "location.longitude: required"},
		{name: "latitude not a number", body: tmpl("location_head", `[{"type":"header","parameters":[{"type":"location","location":{"latitude":"north","longitude":13.4}}]}]`), want: apperr.CodeInvalidValue, detail: "decimal degrees"},
		{name: "latitude a boolean", body: tmpl("location_head", `[{"type":"header","parameters":[{"type":"location","location":{"latitude":true,"longitude":13.4}}]}]`), want: apperr.CodeInvalidParameter, detail: "expected a number"},
		{name: "location name a number", body: tmpl("location_head", `[{"type":"header","parameters":[{"type":"location","location":{"latitude":1,"longitude":2,"name":3}}]}]`), want: apperr.CodeInvalidParameter, detail: "location.name: expected a string"},
		{name: "button without sub_type", body: tmpl("plain", `[{"type":"button","index":0,"parameters":[]}]`), want: apperr.CodeRequiredParameter, detail: "sub_type"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t)
			if c.window {
				w.openWindow(t)
			}
			phone := c.phone
			if phone == "" {
				phone = sender
			}
			out, err := w.send(t, phone, c.body)
			if c.want == 0 {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				var r message.Response
				must(t, json.Unmarshal(out.Body, &r))
				if out.Status != 200 || r.MessagingProduct != "svc" || len(r.Messages) != 1 || !message.ValidID(r.Messages[0].ID) {
					t.Fatalf("response %d %s", out.Status, out.Body)
				}
				if _, err := w.store.GetMessage(context.Background(), r.Messages[0].ID); err != nil {
					t.Fatalf("not stored: %v", err)
				}
				if len(w.queue.Messages()) != 1 {
					t.Fatalf("queued %d jobs, want 1", len(w.queue.Messages()))
				}
				return
			}
			if got := codeOf(err); got != c.want {
				t.Fatalf("code %d (%v), want %d", got, err, c.want)
			}
			if ae := apperr.From(err); !strings.Contains(ae.Details, c.detail) {
				t.Fatalf("details %q lack %q", ae.Details, c.detail)
			}
			if len(w.queue.Messages()) != 0 {
				t.Fatalf("a refused send queued %d jobs", len(w.queue.Messages()))
			}
		})
	}
}

// TestWindow: a text is allowed for 24 hours after the recipient wrote.
func TestWindow(t *testing.T) {
	w := newWorld(t)
	w.openWindow(t)
	w.clock.Advance(message.WindowLength - time.Second)
	if _, err := w.send(t, sender, text(recipient, "still open")); err != nil {
		t.Fatalf("inside the window: %v", err)
	}
	w.clock.Advance(time.Second)
	if _, err := w.send(t, sender, text(recipient, "closed")); codeOf(err) != apperr.CodeReengagement {
		t.Fatalf("at 24 h: %v, want 131047", err)
	}
	if _, err := w.send(t, sender, tmpl("plain", `[]`)); err != nil {
		t.Fatalf("a template outside the window: %v", err)
	}
}

// TestMarketingRules: opt-out 131050 and the frequency cap 131049, on
// marketing templates only.
func TestMarketingRules(t *testing.T) {
	ctx := context.Background()
	promo := tmpl("promo", `[{"type":"body","parameters":[{"type":"text","text":"10%"}]}]`)
	t.Run("opt-out", func(t *testing.T) {
		w := newWorld(t)
		must(t, w.svc.SetMarketingOptOut(ctx, "acme", recipient, true))
		if _, err := w.send(t, sender, promo); codeOf(err) != apperr.CodeMarketingOptOut {
			t.Fatalf("opted out: %v, want 131050", err)
		}
		if _, err := w.send(t, sender, tmpl("plain", `[]`)); err != nil {
			t.Fatalf("a utility template to an opted-out recipient: %v", err)
		}
		must(t, w.svc.SetMarketingOptOut(ctx, "acme", recipient, false))
		if _, err := w.send(t, sender, promo); err != nil {
			t.Fatalf("opted back in: %v", err)
		}
	})
	t.Run("frequency cap", func(t *testing.T) {
		w := newWorld(t)
		w.svc.Limits.MarketingCap = 2
		for i := range 2 {
			if _, err := w.send(t, sender, promo); err != nil {
				t.Fatalf("marketing send %d: %v", i+1, err)
			}
		}
		if _, err := w.send(t, sender, promo); codeOf(err) != apperr.CodeMarketingLimit {
			t.Fatalf("third: %v, want 131049", err)
		}
		if _, err := w.send(t, sender, tmpl("plain", `[]`)); err != nil {
			t.Fatalf("utility past the cap: %v", err)
		}
		w.clock.Advance(message.DefaultMarketingWindow)
		if _, err := w.send(t, sender, promo); err != nil {
			t.Fatalf("next window: %v", err)
		}
	})
	t.Run("inside an open window marketing is not counted", func(t *testing.T) {
		w := newWorld(t)
		w.svc.Limits.MarketingCap = 1
		w.openWindow(t)
		for i := range 3 {
			if _, err := w.send(t, sender, promo); err != nil {
				t.Fatalf("marketing send %d inside the window: %v", i+1, err)
			}
		}
		w.clock.Advance(25 * time.Hour) // the window closes; the cap's next window starts
		if _, err := w.send(t, sender, promo); err != nil {
			t.Fatalf("first outside the window: %v", err)
		}
		if _, err := w.send(t, sender, promo); codeOf(err) != apperr.CodeMarketingLimit {
			t.Fatalf("second outside the window: %v, want 131049 (the sends inside it were not counted, this one is)", err)
		}
		must(t, w.svc.SetMarketingOptOut(ctx, "acme", recipient, true))
		w.openWindow(t)
		if _, err := w.send(t, sender, promo); codeOf(err) != apperr.CodeMarketingOptOut {
			t.Fatalf("an opt-out holds inside the window too: %v, want 131050", err)
		}
	})
}

// TestSenderThroughput: past the per-sender limit a send is 429 130429
// with Retry-After, and nothing is stored.
func TestSenderThroughput(t *testing.T) {
	w := newWorld(t)
	w.svc.Limits.Sender.Limit = 3
	for i := range 3 {
		if _, err := w.send(t, sender, tmpl("plain", `[]`)); err != nil {
			t.Fatalf("send %d: %v", i+1, err)
		}
	}
	_, err := w.send(t, sender, tmpl("plain", `[]`))
	ae := apperr.From(err)
	if ae.Code != apperr.CodeRateLimit || ae.Status() != 429 || ae.RetryAfter() == "" {
		t.Fatalf("fourth: %v (retry after %q), want 429 130429 with Retry-After", err, ae.RetryAfter())
	}
	if n := len(w.queue.Messages()); n != 3 {
		t.Fatalf("queued %d, want 3", n)
	}
	w.clock.Advance(time.Second)
	if _, err := w.send(t, sender, tmpl("plain", `[]`)); err != nil {
		t.Fatalf("next second: %v", err)
	}
}

// TestStoredMessage: the record keeps the hydrated text, the template and
// what the statuses issue needs.
func TestStoredMessage(t *testing.T) {
	w := newWorld(t)
	body := `{"messaging_product":"svc","to":"` + recipient + `","type":"template","biz_opaque_callback_data":"cb-7","template":{"name":"order_update","language":{"code":"en_US"},"components":[{"type":"header","parameters":[{"type":"text","text":"A-1"}]},{"type":"body","parameters":[{"type":"text","text":"Ann"},{"type":"text","text":"A-1"}]},{"type":"button","sub_type":"url","index":0,"parameters":[{"type":"text","text":"A-1"}]}]}}`
	out, err := w.send(t, sender, body)
	must(t, err)
	if want := `"message_status":"accepted"`; !strings.Contains(string(out.Body), want) {
		t.Fatalf("template response %s lacks %s", out.Body, want)
	}
	var r message.Response
	must(t, json.Unmarshal(out.Body, &r))
	m, err := w.store.GetMessage(context.Background(), r.Messages[0].ID)
	must(t, err)
	if m.Content.Header != "Order A-1" || m.Content.Body != "Hi Ann, your order A-1 ships today." || m.Content.Footer != "Acme" ||
		len(m.Content.Buttons) != 2 || m.Content.Buttons[0] != "Track https://acme.example/t/A-1" {
		t.Fatalf("content %+v", m.Content)
	}
	if m.Status != message.StatusAccepted || m.Template == nil || m.Template.Category != "UTILITY" || m.BizOpaqueCallbackData != "cb-7" ||
		m.From != senderNum || m.To != recipient || m.ZBAID != "acme" || m.StatusTimes[message.StatusAccepted].IsZero() {
		t.Fatalf("record %+v", m)
	}
	var nb map[string]any
	must(t, json.Unmarshal(m.Body, &nb))
	// The network echoes biz_opaque_callback_data in its statuses: svc's
	// id there is how a status finds its message.
	if nb["messaging_product"] != "whatsapp" || nb["to"] != recipient || nb["type"] != "template" || nb["biz_opaque_callback_data"] != m.ID {
		t.Fatalf("network body %s", m.Body)
	}
}

// TestStatusMovesForward holds DESIGN decision 14's order.
func TestStatusMovesForward(t *testing.T) {
	cases := []struct {
		from, to message.Status
		ok       bool
	}{
		{message.StatusAccepted, message.StatusSent, true},
		{message.StatusAccepted, message.StatusFailed, true},
		{message.StatusSent, message.StatusDelivered, true},
		{message.StatusSent, message.StatusFailed, true},
		{message.StatusDelivered, message.StatusRead, true},
		{message.StatusAccepted, message.StatusRead, true},
		{message.StatusDelivered, message.StatusFailed, false},
		{message.StatusRead, message.StatusDelivered, false},
		{message.StatusSent, message.StatusSent, false},
		{message.StatusFailed, message.StatusRead, false},
		{message.StatusSent, message.StatusAccepted, false},
	}
	for _, c := range cases {
		if got := c.from.CanMoveTo(c.to); got != c.ok {
			t.Errorf("%s -> %s: %v, want %v", c.from, c.to, got, c.ok)
		}
	}
}

// TestNetworkBodyDropsNulls: the body handed to the network carries what
// the client set, without the nulls some clients send for unset fields.
func TestNetworkBodyDropsNulls(t *testing.T) {
	w := newWorld(t)
	out, err := w.send(t, sender, tmpl("promo", `[{"type":"body","index":null,"sub_type":null,"parameters":[{"type":"text","text":"10%","currency":null,"date_time":null,"image":null,"payload":null}]}]`))
	must(t, err)
	var r message.Response
	must(t, json.Unmarshal(out.Body, &r))
	m, err := w.store.GetMessage(context.Background(), r.Messages[0].ID)
	must(t, err)
	if strings.Contains(string(m.Body), "null") || !strings.Contains(string(m.Body), `"parameters":[{"type":"text","text":"10%"}]`) {
		t.Fatalf("network body %s", m.Body)
	}
}
