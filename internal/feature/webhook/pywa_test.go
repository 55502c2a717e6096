package webhook_test

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"testing"

	"svc/internal/feature/webhook"
)

// pywaFixtures reads one of the copies of pywa's own webhook fixtures in
// events/ (its "_source" says where each comes from and what pywa reads).
func pywaFixtures(t *testing.T, name string) map[string]any {
	t.Helper()
	raw, err := os.ReadFile("../../../events/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var all map[string]any
	if err := decodePlain(raw, &all); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	delete(all, "_source")
	return all
}

func decodePlain(raw []byte, into any) error {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	return d.Decode(into)
}

// shape flattens a JSON value into its paths and their kinds; an array
// stands for its first item, the one pywa reads ([0]).
func shape(v any, path string, out map[string]string) {
	switch x := v.(type) {
	case map[string]any:
		out[path] = "object"
		for k, e := range x {
			shape(e, path+"."+k, out)
		}
	case []any:
		out[path] = "array"
		if len(x) > 0 {
			shape(x[0], path+"[]", out)
		}
	case string:
		out[path] = "string"
	case json.Number:
		out[path] = "number"
	case bool:
		out[path] = "bool"
	default:
		out[path] = "null"
	}
}

// notSent are the paths of pywa's fixtures svc leaves out, and why, in
// any event or (prefixed "status:") in status events; pywa reads each with
// .get or "in", so their absence is no error.
var notSent = map[string]string{
	"status:.entry[].changes[].value.contacts[].profile": "svc does not know the recipient's profile name on a status " +
		"(whatsapp-api-js's docs name wa_id and user_id); an inbound message always carries it",
	".entry[].changes[].value.contacts[].parent_user_id": "the id of a user's parent business: svc's ZBAs have none",
	".entry[].changes[].value.statuses[].conversation":   "left out since the compatible API's v24.0",
	".entry[].changes[].value.statuses[].errors[].href":  "a link into the compatible API's documentation",
}

// pywaRequired are the fields pywa reads with [...] (a KeyError when
// absent), from MessageStatus.from_update, Message.from_update,
// User.from_contact, Metadata.from_dict and WhatsAppError.from_dict.
var pywaRequired = map[string][]string{
	"status": {".entry[].id", ".entry[].changes[].value.statuses[].id", ".entry[].changes[].value.statuses[].status",
		".entry[].changes[].value.statuses[].timestamp", ".entry[].changes[].value.metadata.display_phone_number",
		".entry[].changes[].value.metadata.phone_number_id", ".entry[].changes[].value.contacts[].user_id"},
	"message": {".entry[].id", ".entry[].changes[].value.messages[].id", ".entry[].changes[].value.messages[].type",
		".entry[].changes[].value.messages[].timestamp", ".entry[].changes[].value.metadata.display_phone_number",
		".entry[].changes[].value.metadata.phone_number_id", ".entry[].changes[].value.contacts[].user_id"},
}

// TestPywaShapes holds svc's messages webhooks to what pywa, the most used
// Python client of the compatible API, parses: every field of pywa's own
// fixtures is in svc's body with the same JSON kind (but those notSent),
// every field pywa requires is there, the user id has the form pywa splits
// its country from, and an unsupported message's errors are the network's.
// pywa cannot be installed here (no PyPI), so its shapes stand in for it.
func TestPywaShapes(t *testing.T) {
	statuses := pywaFixtures(t, "webhook-pywa-message-status.json")
	messages := pywaFixtures(t, "webhook-pywa-message.json")
	unsupportedErrors := func(name string) json.RawMessage {
		v := messages[name].(map[string]any)["entry"].([]any)[0].(map[string]any)["changes"].([]any)[0].(map[string]any)["value"].(map[string]any)
		b, _ := json.Marshal(v["messages"].([]any)[0].(map[string]any)["errors"])
		return b
	}
	meta := webhook.Metadata{DisplayPhoneNumber: "15550001111", PhoneNumberID: "pn_1"}
	for _, tc := range []struct {
		name    string
		fixture any
		kind    string
		event   func() (webhook.Event, error)
	}{
		{"sent", statuses["sent"], "status", func() (webhook.Event, error) {
			return webhook.MessageStatus("acme", meta, webhook.Status{MessageID: "svcmid.a", Status: "sent", At: at, RecipientID: "972987654321",
				Pricing: &webhook.Pricing{Billable: true, Model: "PMP", Type: "regular", Category: "utility"}})
		}},
		{"failed", statuses["failed"], "status", func() (webhook.Event, error) {
			return webhook.MessageStatus("acme", meta, webhook.Status{MessageID: "svcmid.a", Status: "failed", At: at, RecipientID: "972987654321",
				Error: &webhook.StatusError{Code: 131026, Title: "Message undeliverable", Details: "d"}})
		}},
		{"text", messages["text"], "message", func() (webhook.Event, error) {
			return webhook.InboundMessage("acme", meta, webhook.Inbound{ID: "wamid.a", From: "972987654321", ProfileName: "Test Name", At: at,
				Type: "text", Text: "Body Text"})
		}},
		{"text from a user without a name", messages["text"], "message", func() (webhook.Event, error) {
			return webhook.InboundMessage("acme", meta, webhook.Inbound{ID: "wamid.a", From: "972987654321", At: at, Type: "text", Text: "Body Text"})
		}},
		{"unsupported", messages["unsupported"], "message", func() (webhook.Event, error) {
			return webhook.InboundMessage("acme", meta, webhook.Inbound{ID: "wamid.a", From: "972987654321", ProfileName: "Test Name", At: at,
				Type: "unsupported", Errors: unsupportedErrors("unsupported")})
		}},
		{"unsupported_with_type", messages["unsupported_with_type"], "message", func() (webhook.Event, error) {
			return webhook.InboundMessage("acme", meta, webhook.Inbound{ID: "wamid.a", From: "972987654321", At: at,
				Type: "unsupported", Object: json.RawMessage(`{"type":"pool"}`), Errors: unsupportedErrors("unsupported_with_type")})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.fixture == nil {
				t.Fatalf("no fixture %q", tc.name)
			}
			e, err := tc.event()
			if err != nil {
				t.Fatal(err)
			}
			var body any
			if err := decodePlain(e.Body(), &body); err != nil {
				t.Fatal(err)
			}
			want, got := map[string]string{}, map[string]string{}
			shape(tc.fixture, "", want)
			shape(body, "", got)
			var missing []string
			for path, kind := range want {
				if isUnder(path, notSent) || isUnder(tc.kind+":"+path, notSent) {
					continue
				}
				if got[path] != kind {
					missing = append(missing, path+" ("+kind+", svc: "+orNone(got[path])+")")
				}
			}
			for _, path := range pywaRequired[tc.kind] {
				if got[path] == "" {
					missing = append(missing, path+" (pywa requires it)")
				}
			}
			sort.Strings(missing)
			if len(missing) > 0 {
				t.Fatalf("svc's body lacks what pywa's fixture has:\n%v\nbody %s", missing, e.Body())
			}

			value := body.(map[string]any)["entry"].([]any)[0].(map[string]any)["changes"].([]any)[0].(map[string]any)["value"].(map[string]any)
			fixtureValue := tc.fixture.(map[string]any)["entry"].([]any)[0].(map[string]any)["changes"].([]any)[0].(map[string]any)["value"].(map[string]any)
			// pywa's User.country_code is the part of user_id before the period.
			form := regexp.MustCompile(`^[A-Z]{2}\.[0-9A-Za-z]+$`)
			userID := value["contacts"].([]any)[0].(map[string]any)["user_id"].(string)
			fixtureID := fixtureValue["contacts"].([]any)[0].(map[string]any)["user_id"].(string)
			if !form.MatchString(userID) || !form.MatchString(fixtureID) || userID[:3] != "IL." {
				t.Fatalf("user_id %q (pywa's fixture %q), want the form %s and IL for +972", userID, fixtureID, form)
			}
			// svc names the user as svc_id and again as wa_id, which pywa reads.
			if c := value["contacts"].([]any)[0].(map[string]any); c["svc_id"] != "972987654321" || c["wa_id"] != c["svc_id"] {
				t.Fatalf("contacts[0] %v, want the number as svc_id and wa_id", c)
			}
			if tc.kind == "status" {
				st := value["statuses"].([]any)[0].(map[string]any)
				if st["recipient_user_id"] != userID {
					t.Fatalf("recipient_user_id %v, contacts' user_id %s", st["recipient_user_id"], userID)
				}
				return
			}
			msg := value["messages"].([]any)[0].(map[string]any)
			fixtureMsg := fixtureValue["messages"].([]any)[0].(map[string]any)
			if msg["type"] != fixtureMsg["type"] {
				t.Fatalf("type %v, pywa's fixture %v", msg["type"], fixtureMsg["type"])
			}
			gotErrs, _ := json.Marshal(msg["errors"])
			wantErrs, _ := json.Marshal(fixtureMsg["errors"])
			if string(gotErrs) != string(wantErrs) {
				t.Fatalf("errors %s, as the network sent them %s", gotErrs, wantErrs)
			}
		})
	}
}

// isUnder reports whether path is one of prefixes or below one.
func isUnder(path string, prefixes map[string]string) bool {
	for p := range prefixes {
		if path == p || len(path) > len(p) && path[:len(p)] == p && (path[len(p)] == '.' || path[len(p)] == '[') {
			return true
		}
	}
	return false
}

func orNone(kind string) string {
	if kind == "" {
		return "absent"
	}
	return kind
}
