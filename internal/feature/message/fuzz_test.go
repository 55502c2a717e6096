package message_test

import (
	"testing"

	"svc/internal/feature/message"
	"svc/internal/platform/apperr"
	"svc/internal/platform/idempotency"
)

var idemFingerprint = idempotency.Fingerprint

// FuzzDecode: any body decodes and validates to nil or a client error
// (4xx), never a panic or a 500.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		text(recipient, "hi"),
		tmpl("order_update", `[{"type":"button","sub_type":"url","index":0,"parameters":[{"type":"text","text":"x"}]}]`),
		tmpl("image_head", `[{"type":"header","parameters":[{"type":"image","image":{"link":"https://a.example/i.png","id":null}}]}]`),
		tmpl("location_head", `[{"type":"header","parameters":[{"type":"location","location":{"latitude":"52.5","longitude":13.4}}]}]`),
		`{"messaging_product":null,"to":1}`, `[]`, ``, `{"template":{"language":{"code":null}}}`,
		`{"type":"template","template":{"components":[{"type":"button","index":{"a":1}}]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		r, err := message.Decode(body)
		if err == nil {
			err = message.Validate(r)
		}
		if err != nil {
			if s := apperr.From(err).Status(); s < 400 || s > 499 {
				t.Fatalf("status %d for %q: %v", s, body, err)
			}
		}
	})
}
