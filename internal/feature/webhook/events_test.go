package webhook_test

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/webhook"
)

var at = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func TestStatusUpdateBody(t *testing.T) {
	e := webhook.StatusUpdate("acme", "acme_order_update_en_US", "order_update", "en_US", "UTILITY",
		"REJECTED", "SCAM", 3, at.Add(500*time.Millisecond))
	want := `{"object":"svc_business_account","entry":[{"id":"acme","time":1772366400,"changes":[{"field":"message_template_status_update",` +
		`"value":{"event":"REJECTED","message_template_category":"UTILITY","message_template_id":"acme_order_update_en_US",` +
		`"message_template_language":"en_US","message_template_name":"order_update","metadata":{},"reason":"SCAM"}}]}]}`
	if got := string(e.Body()); got != want {
		t.Fatalf("body\n got %s\nwant %s", got, want)
	}
	if e.Field != webhook.FieldStatusUpdate || e.ZBAID != "acme" || !e.Time.Equal(at) {
		t.Fatalf("event %+v", e)
	}
	approved := webhook.StatusUpdate("acme", "acme_order_update_en_US", "order_update", "en_US", "UTILITY", "APPROVED", "", 3, at)
	var got struct {
		Entry []struct {
			Changes []struct {
				Value map[string]any `json:"value"`
			} `json:"changes"`
		} `json:"entry"`
	}
	if err := json.Unmarshal(approved.Body(), &got); err != nil {
		t.Fatal(err)
	}
	if r := got.Entry[0].Changes[0].Value["reason"]; r != "NONE" {
		t.Fatalf("an empty reason must be sent as NONE, got %#v", r)
	}
}

func TestCategoryUpdateBody(t *testing.T) {
	e := webhook.CategoryUpdate("acme", "acme_spring_sale_de", "spring_sale", "de", "UTILITY", "MARKETING", 1, at)
	want := `{"object":"svc_business_account","entry":[{"id":"acme","time":1772366400,"changes":[{"field":"template_category_update",` +
		`"value":{"message_template_id":"acme_spring_sale_de","message_template_language":"de",` +
		`"message_template_name":"spring_sale","metadata":{},"new_category":"MARKETING","previous_category":"UTILITY"}}]}]}`
	if got := string(e.Body()); got != want {
		t.Fatalf("body\n got %s\nwant %s", got, want)
	}
}

func TestComponentsUpdateBody(t *testing.T) {
	for _, tc := range []struct {
		name string
		c    webhook.TemplateContent
		want string
	}{
		{"body only", webhook.TemplateContent{Body: "Your order {{1}} has shipped."},
			`"message_template_element":"Your order {{1}} has shipped.","message_template_id":"acme_x_en","message_template_language":"en","message_template_name":"x"`},
		{"every part", webhook.TemplateContent{Body: "B", Header: "H", Footer: "F", Buttons: []webhook.TemplateButton{
			{Type: "URL", Text: "Track", URL: "https://acme.example/t/{{1}}"}, {Type: "PHONE_NUMBER", Text: "Call", PhoneNumber: "+4930123"},
			{Type: "QUICK_REPLY", Text: "Stop"}}},
			`"message_template_buttons":[{"message_template_button_text":"Track","message_template_button_type":"URL","message_template_button_url":"https://acme.example/t/{{1}}"},` +
				`{"message_template_button_phone_number":"+4930123","message_template_button_text":"Call","message_template_button_type":"PHONE_NUMBER"},` +
				`{"message_template_button_text":"Stop","message_template_button_type":"QUICK_REPLY"}],` +
				`"message_template_element":"B","message_template_footer":"F","message_template_id":"acme_x_en","message_template_language":"en",` +
				`"message_template_name":"x","message_template_title":"H"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := webhook.ComponentsUpdate("acme", "acme_x_en", "x", "en", tc.c, 2, at)
			want := `{"object":"svc_business_account","entry":[{"id":"acme","time":1772366400,"changes":[{"field":"message_template_components_update",` +
				`"value":{` + tc.want + `,"metadata":{}}}]}]}`
			if got := string(e.Body()); got != want {
				t.Fatalf("body\n got %s\nwant %s", got, want)
			}
		})
	}
}

func TestEventIDIsStableAndDistinct(t *testing.T) {
	status := func(event string, version int) webhook.Event {
		return webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", event, "", version, at)
	}
	// A re-published event is built from the stored decision, time included.
	a, b := status("APPROVED", 2), status("APPROVED", 2)
	if a.ID != b.ID {
		t.Fatalf("a re-published event must keep its id: %s vs %s", a.ID, b.ID)
	}
	if !regexp.MustCompile(`^evt_[0-9a-f]{32}$`).MatchString(a.ID) {
		t.Fatalf("id %q", a.ID)
	}
	others := []webhook.Event{
		status("APPROVED", 3),
		status("PAUSED", 2),
		webhook.StatusUpdate("other", "acme_x_en", "x", "en", "UTILITY", "APPROVED", "", 2, at),
		webhook.CategoryUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "MARKETING", 2, at),
		webhook.ComponentsUpdate("acme", "acme_x_en", "x", "en", webhook.TemplateContent{Body: "b"}, 2, at),
		// The same template deleted and created again: version 2 again, a later outcome.
		webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "APPROVED", "", 2, at.Add(time.Hour)),
	}
	for _, o := range others {
		if o.ID == a.ID {
			t.Fatalf("%s %v shares the id of %s %v", o.Field, o.Value, a.Field, a.Value)
		}
	}
}

// The queue carries events as JSON; the body must not change on the way,
// numbers included (a float64 would round some).
func TestEventJSONRoundTripKeepsBody(t *testing.T) {
	for _, e := range []webhook.Event{
		webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "MARKETING", "APPROVED", "", 7, at),
		webhook.CategoryUpdate("acme", "acme_x_en", "x", "en", "UTILITY", "MARKETING", 7, at),
		must(t)(webhook.MessageStatus("acme", sender, webhook.Status{MessageID: "svcmid.a", Status: "failed", At: at, RecipientID: "1",
			BizOpaqueCallbackData: "ça\x7f", Error: &webhook.StatusError{Code: 131026, Title: "Message undeliverable", Details: "é"}})),
		must(t)(webhook.InboundMessage("acme", sender, webhook.Inbound{ID: "svcmid.i", From: "1", ProfileName: "Zoë 🎉", At: at,
			Type: "location", Object: json.RawMessage(`{"latitude":52.516275000000000001,"longitude":1e400,"n":12345678901234567890}`)})),
	} {
		raw, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		var back webhook.Event
		if err := json.Unmarshal(raw, &back); err != nil {
			t.Fatal(err)
		}
		if back.ID != e.ID || string(back.Body()) != string(e.Body()) || e.Body() == nil {
			t.Fatalf("round trip changed the event:\n%s\n%s", e.Body(), back.Body())
		}
	}
}

// TestStatusUpdateExplainsInvalidFormat: an INVALID_FORMAT rejection
// carries rejection_info as the compatible API's does; other outcomes do not.
func TestStatusUpdateExplainsInvalidFormat(t *testing.T) {
	for _, tc := range []struct {
		event, reason string
		info          bool
	}{
		{"REJECTED", "INVALID_FORMAT", true},
		{"REJECTED", "SCAM", false},
		{"APPROVED", "", false},
	} {
		e := webhook.StatusUpdate("acme", "acme_x_en", "x", "en", "UTILITY", tc.event, tc.reason, 1, at)
		var got struct {
			Entry []struct {
				Changes []struct {
					Value struct {
						RejectionInfo *struct{ Reason, Recommendation string } `json:"rejection_info"`
					} `json:"value"`
				} `json:"changes"`
			} `json:"entry"`
		}
		if err := json.Unmarshal(e.Body(), &got); err != nil {
			t.Fatal(err)
		}
		ri := got.Entry[0].Changes[0].Value.RejectionInfo
		if (ri != nil) != tc.info || ri != nil && (ri.Reason == "" || ri.Recommendation == "") {
			t.Errorf("%s %s: rejection_info %+v", tc.event, tc.reason, ri)
		}
	}
}

func TestParseFields(t *testing.T) {
	tests := []struct {
		name    string
		in      []string
		want    []string
		wantErr string
	}{
		{name: "none: every field", in: nil, want: nil},
		{name: "empty list: every field", in: []string{}, want: nil},
		{name: "one", in: []string{"messages"}, want: []string{"messages"}},
		{name: "repeats dropped, order kept", in: []string{"template_category_update", "messages", "template_category_update"},
			want: []string{"template_category_update", "messages"}},
		{name: "every known field", in: webhook.Fields, want: webhook.Fields},
		{name: "unknown field named", in: []string{"messages", "account_update"}, wantErr: `unknown webhook field "account_update"`},
		{name: "empty name", in: []string{""}, wantErr: `unknown webhook field ""`},
		{name: "case matters", in: []string{"Messages"}, wantErr: `unknown webhook field "Messages"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := webhook.ParseFields(tc.in)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || !slices.Equal(got, tc.want) {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

func TestSubscribed(t *testing.T) {
	tests := []struct {
		fields []string
		field  string
		want   bool
	}{
		{nil, webhook.FieldStatusUpdate, true},
		{[]string{webhook.FieldMessages}, webhook.FieldMessages, true},
		{[]string{webhook.FieldMessages}, webhook.FieldStatusUpdate, false},
		{[]string{webhook.FieldMessages, webhook.FieldQualityUpdate}, webhook.FieldQualityUpdate, true},
	}
	for _, tc := range tests {
		if got := webhook.Subscribed(tc.fields, tc.field); got != tc.want {
			t.Errorf("Subscribed(%q, %q) = %v", tc.fields, tc.field, got)
		}
	}
}
