package classify

import (
	"testing"

	"svc/internal/feature/template"
)

// TestLanguageMismatch holds the language check: a text clearly in another
// language than the declared one is a mismatch, among the five supported
// languages and from Polish, Italian or Dutch; a brand or a borrowed word
// is not.
func TestLanguageMismatch(t *testing.T) {
	tests := []struct {
		lang, body string
		want       bool
	}{
		{"en_GB", "Dzień dobry {{1}}, Twoja wizyta jest potwierdzona na jutro. Do zobaczenia!", true},
		{"fr", "Buongiorno {{1}}, grazie per il tuo ordine: la consegna sarà domani nella mattina.", true},
		{"de", "Beste {{1}}, bedankt voor uw bestelling. Het pakket wordt morgen naar u gestuurd.", true},
		{"en_US", "Hola {{1}}, tu pedido ya está en camino y llegará mañana. Gracias por tu compra.", true},
		{"es", "Bon dia {{1}}, la teva comanda és a punt. Et guardarem el paquet fins dissabte, gràcies.", true},
		{"de", "Merhaba {{1}}, siparişiniz hazır. Cumartesi saat 18'e kadar teslim alabilirsiniz.", true},
		{"fr", "Beste {{1}}, uw bestelling ligt klaar. U kunt ze ophalen tot zaterdag.", true},
		{"en_US", "Hi {{1}}, your Black Friday order is confirmed and will arrive tomorrow. Thanks!", false},
		{"es", "Hola {{1}}, tu pedido de Pizza Napoli ya está en camino. ¡Gracias!", false},
		// Catalan full of the articles Spanish shares ("el", "del", "al"),
		// which tell neither apart; Spanish with a Catalan name stays Spanish.
		{"es", "Us informem que la recollida de mobles al vostre carrer es farà el {{1}} a partir del migdia.", true},
		{"es", "Hola {{1}}, el Ajuntament de Sant Cugat te recuerda que la recogida de muebles será el {{2}}. Gracias.", false},
		// European Portuguese, whose "por" Spanish shares.
		{"es", "Caro sócio, a quota vence a {{1}}. Pode pagar por MB Way ou na secretaria. Obrigado por continuar connosco!", true},
		{"pt_BR", "Hola {{1}}, tu pedido ya está en camino y llegará mañana por la tarde. Gracias por tu compra.", true},
		// Short texts need fewer function words; other scripts are told by
		// their letters.
		{"fr", "Uw afspraak bij de tandarts is bevestigd voor {{1}}.", true},
		{"de", "Twoja paczka została nadana. Numer przesyłki: {{1}}.", true},
		{"en_GB", "Nur diese Woche: 20 % Rabatt auf alle Gartenmöbel in unserem Shop in Leeds.", true},
		{"en_US", "ご注文ありがとうございます。注文番号は{{1}}です。", true},
		{"en_US", "Chào {{1}}, đơn hàng của bạn đã sẵn sàng. Cảm ơn bạn!", true},
		{"en_GB", "Your table at Sakura 桜 is booked for {{1}}. See you soon!", false},
		{"en_US", "Your Die Hard tickets for {{1}} are ready.", false},
	}
	for _, tt := range tests {
		in := Input{Language: tt.lang, Category: template.CategoryUtility,
			Components: []template.Component{{Type: template.TypeBody, Text: tt.body}}}
		_, got := languageMismatch(newDoc(in), template.PrimaryLanguage(tt.lang))
		if got != tt.want {
			t.Errorf("%s %q: mismatch %v, want %v", tt.lang, tt.body, got, tt.want)
		}
	}
}
