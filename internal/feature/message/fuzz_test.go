package message_test

import (
	"math"
	"testing"

	"svc/internal/feature/message"
	"svc/internal/platform/apperr"
	"svc/internal/platform/idempotency"
)

var idemFingerprint = idempotency.Fingerprint

// FuzzDecode: any body decodes and validates to nil or a client error
// (4xx), never a panic or a 500; one that validates is also sent, inside
// the recipient's window, and the send (which writes the record's content
// and the network's body) answers 200 or a client error.
func FuzzDecode(f *testing.F) {
	w := newWorld(f)
	w.openWindow(f)
	w.svc.Limits.Sender.Limit = math.MaxInt32
	for _, s := range []string{
		text(recipient, "hi"),
		tmpl("order_update", `[{"type":"button","sub_type":"url","index":0,"parameters":[{"type":"text","text":"x"}]}]`),
		tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"link":"https://a.example/i.png","id":null}}]}]`),
		tmpl("location_head", `[{"type":"header","parameters":[{"type":"location","location":{"latitude":"52.5","longitude":13.4}}]}]`),
		`{"messaging_product":null,"to":1}`, `[]`, ``, `{"template":{"language":{"code":null}}}`,
		`{"type":"template","template":{"components":[{"type":"button","index":{"a":1}}]}}`,
		ff("image", `{"link":"https://a.example/i.png","caption":"x"}`),
		ff("location", `{"latitude":"52.5","longitude":13.4,"name":"A"}`),
		ff("contacts", `[{"name":{"formatted_name":"Ann"},"phones":[{"phone":"1"}],"birthday":"1990-01-01"}]`),
		reaction("wamid.x", "👍🏽"),
		ff("interactive", `{"type":"list","header":{"type":"text","text":"T"},"body":{"text":"b"},"action":{"button":"M","sections":[{"title":"S","rows":[{"id":"1","title":"R"}]}]}}`),
		ff("interactive", `{"type":"button","header":{"type":"image","image":{"id":"1"}},"body":{"text":"b"},"action":{"buttons":[{"type":"reply","reply":{"id":"a","title":"A"}}]}}`),
		cta("Go", "https://e.example"),
		`{"messaging_product":"whatsapp","status":"read","message_id":"wamid.x","typing_indicator":{"type":"text"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		r, err := message.Decode(body)
		if err == nil {
			err = message.Validate(r)
		}
		if err == nil {
			_, err = w.send(t, sender, string(body))
		}
		if err != nil {
			if s := apperr.From(err).Status(); s < 400 || s > 499 {
				t.Fatalf("status %d for %q: %v", s, body, err)
			}
		}
	})
}
