package classify

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
}}}

var generalContentTerms = []term{{Rule: "category.general_content", Weight: 1, Phrases: []string{
	"happy birthday", "happy holidays", "merry christmas", "happy new year", "season s greetings",
	"happy easter", "newsletter", "blog", "tips", "follow us", "wish you", "wishes you",
	"feliz navidad", "feliz cumpleanos", "feliz ano nuevo", "felices fiestas", "boletin", "siguenos",
	"consejos",
	"feliz natal", "feliz aniversario", "boas festas", "feliz ano novo", "siga-nos", "dicas",
	"frohe weihnachten", "alles gute zum geburtstag", "frohes neues jahr", "guten rutsch", "frohe ostern",
	"folgen sie uns", "tipps",
	"joyeux noel", "joyeux anniversaire", "bonne annee", "bonnes fetes", "suivez-nous",
	"lettre d information", "conseils", "vous souhaite",
	"quote of the day", "did you know", "fun fact", "have a great week|weekend", "frase del dia", "sabias que",
	"frase do dia", "voce sabia", "zitat des tages", "wussten sie", "citation du jour", "le saviez-vous",
}}}

var (
	transactionLexicon    = compile(transactionTerms)
	generalContentLexicon = compile(generalContentTerms)
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
