package message_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"svc/internal/feature/message"
	"svc/internal/platform/apperr"
)

// ff is a send of a free-form type with its object (raw JSON).
func ff(typ, object string) string {
	return `{"messaging_product":"whatsapp","recipient_type":"individual","to":"` + recipient + `","type":"` + typ + `","` + typ + `":` + object + `}`
}

// js quotes s as a JSON string.
func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// buttons is a reply-buttons message with n buttons, ids b1.. and titles
// Yes 1..
func buttons(n int) string {
	var bs []string
	for i := 1; i <= n; i++ {
		bs = append(bs, fmt.Sprintf(`{"type":"reply","reply":{"id":"b%d","title":"Yes %d"}}`, i, i))
	}
	return ff("interactive", `{"type":"button","body":{"text":"Pick one"},"action":{"buttons":[`+strings.Join(bs, ",")+`]}}`)
}

// button is a reply-buttons message with one button of this id and title.
func button(id, title string) string {
	return ff("interactive", `{"type":"button","body":{"text":"Pick"},"action":{"buttons":[{"type":"reply","reply":{"id":`+js(id)+`,"title":`+js(title)+`}}]}}`)
}

// withButton is a reply-buttons message with a header, body and footer
// as given (raw JSON, "" to leave one out) and one button.
func withButton(header, body, footer string) string {
	var parts []string
	for _, p := range [][2]string{{"header", header}, {"body", body}, {"footer", footer}} {
		if p[1] != "" {
			parts = append(parts, `"`+p[0]+`":`+p[1])
		}
	}
	parts = append(parts, `"action":{"buttons":[{"type":"reply","reply":{"id":"y","title":"Yes"}}]}`)
	return ff("interactive", `{"type":"button",`+strings.Join(parts, ",")+`}`)
}

// list is a list message with these sections (raw JSON) and button label.
func list(label, sections string) string {
	return ff("interactive", `{"type":"list","body":{"text":"Choose"},"action":{"button":`+js(label)+`,"sections":`+sections+`}}`)
}

// rows is n rows r1.. with the title Row.
func rows(from, n int) string {
	var rs []string
	for i := from; i < from+n; i++ {
		rs = append(rs, fmt.Sprintf(`{"id":"r%d","title":"Row %d"}`, i, i))
	}
	return "[" + strings.Join(rs, ",") + "]"
}

// row is a one-section list with one row.
func row(id, title, description string) string {
	return list("Menu", `[{"rows":[{"id":`+js(id)+`,"title":`+js(title)+`,"description":`+js(description)+`}]}]`)
}

func cta(displayText, url string) string {
	return ff("interactive", `{"type":"cta_url","body":{"text":"See dates"},"action":{"name":"cta_url","parameters":{"display_text":`+js(displayText)+`,"url":`+js(url)+`}}}`)
}

// contacts is a contacts message of n cards.
func contacts(n int) string {
	var cs []string
	for i := range n {
		cs = append(cs, fmt.Sprintf(`{"name":{"formatted_name":"Ann %d"}}`, i))
	}
	return ff("contacts", "["+strings.Join(cs, ",")+"]")
}

func reaction(messageID, emoji string) string {
	return ff("reaction", `{"message_id":`+js(messageID)+`,"emoji":`+js(emoji)+`}`)
}

// TestFreeFormRules covers every synchronous rule of the free-form types:
// each limit at both ends, each missing value (131008), each impossible
// one (131009) and each malformed one (100).
func TestFreeFormRules(t *testing.T) {
	long := func(n int) string { return strings.Repeat("é", n) }
	section := func(title string, from, n int) string {
		return `{"title":` + js(title) + `,"rows":` + rows(from, n) + `}`
	}
	cases := []struct {
		name   string
		body   string
		want   apperr.Code // 0: valid
		detail string
	}{
		// media
		{name: "image by link", body: ff("image", `{"link":"https://a.example/i.png","caption":"Hi"}`)},
		{name: "image by id", body: ff("image", `{"id":"1234567890"}`)},
		{name: "video with caption", body: ff("video", `{"link":"https://a.example/v.mp4","caption":"Watch"}`)},
		{name: "audio by id", body: ff("audio", `{"id":"77"}`)},
		{name: "sticker by link", body: ff("sticker", `{"link":"https://a.example/s.webp"}`)},
		{name: "document with filename and caption", body: ff("document", `{"link":"https://a.example/inv.pdf","filename":"invoice.pdf","caption":"Your invoice"}`)},
		{name: "unknown media fields ignored", body: ff("image", `{"link":"https://a.example/i.png","provider":{"name":"x"},"id":null,"caption":null}`)},
		{name: "image object missing", body: `{"messaging_product":"svc","to":"` + recipient + `","type":"image"}`, want: apperr.CodeRequiredParameter, detail: "image: required"},
		{name: "image object null", body: ff("image", `null`), want: apperr.CodeRequiredParameter, detail: "image: required"},
		{name: "image type with a video object", body: `{"messaging_product":"svc","to":"` + recipient + `","type":"image","video":{"link":"https://a.example/v.mp4"}}`, want: apperr.CodeRequiredParameter, detail: "image: required"},
		{name: "image without link or id", body: ff("image", `{"caption":"x"}`), want: apperr.CodeRequiredParameter, detail: "image: required: link (an http or https URL) or id (uploaded media)"},
		{name: "image blank link", body: ff("image", `{"link":"  "}`), want: apperr.CodeRequiredParameter, detail: "image: required: link (an http or https URL) or id (uploaded media)"},
		{name: "image http link", body: ff("image", `{"link":"http://a.example/i.png"}`)},
		// Field names are matched exactly, as the OpenAPI document writes
		// them, by the one decoder of every media object and location.
		{name: "image LINK in capitals", body: ff("image", `{"LINK":"https://a.example/i.png"}`), want: apperr.CodeRequiredParameter, detail: "image: required: link (an http or https URL) or id (uploaded media)"},
		{name: "header image Link in capitals", body: withButton(`{"type":"image","image":{"Link":"https://a.example/i.png"}}`, `{"text":"b"}`, ""), want: apperr.CodeRequiredParameter, detail: "interactive.header.image: required: link (an http or https URL) or id (uploaded media)"},
		{name: "location Latitude in capitals", body: ff("location", `{"Latitude":1,"longitude":2}`), want: apperr.CodeRequiredParameter, detail: "location.latitude: required"},
		{name: "image by link and id", body: ff("image", `{"link":"https://a.example/i.png","id":"1"}`), want: apperr.CodeInvalidParameter, detail: "image: give link or id, not both"},
		{name: "audio as a voice note", body: ff("audio", `{"id":"1","voice":true}`)},
		{name: "audio voice false", body: ff("audio", `{"link":"https://a.example/a.ogg","voice":false}`)},
		{name: "audio voice a string", body: ff("audio", `{"id":"1","voice":"yes"}`), want: apperr.CodeInvalidParameter, detail: "audio.voice: expected a boolean, found a string"},
		{name: "voice on a video", body: ff("video", `{"id":"1","voice":true}`), want: apperr.CodeInvalidParameter, detail: "video.voice: only an audio message has voice"},
		{name: "image ftp link", body: ff("image", `{"link":"ftp://a.example/i.png"}`), want: apperr.CodeInvalidValue, detail: `image.link: must be an absolute http or https URL with a host, found "ftp://a.example/i.png"`},
		{name: "image relative link", body: ff("image", `{"link":"/i.png"}`), want: apperr.CodeInvalidValue, detail: `image.link: must be an absolute http or https URL with a host, found "/i.png"`},
		{name: "image link a number", body: ff("image", `{"link":5}`), want: apperr.CodeInvalidParameter, detail: "image.link: expected a string, found a number"},
		{name: "image an array", body: ff("image", `[]`), want: apperr.CodeInvalidParameter, detail: "image: expected an object, found an array"},
		{name: "link of 2000", body: ff("image", `{"link":`+js("https://a.example/"+strings.Repeat("p", 2000-len("https://a.example/")))+`}`)},
		{name: "link of 2001", body: ff("image", `{"link":`+js("https://a.example/"+strings.Repeat("p", 2001-len("https://a.example/")))+`}`), want: apperr.CodeInvalidParameter, detail: "image.link: must be at most 2000 characters (found 2001)"},
		{name: "media id of 256", body: ff("video", `{"id":`+js(long(256))+`}`)},
		{name: "media id of 257", body: ff("video", `{"id":`+js(long(257))+`}`), want: apperr.CodeInvalidParameter, detail: "video.id: must be at most 256 characters (found 257)"},
		{name: "filename of 240", body: ff("document", `{"id":"1","filename":`+js(long(240))+`}`)},
		{name: "filename of 241", body: ff("document", `{"id":"1","filename":`+js(long(241))+`}`), want: apperr.CodeInvalidParameter, detail: "document.filename: must be at most 240 characters (found 241)"},
		{name: "caption of 1024", body: ff("image", `{"id":"1","caption":`+js(long(1024))+`}`)},
		{name: "caption of 1025", body: ff("image", `{"id":"1","caption":`+js(long(1025))+`}`), want: apperr.CodeInvalidParameter, detail: "image.caption: must be at most 1024 characters (found 1025)"},
		{name: "video caption of 1025", body: ff("video", `{"id":"1","caption":`+js(long(1025))+`}`), want: apperr.CodeInvalidParameter, detail: "video.caption: must be at most 1024 characters (found 1025)"},
		{name: "document caption of 1025", body: ff("document", `{"id":"1","caption":`+js(long(1025))+`}`), want: apperr.CodeInvalidParameter, detail: "document.caption: must be at most 1024 characters (found 1025)"},
		{name: "caption on audio", body: ff("audio", `{"id":"1","caption":"x"}`), want: apperr.CodeInvalidParameter, detail: "audio.caption: an audio message takes no caption (only an image, video or document message has one)"},
		{name: "caption on sticker", body: ff("sticker", `{"id":"1","caption":"x"}`), want: apperr.CodeInvalidParameter, detail: "sticker.caption: a sticker message takes no caption (only an image, video or document message has one)"},
		{name: "caption with a NUL", body: ff("image", `{"id":"1","caption":"a\u0000"}`), want: apperr.CodeInvalidParameter, detail: "image.caption: contains the control character U+0000 at character 2: a text may hold line breaks and tabs, no other control characters"},
		{name: "caption with line breaks", body: ff("image", `{"id":"1","caption":"a\nb\tc"}`)},
		{name: "filename on an image", body: ff("image", `{"id":"1","filename":"i.png"}`), want: apperr.CodeInvalidParameter, detail: "image.filename: only a document has a filename"},
		{name: "filename on a video", body: ff("video", `{"id":"1","filename":"v.mp4"}`), want: apperr.CodeInvalidParameter, detail: "video.filename: only a document has a filename"},
		{name: "filename with an escape", body: ff("document", `{"id":"1","filename":"\u001b.pdf"}`), want: apperr.CodeInvalidParameter, detail: "document.filename: contains the control character U+001B at character 1: a text may hold line breaks and tabs, no other control characters"},
		{name: "another type's object beside is ignored", body: `{"messaging_product":"svc","to":"` + recipient + `","type":"text","text":{"body":"hi"},"image":{"caption":"not checked"}}`},
		// location
		{name: "location", body: ff("location", `{"latitude":52.52,"longitude":13.405,"name":"Acme","address":"Berlin"}`)},
		{name: "location as strings at the edges", body: ff("location", `{"latitude":"90","longitude":"-180"}`)},
		{name: "location missing", body: `{"messaging_product":"svc","to":"` + recipient + `","type":"location"}`, want: apperr.CodeRequiredParameter, detail: "location: required"},
		{name: "location null", body: ff("location", `null`), want: apperr.CodeRequiredParameter, detail: "location: required"},
		{name: "location a string", body: ff("location", `"Berlin"`), want: apperr.CodeInvalidParameter, detail: "location: expected an object, found a string"},
		{name: "latitude past 90", body: ff("location", `{"latitude":90.0001,"longitude":0}`), want: apperr.CodeInvalidValue, detail: "location: latitude must be within [-90, 90] and longitude within [-180, 180], found 90.0001 and 0"},
		{name: "longitude past -180", body: ff("location", `{"latitude":0,"longitude":-180.0001}`), want: apperr.CodeInvalidValue, detail: "location: latitude must be within [-90, 90] and longitude within [-180, 180], found 0 and -180.0001"},
		{name: "longitude missing", body: ff("location", `{"latitude":1}`), want: apperr.CodeRequiredParameter, detail: "location.longitude: required"},
		{name: "latitude a word", body: ff("location", `{"latitude":"north","longitude":1}`), want: apperr.CodeInvalidValue, detail: `location.latitude: must be a number in decimal degrees, found "north"`},
		{name: "location name of 100, address of 300", body: ff("location", `{"latitude":1,"longitude":2,"name":`+js(long(100))+`,"address":`+js(long(300))+`}`)},
		{name: "location name of 101", body: ff("location", `{"latitude":1,"longitude":2,"name":`+js(long(101))+`}`), want: apperr.CodeInvalidParameter, detail: "location.name: must be at most 100 characters (found 101)"},
		{name: "location address of 301", body: ff("location", `{"latitude":1,"longitude":2,"address":`+js(long(301))+`}`), want: apperr.CodeInvalidParameter, detail: "location.address: must be at most 300 characters (found 301)"},
		{name: "location name a number", body: ff("location", `{"latitude":1,"longitude":2,"name":3}`), want: apperr.CodeInvalidParameter, detail: "location.name: expected a string, found a number"},
		{name: "location address with a NUL", body: ff("location", `{"latitude":1,"longitude":2,"address":"a\u0000"}`), want: apperr.CodeInvalidParameter, detail: "location.address: contains the control character U+0000 at character 2: a text may hold line breaks and tabs, no other control characters"},
		// contacts
		{name: "a full contact", body: ff("contacts", `[{"name":{"formatted_name":"Ann Lee","first_name":"Ann","last_name":"Lee"},"phones":[{"phone":"+1 (940) 555-1234","type":"WORK","wa_id":"19405551234"}],"emails":[{"email":"ann@example.com","type":"WORK"}],"urls":[{"url":"https://example.com","type":"WORK"}],"addresses":[{"street":"1 Main St","city":"Menlo Park","state":"CA","zip":"94025","country":"United States","country_code":"us","type":"WORK"}],"org":{"company":"Acme","department":"Sales","title":"Lead"},"birthday":"1990-02-28"}]`)},
		{name: "257 contacts", body: contacts(257)},
		{name: "258 contacts", body: contacts(258), want: apperr.CodeInvalidParameter, detail: "contacts: must hold at most 257 contacts (found 258)"},
		{name: "no contacts", body: contacts(0), want: apperr.CodeRequiredParameter, detail: "contacts: required"},
		{name: "contacts null", body: ff("contacts", `null`), want: apperr.CodeRequiredParameter, detail: "contacts: required"},
		{name: "contacts an object", body: ff("contacts", `{"name":{"formatted_name":"Ann"}}`), want: apperr.CodeInvalidParameter, detail: "contacts: expected an array, found an object"},
		{name: "contact without a name", body: ff("contacts", `[{"phones":[{"phone":"1"}]}]`), want: apperr.CodeRequiredParameter, detail: "contacts[0].name.formatted_name: required"},
		{name: "second contact with a blank name", body: ff("contacts", `[{"name":{"formatted_name":"Ann"}},{"name":{"formatted_name":" ","first_name":"Bo"}}]`), want: apperr.CodeRequiredParameter, detail: "contacts[1].name.formatted_name: required"},
		{name: "contact phones an object", body: ff("contacts", `[{"name":{"formatted_name":"Ann"},"phones":{"phone":"1"}}]`), want: apperr.CodeInvalidParameter, detail: "contacts[0].phones: expected an array, found an object"},
		{name: "contact phone a number", body: ff("contacts", `[{"name":{"formatted_name":"Ann"},"phones":[{"phone":1}]}]`), want: apperr.CodeInvalidParameter, detail: "contacts[0].phones[0].phone: expected a string, found a number"},
		{name: "contact phone with a NUL", body: ff("contacts", `[{"name":{"formatted_name":"Ann"},"phones":[{"phone":"1\u0000"}]}]`), want: apperr.CodeInvalidParameter, detail: "contacts[0].phones[0].phone: contains the control character U+0000 at character 2: a text may hold line breaks and tabs, no other control characters"},
		{name: "contact company with a bell", body: ff("contacts", `[{"name":{"formatted_name":"Ann"},"org":{"company":"\u0007"}}]`), want: apperr.CodeInvalidParameter, detail: "contacts[0].org.company: contains the control character U+0007 at character 1: a text may hold line breaks and tabs, no other control characters"},
		{name: "contact strings of 256", body: ff("contacts", `[{"name":{"formatted_name":`+js(long(256))+`},"phones":[{"phone":`+js(long(256))+`}],"addresses":[{"street":`+js(long(256))+`}]}]`)},
		{name: "contact name of 257", body: ff("contacts", `[{"name":{"formatted_name":`+js(long(257))+`}}]`), want: apperr.CodeInvalidParameter, detail: "contacts[0].name.formatted_name: must be at most 256 characters (found 257)"},
		{name: "contact email of 257", body: ff("contacts", `[{"name":{"formatted_name":"Ann"},"emails":[{"email":"a@b.example"},{"email":`+js(long(257))+`}]}]`), want: apperr.CodeInvalidParameter, detail: "contacts[0].emails[1].email: must be at most 256 characters (found 257)"},
		{name: "contact street of 257", body: ff("contacts", `[{"name":{"formatted_name":"Ann"}},{"name":{"formatted_name":"Bo"},"addresses":[{"street":`+js(long(257))+`}]}]`), want: apperr.CodeInvalidParameter, detail: "contacts[1].addresses[0].street: must be at most 256 characters (found 257)"},
		{name: "contact birthday impossible", body: ff("contacts", `[{"name":{"formatted_name":"Ann"},"birthday":"1990-02-30"}]`), want: apperr.CodeInvalidValue, detail: `contacts[0].birthday: must be a date written YYYY-MM-DD, found "1990-02-30"`},
		{name: "contact birthday in words", body: ff("contacts", `[{"name":{"formatted_name":"Ann"},"birthday":"May 1"}]`), want: apperr.CodeInvalidValue, detail: `contacts[0].birthday: must be a date written YYYY-MM-DD, found "May 1"`},
		// reaction
		{name: "reaction", body: reaction("wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZCMzlEQUE4OTJBMjE4RTEA", "👍")},
		{name: "reaction removed", body: reaction("wamid.x", "")},
		{name: "reaction with a skin tone", body: reaction("wamid.x", "👍🏽")},
		{name: "reaction with a flag", body: reaction("wamid.x", "🇩🇪")},
		{name: "reaction with a family", body: reaction("wamid.x", "👨‍👩‍👧‍👦")},
		{name: "reaction missing", body: `{"messaging_product":"svc","to":"` + recipient + `","type":"reaction"}`, want: apperr.CodeRequiredParameter, detail: "reaction: required"},
		{name: "reaction without emoji", body: ff("reaction", `{"message_id":"wamid.x"}`), want: apperr.CodeRequiredParameter, detail: `reaction.emoji: required: one emoji, or "" to remove the reaction`},
		{name: "reaction emoji null", body: ff("reaction", `{"message_id":"wamid.x","emoji":null}`), want: apperr.CodeRequiredParameter, detail: `reaction.emoji: required: one emoji, or "" to remove the reaction`},
		{name: "reaction with a word", body: reaction("wamid.x", "ok"), want: apperr.CodeInvalidValue, detail: `reaction.emoji: must be one emoji, or "" to remove the reaction, found "ok"`},
		{name: "reaction with two emoji", body: reaction("wamid.x", "👍👍"), want: apperr.CodeInvalidValue, detail: `reaction.emoji: must be one emoji, or "" to remove the reaction, found "👍👍"`},
		{name: "reaction with an emoji and a space", body: reaction("wamid.x", "👍 "), want: apperr.CodeInvalidValue, detail: `reaction.emoji: must be one emoji, or "" to remove the reaction, found "👍 "`},
		{name: "reaction with a subdivision flag", body: reaction("wamid.x", "🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F")},
		{name: "reaction with a long tag sequence", body: reaction("wamid.x", "🏴"+strings.Repeat("\U000E0061", 7)+"\U000E007F"), want: apperr.CodeInvalidValue, detail: "reaction.emoji: must be one emoji, or \"\" to remove the reaction, found \"🏴\\U000e0061\\U000e0061\\U000e0061\\U000e0061\\U000e0061\\U000e0061\\U000e0061\\U000e007f\""},
		{name: "reaction without message_id", body: ff("reaction", `{"emoji":"👍"}`), want: apperr.CodeRequiredParameter, detail: "reaction.message_id: required"},
		{name: "reaction message_id of 256", body: reaction(strings.Repeat("m", 256), "👍")},
		{name: "reaction message_id of 257", body: reaction(strings.Repeat("m", 257), "👍"), want: apperr.CodeInvalidParameter, detail: "reaction.message_id: must be a message id of at most 256 characters (found 257)"},
		{name: "reaction message_id with a space", body: reaction("wamid. x", "👍"), want: apperr.CodeInvalidParameter, detail: "reaction.message_id: must be a message id, printable ASCII without spaces (found U+0020 at character 7)"},
		{name: "reply to a message id with a space", body: `{"messaging_product":"svc","to":"` + recipient + `","type":"text","text":{"body":"x"},"context":{"message_id":"a b"}}`, want: apperr.CodeInvalidParameter, detail: "context.message_id: must be a message id, printable ASCII without spaces (found U+0020 at character 2)"},
		// interactive: reply buttons
		{name: "one reply button", body: buttons(1)},
		{name: "three reply buttons", body: buttons(3)},
		{name: "no reply buttons", body: buttons(0), want: apperr.CodeRequiredParameter, detail: "interactive.action.buttons: required: 1 to 3 reply buttons"},
		{name: "four reply buttons", body: buttons(4), want: apperr.CodeInvalidParameter, detail: "interactive.action.buttons: must hold 1 to 3 reply buttons (found 4)"},
		{name: "button title of 20", body: button("a", long(20))},
		{name: "button title of 21", body: button("a", long(21)), want: apperr.CodeInvalidParameter, detail: "interactive.action.buttons[0].reply.title: must be at most 20 characters (found 21)"},
		{name: "button id of 256", body: button(long(256), "Yes")},
		{name: "button id of 257", body: button(long(257), "Yes"), want: apperr.CodeInvalidParameter, detail: "interactive.action.buttons[0].reply.id: must be at most 256 characters (found 257)"},
		{name: "button id with a leading space", body: button(" yes", "Yes"), want: apperr.CodeInvalidParameter, detail: `interactive.action.buttons[0].reply.id: must not begin or end with a space, found " yes"`},
		{name: "button id with a trailing line break", body: button("yes\n", "Yes"), want: apperr.CodeInvalidParameter, detail: `interactive.action.buttons[0].reply.id: must not begin or end with a space, found "yes\n"`},
		{name: "button id with an inner space", body: button("table 2", "Yes")},
		{name: "button blank title", body: button("a", " "), want: apperr.CodeRequiredParameter, detail: "interactive.action.buttons[0].reply.title: required"},
		{name: "button blank id", body: button("", "Yes"), want: apperr.CodeRequiredParameter, detail: "interactive.action.buttons[0].reply.id: required"},
		{name: "button title with a NUL", body: button("a", "Y\u0000"), want: apperr.CodeInvalidParameter, detail: "interactive.action.buttons[0].reply.title: contains the control character U+0000 at character 2: a text may hold line breaks and tabs, no other control characters"},
		{name: "button id with an escape", body: button("\u001b", "Yes"), want: apperr.CodeInvalidParameter, detail: "interactive.action.buttons[0].reply.id: contains the control character U+001B at character 1: a text may hold line breaks and tabs, no other control characters"},
		{name: "two buttons with one id", body: ff("interactive", `{"type":"button","body":{"text":"Pick"},"action":{"buttons":[{"type":"reply","reply":{"id":"a","title":"Yes"}},{"type":"reply","reply":{"id":"a","title":"No"}}]}}`), want: apperr.CodeInvalidParameter, detail: `interactive.action.buttons[1].reply.id: "a" is another button's id; give each button its own`},
		{name: "two buttons with one title", body: ff("interactive", `{"type":"button","body":{"text":"Pick"},"action":{"buttons":[{"type":"reply","reply":{"id":"a","title":"Yes"}},{"type":"reply","reply":{"id":"b","title":"Yes"}}]}}`), want: apperr.CodeInvalidParameter, detail: `interactive.action.buttons[1].reply.title: "Yes" is another button's title; give each button its own`},
		{name: "button without type", body: ff("interactive", `{"type":"button","body":{"text":"Pick"},"action":{"buttons":[{"reply":{"id":"a","title":"Yes"}}]}}`), want: apperr.CodeRequiredParameter, detail: "interactive.action.buttons[0].type: required"},
		{name: "button of type url", body: ff("interactive", `{"type":"button","body":{"text":"Pick"},"action":{"buttons":[{"type":"url","reply":{"id":"a","title":"Yes"}}]}}`), want: apperr.CodeInvalidParameter, detail: `interactive.action.buttons[0].type: must be "reply", found "url"`},
		{name: "button without reply", body: ff("interactive", `{"type":"button","body":{"text":"Pick"},"action":{"buttons":[{"type":"reply"}]}}`), want: apperr.CodeRequiredParameter, detail: "interactive.action.buttons[0].reply: required"},
		{name: "body of 1024", body: withButton("", `{"text":`+js(long(1024))+`}`, "")},
		{name: "body of 1025", body: withButton("", `{"text":`+js(long(1025))+`}`, ""), want: apperr.CodeInvalidParameter, detail: "interactive.body.text: must be at most 1024 characters (found 1025)"},
		{name: "list body of 4096", body: ff("interactive", `{"type":"list","body":{"text":`+js(long(4096))+`},"action":{"button":"Menu","sections":[{"rows":`+rows(1, 1)+`}]}}`)},
		{name: "list body of 4097", body: ff("interactive", `{"type":"list","body":{"text":`+js(long(4097))+`},"action":{"button":"Menu","sections":[{"rows":`+rows(1, 1)+`}]}}`), want: apperr.CodeInvalidParameter, detail: "interactive.body.text: must be at most 4096 characters (found 4097)"},
		{name: "cta_url body of 1025", body: ff("interactive", `{"type":"cta_url","body":{"text":`+js(long(1025))+`},"action":{"name":"cta_url","parameters":{"display_text":"Go","url":"https://e.example"}}}`), want: apperr.CodeInvalidParameter, detail: "interactive.body.text: must be at most 1024 characters (found 1025)"},
		{name: "body missing", body: withButton("", "", ""), want: apperr.CodeRequiredParameter, detail: "interactive.body.text: required"},
		{name: "body blank", body: withButton("", `{"text":" "}`, ""), want: apperr.CodeRequiredParameter, detail: "interactive.body.text: required"},
		{name: "body with a NUL", body: withButton("", `{"text":"a\u0000"}`, ""), want: apperr.CodeInvalidParameter, detail: "interactive.body.text: contains the control character U+0000 at character 2: a text may hold line breaks and tabs, no other control characters"},
		{name: "text header of 60", body: withButton(`{"type":"text","text":`+js(long(60))+`}`, `{"text":"b"}`, "")},
		{name: "text header of 61", body: withButton(`{"type":"text","text":`+js(long(61))+`}`, `{"text":"b"}`, ""), want: apperr.CodeInvalidParameter, detail: "interactive.header.text: must be at most 60 characters (found 61)"},
		{name: "text header blank", body: withButton(`{"type":"text","text":""}`, `{"text":"b"}`, ""), want: apperr.CodeRequiredParameter, detail: "interactive.header.text: required"},
		{name: "header without type", body: withButton(`{"text":"Hi"}`, `{"text":"b"}`, ""), want: apperr.CodeRequiredParameter, detail: "interactive.header.type: required"},
		{name: "header {} is none", body: withButton(`{}`, `{"text":"b"}`, "")},
		{name: "header of type location", body: withButton(`{"type":"location"}`, `{"text":"b"}`, ""), want: apperr.CodeInvalidParameter, detail: `interactive.header.type: must be text, image, video or document, found "location"`},
		{name: "image header", body: withButton(`{"type":"image","image":{"link":"https://a.example/i.png"}}`, `{"text":"b"}`, "")},
		{name: "document header with filename", body: withButton(`{"type":"document","document":{"id":"9","filename":"a.pdf"}}`, `{"text":"b"}`, "")},
		{name: "image header without image", body: withButton(`{"type":"image","video":{"id":"1"}}`, `{"text":"b"}`, ""), want: apperr.CodeRequiredParameter, detail: "interactive.header.image: required"},
		{name: "image header http link", body: withButton(`{"type":"image","image":{"link":"http://a.example/i.png"}}`, `{"text":"b"}`, "")},
		{name: "image header by link and id", body: withButton(`{"type":"image","image":{"link":"https://a.example/i.png","id":"1"}}`, `{"text":"b"}`, ""), want: apperr.CodeInvalidParameter, detail: "interactive.header.image: give link or id, not both"},
		{name: "image header relative link", body: withButton(`{"type":"image","image":{"link":"/i.png"}}`, `{"text":"b"}`, ""), want: apperr.CodeInvalidValue, detail: `interactive.header.image.link: must be an absolute http or https URL with a host, found "/i.png"`},
		{name: "image header with caption", body: withButton(`{"type":"image","image":{"id":"1","caption":"x"}}`, `{"text":"b"}`, ""), want: apperr.CodeInvalidParameter, detail: "interactive.header.image.caption: a header's image takes no caption (only an image, video or document message has one)"},
		{name: "footer of 60", body: withButton("", `{"text":"b"}`, `{"text":`+js(long(60))+`}`)},
		{name: "footer of 61", body: withButton("", `{"text":"b"}`, `{"text":`+js(long(61))+`}`), want: apperr.CodeInvalidParameter, detail: "interactive.footer.text: must be at most 60 characters (found 61)"},
		{name: "footer {} is none", body: withButton("", `{"text":"b"}`, `{}`)},
		{name: "footer with a NUL", body: withButton("", `{"text":"b"}`, `{"text":"\u0000"}`), want: apperr.CodeInvalidParameter, detail: "interactive.footer.text: contains the control character U+0000 at character 1: a text may hold line breaks and tabs, no other control characters"},
		{name: "action missing", body: ff("interactive", `{"type":"button","body":{"text":"b"}}`), want: apperr.CodeRequiredParameter, detail: "interactive.action: required"},
		{name: "interactive missing", body: `{"messaging_product":"svc","to":"` + recipient + `","type":"interactive"}`, want: apperr.CodeRequiredParameter, detail: "interactive: required"},
		{name: "interactive type missing", body: ff("interactive", `{"body":{"text":"b"}}`), want: apperr.CodeRequiredParameter, detail: "interactive.type: required"},
		// interactive: lists
		{name: "list", body: list("Menu", `[{"title":"Mains","rows":[{"id":"r1","title":"Pasta","description":"With basil"}]},{"title":"Sides","rows":[{"id":"r2","title":"Salad"}]}]`)},
		{name: "list of one untitled section", body: list("Menu", `[{"rows":`+rows(1, 1)+`}]`)},
		{name: "list button of 20", body: list(long(20), `[{"rows":`+rows(1, 1)+`}]`)},
		{name: "list button of 21", body: list(long(21), `[{"rows":`+rows(1, 1)+`}]`), want: apperr.CodeInvalidParameter, detail: "interactive.action.button: must be at most 20 characters (found 21)"},
		{name: "list button blank", body: list("", `[{"rows":`+rows(1, 1)+`}]`), want: apperr.CodeRequiredParameter, detail: "interactive.action.button: required"},
		{name: "list without sections", body: list("Menu", `[]`), want: apperr.CodeRequiredParameter, detail: "interactive.action.sections: required: 1 to 10 sections"},
		{name: "list of 10 sections, 10 rows", body: list("Menu", "["+strings.Join(func() []string {
			var ss []string
			for i := range 10 {
				ss = append(ss, section(fmt.Sprint("S", i), i, 1))
			}
			return ss
		}(), ",")+"]")},
		{name: "list of 11 sections", body: list("Menu", "["+strings.Join(func() []string {
			var ss []string
			for i := range 11 {
				ss = append(ss, section(fmt.Sprint("S", i), i, 1))
			}
			return ss
		}(), ",")+"]"), want: apperr.CodeInvalidParameter, detail: "interactive.action.sections: must hold 1 to 10 sections (found 11)"},
		{name: "list of 11 rows in two sections", body: list("Menu", "["+section("A", 0, 6)+","+section("B", 6, 5)+"]"), want: apperr.CodeInvalidParameter, detail: "interactive.action.sections[1].rows: a list holds at most 10 rows in all its sections (found 11 so far)"},
		{name: "list section without rows", body: list("Menu", `[{"title":"A","rows":[]}]`), want: apperr.CodeRequiredParameter, detail: "interactive.action.sections[0].rows: required"},
		{name: "two sections, one untitled", body: list("Menu", "["+section("A", 0, 1)+","+section("", 1, 1)+"]"), want: apperr.CodeRequiredParameter, detail: "interactive.action.sections[1].title: required"},
		{name: "section title of 24", body: list("Menu", "["+section(long(24), 0, 1)+"]")},
		{name: "section title of 25", body: list("Menu", "["+section(long(25), 0, 1)+"]"), want: apperr.CodeInvalidParameter, detail: "interactive.action.sections[0].title: must be at most 24 characters (found 25)"},
		{name: "row id of 200", body: row(long(200), "T", "")},
		{name: "row id of 201", body: row(long(201), "T", ""), want: apperr.CodeInvalidParameter, detail: "interactive.action.sections[0].rows[0].id: must be at most 200 characters (found 201)"},
		{name: "row title of 24", body: row("r", long(24), "")},
		{name: "row title of 25", body: row("r", long(25), ""), want: apperr.CodeInvalidParameter, detail: "interactive.action.sections[0].rows[0].title: must be at most 24 characters (found 25)"},
		{name: "row title blank", body: row("r", "", ""), want: apperr.CodeRequiredParameter, detail: "interactive.action.sections[0].rows[0].title: required"},
		{name: "row description of 72", body: row("r", "T", long(72))},
		{name: "row description of 73", body: row("r", "T", long(73)), want: apperr.CodeInvalidParameter, detail: "interactive.action.sections[0].rows[0].description: must be at most 72 characters (found 73)"},
		{name: "row description with a NUL", body: row("r", "T", "\x00"), want: apperr.CodeInvalidParameter, detail: "interactive.action.sections[0].rows[0].description: contains the control character U+0000 at character 1: a text may hold line breaks and tabs, no other control characters"},
		{name: "one row id in two sections", body: list("Menu", "["+section("A", 0, 1)+","+section("B", 0, 1)+"]"), want: apperr.CodeInvalidParameter, detail: `interactive.action.sections[1].rows[0].id: "r0" is another row's id; give each row of the list its own`},
		{name: "list with an image header", body: ff("interactive", `{"type":"list","header":{"type":"image","image":{"id":"1"}},"body":{"text":"b"},"action":{"button":"Menu","sections":[{"rows":`+rows(1, 1)+`}]}}`), want: apperr.CodeInvalidParameter, detail: `interactive.header.type: a list message's header must be text, found "image"`},
		{name: "list with a text header", body: ff("interactive", `{"type":"list","header":{"type":"text","text":"Today"},"body":{"text":"b"},"action":{"button":"Menu","sections":[{"rows":`+rows(1, 1)+`}]}}`)},
		// interactive: cta_url
		{name: "cta_url https", body: cta("See dates", "https://example.com/dates")},
		{name: "cta_url http", body: cta("See dates", "http://example.com/dates")},
		{name: "cta_url url of 2000", body: cta("Go", "https://e.example/"+strings.Repeat("p", 2000-len("https://e.example/")))},
		{name: "cta_url url of 2001", body: cta("Go", "https://e.example/"+strings.Repeat("p", 2001-len("https://e.example/"))), want: apperr.CodeInvalidParameter, detail: "interactive.action.parameters.url: must be at most 2000 characters (found 2001)"},
		{name: "cta_url display text of 20", body: cta(long(20), "https://example.com")},
		{name: "cta_url display text of 21", body: cta(long(21), "https://example.com"), want: apperr.CodeInvalidParameter, detail: "interactive.action.parameters.display_text: must be at most 20 characters (found 21)"},
		{name: "cta_url display text blank", body: cta("", "https://example.com"), want: apperr.CodeRequiredParameter, detail: "interactive.action.parameters.display_text: required"},
		{name: "cta_url without url", body: cta("Go", ""), want: apperr.CodeRequiredParameter, detail: "interactive.action.parameters.url: required"},
		{name: "cta_url ftp url", body: cta("Go", "ftp://example.com/f"), want: apperr.CodeInvalidValue, detail: `interactive.action.parameters.url: must be an absolute http or https URL with a host, found "ftp://example.com/f"`},
		{name: "cta_url relative url", body: cta("Go", "/dates"), want: apperr.CodeInvalidValue, detail: `interactive.action.parameters.url: must be an absolute http or https URL with a host, found "/dates"`},
		{name: "cta_url javascript url", body: cta("Go", "javascript:alert(1)"), want: apperr.CodeInvalidValue, detail: `interactive.action.parameters.url: must be an absolute http or https URL with a host, found "javascript:alert(1)"`},
		{name: "cta_url without action name", body: ff("interactive", `{"type":"cta_url","body":{"text":"b"},"action":{"parameters":{"display_text":"Go","url":"https://e.example"}}}`), want: apperr.CodeRequiredParameter, detail: "interactive.action.name: required"},
		{name: "cta_url with another action name", body: ff("interactive", `{"type":"cta_url","body":{"text":"b"},"action":{"name":"flow","parameters":{"display_text":"Go","url":"https://e.example"}}}`), want: apperr.CodeInvalidParameter, detail: `interactive.action.name: must be "cta_url", found "flow"`},
		{name: "cta_url without parameters", body: ff("interactive", `{"type":"cta_url","body":{"text":"b"},"action":{"name":"cta_url"}}`), want: apperr.CodeRequiredParameter, detail: "interactive.action.parameters: required"},
		{name: "cta_url with a video header", body: ff("interactive", `{"type":"cta_url","header":{"type":"video","video":{"link":"https://a.example/v.mp4"}},"body":{"text":"b"},"action":{"name":"cta_url","parameters":{"display_text":"Go","url":"https://e.example"}}}`)},
		// interactive: location requests
		{name: "location request", body: ff("interactive", `{"type":"location_request_message","body":{"text":"Where are you?"},"action":{"name":"send_location"}}`)},
		{name: "location request with a footer", body: ff("interactive", `{"type":"location_request_message","body":{"text":"Where?"},"footer":{"text":"Thanks"},"action":{"name":"send_location"}}`)},
		{name: "location request with a header", body: ff("interactive", `{"type":"location_request_message","header":{"type":"text","text":"Hi"},"body":{"text":"Where?"},"action":{"name":"send_location"}}`), want: apperr.CodeInvalidParameter, detail: "interactive.header: a location_request_message message takes no header"},
		{name: "location request with another action", body: ff("interactive", `{"type":"location_request_message","body":{"text":"Where?"},"action":{"name":"cta_url"}}`), want: apperr.CodeInvalidParameter, detail: `interactive.action.name: must be "send_location", found "cta_url"`},
		{name: "location request without body", body: ff("interactive", `{"type":"location_request_message","action":{"name":"send_location"}}`), want: apperr.CodeRequiredParameter, detail: "interactive.body.text: required"},
		// unsupported
		{name: "product", body: ff("interactive", `{"type":"product","action":{"catalog_id":"1","product_retailer_id":"2"}}`), want: apperr.CodeUnsupportedType, detail: `interactive.type: "product" is not supported; supported interactive types are button, list, cta_url, location_request_message`},
		{name: "product_list", body: ff("interactive", `{"type":"product_list","body":{"text":"b"},"action":{"catalog_id":"1","sections":[{"title":"A","product_items":[{"product_retailer_id":"2"}]}]}}`), want: apperr.CodeUnsupportedType, detail: `interactive.type: "product_list" is not supported; supported interactive types are button, list, cta_url, location_request_message`},
		{name: "catalog_message", body: ff("interactive", `{"type":"catalog_message","body":{"text":"b"},"action":{"name":"catalog_message"}}`), want: apperr.CodeUnsupportedType, detail: `interactive.type: "catalog_message" is not supported; supported interactive types are button, list, cta_url, location_request_message`},
		{name: "flow", body: ff("interactive", `{"type":"flow","body":{"text":"b"},"action":{"name":"flow","parameters":{"flow_message_version":"3","flow_id":"1","flow_cta":"Book","flow_action_payload":{"screen":"A"}}}}`), want: apperr.CodeUnsupportedType, detail: `interactive.type: "flow" is not supported; supported interactive types are button, list, cta_url, location_request_message`},
		{name: "call_permission_request", body: ff("interactive", `{"type":"call_permission_request","body":{"text":"b"},"action":{"name":"call_permission_request"}}`), want: apperr.CodeUnsupportedType, detail: `interactive.type: "call_permission_request" is not supported; supported interactive types are button, list, cta_url, location_request_message`},
		{name: "an unknown type", body: ff("order", `{}`), want: apperr.CodeUnsupportedType, detail: `type: "order" is not supported; supported types are text, template, image, video, audio, document, sticker, location, contacts, reaction, interactive`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, err := message.Decode([]byte(c.body))
			if err == nil {
				err = message.Validate(r)
			}
			if c.want == 0 {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if got := codeOf(err); got != c.want {
				t.Fatalf("code %d (%v), want %d", got, err, c.want)
			}
			if ae := apperr.From(err); ae.Details != c.detail {
				t.Fatalf("details %q, want %q", ae.Details, c.detail)
			}
		})
	}
}

// TestFreeFormSends: each free-form type is refused outside the 24-hour
// window (131047) and accepted inside it as a text is: stored with its
// network body alone (no Content: nothing reads a second copy), queued
// once, and handed to the network with its object as checked, unknown
// fields and nulls dropped, and "&", "<" and ">" written as themselves.
func TestFreeFormSends(t *testing.T) {
	cases := []struct {
		name    string
		body    string
		network string // the type's object in the network body
	}{
		{name: "image", body: ff("image", `{"link":" https://a.example/i.png ","caption":"Hi","provider":"x","id":null}`),
			network: `{"link":"https://a.example/i.png","caption":"Hi"}`},
		{name: "document", body: ff("document", `{"id":"55","filename":"inv.pdf","caption":"Invoice"}`),
			network: `{"id":"55","caption":"Invoice","filename":"inv.pdf"}`},
		{name: "audio", body: ff("audio", `{"id":"77"}`), network: `{"id":"77"}`},
		{name: "voice note", body: ff("audio", `{"link":"https://a.example/a.ogg","voice":true}`), network: `{"link":"https://a.example/a.ogg","voice":true}`},
		{name: "video", body: ff("video", `{"link":"https://a.example/v.mp4"}`), network: `{"link":"https://a.example/v.mp4"}`},
		{name: "sticker", body: ff("sticker", `{"id":"9"}`), network: `{"id":"9"}`},
		{name: "location", body: ff("location", `{"latitude":"52.52","longitude":13.405,"name":"Acme <Mitte>","address":"Rosa-Luxemburg-Str. 1 & 2","url":"x"}`),
			network: `{"latitude":52.52,"longitude":13.405,"name":"Acme <Mitte>","address":"Rosa-Luxemburg-Str. 1 & 2"}`},
		{name: "contacts", body: ff("contacts", `[{"name":{"formatted_name":"Ann Lee","first_name":null},"phones":[{"phone":"+1 555","type":"WORK"}],"extra":1}]`),
			network: `[{"name":{"formatted_name":"Ann Lee"},"phones":[{"phone":"+1 555","type":"WORK"}]}]`},
		{name: "reaction removed", body: reaction("wamid.abc", ""), network: `{"message_id":"wamid.abc","emoji":""}`},
		{name: "reaction", body: reaction("wamid.abc", "👍"), network: `{"message_id":"wamid.abc","emoji":"👍"}`},
		{name: "reply buttons", body: ff("interactive", `{"type":"button","header":{"type":"image","image":{"link":"https://a.example/h.png"},"text":"dropped"},"body":{"text":"Pick"},"footer":{},"action":{"buttons":[{"type":"reply","title":"x","reply":{"id":"y","title":"Yes"}},{"type":"reply","reply":{"id":"n","title":"No"}}],"name":"dropped"}}`),
			network: `{"type":"button","header":{"type":"image","image":{"link":"https://a.example/h.png"}},"body":{"text":"Pick"},"action":{"buttons":[{"type":"reply","reply":{"id":"y","title":"Yes"}},{"type":"reply","reply":{"id":"n","title":"No"}}]}}`},
		{name: "list", body: ff("interactive", `{"type":"list","header":{"type":"text","text":"Today"},"body":{"text":"Choose"},"footer":{"text":"Acme"},"action":{"button":"Menu","sections":[{"title":"Mains","rows":[{"id":"r1","title":"Pasta","description":"Basil"}]},{"title":"Sides","rows":[{"id":"r2","title":"Salad"}]}]}}`),
			network: `{"type":"list","header":{"type":"text","text":"Today"},"body":{"text":"Choose"},"footer":{"text":"Acme"},"action":{"button":"Menu","sections":[{"title":"Mains","rows":[{"id":"r1","title":"Pasta","description":"Basil"}]},{"title":"Sides","rows":[{"id":"r2","title":"Salad"}]}]}}`},
		// One Go client sends a flow's parameters empty beside a URL button's.
		{name: "cta_url", body: ff("interactive", `{"type":"cta_url","body":{"text":"See"},"action":{"name":"cta_url","parameters":{"display_text":"Dates","url":"https://e.example/d","flow_token":"","flow_action_payload":null}}}`),
			network: `{"type":"cta_url","body":{"text":"See"},"action":{"name":"cta_url","parameters":{"display_text":"Dates","url":"https://e.example/d"}}}`},
		{name: "location request", body: ff("interactive", `{"type":"location_request_message","body":{"text":"Where?"},"action":{"name":"send_location"}}`),
			network: `{"type":"location_request_message","body":{"text":"Where?"},"action":{"name":"send_location"}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t)
			if _, err := w.send(t, sender, c.body); codeOf(err) != apperr.CodeReengagement {
				t.Fatalf("outside the window: %v, want 131047", err)
			}
			if n := len(w.queue.Messages()); n != 0 {
				t.Fatalf("a refused send queued %d jobs", n)
			}
			w.openWindow(t)
			out, err := w.send(t, sender, c.body)
			must(t, err)
			var r message.Response
			must(t, json.Unmarshal(out.Body, &r))
			if out.Status != 200 || len(r.Messages) != 1 || r.Messages[0].MessageStatus != "" || len(w.queue.Messages()) != 1 {
				t.Fatalf("answer %d %s, %d jobs", out.Status, out.Body, len(w.queue.Messages()))
			}
			m, err := w.store.GetMessage(context.Background(), r.Messages[0].ID)
			must(t, err)
			var typ string
			must(t, json.Unmarshal([]byte(`"`+strings.SplitN(strings.SplitN(c.body, `"type":"`, 2)[1], `"`, 2)[0]+`"`), &typ))
			if m.Type != typ || m.Template != nil || !m.InWindow {
				t.Fatalf("record %+v", m)
			}
			if !reflect.DeepEqual(m.Content, message.Content{}) {
				t.Fatalf("content %+v kept beside the network body", m.Content)
			}
			var nb map[string]json.RawMessage
			must(t, json.Unmarshal(m.Body, &nb))
			if len(nb) != 6 || string(nb[typ]) != c.network || string(nb["type"]) != js(typ) || string(nb["to"]) != js(recipient) ||
				string(nb["biz_opaque_callback_data"]) != js(m.ID) {
				t.Fatalf("network body %s, want %s: %s", m.Body, typ, c.network)
			}
		})
	}
}

// TestOtherObjectsNotSent: an object of another type beside the one the
// type names is not checked and does not reach the network.
func TestOtherObjectsNotSent(t *testing.T) {
	w := newWorld(t)
	w.openWindow(t)
	out, err := w.send(t, sender, `{"messaging_product":"svc","to":"`+recipient+`","type":"image","image":{"id":"1"},"text":{"body":""},"reaction":{},"interactive":{"type":"flow"},"location":{"latitude":500}}`)
	must(t, err)
	var r message.Response
	must(t, json.Unmarshal(out.Body, &r))
	m, err := w.store.GetMessage(context.Background(), r.Messages[0].ID)
	must(t, err)
	for _, f := range []string{`"text"`, `"reaction"`, `"interactive"`, `"location"`} {
		if strings.Contains(string(m.Body), f) {
			t.Fatalf("network body %s carries %s", m.Body, f)
		}
	}
}

// TestEnumsAnyCase: every enum value of a send (the message and
// interactive types, a header's and a button's type, action.name, a
// mark-as-read's status and typing indicator, template component values,
// messaging_product and recipient_type) is accepted in any case, and the
// network gets it in lower case.
func TestEnumsAnyCase(t *testing.T) {
	w := newWorld(t)
	w.openWindow(t)
	cases := []struct {
		name, body string
		network    []string // fragments of the network body
	}{
		{"an image", `{"messaging_product":"WhatsApp","recipient_type":"Individual","to":"` + recipient + `","type":"IMAGE","image":{"id":"1"}}`,
			[]string{`"type":"image"`, `"image":{"id":"1"}`, `"messaging_product":"whatsapp"`}},
		{"reply buttons", ff("interactive", `{"type":"Button","header":{"type":"TEXT","text":"Hi"},"body":{"text":"Pick"},"action":{"buttons":[{"type":"REPLY","reply":{"id":"y","title":"Yes"}}]}}`),
			[]string{`"interactive":{"type":"button","header":{"type":"text","text":"Hi"}`, `"buttons":[{"type":"reply","reply":{"id":"y","title":"Yes"}}]`}},
		{"a URL button", ff("interactive", `{"type":"CTA_URL","header":{"type":"Image","image":{"id":"9"}},"body":{"text":"See"},"action":{"name":"CTA_URL","parameters":{"display_text":"Go","url":"https://e.example"}}}`),
			[]string{`"type":"cta_url"`, `"header":{"type":"image","image":{"id":"9"}}`, `"name":"cta_url"`}},
		{"a location request", ff("interactive", `{"type":"Location_Request_Message","body":{"text":"Where?"},"action":{"name":"Send_Location"}}`),
			[]string{`{"type":"location_request_message","body":{"text":"Where?"},"action":{"name":"send_location"}}`}},
		{"a template", tmpl("order_update", `[{"type":"HEADER","parameters":[{"type":"TEXT","text":"A-1"}]},{"type":"Body","parameters":[{"type":"Text","text":"Ann"},{"type":"text","text":"A-1"}]},{"type":"BUTTON","sub_type":"URL","index":"0","parameters":[{"type":"TEXT","text":"A-1"}]}]`),
			[]string{`{"type":"header","parameters":[{"type":"text","text":"A-1"}]}`, `{"type":"button","sub_type":"url","index":"0","parameters":[{"type":"text","text":"A-1"}]}`}},
		{"a mark-as-read", `{"messaging_product":"whatsapp","status":"READ","message_id":"wamid.x","typing_indicator":{"type":"Text"}}`,
			[]string{`"status":"read"`, `"typing_indicator":{"type":"text"}`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := w.send(t, sender, c.body); err != nil {
				t.Fatal(err)
			}
			j, err := message.DecodeDispatchJob(w.queue.Take()[0].Body)
			must(t, err)
			body := []byte(nil)
			if j.Receipt != nil {
				body = j.Receipt.Body
			} else {
				m, err := w.store.GetMessage(context.Background(), j.MessageID)
				must(t, err)
				body = m.Body
			}
			for _, f := range c.network {
				if !strings.Contains(string(body), f) {
					t.Fatalf("the network gets %s, without %s", body, f)
				}
			}
		})
	}
}

// TestReactionEmoji: a reaction's emoji is one emoji as Unicode's emoji
// data has it: the characters of the card, tile and enclosed-letter blocks
// that are text are refused.
func TestReactionEmoji(t *testing.T) {
	for emoji, ok := range map[string]bool{"🃏": true, "🀄": true, "🅿️": true, "🆗": true, "\U0001F130": false, "\U0001F0A1": false, "\U0001F10B": false} {
		r, err := message.Decode([]byte(reaction("wamid.x", emoji)))
		if err == nil {
			err = message.Validate(r)
		}
		want := `reaction.emoji: must be one emoji, or "" to remove the reaction, found ` + fmt.Sprintf("%q", emoji)
		if ok && err != nil || !ok && (codeOf(err) != apperr.CodeInvalidValue || apperr.From(err).Details != want) {
			t.Errorf("%q (%U): %v, want accepted %v", emoji, []rune(emoji), err, ok)
		}
	}
}
