package classify

import (
	"fmt"
	"strings"

	"svc/internal/feature/template"
)

// Category checks, run when no abuse, scam or form problem was found. As
// the compatible API does today (its "template categorization" rules):
//
//   - A MARKETING or UTILITY template that is a one-time-code message
//     (otp score ≥ otpThreshold and not promotional) is REJECTED with
//     INCORRECT_CATEGORY and correct category AUTHENTICATION.
//   - A UTILITY template whose content is promotional (promo score ≥
//     promoThreshold) is APPROVED as MARKETING: Status APPROVED, Category
//     MARKETING, CorrectCategory MARKETING. It keeps its content and is
//     charged and treated as marketing.
//   - A UTILITY template that is neither promotional nor about a
//     transaction or an account, and that reads as a greeting or general
//     content (holiday wishes, newsletters, tips, "follow us"), is REJECTED
//     with TAG_CONTENT_MISMATCH: the declared tag says "about your
//     transaction" and the content is about nothing of the kind. The rule
//     is conservative: any transaction or account word (order, booking,
//     appointment, invoice, account, ...) keeps the template a utility
//     one, and content with no greeting or general-content marker is
//     approved as declared.
//   - An AUTHENTICATION template with promotional content is REJECTED with
//     INCORRECT_CATEGORY and correct category MARKETING: the compatible API
//     approves a recategorisation only from UTILITY to MARKETING, and a
//     one-time code must never come with an offer attached.
//   - An AUTHENTICATION template that is not a one-time-code message is
//     REJECTED with INCORRECT_CATEGORY and correct category UTILITY when it
//     is about a transaction or an account, MARKETING otherwise.
//   - MARKETING content is approved as declared whatever it is: marketing
//     is the category with the fewest constraints.

var transactionTerms = []term{{Rule: "category.transaction", Weight: 1, Phrases: []string{
	"order*", "shipment*", "shipped", "shipping", "delivery", "delivered", "deliver", "parcel*", "package*",
	"tracking", "invoice*", "receipt*", "payment*", "paid", "refund*", "appointment*", "booking*",
	"reservation*", "account*", "subscription*", "bill", "billing", "statement", "ticket*", "flight*",
	"check-in", "prescription*", "balance", "renew*", "sign-in", "login", "password", "seat", "room",
	"pedido*", "envio", "enviado", "entrega*", "paquete*", "factura*", "recibo*", "pago*", "reembolso*",
	"cita", "citas", "reserva*", "cuenta", "cuentas", "suscripcion*", "vuelo*", "boleto*", "saldo",
	"autobus", "inicio de sesion",
	"encomenda*", "fatura*", "pagamento*", "consulta*", "agendamento*", "conta", "assinatura*", "voo",
	"passagem", "rastreio", "senha",
	"bestellung*", "lieferung*", "sendung*", "paket*", "rechnung*", "zahlung*", "erstattung*",
	"ruckerstattung*", "termin*", "buchung*", "konto*", "kundenkonto*", "abo", "abonnement*", "flug*",
	"passwort", "rucksendung*",
	"commande*", "livraison*", "colis", "facture*", "paiement*", "remboursement*", "rendez-vous",
	"compte", "comptes", "vol", "billet*", "mot de passe",
	// The recipient's own class or course is a booking.
	"your|tu|su|seu|sua|ihr|ihre|votre class|clase|aula|kurs|cours", "delayed", "retrasado|retrasada", "atrasado|atrasada",
	"verspatet", "retarde|retardee", "cancelled|canceled", "cancelado|cancelada", "storniert|abgesagt", "annule|annulee",
	"fallt _ aus", "fallt aus",
	// A donation taken or due is the donor's transaction.
	"donation*", "donacion*", "donativo*", "doacao*", "doacoes", "your|tu|su|sua|seu|ihre|votre|ton gift|aporte|contribucion|contribuicao|spende|don",
	"debitad*", "debitada|debitado|debited|debitee|debite", "lastschrift*", "prelevement*",
	// A shop order ready to collect ("tu encargo ya está listo").
	"encargo|encargos", "ready for pickup|collection", "ready to collect|pick", "listo|lista|listos|listas para recoger",
	"pasar a recogerlo|recogerla|recogerlos|recogerlas", "pronto|pronta|prontos|prontas para retirada|retirar", "abholbereit",
	"zur abholung bereit", "pret|prete|prets|pretes a retirer", "pret|prete|prets|pretes a etre retire|retiree|retires|retirees",
}}}

var generalContentTerms = []term{{Rule: "category.general_content", Weight: 1, Phrases: []string{
	"happy birthday", "happy holidays", "merry christmas", "happy christmas|xmas", "merry xmas", "happy new year", "season s greetings",
	"happy easter", "peaceful|blessed easter", "conseil de la semaine", "newsletter", "blog", "tips", "follow us", "wish you", "wishes you", "happy bank holiday",
	"tip|consejo de la semana", "dica da semana", "astuce de la semaine",
	"feliz navidad", "feliz cumpleanos", "feliz ano nuevo", "felices fiestas", "boletin", "siguenos",
	"happy hogmanay", "bruhtipp", "tip of the week",
	// A tip of the month ("Le conseil bien-être du mois").
	"conseil _ du mois", "conseil _ _ du mois", "consejo _ del mes", "dica _ do mes", "astuces",
	// Mother's and Father's Day greeted ("¡Feliz Día de las Madres!").
	"happy mothers|fathers day", "feliz dia de las|del madres|madre|padre|padres", "feliz dia de la madre|mama",
	"feliz dia das maes", "feliz dia dos pais", "bonne fete des meres|peres", "alles gute zum muttertag|vatertag", "frohen muttertag|vatertag",
	"consejos",
	"feliz natal", "feliz aniversario", "boas festas", "feliz ano novo", "siga-nos", "dicas",
	"frohe weihnachten", "alles gute zum geburtstag", "frohes neues jahr", "guten rutsch", "frohe ostern",
	"folgen sie uns", "tipps", "lerntipps", "spartipps", "pflegetipps", "gesundheitstipps",
	"gesundheitstipp|ernahrungstipp|fitnesstipp|pflegetipp|spartipp|lerntipp|gartentipp der|des woche|monats|tages",
	"joyeux noel", "joyeux anniversaire", "bonne annee", "bonnes fetes", "suivez-nous",
	"lettre d information", "conseils", "vous souhaite", "voeux", "meilleurs voeux", "tips para", "que deus abencoe",
	"we hope to see you there",
	"care tips", "flower|plant|garden|lawn|skin|hair care tips|advice", "flower care from",
	// Holidays and days of the year greeted, thanks for loyalty, tips:
	// wishes and advice, not a transaction.
	"happy thanksgiving|halloween|hanukkah|diwali|eid|valentine*|mother*|father*|anniversary|independence",
	"happy mother|father|valentine s day", "grateful for you", "thank you for being part",
	"feliz dia", "gracias por confiar en nosotros", "consejo de la semana|del dia",
	"feliz dia das|dos", "dica da|do semana|dia", "obrigado por fazer parte", "cuide-se",
	"schone feiertage|ostern|weihnachten", "frohes fest", "danke fur ihre treue", "tipp der woche", "tipp des tages",
	"bonne fete", "bonne fete des", "joyeuses fetes", "merci pour votre fidelite", "conseil de la semaine|du jour",
	// Weather, recipes, horoscopes and daily motivation: information for
	// everyone, about nobody's transaction.
	"heatwave", "heat wave", "weather forecast", "weather alert", "storm warning", "temperatures will", "stay hydrated",
	"recipe of the|our week|day", "horoscope", "daily motivation", "motivation of the day",
	"ola de calor", "prevision del tiempo", "alerta meteorologica", "receta de la semana|del dia", "horoscopo",
	"buen provecho", "bebe mucha agua", "mantente hidratado",
	"previsao do tempo", "onda de calor", "alerta de chuva|tempestade", "receita da semana|do dia", "bom apetite",
	"que sua semana seja", "hidrate-se", "leve o guarda-chuva",
	"unwetterwarnung", "wettervorhersage", "hitzewelle", "rezept der woche|des tages", "horoskop", "guten appetit",
	"trinken sie genug",
	"alerte canicule", "canicule", "previsions meteo", "alerte meteo", "recette de la semaine|du jour", "bon appetit",
	"pensez a bien vous hydrater",
	// A weekday greeted with advice for everyone ("Happy Monday! Start your
	// week with three slow breaths"), a list of exercises, what is on this
	// month.
	"happy monday|tuesday|wednesday|thursday|friday|weekend", "start your week|day|morning with", "feliz lunes|martes|miercoles|jueves|viernes",
	"aqui van # estiramientos|ejercicios|consejos|tips", "te dejamos|compartimos # estiramientos|ejercicios|consejos|tips", "# stretches|exercises for your",
	"what s happening at|this", "what s on this month|week", "this month at the", "lo que pasa este mes", "o que rola este mes", "was diesen monat los ist",
	"ce qui se passe ce mois",
	// Wishes for a good read, which a delivery of a book may carry too.
	"happy reading", "buena lectura", "boa leitura", "viel spass beim lesen", "bonne lecture",
	"january|february|march|april|may|june|july|august|september|october|november|december in the garden",
	"conseil du mois", "consejo del mes", "dica do mes", "tipp des monats", "tip of the month", "knot|word|exercise|stretch of the week",
	"happy fourth|4th of july", "happy july 4th|fourth", "happy memorial|labor|labour|presidents|veterans day",
	"quote of the day", "did you know", "fun fact", "have a great week|weekend", "frase del dia", "sabias que",
	"frase do dia", "voce sabia", "zitat des tages", "wussten sie", "citation du jour", "le saviez-vous",
}}}

// newsletterTerms are what a newsletter or a parish sheet says of itself:
// an issue, its contents, a recipe or a reflection of the month or the
// week, the sky of the month. They are general content, and more: a
// UTILITY template that calls itself a newsletter is one, whatever
// transaction words its news holds ("the life-drawing room has new
// heaters"), so they reject it where other general content yields to a
// transaction.
var newsletterTerms = []term{{Rule: "category.newsletter", Weight: 1, Phrases: []string{
	"in this issue|edition|letter", "news im " + strings.Join(template.GermanMonths, "|"), "im ruckblick", "monatsruckblick", "month in review", "our month in pictures",
	"nuestro mes en imagenes", "el mes en imagenes", "o mes em imagens", "le mois en images", "this month|week s issue|edition|reflection|recipe|highlights", "recipe inside",
	"recipe|recipes of the month", "weekly|parish|church notices",
	"en este numero|boletin", "hoja|boletin parroquial", "receta del mes",
	"nesta edicao", "neste boletim", "receita do mes", "boletim informativo|paroquial",
	"in dieser ausgabe", "rezept des monats", "pfarrbrief", "gemeindebrief", "vereinsnachrichten", "club news", "noticias del club",
	"boletim do clube", "proxima edicao", "next issue|edition", "proxima edicion", "prochaine edition|lettre", "nachste ausgabe",
	"noticias do clube", "nouvelles du club",
	"dans cette lettre|edition", "dans ce numero", "recette du mois", "feuille paroissiale",
	// The sky of the month, as a planetarium's letter gives it.
	"the night sky this month", "sky this month", "el cielo de este mes", "el cielo del mes", "o ceu deste mes", "o ceu do mes",
	"der himmel im", "sternenhimmel im", "le ciel du mois", "le ciel de ce mois",
}}}

var (
	transactionLexicon    = compile(transactionTerms)
	generalContentLexicon = compile(generalContentTerms)
	newsletterLexicon     = compile(newsletterTerms)
)

// firstHit is the signal of the first phrase of a lexicon found in the
// texts, if any.
func firstHit(lx *lexicon, d *doc, lang string) (Signal, bool) {
	hits := lx.scan(d, lang, partText)
	if len(hits) == 0 {
		return Signal{}, false
	}
	h := hits[0]
	return Signal{Rule: h.e.rule, Detail: fragment(h.p, h.from, h.to) + " in " + h.p.where, Weight: h.e.weight}, true
}

// topicTerms name what a transactional text is about. A HEADER that names
// one topic over a BODY about another ("Your order has shipped" over a
// dental appointment reminder, "Confirmación de pago" over a restaurant
// opening) is rejected TAG_CONTENT_MISMATCH: the header tells the
// recipient the message is something it is not. The check is
// conservative: it fires only when the body names none of the header's
// topics and does name another one, so a header the body merely does not
// repeat ("Booking confirmed" over "your table for 4 is confirmed") passes.
var topicTerms = []term{
	{Rule: "topic.shipping", Weight: 1, Phrases: []string{
		"order*", "ship*", "deliver*", "parcel*", "package*", "tracking", "dispatch*", "courier",
		"pedido*", "envio*", "enviado*", "entrega*", "paquete*", "encomenda*", "rastreio", "rastreamento",
		"transportadora", "bestellung*", "liefer*", "versand*", "versendet", "sendung*", "paket*", "zustell*",
		"commande*", "livraison*", "livre", "livree", "colis", "expedi*",
	}},
	{Rule: "topic.billing", Weight: 1, Phrases: []string{
		"invoice*", "payment*", "bill", "billing", "receipt*", "paid", "charge*", "factura*", "pago*", "cobro*",
		"recibo*", "cargo", "fatura*", "pagamento*", "cobranca", "boleto", "rechnung*", "zahlung*", "betrag",
		"abbuchung", "facture*", "paiement*", "prelevement", "montant",
		// A direct debit and the yearly dues it takes ("der Jahresbeitrag
		// ... wird per Lastschrift eingezogen").
		"lastschrift", "jahresbeitrag|mitgliedsbeitrag", "direct debit", "annual fee|subscription|dues", "cuota anual", "anuidade", "cotisation annuelle",
		// The account bills are paid into ("our bank details have changed").
		"bank details", "datos bancarios", "dados bancarios", "bankverbindung", "coordonnees bancaires",
		// The card a charge went to ("no cartão final 4821").
		"card ending", "tarjeta terminada|terminacion", "cartao final", "cartao com final", "karte endend", "carte se terminant|finissant",
	}},
	{Rule: "topic.appointment", Weight: 1, Phrases: []string{
		"appointment*", "booking*", "booked", "reservation*", "rehearsal|rehearsals", "ensayo|ensayos", "ensaio|ensaios",
		"repetition|repetitions", "tu|su sesion de", "check-up", "checkup", "consultation", "scheduled for", "inspection",
		"lesson", "aula de", "clase de", "unterrichtsstunde",
		"cita", "citas", "consulta*", "reserva*", "turno", "agendamento*", "agendad*", "horario",
		"termin*", "buchung*", "gebucht", "rendez-vous", "rdv", "seance*", "reserver",
		// A visit is booked by its chores ("arrive 10 min early", "teeth
		// cleaning").
		"arrive|arriving # minutes|mins|min early",
		// A service visit due ("Your annual boiler service is due").
		"we ve moved your", "hemos movido|cambiado tu|su", "taster day|session|lesson",
		"service is due", "annual service", "boiler service|servicing", "wartung ist fallig", "revision annuelle",
		// A class or a workshop booked, or a lesson or a course moved.
		"class|classes|clase|clases|aula|aulas|workshop|workshops|taller|talleres|atelier|ateliers",
		"rescheduled", "postponed", "verschoben", "verlegt", "reprogramada|reprogramado|reprogramamos", "remarcada|remarcado",
		"reportee|reporte", "surfkurs|kurs|kurse|curso|cursos|cours|courses", "teeth|dental cleaning|exam|checkup", "limpieza|limpeza dental", "zahnreinigung",
		"detartrage", "your table for", "tu mesa para", "sua mesa para", "ihr tisch fur", "votre table pour", "eye exam|test", "sehtest", "examen de la vue|vista", "exame de vista", "exame oftalmologico",
		// A visit to read the meters is booked at the home.
		"meter reading|readings", "ablesung*", "abgelesen", "zahlerablesung", "lectura de|del contador|contadores", "leitura do|dos medidor|medidores|hidrometro",
		"releve de|du|des compteur|compteurs",
	}},
	{Rule: "topic.event", Weight: 1, Phrases: []string{
		"grand opening", "now open", "we re opening", "invited", "invitation", "abrimos", "inauguracion",
		"apertura", "nueva sucursal", "invitado*", "inauguracao", "convidad*", "eroffnung", "eingeladen",
		"inauguration", "soiree", "invite*", "einladung", "sommerfest", "te|les|os|vos invita|invitamos|convida|convidamos", "block party", "fiesta de|del barrio", "festa junina",
		// A members' meeting called.
		"general meeting", "agm", "asamblea general|anual", "assembleia geral", "mitgliederversammlung|jahreshauptversammlung|hauptversammlung",
		"assemblee generale",
	}},
	// Papers to keep up to date: an identity or right-to-work document, a
	// certificate.
	{Rule: "topic.documents", Weight: 1, Phrases: []string{
		// A permit renewed is a document.
		"permit|permits", "parkausweis|anwohnerparkausweis",
		"document|documents|documentation|certificate|certificates", "right to work", "documento|documentos|certificado|certificados|documentacion",
		"documentacao", "dokument|dokumente|unterlagen|nachweis|bescheinigung", "justificatif|justificatifs|attestation", "piece|pieces d identite",
		// A shipment's papers ("la facture commerciale et la liste de
		// colisage") are documents, not a bill.
		"commercial invoice", "packing list", "facture commerciale", "liste de colisage", "factura comercial",
		"fatura comercial", "handelsrechnung", "packliste",
	}},
	// A page of news for everyone: a league's results, the week's menu.
	{Rule: "topic.news", Weight: 1, Phrases: []string{
		"results of matchday|the round", "match results", "resultados de la jornada", "jornada #", "resultados da rodada",
		"spieltag", "ergebnisse des spieltags", "resultats de la journee",
		"menu of the week", "this week s menu", "menu de la semana", "menu del dia", "cardapio da|do semana|dia", "cardapio",
		"speiseplan", "speisekarte", "menu de la semaine", "menu de la cantine",
	}},
	// Opening hours changed or announced.
	{Rule: "topic.hours", Weight: 1, Phrases: []string{
		"abrira|abriremos|abre de", "will open from", "offnet von|ab", "ouvrira de",
		"opening hours", "new hours", "horario|horarios de apertura", "nuevo horario", "novo horario", "horario de funcionamento",
		"offnungszeiten", "horaires d ouverture", "nouveaux horaires",
	}},
	// Results of a test or an analysis, not an order or a bill.
	{Rule: "topic.results", Weight: 1, Phrases: []string{
		"test|lab|laboratory|blood results", "results of your|the test|analysis", "resultados de|del analisis|examen|laboratorio", "resultados de su|tu analisis|examen",
		"resultados do|dos exame|exames", "resultados de seu|sua exame|exames", "laborergebnis|laborergebnisse|testergebnis|testergebnisse|befund",
		"resultats d analyse|analyses|examen", "resultats de laboratoire", "resultats de votre|ton analyse|examen",
	}},
	// A login secret changed or reset.
	{Rule: "topic.security", Weight: 1, Phrases: []string{
		"password|passwords", "contrasena|contrasenas", "senha|senhas", "passwort|kennwort", "mot|mots de passe",
		"login", "sign-in", "two-factor", "inicio de sesion", "acceso a tu|su cuenta", "acesso a sua|tua conta", "anmeldung", "connexion a votre compte",
	}},
	{Rule: "topic.survey", Weight: 1, Phrases: []string{
		"how was", "how did we do", "rate your", "rate us", "feedback", "survey", "como fue", "como estuvo",
		"califica*", "encuesta", "como foi", "avalie", "pesquisa", "wie war", "bewerten sie", "umfrage",
		"comment s est passe", "evaluez", "notez", "enquete",
	}},
}

var topicLexicon = compile(topicTerms)

// headerMismatch finds a HEADER about a topic over a BODY about another,
// as the comment on topicTerms says, and returns the signal naming both.
func headerMismatch(d *doc, lang string) (Signal, bool) {
	header, body := map[string]hit{}, map[string]hit{}
	for _, h := range topicLexicon.scan(d, lang, partText) {
		switch h.p.where {
		case "HEADER":
			if _, ok := header[h.e.rule]; !ok {
				header[h.e.rule] = h
			}
		case "BODY":
			if _, ok := body[h.e.rule]; !ok {
				body[h.e.rule] = h
			}
		}
	}
	if len(header) == 0 {
		return Signal{}, false
	}
	for rule := range header {
		if _, ok := body[rule]; ok {
			return Signal{}, false
		}
	}
	// The first topics in list order, so that the signal does not depend
	// on map order.
	var h, b *hit
	for _, t := range topicTerms {
		if x, ok := header[t.Rule]; ok && h == nil {
			h = &x
		}
		if x, ok := body[t.Rule]; ok && b == nil {
			b = &x
		}
	}
	if b == nil {
		return Signal{}, false
	}
	return Signal{Rule: "category.header_mismatch", Weight: 1, Detail: fmt.Sprintf("HEADER %s (%s), BODY %s (%s)",
		fragment(h.p, h.from, h.to), strings.TrimPrefix(h.e.rule, "topic."), fragment(b.p, b.from, b.to), strings.TrimPrefix(b.e.rule, "topic."))}, true
}

// noticeHeaderOverPromo finds a HEADER announcing the recipient's own
// transaction ("Your parcel is on its way", "Your invoice is ready") over a
// BODY that only sells ("Our summer sale is here: up to 40% off"): the
// header tells the recipient the message is something it is not. A body
// that also names the header's topic ("your order has shipped; enjoy 20%
// off your next one") is the notice it says.
func noticeHeaderOverPromo(d *doc, lang string) (Signal, bool) {
	header, body := d.only("HEADER"), d.only("BODY")
	if len(header.parts) == 0 || reaches(promotion(header, lang).score, promoThreshold/2) ||
		!reaches(promotion(body, lang).score, promoThreshold) {
		return Signal{}, false
	}
	// The recipient's own parcel, bill or visit: "Your ..." with the
	// topic ("Now open", "Early booking" are announcements, not notices).
	hits := topicLexicon.scan(header, lang, partText)
	if len(hits) == 0 || !noticeTopics[hits[0].e.rule] || !anyIn(hits[0].p.toks, 0, len(hits[0].p.toks)-1, yourWords) {
		return Signal{}, false
	}
	h := Signal{Detail: fragment(hits[0].p, hits[0].from, hits[0].to) + " in HEADER"}
	if _, ok := firstHit(topicLexicon, body, lang); ok {
		return Signal{}, false
	}
	if _, ok := firstHit(transactionLexicon, body, lang); ok {
		return Signal{}, false
	}
	return Signal{Rule: "category.header_mismatch", Weight: 1, Detail: fmt.Sprintf("HEADER is a notice (%s), BODY promotes", h.Detail)}, true
}

// noticeTopics are the topics of a notice about the recipient's own
// transaction, and yourWords the possessives that make it theirs.
var (
	noticeTopics = map[string]bool{"topic.shipping": true, "topic.billing": true, "topic.appointment": true}
	yourWords    = wordSet("your", "tu", "su", "seu", "sua", "ihr", "ihre", "dein", "deine", "votre", "ton", "ta")
)

// promoHeaderOverNotice finds a HEADER selling something ("Black Friday:
// colchones a mitad de precio") over a BODY that sells nothing and is
// about the recipient's transaction (a dental appointment): the header
// tells the recipient the message is something it is not, as
// headerMismatch's topics do. A promotion the body carries too is a
// promotion, recategorised as such.
func promoHeaderOverNotice(d *doc, lang string) (Signal, bool) {
	header, body := d.only("HEADER"), d.only("BODY")
	hp := promotion(header, lang)
	if len(header.parts) == 0 || !reaches(hp.score, promoThreshold) || reaches(promotion(body, lang).score, promoThreshold/2) {
		return Signal{}, false
	}
	t, ok := firstHit(transactionLexicon, body, lang)
	if !ok {
		if t, ok = firstHit(topicLexicon, body, lang); !ok {
			return Signal{}, false
		}
	}
	return Signal{Rule: "category.header_mismatch", Weight: 1, Detail: fmt.Sprintf("HEADER promotes (%s), BODY is a notice (%s)",
		hp.signals[0].Detail, t.Detail)}, true
}
