package template

import (
	"encoding/json"
	"os"
	"testing"
)

// BenchmarkDecodeAndValidate measures Stage A on the create-template fixture.
func BenchmarkDecodeAndValidate(b *testing.B) {
	raw, err := os.ReadFile("../../../events/apigateway-create-template.json")
	if err != nil {
		b.Fatal(err)
	}
	body := fixtureBody(b, raw)
	b.ReportAllocs()
	for b.Loop() {
		d, err := DecodeDraft(body)
		if err != nil {
			b.Fatal(err)
		}
		if err := d.Validate(); err != nil {
			b.Fatal(err)
		}
	}
}

func fixtureBody(b *testing.B, raw []byte) []byte {
	b.Helper()
	var ev struct {
		Body string `json:"body"`
	}
	if err := json.Unmarshal(raw, &ev); err != nil {
		b.Fatal(err)
	}
	return []byte(ev.Body)
}
