package classify

import (
	"slices"
	"testing"

	"svc/internal/feature/template"
)

func TestPhoneNumbersInText(t *testing.T) {
	tests := []struct {
		lang, text string
		want       []string // E.164 digits read, in order
	}{
		{"en_GB", "Call us on 0161 496 0270 today.", []string{"441614960270"}},
		{"en_GB", "Delivered on 09/12/2025 at 10:30.", nil},
		{"fr", "Appelez le 08 99 19 24 60 (3 €/appel).", []string{"33899192460"}},
		{"fr", "Mis à jour le 06/07/2025.", nil},
		{"es", "Llame al 806 517 243 e indique su DNI.", []string{"34806517243"}},
		{"es", "IBAN ES91 2100 0418 4502 0005 1332, pedido 12345678.", nil},
		{"pt_BR", "Ligue para (11) 98765-4321, atendimento 24h.", []string{"5511987654321"}},
		{"de", "Hotline\u00a00900\u00a01\u00a0234\u00a0567 anrufen.", []string{"499001234567"}},
		{"en", "Call +44 345 600 6000 or 1-900-555-0199.", []string{"443456006000", "19005550199"}},
		{"en_US", "Order 2024-05-12 total $1,249.99.", nil},
		// A date with its time is no number (review R3).
		{"de", "Ihr Termin beim Finanzamt am 17.07.2025 14 Uhr ist bestätigt.", nil},
		{"fr", "Votre rendez-vous ameli du 06/07/2025 14:00 est confirmé.", nil},
		{"en_US", "Booked for 2025-07-17 14:30, call 212 555 0147.", []string{"12125550147"}},
		// Quotes, emoji and Unicode spaces before or inside a number leave
		// it readable; a letter of any script glues it to a word.
		{"fr", "Remboursement : appelez le «08 99 19 24 60».", []string{"33899192460"}},
		{"fr", "Remboursement : appelez le 📞0899192460.", []string{"33899192460"}},
		{"fr", "Remboursement : appelez le 08\u202f99\u202f19\u202f24\u202f60.", []string{"33899192460"}},
		{"en_GB", "Tax refund: call “0906 123 4567” now.", []string{"449061234567"}},
		{"fr", "Référence É0899192460.", nil},
		// A bracketed trunk 0 after the country code is left out; a tag
		// without a region reads the numbers of each of its countries; a
		// country whose plan is not known reads none (review R3).
		{"en_GB", "HMRC fraud team: call +44 (0)7700 900123.", []string{"447700900123"}},
		{"en", "Call 07700 900123.", []string{"447700900123"}},
		{"en_ZA", "Call 082 123 4567.", nil},
		{"en_US", "Call 012 555 0123.", nil},
	}
	for _, tt := range tests {
		d := newDoc(Input{Language: tt.lang, Components: []template.Component{{Type: template.TypeBody, Text: tt.text}}})
		var got []string
		for _, n := range d.phoneNumbers() {
			got = append(got, n.e164)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s %q: read %v, want %v", tt.lang, tt.text, got, tt.want)
		}
	}
}

func TestAbroad(t *testing.T) {
	tests := []struct {
		lang, number string
		want         bool
	}{
		{"en", "443456006000", false}, // British for "en"
		{"en_US", "443456006000", true},
		{"de", "431234567890", false}, // Austrian for "de"
		{"es_MX", "34612345678", true},
		{"es", "5215512345678", false},
		{"ar", "443456006000", false},    // no home countries known
		{"en_GB", "441534612345", false}, // Jersey: in the UK's plan
		{"en_US", "18765550123", true},   // Jamaica: in the NANP, not home
	}
	for _, tt := range tests {
		d := newDoc(Input{Language: tt.lang})
		if got := d.abroad(tt.number); got != tt.want {
			t.Errorf("abroad(%s) in %s = %v, want %v", tt.number, tt.lang, got, tt.want)
		}
	}
}

// TestNumbersAbroadAsWritten: whether a number is foreign does not
// depend on how it is written (review R3).
func TestNumbersAbroadAsWritten(t *testing.T) {
	tests := []struct {
		lang, national, international string
		abroad                        bool
	}{
		{"en_US", "876-555-0123", "+1 876 555 0123", true},
		{"en_GB", "01534 612345", "+44 1534 612345", false},
		{"en_GB", "0161 496 0270", "+44 161 496 0270", false},
	}
	for _, tt := range tests {
		for _, written := range []string{tt.national, tt.international} {
			d := newDoc(Input{Language: tt.lang, Components: []template.Component{{Type: template.TypeBody, Text: "Call " + written + " today."}}})
			ns := d.phoneNumbers()
			if len(ns) != 1 || ns[0].abroad != tt.abroad {
				t.Errorf("%s %q: read %+v, want one number, abroad %v", tt.lang, written, ns, tt.abroad)
			}
		}
	}
}

func TestNamedAfter(t *testing.T) {
	tests := []struct {
		lang, body, local string
		want              bool
	}{
		{"pt_BR", "Doces da Maria: seu pedido está pronto.", "docesdamaria", true},
		{"de", "Ihr Käsestand Alpenglück am Markt.", "kaese.alpenglueck", true},
		{"en_GB", "British Red Cross Emergency Appeal: give what you can to helpappeal.donations2024@gmail.com.", "helpappeal.donations2024", false},
		{"en_US", "ConEd: send the amount via Venmo to @Derek-Hollis-88.", "Derek-Hollis-88", false},
	}
	for _, tt := range tests {
		d := newDoc(Input{Language: tt.lang, Components: []template.Component{{Type: template.TypeBody, Text: tt.body}}})
		if got := namedAfter(tt.local, d); got != tt.want {
			t.Errorf("namedAfter(%q) in %q = %v, want %v", tt.local, tt.body, got, tt.want)
		}
	}
}
