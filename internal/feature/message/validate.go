package message

import (
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"svc/internal/feature/template"
	"svc/internal/platform/apperr"
	"svc/internal/platform/e164"
	"svc/internal/platform/geo"
	"svc/internal/platform/jsonbody"
)

// Limits of a send body.
const (
	// MaxTextLength is the longest text body, in characters.
	MaxTextLength = 4096
	// MaxCallbackDataLength is the longest biz_opaque_callback_data, in
	// characters, as the compatible API bounds it.
	MaxCallbackDataLength = 512
	// MaxButtonIndex is the highest button index a template has (ten
	// buttons).
	MaxButtonIndex = 9
	// MaxMessageIDLength bounds the id of a message a send refers to (a
	// reply's context, a reaction's message): the network's ids are a few
	// dozen characters.
	MaxMessageIDLength = 256
)

// The messaging_product values a send may carry: the service's own, and the
// compatible API's, so that ported code works unchanged.
const (
	ProductSvc        = "svc"
	ProductCompatible = "whatsapp"
)

// SupportedTypes lists the message types this service sends.
var SupportedTypes = []string{TypeText, TypeTemplate, TypeImage, TypeVideo, TypeAudio, TypeDocument, TypeSticker,
	TypeLocation, TypeContacts, TypeReaction, TypeInteractive}

// Validate checks a decoded send against the rules that need nothing
// stored: the product, the recipient, the type and its object (or, for a
// mark-as-read, the status and the message id: validateReceipt). The
// returned error carries the code the compatible API answers with; the
// template's own rules (1320xx) need the stored template (see Hydrate).
func Validate(r Request) error {
	switch {
	case r.MessagingProduct == "":
		return required("messaging_product")
	case r.MessagingProduct != ProductSvc && r.MessagingProduct != ProductCompatible:
		return invalid("messaging_product: must be %q (or %q, the compatible API's value), found %s",
			ProductSvc, ProductCompatible, quote(r.MessagingProduct))
	case r.RecipientType != "" && r.RecipientType != "individual":
		return invalid("recipient_type: must be \"individual\" or absent, found %s", quote(r.RecipientType))
	case r.IsReceipt():
		return validateReceipt(r)
	}
	if err := ValidateRecipient(r.To); err != nil {
		return err
	}
	if n := utf8.RuneCountInString(r.BizOpaqueCallbackData); n > MaxCallbackDataLength {
		return invalid("biz_opaque_callback_data: must be at most %d characters (found %d)", MaxCallbackDataLength, n)
	}
	if r.Context != nil {
		if err := checkMessageRef("context.message_id", r.Context.MessageID); err != nil {
			return err
		}
	}
	switch r.Type {
	case "":
		return required("type")
	case TypeText:
		return validateText(r.Text)
	case TypeTemplate:
		return validateTemplate(r.Template)
	}
	if !slices.Contains(SupportedTypes, r.Type) {
		return apperr.Newf(apperr.CodeUnsupportedType, "type: %s is not supported; supported types are %s",
			quote(r.Type), strings.Join(SupportedTypes, ", "))
	}
	return validateFreeForm(r)
}

// ValidateRecipient checks a recipient number: digits only, E.164 without
// its plus sign (e164.Check, the rule every number in svc follows). The
// details say which rule the number breaks.
func ValidateRecipient(to string) error {
	if to == "" {
		return required("to")
	}
	if err := e164.Check(to); err != nil {
		return invalid("to: %s", err)
	}
	return nil
}

func validateText(t *Text) error {
	if t == nil {
		return required("text")
	}
	return checkText("text.body", t.Body, MaxTextLength, true)
}

// checkText checks a text the recipient reads: present unless optional
// (131008 when blank), at most limit characters (100) and readable.
func checkText(path, text string, limit int, needed bool) error {
	if needed && strings.TrimSpace(text) == "" {
		return required(path)
	}
	if n := utf8.RuneCountInString(text); n > limit {
		return invalid("%s: must be at most %d characters (found %d)", path, limit, n)
	}
	return readable(path, text)
}

// checkMessageRef checks the id of a message a send refers to (a reply's
// context.message_id, a reaction's message_id, a mark-as-read's
// message_id): required (131008 when blank), and printable ASCII without
// spaces, at most MaxMessageIDLength characters (100), as the network's
// ids (wamid.…) and svc's (svcmid.…) are. An svc id is then read and
// replaced by the network's (resolveRefs); a network id is the network's
// to know, and handed on as given.
func checkMessageRef(path, id string) error {
	if strings.TrimSpace(id) == "" {
		return required(path)
	}
	if n := utf8.RuneCountInString(id); n > MaxMessageIDLength {
		return invalid("%s: must be a message id of at most %d characters (found %d)", path, MaxMessageIDLength, n)
	}
	for i, r := range []rune(id) {
		if r <= ' ' || r > '~' {
			return invalid("%s: must be a message id, printable ASCII without spaces (found U+%04X at character %d)", path, r, i+1)
		}
	}
	return nil
}

// readable refuses a text the recipient reads that holds a control
// character other than a tab or a line break, by the rule template texts
// follow (template.ControlCharProblem).
func readable(path, text string) error {
	if p := template.ControlCharProblem(text); p != "" {
		return invalid("%s: %s", path, p)
	}
	return nil
}

// Component types of a template send, lower case as clients send them.
const (
	ComponentHeader = "header"
	ComponentBody   = "body"
	ComponentButton = "button"
)

// Parameter types.
const (
	ParamText       = "text"
	ParamCurrency   = "currency"
	ParamDateTime   = "date_time"
	ParamImage      = "image"
	ParamVideo      = "video"
	ParamDocument   = "document"
	ParamLocation   = "location"
	ParamPayload    = "payload"
	ParamCouponCode = "coupon_code"
	ParamAction     = "action"
)

// paramTypes says where each parameter type may appear.
var paramTypes = map[string][]string{
	ParamText:       {ComponentHeader, ComponentBody, ComponentButton},
	ParamCurrency:   {ComponentHeader, ComponentBody},
	ParamDateTime:   {ComponentHeader, ComponentBody},
	ParamImage:      {ComponentHeader},
	ParamVideo:      {ComponentHeader},
	ParamDocument:   {ComponentHeader},
	ParamLocation:   {ComponentHeader},
	ParamPayload:    {ComponentButton},
	ParamCouponCode: {ComponentButton},
	ParamAction:     {ComponentButton},
}

// buttonSubTypes are the button sub_types a send may give parameters for.
var buttonSubTypes = []string{"quick_reply", "url", "copy_code", "flow", "otp", "catalog"}

func validateTemplate(t *TemplateSend) error {
	switch {
	case t == nil:
		return required("template")
	case strings.TrimSpace(t.Name) == "":
		return required("template.name")
	case t.Language == nil || strings.TrimSpace(t.Language.Code) == "":
		return required("template.language.code")
	case t.Language.Policy != "" && t.Language.Policy != "deterministic":
		return invalid("template.language.policy: must be \"deterministic\" or absent, found %s", quote(t.Language.Policy))
	}
	seen := map[string]bool{}
	for i, c := range t.Components {
		path := fmt.Sprintf("template.components[%d]", i)
		typ := strings.ToLower(c.Type)
		key := typ
		switch typ {
		case "":
			return required(path + ".type")
		case ComponentHeader, ComponentBody:
		case ComponentButton:
			if c.SubType == "" {
				return required(path + ".sub_type")
			}
			if !slices.Contains(buttonSubTypes, strings.ToLower(c.SubType)) {
				return invalid("%s.sub_type: must be one of %s, found %s", path, strings.Join(buttonSubTypes, ", "), quote(c.SubType))
			}
			idx, ok := c.ButtonIndex()
			if !c.Index.Set {
				return required(path + ".index")
			}
			if !ok {
				return invalid("%s.index: must be a whole number from 0 to %d, found %s", path, MaxButtonIndex, quote(c.Index.Value))
			}
			key = fmt.Sprintf("button %d", idx)
		default:
			return invalid("%s.type: must be header, body or button, found %s", path, quote(c.Type))
		}
		if seen[key] {
			return invalid("%s: a second %s component; give each component once", path, key)
		}
		seen[key] = true
		for j, p := range c.Parameters {
			if err := validateParam(fmt.Sprintf("%s.parameters[%d]", path, j), typ, p); err != nil {
				return err
			}
		}
	}
	return nil
}

// ButtonIndex is the button component's index as a number, and whether it
// is one from 0 to MaxButtonIndex.
func (c ComponentParam) ButtonIndex() (int, bool) {
	v := c.Index.Value
	if len(v) != 1 || v[0] < '0' || v[0] > '0'+MaxButtonIndex {
		return 0, false
	}
	return int(v[0] - '0'), true
}

func validateParam(path, component string, p Parameter) error {
	typ := strings.ToLower(p.Type)
	where, known := paramTypes[typ]
	switch {
	case p.Type == "":
		return required(path + ".type")
	case !known:
		return invalid("%s.type: %s is not a parameter type; use text, currency, date_time, image, video, document, location, payload, coupon_code or action", path, quote(p.Type))
	case !slices.Contains(where, component):
		// A known type in the wrong component is the compatible API's
		// parameter format mismatch, as a media header given another
		// media is (Hydrate).
		return apperr.Newf(apperr.CodeTemplateParamFormat, "%s.type: %s parameter cannot fill a %s component", path, withArticle(typ), component)
	}
	switch typ {
	case ParamText:
		if p.Text == nil || strings.TrimSpace(*p.Text) == "" {
			// An empty value would leave a gap in the text the recipient
			// reads ("Hi , your order ..."), as an empty text body would.
			return required(path + ".text")
		}
	case ParamPayload:
		if p.Payload == nil {
			return required(path + ".payload")
		}
	case ParamCouponCode:
		if p.CouponCode == nil || strings.TrimSpace(*p.CouponCode) == "" {
			// The code is what the recipient copies: none is stored.
			return required(path + ".coupon_code")
		}
	case ParamAction:
		return validateAction(path+".action", p.Action)
	case ParamCurrency:
		if p.Currency == nil || p.Currency.FallbackValue == "" {
			return required(path + ".currency.fallback_value")
		}
		return readable(path+".currency.fallback_value", p.Currency.FallbackValue)
	case ParamDateTime:
		if p.DateTime == nil || p.DateTime.FallbackValue == "" {
			return required(path + ".date_time.fallback_value")
		}
		return readable(path+".date_time.fallback_value", p.DateTime.FallbackValue)
	case ParamLocation:
		_, err := decodeLocation(path+"."+typ, p.Location)
		return err
	default: // media
		m, err := decodeMedia(path+"."+typ, p.media(typ))
		if err != nil {
			return err
		}
		return checkMedia(path+"."+typ, typ, m, false)
	}
	// A text, payload or coupon code fills the text the recipient reads
	// (or echoes in a webhook), as a text body does.
	return readable(path+"."+typ, p.Value())
}

// withArticle puts "a" or "an" before a parameter type: "an image", "a
// video".
func withArticle(typ string) string {
	if typ != "" && strings.ContainsRune("aeiou", rune(typ[0])) {
		return "an " + typ
	}
	return "a " + typ
}

// decodeMedia reads a media object, of a media message, an interactive
// message's header or a template's header parameter alike: id, link,
// caption and filename as strings and voice as a boolean, each by its name
// exactly as the OpenAPI document writes it (another spelling, "LINK", is
// an unknown field), absent and null alike; other fields are ignored, as
// the compatible API ignores them. A missing object is 131008 naming it, a
// field of the wrong JSON type 100; checkMedia applies the rules.
func decodeMedia(path string, raw json.RawMessage) (Media, error) {
	o, err := object(path, raw)
	if err != nil {
		return Media{}, err
	}
	var m Media
	for _, f := range []struct {
		name string
		to   *string
	}{{"id", &m.ID}, {"link", &m.Link}, {"caption", &m.Caption}, {"filename", &m.Filename}} {
		if *f.to, err = stringField(path+"."+f.name, o[f.name]); err != nil {
			return Media{}, err
		}
	}
	if v := o["voice"]; !absent(v) {
		var b bool
		if json.Unmarshal(v, &b) != nil {
			return Media{}, invalid("%s.voice: expected a boolean, found %s", path, jsonbody.KindOf(v))
		}
		m.Voice = &b
	}
	return m, nil
}

// decodeLocation reads and checks a location object, of a location message
// or a template's location header parameter alike: a latitude and a
// longitude (numbers, or numeric strings as the compatible API's examples
// write them) that are a real position, and an optional name and address
// (parseLocation), each by its name exactly. A missing object or value is
// 131008, a position that cannot be right 131009, a field of the wrong
// JSON type 100; other fields are ignored.
func decodeLocation(path string, raw json.RawMessage) (Location, error) {
	o, err := object(path, raw)
	if err != nil {
		return Location{}, err
	}
	return parseLocation(path, o)
}

// object reads the raw JSON object at path into its members: 131008 when
// absent or null, 100 when not an object.
func object(path string, raw json.RawMessage) (map[string]json.RawMessage, error) {
	if absent(raw) {
		return nil, required(path)
	}
	var o map[string]json.RawMessage
	if jsonbody.KindOf(raw) != jsonbody.Object || json.Unmarshal(raw, &o) != nil {
		return nil, invalid("%s: expected an object, found %s", path, jsonbody.KindOf(raw))
	}
	return o, nil
}

// checkMedia checks a media object of type typ (TypeImage, ...: a media
// parameter's type is the same word), of a message (captioned: an image,
// video or document may carry a caption) or of a header (none may). It
// names its media by link, an absolute http or https URL with a host, or by id,
// media uploaded to the network (131008 when neither is given, 131009 for a
// link that is not such a URL, 100 for both: which one the network would
// send is a guess); a document may carry a filename, which the recipient's
// phone shows under it, a caption is at most MaxCaptionLength characters,
// and an audio message may be marked a voice note. A caption, filename or
// voice where none is taken is 100 naming it; a caption and a filename are
// texts the recipient reads (readable).
func checkMedia(path, typ string, m Media, captioned bool) error {
	if m.Filename != "" {
		if typ != TypeDocument {
			return invalid("%s.filename: only a document has a filename", path)
		}
		if err := checkText(path+".filename", m.Filename, MaxFilenameLength, false); err != nil {
			return err
		}
	}
	if m.Voice != nil && (typ != TypeAudio || !captioned) {
		return invalid("%s.voice: only an audio message has voice", path)
	}
	if m.Caption != "" {
		if !captioned || typ == TypeAudio || typ == TypeSticker {
			return invalid("%s.caption: %s takes no caption (only an image, video or document message has one)", path, mediaNoun(typ, captioned))
		}
		if err := checkText(path+".caption", m.Caption, MaxCaptionLength, false); err != nil {
			return err
		}
	}
	link, id := strings.TrimSpace(m.Link), strings.TrimSpace(m.ID)
	switch {
	case utf8.RuneCountInString(link) > MaxLinkLength:
		return invalid("%s.link: must be at most %d characters (found %d)", path, MaxLinkLength, utf8.RuneCountInString(link))
	case utf8.RuneCountInString(id) > MaxMediaIDLength:
		return invalid("%s.id: must be at most %d characters (found %d)", path, MaxMediaIDLength, utf8.RuneCountInString(id))
	case link == "" && id == "":
		return apperr.Newf(apperr.CodeRequiredParameter, "%s: required: link (an http or https URL) or id (uploaded media)", path)
	case link != "" && id != "":
		return invalid("%s: give link or id, not both", path)
	case link != "" && !webURL(link):
		return apperr.Newf(apperr.CodeInvalidValue, "%s.link: must be an absolute http or https URL with a host, found %s", path, quote(link))
	}
	return nil
}

// mediaNoun names what a caption was refused on: "an audio message", "a
// header's image".
func mediaNoun(typ string, message bool) string {
	if !message {
		return "a header's " + typ
	}
	if typ == TypeAudio {
		return "an audio message"
	}
	return "a " + typ + " message"
}

// parseLocation reads a location object's members (decodeLocation): its
// position, name and address.
func parseLocation(path string, m map[string]json.RawMessage) (Location, error) {
	lat, err := coordinate(path+".latitude", m["latitude"])
	if err != nil {
		return Location{}, err
	}
	lon, err := coordinate(path+".longitude", m["longitude"])
	if err != nil {
		return Location{}, err
	}
	if !(geo.Point{Lat: lat, Lon: lon}).Valid() {
		return Location{}, apperr.Newf(apperr.CodeInvalidValue, "%s: latitude must be within [-90, 90] and longitude within [-180, 180], found %v and %v",
			path, lat, lon)
	}
	l := Location{Latitude: lat, Longitude: lon}
	for _, f := range []struct {
		name  string
		limit int
		to    *string
	}{{"name", MaxLocationNameLength, &l.Name}, {"address", MaxLocationAddressLength, &l.Address}} {
		s, err := stringField(path+"."+f.name, m[f.name])
		if err != nil {
			return Location{}, err
		}
		if err := checkText(path+"."+f.name, s, f.limit, false); err != nil {
			return Location{}, err
		}
		*f.to = s
	}
	return l, nil
}

// coordinate reads a latitude or longitude: a JSON number or a string
// holding one.
func coordinate(path string, raw json.RawMessage) (float64, error) {
	var text string
	switch {
	case absent(raw):
		return 0, required(path)
	case raw[0] == '"':
		if json.Unmarshal(raw, &text) != nil {
			return 0, invalid("%s: expected a number", path)
		}
		text = strings.TrimSpace(text)
	case raw[0] == '-' || raw[0] >= '0' && raw[0] <= '9':
		text = string(raw)
	default:
		return 0, invalid("%s: expected a number", path)
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, apperr.Newf(apperr.CodeInvalidValue, "%s: must be a number in decimal degrees, found %s", path, quote(text))
	}
	return f, nil
}

// stringField reads an optional string field of a raw object: absent and
// null are "", any other JSON type is 100.
func stringField(path string, raw json.RawMessage) (string, error) {
	if absent(raw) {
		return "", nil
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", invalid("%s: expected a string, found %s", path, jsonbody.KindOf(raw))
	}
	return s, nil
}

// absent reports whether a raw field was left out or sent as null.
func absent(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}

// webURL reports whether s is an absolute http or https URL with a host,
// without credentials, spaces or control characters: a media link the
// network fetches (the compatible API takes both schemes; it is not svc
// that fetches it, so where it points is the network's business, unlike a
// webhook's URL), or a cta_url button's target, which the recipient's
// phone opens in its browser. A template's URL buttons are https only, by
// the template rules (package template).
func webURL(s string) bool { return absoluteURL(s, "http", "https") }

// absoluteURL reports whether s is an absolute URL of one of schemes with
// a host, without credentials, spaces or control characters.
func absoluteURL(s string, schemes ...string) bool {
	if strings.IndexFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }) >= 0 {
		return false
	}
	u, err := url.Parse(s)
	if err != nil || u.Opaque != "" || u.User != nil || u.Hostname() == "" {
		return false
	}
	for _, scheme := range schemes {
		if strings.EqualFold(u.Scheme, scheme) {
			return true
		}
	}
	return false
}

// validateAction checks a flow button's action: an object whose
// flow_token, when given, is a string and whose flow_action_data, when
// given, is an object.
func validateAction(path string, raw json.RawMessage) error {
	if len(raw) == 0 || string(raw) == "null" {
		return required(path)
	}
	var a map[string]json.RawMessage
	if err := json.Unmarshal(raw, &a); err != nil {
		return invalid("%s: expected an object", path)
	}
	if tok, ok := a["flow_token"]; ok {
		var s string
		if json.Unmarshal(tok, &s) != nil {
			return invalid("%s.flow_token: expected a string", path)
		}
	}
	if data, ok := a["flow_action_data"]; ok && (len(data) == 0 || data[0] != '{') {
		return invalid("%s.flow_action_data: expected an object", path)
	}
	return nil
}

// media is the object of a media or location parameter.
func (p Parameter) media(typ string) []byte {
	switch typ {
	case ParamImage:
		return p.Image
	case ParamVideo:
		return p.Video
	case ParamDocument:
		return p.Document
	case ParamLocation:
		return p.Location
	}
	return nil
}

// Value is the text a text-like parameter puts in place of its
// placeholder.
func (p Parameter) Value() string {
	switch strings.ToLower(p.Type) {
	case ParamText:
		if p.Text != nil {
			return *p.Text
		}
	case ParamCurrency:
		if p.Currency != nil {
			return p.Currency.FallbackValue
		}
	case ParamDateTime:
		if p.DateTime != nil {
			return p.DateTime.FallbackValue
		}
	case ParamPayload:
		if p.Payload != nil {
			return *p.Payload
		}
	case ParamCouponCode:
		if p.CouponCode != nil {
			return *p.CouponCode
		}
	}
	return ""
}

func required(field string) error {
	return apperr.Newf(apperr.CodeRequiredParameter, "%s: required", field)
}

func invalid(format string, args ...any) error {
	return apperr.Newf(apperr.CodeInvalidParameter, format, args...)
}

// quote quotes a client's value for a details text, shortened.
func quote(s string) string {
	const limit = 40
	if utf8.RuneCountInString(s) > limit {
		s = string([]rune(s)[:limit]) + "…"
	}
	return fmt.Sprintf("%q", s)
}
