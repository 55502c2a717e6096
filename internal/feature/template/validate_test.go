package template

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"svc/internal/platform/apperr"
	"svc/internal/platform/emoji"
)

// Builders for the table: each case starts from a small valid draft.

func draft(category string, comps ...Component) Draft {
	return Draft{Name: "order_update", Language: "en_US", Category: category, Components: comps}
}

func body(text string) Component { return Component{Type: TypeBody, Text: text} }
func header(text string) Component {
	return Component{Type: TypeHeader, Format: HeaderText, Text: text}
}
func footer(text string) Component { return Component{Type: TypeFooter, Text: text} }
func media(format string) Component {
	return Component{Type: TypeHeader, Format: format, Example: json.RawMessage(`{"header_handle":["4::aW1n"]}`)}
}
func buttons(bs ...Button) Component { return Component{Type: TypeButtons, Buttons: bs} }

func qr(text string) Button     { return Button{Type: ButtonQuickReply, Text: text} }
func urlButton(u string) Button { return Button{Type: ButtonURL, Text: "Track", URL: u} }
func phoneButton(n string) Button {
	return Button{Type: ButtonPhoneNumber, Text: "Call us", PhoneNumber: n}
}
func copyCode() Button  { return Button{Type: ButtonCopyCode, Example: json.RawMessage(`"SAVE20"`)} }
func otpButton() Button { return Button{Type: ButtonOTP, OTPType: "COPY_CODE", Text: "Copy code"} }
func flowButton(id string) Button {
	return Button{Type: ButtonFlow, Text: "Book now", FlowID: id, FlowAction: "navigate"}
}
func marketing(c ...Component) Draft { return draft(CategoryMarketing, c...) }
func utility(c ...Component) Draft   { return draft(CategoryUtility, c...) }

func ptr[T any](v T) *T { return &v }

const okBody = "Hello {{1}}, your order {{2}} has shipped."

// authDraft is the compatible API's AUTHENTICATION template with its body
// text written out, as the interface requires BODY text.
func authDraft(extra ...Component) Draft {
	comps := []Component{
		{Type: TypeBody, Text: "{{1}} is your verification code.", AddSecurityRecommendation: ptr(true)},
		{Type: TypeFooter, CodeExpirationMinutes: ptr(10)},
		buttons(otpButton()),
	}
	return draft(CategoryAuthentication, append(comps, extra...)...)
}

func authBody(text string) Draft {
	d := authDraft()
	d.Components[0].Text = text
	return d
}

func repeat(s string, n int) string { return strings.Repeat(s, n) }

func with(d Draft, f func(*Draft)) Draft { f(&d); return d }

func qrs(n int) []Button {
	out := make([]Button, n)
	for i := range out {
		out[i] = qr("Option")
	}
	return out
}

func withExample(c Component, example string) Component {
	c.Example = json.RawMessage(example)
	return c
}

func withButtonExample(b Button, example string) Button {
	b.Example = json.RawMessage(example)
	return b
}

func with1(b Button, f func(*Button)) Button { f(&b); return b }

// sized pads the string between head and tail with x to n bytes in all.
func sized(head, tail string, n int) string {
	return head + repeat("x", n-len(head)-len(tail)) + tail
}

// bodyExample is a component example of exactly n bytes.
func bodyExample(n int) string { return sized(`{"body_text":[["`, `"]]}`, n) }

// urlExample is a URL button example of exactly n bytes.
func urlExample(n int) string { return sized(`["`, `"]`, n) }

// appsOfSize is a supported_apps of exactly n bytes.
func appsOfSize(n int) string {
	return sized(`[{"package_name":"com.example.app","signature_hash":"`, `"}]`, n)
}

// oneTap is the AUTHENTICATION draft with a ONE_TAP button naming its apps.
func oneTap(apps string) Draft {
	return with(authDraft(), func(d *Draft) {
		d.Components[2].Buttons[0] = Button{Type: ButtonOTP, OTPType: "ONE_TAP", SupportedApps: json.RawMessage(apps)}
	})
}

func flowJSON(js string) Button { return Button{Type: ButtonFlow, Text: "Book", FlowJSON: js} }

// flowButtons are n FLOW buttons whose flow_json is size bytes of fill
// ("x" unless given).
func flowButtons(n, size int, fill ...string) []Button {
	f := "x"
	if len(fill) > 0 {
		f = fill[0]
	}
	out := make([]Button, n)
	for i := range out {
		out[i] = flowJSON(repeat(f, size/len(f)))
	}
	return out
}

// setButtonField sets the string field with that JSON name.
func setButtonField(t *testing.T, b *Button, name, value string) {
	t.Helper()
	v := reflect.ValueOf(b).Elem()
	for i := range v.NumField() {
		if tag, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ","); tag == name {
			v.Field(i).SetString(value)
			return
		}
	}
	t.Fatalf("Button has no field %q", name)
}

type want struct {
	path     string
	fragment string
	code     apperr.Code
}

func TestViolations(t *testing.T) {
	const (
		required = apperr.CodeRequiredParameter
		invalid  = apperr.CodeInvalidParameter
		params   = apperr.CodeTemplateParamFormat
		policy   = apperr.CodeTemplateCharPolicy
	)
	tests := []struct {
		name  string
		draft Draft
		want  []want // empty: the draft is valid
	}{
		// Valid drafts, at every exact limit.
		{name: "minimal body", draft: marketing(body(okBody))},
		{name: "name of 512", draft: with(marketing(body("Hi")), func(d *Draft) { d.Name = repeat("a", 512) })},
		{name: "name of 1", draft: with(marketing(body("Hi")), func(d *Draft) { d.Name = "a" })},
		{name: "name digits underscores", draft: with(marketing(body("Hi")), func(d *Draft) { d.Name = "_2024_sale_v2" })},
		{name: "body of 1024 ASCII", draft: marketing(body(repeat("a", 1024)))},
		{name: "body of 1024 two-byte characters", draft: marketing(body(repeat("é", 1024)))},
		{name: "body of 1024 emoji in MARKETING", draft: marketing(body(repeat("😀", 1024)))},
		{name: "header of 60 three-byte characters", draft: utility(header(repeat("中", 60)), body("Hi"))},
		{name: "footer of 60", draft: utility(body("Hi"), footer(repeat("ß", 60)))},
		{name: "button text of 25", draft: marketing(body("Hi"), buttons(qr(repeat("ü", 25))))},
		{name: "10 buttons, 2 of them URL", draft: marketing(body("Hi"),
			buttons(append(qrs(8), urlButton("https://a.example.com/{{1}}"), urlButton("https://b.example.com"))...))},
		{name: "quick replies after the other buttons", draft: marketing(body("Hi"),
			buttons(urlButton("https://example.com"), phoneButton("+15550001111"), qr("Yes"), qr("No")))},
		{name: "URL with path, query and trailing {{1}}", draft: utility(body("Hi"),
			buttons(urlButton("https://shop.example.com/track?id=7&x=y#{{1}}")))},
		{name: "URL with upper-case scheme", draft: utility(body("Hi"), buttons(urlButton("HTTPS://example.com")))},
		{name: "phone number of 20", draft: utility(body("Hi"), buttons(phoneButton("+1234567890123456789")))},
		{name: "COPY_CODE in MARKETING", draft: marketing(body("Use code {{1}}"), buttons(copyCode()))},
		{name: "FLOW button", draft: utility(body("Book a slot"), buttons(flowButton("1234567890")))},
		{name: "AUTHENTICATION with OTP, footer expiry", draft: authDraft()},
		{name: "AUTHENTICATION ONE_TAP with app", draft: with(authDraft(), func(d *Draft) {
			d.Components[2].Buttons[0] = Button{Type: ButtonOTP, OTPType: "one_tap", PackageName: "com.example.app", SignatureHash: "K8a/AINcGX7"}
		})},
		{name: "AUTHENTICATION text with ©, e.g. and 3.50", draft: authBody("{{1}} is your code, e.g. for 3.50 EUR. © Example")},
		{name: "AUTHENTICATION Hindi with a zero-width joiner", draft: authBody("{{1}} आपका सत्यापन क\u094d\u200dष कोड है")},
		{name: "code_expiration_minutes of 90", draft: with(authDraft(), func(d *Draft) { d.Components[1].CodeExpirationMinutes = ptr(90) })},
		{name: "NAMED parameters", draft: with(marketing(header("Hi {{first_name}}"), body("Order {{order_id}} for {{first_name}}")),
			func(d *Draft) { d.ParameterFormat = FormatNamed })},
		{name: "NAMED keeps {{1}} in a URL", draft: with(utility(body("Order {{order_id}}"), buttons(urlButton("https://example.com/{{1}}"))),
			func(d *Draft) { d.ParameterFormat = "named" })},
		{name: "positional repeated after its first appearance", draft: marketing(body("{{1}} and {{2}} and {{1}} again"))},
		{name: "single braces are text", draft: marketing(body("Price {price} in {EUR}"))},
		{name: "media headers", draft: marketing(media(HeaderImage), body("Hi"))},
		{name: "LOCATION header in UTILITY", draft: utility(media(HeaderLocation), body("Your pickup point"))},
		{name: "header without format is TEXT", draft: utility(Component{Type: "header", Text: "Hi {{1}}"}, body("Hi"))},
		{name: "lower-case types and category", draft: Draft{Name: "a", Language: "pt_BR", Category: "utility",
			Components: []Component{{Type: "body", Text: "Oi"}, {Type: "buttons", Buttons: []Button{{Type: "quick_reply", Text: "Sim"}}}}}},
		{name: "other supported languages", draft: with(marketing(body("Hi")), func(d *Draft) { d.Language = "prs_AF" })},
		{name: "URLs allowed outside AUTHENTICATION", draft: utility(body("See https://example.com or www.example.org"))},
		{name: "words that only contain a phrase", draft: marketing(body("The alphabet now has a bookkeeping casinoesque loaner"))},
		{name: "components in any order", draft: marketing(buttons(qr("Yes")), footer("Bye"), body("Hi"), header("Hey"))},
		{name: "line breaks, CRLF and tabs in a body", draft: marketing(body("Hi,\r\nyour order\tshipped.\nBye"))},
		{name: "a NUL in a body", draft: marketing(body("Hi \x00 there")),
			want: []want{{"components[0].text", "control character U+0000 at character 4", invalid}}},
		{name: "an escape sequence in a header", draft: utility(header("A\x1b[31mRED\a"), body("Hi")),
			want: []want{{"components[0].text", "control character U+001B at character 2", invalid}}},
		{name: "a C1 control in a footer", draft: utility(body("Hi"), footer("Bye\u0085")),
			want: []want{{"components[1].text", "control character U+0085 at character 4", invalid}}},
		// A button label is one line: no line break or tab either.
		{name: "a line break in a button label", draft: marketing(body("Hi"), buttons(qr("Yes\nplease"))),
			want: []want{{"components[1].buttons[0].text", "control character U+000A at character 4: a button label is one line", invalid}}},
		{name: "CRLF in a URL button label", draft: marketing(body("Hi"), buttons(with1(urlButton("https://e.com/"), func(b *Button) { b.Text = "Track\r\nit" }))),
			want: []want{{"components[1].buttons[0].text", "control character U+000D at character 6", invalid}}},
		{name: "a tab in a button label", draft: marketing(body("Hi"), buttons(qr("Yes\tno"))),
			want: []want{{"components[1].buttons[0].text", "control character U+0009 at character 4", invalid}}},
		{name: "a NUL in a button label", draft: marketing(body("Hi"), buttons(qr("Yes\x00"))),
			want: []want{{"components[1].buttons[0].text", "control character U+0000 at character 4", invalid}}},
		{name: "a DEL in a preset label", draft: marketing(body("Hi"), buttons(with1(copyCode(), func(b *Button) { b.Text = "Copy\x7f" }))),
			want: []want{{"components[1].buttons[0].text", "control character U+007F at character 5", invalid}}},
		{name: "a line break in a footer", draft: utility(body("Hi"), footer("Bye,\nAcme"))},
		// Blank is spaces or characters that show nothing, in every text.
		{name: "a header of a zero-width space", draft: marketing(header("\u200b"), body("Hi")),
			want: []want{{"components[0].text", "is required for a TEXT header", required}}},
		{name: "a header of spaces and invisible characters", draft: marketing(header(" \u200b\u2060 \ufeff"), body("Hi")),
			want: []want{{"components[0].text", "is required for a TEXT header", required}}},
		{name: "a body of a zero-width space", draft: marketing(body("\u200b \u200b")),
			want: []want{{"components[0].text", "is required", required}}},
		{name: "a button label of a zero-width space", draft: marketing(body("Hi"), buttons(qr("\u200b"))),
			want: []want{{"components[1].buttons[0].text", "is required", required}}},
		{name: "a header with a zero-width space in a word", draft: marketing(header("Sum\u200bmer"), body("Hi"))},
		// A COPY_CODE button's code is at most 15 characters.
		{name: "COPY_CODE example of 15", draft: marketing(body("Hi"), buttons(withButtonExample(copyCode(), `"SUMMER2026SALE1"`)))},
		{name: "COPY_CODE example of 15 two-byte characters", draft: marketing(body("Hi"), buttons(withButtonExample(copyCode(), `"`+repeat("é", 15)+`"`)))},
		{name: "COPY_CODE example of 16", draft: marketing(body("Hi"), buttons(withButtonExample(copyCode(), `"SUMMER2026SALE12"`))),
			want: []want{{"components[1].buttons[0].example", "must be at most 15 characters (found 16)", invalid}}},

		// name, language, category, parameter_format.
		{name: "name missing", draft: with(marketing(body("Hi")), func(d *Draft) { d.Name = "" }),
			want: []want{{"name", "is required", required}}},
		{name: "name of 513", draft: with(marketing(body("Hi")), func(d *Draft) { d.Name = repeat("a", 513) }),
			want: []want{{"name", "at most 512 characters (found 513)", invalid}}},
		{name: "name upper case", draft: with(marketing(body("Hi")), func(d *Draft) { d.Name = "Order" }),
			want: []want{{"name", `(found "O")`, invalid}}},
		{name: "name with hyphen", draft: with(marketing(body("Hi")), func(d *Draft) { d.Name = "order-update" }),
			want: []want{{"name", "^[a-z0-9_]{1,512}$", invalid}}},
		{name: "name with a space", draft: with(marketing(body("Hi")), func(d *Draft) { d.Name = " order" }),
			want: []want{{"name", "lower-case letters, digits and underscores", invalid}}},
		{name: "language missing", draft: with(marketing(body("Hi")), func(d *Draft) { d.Language = "" }),
			want: []want{{"language", "is required", required}}},
		{name: "language unknown", draft: with(marketing(body("Hi")), func(d *Draft) { d.Language = "xx" }),
			want: []want{{"language", `"xx" is not a supported language code`, invalid}}},
		{name: "language with hyphen", draft: with(marketing(body("Hi")), func(d *Draft) { d.Language = "en-US" }),
			want: []want{{"language", "did you mean en_US?", invalid}}},
		{name: "language case", draft: with(marketing(body("Hi")), func(d *Draft) { d.Language = "PT_br" }),
			want: []want{{"language", "did you mean pt_BR?", invalid}}},
		{name: "category missing", draft: draft("", body("Hi")),
			want: []want{{"category", "is required", required}}},
		{name: "category unknown", draft: draft("PROMOTION", body("Hi")),
			want: []want{{"category", "MARKETING, UTILITY, AUTHENTICATION", invalid}}},
		{name: "parameter_format unknown", draft: with(marketing(body("Hi")), func(d *Draft) { d.ParameterFormat = "mixed" }),
			want: []want{{"parameter_format", `must be POSITIONAL or NAMED (found "MIXED")`, invalid}}},

		// Structure.
		{name: "components missing", draft: marketing(),
			want: []want{{"components", "is required", required}}},
		{name: "component type missing", draft: marketing(body("Hi"), Component{Text: "x"}),
			want: []want{{"components[1].type", "is required", required}}},
		{name: "component type unknown", draft: marketing(body("Hi"), Component{Type: "CAROUSEL"}),
			want: []want{{"components[1].type", "HEADER, BODY, FOOTER, BUTTONS", invalid}}},
		{name: "no BODY", draft: marketing(header("Hi")),
			want: []want{{"components", "a BODY component is required", required}}},
		{name: "two BODY", draft: marketing(body("Hi"), body("Again")),
			want: []want{{"components[1].type", "exactly one BODY", invalid}}},
		{name: "two HEADER", draft: marketing(header("A"), header("B"), body("Hi")),
			want: []want{{"components[1].type", "at most one HEADER", invalid}}},
		{name: "two FOOTER", draft: marketing(body("Hi"), footer("A"), footer("B")),
			want: []want{{"components[2].type", "at most one FOOTER", invalid}}},
		{name: "two BUTTONS", draft: marketing(body("Hi"), buttons(qr("A")), buttons(qr("B"))),
			want: []want{{"components[2].type", "at most one BUTTONS", invalid}}},
		{name: "format on BODY", draft: marketing(Component{Type: TypeBody, Format: "TEXT", Text: "Hi"}),
			want: []want{{"components[0].format", "only on a HEADER", invalid}}},
		{name: "buttons on BODY", draft: marketing(Component{Type: TypeBody, Text: "Hi", Buttons: []Button{qr("A")}}),
			want: []want{{"components[0].buttons", "only on a BUTTONS component", invalid}}},
		{name: "text on BUTTONS", draft: marketing(body("Hi"), Component{Type: TypeButtons, Text: "x", Buttons: []Button{qr("A")}}),
			want: []want{{"components[1].text", "not allowed on a BUTTONS component", invalid}}},
		{name: "add_security_recommendation on FOOTER", draft: marketing(body("Hi"), Component{Type: TypeFooter, Text: "x", AddSecurityRecommendation: ptr(false)}),
			want: []want{{"components[1].add_security_recommendation", "only on a BODY", invalid}}},
		{name: "code_expiration_minutes on BODY", draft: marketing(Component{Type: TypeBody, Text: "Hi", CodeExpirationMinutes: ptr(5)}),
			want: []want{{"components[0].code_expiration_minutes", "only on a FOOTER", invalid}}},
		{name: "code_expiration_minutes of 91", draft: with(authDraft(), func(d *Draft) { d.Components[1].CodeExpirationMinutes = ptr(91) }),
			want: []want{{"components[1].code_expiration_minutes", "from 1 to 90 (found 91)", invalid}}},
		{name: "code_expiration_minutes of 0", draft: with(authDraft(), func(d *Draft) { d.Components[1].CodeExpirationMinutes = ptr(0) }),
			want: []want{{"components[1].code_expiration_minutes", "(found 0)", invalid}}},
		{name: "example not JSON", draft: marketing(Component{Type: TypeBody, Text: "Hi", Example: json.RawMessage(`{`)}),
			want: []want{{"components[0].example", "valid JSON", invalid}}},

		// HEADER, BODY, FOOTER.
		{name: "header format unknown", draft: marketing(Component{Type: TypeHeader, Format: "GIF"}, body("Hi")),
			want: []want{{"components[0].format", "TEXT, IMAGE, VIDEO, DOCUMENT, LOCATION", invalid}}},
		{name: "TEXT header without text", draft: marketing(header(""), body("Hi")),
			want: []want{{"components[0].text", "is required for a TEXT header", required}}},
		{name: "header of 61", draft: marketing(header(repeat("中", 61)), body("Hi")),
			want: []want{{"components[0].text", "at most 60 characters (found 61)", invalid}}},
		{name: "header with two parameters", draft: marketing(header("{{1}} and {{2}}"), body("Hi")),
			want: []want{{"components[0].text", "at most one parameter (found 2)", params}}},
		{name: "text on an IMAGE header", draft: marketing(Component{Type: TypeHeader, Format: HeaderImage, Text: "x"}, body("Hi")),
			want: []want{{"components[0].text", "not allowed on a IMAGE header", invalid}}},
		{name: "BODY without text", draft: marketing(body("")),
			want: []want{{"components[0].text", "is required", required}}},
		{name: "BODY of spaces", draft: marketing(body(" \n\t")),
			want: []want{{"components[0].text", "is required", required}}},
		{name: "body of 1025", draft: marketing(body(repeat("a", 1025))),
			want: []want{{"components[0].text", "at most 1024 characters (found 1025)", invalid}}},
		{name: "body of 1025 two-byte characters", draft: marketing(body(repeat("é", 1025))),
			want: []want{{"components[0].text", "(found 1025)", invalid}}},
		{name: "body far over the limit is not scanned", draft: marketing(body("{{ 1 }} casino " + repeat("a", 4096))),
			want: []want{{"components[0].text", "at most 1024 characters (found 4111)", invalid}}},
		{name: "body of 1025 is scanned", draft: marketing(body("{{ 1 }} casino " + repeat("a", 1010))),
			want: []want{
				{"components[0].text", "(found 1025)", invalid},
				{"components[0].text", "has spaces inside the braces", params},
				{"components[0].text", `(gambling: "casino")`, policy},
			}},
		{name: "footer of 61", draft: marketing(body("Hi"), footer(repeat("ß", 61))),
			want: []want{{"components[1].text", "at most 60 characters (found 61)", invalid}}},
		{name: "footer with a parameter", draft: marketing(body("Hi"), footer("Ref {{1}}")),
			want: []want{{"components[1].text", `must not contain parameters (found "{{1}}")`, params}}},
		{name: "footer without text", draft: marketing(body("Hi"), footer("")),
			want: []want{{"components[1].text", "is required", required}}},

		// Buttons.
		{name: "BUTTONS without buttons", draft: marketing(body("Hi"), buttons()),
			want: []want{{"components[1].buttons", "at least one button is required", required}}},
		{name: "11 buttons", draft: marketing(body("Hi"), buttons(qrs(11)...)),
			want: []want{{"components[1].buttons", "at most 10 buttons (found 11)", invalid}}},
		{name: "3 URL buttons", draft: marketing(body("Hi"), buttons(urlButton("https://a.com"), urlButton("https://b.com"), urlButton("https://c.com"))),
			want: []want{{"components[1].buttons", "at most 2 URL buttons (found 3)", invalid}}},
		{name: "2 PHONE_NUMBER buttons", draft: marketing(body("Hi"), buttons(phoneButton("123"), phoneButton("456"))),
			want: []want{{"components[1].buttons", "at most 1 PHONE_NUMBER buttons (found 2)", invalid}}},
		{name: "2 COPY_CODE buttons", draft: marketing(body("Hi"), buttons(copyCode(), copyCode())),
			want: []want{{"components[1].buttons", "at most 1 COPY_CODE buttons (found 2)", invalid}}},
		{name: "button type missing", draft: marketing(body("Hi"), buttons(Button{Text: "x"})),
			want: []want{{"components[1].buttons[0].type", "is required", required}}},
		{name: "button type unknown", draft: marketing(body("Hi"), buttons(Button{Type: "CALL", Text: "x"})),
			want: []want{{"components[1].buttons[0].type", `(found "CALL")`, invalid}}},
		{name: "button text of 26", draft: marketing(body("Hi"), buttons(qr(repeat("ü", 26)))),
			want: []want{{"components[1].buttons[0].text", "at most 25 characters (found 26)", invalid}}},
		{name: "quick reply without text", draft: marketing(body("Hi"), buttons(qr(""))),
			want: []want{{"components[1].buttons[0].text", "is required", required}}},
		{name: "button text with a parameter", draft: marketing(body("Hi"), buttons(qr("Hi {{1}}"))),
			want: []want{{"components[1].buttons[0].text", "must not contain parameters", params}}},
		{name: "types not consecutive", draft: marketing(body("Hi"), buttons(qr("A"), urlButton("https://a.com"), qr("B"))),
			want: []want{{"components[1].buttons[2].type", "consecutive (QUICK_REPLY also at buttons[0])", invalid}}},
		{name: "URL buttons split", draft: marketing(body("Hi"), buttons(urlButton("https://a.com"), phoneButton("1"), urlButton("https://b.com"))),
			want: []want{{"components[1].buttons[2].type", "consecutive (URL also at buttons[0])", invalid}}},
		{name: "quick replies between other buttons", draft: marketing(body("Hi"), buttons(urlButton("https://a.com"), qr("A"), phoneButton("1"))),
			want: []want{{"components[1].buttons", "before or after all other buttons", invalid}}},
		{name: "URL button without url", draft: marketing(body("Hi"), buttons(urlButton(""))),
			want: []want{{"components[1].buttons[0].url", "is required", required}}},
		{name: "URL over http", draft: marketing(body("Hi"), buttons(urlButton("http://example.com"))),
			want: []want{{"components[1].buttons[0].url", "must use https", invalid}}},
		{name: "URL over ftp", draft: marketing(body("Hi"), buttons(urlButton("ftp://example.com/file"))),
			want: []want{{"components[1].buttons[0].url", "must use https", invalid}}},
		{name: "relative URL", draft: marketing(body("Hi"), buttons(urlButton("/track/{{1}}"))),
			want: []want{{"components[1].buttons[0].url", "must be an absolute https URL", invalid}}},
		{name: "URL without scheme", draft: marketing(body("Hi"), buttons(urlButton("example.com/track"))),
			want: []want{{"components[1].buttons[0].url", "must be an absolute https URL", invalid}}},
		{name: "URL without host", draft: marketing(body("Hi"), buttons(urlButton("https:///path"))),
			want: []want{{"components[1].buttons[0].url", "with a host", invalid}}},
		{name: "URL with a space", draft: marketing(body("Hi"), buttons(urlButton("https://example.com/a b"))),
			want: []want{{"components[1].buttons[0].url", "must not contain spaces", invalid}}},
		{name: "URL of 2001", draft: marketing(body("Hi"), buttons(urlButton("https://example.com/"+repeat("a", 1981)))),
			want: []want{{"components[1].buttons[0].url", "at most 2000 characters (found 2001)", invalid}}},
		{name: "URL variable in the middle", draft: marketing(body("Hi"), buttons(urlButton("https://example.com/{{1}}/x"))),
			want: []want{{"components[1].buttons[0].url", "{{1}} at the very end", params}}},
		// The url leads where the review saw it lead: no userinfo, and no
		// value that extends the host.
		{name: "URL with user and password", draft: marketing(body("Hi"), buttons(urlButton("https://user:pw@evil.example/"))),
			want: []want{{"components[1].buttons[0].url", "must not carry a user name or password", invalid}}},
		{name: "URL with a host as user name", draft: marketing(body("Hi"), buttons(urlButton("https://acme.example@evil.example/{{1}}"))),
			want: []want{{"components[1].buttons[0].url", "must not carry a user name or password", invalid}}},
		{name: "URL with an empty userinfo", draft: marketing(body("Hi"), buttons(urlButton("https://@evil.example/"))),
			want: []want{{"components[1].buttons[0].url", "must not carry a user name or password", invalid}}},
		{name: "URL variable in the host", draft: marketing(body("Hi"), buttons(urlButton("https://acme.example{{1}}"))),
			want: []want{{"components[1].buttons[0].url", "{{1}} must follow the host and a /, ? or #", params}}},
		{name: "URL variable in the port", draft: marketing(body("Hi"), buttons(urlButton("https://acme.example:{{1}}"))),
			want: []want{{"components[1].buttons[0].url", "{{1}} must follow the host", params}}},
		{name: "URL variable after ?", draft: marketing(body("Hi"), buttons(urlButton("https://acme.example?{{1}}")))},
		{name: "URL variable after #", draft: marketing(body("Hi"), buttons(urlButton("https://acme.example#{{1}}")))},
		{name: "URL with @ in its path", draft: marketing(body("Hi"), buttons(urlButton("https://acme.example/u/@ann/{{1}}")))},
		{name: "URL variable {{2}}", draft: marketing(body("Hi"), buttons(urlButton("https://example.com/{{2}}"))),
			want: []want{{"components[1].buttons[0].url", "one variable only", params}}},
		{name: "url on a quick reply", draft: marketing(body("Hi"), buttons(Button{Type: ButtonQuickReply, Text: "A", URL: "https://a.com"})),
			want: []want{{"components[1].buttons[0].url", "only on a URL button", invalid}}},
		{name: "phone_number on a URL button", draft: marketing(body("Hi"), buttons(Button{Type: ButtonURL, Text: "A", URL: "https://a.com", PhoneNumber: "1"})),
			want: []want{{"components[1].buttons[0].phone_number", "only on a PHONE_NUMBER button", invalid}}},
		{name: "otp_type on a quick reply", draft: marketing(body("Hi"), buttons(Button{Type: ButtonQuickReply, Text: "A", OTPType: "COPY_CODE"})),
			want: []want{{"components[1].buttons[0].otp_type", "only on an OTP button", invalid}}},
		{name: "PHONE_NUMBER without number", draft: marketing(body("Hi"), buttons(phoneButton(""))),
			want: []want{{"components[1].buttons[0].phone_number", "is required", required}}},
		{name: "phone number with letters", draft: marketing(body("Hi"), buttons(phoneButton("+1 555 CALL"))),
			want: []want{{"components[1].buttons[0].phone_number", "digits with an optional leading +", invalid}}},
		{name: "phone number of 21", draft: marketing(body("Hi"), buttons(phoneButton("+12345678901234567890"))),
			want: []want{{"components[1].buttons[0].phone_number", "at most 20 characters", invalid}}},
		{name: "COPY_CODE in UTILITY", draft: utility(body("Hi"), buttons(copyCode())),
			want: []want{{"components[1].buttons[0].type", "only in MARKETING", invalid}}},
		{name: "OTP in MARKETING", draft: marketing(body("Hi"), buttons(otpButton())),
			want: []want{{"components[1].buttons[0].type", "only in AUTHENTICATION", invalid}}},
		{name: "FLOW without flow", draft: marketing(body("Hi"), buttons(flowButton(""))),
			want: []want{{"components[1].buttons[0].flow_id", "one of flow_id, flow_name or flow_json is required", required}}},
		{name: "FLOW action unknown", draft: marketing(body("Hi"), buttons(Button{Type: ButtonFlow, Text: "Book", FlowID: "1", FlowAction: "jump"})),
			want: []want{{"components[1].buttons[0].flow_action", `navigate or data_exchange (found "jump")`, invalid}}},

		// AUTHENTICATION.
		{name: "AUTHENTICATION without OTP", draft: draft(CategoryAuthentication, body("{{1}} is your code.")),
			want: []want{{"components", "exactly one OTP button (found 0)", invalid}}},
		{name: "AUTHENTICATION with two OTP", draft: with(authDraft(), func(d *Draft) {
			d.Components[2].Buttons = append(d.Components[2].Buttons, otpButton())
		}), want: []want{{"components", "exactly one OTP button (found 2)", invalid}}},
		{name: "OTP ONE_TAP without app", draft: with(authDraft(), func(d *Draft) { d.Components[2].Buttons[0].OTPType = "ZERO_TAP" }),
			want: []want{{"components[2].buttons[0].package_name", "required for a ZERO_TAP button", required}}},
		{name: "otp_type unknown", draft: with(authDraft(), func(d *Draft) { d.Components[2].Buttons[0].OTPType = "magic" }),
			want: []want{{"components[2].buttons[0].otp_type", `(found "magic")`, invalid}}},
		{name: "AUTHENTICATION with a URL button", draft: with(authDraft(), func(d *Draft) {
			d.Components[2].Buttons = append(d.Components[2].Buttons, urlButton("https://example.com"))
		}), want: []want{{"components[2].buttons[1].type", "URL buttons are not allowed in AUTHENTICATION", policy}}},
		{name: "AUTHENTICATION body with https URL", draft: authBody("{{1}} is your code. Details: HTTPS://example.com/x"),
			want: []want{{"components[0].text", `URLs are not allowed in AUTHENTICATION templates (found "HTTPS://example.com/x")`, policy}}},
		{name: "AUTHENTICATION body with www.", draft: authBody("{{1}} is your code, see www.example"),
			want: []want{{"components[0].text", `(found "www.example")`, policy}}},
		{name: "AUTHENTICATION body with a bare domain", draft: authBody("{{1}} is your Example.com code."),
			want: []want{{"components[0].text", `(found "Example.com")`, policy}}},
		{name: "AUTHENTICATION footer with an e-mail address", draft: with(authDraft(), func(d *Draft) { d.Components[1].Text = "Help: help@example.co.uk" }),
			want: []want{{"components[1].text", `(found "example.co.uk")`, policy}}},
		{name: "AUTHENTICATION with an emoji", draft: authBody("{{1}} is your code 😀"),
			want: []want{{"components[0].text", "emoji are not allowed in AUTHENTICATION templates (U+1F600 at character 20)", policy}}},
		{name: "AUTHENTICATION with a flag", draft: authBody("🇩🇪 {{1}} is your code"),
			want: []want{{"components[0].text", "U+1F1E9 at character 1", policy}}},
		{name: "AUTHENTICATION with emoji presentation of ©", draft: authBody("{{1}} is your code ©\uFE0F"),
			want: []want{{"components[0].text", "U+FE0F", policy}}},
		{name: "AUTHENTICATION with a keycap", draft: authBody("Code {{1}} 1\u20e3"),
			want: []want{{"components[0].text", "U+20E3", policy}}},
		{name: "AUTHENTICATION with a dingbat", draft: authBody("✅ {{1}} is your code"),
			want: []want{{"components[0].text", "U+2705", policy}}},
		{name: "AUTHENTICATION button label with an emoji", draft: with(authDraft(), func(d *Draft) { d.Components[2].Buttons[0].Text = "Copy ⭐" }),
			want: []want{{"components[2].buttons[0].text", "U+2B50", policy}}},
		{name: "AUTHENTICATION with an IMAGE header", draft: authDraft(media(HeaderImage)),
			want: []want{{"components[3].format", "cannot have a media header (IMAGE)", invalid}}},
		{name: "AUTHENTICATION with a LOCATION header", draft: authDraft(media(HeaderLocation)),
			want: []want{{"components[3].format", "cannot have a media header (LOCATION)", invalid}}},

		// Parameters.
		{name: "spaces inside braces", draft: marketing(body("Hi {{ 1 }}")),
			want: []want{{"components[0].text", `malformed parameter: "{{ 1 }}" has spaces inside the braces`, params}}},
		{name: "empty braces", draft: marketing(body("Hi {{}}")),
			want: []want{{"components[0].text", `"{{}}" is empty`, params}}},
		{name: "unbalanced {{", draft: marketing(body("Hi {{1}} and {{2")),
			want: []want{{"components[0].text", "unbalanced {{ at character 14", params}}},
		{name: "unbalanced }}", draft: marketing(body("Hi 1}} there")),
			want: []want{{"components[0].text", "unbalanced }} at character 5", params}}},
		{name: "nested opening", draft: marketing(body("Hi {{a {{1}}")),
			want: []want{{"components[0].text", "unbalanced {{ at character 4", params}}},
		{name: "triple braces", draft: marketing(body("Hi {{{1}}}")),
			want: []want{{"components[0].text", `"{{{1}}" has characters other than`, params}}},
		{name: "special character inside", draft: marketing(body("Pay {{1$}}")),
			want: []want{{"components[0].text", `"{{1$}}" has characters other than lower-case letters`, params}}},
		{name: "named parameter in upper case", draft: with(marketing(body("Hi {{First_Name}}")), func(d *Draft) { d.ParameterFormat = FormatNamed }),
			want: []want{{"components[0].text", `"{{First_Name}}" must be lower case`, params}}},
		{name: "{{0}}", draft: marketing(body("Hi {{0}}")),
			want: []want{{"components[0].text", "not a number from 1", params}}},
		{name: "{{01}}", draft: marketing(body("Hi {{01}}")),
			want: []want{{"components[0].text", "without leading zeros", params}}},
		{name: "huge number", draft: marketing(body("Hi {{1001}}")),
			want: []want{{"components[0].text", "numbered above 1000", params}}},
		{name: "gap 1,2,5,4", draft: marketing(body("{{1}}, {{2}}, {{5}}, {{4}} done")),
			want: []want{{"components[0].text", "{{3}} is missing (found {{1}}, {{2}}, {{4}}, {{5}})", params}}},
		{name: "starting at 2", draft: marketing(body("Hi {{2}}")),
			want: []want{{"components[0].text", "{{1}} is missing", params}}},
		{name: "out of order", draft: marketing(body("Order {{2}} for {{1}} ships today")),
			want: []want{{"components[0].text", "must first appear in order {{1}}, {{2}}, ...: {{2}} comes before {{1}}", params}}},
		{name: "out of order after a repeat", draft: marketing(body("Hi {{1}}, {{1}}: order {{3}} ships {{2}} today")),
			want: []want{{"components[0].text", "{{3}} comes before {{2}}", params}}},
		{name: "a repeat after its first appearance", draft: marketing(body("Hi {{1}}, order {{2}} is yours, {{1}}, thanks"))},
		{name: "named under POSITIONAL", draft: marketing(body("Hi {{first_name}}")),
			want: []want{{"components[0].text", `parameter_format is POSITIONAL, so parameters are {{1}}..{{n}} only (found "{{first_name}}"`, params}}},
		{name: "positional under NAMED", draft: with(marketing(body("Hi {{1}}")), func(d *Draft) { d.ParameterFormat = FormatNamed }),
			want: []want{{"components[0].text", `parameter_format is NAMED, so parameters are {{snake_case_name}} only (found "{{1}}")`, params}}},
		{name: "mixed under NAMED", draft: with(marketing(body("Hi {{name}}, order {{1}}")), func(d *Draft) { d.ParameterFormat = FormatNamed }),
			want: []want{{"components[0].text", `(found "{{1}}")`, params}}},
		{name: "mixed across components", draft: marketing(header("Hi {{name}}"), body("Order {{1}}")),
			want: []want{{"components[0].text", `(found "{{name}}"`, params}}},
		{name: "adjacent parameters", draft: marketing(body("Hi {{1}}{{2}} there")),
			want: []want{{"components[0].text", `"{{1}}" and "{{2}}" are adjacent`, params}}},
		{name: "adjacent parameters, an invisible mark between", draft: marketing(body("Hi {{1}}\u200b\u200f{{2}} there")),
			want: []want{{"components[0].text", `"{{1}}" and "{{2}}" are adjacent`, params}}},

		// Regulated verticals.
		{name: "gambling", draft: marketing(body("Try sports betting today")),
			want: []want{{"components[0].text", `refers to a regulated vertical (gambling: "sports betting")`, policy}}},
		{name: "lending, any case and accents", draft: marketing(body("PRESTAMO RÁPIDO hoy")),
			want: []want{{"components[0].text", `(lending: "préstamo rápido")`, policy}}},
		{name: "lending, decomposed accents", draft: marketing(body("Empre\u0301stimo pessoal ja\u0301")),
			want: []want{{"components[0].text", `(lending: "empréstimo pessoal")`, policy}}},
		{name: "plural", draft: marketing(body("Payday loans for everyone")),
			want: []want{{"components[0].text", `(lending: "payday loan")`, policy}}},
		{name: "disguised", draft: marketing(body("Play at our C.A.S.I.N.O tonight")),
			want: []want{{"components[0].text", `(gambling: "casino")`, policy}}},
		// A venue's name in a header is read with the rest of the template:
		// a casino resort's table booking is a restaurant's notice, a casino
		// header over a game is gambling.
		{name: "a casino resort's name over a table booking", draft: utility(header("Silver Creek Casino Resort"),
			body("Your table at The Oak Room is confirmed for Saturday. The restaurant is next to the valet entrance."))},
		{name: "a casino's name over a game", draft: marketing(header("Silver Creek Casino"), body("Play tonight and win big")),
			want: []want{{"components[0].text", `(gambling: "casino")`, policy}}},
		{name: "a casino's name beside a table and a disguised game", draft: marketing(body("Casino Royal: book a table and w1n big tonight")),
			want: []want{{"components[0].text", `(gambling: "casino")`, policy}}},
		{name: "a casino's name keeps its place in field order", draft: marketing(header("Silver Creek Casino"), body("Play tonight and win big"),
			buttons(urlButton("http://example.com/x"))),
			want: []want{{"components[0].text", `(gambling: "casino")`, policy}, {"components[2].buttons[0].url", "https", invalid}}},
		{name: "in a body example", draft: marketing(withExample(body("Hi {{1}}, {{2}} are waiting for you"), `{"body_text":[["Ana","100 free spins at Casino Royal"]]}`)),
			want: []want{{"components[0].example.body_text[0][1]", `(gambling: "free spins")`, policy}}},
		{name: "in a header example", draft: marketing(withExample(header("{{1}}"), `{"header_text":["Payday loans today"]}`), body("See our offer inside the app")),
			want: []want{{"components[0].example.header_text[0]", `(lending: "payday loan")`, policy}}},
		{name: "in a named example", draft: with(marketing(withExample(body("Hi {{name}}, see what is new for you"), `{"body_text_named_params":[{"param_name":"name","example":"bitcoin investors"}]}`)), func(d *Draft) { d.ParameterFormat = FormatNamed }),
			want: []want{{"components[0].example.body_text_named_params[0].example", `(forex or crypto: "bitcoin")`, policy}}},
		{name: "in a URL's path", draft: marketing(body("See what is new for you this week"), buttons(urlButton("https://shop.example.com/free-spins/{{1}}"))),
			want: []want{{"components[1].buttons[0].url", `(gambling: "free spins")`, policy}}},
		{name: "a vertical's domain", draft: marketing(body("See what is new for you this week"), buttons(urlButton("https://lucky.bet/welcome"))),
			want: []want{{"components[1].buttons[0].url", `(gambling: ".bet")`, policy}}},
		{name: "hyphenated German", draft: marketing(body("Neu: Online-Casino mit Freispielen")),
			want: []want{{"components[0].text", `(gambling: "online casino")`, policy}}},
		{name: "French", draft: marketing(body("Jouez aux MACHINES A SOUS")),
			want: []want{{"components[0].text", `(gambling: "machines à sous")`, policy}}},
		{name: "crypto in a header", draft: marketing(header("Bitcoin news"), body("Hi")),
			want: []want{{"components[0].text", `(forex or crypto: "bitcoin")`, policy}}},
		{name: "health claim in a footer", draft: marketing(body("Hi"), footer("A miracle cure!")),
			want: []want{{"components[1].text", `(health claims: "miracle cure")`, policy}}},
		{name: "vertical in a button label", draft: marketing(body("Hi"), buttons(qr("Binary options"))),
			want: []want{{"components[1].buttons[0].text", `(forex or crypto: "binary options")`, policy}}},
		{name: "two verticals in one text", draft: marketing(body("Crypto loans? No: Sportwetten!")),
			want: []want{
				{"components[0].text", `(forex or crypto: "crypto")`, policy},
				{"components[0].text", `(gambling: "Sportwetten")`, policy},
			}},

		// Sizes of the fields the interface leaves free (limits.go): at the
		// limit passes, a byte over fails naming the field.
		{name: "component example at the limit", draft: marketing(withExample(body("Hi {{1}}"), bodyExample(MaxExampleBytes)))},
		{name: "component example over the limit", draft: marketing(withExample(body("Hi {{1}}"), bodyExample(MaxExampleBytes+1))),
			want: []want{{"components[0].example", "must be at most 16384 bytes (found 16385)", invalid}}},
		{name: "URL example at the limit", draft: utility(body("Hi"), buttons(withButtonExample(urlButton("https://e.com/{{1}}"), urlExample(MaxExampleBytes))))},
		{name: "URL example over the limit", draft: utility(body("Hi"), buttons(withButtonExample(urlButton("https://e.com/{{1}}"), urlExample(MaxExampleBytes+1)))),
			want: []want{{"components[1].buttons[0].example", "must be at most 16384 bytes (found 16385)", invalid}}},
		{name: "supported_apps at the limit", draft: oneTap(appsOfSize(MaxSupportedAppsBytes))},
		{name: "supported_apps over the limit", draft: oneTap(appsOfSize(MaxSupportedAppsBytes + 1)),
			want: []want{{"components[2].buttons[0].supported_apps", "must be at most 4096 bytes (found 4097)", invalid}}},
		{name: "flow_json at the limit", draft: utility(body("Book"), buttons(flowJSON(repeat("x", MaxFlowJSONBytes))))},
		{name: "flow_json over the limit", draft: utility(body("Book"), buttons(flowJSON(repeat("x", MaxFlowJSONBytes+1)))),
			want: []want{{"components[1].buttons[0].flow_json", "must be at most 65536 bytes (found 65537)", invalid}}},
		{name: "flow_json at the limit in two-byte characters", draft: utility(body("Book"), buttons(flowJSON(repeat("é", MaxFlowJSONBytes/2))))},
		{name: "flow_json over the limit in two-byte characters", draft: utility(body("Book"), buttons(flowJSON(repeat("é", MaxFlowJSONBytes/2+1)))),
			want: []want{{"components[1].buttons[0].flow_json", "(found 65538)", invalid}}},
		{name: "flow_json of 450 KB", draft: utility(body("Book"), buttons(flowJSON(repeat("x", 450<<10)))),
			want: []want{{"components[1].buttons[0].flow_json", "must be at most 65536 bytes (found 460800)", invalid}}},
		{name: "component example of 450 KB", draft: marketing(withExample(body("Hi {{1}}"), bodyExample(450<<10))),
			want: []want{{"components[0].example", "(found 460800)", invalid}}},
		{name: "blank footer text at its limit", draft: with(authDraft(), func(d *Draft) { d.Components[1].Text = repeat(" ", 60) })},
		{name: "blank footer text over its limit", draft: with(authDraft(), func(d *Draft) { d.Components[1].Text = repeat(" ", 61) }),
			want: []want{{"components[1].text", "at most 60 characters (found 61)", invalid}}},
		{name: "blank preset label over its limit", draft: marketing(body("Hi"), buttons(with1(copyCode(), func(b *Button) { b.Text = repeat("\n", 26) }))),
			want: []want{{"components[1].buttons[0].text", "at most 25 characters (found 26)", invalid}}},
		{name: "stored components just under the limit", draft: utility(body("Book"), buttons(flowButtons(4, 60<<10)...))},
		{name: "stored components over the limit", draft: utility(body("Book"), buttons(flowButtons(5, 60<<10)...)),
			want: []want{{"components", "must be at most 262144 bytes once stored (found 307", invalid}}},
		// A control character is stored as \u00XX: six bytes for one.
		{name: "stored components over the limit by escaping", draft: utility(body("Book"), buttons(flowButtons(1, 60<<10, "\x01")...)),
			want: []want{{"components", "must be at most 262144 bytes once stored", invalid}}},

		// Shapes of examples and supported_apps.
		{name: "examples of every known form", draft: with(marketing(
			withExample(header("Hi {{1}}"), `{"header_text":["Ann"]}`),
			withExample(body("{{1}} and {{2}}"), `{"body_text":[["a","b"],["c","d"]],"unknown_key":{"kept":[1,true]}}`),
			buttons(withButtonExample(urlButton("https://e.com/{{1}}"), `["x"]`), copyCode(), qr("Yes"), withButtonExample(qr("No"), `["n"]`)),
		), func(d *Draft) {})},
		{name: "named examples", draft: with(marketing(
			withExample(header("Hi {{name}}"), `{"header_text_named_params":[{"param_name":"name","example":"Ann"}]}`),
			withExample(body("Order {{id}}"), `{"body_text_named_params":[{"param_name":"id","example":"7","extra":1}]}`),
		), func(d *Draft) { d.ParameterFormat = FormatNamed })},
		{name: "example an array", draft: marketing(withExample(body("Hi {{1}}"), `[["a"]]`)),
			want: []want{{"components[0].example", "expected an object, found an array", invalid}}},
		{name: "example a string", draft: marketing(withExample(body("Hi {{1}}"), `"a"`)),
			want: []want{{"components[0].example", "expected an object, found a string", invalid}}},
		{name: "body_text a string", draft: marketing(withExample(body("Hi {{1}}"), `{"body_text":"a"}`)),
			want: []want{{"components[0].example.body_text", "expected an array, found a string", invalid}}},
		// Each in the other's shape, as clients copy them.
		{name: "body_text flat", draft: marketing(withExample(body("Hi {{1}}"), `{"body_text":["a"]}`))},
		{name: "header_text nested", draft: marketing(withExample(header("Line {{1}} closed"), `{"header_text":[["4"]]}`), body("Hi"))},
		{name: "header_text nested with a number", draft: marketing(withExample(header("Hi {{1}}"), `{"header_text":[[1]]}`), body("Hi")),
			want: []want{{"components[0].example.header_text[0][0]", "expected a string, found a number", invalid}}},
		{name: "body_text mixed rows", draft: marketing(withExample(body("Hi {{1}}"), `{"body_text":[["a"],"b"]}`)),
			want: []want{{"components[0].example.body_text[1]", "expected an array, found a string", invalid}}},
		{name: "a nested header example screened", draft: marketing(withExample(header("{{1}}"), `{"header_text":[["Payday loans today"]]}`), body("See our offer inside the app")),
			want: []want{{"components[0].example.header_text[0][0]", `(lending: "payday loan")`, policy}}},
		{name: "body_text with a number", draft: marketing(header("Hi"), withExample(body("{{1}}, {{2}}, {{3}}"), `{"body_text":[["a","b",3]]}`)),
			want: []want{{"components[1].example.body_text[0][2]", "expected a string, found a number", invalid}}},
		{name: "body_text with null", draft: marketing(withExample(body("Hi {{1}}"), `{"body_text":[[null]]}`)),
			want: []want{{"components[0].example.body_text[0][0]", "expected a string, found null", invalid}}},
		{name: "header_text with a number", draft: marketing(withExample(header("Hi {{1}}"), `{"header_text":[1]}`), body("Hi")),
			want: []want{{"components[0].example.header_text[0]", "expected a string, found a number", invalid}}},
		{name: "header_handle an object", draft: marketing(withExample(media(HeaderImage), `{"header_handle":{"h":"4::x"}}`), body("Hi")),
			want: []want{{"components[0].example.header_handle", "expected an array, found an object", invalid}}},
		{name: "named params not objects", draft: marketing(withExample(body("Hi {{1}}"), `{"body_text_named_params":["x"]}`)),
			want: []want{{"components[0].example.body_text_named_params[0]", "expected an object, found a string", invalid}}},
		{name: "named param_name a number", draft: marketing(withExample(body("Hi {{1}}"), `{"body_text_named_params":[{"param_name":1,"example":"x"}]}`)),
			want: []want{{"components[0].example.body_text_named_params[0].param_name", "expected a string, found a number", invalid}}},
		{name: "named header example a boolean", draft: marketing(withExample(header("Hi {{1}}"), `{"header_text_named_params":[{"param_name":"a","example":true}]}`), body("Hi")),
			want: []want{{"components[0].example.header_text_named_params[0].example", "expected a string, found a boolean", invalid}}},
		{name: "every shape error listed", draft: marketing(withExample(body("Hi {{1}}"), `{"body_text":[[1,{}]],"header_text":"x"}`)),
			want: []want{
				{"components[0].example.body_text[0][0]", "expected a string, found a number", invalid},
				{"components[0].example.body_text[0][1]", "expected a string, found an object", invalid},
				{"components[0].example.header_text", "expected an array, found a string", invalid},
			}},
		{name: "example not UTF-8", draft: marketing(withExample(body("Hi {{1}}"), "{\"body_text\":[[\"\xff\"]]}")),
			want: []want{{"components[0].example", "must be UTF-8", invalid}}},
		{name: "example names a key twice", draft: marketing(withExample(body("Hi {{1}}"), `{"body_text":[["Friday"]],"body_text":[]}`)),
			want: []want{{"components[0].example", `names "body_text" twice in one object`, invalid}}},
		{name: "a nested object names a key twice", draft: marketing(withExample(body("Hi {{1}}"), `{"body_text_named_params":[{"param_name":"name","example":"Ana","example":"Bo"}]}`)),
			want: []want{{"components[0].example.body_text_named_params[0]", `names "example" twice in one object`, invalid}}},
		{name: "supported_apps names a key twice", draft: oneTap(`[{"package_name":"com.a","package_name":"com.b","signature_hash":"K8a"}]`),
			want: []want{{"components[2].buttons[0].supported_apps[0]", `names "package_name" twice in one object`, invalid}}},
		{name: "URL example a string", draft: marketing(body("Hi"), buttons(withButtonExample(urlButton("https://e.com/{{1}}"), `"x"`))),
			want: []want{{"components[1].buttons[0].example", "expected an array, found a string", invalid}}},
		{name: "URL example numbers", draft: marketing(body("Hi"), buttons(withButtonExample(urlButton("https://e.com/{{1}}"), `[1]`))),
			want: []want{{"components[1].buttons[0].example[0]", "expected a string, found a number", invalid}}},
		{name: "COPY_CODE example an array", draft: marketing(body("Hi"), buttons(withButtonExample(copyCode(), `["SAVE20"]`))),
			want: []want{{"components[1].buttons[0].example", "expected a string, found an array", invalid}}},
		{name: "quick reply example an object", draft: marketing(body("Hi"), buttons(withButtonExample(qr("Yes"), `{"a":"b"}`))),
			want: []want{{"components[1].buttons[0].example", "expected a string or an array of strings, found an object", invalid}}},
		{name: "quick reply example array of numbers", draft: marketing(body("Hi"), buttons(withButtonExample(qr("Yes"), `[true]`))),
			want: []want{{"components[1].buttons[0].example[0]", "expected a string, found a boolean", invalid}}},
		{name: "supported_apps an object", draft: oneTap(`{"package_name":"com.example"}`),
			want: []want{{"components[2].buttons[0].supported_apps", "expected an array, found an object", invalid}}},
		{name: "supported_apps of strings", draft: oneTap(`["com.example"]`),
			want: []want{{"components[2].buttons[0].supported_apps[0]", "expected an object, found a string", invalid}}},
		{name: "supported_apps package_name a number", draft: oneTap(`[{"package_name":7,"signature_hash":"K8a"}]`),
			want: []want{{"components[2].buttons[0].supported_apps[0].package_name", "expected a string, found a number", invalid}}},
		{name: "supported_apps not JSON", draft: oneTap(`[{]`),
			want: []want{{"components[2].buttons[0].supported_apps", "must be valid JSON", invalid}}},

		// Example values against the parameters they stand for (100).
		{name: "body example one value for two parameters", draft: marketing(withExample(body(okBody), `{"body_text":[["A-1"]]}`)),
			want: []want{{"components[0].example.body_text[0]", "expected 2 values, one for each parameter of the text ({{1}}, {{2}}), found 1", invalid}}},
		{name: "body example three values for two parameters", draft: marketing(withExample(body(okBody), `{"body_text":[["Ann","A-1","x"]]}`)),
			want: []want{{"components[0].example.body_text[0]", "expected 2 values, one for each parameter of the text ({{1}}, {{2}}), found 3", invalid}}},
		{name: "body example flat, one short", draft: marketing(withExample(body(okBody), `{"body_text":["Ann"]}`)),
			want: []want{{"components[0].example.body_text", "expected 2 values", invalid}}},
		{name: "body example empty", draft: marketing(withExample(body(okBody), `{"body_text":[[]]}`)),
			want: []want{{"components[0].example.body_text[0]", "found 0", invalid}}},
		{name: "body example second set short", draft: marketing(withExample(body(okBody), `{"body_text":[["Ann","A-1"],["Bo"]]}`)),
			want: []want{{"components[0].example.body_text[1]", "expected 2 values", invalid}}},
		{name: "body example counts distinct parameters", draft: marketing(withExample(body("{{1}} ordered, {{1}} paid for order {{2}}"), `{"body_text":[["Ann","A-1"]]}`))},
		{name: "body example per distinct number", draft: marketing(withExample(body("{{1}} for {{2}}, then {{3}} and {{1}}"), `{"body_text":[["a","b"]]}`)),
			want: []want{{"components[0].example.body_text[0]", "({{1}}, {{2}}, {{3}}), found 2", invalid}}},
		{name: "body example for a text without parameters", draft: marketing(withExample(body("Hi there"), `{"body_text":[["Ann"]]}`)),
			want: []want{{"components[0].example.body_text[0]", "expected no values, as the text has no positional parameters, found 1", invalid}}},
		{name: "body example without body_text", draft: marketing(withExample(body(okBody), `{}`))},
		{name: "no example at all", draft: marketing(body(okBody))},
		{name: "header example one value", draft: marketing(withExample(header("Order {{1}}"), `{"header_text":["A-1"]}`), body("Hi"))},
		{name: "header example two values", draft: marketing(withExample(header("Order {{1}}"), `{"header_text":["A-1","A-2"]}`), body("Hi")),
			want: []want{{"components[0].example.header_text", "expected 1 value, one for each parameter of the text ({{1}}), found 2", invalid}}},
		{name: "header example nested, none", draft: marketing(withExample(header("Order {{1}}"), `{"header_text":[[]]}`), body("Hi")),
			want: []want{{"components[0].example.header_text[0]", "expected 1 value", invalid}}},
		{name: "header example for a header without parameter", draft: marketing(withExample(header("Your order"), `{"header_text":["A-1"]}`), body("Hi")),
			want: []want{{"components[0].example.header_text", "expected no values", invalid}}},
		{name: "a body's example key on a header is not compared", draft: marketing(withExample(header("Order {{1}}"), `{"body_text":[["a","b"]]}`), body("Hi"))},
		{name: "malformed parameters: the example is not compared", draft: marketing(withExample(body("Hi {{first name}}, welcome"), `{"body_text":[["a","b","c"]]}`)),
			want: []want{{"components[0].text", "has spaces inside the braces", params}}},
		{name: "parameters of the wrong kind: the example is not compared", draft: marketing(withExample(body("Hi {{nome}}, welcome"), `{"body_text":[["Ana"]]}`)),
			want: []want{{"components[0].text", "parameter_format is POSITIONAL", params}}},
		{name: "a bad example listed after its text's violations", draft: marketing(withExample(body("Hi {{1}}, free spins inside"), `{"body_text":[["Ana","x"]]}`)),
			want: []want{
				{"components[0].text", "gambling", policy},
				{"components[0].example.body_text[0]", "expected 1 value", invalid},
			}},
		{name: "named example missing a name", draft: with(marketing(withExample(body("Hi {{first_name}}, order {{order_id}}"), `{"body_text_named_params":[{"param_name":"first_name","example":"Ann"}]}`)),
			func(d *Draft) { d.ParameterFormat = FormatNamed }),
			want: []want{{"components[0].example.body_text_named_params", `expected one example for each named parameter of the text ("{{first_name}}", "{{order_id}}"), found "{{first_name}}": "{{order_id}}" is missing`, invalid}}},
		{name: "named example with an extra name", draft: with(marketing(withExample(body("Hi {{first_name}}"), `{"body_text_named_params":[{"param_name":"first_name","example":"Ann"},{"param_name":"coupon","example":"X"}]}`)),
			func(d *Draft) { d.ParameterFormat = FormatNamed }),
			want: []want{{"components[0].example.body_text_named_params", `"{{coupon}}" is not in the text`, invalid}}},
		{name: "named example with a name twice", draft: with(marketing(withExample(body("Hi {{first_name}}"), `{"body_text_named_params":[{"param_name":"first_name","example":"Ann"},{"param_name":"first_name","example":"Bo"}]}`)),
			func(d *Draft) { d.ParameterFormat = FormatNamed }),
			want: []want{{"components[0].example.body_text_named_params", `"{{first_name}}" is given twice`, invalid}}},
		{name: "named example in another order", draft: with(marketing(withExample(body("Hi {{first_name}}, order {{order_id}}, {{first_name}}"), `{"body_text_named_params":[{"param_name":"order_id","example":"7"},{"param_name":"first_name","example":"Ann"}]}`)),
			func(d *Draft) { d.ParameterFormat = FormatNamed })},
		{name: "named header example for another name", draft: with(marketing(withExample(header("Hi {{name}}"), `{"header_text_named_params":[{"param_name":"nom","example":"Ann"}]}`), body("Hi")),
			func(d *Draft) { d.ParameterFormat = FormatNamed }),
			want: []want{{"components[0].example.header_text_named_params", `found "{{nom}}": "{{nom}}" is not in the text, "{{name}}" is missing`, invalid}}},
		{name: "named example for a positional text", draft: marketing(withExample(body("Hi {{1}}"), `{"body_text_named_params":[{"param_name":"name","example":"Ann"}]}`)),
			want: []want{{"components[0].example.body_text_named_params", "expected no names, as the text has no named parameters", invalid}}},
		{name: "URL example one value", draft: marketing(body("Hi"), buttons(withButtonExample(urlButton("https://e.com/{{1}}"), `["A-1"]`)))},
		{name: "URL example two values", draft: marketing(body("Hi"), buttons(withButtonExample(urlButton("https://e.com/{{1}}"), `["A-1","A-2"]`))),
			want: []want{{"components[1].buttons[0].example", "expected 1 value, for the url's {{1}}, found 2", invalid}}},
		{name: "URL example empty", draft: marketing(body("Hi"), buttons(withButtonExample(urlButton("https://e.com/{{1}}"), `[]`))),
			want: []want{{"components[1].buttons[0].example", "expected 1 value, for the url's {{1}}, found 0", invalid}}},
		{name: "URL example for a static url", draft: marketing(body("Hi"), buttons(withButtonExample(urlButton("https://e.com/track"), `["A-1"]`))),
			want: []want{{"components[1].buttons[0].example", "expected no values, as the url has no {{1}}, found 1", invalid}}},
		{name: "URL without example", draft: marketing(body("Hi"), buttons(urlButton("https://e.com/{{1}}")))},

		// Several violations: all listed, in field order.
		{name: "several violations", draft: Draft{Language: "en_US", Category: "MARKETING", Components: []Component{
			body(repeat("a", 1025)), buttons(urlButton("http://example.com")),
		}}, want: []want{
			{"name", "is required", required},
			{"components[0].text", "(found 1025)", invalid},
			{"components[1].buttons[0].url", "must use https", invalid},
		}},
		{name: "policy before parameters", draft: marketing(header("Free spins"), body("{{2}}")), want: []want{
			{"components[0].text", "gambling", policy},
			{"components[1].text", "{{1}} is missing", params},
		}},
	}
	// Each identifier-like button field, at its limit and a byte over.
	for _, field := range []string{"autofill_text", "package_name", "signature_hash", "flow_id", "flow_name", "flow_action", "navigate_screen"} {
		at := qr("Yes")
		setButtonField(t, &at, field, repeat("a", MaxShortFieldBytes))
		over := qr("Yes")
		setButtonField(t, &over, field, repeat("a", MaxShortFieldBytes+1))
		tests = append(tests,
			struct {
				name  string
				draft Draft
				want  []want
			}{name: field + " at the limit", draft: marketing(body("Hi"), buttons(at))},
			struct {
				name  string
				draft Draft
				want  []want
			}{name: field + " over the limit", draft: marketing(body("Hi"), buttons(over)),
				want: []want{{"components[1].buttons[0]." + field, "must be at most 1024 bytes (found 1025)", invalid}}})
	}
	if len(tests) < 80 {
		t.Fatalf("the issue asks for at least 80 cases, have %d", len(tests))
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.draft.Violations()
			if len(got) != len(tc.want) {
				t.Fatalf("got %d violations, want %d:\n%s", len(got), len(tc.want), listViolations(got))
			}
			for i, w := range tc.want {
				g := got[i]
				if g.Path != w.path || !strings.Contains(g.Rule, w.fragment) || g.Code != w.code {
					t.Errorf("violation %d = %s (code %d), want path %q, rule containing %q, code %d",
						i, g, g.Code, w.path, w.fragment, w.code)
				}
			}
			checkValidate(t, tc.draft, got)
			for _, v := range got {
				if leak := goWording(v.String()); leak != "" {
					t.Errorf("violation %q uses Go's wording %q", v, leak)
				}
			}
		})
	}
}

// checkValidate holds Validate to Violations: nil when there are none, else
// a 400 whose details list them all and whose code is the first's.
func checkValidate(t *testing.T, d Draft, vs []Violation) {
	t.Helper()
	err := d.Validate()
	if len(vs) == 0 {
		if err != nil {
			t.Fatalf("Validate: %v, want nil", err)
		}
		return
	}
	var ae *apperr.Error
	if !errors.As(err, &ae) {
		t.Fatalf("Validate: %v, want an *apperr.Error", err)
	}
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = v.String()
	}
	if ae.Status() != 400 || ae.Code != vs[0].Code || ae.Details != strings.Join(parts, "; ") {
		t.Errorf("Validate = status %d code %d details %q; want 400, %d, %q",
			ae.Status(), ae.Code, ae.Details, vs[0].Code, strings.Join(parts, "; "))
	}
}

func listViolations(vs []Violation) string {
	var b strings.Builder
	for _, v := range vs {
		b.WriteString("  " + v.String() + "\n")
	}
	return b.String()
}

func TestValidateDetailsExample(t *testing.T) {
	d := marketing(body("Hi"), footer("Bye"), buttons(qr("A"), urlButton("http://example.com")))
	err := d.Validate()
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Details != "components[2].buttons[1].url: must use https" || ae.Code != 100 {
		t.Fatalf("Validate = %v", err)
	}
}

func TestValidateCapsDetails(t *testing.T) {
	bs := make([]Button, 150)
	for i := range bs {
		bs[i] = Button{Type: "NOPE"}
	}
	err := marketing(body("Hi"), buttons(bs...)).Validate()
	var ae *apperr.Error
	if !errors.As(err, &ae) {
		t.Fatalf("Validate = %v", err)
	}
	if n := strings.Count(ae.Details, "; "); n != MaxListedViolations {
		t.Errorf("details has %d separators, want %d", n, MaxListedViolations)
	}
	if !strings.HasSuffix(ae.Details, "and 51 more violations") {
		t.Errorf("details end %q", ae.Details[len(ae.Details)-40:])
	}
}

func TestViolationsDoNotChangeTheDraft(t *testing.T) {
	d := Draft{Name: "a", Language: "en", Category: "utility", Components: []Component{
		{Type: "header", Text: "Hi"}, {Type: "body", Text: "Hi"}, {Type: "buttons", Buttons: []Button{{Type: "quick_reply", Text: "A"}}},
	}}
	_ = d.Violations()
	_ = d.ComponentsJSON()
	if d.Category != "utility" || d.ParameterFormat != "" || d.Components[0].Type != "header" ||
		d.Components[0].Format != "" || d.Components[2].Buttons[0].Type != "quick_reply" {
		t.Errorf("draft changed: %+v", d)
	}
}

// hugeTexts are texts far over every limit, built to make a careless
// scanner quadratic; n scales them.
func hugeTexts(n int) map[string]string {
	return map[string]string{
		"nested openings":   repeat("{{", n) + "}}",
		"closings":          repeat("}}", n),
		"parameters":        repeat("{{1}} ", n),
		"broken parameters": repeat("{{a$}}", n),
		"dotted words":      repeat("a.", n) + "com",
		"phrases":           repeat("payday loan casino ", n/8),
		"emoji":             repeat("😀", n),
	}
}

// TestValidateHugeTexts feeds the huge texts through validation and each
// scanner: every one is refused with short details. That they stay linear
// is measured by BenchmarkValidateHugeTexts, not timed here.
func TestValidateHugeTexts(t *testing.T) {
	for name, text := range hugeTexts(1 << 20) {
		d := authBody(text)
		d.Components = append(d.Components, header(text))
		err := d.Validate()
		var ae *apperr.Error
		if !errors.As(err, &ae) || len(ae.Details) > 64<<10 {
			t.Errorf("%s: Validate = %.200v", name, err)
		}
		parseParams(text)
		findVerticals(text)
		findURLLike(text)
		emoji.First(text)
	}
}

// BenchmarkValidateHugeTexts validates and scans each huge text at two
// sizes; ns/op growing with the size (not its square) shows the scanners
// linear: compare the 256k and 1m runs of one text.
func BenchmarkValidateHugeTexts(b *testing.B) {
	for _, n := range []int{1 << 18, 1 << 20} {
		for name, text := range hugeTexts(n) {
			b.Run(fmt.Sprintf("%s/%dk", name, n>>10), func(b *testing.B) {
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					d := authBody(text)
					d.Components = append(d.Components, header(text))
					_ = d.Validate()
					parseParams(text)
					findVerticals(text)
					findURLLike(text)
					emoji.First(text)
				}
			})
		}
	}
}

// TestExampleText reads each example shape Stage A accepts into the text.
func TestExampleText(t *testing.T) {
	for _, tc := range []struct {
		name string
		comp Component
		want string
		ok   bool
	}{
		{"header flat", Component{Type: TypeHeader, Text: "Line {{1}}", Example: json.RawMessage(`{"header_text":["4"]}`)}, "Line 4", true},
		{"header nested", Component{Type: TypeHeader, Text: "Line {{1}}", Example: json.RawMessage(`{"header_text":[["4"]]}`)}, "Line 4", true},
		{"body nested", Component{Type: TypeBody, Text: "{{1}} and {{2}}", Example: json.RawMessage(`{"body_text":[["a","b"],["c","d"]]}`)}, "a and b", true},
		{"body flat", Component{Type: TypeBody, Text: "{{1}} and {{2}}", Example: json.RawMessage(`{"body_text":["a","b"]}`)}, "a and b", true},
		{"body named", Component{Type: TypeBody, Text: "Hi {{name}}", Example: json.RawMessage(`{"body_text_named_params":[{"param_name":"name","example":"Ann"}]}`)}, "Hi Ann", true},
		{"header read as a body's", Component{Type: TypeHeader, Text: "Line {{1}}", Example: json.RawMessage(`{"body_text":[["4"]]}`)}, "", false},
		{"no example", Component{Type: TypeBody, Text: "Hi {{1}}"}, "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := ExampleText(tc.comp)
			if got != tc.want || ok != tc.ok {
				t.Errorf("ExampleText = %q, %v; want %q, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}
