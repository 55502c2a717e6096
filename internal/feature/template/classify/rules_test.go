package classify

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"svc/internal/feature/template"
)

// in builds an Input with one BODY text and optional extra components.
func in(category, language, body string, extra ...template.Component) Input {
	comps := []template.Component{{Type: template.TypeBody, Text: body}}
	return Input{Name: "t", Language: language, Category: category, ParameterFormat: template.FormatPositional,
		Components: append(comps, extra...)}
}

func urlButton(u string) template.Component {
	return template.Component{Type: template.TypeButtons, Buttons: []template.Button{{Type: template.ButtonURL, Text: "Open", URL: u}}}
}

func otpButton() template.Component {
	return template.Component{Type: template.TypeButtons, Buttons: []template.Button{{Type: template.ButtonOTP, OTPType: "COPY_CODE"}}}
}

// fired lists the distinct rules among a decision's signals.
func fired(d Decision) []string {
	var rules []string
	for _, s := range d.Signals {
		if !slices.Contains(rules, s.Rule) {
			rules = append(rules, s.Rule)
		}
	}
	return rules
}

func TestLabel(t *testing.T) {
	tests := []struct {
		d    Decision
		want string
	}{
		{Decision{Status: StatusApproved, Category: "UTILITY"}, "APPROVED"},
		{Decision{Status: StatusApproved, Category: "MARKETING", CorrectCategory: "MARKETING"}, "RECATEGORISED:MARKETING"},
		{Decision{Status: StatusRejected, Category: "UTILITY", CorrectCategory: "AUTHENTICATION", RejectionReason: ReasonIncorrectCategory}, "REJECTED:INCORRECT_CATEGORY"},
		{Decision{Status: StatusRejected, RejectionReason: ReasonScam}, "REJECTED:SCAM"},
	}
	for _, tt := range tests {
		if got := tt.d.Label(); got != tt.want {
			t.Errorf("%+v.Label() = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestAbuse(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"Hey you idiot, pay now.", true},
		{"Massages naturistes intégraux avec finition sexuelle, {{1}} la séance.", true},
		{"Relaxing massage with a happy ending, discreet.", true},
		{"Your sports massage is booked for Friday at 10.", false},
		{"HEY YOU IDIOT", true},
		{"Eres un imbécil.", true},
		{"Eres un imbecil.", true},
		{"Eres un IMBE\u0301CIL.", true}, // decomposed accent
		{"Wir wissen, wo Sie wohnen.", true},
		{"We know where you live.", true},
		{"On sait où vous habitez.", true},
		{"Seu otário.", true},
		{"Eres un sinvergüenza.", true},
		{"Paga o iremos a buscarte.", true},
		{"We will come to your house if you do not pay.", true},
		{"Our team will come to your home to install the router.", false}, // not "we will come"
		{"Stupidly low prices this week.", false},                         // no word boundary
		{"Killer deals are back.", false},                                 // threats are phrases, never "kill"
		{"The idiot-proof coffee maker.", false},                          // a product, not a person
		{"Jerk chicken is on the menu.", false},                           // not listed
		{"Con el código {{1}} entras.", false},                            // Spanish "con" is not listed
	}
	for _, tt := range tests {
		got := len(abuse(newDoc(in("MARKETING", "en", tt.text)))) > 0
		if got != tt.want {
			t.Errorf("abuse(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

func TestCredentialRequests(t *testing.T) {
	tests := []struct {
		lang, text string
		want       bool
	}{
		{"en", "Reply with the verification code we sent you.", true},
		{"en", "Send us your password to confirm.", true},
		{"en", "Tell our agent your card PIN.", true},
		// rules-2026.11.3: a pronoun attached to a Spanish or Portuguese
		// verb, a French imperative's "-le".
		{"es", "Tu código es {{1}}. Díctaselo a nuestro asesor cuando te llame.", true},
		{"pt", "Seu código é {{1}}. Passe-o ao atendente.", true},
		{"fr", "Votre code est {{1}}. Transmettez-le au conseiller qui vous appellera.", true},
		{"fr", "Votre code est {{1}}. Ne le transmettez à personne.", false},
		{"es", "Tu pedido llegó. Recógelo en tienda con tu código {{1}}.", false},
		{"es", "Responde a este mensaje con el código que te enviamos.", true},
		{"pt", "Envie sua senha para regularizar.", true},
		{"de", "Bitte senden Sie uns Ihr Passwort.", true},
		{"fr", "Envoyez-nous le code de vérification.", true},
		{"de", "Nennen Sie uns Ihre TAN.", true},
		{"en", "We will never ask you to share your password or codes.", false}, // negation before
		{"de", "Bitte geben Sie diesen Code nicht weiter.", false},              // negation after
		{"en", "Share this code with no one.", false},
		{"pt", "Nunca informe sua senha a ninguém.", false},
		{"en", "We will send you a verification code.", false}, // the sender sends
		{"en", "Send you a code, we will.", false},
		{"en", "Share your referral code with friends.", false}, // a code meant to be shared
		{"pt", "Compartilhe seu código de indicação.", false},
		{"en", "Share your code with your friends and family.", false},
		{"en", "Please show it to the courier.", false},
		{"en", "Reply C to cancel or R to reschedule.", false},
		// Requests to relay a code, in their inflections and languages.
		{"en", "An agent will call: please read out the code we text you.", true},
		{"en", "Our fraud team needs you to read the PIN out to them.", true},
		{"en", "Reading the code to our agent confirms your identity.", true},
		{"en", "I sent a code to your phone by mistake, can you forward it to me?", true},
		{"en", "{{1}} is your code. Tell it to our agent when they call.", true},
		{"en", "Don't hesitate to reply with the code you received.", true}, // a negation that presses to act
		{"es", "Díctele al asesor el código que recibirá por SMS.", true},
		{"es", "Te llegó un código mío por error, ¿me lo reenvías?", true},
		{"pt", "Me passa o código que chegou aí no seu celular.", true},
		{"de", "Bitte lesen Sie unserem Berater den Code vor.", true},
		{"fr", "Dites-lui le code reçu par SMS.", true},
		{"fr", "Je t'ai envoyé un code par erreur, tu peux me le transférer ?", true},
		// The same verbs negated: the warning of an authentication text.
		{"en", "Your code is {{1}}. Do not share it.", false},
		{"en", "Nobody from our bank will ever ask you to read out this code.", false},
		{"en", "Never give this code to anyone, not even our staff.", false},
		{"es", "Tu código es {{1}}. No lo compartas ni se lo dictes a nadie.", false},
		{"pt", "Seu código é {{1}}. Não passe este código para ninguém.", false},
		{"de", "Ihr Code lautet {{1}}. Geben Sie ihn niemals weiter.", false},
		{"fr", "Votre code est {{1}}. Ne le communiquez jamais.", false},
		{"en", "Reply YES to receive your login code by SMS.", false},        // a code the recipient receives
		{"en", "Your delivery code is {{1}}: give it to the driver.", false}, // handed to the courier
		// rules-2026.11.5: codes named by their digits, verification
		// numbers, polite and object-attached forms, codes shown to the courier.
		{"en", "Just send back the verification number that arrives by SMS.", true},
		{"es", "Indíquenos por aquí los 6 dígitos que le acaban de llegar.", true},
		{"es", "Me confirmas el código de 6 números que te llegó?", true},
		{"de", "Teilen Sie uns bitte die sechsstellige Zahl aus der SMS mit.", true},
		{"fr", "Envoyez-nous en réponse les 6 chiffres reçus par SMS.", true},
		{"pt", "Responda esta mensagem com o número de verificação recebido.", true},
		{"pt", "Informe o código {{3}} ao entregador.", false},
		{"en", "Enter the 6-digit code in the app to finish signing in.", false},
	}
	for _, tt := range tests {
		got := len(credentialRequests(newDoc(in("UTILITY", tt.lang, tt.text)), tt.lang, false)) > 0
		if got != tt.want {
			t.Errorf("credentialRequests(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

func TestThreats(t *testing.T) {
	tests := []struct {
		lang, text string
		want       string // the rule, or ""
	}{
		{"en", "Pay {{1}} within 24 hours or your account will be closed.", "scam.threat_payment"},
		{"es", "Pague {{1}} en las próximas 24 horas o su cuenta será suspendida.", "scam.threat_payment"},
		{"pt", "Pague hoje ou sua conta será encerrada.", "scam.threat_payment"},
		{"de", "Zahlen Sie sofort, sonst wird Ihr Konto gesperrt.", "scam.threat_payment"},
		{"fr", "Réglez sous 24 heures, sinon votre compte sera suspendu.", "scam.threat_payment"},
		{"es", "Su tarjeta ha sido bloqueada. Confirme sus datos en el enlace.", "scam.phishing"},
		{"pt", "Troquei de número. Pode me fazer um Pix?", "scam.impersonation"},
		{"en", "Pay by {{1}} to avoid suspension of your service.", ""},  // no threat phrase
		{"en", "Your account will be closed on {{1}} as you asked.", ""}, // threat words, no payment
		{"en", "Complete payment within 3 days to receive your item.", ""},
		// rules-2026.11.3: a fee with a pretext, payment to a new account
		// or in secret, a refund that asks for bank details, a threat
		// with a request to confirm again.
		{"en", "Your parcel is held at the depot. Pay the £1.99 redelivery fee to book a new slot.", "scam.advance_fee"},
		{"es", "Su paquete no pudo ser entregado. Abone 2,99 € de gastos para una nueva entrega.", "scam.advance_fee"},
		{"pt", "Você foi contemplado! Para receber, pague a taxa de R$ 9,90.", "scam.advance_fee"},
		{"fr", "Votre colis est bloqué. Réglez 1,50 € de frais de réexpédition.", "scam.advance_fee"},
		{"de", "Ihr Paket wurde nicht zugestellt. Zahlen Sie 1,99 € Gebühr.", "scam.advance_fee"},
		{"en", "Your order has shipped. A delivery fee of $4.99 was included.", ""}, // a fee, no pretext
		// rules-2026.11.36: a grant released once a procedure is paid into a
		// card; a procedure's state alone is no fee.
		{"es", "Su hijo fue seleccionado para la beca. Para liberar el apoyo es necesario cubrir hoy el trámite de $350 mediante depósito a la tarjeta 4152 3138 0921 7765.", "scam.advance_fee"},
		{"es", "Su trámite de beca está en revisión; le avisaremos cuando se resuelva.", ""},
		{"es", "A partir de hoy abone las facturas a nuestra nueva cuenta {{1}}.", "scam.redirected_payment"},
		{"de", "Bitte überweisen Sie heute diskret 9.000 € an unseren Partner.", "scam.redirected_payment"},
		{"en", "Please transfer the amount discreetly and tell no one.", "scam.redirected_payment"},
		{"en", "Your new account is ready: start by setting your password.", ""}, // no payment
		{"fr", "Vous avez droit à un remboursement. Saisissez vos coordonnées bancaires.", "scam.refund_details"},
		{"en", "To get your tax refund, enter your bank details below.", "scam.refund_details"},
		{"en", "Your refund of {{1}} was sent to the card you paid with.", ""},
		{"de", "Ihr Zugang wurde eingeschränkt. Bestätigen Sie das Verfahren erneut.", "scam.phishing"},
		{"es", "Su acceso está bloqueado. Vuelva a confirmar su usuario.", "scam.phishing"},
	}
	for _, tt := range tests {
		d := newDoc(in("UTILITY", tt.lang, tt.text))
		sigs := threats(d, tt.lang, credentialEntries(d, tt.lang))
		got := ""
		if len(sigs) > 0 {
			got = sigs[0].Rule
		}
		if got != tt.want {
			t.Errorf("threats(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestPrize(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"Congratulations! You have won an iPhone.", true},
		{"You've won a trip!", true},
		{"Claim your $500 gift card now.", true},
		{"¡Has ganado un viaje!", true},
		{"Você ganhou um prêmio.", true},
		{"Jetzt Gewinn abholen!", true},
		{"Vous avez gagné un smartphone.", true},
		{"You have won the auction for {{1}}.", false},
		{"You won't believe these prices.", false},
		{"Enter for a chance to win a trip.", false},
	}
	for _, tt := range tests {
		got := len(prizeLexicon.scan(newDoc(in("MARKETING", "en", tt.text)), "en", partText)) > 0
		if got != tt.want {
			t.Errorf("prize(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

func TestShorteners(t *testing.T) {
	example := func(v string) template.Component {
		raw, _ := json.Marshal(map[string]any{"body_text": [][]string{{"Ana", v}}})
		return template.Component{Type: template.TypeBody, Example: raw}
	}
	tests := []struct {
		name  string
		input Input
		want  string // where, or ""
	}{
		{"text", in("UTILITY", "en", "Update your details at bit.ly/3xYz"), "BODY"},
		{"text with scheme", in("UTILITY", "en", "See https://TinyURL.com/abc."), "BODY"},
		{"text in parentheses", in("UTILITY", "en", "Details (goo.gl/xyz) inside"), "BODY"},
		{"www", in("UTILITY", "en", "Go to www.bit.ly/abc now"), "BODY"},
		{"button", in("UTILITY", "en", "Track it below.", urlButton("https://t.co/abc")), "BUTTON 1 url"},
		{"button variable", in("UTILITY", "en", "Track it below.", urlButton("https://is.gd/{{1}}")), "BUTTON 1 url"},
		{"example", in("UTILITY", "en", "View it here: {{2}} thanks", example("https://rb.gy/x")), "BODY example"},
		{"look-alike host", in("UTILITY", "en", "Visit at.com or bit.lyrics.com", urlButton("https://shop.example.com/t.co")), ""},
		{"brand short domain", in("UTILITY", "en", "Chat with us at wa.me/15551234567"), ""},
	}
	for _, tt := range tests {
		sigs := shorteners(newDoc(tt.input))
		got := ""
		if len(sigs) > 0 {
			got = sigs[0].Detail[strings.Index(sigs[0].Detail, " in ")+4:]
		}
		if got != tt.want {
			t.Errorf("%s: shorteners = %q, want %q (%v)", tt.name, got, tt.want, sigs)
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		category, body string
		want           []string // rules, in order
	}{
		{"UTILITY", "{{1}}, your order {{2}} has shipped and is on its way.", []string{"format.dangling_start"}},
		{"UTILITY", "  {{1}}, your order {{2}} has shipped and is on its way.", []string{"format.dangling_start"}},
		{"AUTHENTICATION", "{{1}} is your verification code.", nil},
		{"UTILITY", "Thanks for your order. Your tracking number is {{1}}", []string{"format.dangling_end"}},
		{"UTILITY", "Bonjour [PRÉNOM], votre commande [N° COMMANDE] est prête au retrait.", []string{"format.unfilled"}},
		{"UTILITY", "Hi <FIRST_NAME>, order <ORDER_ID> has shipped and is on its way.", []string{"format.unfilled"}},
		// One bracketed tag, or brackets around words, is text.
		{"MARKETING", "[NEW] Our spring range is in store this week, come and see it.", nil},
		{"UTILITY", "Your order [shipped] and [paid] is on its way to you today.", nil},
		{"UTILITY", "Thanks for your order. Your tracking number is {{1}}\n ", []string{"format.dangling_end"}},
		{"UTILITY", "Thanks for your order. Your tracking number is {{1}}.", nil},
		{"UTILITY", "Hello {{1}} {{2}}, your appointment on {{3}} is confirmed for you.", []string{"format.adjacent"}},
		// A clause mark separates two parameters; a joining mark does not.
		{"UTILITY", "Delivered to {{1}}, {{2}} tomorrow between nine and noon.", nil},
		{"UTILITY", "Hi {{1}}: {{2}} is due for the annual booster at Maple Creek Vet.", nil},
		{"UTILITY", "Your parcel is at {{1}} {{2}} today between nine and noon.", []string{"format.adjacent"}},
		{"UTILITY", "Your appointment is on {{1}}/{{2}} at the clinic in town.", []string{"format.adjacent"}},
		{"UTILITY", "Opening hours this week: {{1}} - {{2}}. See you soon at the store.", []string{"format.adjacent"}},
		{"UTILITY", "Your room measures {{1}} x {{2}} metres and is ready.", nil},
		// Any space, or a character that shows nothing, is a blank to
		// every format rule (review R3).
		{"UTILITY", "Your parcel {{1}}\u2009{{2}} is ready at the counter for pickup today.", []string{"format.adjacent"}},
		{"UTILITY", "Your parcel {{1}} \u200b- {{2}} is ready at the counter for pickup today.", []string{"format.adjacent"}},
		{"UTILITY", "Thanks for your order. Your tracking number is {{1}}\u200f", []string{"format.dangling_end"}},
		{"UTILITY", "\u202f\u2066{{1}}, your order {{2}} has shipped and is on its way.", []string{"format.dangling_start"}},
		{"UTILITY", "Hi {{1}}, your order {{2}} ships on {{3}} as planned, and we thank you {{1}} for waiting.", nil}, // a repeat is fine
		{"UTILITY", "Hi {{name}}, your order {{order_id}} ships on {{date}} as planned, thanks.", nil},                // named: no order
		{"UTILITY", "Hi {{1}}, order {{2}} shipped today, thanks.", nil},                                              // 5 words, 2 parameters
		{"UTILITY", "Hi {{1}}, order {{2}} shipped, thanks.", []string{"format.param_ratio"}},                         // 4 words
		{"UTILITY", "Hi {{1}}, order {{2}} ships {{3}} via {{4}} today.", []string{"format.param_ratio"}},
		{"UTILITY", "{{first_name}}, your table for tonight is booked under {{booking_name}}", []string{"format.dangling_start", "format.dangling_end"}},
		{"UTILITY", "No parameters at all.", nil},
		{"UTILITY", "Braces {{ not a parameter }} here.", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, s := range formatProblems(tt.body, tt.category) {
			got = append(got, s.Rule)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("formatProblems(%q, %s) = %v, want %v", tt.body, tt.category, got, tt.want)
		}
	}
}

func TestPromotion(t *testing.T) {
	tests := []struct {
		lang, text string
		want       bool
	}{
		{"en", "Get 30% off all shoes this weekend only.", true},
		{"en", "Use code THANKS10 to get 10% off your next order.", true},
		{"en", "Only 3 left! Grab yours for just $19.99 today.", true},
		{"en", "Buy one get one free on all sandwiches.", true},
		{"es", "Tu nuevo plan está listo: pásate hoy a Premium y paga la mitad.", true},
		{"pt", "Mude agora para o Plus e pague metade. Não deixe passar!", true},
		{"es", "Aprovecha un 20% de descuento solo por hoy.", true},
		{"es", "Usa el cupón VUELVE15 en tu próxima compra.", true},
		{"pt", "Frete grátis só hoje! Compre agora.", true},
		{"pt", "Use o cupom VOLTE10 e ganhe 10% de desconto.", true},
		{"de", "Nur heute: 20% Rabatt auf alle Jacken. Jetzt shoppen!", true},
		{"fr", "Utilisez le code promo MERCI15 pour 15 % de réduction.", true},
		{"en", "Your order has been discounted by the refund we agreed on.", false},
		{"en", "Free cancellation is available until 48 hours before check-in.", false},
		{"en", "Your receipt: total $45.90, paid by card.", false},
		{"es", "Tu autobús sale a las {{1}}.", false}, // Spanish "sale" departs
		{"en", "Refunds may take up to 10 days.", false},
		{"fr", "La livraison est gratuite et arrivera sous 3 jours.", false},
		{"de", "Keine Aktion erforderlich.", false},
		// Product announcements dressed as service notices.
		{"en", "Your new plan is ready: upgrade now in the app.", true},
		{"en", "Service update: introducing our new tier. Try it today.", true},
		{"es", "Conoce el nuevo plan Familia y cámbiate a él desde la app.", true},
		{"pt", "Chegou o novo plano Premium. Faça o upgrade pelo app.", true},
		{"de", "Entdecken Sie unseren neuen Tarif. Jetzt wechseln!", true},
		{"fr", "Découvrez notre nouvelle offre et passez au forfait Max.", true},
		{"en", "Invite a friend and you both get a month free.", true},
		{"en", "Your upgrade to the Pro plan is confirmed.", false},
		{"en", "Our new opening hours start on Monday.", false},
	}
	for _, tt := range tests {
		s := promotion(newDoc(in("UTILITY", tt.lang, tt.text)), tt.lang)
		if got := reaches(s.score, promoThreshold); got != tt.want {
			t.Errorf("promotion(%q) = %.2f %v, want promotional %v", tt.text, s.score, s.signals, tt.want)
		}
	}
}

func TestOneTimeCode(t *testing.T) {
	tests := []struct {
		lang, text string
		auth       bool
		want       bool
	}{
		{"en", "Your verification code is {{1}}. Do not share it.", false, true},
		{"en", "{{1}} is your verification code.", false, true},
		{"en", "Your one-time PIN for online banking is {{1}}.", false, true},
		{"pt", "Seu código de confirmação para entrar no app é {{1}}. Ele vale por 10 minutos.", false, true},
		{"fr", "Votre code pour vous connecter est {{1}}.", false, true},
		{"es", "Tu código de verificación es {{1}}.", false, true},
		{"pt", "Seu código de verificação é {{1}}.", false, true},
		{"de", "Ihre TAN für die Überweisung lautet {{1}}.", false, true},
		{"fr", "Votre code de connexion est {{1}}.", false, true},
		{"en", "Your code is {{1}}.", true, true}, // the OTP button tips it
		{"en", "Your code is {{1}}.", false, false},
		{"en", "If you did not request a verification code, contact support.", false, false},
		{"en", "Your delivery code is {{1}}. Show it to the courier.", false, false},
		{"en", "Welcome to {{1}}! Your account is ready.", true, false},
		{"en", "Use code {{1}} at checkout for 15% off.", false, false},
	}
	for _, tt := range tests {
		input := in("UTILITY", tt.lang, tt.text)
		if tt.auth {
			input = in("AUTHENTICATION", tt.lang, tt.text, otpButton())
		}
		s := oneTimeCode(newDoc(input), tt.lang)
		if got := reaches(s.score, otpThreshold); got != tt.want {
			t.Errorf("oneTimeCode(%q) = %.2f %v, want %v", tt.text, s.score, s.signals, tt.want)
		}
	}
}

// TestClassifyOutcomes covers every branch of the decision: precedence
// first, then each category check.
func TestClassifyOutcomes(t *testing.T) {
	tests := []struct {
		name     string
		input    Input
		status   string
		category string
		correct  string
		reason   string
	}{
		{"abuse beats scam and format", in("UTILITY", "en", "{{1}} you idiot, unlock it at bit.ly/x"),
			StatusRejected, "UTILITY", "", ReasonAbusive},
		{"violence promised", in("UTILITY", "de", "Hör zu, {{1}}: wenn die Kaution nicht bis Freitag zurück ist, breche ich dir jeden Knochen."),
			StatusRejected, "UTILITY", "", ReasonAbusive},
		{"sex sold", in("MARKETING", "es", "Chicas calientes disponibles hoy en {{1}}: sexo sin compromiso."),
			StatusRejected, "MARKETING", "", ReasonAbusive},
		{"free shipping won is a reward", in("UTILITY", "pt", "Atualização da sua conta, {{1}}: você ganhou frete grátis e 20% de desconto na nova linha! Aproveite até quarta."),
			StatusApproved, "MARKETING", "MARKETING", ""},
		{"a number that won, with a top-up to pay", in("MARKETING", "es", "¡Felicidades {{1}}! Tu número ganó un iPhone en nuestra promoción. Para liberar tu premio realiza una recarga de $500."),
			StatusRejected, "MARKETING", "", ReasonScam},
		{"a top-up offer is no prize", in("MARKETING", "es", "Hola {{1}}, haz una recarga de $100 este fin de semana y recibe 2 GB extra."),
			StatusApproved, "MARKETING", "", ""},
		{"told to go back to their country", in("MARKETING", "fr", "Salut {{1}}, rentre dans ton pays, les gens comme toi ne sont pas les bienvenus ici."),
			StatusRejected, "MARKETING", "", ReasonAbusive},
		{"gift cards as payment", in("UTILITY", "en", "Final notice, {{1}}: a warrant is prepared for unpaid taxes. Settle today using retail prepaid cards and call us with the card numbers."),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"scam beats format", in("UTILITY", "en", "{{1}}, you have won a prize! Claim your prize now."),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"format beats promotion", in("UTILITY", "en", "{{1}}, get 50% off everything today only!"),
			StatusRejected, "UTILITY", "", ReasonInvalidFormat},
		{"unknown category", in("NEWS", "en", "Hello there, nice to meet you."),
			StatusRejected, "NEWS", "", ReasonInvalidFormat},
		{"lower-case category", in("utility", "en", "Your order {{1}} has shipped to you today."),
			StatusApproved, "UTILITY", "", ""},
		{"utility approved", in("UTILITY", "en", "Your order {{1}} has shipped and arrives on {{2}} at noon."),
			StatusApproved, "UTILITY", "", ""},
		{"card details updated in the business's own app", in("UTILITY", "en_GB", "Hi {{1}}, we couldn't take your membership payment. Please update your card details in the app within 7 days to keep your access."),
			StatusApproved, "UTILITY", "", ""},
		{"card details updated at a link in the text", in("UTILITY", "en_GB", "Hi {{1}}, we couldn't take your payment. Update your card details in the app at https://gym-billing.example within 7 days."),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"an open day with a discount", in("UTILITY", "fr", "Bonjour {{1}}, venez à nos journées portes ouvertes : bilan offert et -15 % sur toute la gamme."),
			StatusApproved, "MARKETING", "MARKETING", ""},
		{"a price set against a higher one", in("UTILITY", "fr", "Ce mois-ci, {{1}}, une première consultation à 49 € au lieu de 90 €. Prenez rendez-vous en ligne."),
			StatusApproved, "MARKETING", "MARKETING", ""},
		{"a sale in the header over an appointment reminder", in("UTILITY", "es", "Te recordamos tu cita de revisión el {{1}} a las {{2}}. Si necesitas cambiarla, llámanos.",
			template.Component{Type: template.TypeHeader, Format: template.HeaderText, Text: "Black Friday: colchones a mitad de precio"}),
			StatusRejected, "UTILITY", "", ReasonTagMismatch},
		{"a sale in the header and in the body", in("UTILITY", "es", "Tu cita de revisión es el {{1}}: ese día, limpieza a mitad de precio. Reserva ya.",
			template.Component{Type: template.TypeHeader, Format: template.HeaderText, Text: "Black Friday en la clínica"}),
			StatusApproved, "MARKETING", "MARKETING", ""},
		{"a carrier's own domain under its name", in("UTILITY", "fr", "Bonjour {{1}}, votre colis sera livré demain. Expédia Colis",
			urlButton("https://www.expedia-colis.fr/suivi")),
			StatusApproved, "UTILITY", "", ""},
		{"a fee warned against", in("UTILITY", "en_US", "Your item {{1}} sold for $64. The payment is held until delivery. We never ask sellers to pay a fee to release funds."),
			StatusApproved, "UTILITY", "", ""},
		{"a fee that is all that is left", in("MARKETING", "fr", "Félicitations {{1}} ! Vous avez gagné un smartphone. Il ne reste que les frais de port de 1,95 € à régler."),
			StatusRejected, "MARKETING", "", ReasonScam},
		{"a refundable verification deposit before a payout", in("UTILITY", "en_US", "Your item {{1}} sold. The payment is ready to be released. A refundable seller verification deposit of $45.00 is required."),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"a cheque deposited and the balance sent on", in("UTILITY", "en_US", "Hi {{1}}, we will mail you a check. Deposit it via mobile deposit and send the balance to our equipment vendor today."),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"money moved to a safe account", in("UTILITY", "pt_BR", "Identificamos um Pix em análise. Se você não reconhece, faça um Pix do mesmo valor para a conta de estorno {{1}}."),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"a safe account warned against", in("UTILITY", "en_GB", "Fraudsters may ask you to move money to a safe account, {{1}}. We never will."),
			StatusApproved, "UTILITY", "", ""},
		{"an operation to approve for the caller", in("UTILITY", "fr", "Votre conseiller va vous appeler, {{1}}. Il vous demandera de valider une opération d'annulation dans votre application."),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"online-banking login asked for", in("UTILITY", "es_MX", "Hola {{1}}, actualiza tu CLABE, usuario y contraseña de banca en línea en el formulario de RH."),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"payment moved off the school's app", in("UTILITY", "en_GB", "{{1}}'s dinner money is low. Please top up using the link below and not the ParentPay app."),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"an upgrade for only a price", in("UTILITY", "fr", "Votre vol {{1}} est confirmé. Passez en Premium pour seulement 79 € !"),
			StatusApproved, "MARKETING", "MARKETING", ""},
		{"a one-time code ending the text", in("AUTHENTICATION", "en_US", "Your verification code is {{1}}", otpButton()),
			StatusApproved, "AUTHENTICATION", "", ""},
		{"a utility text ending with a parameter", in("UTILITY", "en_US", "Hello, your order has shipped and arrives on {{1}}"),
			StatusRejected, "UTILITY", "", ReasonInvalidFormat},
		{"a code sent and asked back with it", in("UTILITY", "en_US", "hey its the support team, we just sent u a 6 digit code. reply w/ it here so we can verify ur account"),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"a bank's name strung to an action under a documentation domain", in("UTILITY", "es", "BBVA: verifique sus datos en el enlace.",
			urlButton("https://bbva-seguridad-clientes.example.com/login")),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"a shop's link under a documentation domain", in("UTILITY", "en_US", "Your order {{1}} has shipped and arrives tomorrow.",
			urlButton("https://shop.example.com/orders")),
			StatusApproved, "UTILITY", "", ""},
		{"Welsh declared en_GB", in("UTILITY", "en_GB", "Helo {{1}}, mae eich archeb yn barod i'w chasglu o'r siop. Diolch yn fawr!"),
			StatusRejected, "UTILITY", "", ReasonTagMismatch},
		{"a British Christmas greeting declared utility", in("UTILITY", "en_GB", "Happy Christmas from all of us at the café, see you in the new year!"),
			StatusRejected, "UTILITY", "", ReasonTagMismatch},
		{"a people refused service", in("MARKETING", "es_MX", "Aviso: en este restaurante no atendemos indios, no se molesten en venir."),
			StatusRejected, "MARKETING", "", ReasonAbusive},
		{"a landlord promising violence", in("UTILITY", "pt_BR", "Ô {{1}}, se nao pagar o aluguel ate sexta eu vou ai quebrar tudo."),
			StatusRejected, "UTILITY", "", ReasonAbusive},
		{"a referral pushed in a renewal", in("UTILITY", "pt_BR", "Oi {{1}}, sua assinatura foi renovada. Indica um amigo: vcs dois ganham 1 mes GRATIS."),
			StatusApproved, "MARKETING", "MARKETING", ""},
		{"a driver incentive declared utility", in("UTILITY", "en_US", "Earn an extra $75 this weekend, {{1}}! Complete 30 trips and the bonus is added to your payout. Go online now!"),
			StatusApproved, "MARKETING", "MARKETING", ""},
		{"a weekend challenge in French is no DeFi", in("UTILITY", "fr", "Relevez le défi, {{1}} : 35 livraisons ce week-end et gagnez 50 € de bonus."),
			StatusApproved, "MARKETING", "MARKETING", ""},
		{"a deposit before work is unlocked", in("UTILITY", "en_GB", "Welcome {{1}}! Before you can start receiving deliveries, a £49.99 activation deposit is required. Please transfer it to account name {{2}}, sort code 20-45-77."),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"a referral code to share", in("MARKETING", "en_US", "Know someone who'd be a great Shopper? Share your code {{1}} and you'll both earn $100. Refer a friend today."),
			StatusApproved, "MARKETING", "", ""},
		{"a fee already deducted", in("UTILITY", "en_GB", "Your instant cash-out of £{{1}} has been sent. A fee of £{{2}} was deducted from the payout."),
			StatusApproved, "UTILITY", "", ""},
		{"a held payment that asks for nothing", in("UTILITY", "es", "Hola {{1}}: el pago de 90 € estará retenido hasta el {{2}} por el plazo de devolución de los pedidos con envío; no tienes que hacer nada."),
			StatusApproved, "UTILITY", "", ""},
		{"foreign riders told to leave", in("UTILITY", "es", "Aviso para {{1}}: sois una plaga. Volved a vuestro país."),
			StatusRejected, "UTILITY", "", ReasonAbusive},
		{"a delivery header over a documents reminder", in("UTILITY", "pt_BR", "Olá {{1}}. Seu certificado MEI está desatualizado. Envie a versão mais recente pelo app até {{2}}.",
			template.Component{Type: template.TypeHeader, Format: template.HeaderText, Text: "Seu pedido saiu para entrega!"}),
			StatusRejected, "UTILITY", "", ReasonTagMismatch},
		{"money asked of friends is no exposure", in("UTILITY", "es", "Novedad en tu app, {{1}}: ahora puedes pedir dinero a tus amigos con Bizum. ¡Actívalo hoy!"),
			StatusApproved, "MARKETING", "MARKETING", ""},
		{"refugees refused service", in("UTILITY", "de", "Hinweis an alle Kunden: Flüchtlinge bedienen wir ab sofort nicht mehr. Solches Pack gehört nicht in unser Viertel."),
			StatusRejected, "UTILITY", "", ReasonAbusive},
		{"a code to send back after a clause", in("UTILITY", "fr", "Votre annonce a reçu une offre. Pour recevoir le paiement, renvoyez le code reçu par SMS."),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"a code to forward to us", in("UTILITY", "es_MX", "Hola {{1}}, estamos verificando las cuentas. Reenvíanos el código de 6 dígitos que te llegue."),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"a PIN and a texted code to have ready for a call", in("UTILITY", "en_US", "We noticed a purchase of {{1}}. If you don't recognize it, call us.",
			template.Component{Type: template.TypeFooter, Text: "Have your card PIN and the code we text you ready."},
			template.Component{Type: template.TypeButtons, Buttons: []template.Button{{Type: template.ButtonPhoneNumber, Text: "Call", PhoneNumber: "+13055550187"}}}),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"payment details changed", in("UTILITY", "en_US", "Invoice {{1}} is due on {{2}}. Please note our payment details have changed: send payment via Zelle to {{3}} instead of our usual account."),
			StatusRejected, "UTILITY", "", ReasonScam},
		{"a threat in an example value", in("UTILITY", "es_MX", "Hola {{1}}, te escribimos de parte de {{2}} sobre tu adeudo.",
			template.Component{Type: template.TypeBody, Text: "", Example: json.RawMessage(`{"body_text":[["Ramiro","la gente que te está vigilando; si no pagas algo le puede pasar a tu familia"]]}`)}),
			StatusRejected, "UTILITY", "", ReasonAbusive},
		{"a strip show in the header", in("MARKETING", "en_GB", "Saturday at the lounge: doors 9pm, DJ on the decks. Show this message at the door.",
			template.Component{Type: template.TypeHeader, Format: template.HeaderText, Text: "Strip show + private extras"}),
			StatusRejected, "MARKETING", "", ReasonAbusive},
		{"a code's message forwarded to a buyer", in("AUTHENTICATION", "de", "Ihr Code lautet {{1}}. Leiten Sie diese Nachricht an Ihren Käufer weiter, damit er die Zahlung bestätigen kann.", otpButton()),
			StatusRejected, "AUTHENTICATION", "", ReasonScam},
		{"a code's message not to be forwarded", in("AUTHENTICATION", "de", "Ihr Code lautet {{1}}. Leiten Sie diese Nachricht nicht weiter.", otpButton()),
			StatusApproved, "AUTHENTICATION", "", ""},
		{"a newsletter declared utility", in("UTILITY", "fr", "Chers adhérents, dans cette lettre : le portrait de notre maraîcher et la recette du mois. Bonne lecture !"),
			StatusRejected, "UTILITY", "", ReasonTagMismatch},
		{"a limited edition sold as a utility", in("UTILITY", "fr", "Coucou {{1}} ! La box Édition Limitée est arrivée. Ajoute-la à ton abonnement pour 29,90 € seulement, avant rupture de stock !"),
			StatusApproved, "MARKETING", "MARKETING", ""},
		{"promotional utility approved as marketing", in("UTILITY", "en", "Hi {{1}}, get 30% off all shoes this weekend only."),
			StatusApproved, "MARKETING", "MARKETING", ""},
		{"otp declared utility", in("UTILITY", "en", "Your verification code is {{1}}. Do not share it."),
			StatusRejected, "UTILITY", "AUTHENTICATION", ReasonIncorrectCategory},
		{"otp declared marketing", in("MARKETING", "es", "Tu código de seguridad para {{1}} es {{2}}. Caduca en 10 minutos."),
			StatusRejected, "MARKETING", "AUTHENTICATION", ReasonIncorrectCategory},
		{"greeting declared utility", in("UTILITY", "en", "Happy holidays from all of us at {{1}}! See you soon."),
			StatusRejected, "UTILITY", "", ReasonTagMismatch},
		{"greeting about an appointment", in("UTILITY", "en", "Happy holidays! Your appointment on {{1}} moved to {{2}} this year."),
			StatusApproved, "UTILITY", "", ""},
		{"marketing approved", in("MARKETING", "en", "Hi {{1}}, get 30% off all shoes this weekend only."),
			StatusApproved, "MARKETING", "", ""},
		{"authentication approved", in("AUTHENTICATION", "en", "{{1}} is your verification code.", otpButton()),
			StatusApproved, "AUTHENTICATION", "", ""},
		{"authentication with promotion", in("AUTHENTICATION", "en", "Your code is {{1}}. Also enjoy 15% off with code NEW15!", otpButton()),
			StatusRejected, "AUTHENTICATION", "MARKETING", ReasonIncorrectCategory},
		{"authentication about an order", in("AUTHENTICATION", "en", "Your order {{1}} has been confirmed and will ship soon.", otpButton()),
			StatusRejected, "AUTHENTICATION", "UTILITY", ReasonIncorrectCategory},
		{"authentication about nothing", in("AUTHENTICATION", "fr", "Bienvenue chez {{1}} ! Découvrez nos nouveautés.", otpButton()),
			StatusRejected, "AUTHENTICATION", "MARKETING", ReasonIncorrectCategory},
	}
	for _, tt := range tests {
		d := Classify(tt.input)
		if d.Status != tt.status || d.Category != tt.category || d.CorrectCategory != tt.correct || d.RejectionReason != tt.reason {
			t.Errorf("%s: got %s/%s/%q/%q, want %s/%s/%q/%q; signals %v", tt.name, d.Status, d.Category, d.CorrectCategory,
				d.RejectionReason, tt.status, tt.category, tt.correct, tt.reason, d.Signals)
		}
		if d.Version != Version {
			t.Errorf("%s: version %q", tt.name, d.Version)
		}
		if rules := fired(d); !slices.Contains(rules, "decision") || (d.Status == StatusRejected && len(rules) < 2) {
			t.Errorf("%s: signals %v do not explain the decision", tt.name, d.Signals)
		}
	}
}

// TestDeterminism classifies every evaluation template repeatedly, and
// after a JSON round trip of its input: the decisions are identical, and
// their signals sorted.
func TestDeterminism(t *testing.T) {
	for _, c := range loadEval(t) {
		first := Classify(c.input())
		raw, err := json.Marshal(c.input())
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			var again Input
			if err := json.Unmarshal(raw, &again); err != nil {
				t.Fatal(err)
			}
			if d := Classify(again); !reflect.DeepEqual(d, first) {
				t.Fatalf("%s: decisions differ:\n%+v\n%+v", c.ID, first, d)
			}
		}
		if !slices.IsSortedFunc(first.Signals, compareSignals) {
			t.Errorf("%s: signals not sorted: %v", c.ID, first.Signals)
		}
	}
}

func compareSignals(a, b Signal) int {
	if c := strings.Compare(a.Rule, b.Rule); c != 0 {
		return c
	}
	return strings.Compare(a.Detail, b.Detail)
}

func TestFromTemplate(t *testing.T) {
	tpl := template.Template{ZBAID: "dev", Name: "order_update", Language: "en_US", Category: "UTILITY",
		ParameterFormat: "POSITIONAL", Components: []byte(`[{"type":"BODY","text":"Your order {{1}} has shipped."}]`)}
	got, err := FromTemplate(tpl)
	if err != nil {
		t.Fatal(err)
	}
	want := Input{Name: "order_update", Language: "en_US", Category: "UTILITY", ParameterFormat: "POSITIONAL",
		Components: []template.Component{{Type: "BODY", Text: "Your order {{1}} has shipped."}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("FromTemplate = %+v, want %+v", got, want)
	}
	tpl.Components = []byte(`{"not":"a list"}`)
	if _, err := FromTemplate(tpl); err == nil || !strings.Contains(err.Error(), "dev_order_update_en_US") {
		t.Errorf("FromTemplate(bad JSON) error = %v, want one naming the template", err)
	}
}

func TestDecisionJSON(t *testing.T) {
	d := Classify(in("UTILITY", "en", "Hi {{1}}, get 30% off all shoes this weekend only."))
	raw, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"status":"APPROVED"`, `"category":"MARKETING"`, `"correct_category":"MARKETING"`,
		`"rule":"promo.discount"`, `"version":"` + Version + `"`} {
		if !strings.Contains(string(raw), key) {
			t.Errorf("decision JSON %s lacks %s", raw, key)
		}
	}
	var back Decision
	if err := json.Unmarshal(raw, &back); err != nil || !reflect.DeepEqual(back, d) {
		t.Errorf("decision does not survive a JSON round trip: %v\n%+v\n%+v", err, d, back)
	}
}

// TestScamInExamples: a relay asked for only in the value a parameter will
// hold is asked for all the same (since rules-2026.11.5).
func TestScamInExamples(t *testing.T) {
	tests := []struct {
		example string
		want    string
	}{
		{`{"body_text":[["Ana","please read me the code we just texted you"]]}`, "REJECTED:SCAM"},
		{`{"body_text":[["Ana","your table for two is booked for Friday"]]}`, "APPROVED"},
	}
	for _, tt := range tests {
		c := template.Component{Type: template.TypeBody, Text: "Hello {{1}}, a note from our support desk: {{2}}. Thank you.", Example: json.RawMessage(tt.example)}
		d := Classify(Input{Name: "t", Language: "en_US", Category: template.CategoryUtility, ParameterFormat: template.FormatPositional,
			Components: []template.Component{c}})
		if got := d.Label(); got != tt.want {
			t.Errorf("example %s: %s, want %s (%v)", tt.example, got, tt.want, d.Signals)
		}
	}
}

// TestPhishingHost: domains built to pass for a brand's or an authority's,
// and the company domains that must not be taken for them.
func TestPhishingHost(t *testing.T) {
	tests := []struct {
		host string
		want bool
	}{
		{"chase-secure-verify.co", true},
		{"netflix-pagos-es.com", true},
		{"sparkasse-pushtan-update.de-sicherheit.com", true},
		{"correios-taxa.com-rastreio.net", true},
		{"sat-gob-mx.comprobantes.top", true},
		{"olx-pay-liberacao.com", true},
		{"telaplay.com.br.atualizacao-cadastral.net", true}, // spells out another domain
		{"paypal.com.account-check.info", true},
		{"de.shop.example.com", false}, // a language subdomain
		{"com", false},
		{"acme.com", false},
		{"pay-online.utility.com", false}, // a company's own subdomain
		{"shop.example.co.uk", false},
		{"my-little-bakery.com", false},
		{"wa.me", false},
		{"localhost", false},
	}
	for _, tt := range tests {
		if _, got := phishingHost(tt.host); got != tt.want {
			t.Errorf("phishingHost(%q) = %v, want %v", tt.host, got, tt.want)
		}
	}
}

// TestCodeToThirdParty holds the hand-over of a code to an adviser or to
// someone on the phone, in any grammatical form, and the exception that
// makes "share it with no one" a request.
func TestCodeToThirdParty(t *testing.T) {
	tests := []struct {
		lang, category, text string
		want                 bool
	}{
		{"fr", "AUTHENTICATION", "Votre code de sécurité est {{1}}. Ce code doit être communiqué à notre conseiller lors de son appel.", true},
		{"es", "AUTHENTICATION", "Tu código es {{1}}. Compartirlo con el asesor que te contacte es obligatorio para activar tu tarjeta.", true},
		{"en", "AUTHENTICATION", "Your code is {{1}}. Don't share it with anyone except the adviser you're speaking to on the phone.", true},
		{"de", "UTILITY", "Ihr Sicherheitscode muss dem Berater am Telefon mitgeteilt werden.", true},
		{"en", "AUTHENTICATION", "Your code is {{1}}. Don't share it with anyone, not even our advisers.", false},
		{"en", "AUTHENTICATION", "Your code is {{1}}. Our advisers will never ask for it.", false},
		{"en", "UTILITY", "Show your collection code to the agent at the counter to pick up your parcel.", false},
		{"en", "UTILITY", "You will be given a new access code by our adviser during the call.", false},
	}
	for _, tt := range tests {
		got := len(codeToThirdParty(newDoc(in(tt.category, tt.lang, tt.text)), tt.lang, tt.category == "AUTHENTICATION")) > 0
		if got != tt.want {
			t.Errorf("codeToThirdParty(%s %q) = %v, want %v", tt.category, tt.text, got, tt.want)
		}
	}
}
