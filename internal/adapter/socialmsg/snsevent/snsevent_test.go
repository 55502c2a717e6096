package snsevent_test

import (
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"svc/internal/adapter/socialmsg/snsevent"
	"svc/internal/feature/message"
)

func loadFixture(t *testing.T, name string) []byte {
	t.Helper()
	raw, err := os.ReadFile("../../../../events/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var ev events.SQSEvent
	if err := json.Unmarshal(raw, &ev); err != nil || len(ev.Records) != 1 {
		t.Fatalf("%s: %v (%d records)", name, err, len(ev.Records))
	}
	return []byte(ev.Records[0].Body)
}

func TestDecodeFixtures(t *testing.T) {
	status, err := snsevent.Decode(loadFixture(t, "sqs-inbound-status.json"))
	if err != nil || len(status) != 1 || len(status[0].Statuses) != 1 || len(status[0].Messages) != 0 {
		t.Fatalf("status fixture: %+v %v", status, err)
	}
	st := status[0].Statuses[0]
	if status[0].PhoneNumberID != "106540352242922" || st.Status != message.StatusDelivered || st.RecipientID != "4915112345678" ||
		st.CallbackData != "svcmid.Zm9vYmFyYmF6cXV4cXV1eA" || !st.At.Equal(time.Unix(1795374061, 0)) || st.Failure != nil {
		t.Fatalf("status %+v", st)
	}
	msg, err := snsevent.Decode(loadFixture(t, "sqs-inbound-message.json"))
	if err != nil || len(msg) != 1 || len(msg[0].Messages) != 1 {
		t.Fatalf("message fixture: %+v %v", msg, err)
	}
	m := msg[0].Messages[0]
	if m.From != "4915112345678" || m.Type != "text" || m.ProfileName != "João Müller" || !m.At.Equal(time.Unix(1795374120, 0)) ||
		m.Text() != "Olá! A minha mesa para as 19h30 está confirmada? 👋" || m.ID == "" {
		t.Fatalf("message %+v %q", m, m.Text())
	}
	// An unsupported message has no object and carries errors instead.
	un, err := snsevent.Decode(loadFixture(t, "sqs-inbound-unsupported.json"))
	if err != nil || len(un) != 1 || len(un[0].Messages) != 1 {
		t.Fatalf("unsupported fixture: %+v %v", un, err)
	}
	u := un[0].Messages[0]
	var errs []struct{ Code int }
	if u.Type != "unsupported" || u.Object != nil || json.Unmarshal(u.Errors, &errs) != nil || len(errs) != 1 || errs[0].Code != 131051 ||
		u.ProfileName != "João Müller" {
		t.Fatalf("unsupported message %+v (errors %s)", u, u.Errors)
	}
}

func TestEncodeDecodes(t *testing.T) {
	src := snsevent.Source{TopicArn: "arn:aws:sns:eu-west-1:1:t", WabaID: "w", PhoneNumberID: "pn-1", DisplayPhoneNumber: "15550001111"}
	at := time.Unix(1795374000, 0).UTC()
	var failed snsevent.StatusError
	failed.Code, failed.Title, failed.ErrorData.Details = 131026, "Message undeliverable", "not on the network"
	cases := []struct {
		name  string
		value snsevent.Value
		check func(t *testing.T, e message.NetworkEvent)
	}{
		{"failed status", snsevent.Value{Statuses: []snsevent.Status{{ID: "wamid.1", Status: "failed", Timestamp: "1795374000",
			RecipientID: "4915112345678", BizOpaqueCallbackData: "svcmid.x", Errors: []snsevent.StatusError{failed}}}},
			func(t *testing.T, e message.NetworkEvent) {
				st := e.Statuses[0]
				if st.Status != message.StatusFailed || st.Failure == nil || *st.Failure != (message.Failure{Code: 131026, Title: "Message undeliverable",
					Details: "not on the network"}) || st.NetworkID != "wamid.1" {
					t.Fatalf("%+v", st)
				}
			}},
		{"reaction keeps its object", snsevent.Value{Messages: []snsevent.Inbound{{From: "4915112345678", ID: "wamid.2", Timestamp: "1795374000",
			Type: "reaction", Object: json.RawMessage(`{"message_id":"wamid.1","emoji":"\ud83d\udc4d"}`)}}},
			func(t *testing.T, e message.NetworkEvent) {
				m := e.Messages[0]
				var o struct{ Emoji string }
				if m.Type != "reaction" || json.Unmarshal(m.Object, &o) != nil || o.Emoji != "👍" || m.Text() != "" {
					t.Fatalf("%+v", m)
				}
			}},
		{"an unsupported message keeps its errors, without an object", snsevent.Value{Messages: []snsevent.Inbound{{From: "4915112345678",
			ID: "wamid.4", Timestamp: "1795374000", Type: "unsupported", Errors: json.RawMessage(`[{"code":131051,"title":"Message type unknown"}]`)}}},
			func(t *testing.T, e message.NetworkEvent) {
				var errs []struct{ Code int }
				if m := e.Messages[0]; m.Object != nil || json.Unmarshal(m.Errors, &errs) != nil || len(errs) != 1 || errs[0].Code != 131051 {
					t.Fatalf("%+v (errors %s)", m, m.Errors)
				}
			}},
		{"a reply keeps its context", snsevent.Value{Messages: []snsevent.Inbound{{From: "4915112345678", ID: "wamid.3", Timestamp: "1795374000",
			Type: "text", Object: json.RawMessage(`{"body":"yes"}`), Context: json.RawMessage(`{"from":"15550001111","id":"wamid.1"}`)}}},
			func(t *testing.T, e message.NetworkEvent) {
				var c struct{ From, ID string }
				if m := e.Messages[0]; json.Unmarshal(m.Context, &c) != nil || c.ID != "wamid.1" || c.From != "15550001111" {
					t.Fatalf("%+v", m)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body, err := snsevent.Encode(src, "id-1", c.value, at)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range body {
				if b > 0x7e {
					t.Fatalf("non-ASCII byte in %s", body)
				}
			}
			evs, err := snsevent.Decode(body)
			if err != nil || len(evs) != 1 || evs[0].PhoneNumberID != "pn-1" {
				t.Fatalf("%+v %v", evs, err)
			}
			c.check(t, evs[0])
		})
	}
}

func TestDecodeRefuses(t *testing.T) {
	for name, body := range map[string]string{
		"not JSON":        `nope`,
		"no message":      `{"Type":"Notification","MessageId":"1"}`,
		"message not env": `{"Type":"Notification","MessageId":"1","Message":"hello"}`,
		"no entry":        `{"Type":"Notification","MessageId":"1","Message":"{\"messageId\":\"x\"}"}`,
		"entry not JSON":  `{"Type":"Notification","MessageId":"1","Message":"{\"whatsAppWebhookEntry\":\"{\"}"}`,
	} {
		if _, err := snsevent.Decode([]byte(body)); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
}
