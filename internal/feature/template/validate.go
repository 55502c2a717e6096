package template

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"svc/internal/platform/apperr"
	"svc/internal/platform/emoji"
	"svc/internal/platform/textfold"
)

// Component types, header formats, button types and categories of
// interface sections 2.2 and 2.3.
const (
	TypeHeader  = "HEADER"
	TypeBody    = "BODY"
	TypeFooter  = "FOOTER"
	TypeButtons = "BUTTONS"

	HeaderText     = "TEXT"
	HeaderImage    = "IMAGE"
	HeaderVideo    = "VIDEO"
	HeaderDocument = "DOCUMENT"
	HeaderLocation = "LOCATION"

	ButtonQuickReply  = "QUICK_REPLY"
	ButtonURL         = "URL"
	ButtonPhoneNumber = "PHONE_NUMBER"
	ButtonCopyCode    = "COPY_CODE"
	ButtonOTP         = "OTP"
	ButtonFlow        = "FLOW"

	CategoryMarketing      = "MARKETING"
	CategoryUtility        = "UTILITY"
	CategoryAuthentication = "AUTHENTICATION"
)

// Limits of interface section 8, and of the compatible API where the
// interface is silent. Lengths count Unicode code points, not bytes or
// UTF-16 units: "é" and "😀" are one character each.
const (
	MaxNameLength       = 512
	MaxBodyLength       = 1024
	MaxHeaderLength     = 60
	MaxFooterLength     = 60
	MaxButtonTextLength = 25
	MaxButtons          = 10
	MaxURLButtons       = 2
	// MaxPhoneButtons, MaxCopyCodeButtons, MaxURLLength and MaxPhoneLength
	// are the compatible API's.
	MaxPhoneButtons    = 1
	MaxCopyCodeButtons = 1
	MaxURLLength       = 2000
	MaxPhoneLength     = 20
	// MaxCopyCodeLength bounds a COPY_CODE button's example, the code
	// the recipient copies, as the compatible API does.
	MaxCopyCodeLength = 15
	// MaxCodeExpirationMinutes bounds an AUTHENTICATION footer's
	// code_expiration_minutes (1 to 90), as the compatible API does.
	MaxCodeExpirationMinutes = 90
	// MaxListedViolations caps the violations written into details, so an
	// error stays far below the response size limit whatever the body.
	MaxListedViolations = 100
)

// Violation is one broken Stage A rule: the field path (as in
// "components[2].buttons[1].url"), what the rule requires, and the error
// code it maps to.
type Violation struct {
	Path string
	Rule string
	Code apperr.Code
}

// String is the violation as details lists it: "<path>: <rule>".
func (v Violation) String() string { return v.Path + ": " + v.Rule }

// Validate runs every Stage A rule (interface sections 2.2, 2.3, 3.1 and 8).
// It returns nil, or a 400 *apperr.Error whose details list the violations
// as "<path>: <rule>" separated by "; " (at most MaxListedViolations of
// them, then a count of the rest), and whose code is the first violation's.
//
// One mapping from rule to code, the same for every field (HTTP 400 for
// all of them):
//
//	| failure                                                                                    | code   |
//	|--------------------------------------------------------------------------------------------|--------|
//	| a required field missing or blank (list below)                                             | 131008 |
//	| an invalid value: name pattern or length, language, category, parameter_format,            | 100    |
//	| component type, header format, button type, otp_type, flow_action, code_expiration_minutes |        |
//	| structure: a second BODY/HEADER/FOOTER/BUTTONS, a field on the wrong component or button   | 100    |
//	| shape: an example or supported_apps not JSON, not UTF-8, or with an array, string or       | 100    |
//	| object where the compatible API has another ("expected a string, found a number")          |        |
//	| examples, when given, against the parameters: a header_text or body_text set with another  | 100    |
//	| number of values than the text's distinct positional parameters, named examples missing,   |        |
//	| adding or repeating a name, a URL button's example not one value for its url's {{1}}       |        |
//	| sizes (limits.go): an example, supported_apps, flow_json or a button identifier over its   | 100    |
//	| byte limit; a blank FOOTER text or preset label over its length; the stored components     |        |
//	| limits: text lengths, more than 10 buttons, 2 URL, 1 PHONE_NUMBER or 1 COPY_CODE buttons,  | 100    |
//	| url over 2000, phone number over 20 or a COPY_CODE example over 15 characters              |        |
//	| a control character in a text: other than a tab or line break in a HEADER, BODY or        | 100    |
//	| FOOTER; any, a tab or line break too, in a button label                                    |        |
//	| button rules: order, url not absolute https or with userinfo, phone number not digits,     | 100    |
//	| COPY_CODE outside MARKETING, OTP outside AUTHENTICATION, not exactly one OTP button in     |        |
//	| AUTHENTICATION, a media header in AUTHENTICATION                                           |        |
//	| parameters: malformed or unbalanced braces, {{1}}..{{n}} with a gap or first appearing out | 132012 |
//	| of order, the wrong kind for parameter_format (so any mix), two in a HEADER, adjacent      |        |
//	| ones, any in a FOOTER or button                                                            |        |
//	| label, a url variable other than a trailing {{1}} after the host's /, ? or #               |        |
//	| content policy: a regulated-vertical phrase in any text; in AUTHENTICATION an emoji,       | 132007 |
//	| URL-like text or a URL button                                                              |        |
//	| DecodeDraft: a body over MaxRequestBytes, empty, not JSON, not UTF-8 or not an object; a   | 100    |
//	| field of the wrong JSON type                                                               |        |
//
// Blank (only spaces or characters that show nothing) counts as missing.
// Required: name, language, category, components, one BODY component and
// its text, a TEXT header's text, FOOTER text (unless the footer carries
// code_expiration_minutes), a BUTTONS component's buttons, each button's
// type, the label of QUICK_REPLY, URL, PHONE_NUMBER and FLOW buttons, a URL
// button's url, a PHONE_NUMBER button's phone_number, a FLOW button's
// flow_id, flow_name or flow_json, and a ONE_TAP or ZERO_TAP OTP button's
// package_name and signature_hash (or supported_apps).
func (d Draft) Validate() error {
	if vs := d.Violations(); len(vs) > 0 {
		return violationsError(vs)
	}
	return nil
}

// violationsError is the 400 listing violations as Validate documents.
func violationsError(vs []Violation) error {
	listed := vs[:min(len(vs), MaxListedViolations)]
	parts := make([]string, 0, len(listed)+1)
	for _, v := range listed {
		parts = append(parts, v.String())
	}
	if rest := len(vs) - len(listed); rest > 0 {
		parts = append(parts, fmt.Sprintf("and %d more violations", rest))
	}
	return apperr.New(vs[0].Code, strings.Join(parts, "; "))
}

// Violations returns every broken Stage A rule in field order: name,
// language, category, parameter_format, then each component in order
// (its own fields, then its buttons), then the rules over the whole
// component list, then the size of the stored components. The draft is normalised first, so a hand-built draft is
// judged as DecodeDraft would have returned it.
func (d Draft) Violations() []Violation {
	c := checker{d: d.normalized()}
	c.categoryOK = c.d.Category == CategoryMarketing || c.d.Category == CategoryUtility ||
		c.d.Category == CategoryAuthentication
	c.formatOK = c.d.ParameterFormat == FormatPositional || c.d.ParameterFormat == FormatNamed
	c.auth = c.d.Category == CategoryAuthentication
	c.name()
	c.language()
	c.category()
	c.parameterFormat()
	c.components()
	c.acrossFields()
	c.storedSize()
	return c.out
}

type checker struct {
	d          Draft
	categoryOK bool
	formatOK   bool
	auth       bool
	// oversize is set when a field is over its own size or length limit.
	oversize bool
	// read holds every text the regulated screen read, field by field, and
	// refused the verticals it refused there, for acrossFields.
	read    []string
	refused map[string]bool
	// venues are the refusals of a venue's name ("casino") in a field that
	// says nothing of what the venue serves, such as a header naming the
	// business, by their index in out: acrossFields withdraws them when
	// the whole template makes the venue a restaurant's or a hotel's
	// (venueOnly), so that they keep their place in field order otherwise.
	venues []venueHit
	out    []Violation
}

// venueHit is a refusal of a venue's name: its index in out and the hit.
type venueHit struct {
	at  int
	hit verticalHit
}

func (c *checker) add(path string, code apperr.Code, format string, args ...any) {
	c.out = append(c.out, Violation{Path: path, Rule: fmt.Sprintf(format, args...), Code: code})
}

func (c *checker) required(path string) { c.add(path, apperr.CodeRequiredParameter, "is required") }

func (c *checker) invalid(path, format string, args ...any) {
	c.add(path, apperr.CodeInvalidParameter, format, args...)
}

func (c *checker) paramFormat(path, format string, args ...any) {
	c.add(path, apperr.CodeTemplateParamFormat, format, args...)
}

func (c *checker) policy(path, format string, args ...any) {
	c.add(path, apperr.CodeTemplateCharPolicy, format, args...)
}

// blank reports whether s shows nothing: empty, spaces, or characters
// that show nothing (textfold.Blank: U+200B and the other format
// characters), so that "\u200b" is no more a text than "  " is.
func blank(s string) bool { return strings.TrimFunc(s, textfold.Blank) == "" }

func length(s string) int { return utf8.RuneCountInString(s) }

func (c *checker) name() {
	n := c.d.Name
	if n == "" {
		c.required("name")
		return
	}
	if l := length(n); l > MaxNameLength {
		c.invalid("name", "must be at most %d characters (found %d)", MaxNameLength, l)
	}
	if r, ok := badNameRune(n); ok {
		c.invalid("name", "must match ^[a-z0-9_]{1,512}$: only lower-case letters, digits and underscores (found %s)",
			quoted(string(r)))
	}
}

// badNameRune returns the first character a template name may not hold.
func badNameRune(n string) (rune, bool) {
	for _, r := range n {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_') {
			return r, true
		}
	}
	return 0, false
}

// ValidName reports whether n is a template name (interface section 8).
func ValidName(n string) bool {
	_, bad := badNameRune(n)
	return n != "" && length(n) <= MaxNameLength && !bad
}

func (c *checker) language() {
	switch l := c.d.Language; {
	case l == "":
		c.required("language")
	case !IsSupportedLanguage(l):
		if s := suggestLanguage(l); s != "" {
			c.invalid("language", "%s is not a supported language code; did you mean %s?", quoted(l), s)
		} else {
			c.invalid("language", "%s is not a supported language code (e.g. en, en_US, pt_BR)", quoted(l))
		}
	}
}

func (c *checker) category() {
	switch {
	case c.d.Category == "":
		c.required("category")
	case !c.categoryOK:
		c.invalid("category", "must be one of MARKETING, UTILITY, AUTHENTICATION (found %s)", quoted(c.d.Category))
	}
}

func (c *checker) parameterFormat() {
	if !c.formatOK {
		c.invalid("parameter_format", "must be POSITIONAL or NAMED (found %s)", quoted(c.d.ParameterFormat))
	}
}

func (c *checker) components() {
	comps := c.d.Components
	if len(comps) == 0 {
		c.required("components")
		return
	}
	seen := map[string]int{}
	otps := 0
	for i, comp := range comps {
		path := fmt.Sprintf("components[%d]", i)
		switch comp.Type {
		case "":
			c.required(path + ".type")
			continue
		case TypeHeader, TypeBody, TypeFooter, TypeButtons:
		default:
			c.invalid(path+".type", "must be one of HEADER, BODY, FOOTER, BUTTONS (found %s)", quoted(comp.Type))
			continue
		}
		if seen[comp.Type]++; seen[comp.Type] > 1 {
			if comp.Type == TypeBody {
				c.invalid(path+".type", "duplicate BODY: a template has exactly one BODY")
			} else {
				c.invalid(path+".type", "duplicate %s: a template has at most one %s", comp.Type, comp.Type)
			}
		}
		exampleOK := c.componentFields(path, comp)
		switch comp.Type {
		case TypeHeader:
			c.header(path, comp, exampleOK)
		case TypeBody:
			c.body(path, comp, exampleOK)
		case TypeFooter:
			c.footer(path, comp)
		case TypeButtons:
			otps += c.buttons(path, comp)
		}
	}
	if seen[TypeBody] == 0 {
		c.add("components", apperr.CodeRequiredParameter, "a BODY component is required")
	}
	if c.auth && otps != 1 {
		c.invalid("components", "an AUTHENTICATION template has exactly one OTP button (found %d)", otps)
	}
}

// componentFields checks the fields that belong to one component type only.
// It reports whether the example is present and of the compatible API's
// shape, so that its values can be held to the text's parameters.
func (c *checker) componentFields(path string, comp Component) bool {
	if comp.Type != TypeHeader && comp.Format != "" {
		c.invalid(path+".format", "allowed only on a HEADER component")
	}
	if comp.Type != TypeButtons && len(comp.Buttons) > 0 {
		c.invalid(path+".buttons", "allowed only on a BUTTONS component")
	}
	if comp.Type == TypeButtons && comp.Text != "" {
		c.invalid(path+".text", "not allowed on a BUTTONS component; buttons carry their own text")
	}
	if comp.Type != TypeBody && comp.AddSecurityRecommendation != nil {
		c.invalid(path+".add_security_recommendation", "allowed only on a BODY component")
	}
	if m := comp.CodeExpirationMinutes; m != nil {
		if comp.Type != TypeFooter {
			c.invalid(path+".code_expiration_minutes", "allowed only on a FOOTER component")
		} else if *m < 1 || *m > MaxCodeExpirationMinutes {
			c.invalid(path+".code_expiration_minutes", "must be from 1 to %d (found %d)", MaxCodeExpirationMinutes, *m)
		}
	}
	if !c.rawField(path+".example", comp.Example, MaxExampleBytes) {
		return false
	}
	before := len(c.out)
	c.componentExample(path+".example", comp.Example)
	return len(c.out) == before
}

// header checks a HEADER component; exampleOK says its example is there
// and well-shaped (componentFields).
func (c *checker) header(path string, comp Component, exampleOK bool) {
	switch comp.Format {
	case HeaderText:
		if blank(comp.Text) {
			c.add(path+".text", apperr.CodeRequiredParameter, "is required for a TEXT header")
			return
		}
		if c.text(path+".text", comp.Text, MaxHeaderLength, paramsHeader, multiLine) && exampleOK {
			c.exampleFitsParams(path+".example", comp)
		}
	case HeaderImage, HeaderVideo, HeaderDocument, HeaderLocation:
		if comp.Text != "" {
			c.invalid(path+".text", "not allowed on a %s header", comp.Format)
		}
		if c.auth {
			c.invalid(path+".format", "an AUTHENTICATION template cannot have a media header (%s)", comp.Format)
		}
	default:
		c.invalid(path+".format", "must be one of TEXT, IMAGE, VIDEO, DOCUMENT, LOCATION (found %s)", quoted(comp.Format))
	}
}

// body requires text even in AUTHENTICATION: the interface makes BODY text
// required, so the compatible API's text-less AUTHENTICATION body (preset
// text chosen by add_security_recommendation) is accepted only with its
// text written out, e.g. "{{1}} is your verification code.". exampleOK
// says its example is there and well-shaped (componentFields).
func (c *checker) body(path string, comp Component, exampleOK bool) {
	if blank(comp.Text) {
		c.required(path + ".text")
		return
	}
	if c.text(path+".text", comp.Text, MaxBodyLength, paramsMany, multiLine) && exampleOK {
		c.exampleFitsParams(path+".example", comp)
	}
}

// footer requires text unless it is the compatible API's AUTHENTICATION
// footer, which carries only code_expiration_minutes.
func (c *checker) footer(path string, comp Component) {
	if blank(comp.Text) {
		if comp.CodeExpirationMinutes == nil {
			c.required(path + ".text")
		} else {
			// Blank text is kept and stored: it has the footer's limit too.
			c.maxLength(path+".text", comp.Text, MaxFooterLength)
		}
		return
	}
	c.text(path+".text", comp.Text, MaxFooterLength, paramsNone, multiLine)
}

// buttons checks a BUTTONS component and returns its number of OTP buttons.
func (c *checker) buttons(path string, comp Component) int {
	bs := comp.Buttons
	if len(bs) == 0 {
		c.add(path+".buttons", apperr.CodeRequiredParameter, "at least one button is required")
		return 0
	}
	if len(bs) > MaxButtons {
		c.invalid(path+".buttons", "at most %d buttons (found %d)", MaxButtons, len(bs))
	}
	count := map[string]int{}
	for _, b := range bs {
		count[b.Type]++
	}
	for _, lim := range []struct {
		typ string
		max int
	}{{ButtonURL, MaxURLButtons}, {ButtonPhoneNumber, MaxPhoneButtons}, {ButtonCopyCode, MaxCopyCodeButtons}} {
		if count[lim.typ] > lim.max {
			c.invalid(path+".buttons", "at most %d %s buttons (found %d)", lim.max, lim.typ, count[lim.typ])
		}
	}
	c.buttonOrder(path, bs)
	for j, b := range bs {
		c.button(fmt.Sprintf("%s.buttons[%d]", path, j), b)
	}
	return count[ButtonOTP]
}

// buttonOrder applies the interface's rule (buttons of one type are
// consecutive) and then the compatible API's (quick replies form one group
// before or after all other buttons: QUICK_REPLY, URL, PHONE_NUMBER and
// URL, PHONE_NUMBER, QUICK_REPLY pass; URL, QUICK_REPLY, PHONE_NUMBER does
// not).
func (c *checker) buttonOrder(path string, bs []Button) {
	firstAt := map[string]int{}
	reported := map[string]bool{}
	broken := false
	for j, b := range bs {
		at, ok := firstAt[b.Type]
		switch {
		case !ok:
			firstAt[b.Type] = j
		case bs[j-1].Type != b.Type && !reported[b.Type]:
			reported[b.Type], broken = true, true
			c.invalid(fmt.Sprintf("%s.buttons[%d].type", path, j),
				"buttons of one type must be consecutive (%s also at buttons[%d])", b.Type, at)
		}
	}
	if broken {
		return
	}
	switches := 0
	for j := 1; j < len(bs); j++ {
		if (bs[j].Type == ButtonQuickReply) != (bs[j-1].Type == ButtonQuickReply) {
			switches++
		}
	}
	if switches > 1 {
		c.invalid(path+".buttons", "quick replies must come before or after all other buttons, not between them")
	}
}

// textButtons are the button types whose label the client must write; the
// compatible API presets the others' (COPY_CODE, OTP).
var textButtons = map[string]bool{ButtonQuickReply: true, ButtonURL: true, ButtonPhoneNumber: true, ButtonFlow: true}

func (c *checker) button(path string, b Button) {
	switch b.Type {
	case "":
		c.required(path + ".type")
		return
	case ButtonQuickReply, ButtonURL, ButtonPhoneNumber, ButtonCopyCode, ButtonOTP, ButtonFlow:
	default:
		c.invalid(path+".type", "must be one of QUICK_REPLY, URL, PHONE_NUMBER, COPY_CODE, OTP, FLOW (found %s)", quoted(b.Type))
		return
	}
	switch {
	case !blank(b.Text):
		c.text(path+".text", b.Text, MaxButtonTextLength, paramsNone, oneLine)
	case textButtons[b.Type]:
		c.required(path + ".text")
	default:
		// A preset label left blank is kept and stored: it has the limit too.
		c.maxLength(path+".text", b.Text, MaxButtonTextLength)
	}
	exampleOK := c.rawField(path+".example", b.Example, MaxExampleBytes)
	if exampleOK {
		c.buttonExample(path+".example", b)
	}
	if c.rawField(path+".supported_apps", b.SupportedApps, MaxSupportedAppsBytes) {
		c.supportedApps(path+".supported_apps", b.SupportedApps)
	}
	c.buttonSizes(path, b)
	if b.Type != ButtonURL && b.URL != "" {
		c.invalid(path+".url", "allowed only on a URL button")
	}
	if b.Type != ButtonPhoneNumber && b.PhoneNumber != "" {
		c.invalid(path+".phone_number", "allowed only on a PHONE_NUMBER button")
	}
	if b.Type != ButtonOTP && b.OTPType != "" {
		c.invalid(path+".otp_type", "allowed only on an OTP button")
	}
	switch b.Type {
	case ButtonURL:
		if c.auth {
			c.policy(path+".type", "URL buttons are not allowed in AUTHENTICATION templates")
		}
		if blank(b.URL) {
			c.required(path + ".url")
		} else if code, rule := urlRule(b.URL); rule != "" {
			c.add(path+".url", code, "%s", rule)
		} else {
			c.urlContent(path+".url", b.URL)
			if exampleOK {
				c.urlExampleFits(path+".example", b)
			}
		}
	case ButtonPhoneNumber:
		if blank(b.PhoneNumber) {
			c.required(path + ".phone_number")
		} else if !validPhone(b.PhoneNumber) {
			c.invalid(path+".phone_number", "must be digits with an optional leading +, at most %d characters", MaxPhoneLength)
		}
	case ButtonCopyCode:
		if c.categoryOK && c.d.Category != CategoryMarketing {
			c.invalid(path+".type", "COPY_CODE buttons are allowed only in MARKETING templates")
		}
	case ButtonOTP:
		c.otp(path, b)
	case ButtonFlow:
		if blank(b.FlowID) && blank(b.FlowName) && blank(b.FlowJSON) {
			c.add(path+".flow_id", apperr.CodeRequiredParameter, "one of flow_id, flow_name or flow_json is required")
		}
		if a := strings.ToLower(b.FlowAction); a != "" && a != "navigate" && a != "data_exchange" {
			c.invalid(path+".flow_action", "must be navigate or data_exchange (found %s)", quoted(b.FlowAction))
		}
	}
}

// otp checks an OTP button the way the compatible API does: AUTHENTICATION
// only; otp_type, when given, one of its three kinds (any case); the
// one-tap kinds name the Android app to hand the code to.
func (c *checker) otp(path string, b Button) {
	if c.categoryOK && c.d.Category != CategoryAuthentication {
		c.invalid(path+".type", "OTP buttons are allowed only in AUTHENTICATION templates")
	}
	switch strings.ToUpper(b.OTPType) {
	case "", "COPY_CODE":
	case "ONE_TAP", "ZERO_TAP":
		if (blank(b.PackageName) || blank(b.SignatureHash)) && isAbsent(b.SupportedApps) {
			c.add(path+".package_name", apperr.CodeRequiredParameter,
				"package_name and signature_hash (or supported_apps) are required for a %s button", strings.ToUpper(b.OTPType))
		}
	default:
		c.invalid(path+".otp_type", "must be COPY_CODE, ONE_TAP or ZERO_TAP (found %s)", quoted(b.OTPType))
	}
}

// scanFactor bounds the text text() scans, as a multiple of its limit.
const scanFactor = 4

// paramRule says which placeholders a text field may hold.
type paramRule int

const (
	paramsNone   paramRule = iota // FOOTER text and button labels
	paramsHeader                  // a TEXT header: at most one
	paramsMany                    // BODY
)

// lineRule says whether a text may hold line breaks and tabs.
type lineRule bool

const (
	multiLine lineRule = true  // HEADER, BODY and FOOTER texts
	oneLine   lineRule = false // button labels: one line on the button
)

// text runs the rules every text field shares: length, control characters
// (lines says whether line breaks and tabs are among them), parameters,
// then content policy. A text over scanFactor times its limit gets the length
// violation only: it has to be rewritten anyway, and scanning megabytes
// for parameters and phrases would serve no client. It reports whether the
// text was scanned and its parameters passed their rules.
func (c *checker) text(path, text string, maxLen int, rule paramRule, lines lineRule) bool {
	if l := length(text); l > maxLen {
		c.oversize = true
		c.invalid(path, "must be at most %d characters (found %d)", maxLen, l)
		if l > scanFactor*maxLen {
			return false
		}
	}
	if p := controlCharProblem(text, lines); p != "" {
		c.invalid(path, "%s", p)
	}
	ok := c.params(path, text, rule)
	c.content(path, text)
	return ok
}

// ControlCharProblem says what is wrong with a text a recipient reads that
// holds a control character other than a tab or a line break (controlChar),
// "" when it holds none: the one rule of template texts and of the texts a
// send carries.
func ControlCharProblem(text string) string { return controlCharProblem(text, multiLine) }

// controlCharProblem is ControlCharProblem for a text that may hold line
// breaks and tabs (multiLine) or none (oneLine: a button label, which the
// recipient's phone shows on one line, and a break would cut).
func controlCharProblem(text string, lines lineRule) string {
	i, r, ok := controlChar(text, lines)
	switch {
	case !ok:
		return ""
	case lines == oneLine:
		return fmt.Sprintf("contains the control character U+%04X at character %d: a button label is one line, without line breaks, tabs or other control characters", r, i)
	}
	return fmt.Sprintf("contains the control character U+%04X at character %d: a text may hold line breaks and tabs, no other control characters", r, i)
}

// controlChar finds the first control character of text, other than a tab
// or a line break where lines is multiLine (NUL, escape, bell, DEL and the C1 range: they render as
// nothing or as garbage on the recipient's phone, and some terminals that
// show logs act on them), with its position in characters from 1.
func controlChar(text string, lines lineRule) (int, rune, bool) {
	i := 0
	for _, r := range text {
		i++
		breakOrTab := r == '\t' || r == '\n' || r == '\r'
		if (r < 0x20 && !(breakOrTab && lines == multiLine)) || (r >= 0x7f && r <= 0x9f) {
			return i, r, true
		}
	}
	return 0, 0, false
}

// params checks a text's placeholders and reports whether they passed
// every rule.
func (c *checker) params(path, text string, rule paramRule) bool {
	before := len(c.out)
	params, problems := parseParams(text)
	for _, p := range problems {
		c.paramFormat(path, "malformed parameter: %s", p)
	}
	if len(params) == 0 {
		return len(c.out) == before
	}
	switch rule {
	case paramsNone:
		c.paramFormat(path, "must not contain parameters (found %s)", quoted(params[0].raw))
		return len(c.out) == before
	case paramsHeader:
		if len(params) > 1 {
			c.paramFormat(path, "a header takes at most one parameter (found %d)", len(params))
		}
	}
	if c.formatOK {
		var wrong []string
		for _, p := range params {
			if p.named() != (c.d.ParameterFormat == FormatNamed) {
				wrong = append(wrong, p.raw)
			}
		}
		switch {
		case len(wrong) > 0 && c.d.ParameterFormat == FormatNamed:
			c.paramFormat(path, "parameter_format is NAMED, so parameters are {{snake_case_name}} only (found %s)", quoted(wrong[0]))
		case len(wrong) > 0:
			c.paramFormat(path, "parameter_format is POSITIONAL, so parameters are {{1}}..{{n}} only (found %s; set parameter_format NAMED for named parameters)", quoted(wrong[0]))
		case c.d.ParameterFormat == FormatPositional:
			if r := sequenceRule(params); r != "" {
				c.paramFormat(path, "%s", r)
			}
		}
	}
	if r := adjacentRule(text, params); r != "" {
		c.paramFormat(path, "%s", r)
	}
	return len(c.out) == before
}

// content runs the content policy on a text a recipient reads: the
// regulated-vertical screen everywhere, and in AUTHENTICATION no emoji and
// nothing that looks like a URL.
func (c *checker) content(path, text string) {
	c.screen(path, text)
	if !c.auth {
		return
	}
	if r, pos, ok := emoji.First(text); ok {
		c.policy(path, "emoji are not allowed in AUTHENTICATION templates (U+%04X at character %d)", r, pos)
	}
	if frag, ok := findURLLike(text); ok {
		c.policy(path, "URLs are not allowed in AUTHENTICATION templates (found %s)", quoted(frag))
	}
}

// urlContent runs the regulated-vertical screen on the words of a button's
// URL, host and path ("https://best-casino.example/free-spins" refers to
// gambling as plainly as a text saying it), and refuses the top-level
// domains that name a vertical (.bet, .casino, .loans, ...).
func (c *checker) urlContent(path, raw string) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return
	}
	host := strings.ToLower(u.Hostname())
	if i := strings.LastIndexByte(host, '.'); i >= 0 {
		if vertical, ok := verticalDomains[host[i+1:]]; ok {
			c.refuse(path, verticalHit{Vertical: vertical, Phrase: host[i:]})
			return
		}
		// The top-level domain is judged by verticalDomains alone: a
		// cheap one named for a product (.cfd) says nothing of the site.
		host = host[:i]
	}
	c.screen(path, host+" "+u.Path)
}

// screen runs the regulated-vertical screen on one text a recipient reads
// and keeps the text for acrossFields.
func (c *checker) screen(path, text string) {
	c.read = append(c.read, text)
	for _, h := range screenVerticals(text, c.d.Language) {
		if venueWords[h.Phrase] {
			c.venues = append(c.venues, venueHit{at: len(c.out), hit: h})
		}
		c.refuse(path, h)
	}
}

// withdrawVenues withdraws the refusals of a venue's name that the whole
// template, read as the screen reads it, makes a restaurant's or a hotel's.
func (c *checker) withdrawVenues(texts []string) {
	words := textfold.Words(screenText(strings.Join(texts, "\n")))
	withdrawn := map[int]bool{}
	for _, v := range c.venues {
		if venueOnly(v.hit.Phrase, words) {
			withdrawn[v.at] = true
		}
	}
	if len(withdrawn) == 0 {
		return
	}
	kept := c.out[:0]
	c.refused = map[string]bool{}
	for i, v := range c.out {
		if withdrawn[i] {
			continue
		}
		kept = append(kept, v)
		if vertical, ok := v.RegulatedVertical(); ok {
			c.refused[vertical] = true
		}
	}
	c.out = kept
}

func (c *checker) refuse(path string, h verticalHit) {
	if c.refused == nil {
		c.refused = map[string]bool{}
	}
	c.refused[h.Vertical] = true
	c.policy(path, "%s%s: %s)", regulatedRulePrefix, h.Vertical, quoted(h.Phrase))
}

// acrossFields runs the regulated-vertical screen once more over every text
// the template shows, read as one: a pitch split between fields (a header
// naming the remedy, a body promising the cure; a body offering a "stake"
// whose winnings only the example value names) refers to the vertical as
// plainly as one sentence saying it. Only verticals no single field was
// refused for are reported, under "components". A template already over a
// size limit is refused anyway and is not read twice.
func (c *checker) acrossFields() {
	texts := c.read
	for _, comp := range c.d.Components {
		if t, ok := ExampleText(comp); ok {
			texts = append(texts, t)
		}
	}
	if len(c.venues) > 0 {
		c.withdrawVenues(texts)
	}
	if len(c.read) < 2 || c.oversize {
		return
	}
	for _, h := range screenVerticals(strings.Join(texts, "\n"), c.d.Language) {
		if !c.refused[h.Vertical] {
			c.refuse("components", h)
		}
	}
}

// ExampleText is a header's or body's text with its example values put
// in place of its parameters ("{{2}} preaprobados" with "600 €" reads
// "600 € preaprobados"), so that the whole-template read sees an amount or
// a word where the text alone has a placeholder; ok is false when the
// component has no text or no example values.
func ExampleText(comp Component) (string, bool) {
	if comp.Text == "" || len(comp.Example) == 0 || comp.Type != TypeHeader && comp.Type != TypeBody {
		return "", false
	}
	var ex struct {
		HeaderText  json.RawMessage `json:"header_text"`
		BodyText    json.RawMessage `json:"body_text"`
		HeaderNamed []namedExample  `json:"header_text_named_params"`
		BodyNamed   []namedExample  `json:"body_text_named_params"`
	}
	if json.Unmarshal(comp.Example, &ex) != nil {
		return "", false
	}
	values, named := exampleValues(ex.HeaderText), ex.HeaderNamed
	if comp.Type == TypeBody {
		values, named = exampleValues(ex.BodyText), ex.BodyNamed
	}
	var pairs []string
	for i, v := range values {
		pairs = append(pairs, "{{"+strconv.Itoa(i+1)+"}}", v)
	}
	for _, n := range named {
		pairs = append(pairs, "{{"+n.ParamName+"}}", n.Example)
	}
	if len(pairs) == 0 {
		return "", false
	}
	return strings.NewReplacer(pairs...).Replace(comp.Text), true
}

// exampleValues reads a header_text or body_text example in either shape
// Stage A accepts (componentExample): an array of strings, or an array of
// arrays of strings whose first holds the values.
func exampleValues(raw json.RawMessage) []string {
	if sets, ok := exampleSets(raw); ok && len(sets) > 0 {
		return sets[0]
	}
	return nil
}

// exampleSets reads a header_text or body_text example into its sets of
// values: an array of strings is one set, an array of arrays of strings
// one set per inner array. ok is false for any other shape, which
// componentExample reports.
func exampleSets(raw json.RawMessage) (sets [][]string, ok bool) {
	var flat []string
	if json.Unmarshal(raw, &flat) == nil {
		return [][]string{flat}, true
	}
	if json.Unmarshal(raw, &sets) == nil {
		return sets, true
	}
	return nil, false
}

// namedExample is one named parameter's sample value.
type namedExample struct {
	ParamName string `json:"param_name"`
	Example   string `json:"example"`
}

// verticalDomains are the top-level domains that name a regulated
// vertical.
var verticalDomains = map[string]string{
	"bet": gambling, "casino": gambling, "poker": gambling, "lotto": gambling, "bingo": gambling,
	"loan": lending, "loans": lending, "credit": lending, "creditcard": lending,
	"crypto": investment,
}

// urlRule checks a URL button's url: an absolute https URL of at most
// MaxURLLength characters, without a user name or password, optionally
// ending in the one variable the compatible API allows there, {{1}}
// (whatever parameter_format is), after the host: the recipient sees the
// button's label, not the url, and trusts the template's review for where
// it leads, so neither userinfo ("https://acme.example@evil.example/",
// which reads as acme's) nor a value that extends the host (".evil.example"
// after "https://acme.example") may change that.
func urlRule(raw string) (apperr.Code, string) {
	if l := length(raw); l > MaxURLLength {
		return apperr.CodeInvalidParameter, fmt.Sprintf("must be at most %d characters (found %d)", MaxURLLength, l)
	}
	base, variable := strings.CutSuffix(raw, "{{1}}")
	if strings.Contains(base, "{{") || strings.Contains(base, "}}") {
		return apperr.CodeTemplateParamFormat, "may hold one variable only, {{1}} at the very end"
	}
	if strings.IndexFunc(base, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return apperr.CodeInvalidParameter, "must not contain spaces or control characters"
	}
	u, err := url.Parse(base)
	switch {
	case err != nil || u.Scheme == "":
		return apperr.CodeInvalidParameter, "must be an absolute https URL"
	case u.Scheme != "https":
		return apperr.CodeInvalidParameter, "must use https"
	case u.Hostname() == "":
		return apperr.CodeInvalidParameter, "must be an absolute https URL with a host"
	case u.User != nil:
		return apperr.CodeInvalidParameter, "must not carry a user name or password (user:password@ before the host)"
	case variable && !strings.ContainsAny(strings.TrimPrefix(base, u.Scheme+"://"), "/?#"):
		return apperr.CodeTemplateParamFormat, "{{1}} must follow the host and a /, ? or # (https://example.com/{{1}}), where its value cannot change the host"
	}
	return 0, ""
}

func validPhone(s string) bool {
	if len(s) > MaxPhoneLength {
		return false
	}
	return textfold.IsDigits(strings.TrimPrefix(s, "+"))
}

// findURLLike finds text that a reader or a phone would take for a link:
// "http://" or "https://", "www." at the start of a word, or a bare domain,
// that is dot-separated ASCII labels ending in a common top-level domain
// (example.com, bit.ly, shop.example.co.uk; an e-mail address contains
// one). The domain list leaves out top-level domains that are common
// English words (in, it, to, at, is, no, my) so that "logged.In" in a
// sentence missing its space is not taken for a domain.
func findURLLike(s string) (string, bool) {
	lower := asciiLower(s)
	for _, scheme := range []string{"https://", "http://"} {
		if i := strings.Index(lower, scheme); i >= 0 {
			frag := s[i:]
			if end := strings.IndexFunc(frag, unicode.IsSpace); end >= 0 {
				frag = frag[:end]
			}
			return frag, true
		}
	}
	isLabelByte := func(b byte) bool { return b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '-' }
	for i := 0; i < len(lower); {
		if !isLabelByte(lower[i]) {
			i++
			continue
		}
		j := i
		for j < len(lower) && (isLabelByte(lower[j]) || lower[j] == '.') {
			j++
		}
		run := strings.Trim(lower[i:j], ".")
		if startsWord(lower, i) && (strings.HasPrefix(run, "www.") || isDomain(run)) {
			return s[i : i+len(run)], true
		}
		i = j
	}
	return "", false
}

// asciiLower lower-cases ASCII letters only, so byte offsets into the
// result are offsets into s.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// startsWord reports whether a run at byte i starts a word: a letter or
// digit right before it (as in "café.com" split at "é") means it does not.
func startsWord(s string, i int) bool {
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

func isDomain(run string) bool {
	labels := strings.Split(run, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
	}
	return urlTLDs()[labels[len(labels)-1]]
}

// urlTLDs are the top-level domains findURLLike recognises: the common
// generic ones, link shorteners' and the larger country codes.
var urlTLDs = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, t := range strings.Fields(`
		com net org info biz io co app dev ai me ly gl link site online shop store xyz top club live tech cloud
		page click tv gg ws cc gov edu mil int mobi pro name email
		uk de fr es pt br mx ar cl pe ve uy ru cn jp kr au nz za ng ke eg sa ae tr pl nl be ch se dk fi ie il
		sg ph th vn pk bd ua cz gr hu ro us ca eu asia hk tw`) {
		m[t] = true
	}
	return m
})
