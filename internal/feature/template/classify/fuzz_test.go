package classify

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"svc/internal/feature/template"
)

// FuzzClassify builds templates from random texts: Classify never panics,
// always returns one of the allowed labels with the rules version and an
// explained, sorted list of signals, and returns the same decision twice.
func FuzzClassify(f *testing.F) {
	type seed struct{ category, language, header, body, footer, button, url, example string }
	for _, s := range []seed{
		{"UTILITY", "en_US", "Order update", "Hi {{1}}, your order {{2}} has shipped.", "Reply STOP", "Track", "https://shop.example.com/{{1}}", "Ana"},
		{"MARKETING", "es", "", "¡Hola {{1}}! 20% de descuento solo por hoy.", "", "Comprar", "https://bit.ly/x", "https://t.co/y"},
		{"AUTHENTICATION", "pt_BR", "", "{{1}} é o seu código de verificação.", "", "Copy code", "", "123456"},
		{"utility", "de", "", "{{1}} {{2}}", "", "", "", ""},
		{"", "", "", "", "", "", "", ""},
		{"NEWS", "xx", "{{", "}}{{}}{{ 1 }}%¤$€ you idiot", "ñ", "\u0301", "::::", "{\"a\":1}"},
		{"UTILITY", "fr", "", "Pay within 24 hours or your account will be closed. Reply with your code.", "", "", "http://[::1", ""},
	} {
		f.Add(s.category, s.language, s.header, s.body, s.footer, s.button, s.url, s.example)
	}
	f.Fuzz(func(t *testing.T, category, language, header, body, footer, button, url, example string) {
		// Sizes are BenchmarkClassifyRepeatedVerb's; the fuzzer explores shapes.
		if len(header)+len(body)+len(footer)+len(button)+len(url)+len(example) > 4<<10 {
			t.Skip()
		}
		ex, _ := json.Marshal(map[string]any{"body_text": [][]string{{example}}})
		input := Input{Name: "fuzz", Language: language, Category: category, ParameterFormat: template.FormatPositional,
			Components: []template.Component{
				{Type: template.TypeHeader, Format: template.HeaderText, Text: header},
				{Type: template.TypeBody, Text: body, Example: ex},
				{Type: template.TypeFooter, Text: footer},
				{Type: template.TypeButtons, Buttons: []template.Button{
					{Type: template.ButtonURL, Text: button, URL: url, Example: json.RawMessage(example)},
					{Type: template.ButtonOTP, Text: button},
				}},
			}}
		d := Classify(input)
		if !slices.Contains(classifierLabels(), d.Label()) {
			t.Fatalf("label %q not allowed; decision %+v", d.Label(), d)
		}
		if d.Version != Version || d.Status == StatusApproved && !slices.Contains(template.Categories, d.Category) {
			t.Fatalf("decision %+v: wrong version, or approved in no known category", d)
		}
		if len(d.Signals) == 0 || !slices.IsSortedFunc(d.Signals, compareSignals) {
			t.Fatalf("signals %v not explained or not sorted", d.Signals)
		}
		if again := Classify(input); !reflect.DeepEqual(again, d) {
			t.Fatalf("not deterministic:\n%+v\n%+v", d, again)
		}
	})
}
