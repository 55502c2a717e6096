package classify

import (
	"strings"
	"testing"

	"svc/internal/feature/template"
)

// TestIntentSignals checks that the intent layer decides what the scam
// families miss and that its signal names every slot that fired, and that
// each combination's look-alike, with one slot missing or negated, is left
// alone.
func TestIntentSignals(t *testing.T) {
	tests := []struct {
		lang, body string
		// slots are the words the signal must name, in order; none when
		// the layer must not fire.
		slots []string
	}{
		{"en", "Good news, {{1}}: a settlement payout of {{2}} is ready for you. A one off fee of $19 is needed to process the transfer.",
			[]string{"a benefit with a fee to pay", "benefit \"payout\"", "fee \"one off fee\""}},
		{"es", "Hola {{1}}, tu compensación por el retraso de tu vuelo está lista. Envíanos tus datos bancarios para transferirla hoy.",
			[]string{"secrets or identity asked for", "benefit \"compensación\"", "data \"Envíanos tus datos bancarios\""}},
		{"pt", "Oi {{1}}! Você foi escolhida entre nossos clientes para ganhar um vale presente de R$ 500. Resgate nas próximas 2 horas pelo link.",
			[]string{"singled out, pressed by a deadline", "selected \"escolhida\"", "urgency \"nas próximas 2 horas\""}},
		{"fr", "Salut maman, c'est moi, mon portable est cassé donc voici mon nouveau numéro. Tu peux me faire un virement de 300 € ? Je te rembourse demain.",
			[]string{"a relative on a new number asking for money", "kin \"maman\"", "new number \"nouveau numéro\"", "ask \"virement\""}},
		{"en", "Hi {{1}}, we're hiring! Simple tasks from your phone, no experience needed, earn £120 a day. Reply YES to start.",
			[]string{"effortless work paid by the day", "pay \"£120 a day\"", "work \"Simple tasks\""}},
		{"de", "Hallo {{1}}, für Ihre Treue verschenken wir einen Gutschein über 300 €. Beantworten Sie 4 kurze Fragen und sichern Sie sich Ihren Anteil.",
			[]string{"a benefit for answering a quiz", "quiz \"Beantworten Sie 4 kurze Fragen\""}},
		{"en", "Urgent: your computer is infected, call Microsoft support at 1-800-555-0100 now.",
			[]string{"a device threatened, with a number to call", "threat \"infected\""}},
		{"en", "Your laptop repair is done, {{1}}. No virus was found. Call us at 020 7946 0000 to arrange pickup.", nil},
		// rules-2026.11.8: a relative in trouble, remote access under a
		// threat, a rental deposit by cash transfer, money a lover needs.
		{"es", "Tía, soy Luis, estoy detenido y el oficial pide $3,500. Deposítale a esta cuenta {{1}}, porfa.",
			[]string{"a relative in trouble asking for money", "trouble \"detenido\""}},
		{"en", "Grandma it's me, I need 400 € for the garage. Please don't tell Dad, {{1}}.",
			[]string{"a relative asking for money in secret", "secrecy \"don't tell\""}},
		{"en", "A hacker signed in to your account, {{1}}. Our technician will ask you to install AnyDesk to secure it.",
			[]string{"remote access asked for under a threat", "remote access \"AnyDesk\""}},
		{"fr", "Appartement à Lyon, 600 €/mois. Je travaille à l étranger : versez la caution par Western Union, {{1}}.",
			[]string{"a rental deposit sent by cash transfer, to an absent owner or off the platform", "deposit \"caution\""}},
		{"fr", "Mon amour {{1}}, je suis bloqué à la douane, j ai besoin de 900 € en coupons PCS.",
			[]string{"money asked for in vouchers"}},
		// rules-2026.11.9: donations to a payment handle, cash to a visitor,
		// a resale by transfer only, a QR code to verify, valuables
		// collected, a mule's job, an approval at an adviser's request,
		// part kept and the rest sent on, a debt discount for a fee.
		{"en", "Families lost everything in the flood. Send what you can via Venmo @HelpNow, {{1}}.",
			[]string{"donations asked for to a personal payment handle"}},
		{"en", "Our technician visits {{1}} tomorrow. Have the balance ready in cash or service will be disconnected.",
			[]string{"cash to hand to a visitor under a threat"}},
		{"en", "Got 2 spare tickets for the sold out show, {{1}}. £90 each, bank transfer only.",
			[]string{"a private resale paid by transfer only"}},
		{"es", "Tu banco: escanea el código QR adjunto para verificar tu identidad antes de {{1}}.",
			[]string{"a QR code to scan to verify"}},
		{"de", "Polizei: Ein Beamter holt heute Ihre Wertsachen ab, {{1}}.", []string{"an authority collecting valuables"}},
		{"en", "Home job: receive payments into your personal account and forward them on. 10% commission, {{1}}.",
			[]string{"money received to pass on"}},
		{"fr", "Service fraude : validez l'opération inverse dans votre appli quand notre conseiller vous le demandera, {{1}}.",
			[]string{"a transaction approved in the app at an adviser's request"}},
		{"en", "We send you a cheque of £1,800: keep £300 and send the rest by money order, {{1}}.",
			[]string{"part of a payment kept and the rest sent on"}},
		{"pt", "Suas dívidas podem ser quitadas com até 90% de desconto, {{1}}. Pague a taxa de adesão via Pix.",
			[]string{"a debt discount for a fee"}},
		// rules-2026.11.10.
		{"pt", "Vaga home office: avalie produtos e ganhe {{1}} por tarefa. Para ativar sua conta é só fazer a primeira recarga.",
			[]string{"effortless work paid by the day"}},
		{"en", "Hi {{1}}, I'm in back to back meetings and can't talk. Pick up five store cards for clients, I'll reimburse you.",
			[]string{"an errand for cards from someone too busy to talk"}},
		{"de", "Ihre Sendung {{1}} wird beim Zoll festgehalten. Bitte begleichen Sie die Einfuhrgebühr von {{2}}.",
			[]string{"a parcel held for a fee"}},
		{"en", "Hi {{1}}, your landlord here. Please send this month's rent to the new account {{2}}.",
			[]string{"rent or invoices to a new account"}},
		{"pt", "Identificamos uma compra de {{1}} no seu cartão. Se não reconhece, responda 2 que um atendente vai ligar para você.",
			[]string{"a charge to disown with a call promised"}},
		{"fr", "Il vous reste {{1}} sur votre compte formation. Ils seront perdus le {{2}}.", []string{"training credits said to expire"}},
		{"en", "Your order {{1}} could not be delivered today: we will try again tomorrow at no charge.", nil},
		{"en", "We have moved to a new bank. Your direct debit for {{1}} continues unchanged; you need do nothing.", nil},
		{"pt", "Compra de {{1}} aprovada no seu cartão. Se não reconhece, ligue para o número no verso do cartão.", nil},
		// rules-2026.11.13.
		{"en", "Welcome to the Circle, {{1}}! Gift $500 into the flower and receive $4,000 when your petals join.",
			[]string{"a gifting circle"}},
		{"en", "Hi {{1}}, my assistant sent £1,200 instead of £750. Could you transfer the £450 difference back today?",
			[]string{"an overpayment with the difference to send back"}},
		{"es", "Hola {{1}}, te compro el sofá. Te envié el pago por Bizum, solo tienes que aceptarlo en tu app.",
			[]string{"a payment request to accept, told as money coming in"}},
		{"pt", "Leilão de pátio: lote {{1}}. Lance vencedor garantido para quem pagar a caução via Pix.", []string{"a guaranteed winning bid"}},
		{"en", "We charged {{1}} instead of {{2}} for your order; we have refunded the difference to your card.", nil},
		{"en", "Your auction lot {{1}} closes on {{2}}. Place your bid in the app.", nil},
		// rules-2026.11.14.
		{"pt", "Compra de {{1}} aprovada no seu cartão. Não reconhece? Ligue agora para {{2}} e fale com um atendente.",
			[]string{"a charge to disown with a number to call given"}},
		{"de", "Ihr Abonnement wurde für {{1}} verlängert. Nicht beauftragt? Erstattung innerhalb von 24 h hier anfordern.",
			[]string{"a charge to undo within hours"}},
		{"pt", "O {{1}} te indicou o robô que ele usa. Depósito inicial só de R$ 200.", []string{"an investment app sold by a friend or a mentor"}},
		{"en", "Your subscription renews on {{1}} for {{2}}. You can cancel any time in your account settings.", nil},
		{"en", "Thank you {{1}} for your donation to the Red Cross appeal (charity no. 220949). Your receipt is attached.", nil},
		{"en", "Your tickets for {{1}} are confirmed. We accept card or bank transfer at the box office.", nil},
		{"en", "Your refund of {{1}} was sent by bank transfer today. Keep this message for your records.", nil},
		{"en", "Hi {{1}}, your tenancy deposit of {{2}} is protected by the DPS. Keys can be collected on {{3}}.", nil},
		{"en", "Your remote support session with our technician is booked for {{1}}. He will call you first.", nil},
		{"es", "Hola {{1}}, tu abuela está bien tras la consulta en el hospital. Recógela a las {{2}}.", nil},
		// Look-alikes: the benefit given, not bought; data given, not
		// asked for; a warning that negates the request.
		{"en", "We received your return, {{1}}. Your refund of {{2}} (less the $5 restocking fee) will reach your card in 3 to 5 days.", nil},
		{"en", "Hi {{1}}, here is your Brightmart gift card: number {{2}}, PIN {{3}}. It never expires. Enjoy!", nil},
		{"en", "Your refund of {{1}} is on its way, {{2}}. We will never ask you to send your bank details or card number by message.", nil},
		{"es", "¡Hola {{1}}! Tienes {{2}} puntos de recompensa en Café Roble. Canjéalos antes del domingo por una bebida gratis.", nil},
		{"en", "Hi {{1}}, your interview for the part-time cashier role is on {{2}}. The job pays $17 an hour.", nil},
		// A card fetched at home by a courier; a card delivered or
		// collected at the branch is not.
		{"pt", "Central do seu banco: um motoboy irá até sua casa hoje para recolher o cartão clonado.",
			[]string{"a card collected at home", "collect \"recolher o cartão\"", "visit \"motoboy\""}},
		{"pt", "Seu novo cartão será entregue por motoboy até sua casa amanhã.", nil},
		{"es", "Tu nueva tarjeta ya está en la sucursal: pasa a recogerla con tu INE.", nil},
		// A grandchild in trouble who needs money picked up.
		{"de", "Oma, ich bin's, dein Enkel. Ich hatte einen Unfall und brauche dringend 8.000 €. Ein Bekannter holt das Geld heute ab.",
			[]string{"a relative in trouble asking for money", "kin \"Oma\"", "trouble \"Unfall\""}},
		// A lawyer's award released for court fees.
		{"pt", "Dr. Ricardo informa: há um valor de R$ 42.380,00 a receber. Para liberar, quite hoje as custas de R$ 1.200 via Pix.",
			[]string{"a benefit with a fee to pay", "fee \"custas\""}},
		{"pt", "Dr. Ricardo informa: a audiência do seu processo foi marcada para {{1}}. As custas já foram pagas pelo escritório.", nil},
		// A purpose clause's negation does not negate the ask after it; a
		// warning's does.
		{"es", "Le habla el licenciado Ortega. Su hijo tuvo un accidente y está detenido. Para que no pase la noche en separos deposite la fianza de {{1}}.",
			[]string{"a relative in trouble asking for money", "ask \"deposite la fianza\""}},
		{"es", "Su hijo tuvo un accidente leve y ya está en casa. Nunca deposite una fianza a quien le llame por teléfono.", nil},
		// Paid as friends and family, which waives the buyer's protection.
		{"en", "Booking held: 2 tickets for {{1}}. To release them, send {{2}} by bank transfer as friends and family, not goods and services.",
			[]string{"a payment asked for as friends and family", "payment \"as friends and family\""}},
		{"en", "Bring your friends and family to our open day on {{1}}: free entry for everyone.", nil},
		// Money doubled within hours; a deposit's interest is not.
		{"pt", "Invista R$ 200 hoje e receba R$ 2.000 em 24 horas. Sistema garantido.",
			[]string{"money put in with a bigger sum promised back", "within \"em 24 horas\""}},
		{"en", "Deposit $500 in a fixed-term account today and receive 3.1% interest at the end of the year.", nil},
		// Donations in vouchers; a charity's bank details are not.
		{"de", "Flutopfer brauchen jetzt Hilfe! Spende direkt per Paysafecard-Code an {{1}}.",
			[]string{"donations asked for in vouchers", "vouchers \"Paysafecard\""}},
		{"de", "Danke für Ihre Spende an {{1}}. Ihre Zuwendungsbestätigung kommt per Post.", nil},
	}
	for _, tt := range tests {
		in := Input{Language: tt.lang, Category: template.CategoryMarketing,
			Components: []template.Component{{Type: template.TypeBody, Text: tt.body}}}
		sigs := intentScam(newDoc(in), tt.lang)
		if len(tt.slots) == 0 {
			if len(sigs) > 0 {
				t.Errorf("%q: intent fired on a look-alike: %v", tt.body, sigs)
			}
			continue
		}
		if len(sigs) != 1 || sigs[0].Rule != "scam.intent" {
			t.Errorf("%q: signals %v, want one scam.intent", tt.body, sigs)
			continue
		}
		for _, s := range tt.slots {
			if !strings.Contains(sigs[0].Detail, s) {
				t.Errorf("%q: detail %q does not name %s", tt.body, sigs[0].Detail, s)
			}
		}
	}
}

// TestIntentSparesApproved runs the scam intent layer alone over every
// labelled set and holds it to firing on no template labelled APPROVED or
// RECATEGORISED:MARKETING: the layer has no phrase list to blame, so a
// false alarm there would repeat on every look-alike. It logs how many
// scams the layer catches alone, the share the families leave to it on
// wording they were not written for.
func TestIntentSparesApproved(t *testing.T) {
	for _, file := range []string{evalFile, dev2File, dev3File, dev4File, dev5File, dev6File} {
		caught, scams := 0, 0
		for _, c := range loadCases(t, file) {
			in := c.input()
			fired := len(intentScam(newDoc(in), template.PrimaryLanguage(in.Language))) > 0
			switch c.Label {
			case StatusApproved, "RECATEGORISED:" + template.CategoryMarketing:
				if fired {
					t.Errorf("%s %s: the intent layer fires on a template labelled %s", file, c.ID, c.Label)
				}
			case StatusRejected + ":" + ReasonScam:
				scams++
				if fired {
					caught++
				}
			}
		}
		t.Logf("%s: the intent layer alone catches %d of %d scams", file, caught, scams)
	}
}
