package message

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"svc/internal/platform/apperr"
	"svc/internal/platform/emoji"
	"svc/internal/platform/plainjson"
)

// The free-form types beside text: media, a location, contacts, a reaction
// and interactive messages, in the compatible API's shapes. Each is sent
// only inside the recipient's 24-hour window, as a text is, and is checked
// here against the rules that need nothing stored; the network gets the
// type's object as decoded and checked, written again (networkObject), so
// unknown fields and nulls do not travel on.

// Limits of the free-form types: the compatible API's where it states one,
// its client libraries' where they do (a document's filename, a location's
// name and address), svc's own otherwise (a link, a media id, a contact
// card's strings), so that every string a send carries is bounded and the
// network body stays under MaxNetworkBodyBytes.
const (
	// MaxCaptionLength bounds a media message's caption.
	MaxCaptionLength = 1024
	// MaxLinkLength bounds a media link and a cta_url button's URL: the
	// bound of the compatible API's URL buttons.
	MaxLinkLength = 2000
	// MaxMediaIDLength bounds the id of uploaded media.
	MaxMediaIDLength = 256
	// MaxFilenameLength bounds a document's filename.
	MaxFilenameLength = 240
	// MaxLocationNameLength and MaxLocationAddressLength bound a
	// location's name and address.
	MaxLocationNameLength    = 100
	MaxLocationAddressLength = 300
	// MaxContacts bounds a contacts message: the compatible API's bound.
	// Cards are small, and MaxNetworkBodyBytes bounds them all together.
	MaxContacts = 257
	// MaxContactFieldLength bounds every string of a contact card (a
	// name, a phone, an email, a street, ...).
	MaxContactFieldLength = 256
	// Interactive messages: body (a list's may be longer), text header and
	// footer.
	MaxInteractiveBodyLength   = 1024
	MaxListBodyLength          = 4096
	MaxInteractiveHeaderLength = 60
	MaxInteractiveFooterLength = 60
	// Reply buttons: one to three, each with a title and an id.
	MaxReplyButtons     = 3
	MaxReplyTitleLength = 20
	MaxReplyIDLength    = 256
	// Lists: the button that opens the list, one to ten sections, at most
	// ten rows in all.
	MaxListButtonLength     = 20
	MaxListSections         = 10
	MaxListRows             = 10
	MaxSectionTitleLength   = 24
	MaxRowIDLength          = 200
	MaxRowTitleLength       = 24
	MaxRowDescriptionLength = 72
	// MaxCTADisplayTextLength bounds a cta_url button's label.
	MaxCTADisplayTextLength = 20
)

// Interactive message types this service sends.
const (
	InteractiveButton          = "button"
	InteractiveList            = "list"
	InteractiveCTAURL          = "cta_url"
	InteractiveLocationRequest = "location_request_message"
)

// SupportedInteractiveTypes lists the interactive types this service
// sends; the compatible API's others (product, product_list,
// catalog_message, flow, call_permission_request) need a catalog, a flow
// or calling set up with the network, which svc does not manage: 131051.
var SupportedInteractiveTypes = []string{InteractiveButton, InteractiveList, InteractiveCTAURL, InteractiveLocationRequest}

// Media is the object of a media message (image, video, audio, document,
// sticker) or of a media header (an interactive message's or a template's),
// as decodeMedia reads it and the network gets it. Link is an absolute http or https URL the
// network fetches, ID media uploaded to the network (in AWS, an End User
// Messaging Social media id; svc has no upload route): one of the two.
// Voice, on an audio message only, marks a voice note.
type Media struct {
	ID       string `json:"id,omitempty"`
	Link     string `json:"link,omitempty"`
	Caption  string `json:"caption,omitempty"`
	Filename string `json:"filename,omitempty"`
	Voice    *bool  `json:"voice,omitempty"`
}

// Location is a location message's object as the network gets it.
type Location struct {
	Latitude  float64 `json:"latitude"`
	Longitude float64 `json:"longitude"`
	Name      string  `json:"name,omitempty"`
	Address   string  `json:"address,omitempty"`
}

// Contact is one contact card of a contacts message: a name with its
// formatted_name, and what else the compatible API's card holds.
type Contact struct {
	Name      *ContactName     `json:"name,omitempty"`
	Phones    []ContactPhone   `json:"phones,omitempty"`
	Emails    []ContactEmail   `json:"emails,omitempty"`
	URLs      []ContactURL     `json:"urls,omitempty"`
	Addresses []ContactAddress `json:"addresses,omitempty"`
	Org       *ContactOrg      `json:"org,omitempty"`
	// Birthday is YYYY-MM-DD.
	Birthday string `json:"birthday,omitempty"`
}

// ContactName is a contact's name; FormattedName is required.
type ContactName struct {
	FormattedName string `json:"formatted_name"`
	FirstName     string `json:"first_name,omitempty"`
	LastName      string `json:"last_name,omitempty"`
	MiddleName    string `json:"middle_name,omitempty"`
	Suffix        string `json:"suffix,omitempty"`
	Prefix        string `json:"prefix,omitempty"`
}

// ContactPhone is one of a contact's phone numbers.
type ContactPhone struct {
	Phone string `json:"phone,omitempty"`
	Type  string `json:"type,omitempty"`
	WaID  string `json:"wa_id,omitempty"`
}

// ContactEmail is one of a contact's email addresses.
type ContactEmail struct {
	Email string `json:"email,omitempty"`
	Type  string `json:"type,omitempty"`
}

// ContactURL is one of a contact's web addresses.
type ContactURL struct {
	URL  string `json:"url,omitempty"`
	Type string `json:"type,omitempty"`
}

// ContactAddress is one of a contact's postal addresses.
type ContactAddress struct {
	Street      string `json:"street,omitempty"`
	City        string `json:"city,omitempty"`
	State       string `json:"state,omitempty"`
	Zip         string `json:"zip,omitempty"`
	Country     string `json:"country,omitempty"`
	CountryCode string `json:"country_code,omitempty"`
	Type        string `json:"type,omitempty"`
}

// ContactOrg is a contact's organisation.
type ContactOrg struct {
	Company    string `json:"company,omitempty"`
	Department string `json:"department,omitempty"`
	Title      string `json:"title,omitempty"`
}

// Reaction is a reaction message's object: the message reacted to (the
// network's id of it, as inbound webhooks carry it) and one emoji, or ""
// to remove the reaction.
type Reaction struct {
	MessageID string  `json:"message_id"`
	Emoji     *string `json:"emoji"`
}

// Interactive is an interactive message's object.
type Interactive struct {
	Type   string             `json:"type"`
	Header *InteractiveHeader `json:"header,omitempty"`
	Body   *InteractiveText   `json:"body,omitempty"`
	Footer *InteractiveText   `json:"footer,omitempty"`
	Action *Action            `json:"action,omitempty"`
}

// InteractiveHeader is an interactive message's header: a text, or media
// (its object read by decodeMedia, as every media object is).
type InteractiveHeader struct {
	Type     string          `json:"type"`
	Text     string          `json:"text,omitempty"`
	Image    json.RawMessage `json:"image,omitempty"`
	Video    json.RawMessage `json:"video,omitempty"`
	Document json.RawMessage `json:"document,omitempty"`
}

// InteractiveText is an interactive message's body or footer.
type InteractiveText struct {
	Text string `json:"text"`
}

// Action is what an interactive message asks of the recipient: reply
// buttons (Buttons), a list (Button and Sections), a URL button (Name
// cta_url and Parameters) or a location request (Name send_location).
type Action struct {
	Name       string         `json:"name,omitempty"`
	Button     string         `json:"button,omitempty"`
	Buttons    []ReplyButton  `json:"buttons,omitempty"`
	Sections   []ListSection  `json:"sections,omitempty"`
	Parameters *CTAParameters `json:"parameters,omitempty"`
}

// ReplyButton is one reply button.
type ReplyButton struct {
	Type  string `json:"type"`
	Reply *Reply `json:"reply,omitempty"`
}

// Reply is a reply button's id (echoed when the recipient taps it) and
// title.
type Reply struct {
	ID    string `json:"id"`
	Title string `json:"title"`
}

// ListSection is one section of a list.
type ListSection struct {
	Title string    `json:"title,omitempty"`
	Rows  []ListRow `json:"rows,omitempty"`
}

// ListRow is one row of a list section.
type ListRow struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
}

// CTAParameters are a cta_url button's label and target.
type CTAParameters struct {
	DisplayText string `json:"display_text"`
	URL         string `json:"url"`
}

// Action names of the interactive types that carry one.
const (
	actionCTAURL       = "cta_url"
	actionSendLocation = "send_location"
)

// validateFreeForm checks a free-form message's object (r.Type is one of
// SupportedTypes other than text and template). A missing object is 131008
// naming it.
func validateFreeForm(r Request) error {
	switch r.Type {
	case TypeImage, TypeVideo, TypeAudio, TypeDocument, TypeSticker:
		_, err := r.media()
		return err
	case TypeLocation:
		_, err := decodeLocation(TypeLocation, r.Location)
		return err
	case TypeContacts:
		return validateContacts(r.Contacts)
	case TypeReaction:
		return validateReaction(r.Reaction)
	case TypeInteractive:
		return validateInteractive(r.Interactive)
	}
	return apperr.Internal(fmt.Errorf("message type %q has no rules", r.Type))
}

// media reads and checks the object of a media message.
func (r Request) media() (Media, error) {
	var raw json.RawMessage
	switch r.Type {
	case TypeImage:
		raw = r.Image
	case TypeVideo:
		raw = r.Video
	case TypeAudio:
		raw = r.Audio
	case TypeDocument:
		raw = r.Document
	case TypeSticker:
		raw = r.Sticker
	}
	m, err := decodeMedia(r.Type, raw)
	if err != nil {
		return Media{}, err
	}
	return m, checkMedia(r.Type, r.Type, m, true)
}

func validateContacts(cs []Contact) error {
	switch {
	case len(cs) == 0:
		return required("contacts")
	case len(cs) > MaxContacts:
		return invalid("contacts: must hold at most %d contacts (found %d)", MaxContacts, len(cs))
	}
	for i, c := range cs {
		path := fmt.Sprintf("contacts[%d]", i)
		if c.Name == nil || strings.TrimSpace(c.Name.FormattedName) == "" {
			return required(path + ".name.formatted_name")
		}
		for _, t := range c.texts(path) {
			if err := checkText(t[0], t[1], MaxContactFieldLength, false); err != nil {
				return err
			}
		}
		if c.Birthday != "" {
			if _, err := time.Parse(time.DateOnly, c.Birthday); err != nil {
				return apperr.Newf(apperr.CodeInvalidValue, "%s.birthday: must be a date written YYYY-MM-DD, found %s", path, quote(c.Birthday))
			}
		}
	}
	return nil
}

// texts lists the contact's strings with their paths: all of them are on
// the card the recipient reads.
func (c Contact) texts(path string) [][2]string {
	var out [][2]string
	add := func(p string, vs ...string) {
		for i := 0; i+1 < len(vs); i += 2 {
			if vs[i+1] != "" {
				out = append(out, [2]string{p + "." + vs[i], vs[i+1]})
			}
		}
	}
	n := c.Name
	add(path+".name", "formatted_name", n.FormattedName, "first_name", n.FirstName, "last_name", n.LastName,
		"middle_name", n.MiddleName, "suffix", n.Suffix, "prefix", n.Prefix)
	for i, p := range c.Phones {
		add(fmt.Sprintf("%s.phones[%d]", path, i), "phone", p.Phone, "type", p.Type, "wa_id", p.WaID)
	}
	for i, e := range c.Emails {
		add(fmt.Sprintf("%s.emails[%d]", path, i), "email", e.Email, "type", e.Type)
	}
	for i, u := range c.URLs {
		add(fmt.Sprintf("%s.urls[%d]", path, i), "url", u.URL, "type", u.Type)
	}
	for i, a := range c.Addresses {
		add(fmt.Sprintf("%s.addresses[%d]", path, i), "street", a.Street, "city", a.City, "state", a.State, "zip", a.Zip,
			"country", a.Country, "country_code", a.CountryCode, "type", a.Type)
	}
	if o := c.Org; o != nil {
		add(path+".org", "company", o.Company, "department", o.Department, "title", o.Title)
	}
	add(path, "birthday", c.Birthday)
	return out
}

func validateReaction(r *Reaction) error {
	if r == nil {
		return required("reaction")
	}
	if err := checkMessageRef("reaction.message_id", r.MessageID); err != nil {
		return err
	}
	switch {
	case r.Emoji == nil:
		return apperr.New(apperr.CodeRequiredParameter, `reaction.emoji: required: one emoji, or "" to remove the reaction`)
	case *r.Emoji != "" && !emoji.One(*r.Emoji):
		return apperr.Newf(apperr.CodeInvalidValue, `reaction.emoji: must be one emoji, or "" to remove the reaction, found %s`, quote(*r.Emoji))
	}
	return nil
}

// headerTypes says which headers each interactive type takes: a list's is
// a text, a location request has none (the compatible API shows it with a
// body and its button only).
var headerTypes = map[string][]string{
	InteractiveButton:          {TypeText, TypeImage, TypeVideo, TypeDocument},
	InteractiveCTAURL:          {TypeText, TypeImage, TypeVideo, TypeDocument},
	InteractiveList:            {TypeText},
	InteractiveLocationRequest: nil,
}

// validateInteractive checks an interactive message: its type (one of
// SupportedInteractiveTypes, else 131051), a body.text of every type
// (the compatible API lets only product messages, which svc does not
// send, go without one), the optional header and footer, and the action
// of its type.
func validateInteractive(in *Interactive) error {
	switch {
	case in == nil:
		return required("interactive")
	case in.Type == "":
		return required("interactive.type")
	case !slices.Contains(SupportedInteractiveTypes, in.Type):
		return apperr.Newf(apperr.CodeUnsupportedType, "interactive.type: %s is not supported; supported interactive types are %s",
			quote(in.Type), strings.Join(SupportedInteractiveTypes, ", "))
	}
	if err := checkHeader(in.Type, in.Header); err != nil {
		return err
	}
	if in.Body == nil {
		return required("interactive.body.text")
	}
	bodyLimit := MaxInteractiveBodyLength
	if in.Type == InteractiveList {
		bodyLimit = MaxListBodyLength
	}
	if err := checkText("interactive.body.text", in.Body.Text, bodyLimit, true); err != nil {
		return err
	}
	if in.Footer != nil {
		if err := checkText("interactive.footer.text", in.Footer.Text, MaxInteractiveFooterLength, false); err != nil {
			return err
		}
	}
	a := in.Action
	if a == nil {
		return required("interactive.action")
	}
	switch in.Type {
	case InteractiveButton:
		return validateReplyButtons(a.Buttons)
	case InteractiveList:
		return validateList(a)
	case InteractiveCTAURL:
		return validateCTA(a)
	}
	return checkActionName(a, actionSendLocation)
}

// empty reports whether a header carries nothing: some clients' builders
// send {} for a header never set.
func (h *InteractiveHeader) empty() bool {
	return h == nil || h.Type == "" && h.Text == "" && absent(h.Image) && absent(h.Video) && absent(h.Document)
}

// media reads and checks the media of a media header.
func (h *InteractiveHeader) media() (Media, error) {
	const path = "interactive.header."
	var raw json.RawMessage
	switch h.Type {
	case TypeImage:
		raw = h.Image
	case TypeVideo:
		raw = h.Video
	case TypeDocument:
		raw = h.Document
	}
	m, err := decodeMedia(path+h.Type, raw)
	if err != nil {
		return Media{}, err
	}
	return m, checkMedia(path+h.Type, h.Type, m, false)
}

func checkHeader(interactiveType string, h *InteractiveHeader) error {
	const path = "interactive.header"
	if h.empty() {
		return nil
	}
	allowed := headerTypes[interactiveType]
	switch {
	case len(allowed) == 0:
		return invalid("%s: a %s message takes no header", path, interactiveType)
	case h.Type == "":
		return required(path + ".type")
	case !slices.Contains([]string{TypeText, TypeImage, TypeVideo, TypeDocument}, h.Type):
		return invalid("%s.type: must be text, image, video or document, found %s", path, quote(h.Type))
	case !slices.Contains(allowed, h.Type):
		return invalid("%s.type: a %s message's header must be %s, found %s", path, interactiveType, strings.Join(allowed, ", "), quote(h.Type))
	case h.Type == TypeText:
		return checkText(path+".text", h.Text, MaxInteractiveHeaderLength, true)
	}
	_, err := h.media()
	return err
}

func validateReplyButtons(bs []ReplyButton) error {
	const path = "interactive.action.buttons"
	switch {
	case len(bs) == 0:
		return apperr.Newf(apperr.CodeRequiredParameter, "%s: required: 1 to %d reply buttons", path, MaxReplyButtons)
	case len(bs) > MaxReplyButtons:
		return invalid("%s: must hold 1 to %d reply buttons (found %d)", path, MaxReplyButtons, len(bs))
	}
	ids, titles := map[string]bool{}, map[string]bool{}
	for i, b := range bs {
		p := fmt.Sprintf("%s[%d]", path, i)
		switch {
		case b.Type == "":
			return required(p + ".type")
		case b.Type != "reply":
			return invalid("%s.type: must be \"reply\", found %s", p, quote(b.Type))
		case b.Reply == nil:
			return required(p + ".reply")
		}
		if err := checkText(p+".reply.id", b.Reply.ID, MaxReplyIDLength, true); err != nil {
			return err
		}
		if strings.TrimSpace(b.Reply.ID) != b.Reply.ID {
			// The network trims it, so the tap would echo another id than
			// the one given.
			return invalid("%s.reply.id: must not begin or end with a space, found %s", p, quote(b.Reply.ID))
		}
		if err := checkText(p+".reply.title", b.Reply.Title, MaxReplyTitleLength, true); err != nil {
			return err
		}
		if ids[b.Reply.ID] {
			return invalid("%s.reply.id: %s is another button's id; give each button its own", p, quote(b.Reply.ID))
		}
		if titles[b.Reply.Title] {
			return invalid("%s.reply.title: %s is another button's title; give each button its own", p, quote(b.Reply.Title))
		}
		ids[b.Reply.ID], titles[b.Reply.Title] = true, true
	}
	return nil
}

func validateList(a *Action) error {
	const path = "interactive.action"
	if err := checkText(path+".button", a.Button, MaxListButtonLength, true); err != nil {
		return err
	}
	switch n := len(a.Sections); {
	case n == 0:
		return apperr.Newf(apperr.CodeRequiredParameter, "%s.sections: required: 1 to %d sections", path, MaxListSections)
	case n > MaxListSections:
		return invalid("%s.sections: must hold 1 to %d sections (found %d)", path, MaxListSections, n)
	}
	rows := 0
	ids := map[string]bool{}
	for i, s := range a.Sections {
		p := fmt.Sprintf("%s.sections[%d]", path, i)
		// A title tells sections apart: required when there are several.
		if err := checkText(p+".title", s.Title, MaxSectionTitleLength, len(a.Sections) > 1); err != nil {
			return err
		}
		if len(s.Rows) == 0 {
			return required(p + ".rows")
		}
		rows += len(s.Rows)
		if rows > MaxListRows {
			return invalid("%s.rows: a list holds at most %d rows in all its sections (found %d so far)", p, MaxListRows, rows)
		}
		for j, r := range s.Rows {
			rp := fmt.Sprintf("%s.rows[%d]", p, j)
			if err := checkText(rp+".id", r.ID, MaxRowIDLength, true); err != nil {
				return err
			}
			if err := checkText(rp+".title", r.Title, MaxRowTitleLength, true); err != nil {
				return err
			}
			if err := checkText(rp+".description", r.Description, MaxRowDescriptionLength, false); err != nil {
				return err
			}
			if ids[r.ID] {
				return invalid("%s.id: %s is another row's id; give each row of the list its own", rp, quote(r.ID))
			}
			ids[r.ID] = true
		}
	}
	return nil
}

func validateCTA(a *Action) error {
	const path = "interactive.action.parameters"
	if err := checkActionName(a, actionCTAURL); err != nil {
		return err
	}
	if a.Parameters == nil {
		return required(path)
	}
	if err := checkText(path+".display_text", a.Parameters.DisplayText, MaxCTADisplayTextLength, true); err != nil {
		return err
	}
	u := strings.TrimSpace(a.Parameters.URL)
	switch {
	case u == "":
		return required(path + ".url")
	case utf8.RuneCountInString(u) > MaxLinkLength:
		return invalid("%s.url: must be at most %d characters (found %d)", path, MaxLinkLength, utf8.RuneCountInString(u))
	case !webURL(u):
		return apperr.Newf(apperr.CodeInvalidValue, "%s.url: must be an absolute http or https URL with a host, found %s", path, quote(u))
	}
	return nil
}

func checkActionName(a *Action, want string) error {
	switch a.Name {
	case "":
		return required("interactive.action.name")
	case want:
		return nil
	}
	return invalid("interactive.action.name: must be %q, found %s", want, quote(a.Name))
}

// networkObject is the checked object of a free-form message as the
// network gets it: the decoded form written again, trimmed to the fields
// of its type.
func (r Request) networkObject() any {
	switch r.Type {
	case TypeImage, TypeVideo, TypeAudio, TypeDocument, TypeSticker:
		m, _ := r.media() // checked by Validate
		return m.cleaned()
	case TypeLocation:
		l, _ := decodeLocation(TypeLocation, r.Location) // checked by Validate
		return l
	case TypeContacts:
		return r.Contacts
	case TypeReaction:
		return struct {
			MessageID string `json:"message_id"`
			Emoji     string `json:"emoji"`
		}{r.Reaction.MessageID, *r.Reaction.Emoji}
	case TypeInteractive:
		return r.Interactive.cleaned()
	}
	return nil
}

// cleaned is the media object with its id and link trimmed.
func (m *Media) cleaned() Media {
	return Media{ID: strings.TrimSpace(m.ID), Link: strings.TrimSpace(m.Link), Caption: m.Caption, Filename: m.Filename, Voice: m.Voice}
}

// cleaned is the interactive object with only what its type reads: an
// empty header or footer dropped, a header's other media dropped, and the
// action's fields of other types dropped.
func (in *Interactive) cleaned() Interactive {
	out := Interactive{Type: in.Type, Body: in.Body}
	if h := in.Header; !h.empty() {
		c := InteractiveHeader{Type: h.Type}
		if h.Type == TypeText {
			c.Text = h.Text
		} else {
			m, _ := h.media() // checked by Validate
			raw, _ := plainjson.Marshal(m.cleaned())
			switch h.Type {
			case TypeImage:
				c.Image = raw
			case TypeVideo:
				c.Video = raw
			case TypeDocument:
				c.Document = raw
			}
		}
		out.Header = &c
	}
	if in.Footer != nil && strings.TrimSpace(in.Footer.Text) != "" {
		out.Footer = in.Footer
	}
	a := in.Action
	switch in.Type {
	case InteractiveButton:
		out.Action = &Action{Buttons: a.Buttons}
	case InteractiveList:
		out.Action = &Action{Button: a.Button, Sections: a.Sections}
	case InteractiveCTAURL:
		out.Action = &Action{Name: a.Name, Parameters: &CTAParameters{DisplayText: a.Parameters.DisplayText, URL: strings.TrimSpace(a.Parameters.URL)}}
	case InteractiveLocationRequest:
		out.Action = &Action{Name: a.Name}
	}
	return out
}
