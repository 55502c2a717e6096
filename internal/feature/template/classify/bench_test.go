package classify

import (
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
