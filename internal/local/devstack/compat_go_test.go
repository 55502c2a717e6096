package devstack_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/piusalfred/whatsapp/config"
	wamessage "github.com/piusalfred/whatsapp/message"
	werrors "github.com/piusalfred/whatsapp/pkg/errors"
	whttp "github.com/piusalfred/whatsapp/pkg/http"
)

// strictGoClient drives the send route with github.com/piusalfred/whatsapp
// v0.1.12 (and marks the user's message inbound as read), which decodes the 200 body with unknown fields disallowed:
// only the base URL (and svc's API version) differ from its configuration
// for the compatible API.
func strictGoClient(t *testing.T, e *sendEnv, stranger, inbound string) {
	ctx := context.Background()
	sender := whttp.NewSender[wamessage.Message]()
	sender.SetHTTPClient(http.DefaultClient)
	reader := config.ReaderFunc(func(context.Context) (*config.Config, error) {
		return &config.Config{BaseURL: e.url + "/business", APIVersion: "v1.0", AccessToken: e.acme, PhoneNumberID: e2eSender}, nil
	})
	client, err := wamessage.NewBaseClient(sender, reader)
	if err != nil {
		t.Fatal(err)
	}
	send := func(to string, opt wamessage.Option) (*wamessage.Response, error) {
		m, err := wamessage.New(to, opt)
		if err != nil {
			t.Fatal(err)
		}
		return client.SendMessage(ctx, m)
	}
	text, err := send(e2eTo, wamessage.WithTextMessage(&wamessage.Text{Body: "Your table is booked.", PreviewURL: true}))
	if err != nil || len(text.Messages) != 1 || !strings.HasPrefix(text.Messages[0].ID, "svcmid.") ||
		len(text.Contacts) != 1 || text.Contacts[0].Input != e2eTo || text.Contacts[0].WhatsappID != e2eTo {
		t.Fatalf("text: %+v %v", text, err)
	}
	tpl, err := send(e2eTo, wamessage.WithTemplateMessage(&wamessage.Template{Name: "order_update",
		Language: &wamessage.TemplateLanguage{Code: "en_US"},
		Components: []*wamessage.TemplateComponent{
			// Its builder always adds a header component; this one has a variable.
			{Type: "header", Parameters: []*wamessage.TemplateParameter{{Type: "text", Text: "A-1"}}},
			{Type: "body", Parameters: []*wamessage.TemplateParameter{{Type: "text", Text: "Ann"}, {Type: "text", Text: "A-1"}}},
			{Type: "button", SubType: "url", Index: 0, Parameters: []*wamessage.TemplateParameter{{Type: "text", Text: "A-1"}}},
		}}))
	if err != nil || len(tpl.Messages) != 1 || !strings.HasPrefix(tpl.Messages[0].ID, "svcmid.") || tpl.Messages[0].ID == text.Messages[0].ID {
		t.Fatalf("template: %+v %v", tpl, err)
	}
	// An image, reply buttons (the library also sends an empty footer, and
	// with a cta_url a flow's empty parameters) and a reaction.
	image, err := send(e2eTo, wamessage.WithImage(&wamessage.Image{Link: "https://acme.example/menu.png", Caption: "Today's menu"}))
	if err != nil || len(image.Messages) != 1 || !strings.HasPrefix(image.Messages[0].ID, "svcmid.") {
		t.Fatalf("image: %+v %v", image, err)
	}
	buttons, err := send(e2eTo, wamessage.WithInteractiveReplyButtons(&wamessage.InteractiveReplyButtonsRequest{
		Body:    "Confirm your table for 19:30?",
		Buttons: []*wamessage.InteractiveReplyButton{{ID: "confirm", Title: "Confirm"}, {ID: "cancel", Title: "Cancel"}}}))
	if err != nil || len(buttons.Messages) != 1 || !strings.HasPrefix(buttons.Messages[0].ID, "svcmid.") {
		t.Fatalf("reply buttons: %+v %v", buttons, err)
	}
	react, err := send(e2eTo, wamessage.WithReaction(&wamessage.Reaction{MessageID: "wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZC", Emoji: "👍"}))
	if err != nil || len(react.Messages) != 1 || !strings.HasPrefix(react.Messages[0].ID, "svcmid.") {
		t.Fatalf("reaction: %+v %v", react, err)
	}
	cta, err := send(e2eTo, wamessage.WithInteractiveCTAURLButton(&wamessage.InteractiveCTARequest{
		Body: "Your booking", DisplayText: "Open", URL: "https://acme.example/b/1"}))
	if err != nil || len(cta.Messages) != 1 {
		t.Fatalf("cta_url: %+v %v", cta, err)
	}
	e.networkGot(t, map[string]string{"image": image.Messages[0].ID, "interactive": buttons.Messages[0].ID, "reaction": react.Messages[0].ID},
		map[string]string{
			"image":       `{"link":"https://acme.example/menu.png","caption":"Today's menu"}`,
			"interactive": `{"type":"button","body":{"text":"Confirm your table for 19:30?"},"action":{"buttons":[{"type":"reply","reply":{"id":"confirm","title":"Confirm"}},{"type":"reply","reply":{"id":"cancel","title":"Cancel"}}]}}`,
			"reaction":    `{"message_id":"wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJDQjZC","emoji":"👍"}`,
		})
	e.networkGot(t, map[string]string{"interactive": cta.Messages[0].ID}, map[string]string{
		"interactive": `{"type":"cta_url","body":{"text":"Your booking"},"action":{"name":"cta_url","parameters":{"display_text":"Open","url":"https://acme.example/b/1"}}}`,
	})
	// A list, a contact card (the library sends every name part, an empty
	// birthday and a null org) and a location.
	list, err := send(e2eTo, wamessage.WithInteractiveMessage(&wamessage.Interactive{Type: "list",
		Body: &wamessage.InteractiveBody{Text: "Pick a table"},
		Action: &wamessage.InteractiveAction{Button: "Tables", Sections: []*wamessage.InteractiveSection{
			{Title: "Inside", Rows: []*wamessage.InteractiveSectionRow{{ID: "t1", Title: "Window", Description: "For two"}}},
			{Title: "Outside", Rows: []*wamessage.InteractiveSectionRow{{ID: "t2", Title: "Terrace"}}}}}}))
	if err != nil || len(list.Messages) != 1 {
		t.Fatalf("list: %+v %v", list, err)
	}
	card, err := send(e2eTo, wamessage.WithContacts(&wamessage.Contacts{wamessage.NewContact(
		wamessage.WithContactName(&wamessage.Name{FormattedName: "Ann Lee", FirstName: "Ann"}),
		wamessage.WithContactPhones(&wamessage.Phone{Phone: "+1 555 0100", Type: "WORK"}))}))
	if err != nil || len(card.Messages) != 1 {
		t.Fatalf("contacts: %+v %v", card, err)
	}
	place, err := send(e2eTo, wamessage.WithLocationMessage(&wamessage.Location{Latitude: 52.52, Longitude: 13.405, Name: "Acme", Address: "Berlin"}))
	if err != nil || len(place.Messages) != 1 {
		t.Fatalf("location: %+v %v", place, err)
	}
	e.networkGot(t, map[string]string{"interactive": list.Messages[0].ID, "contacts": card.Messages[0].ID, "location": place.Messages[0].ID},
		map[string]string{
			"interactive": `{"type":"list","body":{"text":"Pick a table"},"action":{"button":"Tables","sections":[{"title":"Inside","rows":[{"id":"t1","title":"Window","description":"For two"}]},{"title":"Outside","rows":[{"id":"t2","title":"Terrace"}]}]}}`,
			"contacts":    `[{"name":{"formatted_name":"Ann Lee","first_name":"Ann"},"phones":[{"phone":"+1 555 0100","type":"WORK"}]}]`,
			"location":    `{"latitude":52.52,"longitude":13.405,"name":"Acme","address":"Berlin"}`,
		})

	// Mark a received message as read: the client decodes the answer with
	// unknown fields disallowed.
	read, err := client.UpdateStatus(ctx, &wamessage.StatusUpdateRequest{MessageID: inbound,
		Status: wamessage.StatusRead, WithTypingIndicator: true})
	if err != nil || !read.Success {
		t.Fatalf("mark as read: %+v %v", read, err)
	}

	_, err = send(stranger, wamessage.WithTextMessage(&wamessage.Text{Body: "hello?"}))
	var re *whttp.ResponseError
	var we *werrors.Error
	if !errors.As(err, &re) || re.Err == nil || re.Err.Code != 131047 {
		if errors.As(err, &we) && we.Code == 131047 {
			return
		}
		t.Fatalf("outside the window: %v, want code 131047", err)
	}
}
