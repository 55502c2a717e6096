package classify

import (
	"encoding/json"
	"strings"
	"testing"

	"svc/internal/feature/template"
)

// BenchmarkClassify measures one decision on a promotional template.
func BenchmarkClassify(b *testing.B) {
	in := Input{Name: "spring_sale", Language: "en", Category: "UTILITY", ParameterFormat: "POSITIONAL",
		Components: []template.Component{
			{Type: "HEADER", Format: "TEXT", Text: "Spring sale"},
			{Type: "BODY", Text: "Hi {{1}}, everything is 30% off this weekend only. Shop now before the offer ends!"},
			{Type: "BUTTONS", Buttons: []template.Button{{Type: "URL", Text: "Shop now", URL: "https://shop.example.com/sale"}}},
		}}
	Classify(in) // compile the word lists outside the loop
	b.ReportAllocs()
	for b.Loop() {
		if d := Classify(in); d.Status == "" {
			b.Fatal("no decision")
		}
	}
}

// BenchmarkClassifyRepeatedVerb measures a template whose one body_text
// example is 16 KiB of "gib ": a verb at every word, in one sentence.
// Each verb's checks walk back to the sentence's start; when every step
// rescanned the text between two words, this one template took a minute
// (review R3), longer than the classifier consumer's timeout.
func BenchmarkClassifyRepeatedVerb(b *testing.B) {
	in := repeatedVerbInput()
	b.ReportAllocs()
	for b.Loop() {
		if d := Classify(in); d.Status == "" {
			b.Fatal("no decision")
		}
	}
}

func repeatedVerbInput() Input {
	ex, _ := json.Marshal(map[string]any{"body_text": [][]string{{strings.Repeat("gib ", 4<<10)}}})
	return Input{Name: "bestellung", Language: "de", Category: "UTILITY", ParameterFormat: "POSITIONAL",
		Components: []template.Component{
			{Type: "BODY", Text: "Hallo {{1}}, danke für Ihre Bestellung heute bei uns.", Example: ex},
		}}
}
