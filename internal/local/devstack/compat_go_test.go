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
// v0.1.12, which decodes the 200 body with unknown fields disallowed:
// only the base URL (and svc's API version) differ from its configuration
// for the compatible API.
func strictGoClient(t *testing.T, e *sendEnv, stranger string) {
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
