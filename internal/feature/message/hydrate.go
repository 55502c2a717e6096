package message

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"svc/internal/feature/template"
	"svc/internal/platform/apperr"
)

// CheckTemplateStatus answers a send of a template that is missing (132001)
// or not sendable (template.Sendable: 132015 paused, 132016 disabled).
func CheckTemplateStatus(t *template.Template, name, language string) error {
	if t == nil {
		return apperr.Newf(apperr.CodeTemplateMissing, "template name (%s) does not exist in %s", name, language)
	}
	return t.Sendable()
}

// Hydrate fills the stored template's placeholders with the send's
// parameters and returns what the recipient reads. It answers 132000 when
// a component's parameter count differs from its placeholders (for a
// button, from what buttonRuleFor says it takes), 132012 when named
// parameters meet a positional template (or the reverse), a media header
// gets another type, a text placeholder a media parameter, or a button
// component another kind of button, 132007
// when a parameter's text holds a newline, a tab or more than four
// consecutive spaces, and 132005 when a hydrated text exceeds its
// component's limit.
func Hydrate(t template.Template, send TemplateSend) (Content, error) {
	var comps []template.Component
	if err := json.Unmarshal(t.Components, &comps); err != nil {
		return Content{}, apperr.Internal(fmt.Errorf("template %s: stored components: %w", t.ID(), err))
	}
	given := map[string]ComponentParam{}
	for _, c := range send.Components {
		key := strings.ToLower(c.Type)
		if key == ComponentButton {
			i, _ := c.ButtonIndex()
			key = fmt.Sprintf("button %d", i)
		}
		given[key] = c
	}
	named := t.ParameterFormat == template.FormatNamed
	var out Content
	used := map[string]bool{}
	for _, tc := range comps {
		switch tc.Type {
		case "HEADER":
			used[ComponentHeader] = true
			c := given[ComponentHeader]
			if tc.Format != "" && tc.Format != "TEXT" {
				media, err := mediaHeader(tc.Format, c)
				if err != nil {
					return Content{}, err
				}
				out.MediaHeader = media
				continue
			}
			text, err := fill("header", tc.Text, c.Parameters, named, template.MaxHeaderLength)
			if err != nil {
				return Content{}, err
			}
			out.Header = text
		case "BODY":
			used[ComponentBody] = true
			text, err := fill("body", tc.Text, given[ComponentBody].Parameters, named, template.MaxBodyLength)
			if err != nil {
				return Content{}, err
			}
			out.Body = text
		case "FOOTER":
			out.Footer = tc.Text
		case "BUTTONS":
			for i, b := range tc.Buttons {
				key := fmt.Sprintf("button %d", i)
				used[key] = true
				label, err := fillButton(i, b, given[key])
				if err != nil {
					return Content{}, err
				}
				out.Buttons = append(out.Buttons, label)
			}
		}
	}
	var extra []string
	for key, c := range given {
		if !used[key] && len(c.Parameters) > 0 {
			extra = append(extra, key)
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		return Content{}, apperr.Newf(apperr.CodeTemplateParamCount,
			"parameters given for %s, which template %s does not have", strings.Join(extra, ", "), t.Name)
	}
	return out, nil
}

// fill puts the parameters in place of the placeholders of one text.
func fill(component, text string, params []Parameter, named bool, limit int) (string, error) {
	holders := template.Placeholders(text)
	if len(holders) == 0 && len(params) == 0 {
		return text, nil
	}
	for _, p := range params {
		if typ := strings.ToLower(p.Type); !textParam(typ) {
			// A media or button parameter has no text: it would fill the
			// placeholder with nothing.
			return "", apperr.Newf(apperr.CodeTemplateParamFormat, "%s: %s parameter cannot fill the template's text; give text, currency or date_time",
				component, withArticle(typ))
		}
		if (p.ParameterName != "") != named {
			want := "positional parameters (without parameter_name)"
			if named {
				want = "named parameters (each with parameter_name)"
			}
			return "", apperr.Newf(apperr.CodeTemplateParamFormat, "%s: the template takes %s", component, want)
		}
		if err := charPolicy(component, p.Value()); err != nil {
			return "", err
		}
	}
	values := map[string]string{}
	if named {
		for _, p := range params {
			if _, dup := values[p.ParameterName]; dup {
				return "", apperr.Newf(apperr.CodeTemplateParamCount, "%s: parameter %s is given twice", component, p.ParameterName)
			}
			values[p.ParameterName] = p.Value()
		}
		want := map[string]bool{}
		for _, h := range holders {
			want[h.Name] = true
			if _, ok := values[h.Name]; !ok {
				return "", apperr.Newf(apperr.CodeTemplateParamCount, "%s: expected %d parameters, received %d (%s is missing)",
					component, len(distinct(holders)), len(params), h.Name)
			}
		}
		if len(values) != len(want) {
			return "", apperr.Newf(apperr.CodeTemplateParamCount, "%s: expected %d parameters, received %d",
				component, len(want), len(params))
		}
	} else {
		n := len(distinct(holders))
		if len(params) != n {
			return "", apperr.Newf(apperr.CodeTemplateParamCount, "%s: expected %d parameters, received %d", component, n, len(params))
		}
		for i, p := range params {
			values[fmt.Sprint(i+1)] = p.Value()
		}
	}
	var b strings.Builder
	at := 0
	for _, h := range holders {
		b.WriteString(text[at:h.Start])
		key := h.Name
		if !named {
			key = fmt.Sprint(h.Index)
		}
		b.WriteString(values[key])
		at = h.End
	}
	b.WriteString(text[at:])
	out := b.String()
	if n := utf8.RuneCountInString(out); n > limit {
		return "", apperr.Newf(apperr.CodeTemplateTooLong, "%s: the hydrated text is %d characters, over the limit of %d", component, n, limit)
	}
	return out, nil
}

// textParam reports whether a parameter of type typ has a text to put in
// place of a placeholder.
func textParam(typ string) bool {
	return typ == ParamText || typ == ParamCurrency || typ == ParamDateTime
}

// buttonRule is what a send's button component must be for one kind of
// template button: the sub_type that names it ("" when none does), the
// type of its parameters, and how many it takes.
type buttonRule struct {
	subType, param string
	min, max       int
	// checked is false for the buttons svc leaves alone (below).
	checked bool
}

// buttonRuleFor is what the template's button takes at send, as the
// compatible API documents it: a URL button whose url ends in {{1}} one
// text parameter (the suffix), a static one none; a PHONE_NUMBER button
// nothing (no sub_type names it, so any component aimed at it is refused);
// a QUICK_REPLY button at most its payload; a COPY_CODE button its coupon
// code (only the example is stored with the template); a FLOW button at
// most its action. An OTP button, sent as sub_type url with the code, is
// left alone, as are the kinds svc does not create: at most one parameter.
func buttonRuleFor(b template.Button) buttonRule {
	switch b.Type {
	case template.ButtonURL:
		if len(template.Placeholders(b.URL)) > 0 {
			return buttonRule{subType: "url", param: ParamText, min: 1, max: 1, checked: true}
		}
		return buttonRule{subType: "url", param: ParamText, checked: true}
	case template.ButtonPhoneNumber:
		return buttonRule{checked: true}
	case template.ButtonQuickReply:
		return buttonRule{subType: "quick_reply", param: ParamPayload, max: 1, checked: true}
	case template.ButtonCopyCode:
		return buttonRule{subType: "copy_code", param: ParamCouponCode, min: 1, max: 1, checked: true}
	case template.ButtonFlow:
		return buttonRule{subType: "flow", param: ParamAction, max: 1, checked: true}
	}
	return buttonRule{max: 1}
}

// buttonKind refuses a button component that names another kind of button
// than the template has at its index, or fills it with another type of
// parameter (132012): a quick-reply payload is no URL suffix, and a phone
// button takes no component at all.
func buttonKind(component string, b template.Button, want buttonRule, c ComponentParam) error {
	if !want.checked || c.SubType == "" && len(c.Parameters) == 0 {
		return nil
	}
	if want.subType == "" {
		return apperr.Newf(apperr.CodeTemplateParamFormat, "%s: the template's button %s is a %s button, which takes no button component (found sub_type %s)",
			component, strings.TrimPrefix(component, "button "), b.Type, quote(c.SubType))
	}
	if c.SubType != "" && !strings.EqualFold(c.SubType, want.subType) {
		return apperr.Newf(apperr.CodeTemplateParamFormat, "%s: the template's button %s is a %s button; sub_type %s does not fit it",
			component, strings.TrimPrefix(component, "button "), b.Type, quote(c.SubType))
	}
	for _, p := range c.Parameters {
		if !strings.EqualFold(p.Type, want.param) {
			return apperr.Newf(apperr.CodeTemplateParamFormat, "%s: a %s button takes a %s parameter, not %s", component, b.Type, want.param, quote(p.Type))
		}
	}
	return nil
}

// buttonCount refuses a button component with more or fewer parameters
// than its button takes (132000), as a body's count is refused.
func buttonCount(component string, b template.Button, want buttonRule, n int) error {
	switch {
	case n >= want.min && n <= want.max:
		return nil
	case want.max == 0:
		why := "a " + b.Type + " button takes none"
		if b.Type == template.ButtonURL {
			why = "the URL button's url has no {{1}}"
		}
		return apperr.Newf(apperr.CodeTemplateParamCount, "%s: expected 0 parameters, received %d (%s)", component, n, why)
	case want.min == want.max:
		return apperr.Newf(apperr.CodeTemplateParamCount, "%s: expected %d parameter (the %s button's %s), received %d",
			component, want.min, b.Type, want.param, n)
	}
	return apperr.Newf(apperr.CodeTemplateParamCount, "%s: expected at most %d parameter, received %d", component, want.max, n)
}

// distinct is the set of placeholders, by number or name.
func distinct(holders []template.Placeholder) map[string]bool {
	out := map[string]bool{}
	for _, h := range holders {
		out[h.Raw] = true
	}
	return out
}

// charPolicy refuses parameter text the compatible API refuses: a newline,
// a tab, or more than four consecutive spaces.
func charPolicy(component, v string) error {
	switch {
	case strings.ContainsAny(v, "\n\r"):
		return apperr.Newf(apperr.CodeTemplateCharPolicy, "%s: a parameter holds a new-line character", component)
	case strings.Contains(v, "\t"):
		return apperr.Newf(apperr.CodeTemplateCharPolicy, "%s: a parameter holds a tab", component)
	case strings.Contains(v, "     "):
		return apperr.Newf(apperr.CodeTemplateCharPolicy, "%s: a parameter holds more than 4 consecutive spaces", component)
	}
	return nil
}

// mediaHeader checks the parameter of a media header: one, of the
// header's format.
func mediaHeader(format string, c ComponentParam) (string, error) {
	want := strings.ToLower(format)
	switch len(c.Parameters) {
	case 0:
		return "", apperr.Newf(apperr.CodeTemplateParamCount, "header: expected 1 parameter (the %s), received 0", want)
	case 1:
	default:
		return "", apperr.Newf(apperr.CodeTemplateParamCount, "header: expected 1 parameter (the %s), received %d", want, len(c.Parameters))
	}
	if got := strings.ToLower(c.Parameters[0].Type); got != want {
		return "", apperr.Newf(apperr.CodeTemplateParamFormat, "header: the template's header is %s, the parameter is %s", want, got)
	}
	return want, nil
}

// fillButton checks a button's component against its rule (buttonRuleFor)
// and returns the button as the recipient reads it: its label, and the
// hydrated URL of a URL button with a placeholder.
func fillButton(i int, b template.Button, c ComponentParam) (string, error) {
	component := fmt.Sprintf("button %d", i)
	want := buttonRuleFor(b)
	if err := buttonKind(component, b, want, c); err != nil {
		return "", err
	}
	if err := buttonCount(component, b, want, len(c.Parameters)); err != nil {
		return "", err
	}
	holders := template.Placeholders(b.URL)
	if b.Type != template.ButtonURL || len(holders) == 0 {
		return b.Text, nil
	}
	v := c.Parameters[0].Value()
	if err := charPolicy(component, v); err != nil {
		return "", err
	}
	url := b.URL[:holders[0].Start] + v + b.URL[holders[0].End:]
	if n := utf8.RuneCountInString(url); n > template.MaxURLLength {
		return "", apperr.Newf(apperr.CodeTemplateTooLong, "%s: the hydrated URL is %d characters, over the limit of %d", component, n, template.MaxURLLength)
	}
	return b.Text + " " + url, nil
}
