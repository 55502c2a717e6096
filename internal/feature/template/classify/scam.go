package classify

import (
	"cmp"
	"fmt"
	"strings"

	"svc/internal/feature/template"
	"svc/internal/platform/textfold"
)

// Scam patterns. Any one of these rejects a template as SCAM:
//
//   - scam.credential_request: a request to relay a password, PIN, card
//     number or code: send, reply with, share, tell, give, forward, read
//     out, say or dictate it ("reply with the code", "read out the code we
//     texted you to our agent", "we sent you a code by mistake, forward it
//     to me"), in any category: it is the account-takeover script. Not
//     when negated in the sentence ("never share your code", "nobody will
//     ever ask you to read out this code", "geben Sie diesen Code nicht
//     weiter"), said by the sender about itself ("we will send you a
//     code"), about a code the recipient receives ("reply YES to receive
//     your code"), handed to a courier, or meant to be shared ("share your
//     referral code with friends");
//   - scam.threat_payment: a threat to an account, card or the recipient
//     (closure, blocking, legal action) together with a payment demand and
//     a short deadline ("pay within 24 hours or your account will be
//     closed"); a firm but ordinary reminder ("pay by {{3}} to avoid
//     suspension of your service") has no threat phrase and passes;
//   - scam.phishing: the same threat together with a request to verify or
//     update account details;
//   - scam.easy_money: money promised per day or week for little work
//     ("earn $300 a day from your phone"), the bait of task scams;
//   - scam.prize: a prize claim ("you have won", "claim your prize"), but
//     not an auction the recipient bid in;
//   - scam.shortener: a public link shortener in a text, an example value
//     or a URL button, which hides the destination from recipient and
//     reviewer alike;
//   - scam.premium_rate and scam.personal_line: a premium-rate number, or
//     a mobile or foreign number as a bank's fraud line or an authority's
//     (phones.go);
//   - scam.private_payee: a payment asked for to a private person
//     (payees.go).

// requestWindow is how many words may stand between a request verb and the
// credential it asks for ("tell our agent your card PIN": four; "nennen Sie
// bitte unserem Mitarbeiter am Telefon Ihre vierstellige PIN": eight).
const requestWindow = 10

// negationWindow is how far after the credential a negation cancels the
// request ("geben Sie diesen Code nicht weiter").
const negationWindow = 4

// negationReach is how far before the verb, within its sentence, a
// negation cancels the request ("nobody from our bank will ever ask you to
// read out": eight words).
const negationReach = 9

var requestVerbs = compile([]term{{Rule: "scam.verb", Weight: 1, Phrases: []string{
	"send", "reply", "respond", "share", "give", "tell", "provide", "forward", "submit",
	"sending", "replying", "sharing", "giving", "telling", "forwarding", "reading",
	"read", "read out", "say", "dictate", "repeat", "pass on", "text", "confirm to",
	"envia", "envie", "envianos", "enviar", "manda", "mandanos", "responde", "responda", "respondenos",
	"comparte", "comparta", "compartenos", "compartir", "dinos", "diganos", "dime", "proporciona",
	"proporcione", "proporcionanos", "facilita", "facilite", "indica", "indique", "indicanos", "reenvia", "reenvie",
	"dicta", "dicte", "dictanos", "dictar", "lee", "lea", "leenos", "leer", "di", "dile", "digale",
	"pasa", "pase", "pasanos", "pasalo", "pasala", "compartelo", "reenvialo", "envialo", "mandalo", "repite", "repita",
	"digame|dimelo|digamelo|decime", "diga me", "diz me", "me diga|diz", "tell me", "sagen sie mir", "sag mir", "dites|dis moi",
	"dictele", "dictale", "dictaselo", "digaselo", "diselo", "leale", "pasale", "pasaselo", "reenvias", "reenviame",
	// Share it with the caller ("compártele el código", "compártaselo").
	"compartele", "compartale", "compartelos", "compartaselo", "compartaselos", "compartirle", "compartirles",
	"envias", "mandas", "pasas",
	// The subjunctive after a request ("necesito que me reenvíes el código").
	"reenvies", "envies", "mandes", "pases", "compartas", "digas", "dictes", "reenvies por aqui",
	// A code read out to the one who will call ("solo tendrás que
	// dictarle la clave dinámica").
	"dictarle", "dictarles", "leerle", "pasarle", "darle", "decirle", "proporcionarle",
	"repondre avec", "repondez avec", "repondez nous avec", "nous repondre avec",
	"schicken sie uns", "senden sie uns", "schick uns|mir", "schickt uns",
	// Infinitives after a modal ("¿me lo puedes decir?") and imperatives
	// with the listener attached ("indícale la clave").
	"decir", "decirme", "decirnos", "contar", "contarme", "contesta", "conteste", "contestar", "contestanos",
	"indicale", "indiquele", "comunicale", "comuniquele", "darme", "darnos", "pasarme", "mandarme", "enviarme",
	"reenviar", "reenviarme", "dictarme", "leerme", "fala", "diz", "mandar", "passar", "pasar", "responder",
	"informa", "informe a ele", "let me know", "let us know", "pass the|your|this|that", "comparteme", "facilitenos", "facilitanos",
	"facilitame", "facilitale", "facilitele", "proporcionale", "proporcionele", "leele", "enviame", "mandame", "pasame", "dictame", "reenviaselo", "reenviasela", "enviaselo", "enviasela", "mandaselo", "mandasela", "daselo",
	"compartiendo", "enviando",
	// Imperatives with the requester and the code attached ("pásamelo",
	// "mándamelo", "envíamelo").
	// "Dale el código al ejecutivo": give it (not "dale clic").
	"dale|dele|danos|denos|dales|deles el|la|tu|su|los|las",
	"pasamelo|pasamela|mandamelo|mandamela|enviamelo|enviamela|reenviamelo|reenviamela|dictamelo|dictamela|leemelo|compartemelo",
	"reenvianos|reenvienos|reenviarnos",
	"pasanoslo|mandanoslo|envianoslo|reenvianoslo|dictanoslo",
	// Polite and object-attached forms ("indíquenos", "confírmanos", "me
	// confirmas el código").
	"indiquenos", "confirmanos", "confirmenos", "confirmame", "me confirmas|confirma|confirme",
	"nos confirma|confirmas", "envienos", "mandenos", "send back", "sende|senden sie zuruck", "renvoyez-nous",
	// Asking for it, said of the one who will call ("our agent will ask
	// you for the PIN", "te pedirá el código").
	"ask you for", "ask for", "asks you for", "asks for", "te|le|les pedira", "pedirte", "pedirle",
	"vai pedir", "vai te pedir", "ira pedir", "vous|te demandera", "fragt|fragen nach", "wird sie nach",
	// Asked for by someone else ("se um atendente pedir esse código").
	"pedir", "pida", "pidan", "pedirem", "solicitar",
	"mande", "compartilhe", "compartilhar", "informe", "informar", "passe", "repasse", "encaminhe",
	"diga", "dizer", "fale", "falar", "leia", "ler", "dite", "passa", "repassa",
	"me passa", "me manda", "me envia", "compartilhando", "passe-me", "encaminha", "repassar",
	"senden", "sende", "schicken", "schick", "schicke", "antworten", "antworte", "teilen", "teile", "nennen",
	"nenne", "geben", "gib", "mitteilen", "ubermitteln", "weiterleiten",
	"sagen", "sag", "sage", "vorlesen", "lesen", "lies", "durchgeben", "weitergeben", "leiten", "teilen sie",
	"diktieren", "wiederholen",
	"envoyez", "envoie", "envoyer", "repondez", "reponds", "partagez", "partage", "communiquez", "communiquer",
	"donnez", "transmettez", "indiquez",
	"lisez", "lire", "dites", "dire", "dictez", "dicter", "repetez", "transferez", "renvoyez", "communique",
	"donne", "dis", "lis", "transferer", "renvoyer", "renvoie", "transfere", "donner", "transmettre", "nous le transmettre",
}}})

var credentials = compile([]term{{Rule: "scam.credential", Weight: 1, Phrases: []string{
	"password*", "passcode*", "pin", "pins", "pin code", "otp", "cvv", "cvc", "cvv2", "code", "codes",
	"card number", "card details", "login details", "bank details", "card numbers", "numbers on the back",
	"bank app", "banking app", "app del banco", "app do banco", "application bancaire",
	"code on the back", "gift card number*", "gift card code*",
	"contrasena*", "clave", "claves", "codigo", "codigos", "datos bancarios", "numero de tarjeta", "numero de su|tu|la tarjeta",
	"senha*", "dados bancarios", "numero do cartao", "dados do|de cartao", "datos de la tarjeta", "donnees de la carte",
	"numero completo de tu|su tarjeta", "codigo cvv", "online banking benutzername|benutzernamen", "onlinebanking benutzername|benutzernamen",
	"passwort*", "kennwort*", "kartennummer", "bankdaten", "zugangsdaten", "bestatigungscode",
	"verifizierungscode", "sicherheitscode", "anmeldecode", "zugangscode", "aktivierungscode", "freigabecode",
	"receiving|payout|withdrawal details",
	"mot de passe", "numero de carte", "coordonnees bancaires", "identifiants",
	"security number", "expiry date", "credit card", "debit card", "card information", "payment details",
	"datos de su|tu tarjeta", "tarjeta de credito|debito", "dados do seu cartao", "cartao de credito",
	"kreditkarte*", "kreditkartendaten", "zahlungsdaten", "donnees de votre carte", "carte bancaire", "clave de acceso", "clave de seguridad", "fecha de caducidad",
	"codigo de seguridad", "data de validade", "codigo de seguranca", "ablaufdatum", "onlinebanking daten",
	"date d expiration", "cryptogramme",
	// A photo of the card, both sides, is its number and code at once.
	"foto de tu|su tarjeta", "foto do seu|teu cartao", "photo of your card", "picture of your card", "photo de votre carte",
	"foto ihrer karte", "online banking zugangsdaten", "zugangsdaten zum online banking",
	// A code named by its digits or as a number ("the 6-digit number we
	// texted you", "los 6 dígitos", "die sechsstellige Zahl", "les 6
	// chiffres"), and the numbers of a bank account.
	"# digit number|numbers|code|pin", "# digits", "# digitos", "# numeros", "# chiffres", "# ziffern",
	"# stellige|stelligen zahl|nummer|code", "sechsstellige|vierstellige|funfstellige|achtstellige zahl|nummer|code|pin",
	"verification|confirmation|security|sms|access|login number", "numero de verificacion|confirmacion|seguridad|acceso",
	"numero de verificacao|confirmacao|seguranca|acesso", "bestatigungsnummer", "numero de verification|confirmation",
	"account number", "routing number", "sort code", "iban", "numero de cuenta", "numero da conta", "kontonummer",
	"numero de compte",
	// Identity documents and selfies asked for in a chat are the same
	// takeover, one step earlier.
	"photo of your id|passport", "selfie with your id|passport", "foto de tu dni|identificacion|pasaporte",
	"foto do seu rg|documento", "selfie com|segurando documento|rg", "foto ihres ausweises|personalausweises",
	"photo de votre piece|carte d identite",
}}, {Rule: "scam.credential", Weight: 1, Lang: "de", Phrases: []string{"tan"}},
	// Mexico's card PIN.
	{Rule: "scam.credential", Weight: 1, Lang: "es", Phrases: []string{"nip"}}})

// wordSet folds a list of words into a set looked up by a token's g: it
// holds each word folded and digraph-reduced, so that German typed without
// umlauts finds it too.
func wordSet(words ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		for _, f := range foldWords(w) {
			m[f], m[textfold.Digraphs(f)] = true, true
		}
	}
	return m
}

var (
	negations = wordSet("not", "never", "don", "no", "nobody", "anyone", "nunca", "jamas", "nadie",
		"nao", "ninguem", "nicht", "nie", "niemals", "niemand", "niemandem", "niemanden", "keinen", "ne", "jamais", "personne",
		// "n'" of "n'envoyez jamais".
		"n", "nem", "ni", "nor", "keiner", "keine")
	// Words right after a negation that turn it into a push to act ("don't
	// hesitate to reply with the code", "no dudes en", "n'hésitez pas"),
	// so that it negates nothing.
	pushToAct = wordSet("hesitate", "wait", "forget", "worry", "delay", "dudes", "esperes", "olvides",
		"deixe", "esqueca", "hesite", "zogern", "warten", "vergessen", "hesitez", "attendez", "oubliez", "tardez")
	// Words that, between the verb and the code, make the code something
	// the recipient receives ("reply YES to receive your code").
	receiveWords = wordSet("receive", "get", "recibir", "obtener", "receber", "erhalten", "bekommen",
		"recevoir", "obtenir")
	// Words after a relayed pronoun that make the hand-over an ordinary
	// one: a delivery code shown to the courier.
	handover = wordSet("driver", "courier", "rider", "delivery", "repartidor", "mensajero", "entregador",
		"motorista", "fahrer", "zusteller", "boten", "livreur", "coursier")
	// Object pronouns standing for a code named earlier ("I sent you a code
	// by mistake, forward it to me").
	codePronouns = wordSet("it", "them", "lo", "la", "los", "o", "ihn", "es", "le", "les",
		// Spoken Brazilian Portuguese puts the subject pronoun after the
		// verb ("pode me enviar ele aqui?").
		"ele", "ela")
	// withWords join a reply to what it carries ("reply with it").
	withWords = wordSet("with", "con", "com", "avec", "mit")
	// Pronouns naming the one who asks for a code passed on ("me lo
	// reenvías", "tu peux me le transférer").
	requesters = wordSet("me", "nos", "mir", "uns")
	// Words before the verb that make the sender the subject ("we will
	// send"), and words right after it that make the recipient the
	// receiver ("send you a code").
	senderSubjects = wordSet("we", "ll", "will", "wir", "nous", "vamos", "iremos", "te", "le", "lhe", "les")
	toRecipient    = wordSet("you", "ihnen", "dir", "te", "vous", "lhe", "le")
	// Qualifiers next to "code" that make it a code meant to be shared.
	shareableCode = wordSet("promo", "promotional", "promocional", "discount", "descuento", "desconto",
		"referral", "referido", "indicacao", "coupon", "cupon", "cupom", "tracking", "seguimiento", "rastreo",
		"rastreio", "rastreamento", "booking", "reservation", "reserva", "order", "pedido", "postal", "zip", "qr",
		"gift", "voucher", "gutschein", "reduction", "parrainage", "invite", "invitation", "convite", "delivery",
		"entrega", "objeto", "envio", "envío", "encomenda", "paquete", "parcel", "sendung", "colis")
	// placeWords name, by language, what a code opens to let a visitor
	// in: the customer's own door, given as meant. They count right
	// before the code ("the gate code", "Haustür-Code") or as what has it
	// ("reply if your gate has a code"); "portal" is a website's too.
	placeWords = map[string]map[string]bool{
		"en": wordSet("gate", "door", "building", "garage", "locker", "keypad"),
		"pt": wordSet("portao", "portaria"),
		"es": wordSet("puerta", "porton"),
		"de": wordSet("tor", "haustur", "hoftor"),
		"fr": wordSet("porte", "portail", "garage", "digicode", "interphone"),
	}
	// hasWords say a place has a code ("your gate has a code", "le
	// portail a un code").
	hasWords = wordSet("has", "have", "hat", "tem", "tiene", "a")
	// Modal verbs that stand between a pronoun and the verb it is the
	// object of.
	modals = wordSet("puedes", "puede", "podrias", "podria", "pode", "podes", "poderia", "peux", "pouvez", "pourriez",
		"pourrais")
	// German particles that, at the end of a clause, make "gib den Code"
	// mean typing it in ("Gib den Code beim Bezahlen ein"), not giving it.
	inputParticles = wordSet("ein")
	giveVerbs      = wordSet("gib", "geben", "gebe", "gebt")
	// Spanish and Portuguese "pasar"/"passar" followed by one of these is
	// going somewhere ("pase a recoger su pedido con el código", "passe
	// na loja"), not passing something on; "por favor" is not a way.
	passVerbs = wordSet("pasa", "pase", "pasar", "pasas", "passa", "passe", "passar")
	// chatHere is the chat the message came in, where a code is to be sent.
	chatHere    = wordSet("aqui", "aca", "here", "ici", "hier")
	motionWords = wordSet("a", "por", "en", "na", "no", "em", "pela", "pelo", "al")
	friends     = wordSet("friend", "friends", "amigo", "amigos", "amiga", "amigas", "freund", "freunde", "freunden",
		"ami", "amis", "amie", "amies", "family", "familia", "familie", "famille")
)

// loginCodeWords before "code" make it a login code, which no referral or
// friend makes shareable ("ask them to send you the WhatsApp login code
// they receive, then forward it to us").
var loginCodeWords = wordSet("login", "sign", "verification", "security", "sms", "whatsapp", "otp", "access", "2fa",
	"acceso", "verificacion", "seguridad", "acesso", "verificacao", "seguranca", "connexion", "securite", "anmelde",
	"sicherheits", "bestatigungs")

// referralWords name a referral programme.
var referralWords = compile([]term{{Rule: "scam.referral", Weight: 1, Phrases: []string{
	"refer a|your friend|friends", "friends you can refer", "referral", "referrals", "indique amigos|amigo|amiga", "indique e ganhe",
	"indicacoes", "indicacao", "recomienda|invita a tus|un|una amigos|amigo|amiga", "programa de referidos", "referidos",
	"parrainage", "parrainez|parraine un|une|vos ami|amie|amis", "freunde werben", "werben sie freunde", "empfehlungsprogramm",
}}})

// credentialRequests finds requests to relay a credential in the texts:
// a request verb with the credential after it ("read out the code we
// texted you to our agent"), or a credential named first and then asked
// for by a pronoun ("we sent you a code by mistake, please forward it to
// me"). A negation earlier in the verb's sentence cancels the request
// ("nobody from our team will ever ask you to read out this code", "do
// not share it"), unless it only presses to act ("don't hesitate to reply
// with the code").
//
// In an AUTHENTICATION template the code is the recipient's own login
// code, so no qualifier or friend makes handing it on ordinary: a code to
// "forward to the friend who invited you" is the takeover script.
func credentialRequests(d *doc, lang string, auth bool) []Signal {
	if out := credentialRequestsIn(d, lang, auth, partText, partExample); len(out) > 0 {
		return out
	}
	// The credential may be only in an example value ("share the
	// following: {{3}}", {{3}} being "card number, expiry date and PIN"):
	// read the texts filled in.
	return credentialRequestsIn(d, lang, auth, partFilled)
}

// referralTemplate reports whether a template is about referring friends,
// which shares its codes by design ("Indique amigos e ganhe", a
// "Compartilhar código" button, "Einfach Code teilen"); an
// AUTHENTICATION template's code is never one to share.
func referralTemplate(d *doc, lang string, auth bool) bool {
	return !auth && len(referralWords.scan(d, lang, partText)) > 0
}

// credentialRequestsIn is credentialRequests over the parts of the given
// kinds.
func credentialRequestsIn(d *doc, lang string, auth bool, kinds ...partKind) []Signal {
	verbs := requestVerbs.scan(d, lang, kinds...)
	nouns := credentials.scan(d, lang, kinds...)
	referral := referralTemplate(d, lang, auth)
	var out []Signal
	for _, v := range verbs {
		toks := v.p.toks
		// "me lo reenvías", "me le transférer": the pronouns name the
		// requester and the code, not a sender sending.
		requester := v.from >= 2 && requesters[toks[v.from-2].g] && codePronouns[toks[v.from-1].g]
		// A French imperative's object pronoun follows it ("transmettez-le
		// au conseiller": pass it on), so there "le" is the code, not the
		// recipient.
		frenchObject := lang == "fr" && v.to+1 < len(toks) && codePronouns[toks[v.to+1].g]
		going := v.from == v.to && passVerbs[toks[v.to].g] && anyIn(toks, v.to+1, v.to+1, motionWords) &&
			!(v.to+2 < len(toks) && toks[v.to+2].g == "favor") && !(v.from > 0 && codePronouns[toks[v.from-1].g])
		if going || negatedBefore(v.p, v.from, lang) || neverAsked(v.p, v.from) ||
			(!requester && senderBefore(v.p, v.from)) ||
			(!frenchObject && anyIn(toks, v.to+1, v.to+1, toRecipient)) ||
			lang == "de" && (typedIn(v.p, v.from) || negatedLater(v.p, v.to)) {
			continue
		}
		// A code shown to the courier ("informe o código ao entregador")
		// is a delivery code, handed over as meant.
		shareable := func(n hit) bool {
			return !auth && !anyIn(toks, n.from-2, n.from-1, loginCodeWords) && (referral || anyIn(toks, n.from-1, n.from-1, shareableCode) || anyIn(toks, n.to+1, n.to+2, shareableCode) ||
				doorCode(toks, n, lang) ||
				anyIn(toks, n.to+1, n.to+negationWindow, friends) || anyIn(toks, n.to+1, n.to+negationWindow, handover))
		}
		found := false
		for _, n := range nouns {
			if n.p != v.p || n.from <= v.to || n.from > v.to+requestWindow || !sameSentence(v.p, v.to, n.from) && !listedAfter(v.p, v.to, n.from) {
				continue
			}
			if negationAfter(toks, n.to, lang) || anyIn(toks, v.to+1, n.from-1, receiveWords) || shareable(n) {
				continue
			}
			out = append(out, Signal{Rule: "scam.credential_request", Detail: fragment(v.p, v.from, n.to) + " in " + v.p.where, Weight: 1})
			found = true
			break
		}
		// The pronoun follows the verb ("forward it") or, in Spanish, Portuguese
		// and French, may stand before it ("me lo reenvías", "tu peux me le
		// transférer").
		// Spanish and Portuguese imperatives carry the pronoun ("díctaselo",
		// "envialo"): the verb itself stands for the code.
		pronounAfter := v.to+1 < len(toks) && codePronouns[toks[v.to+1].g] || encliticObject(toks[v.to].w, lang) ||
			// "reply with it", "responde con él".
			v.to+2 < len(toks) && withWords[toks[v.to+1].g] && codePronouns[toks[v.to+2].g]
		// A modal may stand between ("me lo puedes decir", "tu peux me le
		// renvoyer").
		pronounBefore := lang != "en" && (v.from > 0 && codePronouns[toks[v.from-1].g] ||
			v.from > 1 && codePronouns[toks[v.from-2].g] && modals[toks[v.from-1].g] ||
			// The object may be left unsaid after a modal and the requester
			// ("enviamos um código..., pode me passar?"), or before "here"
			// ("você vai receber um código..., me manda aqui?").
			v.from > 1 && requesters[toks[v.from-1].g] && modals[toks[v.from-2].g] ||
			v.from > 0 && requesters[toks[v.from-1].g] && anyIn(toks, v.to+1, v.to+1, chatHere))
		if found || !(pronounAfter || pronounBefore) ||
			anyIn(toks, v.to+1, v.to+4, handover) || anyIn(toks, v.to+1, v.to+3, negations) {
			continue
		}
		end := v.to
		if pronounAfter {
			end++
			if withWords[toks[end].g] {
				end++
			}
		}
		for _, n := range nouns {
			if n.p == v.p && n.to < v.from && n.to >= v.from-pronounReach && !shareable(n) {
				out = append(out, Signal{Rule: "scam.credential_request", Detail: fragment(v.p, n.from, end) + " in " + v.p.where, Weight: 1})
				break
			}
		}
	}
	return out
}

// senderBefore reports whether one of the two words before the verb at k,
// in its clause, makes the sender its subject ("we will send"); a word
// across a comma belongs to another clause ("pour recevoir le paiement,
// renvoyez le code").
func senderBefore(p *part, k int) bool {
	for j := max(k-2, 0); j < k; j++ {
		// "Veuillez nous communiquer", "merci de nous envoyer": "nous" is
		// who the recipient sends to, not the sender.
		if j > 0 && politeAsks[p.toks[j-1].g] {
			continue
		}
		if senderSubjects[p.toks[j].g] && !strings.ContainsAny(p.text[p.toks[j].end:p.toks[k].start], ","+sentenceEnds) {
			return true
		}
	}
	return false
}

// politeAsks come before an object pronoun and the verb it is the object
// of ("veuillez nous communiquer", "merci de nous transmettre").
var politeAsks = wordSet("veuillez", "de", "pouvez", "pourriez", "bitte", "favor")

// doorCode reports whether the code at n is the one of a door, gate or
// locker the recipient lets a visitor in by (placeWords).
func doorCode(toks []token, n hit, lang string) bool {
	places := placeWords[lang]
	return anyIn(toks, n.from-1, n.from-1, places) ||
		n.from >= 3 && places[toks[n.from-3].g] && hasWords[toks[n.from-2].g]
}

// typedIn reports whether a German "gib"/"geben" at token k has the
// separable particle "ein" later in its clause: "eingeben" is to type in.
func typedIn(p *part, k int) bool {
	if !giveVerbs[p.toks[k].g] {
		return false
	}
	for j := k + 1; j < len(p.toks) && sameClause(p, k, j); j++ {
		// The particle ends its clause; "ein" before a noun is an article.
		if inputParticles[p.toks[j].g] && (j+1 == len(p.toks) || !sameClause(p, j, j+1) || clauseJoins[p.toks[j+1].g]) {
			return true
		}
	}
	return false
}

// clauseJoins are the German words that start a new clause after a
// separable particle ("Gib ihn in der App ein und niemals weiter").
var clauseJoins = wordSet("und", "oder", "um", "damit", "sonst")

// negatedLater reports whether a negation follows token k in its sentence:
// German puts it late ("Gib ihn niemals an Dritte weiter").
func negatedLater(p *part, k int) bool {
	for j := k + 1; j < len(p.toks) && sameSentence(p, k, j); j++ {
		if negation(p.toks, j) {
			return true
		}
	}
	return false
}

// sameClause is sameSentence with a comma also ending the clause.
func sameClause(p *part, i, j int) bool {
	return sameSentence(p, i, j) && p.toks[i].commas[1] == p.toks[j].commas[0]
}

// encliticObject reports whether a Spanish or Portuguese request verb ends
// in an attached object pronoun ("díctaselo", "reenvíalo", "mandá-lo" is
// two words and needs no help).
func encliticObject(w, lang string) bool {
	if lang != "es" && lang != "pt" {
		return false
	}
	for _, suf := range []string{"lo", "la", "los", "las"} {
		if len(w) > len(suf)+3 && strings.HasSuffix(w, suf) {
			return true
		}
	}
	return false
}

// negationAfter reports whether a negation follows a credential within
// negationWindow words ("geben Sie diesen Code nicht weiter"). Portuguese
// "no" is "in the" ("o código que chegou no seu celular"), not a negation.
func negationAfter(toks []token, k int, lang string) bool {
	for j := k + 1; j <= k+negationWindow && j < len(toks); j++ {
		if negation(toks, j) && !(lang == "pt" && toks[j].w == "no") {
			return true
		}
	}
	return false
}

// pronounReach is how many words before a "forward it" the credential it
// stands for may be named.
const pronounReach = 12

// sentenceEnds are the characters that end a sentence or a clause for the
// reach of a negation or a request.
const sentenceEnds = ".!?;:\n"

// sameSentence reports whether tokens i < j of a part are in one sentence:
// no sentence end between them (counted once, by countEnds).
func sameSentence(p *part, i, j int) bool {
	return p.toks[i].ends[1] == p.toks[j].ends[0]
}

// followingWords announce a list after a colon ("share the following:").
var followingWords = wordSet("following", "siguiente", "siguientes", "seguinte", "seguintes", "folgendes", "folgende", "suit", "suivantes", "suivants")

// listedAfter reports whether tokens i < j of a part are a request and
// the list it announces: the one sentence end between them is a colon
// right after a word such as "following".
func listedAfter(p *part, i, j int) bool {
	gap := p.text[p.toks[i].end:p.toks[j].start]
	k := strings.IndexByte(gap, ':')
	if k < 0 || strings.ContainsAny(strings.Replace(gap, ":", "", 1), sentenceEnds) {
		return false
	}
	for m := j - 1; m > i; m-- {
		if p.toks[m].end <= p.toks[i].end+k {
			return followingWords[p.toks[m].g]
		}
	}
	return false
}

// negation reports whether token j negates: a word of negations, "don"
// only as in "don't" (French "don" is a donation).
func negation(toks []token, j int) bool {
	if toks[j].g == "don" {
		return j+1 < len(toks) && toks[j+1].w == "t"
	}
	return negations[toks[j].g]
}

// negatedBefore reports whether a negation stands before token k in its
// sentence, within negationReach words, other than one that presses to act.
func negatedBefore(p *part, k int, lang string) bool {
	for j := k - 1; j >= 0 && j >= k-negationReach; j-- {
		if !sameSentence(p, j, k) {
			return false
		}
		// Portuguese "no" is "in the" ("chegou no seu celular").
		if !negation(p.toks, j) || lang == "pt" && p.toks[j].w == "no" {
			continue
		}
		next := j + 1
		if next < k && (p.toks[next].w == "t" || p.toks[next].w == "le" || p.toks[next].w == "les") {
			next++
		}
		if next < k && pushToAct[p.toks[next].g] {
			continue
		}
		// "If this was not you, reply with the code": the negation is
		// the condition's, not the request's.
		if conditional(p, j) {
			continue
		}
		return true
	}
	return false
}

// askWords ask for something; negated ("we will never ask you to move
// money or to read out a code") they deny every request of their sentence.
var askWords = wordSet("ask", "asks", "pedir", "pediremos", "pedira", "pedimos", "solicitaremos", "demander",
	"demanderons", "demandera", "demandons", "fragen", "bitten", "auffordern")

// neverWords say "never"; after an ask-word ("ne vous demanderons
// jamais") they negate it, where a plain "no" starts what is asked ("le
// pedimos que no se preocupe").
var neverWords = wordSet("never", "nunca", "jamais", "niemals", "nie", "jamas")

// neverAsked reports whether a negated ask-word stands before token k in
// its sentence.
func neverAsked(p *part, k int) bool {
	for j := k - 1; j >= 0 && sameSentence(p, j, k); j-- {
		if askWords[p.toks[j].g] && (anyIn(p.toks, j-3, j-1, negations) || anyIn(p.toks, j+1, j+2, neverWords)) && !conditional(p, j) {
			return true
		}
	}
	return false
}

// conditionWords open a condition ("if", "si", "se", "wenn", "falls").
var conditionWords = wordSet("if", "si", "se", "wenn", "falls", "caso")

// conditional reports whether the negation at token j stands in a
// condition: a condition word at most three words before it in its
// sentence ("if it was not you", "si no fuiste tú", "wenn Sie das nicht
// waren").
func conditional(p *part, j int) bool {
	// A purpose clause ("para que no pase la noche detenido, deposite la
	// fianza") negates the purpose, not the ask.
	if j >= 2 && sameSentence(p, j-2, j) && p.toks[j-1].w == "que" && (p.toks[j-2].w == "para" || p.toks[j-2].w == "pra") {
		return true
	}
	for i := j - 1; i >= 0 && i >= j-4 && sameSentence(p, i, j); i-- {
		if conditionWords[p.toks[i].g] {
			return true
		}
	}
	return false
}

// deniedBefore reports whether h is denied or warned against in its
// sentence ("TradeLoop never asks sellers to pay a fee"), French "ne ...
// que" excepted: it restricts, it does not deny ("il ne reste que les
// frais de port à régler").
func deniedBefore(h hit, lang string) bool {
	if !warning(h) && !negatedBefore(h.p, h.from, lang) {
		return false
	}
	if lang != "fr" {
		return true
	}
	for j := h.from - 1; j >= 0 && sameSentence(h.p, j, h.from); j-- {
		if w := h.p.toks[j].w; w == "que" || w == "qu" {
			for i := j - 1; i >= 0 && sameSentence(h.p, i, j); i-- {
				if w := h.p.toks[i].w; w == "ne" || w == "n" {
					return false
				}
			}
		}
	}
	return true
}

// negatedInSentence reports whether a negation stands anywhere before token
// k in its sentence: a German verb comes last, so the negation that governs
// it may stand a whole clause before ("Wir fordern Sie niemals per Telefon
// auf, ... Ihre Zugangsdaten zu nennen").
func negatedInSentence(p *part, k int) bool {
	for j := k - 1; j >= 0 && sameSentence(p, j, k); j-- {
		if negation(p.toks, j) && !(j+1 < k && pushToAct[p.toks[j+1].g]) && !conditional(p, j) {
			return true
		}
	}
	return false
}

// scammers are who a warning says asks for what it names ("fraudsters
// may ask you to move money to a safe account").
var scammers = wordSet("fraudster", "fraudsters", "scammer", "scammers", "criminals", "crooks", "estafadores", "delincuentes",
	"golpistas", "criminosos", "betruger", "kriminelle", "escrocs", "fraudeurs", "arnaqueurs",
	// "people pretending to be our fraud team ... asking them to move money"
	"pretending", "impersonating", "fingiendo", "fingindo", "faisant")

// warning reports whether a hit is named in a warning about it: negated in
// its sentence, or said of fraudsters.
func warning(h hit) bool {
	if negatedInSentence(h.p, h.from) {
		return true
	}
	for j := h.from - 1; j >= 0 && sameSentence(h.p, j, h.from); j-- {
		if scammers[h.p.toks[j].g] {
			return true
		}
	}
	return false
}

// anyIn reports whether a token from..to (inclusive, clipped) is in set.
func anyIn(toks []token, from, to int, set map[string]bool) bool {
	for i := max(from, 0); i <= to && i < len(toks); i++ {
		if set[toks[i].g] {
			return true
		}
	}
	return false
}

var threatTerms = []term{
	// An investment club run from a chat group by a "professor" or a
	// "mentor": the signal group that ends in a fake trading app.
	{Rule: "scam.investment_group", Weight: 1, Phrases: []string{
		"vip whatsapp|telegram group", "whatsapp|telegram vip group", "grupo vip de|do|en|no whatsapp|telegram", "vip gruppe",
		"groupe vip whatsapp|telegram", "free daily share|stock|crypto picks|signals", "screenshot of your brokerage|trading|account balance",
		"captura de tu|su saldo", "print do seu saldo", "screenshot ihres kontostands", "capture de votre solde",
	}},
	// A fee paid where the business is always paid: the customer account,
	// the app, or the courier at the door. A customs charge paid there is
	// a genuine one.
	{Rule: "scam.own_channel", Weight: 1, Phrases: []string{
		"área de|del cliente", "area de cliente", "customer account", "your account online", "kundenkonto", "espace client",
		"área do cliente", "in the app", "en la app", "no app", "in der app", "dans l appli|application", "al repartidor",
		"to the courier|driver", "on delivery", "bei der zustellung", "beim boten", "à la livraison", "na entrega", "contra reembolso",
	}},
	{Rule: "scam.threat", Weight: 1, Phrases: []string{
		"account|card|profile|access will be closed|suspended|blocked|locked|deactivated|terminated|deleted|frozen|cancelled|canceled|disabled",
		"account|card|profile has been closed|suspended|blocked|locked|deactivated|terminated|frozen|disabled|flagged|restricted|limited",
		"account|card|profile is restricted|limited|on hold", "account|card|profile will be restricted|limited",
		// A subscription, a service or a licence threatened the same way.
		"subscription|membership|service|license|licence will be suspended|cancelled|canceled|terminated|blocked|revoked",
		"subscription|membership|service|license|licence is|has been suspended|cancelled|canceled|terminated|blocked|revoked",
		"subscription|membership|service|license|licence is suspended|cancelled|canceled|terminated|blocked|revoked",
		"suscripcion|membresia|servicio|licencia sera|esta suspendid*|cancelad*|bloquead*",
		"suscripcion|membresia|servicio|licencia ha sido suspendid*|cancelad*|bloquead*",
		"assinatura|servico|cnh|carteira sera|esta|foi suspens*|cancelad*|bloquead*",
		"abo|abonnement|dienst|fuhrerschein wird|wurde|ist gesperrt|gekundigt|deaktiviert|eingezogen",
		"abonnement|service|permis sera|est|a ete suspendu*|resilie*|bloque*",
		"account|card is blocked|locked|suspended|frozen",
		"legal action", "legal proceedings", "arrest", "arrested", "police", "lawsuit", "warrant", "orden de arresto|aprehension",
		"mandado de prisao", "haftbefehl", "mandat d arret", "embargo de sus|tus cuentas|bienes", "penhora de|dos seus bens",
		"pfandung ihres|ihrer kontos|konten", "saisie de|sur vos comptes",
		// Whatever is named (an Apple ID, a line, a profile), locked or
		// suspended is the same threat.
		"was locked|blocked|suspended|deactivated|disabled|frozen", "has been locked|blocked|suspended|deactivated|disabled|frozen",
		// With an adverb between ("will be permanently disabled in 24 hours").
		"will be permanently|temporarily|immediately|automatically locked|blocked|suspended|deactivated|disabled|deleted|closed|banned|terminated",
		"sera|será definitivamente|permanentemente|temporalmente|automaticamente|automáticamente bloqueada|bloqueado|suspendida|suspendido|desactivada|desactivado|eliminada|eliminado|cancelada|cancelado",
		"wird dauerhaft|endgültig|automatisch gesperrt|deaktiviert|gelöscht|geschlossen",
		"sera définitivement|automatiquement suspendu|suspendue|bloqué|bloquée|désactivé|désactivée|supprimé|supprimée|fermé|fermée",
		"ha sido bloqueada|bloqueado|suspendida|suspendido|desactivada|desactivado", "ha quedado bloqueada|bloqueado|suspendida|suspendido|desactivada|desactivado|cancelada|cancelado", "fue bloqueada|bloqueado|suspendida|suspendido|desactivada|desactivado",
		"foi bloqueada|bloqueado|suspensa|suspenso|desativada|desativado", "wurde gesperrt|deaktiviert|blockiert",
		"a ete suspendu|suspendue|bloque|bloquee|desactive|desactivee", "est suspendu|suspendue|bloque|bloquee",
		"could not deliver your", "unable to deliver your", "parcel|package|shipment is|was on hold|held|blocked",
		"parcel|package|shipment has been held|blocked|stopped",
		"paquete esta retenido|bloqueado", "encomenda esta retida|bloqueada", "paket wurde|ist blockiert|zuruckgehalten",
		"colis est bloque|retenu", "colis a ete bloque|retenu",
		"cuenta|tarjeta sera|esta bloquead*|suspendid*|cerrad*|cancelad*|desactivad*|eliminad*|congelad*|restringid*|limitad*",
		"cuenta|tarjeta queda|quedara|quedo bloquead*|suspendid*|restringid*|limitad*",
		"cuenta|tarjeta ha sido bloquead*|suspendid*|cerrad*|cancelad*|desactivad*|congelad*",
		"acciones legales", "medidas legales", "demanda judicial",
		"conta|cartao sera|esta bloquead*|suspens*|encerrad*|cancelad*|desativad*|excluid*|restrit*|limitad*",
		// A Pix key, a CPF or the customer record blocked is the Brazilian
		// form of the account threat.
		"chave|cpf|cadastro sera|esta|foi bloquead*|suspens*|cancelad*|desativad*",
		"chave|conta|cartao _ sera|esta|foi bloquead*|suspens*|cancelad*|desativad*",
		"conta|cartao foi bloquead*|suspens*|encerrad*|cancelad*|desativad*",
		"medidas judiciais", "acao judicial", "processo judicial",
		"konto|karte wird|wurde|ist gesperrt|geschlossen|geloscht|deaktiviert|eingefroren|gekundigt|eingeschrankt",
		"wird ihr|ihre|dein|deine konto|karte gesperrt|geschlossen|geloscht|deaktiviert",
		"konto gesperrt", "rechtliche schritte", "gerichtliche schritte",
		// The account's kind or an adverb between ("Ihr Sparkonto wurde
		// vorübergehend gesperrt", "wird das Konto endgültig geschlossen").
		"konto|sparkonto|girokonto|kundenkonto|tagesgeldkonto|karte|kreditkarte wird|wurde|ist _ gesperrt|geschlossen|geloscht|deaktiviert|eingefroren|gekundigt|eingeschrankt",
		"sparkonto|girokonto|kundenkonto|tagesgeldkonto|kreditkarte wird|wurde|ist gesperrt|geschlossen|geloscht|deaktiviert|eingefroren|gekundigt|eingeschrankt",
		"wird ihr|ihre|dein|deine|das|die konto|karte _ gesperrt|geschlossen|geloscht|deaktiviert",
		"wird das|die konto|karte gesperrt|geschlossen|geloscht|deaktiviert",
		"zugang|banking|onlinebanking wird|wurde|ist gesperrt|deaktiviert|eingeschrankt|blockiert",
		"wird ihr|ihre|dein|deine zugang|banking _ deaktiviert|gesperrt", "wird ihr|ihre|dein|deine zugang|banking deaktiviert|gesperrt",
		"acceso|acesso sera|esta|foi bloquead*|suspens*|suspendid*|desactivad*|desativad*|restringid*|restrit*",
		"access has been|will be restricted|suspended|blocked|disabled", "acces sera|est|a ete suspendu*|bloque*|desactive*|restreint*",
		"compte|carte sera|est suspendu*|bloque*|ferme*|supprime*|desactive*|resilie*|restreint*|limite*",
		"compte|carte _ sera|est suspendu*|bloque*|ferme*|supprime*|desactive*|resilie*",
		"compte|carte _ _ sera|est suspendu*|bloque*|ferme*|supprime*|desactive*|resilie*",
		"compte|carte a ete suspendu*|bloque*|ferme*|supprime*|desactive*",
		"poursuites judiciaires", "action en justice",
		// Power, gas or water cut off.
		"electricity|power|gas|water|supply will be disconnected|cut|suspended|shut", "electricity|power|gas|water will be cut off",
		"scheduled for disconnection", "to avoid disconnection", "avoid being disconnected",
		"servicio de energia|luz|agua|gas sera suspendid*|cortad*", "servicio de energia electrica sera suspendid*|cortad*",
		"evitar el corte", "evitar o corte",
		// A block to be avoided, or one just imposed by "us" ("para evitar
		// el bloqueo de su cuenta", "hemos bloqueado temporalmente tu
		// cuenta").
		"evitar el bloqueo|cierre de su|tu cuenta|tarjeta|acceso|banca|linea",
		"evitar la suspension|cancelacion de su|tu cuenta|tarjeta|acceso|banca|linea",
		"evitar o bloqueio|cancelamento da|de sua conta|linha", "evitar o bloqueio|cancelamento do|de seu cartao|acesso",
		"evitar a suspensao da|de sua conta|linha", "evitar a suspensao do|de seu cartao|acesso",
		"eine sperrung ihres|ihrer|deines|deiner kontos|karte|zugangs", "um eine sperrung zu vermeiden",
		"eviter la suspension|fermeture de votre|ton compte|carte|acces", "eviter le blocage de votre|ton compte|carte|acces",
		"avoid the suspension|closure|blocking of your account|card|access",
		"to avoid your account|card|access being suspended|blocked|closed|locked",
		"hemos bloqueado|suspendido|restringido tu|su cuenta|tarjeta|acceso", "hemos bloqueado|suspendido|restringido temporalmente tu|su cuenta|tarjeta|acceso",
		"bloqueamos|suspendemos temporariamente sua|seu conta|cartao|acesso", "bloqueamos|suspendemos sua|seu conta|cartao|acesso",
		"haben ihr|ihre|dein|deine konto|karte|zugang vorubergehend gesperrt", "haben ihr|ihre|dein|deine konto|karte|zugang gesperrt",
		"avons suspendu|bloque temporairement votre|ton compte|carte|acces", "avons suspendu|bloque votre|ton compte|carte|acces",
		"we have|ve temporarily locked|suspended|blocked|restricted your account|card|access",
		"luz|energia|electricidad|gas|agua|suministro sera cortad*|suspendid*", "luz|energia|gas|agua sera cortad*|suspens*|desligad*",
		"strom|gas|wasser wird abgeschaltet|gesperrt|abgestellt", "electricite|gaz|eau sera coupe*|suspendu*",
		// A phone line, SIM, number, membership or wallet threatened, or
		// put on hold, the same way.
		"line|sim|number|membership|subscription|wallet|access|service is|was|be|been suspended|deactivated|disconnected|blocked|cancelled|canceled|terminated|paused|interrupted|restricted",
		"line|sim|number|membership|subscription|wallet|access|service will|has be|been suspended|deactivated|disconnected|blocked|cancelled|canceled|terminated|paused|interrupted|restricted",
		"line|sim|number|membership|subscription|wallet|access|service is|was on hold", "line|sim|number|membership|subscription|wallet|access|service has been on hold",
		"linea|sim|numero|chip|billetera|membresia|suscripcion sera|esta|fue suspendid*|desactivad*|bloquead*|cancelad*|cortad*",
		"linea|sim|numero|chip|billetera|membresia|suscripcion ha sido suspendid*|desactivad*|bloquead*|cancelad*|cortad*",
		"linha|chip|numero|carteira|assinatura sera|esta|foi suspens*|desativad*|bloquead*|cancelad*|cortad*",
		"leitung|sim|simkarte|rufnummer|nummer|mitgliedschaft|wallet wird|wurde|ist gesperrt|deaktiviert|abgeschaltet|gekundigt|pausiert",
		"ligne|numero|abonnement|portefeuille sera|est suspendu*|desactive*|bloque*|coupe*|resilie*",
		"ligne|numero|abonnement|portefeuille a ete suspendu*|desactive*|bloque*|coupe*|resilie*",
		"carte sim sera|est suspendu*|desactive*|bloque*", "cpf|cnpj sera|esta|foi cancelad*|suspens*|irregular",
	}},
	{Rule: "scam.payment", Weight: 1, Phrases: []string{
		"pay", "payment", "settle", "wire", "transfer", "owe",
		"pague", "paga", "pagar", "pago", "abone", "abona", "abonando", "cubre", "cubra", "cubrir", "top up", "topup", "deposita", "transfiera", "transfiere", "deposite",
		"pagamento", "quite", "transfira", "pix", "pagando", "abonar", "pagamos", "settle it",
		"send the|your deposit|rent|payment|balance", "send the|your _ deposit|rent|payment", "envia|envie|manda la|el fianza|deposito|pago|renta",
		"envieme", "envie-me", "transferez", "transferez-les", "virez", "depositar", "brauche", "need",
		"necesito", "preciso", "j ai besoin de", "paying", "en payant", "bezahlen sie", "zahlen sie",
		"transferencia", "transferir", "ingrese", "ingresar", "depositarse", "depositen", "be sent to", "must now be sent",
		// "Realice un depósito en OXXO."
		"realice|realiza|haga|haz un deposito|pago", "faca|faça um deposito|depósito|pagamento",
		"be paid to|into", "be paid _ to|into",
		"zahlen", "bezahlen", "zahlung", "bezahlung", "uberweisen", "uberweisung", "begleichen", "uberweisen sie",
		"payez", "payer", "paiement", "reglez", "regler", "reglement", "virement", "etre regle|regles|reglee|reglees",
		// Instant-payment apps name a payment by themselves.
		"bizum", "mbway", "mb way", "lydia", "paylib", "wero", "zelle", "venmo", "cash app", "cashapp",
		"move|moving funds|money|savings", "mover|mueva|mova el|o|los|os dinero|dinheiro|fondos|fundos", "verschieben sie",
		"deplacer|deplacez vos fonds",
		"send ¤ #", "send # ¤", "send {{}}", "envia|envie|manda|mande ¤ #", "envia|envie|manda|mande {{}}", "schick|schicke # ¤",
		"schick|schicke {{}}", "envoie|envoyez # ¤", "envoie|envoyez {{}}",
	}},
	{Rule: "scam.deadline", Weight: 1, Phrases: []string{
		"within # hours|hour|hrs|minutes", "in # minutes|hours", "en # minutos", "em # minutos", "in # minuten",
		"dans # minutes", "immediately", "right now", "today", "urgent*", "asap", "final notice",
		"last warning", "before midnight",
		"en las proximas # horas", "en # horas", "inmediatamente", "hoy", "urgente", "ultimo aviso",
		"em # horas", "nas proximas # horas", "imediatamente", "hoje",
		"innerhalb von # stunden", "in # stunden", "sofort", "umgehend", "heute", "dringend", "letzte mahnung",
		"sous # heures", "dans les # heures", "immediatement", "aujourd hui", "dernier rappel", "dernier avis",
		"now", "ahora", "ya", "agora", "ja", "jetzt", "maintenant", "en # h", "em # h", "in # h", "within # h",
	}},
	// Money promised for little or no work, per day or week, is the bait of
	// task and job scams; a real job offer names a job, not a daily take.
	{Rule: "scam.easy_money", Weight: 1, Phrases: []string{
		// Paid to rate products: the task scam's opening.
		"rate|review products online", "rate|review products from home", "calificar|evaluar productos en linea",
		"calificar|evaluar productos desde casa", "avaliar produtos online", "avaliar produtos de casa", "produkte online bewerten",
		"produkte von zuhause bewerten", "noter des produits en ligne",
		// Paid to like videos, a deposit that "comes back doubled", an
		// allowance for a sugar baby: the task and romance scripts.
		"curtindo|curtir videos|posts", "liking videos|posts for money", "dar like|likes a videos", "volta|voltam em dobro",
		"vuelve|vuelven al doble", "comes back doubled", "sugar baby|babies", "weekly allowance", "deposito inicial que volta",
		"earn ¤ # per|a|every day|week|hour", "earn # ¤ per|a|every day|week|hour", "earn up to ¤",
		"make ¤ # per|a|every day|week", "make money from home", "earn money from home",
		"gana ¤ # al|por dia|semana", "gana # ¤ al|por dia|semana", "gana hasta ¤", "gana dinero desde casa",
		"ganhe r ¤ # por dia|semana", "ganhe ate r ¤", "ganhe dinheiro em casa", "renda extra de r ¤",
		// A range or a daily rate ("earn $80-$300 daily").
		"earn ¤ # daily|weekly", "earn ¤ # ¤ # daily|weekly|per|a", "earn # ¤ # ¤ daily|weekly|per|a",
		"gana ¤ # diarios|diario|al dia", "gana # ¤ diarios|diario|al dia", "ganhe r ¤ # por dia|diarios",
		"verdienen sie # ¤ taglich", "gagnez # ¤ par jour|quotidiens",
		"verdienen sie # ¤ pro|am tag", "verdienen sie bis zu # ¤", "verdiene # ¤ pro|am tag",
		"gagnez # ¤ par jour|semaine", "gagnez jusqu a # ¤", "gagnez de l argent depuis chez vous",
	}},
	// A rate of pay per day or task ("50 dollars per task", "200 euros
	// diarios") together with the bait of a job that needs nothing (from
	// home, liking videos, a Telegram contact) is the task scam however
	// the verb is worded.
	{Rule: "scam.pay_rate", Weight: 1, Phrases: []string{
		"daily pay|earnings ¤ #", "daily pay|earnings of ¤ #", "paid every day", "pago diario de ¤ #", "pagamento diário de r ¤ #",
		"¤ # day|hour|task|dia|tag|jour", "# ¤ day|hour|task|dia|tag|jour",
		"# ¤ por|per|pro|par|for cada|each|every|jede|chaque resena|review|avaliacao|bewertung|avis|like|tarea|tarefa|task|aufgabe|tache",
		"¤ # por|per|pro|par|for cada|each|every|jede|chaque resena|review|avaliacao|bewertung|avis|like|tarea|tarefa|task|aufgabe|tache",
		// A range of pay ("de R$ 150 a R$ 500 por dia", "300 bis 800 € pro Tag").
		"¤ # a|to|bis ¤ # al|por|a|per|pro|par dia|day|tag|jour", "¤ # a|to|bis ¤ # diarios|daily|taglich",
		"r ¤ # a r ¤ # por|ao dia", "# ¤ a|to|bis # ¤ al|por|a|per|pro|par dia|day|tag|jour", "de ¤ # a ¤ # al|por dia", "de ¤ # a ¤ # # al|por dia", "¤ # a ¤ # # al|por dia", "# a|to|bis # ¤ al|por|a|per|pro|par dia|day|tag|jour",
		"hasta ¤ # diarios|diarias", "# ¤ diarios|diarias", "hasta # ¤ diarios|diarias", "hasta # ¤ al dia",
		"# ¤ par|per|al|por|pro mois|month|mes|monat", "# # ¤ par|per|al|por|pro mois|month|mes|monat",
		"# ¤|dollars|dollar|euros|euro|reais|pesos|pounds|libras|franken|francs per|a|each|every|por|al|pro|am|par day|task|hour|week|dia|tarea|tarefa|hora|semana|tag|stunde|aufgabe|woche|jour|tache|heure|semaine|like|review", "¤ # per|a|each|every|por|al|pro|am|par day|task|hour|week|dia|tarea|tarefa|hora|semana|tag|stunde|aufgabe|woche|jour|tache|heure|semaine|like|review",
		"# ¤|dollars|dollar|euros|euro|reais|pesos|pounds|libras|franken|francs diarios|diarias|daily|taglich|quotidiens", "# ¤|dollars|dollar|euros|euro|reais|pesos|pounds|libras|franken|francs a|al|por|pro|par _ day|task|hour|week|dia|tarea|tarefa|hora|semana|tag|stunde|aufgabe|woche|jour|tache|heure|semaine|like|review",
		"# ¤|dollars|dollar|euros|euro|reais|pesos|pounds|libras|franken|francs de l heure",
		// A thousands separator splits the amount ("$2,500 a week").
		"¤ # # per|a|each|every|por|al|pro|am|par day|week|month|dia|semana|mes|tag|woche|monat|jour|semaine|mois", "# ¤|dollars|dollar|euros|euro|reais|pesos|pounds|libras|franken|francs en|em|im un|uma|einer|une day|task|hour|week|dia|tarea|tarefa|hora|semana|tag|stunde|aufgabe|woche|jour|tache|heure|semaine|like|review",
	}},
	{Rule: "scam.job_bait", Weight: 1, Phrases: []string{
		"from home", "work from home", "we are hiring", "side job", "part-time job", "simple tasks", "easy tasks",
		// Parcels received and sent on: reshipping, the mule's job.
		"reshipper", "reshipping", "package forwarder", "receive parcels|packages at home", "forward them to the addresses",
		"reenviarlos a las direcciones", "weiterleiten an die adressen", "reexpedier les colis",
		"like videos", "liking videos", "telegram", "desde casa", "trabajo desde casa", "dando likes", "tareas sencillas",
		"vaga de emprego", "avaliando produtos", "tarefas simples", "von zu hause", "nebenjob",
		"online aufgaben", "einfache aufgaben", "a domicile", "travail a domicile", "taches simples", "depuis chez vous|toi",
		"en aimant des videos", "liking", "likes",
		"from your phone", "recruiter", "desde tu celular|movil|telefono", "do seu celular", "pelo celular",
		"vom handy|smartphone", "depuis votre|ton telephone", "whatsapp",
		// Reviews and ratings paid by the day, no experience asked.
		"no experience", "sin experiencia", "sem experiencia", "ohne erfahrung", "aucune experience", "sans experience",
		"home office", "valorar|calificar|evaluar hoteles|productos|apps", "avaliar produtos|hoteis|apps", "bewerten sie produkte|hotels", "bewerte produkte|hotels",
		"evaluer|noter des produits|hotels", "rate hotels|products|apps", "einfache online aufgaben",
	}},
	// Earning or a job named: a price per day ("bikes from 30 reais a
	// day") is not pay.
	{Rule: "scam.earn", Weight: 1, Phrases: []string{
		"puesto de", "el puesto", "semanales", "por semana",
		"earn", "earning", "get paid", "paid", "make money", "income", "job", "hiring", "gana", "ganar", "ganancia*", "gane",
		"ingresos", "trabajo", "empleo", "ganhe", "ganha", "ganhar", "renda", "emprego", "vaga", "verdiene*",
		"einkommen", "nebenjob", "gagnez", "gagner", "revenu*", "travail", "emploi",
		"vagas", "vacante*", "rh", "recruiter", "recrutamento", "reclutamiento", "meio periodo", "medio tiempo", "part time",
		"recursos humanos", "buscamos personas", "wir suchen", "emploi a domicile", "mitarbeiter", "entretien", "interview",
		"entrevista", "vorstellungsgesprach", "contrat de travail", "contrato de trabajo|trabalho", "arbeitsvertrag",
		"recrutons|recrute|recrutement", "recrutamos|contratamos", "we re hiring",
	}},
	// Someone who "changed their number" and then asks for money is the
	// classic impersonation of a relative.
	{Rule: "scam.impersonation", Weight: 1, Phrases: []string{
		"changed my number", "my new number", "this is my new number", "cambie de numero", "mi nuevo numero",
		"troquei de numero", "mudei de numero", "meu numero novo", "meu novo numero", "meine neue nummer",
		"neue handynummer", "mon nouveau numero", "j ai change de numero", "mi numero nuevo", "este es mi numero",
		"this is my number now", "meine nummer hat sich geandert", "c est mon nouveau numero",
		"a new number", "eine neue nummer", "un nuevo numero", "um numero novo", "un nouveau numero",
		// A new or broken phone is the same opening.
		"my new phone", "my phone broke|is broken|died", "i lost my phone", "save this number", "save my new number",
		"cambie de celular|telefono|movil", "se me rompio el celular|telefono|movil", "guarda este numero",
		"troquei de celular|telefone|chip", "mudei de celular|telefone", "meu celular quebrou", "salva esse|este numero",
		"mein handy ist kaputt", "neues handy", "speicher|speichere diese nummer", "mon telephone est casse",
		"nouveau telephone", "enregistre ce numero",
		// A child writing to a parent from an unknown number.
		"mum|mom|dad|mama|papa it s me", "hey|hi mum|mom|dad", "hola|oye mama|papa soy yo", "mama|papa soy yo",
		"oi mae|pai sou eu", "mae|pai sou eu", "hallo mama|papa ich bin s", "mama|papa ich bin s", "coucou maman|papa c est moi",
		"maman|papa c est moi",
	}},
	{Rule: "scam.verify", Weight: 1, Phrases: []string{
		"verify your account|identity|details|information", "update your details|information|payment|account",
		"confirm your identity|details|account|information",
		// A know-your-customer update demanded (the Indian banks' KYC
		// phishing), and an update pressed "now".
		"update now", "update your kyc|pan", "kyc update|verification", "kyc is pending|expired", "actualiza|actualice ahora", "atualize agora",
		"jetzt aktualisieren", "mettez a jour maintenant",
		"actualice|actualiza|actualizar sus|tus datos", "atualize|atualizar seus|os dados",
		"mettez|mettre a jour vos donnees|informations|coordonnees",
		"verifique su cuenta|identidad", "verifica tu cuenta|identidad", "actualiza tus datos", "confirme sus datos",
		"actualicelos|actualizalos|actualicelas|actualizalas", "atualize os|as", "mettez les a jour",
		"verifica|verifique|verificar tus|sus datos", "confirma|confirmar tus datos", "verify your data",
		"verifique|verifica|verificar seus|os dados", "verifiez|verifier vos donnees|informations|coordonnees",
		"uberprufen sie ihre daten|angaben", "verifizieren sie ihre daten|angaben",
		"verifique sua conta|identidade", "atualize seus dados", "confirme seus dados", "regularizar",
		"bestatigen sie ihr|ihre konto|daten|identitat", "aktualisieren sie ihre daten",
		"verifiez votre compte|identite", "mettez a jour vos informations", "confirmez vos informations",
		// Confirming a procedure again, or reactivating, is the same ask
		// worded as a formality ("confirm the app again, or your access
		// is deactivated").
		"confirm again", "re confirm", "reconfirm", "reactivate", "vuelva a confirmar", "reactive|reactivar|reactiva|reactivarla|reactivarlo",
		"reativa la|lo", "reativala", "reactiver", "moyen de paiement", "update your payment method|details", "actualice su metodo de pago",
		"atualize sua forma de pagamento", "aktualisieren sie ihre zahlungsmethode|kontaktdaten|angaben", "aktualisieren sie sie",
		"daten|kontaktdaten sind veraltet",
		"confirme novamente|de novo", "reative|reativar", "erneut bestatigen", "bestatigen sie _ erneut",
		"bestatigen sie _ _ erneut", "bestatigen sie _ _ _ erneut", "reaktivieren",
		"confirmez a|de nouveau", "reconfirmez", "reactivez|reactiver",
	}},
	// A small fee to release something the recipient is owed or expects
	// (a parcel held for customs or postage, a prize, a card that expires)
	// is the advance-fee script of fake carriers, lotteries and agencies:
	// a fee word and an amount, with one of these pretexts.
	// A device said to be infected is the fake support call's opening:
	// no company texts that and asks for a call.
	{Rule: "scam.tech_support", Weight: 1, Phrases: []string{
		"computer|pc|device|phone|laptop is|has been infected", "infected with a virus",
		"ordenador|computadora|equipo|dispositivo esta infectad*", "computador|celular|dispositivo esta|foi infectado",
		"computer|pc|gerat ist|wurde infiziert", "ordinateur|appareil est|a ete infecte",
	}},
	{Rule: "scam.fee", Weight: 1, Phrases: []string{
		"toll", "fine", "multa", "peaje", "infraccion|infracciones|infracao|infracoes", "taxada|taxado|tributada|tributado", "contravention|contraventions", "infraction", "penalty charge", "parking ticket",
		"strafzettel", "verwarnungsgeld", "multa de estacionamiento|transito|trafico", "fotomulta*", "pedagio", "maut", "strafe", "amende", "penalty", "late fee", "recargo",
		"fee", "fees", "customs charges", "gastos", "tarifa", "taxa", "tasa", "gebuhr*", "zollgebuhr*", "porto",
		"frais", "franqueo", "gastos de gestion|tramite|notaria", "zustellgebuhr*", "versandgebuhr*", "nachnahmegebuhr*", "tasas", "taxas", "tarifas", "notargebuhr*", "bearbeitungsgebuhr*", "freigabegebuhr*",
		"bearbeitungskosten", "notarkosten", "honoraires",
		// A procedure charged for an amount ("cubrir el trámite de $350").
		"tramite de ¤ #", "tramite de # ¤",
		// Duties on a parcel are the fake carrier's fee.
		"duty", "duties", "customs duty", "arancel*", "aduana", "alfandega", "imposto de importacao", "zoll",
		"droits de douane", "frais de douane",
		// Postage to receive a gift is the prize's fee.
		"shipping", "postage", "envio", "frete", "versandkosten", "frais de port",
	}},
	{Rule: "scam.amount", Weight: 1, Phrases: []string{"¤ #", "# ¤", "r ¤ #",
		"# dollar|dollars|dolares|euro|euros|reais|pesos|pounds|franken|francs"}},
	{Rule: "scam.fee_pretext", Weight: 1, Phrases: []string{
		// A prize "drawn" for the recipient, to be sent for a small fee.
		"vous avez ete tire|tiree au sort", "ha sido seleccionado|seleccionada en el sorteo", "voce foi sorteado|sorteada",
		"sie wurden ausgelost", "you have been drawn|selected to win",
		// An unpaid toll or fine is the pretext of fake agencies.
		"unpaid toll|tolls|fine|fines|ticket", "outstanding toll|fine", "peaje pendiente|impagado", "multa pendiente",
		"multa de|por transito", "pedagio pendente", "multa pendente", "offene maut|mautgebuhr|strafe|bussgeld",
		"bussgeld", "peage impaye", "amende impayee|majoree", "avant majoration", "majoration", "impaye|impayee|impayes",
		"held", "on hold", "unpaid", "redelivery", "re delivery", "returned to sender", "not be delivered",
		"could not be delivered", "release", "to receive", "expire|expires|expired", "avoid suspension",
		"no pudo ser entregado|entregada", "no se pudo entregar", "falta de franqueo", "nueva entrega", "retenido|retenida",
		"para recibir|recibirlo|recibirla", "liberacion", "caduca", "evitar la suspension",
		"nao pode ser entregue", "nao foi entregue", "retido|retida", "liberacao", "para receber", "expira|expirou",
		"evitar a suspensao", "contemplado|contemplada|premiado|premiada|sorteado|sorteada",
		"nicht zugestellt", "zuruckgehalten", "zollamt", "um _ zu erhalten", "lauft _ ab", "ablauft", "sperrung",
		"bloque|bloquee|retenu|retenue", "reexpedition", "pour le|la|les recevoir", "pour recevoir", "expire",
		"eviter la suspension", "nouvelle livraison",
		// Money the recipient is said to be owed (an inheritance, a
		// payout) released once a fee is paid.
		"inheritance", "payout", "herencia", "heranca", "erbschaft", "erbe", "auszahlung", "freigeben", "freigabe",
		"gutschein|einkaufsgutschein|voucher|vouchers|gift card|tarjeta regalo|vale|cartao presente|bon d achat|carte cadeau",
		"aktivieren|activate|activar|ativar|activer", "liberar a entrega", "aguardando o pagamento", "expiration", "vencimiento",
		"heritage", "liberer", "devuelto al remitente", "en attente", "en espera", "em espera", "wartet",
		// A gift or prize to claim, a debt pending with an authority.
		"to claim", "claim it|your", "para reclamar|reclamarlo|recibirlo|resgatar", "pour le|la reclamer",
		"um _ anzufordern", "pendencia|pendencias|pendiente|pendientes|pending|ausstehend*|impaye*",
		"para liberar|liberarlo|liberarla", "pra liberar", "liberar", "valores a receber", "outstanding", "will be returned",
		// A prize or a product test the recipient was "selected" for, with
		// only the postage to pay.
		"selected|chosen", "ausgewahlt", "seleccionado|seleccionada|elegido|elegida", "selecionado|selecionada|escolhido|escolhida",
		"selectionne|selectionnee", "produkttester", "product tester", "probador de productos", "testador de produtos",
		"testeur de produits",
		// Paid upfront, or else cancelled: the advance fee's own words.
		"upfront", "up front", "in advance", "vorab", "im voraus", "por adelantado", "adiantado|adiantada", "antecipado|antecipada",
		"a l avance", "d avance", "will be cancelled|canceled", "sera cancelado|cancelada", "wird storniert", "sera annule|annulee",
		"sera devuelto|devuelta", "sera devolvida|devolvido", "wird zuruckgeschickt", "sera retourne",
	}},
	// A delivery said to have failed, with a payment of an amount, is the
	// fake carrier's script even without a fee word ("Abone 1,50 € para
	// reprogramar la entrega"); a real carrier tries again for free.
	{Rule: "scam.delivery_failed", Weight: 1, Phrases: []string{
		"could not be delivered", "couldn t be delivered", "was not delivered", "delivery failed", "failed delivery",
		"delivery attempt failed", "reschedule|schedule delivery", "held at the depot|warehouse",
		"no ha podido ser entregado|entregada", "no pudo ser entregado|entregada", "no se pudo entregar", "reprogramar la entrega",
		"nao pode ser entregue", "nao foi entregue", "reagendar a entrega", "nao conseguimos entregar",
		"konnte nicht zugestellt werden", "nicht zugestellt", "zustellung fehlgeschlagen", "neue zustellung",
		"n a pas pu etre livre", "livraison echouee", "reprogrammer la livraison", "nouvelle livraison",
		"n a pas pu etre depose|remis|livre", "remise en livraison", "retida na fiscalizacao|alfandega", "encomenda retida", "devolvido|devolvida ao remetente",
	}},
	// A charge the recipient is told to disown by calling a number given in
	// the message, to cancel it or get a refund, is the callback scam of
	// fake renewals and orders ("renewed for $399.99; if you did not
	// authorize this, call {{1}} for a refund"). A bank's alert sends the
	// customer to the number on the card or the app, not to one it gives.
	{Rule: "scam.disown", Weight: 1, Phrases: []string{
		"if you did not authorize|authorise|make|place|recognize|recognise|request", "not you", "wasn t you",
		"if you didn t authorize|authorise|make|place|recognize|recognise|request", "if this wasn t you",
		"si no reconoce|reconoces|realizo|realizaste|autorizo|autorizaste", "si no lo|la reconoce|reconoces", "no fuiste tu", "no fue usted",
		"se nao reconhece|reconhecer|autorizou", "nao reconhece|reconheceu", "caso nao reconheca|reconheça", "no reconoces|reconoce esta|este|el", "no reconoces", "no lo reconoces", "nao foi voce", "falls sie _ nicht", "nicht sie", "waren sie das nicht",
		"si ce n est pas vous", "si vous n etes pas a l origine", "si vous n avez pas",
	}},
	// Pension savings released before the legal age, "tax-free" through a
	// loophole or an overseas scheme: the pension-liberation fraud.
	{Rule: "scam.pension_release", Weight: 1, Phrases: []string{
		"unlock|release|access|withdraw your|their pension before", "cash in your|their pension before", "your pension before age|55",
		"pension liberation|unlocking", "early pension release", "overseas pension|scheme", "into an overseas scheme",
		"legal loophole", "little-known loophole", "rescatar|liberar|cobrar tu|su pension|jubilacion antes", "resgatar|sacar sua|seu previdencia|aposentadoria antes",
		"ihre|deine rente|altersvorsorge vorzeitig auszahlen", "debloquer votre|ta retraite avant",
	}},
	// Malware said to be found on the recipient's device: with a number to
	// call, the fake support call ("3 Trojaner gefunden... Rufen Sie den
	// Support an: {{1}}").
	{Rule: "scam.malware", Weight: 1, Phrases: []string{
		"virus", "viruses", "trojan*", "malware", "spyware", "hacked", "hackeado", "hackeada", "troyano*",
		"cavalo de troia", "trojaner", "schadsoftware", "gehackt", "logiciel malveillant", "pirate", "piratee",
	}},
	// Money the recipient is to receive: nobody needs a card number or a PIN
	// to pay someone, so a credential asked for to receive money is the
	// fake buyer's script ("accept the Bizum by entering your PIN",
	// "geben Sie Ihre Kartendaten ein, damit das Geld überwiesen wird").
	{Rule: "scam.receive_money", Weight: 1, Phrases: []string{
		"receive your|the funds|money|payment|payout", "release the funds|money to your", "receber o valor", "para recibirlos|recibirlo|recibirla", "para cobrarla|cobrarlo|cobrarlos|cobrarlas", "recevoir les {{}}", "devolverte|devolverle|reembolsarte el dinero|importe|pago", "te devolvemos el dinero", "receber seu|o pagamento|dinheiro|valor",
		"recevoir vos|votre|l|le|les argent|paiement|montant|fonds|euros", "recevoir vos|votre # {{}}", "recevoir vos|votre {{}}", "receber os|seu {{}}", "recibir tus|su {{}}", "recibir tu|su dinero|pago", "liberar tu|su dinero|pago",
		"liberar seu dinheiro|pagamento", "ihr|dein geld zu erhalten|empfangen",
		// An inheritance from a stranger, its funds to unlock.
		"beneficiaire d une succession", "debloquer les fonds", "desbloquear los fondos", "liberar os fundos", "unlock the funds",
		"beneficiario de una herencia", "beneficiario de uma heranca", "beneficiary of an inheritance|estate", "begunstigter eines erbes",
		// A grant or benefit released once something is paid ("para liberar
		// el apoyo es necesario cubrir el trámite").
		"liberar el|la|su|tu apoyo|beca|beneficio|subsidio", "liberar o|a|seu|sua auxilio|beneficio|bolsa",
		"ready to be released", "to complete your|the first payout|withdrawal", "released together with your payment",
		"receive the money|payment|funds", "to get paid", "release the money|payment|funds", "accept the payment|money",
		"recibir el dinero|pago", "cobrar el dinero|pago", "aceptarlo", "aceptar el pago|bizum", "he enviado un bizum",
		"te he enviado", "liberar o dinheiro|pagamento", "receber o dinheiro|pagamento", "ja paguei", "damit das geld",
		"geld zu erhalten", "zahlung zu erhalten", "recevoir l argent|le paiement", "debloquer le paiement|l argent",
	}},
	// Something held for the recipient that a credential would release
	// ("log in with your bank app to release it").
	{Rule: "scam.release", Weight: 1, Phrases: []string{
		"release it|them", "to release your", "para liberar|liberarlo|liberarla", "pra liberar", "para liberar o|a|seu|sua",
		"freizugeben", "um _ freizugeben", "pour debloquer|liberer",
	}},
	// A deposit sent for a flat the owner cannot show, from abroad, with
	// the keys by courier, is the rental scam.
	{Rule: "scam.rental_deposit", Weight: 1, Phrases: []string{
		"deposit", "fianza", "deposito", "caucao", "kaution", "caution", "reserva del piso", "first month s rent", "anticipo", "apartarlo|apartarla",
	}},
	{Rule: "scam.absent_owner", Weight: 1, Phrases: []string{
		// The flat shown, or its address given, only once the money is in.
		"te paso la direccion", "para ensenartelo|ensenartela|ensenarselo", "antes de ensenartelo|ensenartela|ensenarte",
		"antes de la visita", "te mando|envio las llaves",
		"before the viewing", "before i show you", "antes da visita", "so passo o endereco", "vor der besichtigung", "avant la visite",
		"out of the country", "abroad", "keys by courier|post|mail", "fuera de espana|del pais", "en el extranjero",
		"llaves por mensajero|correo", "fora do pais", "no exterior", "chaves pelo correio", "im ausland", "schlussel per post",
		"a l etranger", "cles par coursier|la poste", "without a viewing", "sin visita", "sem visita", "ohne besichtigung",
		"sans visite",
		// A car or an item "with our shipping agent" while the seller works
		// away.
		"working offshore", "i m overseas", "with our|my shipping agent", "trabajando en el extranjero", "con mi|nuestro agente de envio|envios",
	}},
	// A fee to start a job (a kit, training, a uniform, a place held) is
	// the job scam's advance fee.
	{Rule: "scam.job_fee", Weight: 1, Phrases: []string{
		"kit", "starter kit", "training fee|material", "registration fee", "por concepto de capacitacion|uniforme", "capacitacion y uniforme", "frais de dossier", "processing fee",
		"gastos de tramitacion", "taxa de processamento", "bearbeitungsgebuhr", "kit de capacitacion|trabajo|inicio",
		"apartar tu lugar", "reservar tu lugar", "inscripcion", "taxa de inscricao|cadastro", "kit de trabalho",
		"material de treinamento", "schulungsgebuhr", "startpaket", "frais d inscription|de formation", "kit de demarrage",
		"reserve your spot|place", "secure your place|spot|position", "onboarding fee", "onboarding and _ _ fee",
		"drug screen|screening|test fee", "background check fee",
	}},
	{Rule: "scam.undo", Weight: 1, Phrases: []string{
		"cancel", "cancel it", "refund", "dispute", "cancelar|cancelarlo|cancela", "reembolso", "estorno", "estornar",
		"cancele", "cancelle", "anule", "anular", "anularla|anularlo|anulela|anulelo|cancelarla|cancelela|cancelelo",
		"stornieren", "storno", "erstattung", "annuler", "rembourse*",
	}},
	// Payment to a new account, or asked for in secret, is the script of
	// invoice redirection and CEO fraud: "pay all pending invoices to our
	// new account", "transfer it discreetly, tell nobody".
	{Rule: "scam.new_account", Weight: 1, Phrases: []string{
		"new bank account|details", "new account", "changed our bank|banking|banks", "change of bank", "changed banks", "new banking provider|details",
		"the payee has changed", "o beneficiario mudou", "beneficiario mudou para", "el beneficiario cambio|ha cambiado", "der empfanger hat sich geandert",
		"le beneficiaire a change",
		// A "safe account" to move savings to is the fake bank adviser's.
		"safe account", "secure account", "safety account", "cuenta segura", "cuenta de seguridad", "conta segura",
		"sicheres konto", "sicherheitskonto", "compte securise", "compte de securite",
		"nueva cuenta", "nuevos datos bancarios", "cambio de entidad|cuenta|banco", "nova conta", "novos dados bancarios",
		"nova chave", "nossa nova chave", "nueva clabe", "new pix|zelle key|account|number", "neuer empfanger",
		"mudanca de banco", "neue bankverbindung|kontoverbindung|iban|konto|kontonummer", "bankwechsel",
		"nouveau rib|iban|compte", "nouvelles coordonnees bancaires", "changement de banque",
		// A bank "switch" as the reason to pay elsewhere ("wegen Umstellung
		// unserer Bank nur gegen Vorkasse").
		"umstellung unserer|der bank|bankverbindung|kontoverbindung", "bankumstellung", "cambio de nuestro banco", "mudanca do|de nosso banco",
		"changement de notre banque",
		// Paid to a person rather than to the cause: the fake appeal
		// after a disaster.
		"directly to our coordinator|treasurer|organiser|organizer",
		// Or to a manager's own account ("a la cuenta personal de nuestro
		// gerente").
		"client account has changed", "our account has changed", "payments to the old account",
		"a la cuenta personal de|del", "na conta pessoal do|da|de", "titular particular", "cuenta particular", "conta particular",
		"compte particulier", "auf das privatkonto", "sur le compte personnel de|du",
		"to the personal account of", "to our manager s personal account", "directly to my personal account", "to my personal account",
		"directamente a nuestro|nuestra coordinador|coordinadora|tesorero|tesorera", "diretamente ao nosso|a nossa coordenador|coordenadora|tesoureiro|tesoureira",
		"direkt an unseren|unsere koordinator|koordinatorin|kassenwart|kassenwartin", "directement a notre coordinateur|coordinatrice|tresorier|tresoriere",
	}},
	// A cause said to have no account of its own yet, so that money goes
	// to a person's: the negation is the claim, not a warning, so these
	// are not read as one.
	{Rule: "scam.no_own_account", Weight: 1, Phrases: []string{
		"no official account yet", "not yet have an official account", "no tenemos|tiene todavia|aun cuenta oficial",
		"todavia|aun no tenemos|tiene cuenta oficial", "ainda nao tem|temos conta oficial", "noch kein offizielles konto",
		"pas encore de compte officiel", "pas encore de compte bancaire", "no bank account yet", "noch kein eigenes konto",
		// Bank details said to have changed: the invoice-redirection script.
		"bank details have|has changed", "payment details have|has changed", "instead of our|the usual account", "our new account|bank details instead", "to our new account", "nuestros datos bancarios han cambiado",
		"a nuestra nueva cuenta", "nossos dados bancarios mudaram", "para a nossa nova conta", "unsere bankverbindung hat sich geandert",
		"auf unser neues konto", "nos coordonnees bancaires ont change", "sur notre nouveau compte",
	}},
	{Rule: "scam.secrecy", Weight: 1, Phrases: []string{
		"discreet|discreetly|confidentially", "tell no one|nobody", "don t tell anyone", "keep this between us",
		"do not call the office", "don t call the office", "no need to contact the agency|office", "handled by me directly",
		"no hace falta|no es necesario contactar con la agencia|oficina", "nao precisa contatar a imobiliaria|agencia",
		"discrecion|discretamente|confidencialmente", "no se lo digas|diga a nadie", "no llame|llames a la oficina",
		"discretamente|sigilo", "nao conte a ninguem", "nao ligue para o escritorio",
		"diskret", "mit niemandem", "niemandem davon", "vertraulich", "nichts davon", "don t tell mom|dad|mum|anyone",
		"no le digas a", "nao conta pra|para", "ne dis rien a",
		"discretement|discretion", "n en parlez a personne", "n appelez pas",
		// Keeping the recipient on the line: the bail and kidnap scripts.
		"no cuelgue|cuelgues", "nao desligue", "legen sie nicht auf", "ne raccrochez pas", "do not hang up", "don t hang up",
	}},
	// A refund or payout that asks the recipient to type in bank details
	// is the fake tax-office or fake-refund script: a real refund goes to
	// the account on file.
	{Rule: "scam.refund", Weight: 1, Phrases: []string{
		"refund", "tax rebate", "reembolso", "devolucion", "remboursement", "restituicao", "erstattung",
		"ruckerstattung", "steuererstattung", "steuerruckerstattung", "ruckzahlung", "reintegro", "devolucao",
		"valores a receber", "dinero a recibir", "remboursement d impot", "devolucion de impuestos",
		"restituicao do imposto", "tax refund",
		// Rebates and one-off payments said to be due from an authority
		// or a utility: the same opening as a refund.
		"rebate", "rebates", "cost of living payment", "energy rebate", "one off payment", "subsidio", "ayuda del gobierno",
		"auxilio", "beneficio", "abono social", "zuschuss", "energiepauschale", "entlastungsbetrag", "cheque energie",
		"prime", "aide exceptionnelle",
	}},
	// Private pictures or a video threatened to reach the recipient's
	// contacts unless money is paid: sextortion.
	{Rule: "scam.exposure", Weight: 1, Phrases: []string{
		"goes|go|sent to your contacts|family|friends", "send it|them to your contacts|family|friends", "to all your contacts",
		// Sent to them by the sender ("las enviaremos a tus contactos"), not
		// money asked of friends ("pedir dinero a tus amigos con Bizum").
		"enviaremos|mandaremos|publicaremos|difundiremos|compartiremos _ a tu|tus familia|contactos|amigos",
		"enviaremos|mandaremos|publicaremos|difundiremos|compartiremos a tu|tus familia|contactos|amigos",
		"a todos tus contactos", "para sua familia",
		"para seus contatos|amigos", "para todos os seus contatos", "fotos|videos _ comprometedor*", "fotos|videos _ intimas|intimos",
		"an deine|ihre kontakte|familie|freunde", "an alle deine|ihre kontakte", "a vos|tes contacts|proches", "a votre|ta famille",
		"fotos|videos comprometedor*", "intimate photos|video|videos", "fotos intimas", "intime fotos|videos", "photos intimes",
	}},
	// A pet sold by message, paid in advance and sent by courier: the
	// puppy scam.
	{Rule: "scam.pet", Weight: 1, Phrases: []string{
		"puppy|puppies|kitten|kittens", "cachorro|cachorros|gatito|gatitos", "filhote|filhotes", "welpe|welpen|katzchen",
		"chiot|chiots|chaton|chatons",
	}},
	{Rule: "scam.courier", Weight: 1, Phrases: []string{
		"courier", "by delivery", "mensajeria", "transportadora", "kurier", "coursier", "shipped|send|sent to you",
		"te lo enviamos|mandamos", "enviamos para voce", "wir schicken|senden", "nous vous l envoyons",
		// Or flown: the crate and the airline of the pet scam.
		"fly to you", "airline", "crate", "pet transport", "aerolinea", "vuelo", "companhia aerea", "fluggesellschaft",
		"transportbox", "compagnie aerienne", "caisse de transport",
	}},
	// A "safe account" to move money to is the fake bank adviser's script
	// by itself: no bank asks that.
	{Rule: "scam.safe_account", Weight: 1, Phrases: []string{
		"safe account", "safety account", "secure account", "cuenta segura", "cuenta de seguridad", "conta segura",
		"secure|safe|protected holding account", "cuenta puente|resguardo", "conta transitoria|de resguardo", "treuhandkonto|sicherungskonto",
		"compte de transit|sequestre",
		"conta de seguranca", "sicheres konto", "sicherheitskonto", "compte securise", "compte de securite",
		"compte protege", "securiser vos fonds", "cuenta protegida", "conta protegida", "geschutztes konto", "protected account",
	}},
	// Money lost to a scam "recovered" for a fee is the recovery scam.
	{Rule: "scam.recovery", Weight: 1, Phrases: []string{
		"recovery agent|agents|service|services|team|experts", "fund|funds recovery", "recover|recovering your lost|stolen",
		"get your funds|money back", "lost money to", "recovery specialist|specialists|firm|experts", "reclaim|recover|trace funds", "reclaim|recover|trace your funds|money", "trace and reclaim", "recuperar|recuperamos|recupera|recuperan su|tu|sus|tus dinero|fondos", "recuperacion de fondos",
		"recuperar seu dinheiro", "recuperamos seu dinheiro", "recuperacao de fundos|valores",
		"geld zuruckholen|zuruckzuholen", "verlorenes geld", "recuperer votre argent", "recuperation de fonds",
	}},
	{Rule: "scam.lost_to_scam", Weight: 1, Phrases: []string{
		"scam|scams|scammed|fraud", "estafa|estafado|estafada|fraude", "golpe|golpes", "betrug|betrogen|abzocke",
		"arnaque|arnaques|escroquerie|escroque",
		"fake|bogus investment|broker|platform|exchange", "inversion|broker|plataforma falsa", "investimento|corretora|plataforma falsa|falso",
		"falsche|gefalschte investition|plattform|broker", "faux placement|broker|courtier", "fausse plateforme",
		"money to an online|investment platform", "money to a trading|crypto platform", "dinero en una plataforma", "dinheiro em uma plataforma", "geld bei einer plattform",
		"argent sur une plateforme",
	}},
	// A stranger's "wrong number" opener, the first line of romance and
	// investment scams; no business template opens that way.
	{Rule: "scam.wrong_number", Weight: 1, Phrases: []string{
		"wrong number", "texted the wrong", "me equivoque de numero", "numero equivocado", "numero errado",
		"mandei mensagem errada", "falsche nummer", "verwahlt", "trompe|trompee de numero", "mauvais numero",
		"wrong person", "is this still the number", "im einsatz in", "on deployment in", "felt a connection", "senti una conexion", "senti uma conexao", "eine verbindung gespurt",
		"ressenti une connexion", "serving overseas", "deployed overseas", "en mision en el extranjero", "em missao no exterior", "im auslandseinsatz",
		"en mission a l etranger", "persona equivocada", "sigue siendo el numero", "pessoa errada",
		"ainda e o numero", "falsche person", "noch die nummer", "mauvaise personne", "toujours le numero",
	}},
	{Rule: "scam.stranger", Weight: 1, Phrases: []string{
		"we met at|in|last", "nos conocimos en", "a gente se conheceu", "nos conhecemos", "wir haben uns _ kennengelernt",
		"on s est rencontres", "nous nous sommes rencontres",
	}},
	{Rule: "scam.who_is_this", Weight: 1, Phrases: []string{
		"is this {{}}", "es usted {{}}", "eres {{}}", "e voce {{}}", "bist du {{}}", "c est bien {{}}", "is that {{}}",
	}},
	// A quiz or survey for a voucher or a prize is the fake giveaway.
	{Rule: "scam.quiz", Weight: 1, Phrases: []string{
		"answer # questions", "short survey", "quick survey", "responde|responda|contesta # preguntas", "responda # perguntas",
		"beantworte # fragen", "beantworten sie # fragen", "repondez a # questions", "quiz", "encuesta", "pesquisa", "umfrage", "sondage",
	}},
	// Logging in with another site's account ("log in with your Steam
	// account on our giveaway page"): with a giveaway, the login is the prize
	// sought.
	{Rule: "scam.third_party_login", Weight: 1, Phrases: []string{
		"log|sign in with your steam|instagram|facebook|google|apple|microsoft|paypal|amazon|epic|roblox|discord|tiktok|netflix", "login with your steam|instagram|facebook|google|apple|microsoft|paypal|amazon|epic|roblox|discord|tiktok|netflix",
		"inicia|inicie sesion con tu|su cuenta de steam|instagram|facebook|google|apple|microsoft|paypal|amazon|epic|roblox|discord|tiktok|netflix",
		"entre|entra com sua|tua conta steam|instagram|facebook|google|apple|microsoft|paypal|amazon|epic|roblox|discord|tiktok|netflix", "entre|entra com sua|tua conta do|da steam|instagram|facebook|google|apple|microsoft|paypal|amazon|epic|roblox|discord|tiktok|netflix",
		"faca|faz login com sua|tua conta steam|instagram|facebook|google|apple|microsoft|paypal|amazon|epic|roblox|discord|tiktok|netflix", "faca|faz login com sua|tua conta do|da steam|instagram|facebook|google|apple|microsoft|paypal|amazon|epic|roblox|discord|tiktok|netflix",
		"melde dich mit deinem steam|instagram|facebook|google|apple|microsoft|paypal|amazon|epic|roblox|discord|tiktok|netflix konto|account", "melden sie sich mit ihrem steam|instagram|facebook|google|apple|microsoft|paypal|amazon|epic|roblox|discord|tiktok|netflix konto|account",
		"connectez|connecte vous|toi avec votre|ton compte steam|instagram|facebook|google|apple|microsoft|paypal|amazon|epic|roblox|discord|tiktok|netflix",
	}},
	{Rule: "scam.giveaway", Weight: 1, Phrases: []string{
		"anniversary", "aniversario", "jubilaum", "anniversaire", "giving away", "verschenkt", "regala", "regalamos",
		"offre|offrons", "sorteia", "presenteia",
	}},
	// A pool that pays back a multiple of what is put in: the pyramid's
	// "tanda" or "ciranda".
	{Rule: "scam.pyramid", Weight: 1, Phrases: []string{
		"tanda|tandas", "ciranda", "piramide|piramides|pyramid|pyramide", "ponzi", "schneeballsystem", "schenkkreis",
		"bola de neve", "flor da abundancia", "metes|pones|aportas ¤ #", "put in ¤ #", "coloca|colocas ¤ #",
		// Recruits who each recruit more, paid without selling anything.
		"que cada uno traiga|invite", "each of them brings|invites", "each bring|brings # more", "cada um traga|convide", "jeder bringt # weitere",
		"chacun en amene|invite", "without selling anything", "sin vender nada", "sem vender nada", "ohne etwas zu verkaufen", "sans rien vendre",
	}},
	// Reshipping parcels from home is the money-mule job.
	{Rule: "scam.reshipping", Weight: 1, Phrases: []string{
		"reship|reshipping", "forward packages|parcels", "package forwarding", "reenviar paquetes", "reenvia|reenviar los paquetes",
		"reenviar pacotes|encomendas", "pakete weiterleiten|weiterschicken|weiterversenden", "reexpediez|reexpedier les|des colis",
		"recevez des colis", "recibe paquetes", "receba encomendas",
	}},
	// Gift cards bought and their codes or photos sent: no company, agency
	// or relative takes payment that way; a shop selling its own gift
	// cards asks for neither.
	{Rule: "scam.gift_card", Weight: 1, Phrases: []string{
		"gift card|cards", "giftcard|giftcards", "itunes|steam|apple card|cards", "google play card|cards",
		"tarjeta|tarjetas regalo", "tarjeta|tarjetas de regalo", "tarjeta|tarjetas google|itunes|steam|apple",
		"cartao|cartoes presente", "cartao|cartoes de presente", "cartao|cartoes google|itunes|steam|apple", "vale|vales presente",
		"gutschein*", "guthabenkarte*", "geschenkkarte*", "paysafecard*", "google play karte|karten",
		"carte|cartes cadeau|cadeaux", "carte|cartes google|itunes|steam|apple", "coupon|coupons pcs|transcash|neosurf",
		"neosurf", "transcash", "prepaid|retail card|cards", "retail prepaid card|cards", "tarjeta|tarjetas prepago|prepagada|prepagadas",
		"cartao|cartoes pre pago|pagos", "prepaidkarte|prepaidkarten", "carte|cartes prepayee|prepayees",
	}},
	// Money sent by Western Union or MoneyGram to someone the message names.
	{Rule: "scam.wire_service", Weight: 1, Phrases: []string{
		"envialo|envia|enviame|manda|mandalo|mandame por western union|moneygram", "send it|me by|via|through western union|moneygram", "send the money by|via|through western union|moneygram",
		"envie|manda pelo|por western union|moneygram", "per western union|moneygram", "par western union|moneygram",
	}},
	{Rule: "scam.pay_to_account", Weight: 1, Phrases: []string{
		"a la cuenta indicada", "a la cuenta que le|te indicamos", "na conta indicada", "to the account indicated|provided",
		"a la cuenta|tarjeta|clabe {{}}", "a la cuenta|tarjeta|clabe #", "a nombre de", "account name {{}}", "sort code #", "to the account {{}}", "to account {{}}", "na conta {{}}", "em nome de",
		"auf das konto {{}}", "sur le compte {{}}", "au nom de",
	}},
	// The "safe account": money moved to an account the message names to
	// protect it or to reverse a payment ("faça um Pix do mesmo valor para
	// a conta de estorno"). No bank moves a customer's money that way.
	{Rule: "scam.safe_account", Weight: 1, Phrases: []string{
		"conta de estorno|seguranca|protecao", "pix do mesmo valor", "transferencia do mesmo valor",
		"cuenta de reembolso|devolucion|seguridad|resguardo|proteccion", "transferencia|transfiere|transfiera el mismo importe|monto",
		"safe|safety|secure|protected|holding account", "transfer|send the same amount",
		"compte de securite|securise|protection|remboursement", "virement du meme montant",
		"sicherheitskonto|schutzkonto|treuhandkonto", "denselben betrag uberweisen",
	}},
	// A caller who will ask the recipient to approve an operation in the
	// bank's app to "cancel" a fraud: the fake adviser's script.
	{Rule: "scam.approve_for_caller", Weight: 1, Phrases: []string{
		"vous demandera de valider|confirmer|approuver", "operation d annulation", "c est normal merci de la|le confirmer|valider",
		"will ask you to approve|confirm|validate", "cancellation transaction|payment", "approve the cancellation",
		"te|le pedira que valides|valide|confirmes|confirme|apruebes|apruebe|autorices|autorice", "operacion de cancelacion|anulacion",
		"vai pedir para|que voce aprovar|confirmar|validar|aprove|confirme|valide", "operacao de cancelamento|estorno",
		"wird sie bitten _ zu bestatigen|freizugeben", "stornobuchung|stornierungsbuchung freigeben|bestatigen",
	}},
	// A payout held until a deposit or fee "to verify" the seller is paid.
	{Rule: "scam.release_fee", Weight: 1, Phrases: []string{
		"verification|security|activation|release|refundable|unlock deposit|fee", "seller|account verification deposit|fee",
		"deposito|tarifa|cuota de verificacion|garantia|liberacion|activacion", "deposito reembolsable",
		"taxa|deposito de verificacao|liberacao|ativacao|desbloqueio", "deposito reembolsavel",
		"verifizierungsgebuhr|verifizierungskaution|freigabegebuhr|aktivierungsgebuhr|sicherheitskaution",
		"frais|depot de verification|deblocage|activation|garantie", "depot remboursable",
	}},
	// A cheque mailed to the recipient, deposited, and the balance sent on:
	// the overpayment script of fake employers and buyers.
	{Rule: "scam.check_deposit", Weight: 1, Phrases: []string{
		"deposit it", "deposit the|this check|cheque", "mobile deposit", "deposita el|este cheque", "deposite o cheque",
		"lose den scheck ein", "encaissez le cheque",
	}},
	{Rule: "scam.send_balance", Weight: 1, Phrases: []string{
		"send|wire|transfer|forward the balance|remainder|rest|difference|remaining", "envia|envie|transfiere el resto|saldo|diferencia",
		"envie|transfira o restante|resto|saldo", "den rest|restbetrag uberweisen|senden", "envoyez|virez le reste|solde",
	}},
	// A notice that asks for nothing ("no tienes que hacer nada"): a held
	// payment explained, not a fee to pay.
	{Rule: "scam.nothing_to_do", Weight: 1, Phrases: []string{
		"no tienes|tiene que hacer nada", "no necesitas|necesita hacer nada", "no action is needed|required", "you don t need to do anything",
		"nothing to do", "voce nao precisa fazer nada", "nao e necessario fazer nada", "sie mussen nichts tun", "du musst nichts tun",
		"vous n avez rien a faire", "tu n as rien a faire", "aucune action n est requise",
	}},
	// Work unlocked only once money is paid ("before you can start receiving
	// deliveries, a kit and activation deposit is required", "para activar
	// tu cuenta y empezar a recibir pedidos, deposita $350").
	{Rule: "scam.work_unlock", Weight: 1, Phrases: []string{
		"before you can start receiving|taking|accepting deliveries|orders|jobs|rides|tasks", "orders|jobs|tasks|missions will be unlocked",
		"to unlock orders|jobs|tasks|missions|work", "empezar a recibir pedidos|viajes|trabajos", "para activar tu|su cuenta de repartidor|conductor",
		"para desbloquear los|las pedidos|tareas|misiones", "comecar a receber pedidos|corridas|entregas", "para ativar sua conta de entregador|motorista",
		"pour debloquer les missions|commandes|courses", "pour commencer a recevoir des commandes|courses", "um auftrage|fahrten freizuschalten",
		"bevor sie auftrage|fahrten|lieferungen erhalten",
	}},
	// Payment moved off the usual channel ("use the link below and not the
	// ParentPay app", "as we are changing payment provider").
	{Rule: "scam.channel_change", Weight: 1, Phrases: []string{
		"and|but not the|our|your app|portal|website", "and|but not the|our|your _ app|portal|website", "not through|via the app|portal",
		"instead of the|our|your app|portal", "instead of the|our|your _ app|portal",
		"changing|changed our|the payment provider|providers|system", "changing|changed payment provider|providers|system",
		"new payment provider|link",
		"y no la|nuestra app|aplicacion|web", "en lugar de la|nuestra app|aplicacion", "nuevo proveedor de pagos",
		"e nao pelo|o app|aplicativo|site", "em vez do app|aplicativo", "novo provedor de pagamento",
		"und nicht uber die app", "statt uber die app", "neuen zahlungsanbieter",
		"et non via|par l application|appli", "au lieu de l application|appli", "nouveau prestataire de paiement",
	}},
	{Rule: "scam.accept_request", Weight: 1, Phrases: []string{
		"acepta|acepte|aceptar|aceptes la solicitud|peticion", "accept the|this request", "accept the|this payment request", "aceite|aceitar|aceita a solicitacao|cobranca",
		"akzeptieren|bestatigen sie die anfrage|zahlungsanfrage", "acceptez|accepter la demande",
	}},
	{Rule: "scam.cutoff_today", Weight: 1, Phrases: []string{
		"pasara hoy|manana _ cortar", "pasara hoy a las # para cortar", "pasara hoy|manana a las # # para cortar",
		"a cortar el|su suministro|servicio", "a cortar la luz", "cortar|cortaremos hoy|manana", "corte hoy|manana", "suspendido hoy|manana",
		"will be disconnected|cut off today|tonight|tomorrow", "disconnected today|tonight", "disconnection|shutoff today|tonight|tomorrow", "sera suspendido|cortado|suspendida|cortada hoy|manana", "suspendida|cortada hoy|manana",
		"sera cortada|desligada hoje|amanha", "corte hoje|amanha", "wird heute|morgen abgeschaltet|gesperrt", "coupure aujourd hui|demain",
		"sera coupe|coupee aujourd hui|demain",
		// A pledge auctioned today unless the pawnbroker is paid.
		"sera rematada|rematado|subastada|subastado hoy|manana", "rematada|rematado hoy|manana", "will be auctioned|sold today|tomorrow",
		"sera leiloada|leiloado hoje|amanha", "wird heute|morgen versteigert", "sera vendue|vendu aux encheres aujourd hui", "sera vendue|vendu aux encheres demain",
	}},
	// Photos of a card's two sides carry its number and code: no bank,
	// hotel or shop asks for them.
	{Rule: "scam.card_photo", Weight: 1, Phrases: []string{
		"both sides of your card", "front and back of your card", "foto de tu|su tarjeta por las|los dos caras|lados",
		"foto de tu|su tarjeta por ambos lados", "frente e verso do seu|teu cartao", "foto do seu|teu cartao frente e verso",
		"recto verso de votre carte", "vorder und ruckseite ihrer|deiner karte",
	}},
	// A deposit, fee or verification payment asked of a seller.
	{Rule: "scam.seller_fee", Weight: 1, Phrases: []string{
		"deposito de garantia|verificacion|seguridad", "deposito de garantia|verificacao|seguranca", "security|verification deposit|fee",
		"sicherheitsleistung|verifizierungsgebuhr|kaution", "depot de garantie|verification", "frais de verification|securite",
	}},
	// A caller announced, and a code to have ready for them ("Ein
	// Mitarbeiter ruft Sie an, halten Sie den Freigabecode bereit").
	{Rule: "scam.caller", Weight: 1, Phrases: []string{
		"ruft sie|dich _ an", "ruft sie|dich _ _ an", "ruft sie|dich _ _ _ an", "will call you", "ll call you", "is going to call you",
		"te marcara|llamara", "le marcara|llamara", "te va a marcar|llamar", "vai te ligar", "ligara para voce", "vous appellera", "t appellera",
		"vous rappellera", "wird sie|dich anrufen",
	}},
	{Rule: "scam.code_ready", Weight: 1, Phrases: []string{
		"halten sie den|die|ihren|ihre _ bereit", "halten sie den|die|ihren|ihre _ _ _ bereit", "halten sie den|die|ihren|ihre _ _ _ _ bereit", "halte den|die|deinen|deine _ bereit",
		"halte den|die|deinen|deine _ _ _ bereit", "have the|your code|pin|passcode ready", "keep the|your code|pin ready",
		"ten|tenga a la mano|lista la|el|tu|su clave|codigo|token|nip|pin|contrasena",
		"card number and pin|nip|passcode ready", "your pin|nip|passcode ready", "tarjeta y nip|pin a la mano", "tenha o|a|seu|sua codigo|senha|token em maos|pronto",
		"ayez le|votre code|mot sous la main", "ayez votre|le code a portee de main",
		// The secret named at length between "have" and "ready" ("Have your
		// card PIN and the code we text you ready").
		"have your|the card pin", "have your|the card pin and", "code we text|send|sent you ready", "pin and the code",
		"tenha em maos a|sua senha|codigo", "tenha em maos a senha do cartao", "ten|tenga a la mano tu|su nip|clave",
		"ayez votre code confidentiel", "halten sie ihre pin|tan bereit",
	}},
	// A booking or sale taken off the platform to save its fee: the
	// platform's protection left behind, and the payment with it.
	{Rule: "scam.off_platform", Weight: 1, Phrases: []string{
		// PayPal's "friends and family" payments, which carry no buyer
		// protection: the ticket and marketplace fraudster's ask.
		"paypal friends and family", "paypal friends family", "paypal freunde und familie", "paypal freunde familie",
		"paypal amigos y familiares", "paypal amigos e familiares", "paypal amis et famille", "paypal amis famille",
		"paypal f f",
		"fuera de la plataforma|aplicacion|app|web", "outside|off the platform|app|site", "fora da plataforma", "fora do app|aplicativo|site",
		"ausserhalb der plattform|app", "en dehors de la plateforme|l application|du site", "hors plateforme",
		// Told not to pay through the platform: its fee is the pretext.
		"don t pay through|via|on the platform|app|website|site", "don t pay through|via|on the booking site|platform|app",
		"do not pay through|via|on the platform|app|website|site", "do not pay through|via|on the booking site|platform|app",
		"nao pague pela plataforma", "nao pague pelo app|site|aplicativo", "no pagues|pague por la plataforma|aplicacion|web",
		"no pagues|pague a traves de la plataforma|aplicacion|web", "ne payez pas via|par|sur la plateforme",
		"ne payez pas via|par|sur le site", "ne payez pas via|par|sur l application", "zahlen sie nicht uber die plattform|app|website",
	}},
	// A degree sold without study or exams is the diploma mill's offer.
	{Rule: "scam.degree", Weight: 1, Phrases: []string{
		"diploma|diplomas|degree|degrees|diplome|diplomes|titulo|titulos|diplom|abschluss|bachelor|master|mba|licence|licenciatura|graduacao",
		// A driving licence sold without its tests is the same fraud.
		"driving licence|license", "cnh", "carteira de motorista|habilitacao", "carnet|licencia de conducir|manejo", "permis de conduire",
		"fuhrerschein",
	}},
	{Rule: "scam.no_study", Weight: 1, Phrases: []string{
		"without exams|studying|classes|attending|coursework", "no exams|classes|coursework required|needed", "no exams|classes",
		"sans cours|examen|examens", "sin examen|examenes|estudiar|clases|asistir", "sem provas|prova|estudar|aulas",
		"ohne prufung|prufungen|studium|vorlesungen|anwesenheit", "ni examen|examenes|examens",
		"no|without theory|practical test|tests|exam", "no theory or practical", "sem precisar fazer prova|provas|exame|autoescola",
		"sem fazer prova|provas|exame|autoescola", "sin hacer examen|examenes", "sin hacer el examen", "sans passer l|le examen|code|permis",
		"ohne fahrprufung|theorieprufung|fahrschule",
	}},
	// A visa or residence promised as a sure thing, or through someone
	// inside the consulate: no agent can promise what a consulate decides.
	{Rule: "scam.visa", Weight: 1, Phrases: []string{
		"visa|visas|visto|vistos|residency|residencia|aufenthaltstitel|aufenthaltserlaubnis|arbeitserlaubnis", "green card|cards",
		"titre|titres de sejour", "permiso|permisos de trabajo|residencia", "work permit|permits",
	}},
	{Rule: "scam.visa_promise", Weight: 1, Phrases: []string{
		"guaranteed visa|visas|approval|residency|entry", "visa|visas|visto|vistos garantizada|garantizado|garantida|garantido|guaranteed|garantiert|garanti|garantie",
		"sacamos|tramitamos|conseguimos garantizada|garantizado|garantizadas|garantizados", "tiramos|conseguimos garantido|garantida",
		"without|sin|sem|ohne|sans interview|entrevista|entretien", "without|sin|sem|ohne|sans an|una|uma|la|a|ein|un interview|entrevista|entretien",
		"contacts|contactos|contatos|kontakte at|in|en|no|na|im|a|au the|el|la|o|der|beim|dem consulate|embassy|consulado|embajada|embaixada|konsulat|botschaft|consulat|ambassade",
		"no interview|interviews", "skip the interview|queue|line",
	}},
	// Payment taken in cash vouchers bought at a kiosk (PCS, Transcash,
	// Neosurf coupons): untraceable, and what no seller with a till asks
	// for ("paiement par virement ou coupons PCS").
	{Rule: "scam.voucher_payment", Weight: 1, Phrases: []string{
		"coupon|coupons|recharge|recharges|ticket|tickets pcs|transcash|neosurf", "cupon|cupones|cupom|cupons pcs|transcash|neosurf",
		"par|en|avec|with|by|in|con|com|em|mit|per|via pcs|transcash|neosurf",
	}},
	{Rule: "scam.card_proof", Weight: 1, Phrases: []string{
		"photo|photos|picture|pictures|pic|pics of the back|card|cards|codes", "the back of the card|cards", "scratch off",
		"with|give|read the card numbers|codes|pins", "los numeros|codigos de las tarjetas", "os numeros|codigos dos cartoes",
		"die nummern|codes der karten", "les numeros|codes des cartes|coupons", "le code du coupon",
		"send|text me|us the codes|numbers|pins", "foto|fotos del reverso", "foto|fotos de la|las tarjeta|tarjetas", "foto|fotos de los codigos", "el reverso",
		"envienos|envie|enviame|mandame|manda los codigos|numeros", "envienos|envie|enviame|mandame|manda el codigo",
		"nos envie|mande|manda el|los codigo|codigos",
		"foto|fotos do verso|cartao", "foto|fotos dos cartoes|codigos", "o verso", "envie|mande|manda os codigos|numeros",
		"envie|mande|manda o codigo", "foto|fotos der ruckseite|karte|karten|codes", "ruckseite",
		"schicken|senden sie mir|uns die codes", "schicken|senden sie mir|uns den code", "schick mir die codes", "schick mir den code",
		"photo|photos du dos", "photo|photos de la carte", "photo|photos des cartes|codes", "le dos de la carte",
		"envoyez|envoie nous|moi les codes", "envoyez|envoie nous|moi le code", "envoyez|envoie les codes",
	}},
	// Money said to be owed to the recipient by a stranger (an inheritance
	// from a late client, unclaimed funds) is the advance-fee opening
	// even before a fee is named.
	{Rule: "scam.windfall", Weight: 1, Unless: []string{"tax", "taxes", "impuesto", "imposto", "steuer", "planning"}, Phrases: []string{
		"inheritance", "next of kin", "unclaimed funds|inheritance|estate", "late client", "deceased client|relative",
		"herencia", "fondos no reclamados", "pariente mas cercano", "heranca", "fundos nao reclamados", "parente mais proximo",
		"erbschaft", "nachlass", "nachster angehoriger", "nachste angehorige", "heritage", "succession non reclamee",
		"plus proche parent", "fonds non reclames",
		// A stranger who "shares your surname" and died without heirs.
		"cliente fallecido|falecido", "client decede", "verstorbener klient|mandant", "no heirs", "without heirs",
		"sin herederos", "sem herdeiros", "ohne erben", "sans heritiers", "shares your surname|name", "comparte su|tu apellido",
		"mesmo sobrenome", "gleichen nachnamen", "meme nom de famille",
	}},
	// A client's own probate, in the steps of its procedure (a deed of
	// acceptance signed, the estate tax filed, a grant applied for): the
	// firm handling an estate writes of "la herencia de {{2}}" to its
	// client, not to a stranger.
	{Rule: "scam.probate", Weight: 1, Phrases: []string{
		"grant of probate", "probate application", "inheritance tax return", "estate accounts",
		"escritura de aceptacion|adjudicacion", "aceptacion y adjudicacion", "impuesto de sucesiones", "declaracion de herederos", "cuaderno particional",
		"escritura de inventario|partilha", "formal de partilha", "itcmd", "inventario extrajudicial",
		"erbschein", "erbschaftsteuererklarung", "nachlassgericht", "declaration de succession", "acte de notoriete", "droits de succession",
	}},
	// Money said to reach the recipient by mistake, with a request to send
	// it back: the "wrong Pix" and overpayment scripts. A business that
	// charged too much refunds it itself.
	// A code announced, then asked back by a pronoun in the next sentence
	// ("Vous allez recevoir un code à 6 chiffres par SMS. Merci de nous le
	// transmettre en réponse"): the account-takeover script split in two.
	{Rule: "scam.code_coming", Weight: 1, Phrases: []string{
		"you will|ll receive a code|pin", "vous allez recevoir un code", "vous recevrez un code", "recibiras|recibira un codigo",
		"vas|va a recibir un codigo", "voce vai receber um codigo", "voce recebera um codigo", "sie erhalten einen code",
		"du erhaltst einen code",
	}},
	{Rule: "scam.return_it", Weight: 1, Phrases: []string{
		"nous le transmettre|communiquer|renvoyer", "transmettez|communiquez|renvoyez le nous", "send|forward it to us", "send it back to us",
		"reply with it", "envianoslo|reenvianoslo|dinoslo|comunicanoslo", "nos lo envie|reenvie|comunique", "envie|repasse o para nos",
		"nos envie|repasse o codigo", "schicken|senden sie ihn uns", "teilen sie ihn uns mit",
	}},
	// Money paid in to be passed on, a commission kept: the money mule's
	// "mystery shopper" or "payment agent" job ("te ingresamos 1.200 €...
	// te quedas 300 € de comisión y envías el resto por Bizum").
	{Rule: "scam.keep_commission", Weight: 1, Phrases: []string{
		"te quedas|quedate con # ¤", "te quedas|quedate con una|tu comision", "te quedas # ¤", "keep # ¤|% as|for your commission|fee",
		"keep your commission|cut", "voce fica com # ¤|%", "fica com sua comissao", "behalten sie|behalte # ¤|%", "gardez # ¤|%",
		"te quedas el # %", "keep ¤ #",
	}},
	{Rule: "scam.send_rest", Weight: 1, Phrases: []string{
		"envias|envia|mandas|manda|transfieres|transfiere el resto", "send|transfer|forward the rest|remainder|balance on",
		"envia|manda|transfira o resto", "den rest uberweisen|weiterleiten|senden", "uberweisen|senden sie den rest",
		"envoyez|renvoyez|transferez le reste",
	}},
	{Rule: "scam.mistaken_payment", Weight: 1, Phrases: []string{
		"by mistake|accident", "accidentally", "overpaid", "overpayment", "paid too much", "sent you too much",
		"por error|equivocacion", "por un error", "por um erro", "by an error", "sin querer", "de mas", "errado|errada", "por engano|erro", "a mais", "pix errado",
		"versehentlich", "aus versehen", "irrtumlich", "zu viel uberwiesen|bezahlt|gezahlt", "par erreur|megarde", "trop percu", "trop paye",
	}},
	{Rule: "scam.send_back", Weight: 1, Phrases: []string{
		"send it back", "send the money|difference back", "send back", "return the money|difference|excess", "pay it back", "pay the difference back",
		"devuelva|devuelvas|devuelvame|devuelvemelo|devolverme|devolvermelo|devuelve", "reembolsar la diferencia", "regresas|regresa|regresame|regresarme|regresar|regreses",
		"devolva|devolve|devolver|devolvesse|devolvam", "me devolver", "estornar para",
		"zuruckuberweisen|zuruckuberweist|zuruckzahlen|zuruckschicken|zurucksenden", "uberweisen sie _ zuruck", "schicken sie _ zuruck",
		"renvoyer|renvoyez", "me rembourser|retourner", "remboursez moi", "rembourser la difference", "retourner l argent",
	}},
	// Nobody writing a legitimate template tells the recipient to keep the
	// police out of it: the kidnapping and extortion scripts.
	{Rule: "scam.extortion", Weight: 1, Phrases: []string{
		"don t call|contact|tell|involve the police|cops", "do not call|contact|tell|involve the police|cops",
		"dont call|contact|tell|involve the police|cops", "no police", "we have your son|daughter|child|kid|husband|wife|mother|father",
		"no llame|llames|avise|avises|contacte|involucre a la policia", "sin policia", "tenemos a su|tu hijo|hija|esposo|esposa|madre|padre|familiar|hermano|hermana",
		"if you call|contact the police", "si llamas|avisas|llama|avisa a la policia", "se chamar|avisar a policia", "se ligar para a policia",
		"wenn sie die polizei", "wenn du die polizei", "si vous appelez|prevenez la police", "si tu appelles la police",
		"secuestrado|secuestrada|secuestramos", "nao chame|chama|ligue|liga|avise|avisa|envolva a policia", "sem policia",
		"estamos com seu|sua filho|filha|marido|esposa|mae|pai|irmao|irma|parente", "estamos com o|a seu|sua filho|filha|marido|esposa|mae|pai", "sequestrado|sequestrada|sequestramos",
		"keine polizei", "rufen sie nicht die polizei", "informieren sie nicht die polizei", "wir haben ihren|ihre|deinen|deine sohn|tochter|mann|frau",
		"entfuhrt", "n appelez pas la police", "ne prevenez|contactez|appelez pas la police", "pas de police", "nous avons votre|ton|ta fils|fille|mari|femme",
		"kidnapped", "enleve|enlevee",
	}},
	// A tax refund "to claim" is the fake tax office's opening: a real
	// refund is paid without being claimed by message.
	{Rule: "scam.tax_refund", Weight: 1, Phrases: []string{
		"tax refund|rebate", "tax return refund", "hmrc|irs refund", "refund from|by hmrc|irs", "refund from|by the irs",
		"devolucion de impuestos|hacienda", "devolucion de la renta", "reembolso de impuestos|hacienda", "restituicao do|de imposto|ir", "restituicao", "steuererstattung|steuerruckerstattung",
		"erstattung vom|des finanzamt*", "ruckerstattung vom|des finanzamt*", "remboursement d impot|impots", "remboursement des impots",
		"remboursement de la dgfip", "remboursement du tresor", "trop percu d impot",
	}},
	{Rule: "scam.claim", Weight: 1, Phrases: []string{
		"claim", "claim it|yours|now", "owed", "awaiting", "waiting for you", "reclame|reclamar|reclama|reclamelo|solicitelo|solicite|cobre|cobrar",
		"a su nombre", "resgate|resgatar|resgata|solicite|receba", "a receber", "fordern|beantragen sie", "anfordern", "ausstehend",
		"steht ihnen zu", "reclamez|recuperez|demandez", "en attente", "vous attend", "before|antes|vor|avant {{}}", "antes del|de {{}}",
		"vor dem {{}}", "avant le {{}}", "beneficiary", "beneficiario|beneficiaria|begunstigte*|beneficiaire",
		"# million|millions|millones|milhoes|millionen",
	}},
	{Rule: "scam.bank_entry", Weight: 1, Phrases: []string{
		"enter|provide|confirm|update|submit your bank|banking|card details",
		"with your bank|banking|card details", "bank card details", "con los datos de tu|su tarjeta|cuenta", "com os dados do seu cartao",
		"mit ihren kartendaten|bankdaten", "avec vos coordonnees bancaires",
		"introduzca|introduce|ingrese|ingresa|facilite|confirme|actualice sus|tus datos bancarios",
		"informe|confirme|atualize|cadastre seus dados bancarios",
		"geben sie ihre bankdaten|bankverbindung", "bestatigen sie ihre bankdaten|bankverbindung",
		"saisissez|renseignez|indiquez|confirmez|communiquez vos coordonnees bancaires",
		// Gerunds and the other nouns of bank details ("en confirmant vos
		// informations bancaires").
		"confirmant|saisissant|renseignant|confirmez|saisissez|renseignez vos informations|donnees|coordonnees bancaires",
		"confirming|entering|providing your bank|banking|card details|information", "confirm|enter|provide your banking|bank information",
		"confirmando|ingresando|introduciendo tus|sus datos bancarios", "confirmando|informando|atualizando seus dados bancarios",
		"indem sie ihre bankdaten|kartendaten bestatigen", "ihre bankdaten|kartendaten bestatigen",
	}},
}

var threatLexicon = compile(threatTerms)

// threats finds a threat together with a payment demand and a deadline, or
// with a request to verify account details.
//
// A threat or a refund together with entry a credential (entries) is
// phishing too.
// noCharge names a cost waived ("free shipping over R$ 199", "sans
// frais"): the fee word inside it is no fee asked for.
var noCharge = compile([]term{{Rule: "scam.no_charge", Weight: 1, Phrases: []string{
	"free shipping|delivery|returns", "envio|envios|entrega gratis|gratuito|gratuita", "frete gratis|gratuito",
	"kostenloser versand", "kostenlose lieferung|rucksendung", "versandkostenfrei", "livraison gratuite|offerte",
	"sin gastos de envio", "sem taxa de entrega", "no delivery|shipping fee|fees|charge|charges", "sans frais de port|livraison",
	"ohne versandkosten",
}}})

func threats(d *doc, lang string, entries []Signal) []Signal {
	first := map[string]hit{}
	for _, h := range outside(threatLexicon.scan(d, lang, partText, partExample), noCharge.scan(d, lang, partText, partExample)) {
		if _, ok := first[h.e.rule]; !ok {
			first[h.e.rule] = h
		}
	}
	show := func(rule string) string {
		h, ok := first[rule]
		if !ok {
			return ""
		}
		return fragment(h.p, h.from, h.to)
	}
	_, pay := first["scam.payment"]
	_, deadline := first["scam.deadline"]
	_, verify := first["scam.verify"]
	var out []Signal
	if h, ok := first["scam.easy_money"]; ok && !warning(h) {
		out = append(out, Signal{Rule: "scam.easy_money", Weight: 1, Detail: show("scam.easy_money") + " in " + h.p.where})
	}
	if h, ok := first["scam.impersonation"]; ok && pay && !warning(h) {
		out = append(out, Signal{Rule: "scam.impersonation", Weight: 1, Detail: fmt.Sprintf("%s, payment %s in %s",
			show("scam.impersonation"), show("scam.payment"), first["scam.impersonation"].p.where)})
	}
	has := func(rules ...string) bool {
		for _, r := range rules {
			if _, ok := first[r]; !ok {
				return false
			}
		}
		return true
	}
	if h, ok := first["scam.pay_rate"]; ok && has("scam.job_bait", "scam.earn") {
		out = append(out, Signal{Rule: "scam.easy_money", Weight: 1, Detail: fmt.Sprintf("pay %s, bait %s in %s",
			show("scam.pay_rate"), show("scam.job_bait"), h.p.where)})
	}
	if _, ok := first["scam.release"]; ok && len(entries) > 0 {
		out = append(out, Signal{Rule: "scam.phishing", Weight: 1, Detail: fmt.Sprintf("something to release %s, request %s",
			show("scam.release"), entries[0].Detail)})
	}
	// A seller told to pay a deposit before a buyer's money is released
	// ("un depósito de garantía de $99... para liberar tu dinero").
	if has("scam.receive_money", "scam.seller_fee", "scam.amount") {
		out = append(out, Signal{Rule: "scam.fake_buyer", Weight: 1, Detail: fmt.Sprintf("money to receive %s, fee %s %s",
			show("scam.receive_money"), show("scam.seller_fee"), show("scam.amount"))})
	}
	// A payment "to receive" that is accepted in the app is a request to
	// pay: the reverse Bizum or Pix request.
	if has("scam.receive_money", "scam.accept_request") {
		out = append(out, Signal{Rule: "scam.fake_buyer", Weight: 1, Detail: fmt.Sprintf("money to receive %s, %s",
			show("scam.receive_money"), show("scam.accept_request"))})
	}
	// A cut-off today unless the recipient calls the number given: the
	// fake utility's collections line.
	if _, ok := first["scam.cutoff_today"]; ok {
		if call, ok := callToNumberGiven(d, lang); ok {
			out = append(out, Signal{Rule: "scam.callback", Weight: 1, Detail: fmt.Sprintf("%s, %s", show("scam.cutoff_today"), call)})
		}
	}
	// A cut-off today unless money goes to an account the message names
	// ("transfiere por SPEI a la cuenta {{1}} a nombre de Gestoría...").
	if has("scam.cutoff_today", "scam.pay_to_account") && pay {
		out = append(out, Signal{Rule: "scam.redirected_payment", Weight: 1, Detail: fmt.Sprintf("%s, payment %s %s",
			show("scam.cutoff_today"), show("scam.payment"), show("scam.pay_to_account"))})
	}
	// Negated within the few words before ("nunca le pediremos una foto de
	// su tarjeta") it is a warning; a purpose clause earlier in the
	// sentence ("para no perderla, responde con una foto...") is not.
	if h, ok := first["scam.card_photo"]; ok && !anyIn(h.p.toks, h.from-4, h.from-1, negations) {
		out = append(out, Signal{Rule: "scam.card_photo", Weight: 1, Detail: show("scam.card_photo") + " in " + h.p.where})
	}
	if h, ok := first["scam.wire_service"]; ok {
		out = append(out, Signal{Rule: "scam.wire_service", Weight: 1, Detail: show("scam.wire_service") + " in " + h.p.where})
	}
	// A fee deposited to "the account indicated" before money is released.
	if has("scam.fee", "scam.pay_to_account") && pay {
		out = append(out, Signal{Rule: "scam.advance_fee", Weight: 1, Detail: fmt.Sprintf("fee %s, payment %s %s",
			show("scam.fee"), show("scam.payment"), show("scam.pay_to_account"))})
	}
	if has("scam.code_ready", "scam.caller") {
		out = append(out, Signal{Rule: "scam.credential_request", Weight: 1, Detail: fmt.Sprintf("%s, %s",
			show("scam.caller"), show("scam.code_ready"))})
	} else if h, ok := first["scam.code_ready"]; ok && !warning(h) {
		// A secret to have ready for a number the message gives: the
		// vishing line ("call us at {{3}} and have your card number and
		// PIN ready"). A bank's own alert never asks for the PIN.
		if call, ok := callToNumberGiven(d, lang); ok {
			out = append(out, Signal{Rule: "scam.credential_request", Weight: 1, Detail: fmt.Sprintf("%s, %s",
				call, show("scam.code_ready"))})
		}
	}
	// A payout to collect once a fee is paid: the advance-fee script
	// ("para cobrarla, abone previamente 15 € de gastos de gestión").
	if has("scam.receive_money", "scam.fee") && pay {
		out = append(out, Signal{Rule: "scam.advance_fee", Weight: 1, Detail: fmt.Sprintf("money to receive %s, fee %s, payment %s",
			show("scam.receive_money"), show("scam.fee"), show("scam.payment"))})
	}
	for _, rule := range []string{"scam.safe_account", "scam.approve_for_caller"} {
		if h, ok := first[rule]; ok && !deniedBefore(h, lang) {
			out = append(out, Signal{Rule: rule, Weight: 1, Detail: show(rule) + " in " + h.p.where})
		}
	}
	if h, ok := first["scam.release_fee"]; ok && has("scam.receive_money") && !deniedBefore(h, lang) {
		out = append(out, Signal{Rule: "scam.advance_fee", Weight: 1, Detail: fmt.Sprintf("money to receive %s, %s",
			show("scam.receive_money"), show("scam.release_fee"))})
	}
	if has("scam.work_unlock") && pay && (has("scam.release_fee") || has("scam.fee") || has("scam.pay_to_account")) {
		out = append(out, Signal{Rule: "scam.job_fee", Weight: 1, Detail: fmt.Sprintf("work %s, payment %s",
			show("scam.work_unlock"), show("scam.payment"))})
	}
	if has("scam.check_deposit", "scam.send_balance") {
		out = append(out, Signal{Rule: "scam.overpayment", Weight: 1, Detail: fmt.Sprintf("%s, then %s",
			show("scam.check_deposit"), show("scam.send_balance"))})
	}
	if h, ok := first["scam.channel_change"]; ok && pay && !warning(h) {
		out = append(out, Signal{Rule: "scam.off_platform", Weight: 1, Detail: fmt.Sprintf("%s, payment %s",
			show("scam.channel_change"), show("scam.payment"))})
	}
	if h, ok := first["scam.off_platform"]; ok && pay && !deniedBefore(h, lang) {
		out = append(out, Signal{Rule: "scam.off_platform", Weight: 1, Detail: fmt.Sprintf("%s, payment %s",
			show("scam.off_platform"), show("scam.payment"))})
	}
	if _, ok := first["scam.receive_money"]; ok && len(entries) > 0 {
		out = append(out, Signal{Rule: "scam.fake_buyer", Weight: 1, Detail: fmt.Sprintf("money to receive %s, request %s",
			show("scam.receive_money"), entries[0].Detail)})
	}
	if pay && has("scam.rental_deposit", "scam.absent_owner") {
		out = append(out, Signal{Rule: "scam.rental", Weight: 1, Detail: fmt.Sprintf("deposit %s, %s, payment %s",
			show("scam.rental_deposit"), show("scam.absent_owner"), show("scam.payment"))})
	}
	if pay && has("scam.earn", "scam.job_fee", "scam.amount") {
		out = append(out, Signal{Rule: "scam.job_fee", Weight: 1, Detail: fmt.Sprintf("job %s, fee %s, payment %s %s",
			show("scam.earn"), show("scam.job_fee"), show("scam.payment"), show("scam.amount"))})
	}
	if h, ok := first["scam.investment_group"]; ok && !warning(h) {
		out = append(out, Signal{Rule: "scam.investment_group", Weight: 1, Detail: show("scam.investment_group") + " in " + h.p.where})
	}
	if h, ok := first["scam.pension_release"]; ok && !warning(h) {
		out = append(out, Signal{Rule: "scam.pension_release", Weight: 1, Detail: show("scam.pension_release") + " in " + h.p.where})
	}
	if h, ok := first["scam.tech_support"]; ok {
		out = append(out, Signal{Rule: "scam.tech_support", Weight: 1, Detail: show("scam.tech_support") + " in " + h.p.where})
	}
	if has("scam.delivery_failed", "scam.payment", "scam.amount") {
		out = append(out, Signal{Rule: "scam.advance_fee", Weight: 1, Detail: fmt.Sprintf("delivery %s, payment %s %s in %s",
			show("scam.delivery_failed"), show("scam.payment"), show("scam.amount"), first["scam.delivery_failed"].p.where)})
	} else if has("scam.fee", "scam.amount", "scam.fee_pretext") && !deniedBefore(first["scam.fee"], lang) && !has("scam.nothing_to_do") && !has("scam.own_channel") {
		out = append(out, Signal{Rule: "scam.advance_fee", Weight: 1, Detail: fmt.Sprintf("fee %s %s, pretext %s in %s",
			show("scam.fee"), show("scam.amount"), show("scam.fee_pretext"), first["scam.fee"].p.where)})
	}
	if call, ok := callToNumberGiven(d, lang); ok {
		switch {
		case has("scam.disown", "scam.undo", "scam.amount"):
			out = append(out, Signal{Rule: "scam.callback", Weight: 1, Detail: fmt.Sprintf("%s, %s, to %s",
				show("scam.disown"), call, show("scam.undo"))})
		case has("scam.malware"):
			out = append(out, Signal{Rule: "scam.tech_support", Weight: 1, Detail: fmt.Sprintf("%s, %s", show("scam.malware"), call)})
		}
	}
	if pay && has("scam.no_own_account") {
		out = append(out, Signal{Rule: "scam.redirected_payment", Weight: 1, Detail: fmt.Sprintf("%s, payment %s in %s",
			show("scam.no_own_account"), show("scam.payment"), first["scam.no_own_account"].p.where)})
	} else if pay && (has("scam.new_account") || has("scam.secrecy")) {
		rule := "scam.new_account"
		if !has(rule) {
			rule = "scam.secrecy"
		}
		// A warning ("we will never ask you to move money to a safe
		// account") names the script to refuse it.
		if h := first[rule]; !warning(h) {
			out = append(out, Signal{Rule: "scam.redirected_payment", Weight: 1, Detail: fmt.Sprintf("%s, payment %s in %s",
				show(rule), show("scam.payment"), h.p.where)})
		}
	}
	if _, ok := first["scam.refund"]; ok && len(entries) > 0 {
		out = append(out, Signal{Rule: "scam.refund_details", Weight: 1, Detail: fmt.Sprintf("refund %s, request %s",
			show("scam.refund"), entries[0].Detail)})
	} else if has("scam.refund", "scam.bank_entry") {
		out = append(out, Signal{Rule: "scam.refund_details", Weight: 1, Detail: fmt.Sprintf("refund %s, request %s in %s",
			show("scam.refund"), show("scam.bank_entry"), first["scam.refund"].p.where)})
	}
	if h, ok := first["scam.exposure"]; ok && pay {
		out = append(out, Signal{Rule: "scam.extortion", Weight: 1, Detail: fmt.Sprintf("%s, payment %s in %s", show("scam.exposure"), show("scam.payment"), h.p.where)})
	}
	if has("scam.pet", "scam.courier", "scam.amount") && (pay || has("scam.fee_pretext")) {
		out = append(out, Signal{Rule: "scam.advance_fee", Weight: 1, Detail: fmt.Sprintf("%s sent %s for %s", show("scam.pet"), show("scam.courier"), show("scam.amount"))})
	}
	if h, ok := first["scam.safe_account"]; ok && !warning(h) {
		out = append(out, Signal{Rule: "scam.redirected_payment", Weight: 1, Detail: show("scam.safe_account") + " in " + h.p.where})
	}
	if has("scam.recovery", "scam.lost_to_scam") {
		out = append(out, Signal{Rule: "scam.advance_fee", Weight: 1, Detail: fmt.Sprintf("recovery %s, %s in %s",
			show("scam.recovery"), show("scam.lost_to_scam"), first["scam.recovery"].p.where)})
	}
	if h, ok := first["scam.wrong_number"]; ok {
		out = append(out, Signal{Rule: "scam.stranger", Weight: 1, Detail: show("scam.wrong_number") + " in " + h.p.where})
	} else if has("scam.stranger", "scam.who_is_this") {
		out = append(out, Signal{Rule: "scam.stranger", Weight: 1, Detail: fmt.Sprintf("%s, %s", show("scam.who_is_this"), show("scam.stranger"))})
	}
	if has("scam.quiz") && (has("scam.gift_card") || has("scam.giveaway")) {
		out = append(out, Signal{Rule: "scam.prize", Weight: 1, Detail: fmt.Sprintf("%s for %s", show("scam.quiz"), cmp.Or(show("scam.gift_card"), show("scam.giveaway")))})
	} else if has("scam.third_party_login") && (has("scam.gift_card") || has("scam.giveaway")) {
		out = append(out, Signal{Rule: "scam.prize", Weight: 1, Detail: fmt.Sprintf("%s for %s", show("scam.third_party_login"), cmp.Or(show("scam.gift_card"), show("scam.giveaway")))})
	}
	if h, ok := first["scam.pyramid"]; ok {
		out = append(out, Signal{Rule: "scam.pyramid", Weight: 1, Detail: show("scam.pyramid") + " in " + h.p.where})
	}
	if has("scam.reshipping", "scam.earn") || has("scam.reshipping", "scam.pay_rate") {
		out = append(out, Signal{Rule: "scam.easy_money", Weight: 1, Detail: show("scam.reshipping") + " as a job"})
	}
	if has("scam.gift_card", "scam.card_proof") {
		out = append(out, Signal{Rule: "scam.gift_card_payment", Weight: 1, Detail: fmt.Sprintf("%s, %s in %s",
			show("scam.gift_card"), show("scam.card_proof"), first["scam.gift_card"].p.where)})
	}
	if has("scam.windfall") && (has("scam.amount") || has("scam.claim")) && !has("scam.probate") {
		out = append(out, Signal{Rule: "scam.advance_fee", Weight: 1, Detail: fmt.Sprintf("windfall %s in %s",
			show("scam.windfall"), first["scam.windfall"].p.where)})
	}
	if has("scam.code_coming", "scam.return_it") {
		out = append(out, Signal{Rule: "scam.credential_request", Weight: 1, Detail: fmt.Sprintf("%s, then %s in %s",
			show("scam.code_coming"), show("scam.return_it"), first["scam.code_coming"].p.where)})
	}
	if has("scam.keep_commission", "scam.send_rest") {
		out = append(out, Signal{Rule: "scam.money_mule", Weight: 1, Detail: fmt.Sprintf("%s, %s in %s",
			show("scam.keep_commission"), show("scam.send_rest"), first["scam.keep_commission"].p.where)})
	}
	if has("scam.mistaken_payment", "scam.send_back") {
		out = append(out, Signal{Rule: "scam.mistaken_payment", Weight: 1, Detail: fmt.Sprintf("%s, %s in %s",
			show("scam.mistaken_payment"), show("scam.send_back"), first["scam.send_back"].p.where)})
	}
	if has("scam.visa", "scam.visa_promise") {
		out = append(out, Signal{Rule: "scam.visa", Weight: 1, Detail: fmt.Sprintf("%s %s in %s",
			show("scam.visa"), show("scam.visa_promise"), first["scam.visa"].p.where)})
	}
	if has("scam.degree", "scam.no_study") {
		out = append(out, Signal{Rule: "scam.diploma_mill", Weight: 1, Detail: fmt.Sprintf("%s %s in %s",
			show("scam.degree"), show("scam.no_study"), first["scam.degree"].p.where)})
	}
	if h, ok := first["scam.voucher_payment"]; ok {
		out = append(out, Signal{Rule: "scam.voucher_payment", Weight: 1, Detail: show("scam.voucher_payment") + " in " + h.p.where})
	}
	if h, ok := first["scam.extortion"]; ok {
		out = append(out, Signal{Rule: "scam.extortion", Weight: 1, Detail: show("scam.extortion") + " in " + h.p.where})
	}
	if has("scam.tax_refund", "scam.claim") {
		out = append(out, Signal{Rule: "scam.refund_details", Weight: 1, Detail: fmt.Sprintf("refund %s to %s in %s",
			show("scam.tax_refund"), show("scam.claim"), first["scam.tax_refund"].p.where)})
	}
	threat, ok := first["scam.threat"]
	if !ok {
		return out
	}
	if pay && deadline {
		out = append(out, Signal{Rule: "scam.threat_payment", Weight: 1, Detail: fmt.Sprintf("threat %s, payment %s, deadline %s in %s",
			show("scam.threat"), show("scam.payment"), show("scam.deadline"), threat.p.where)})
	}
	switch {
	case verify:
		out = append(out, Signal{Rule: "scam.phishing", Weight: 1, Detail: fmt.Sprintf("threat %s, request %s in %s",
			show("scam.threat"), show("scam.verify"), threat.p.where)})
	case len(entries) > 0:
		out = append(out, Signal{Rule: "scam.phishing", Weight: 1, Detail: fmt.Sprintf("threat %s in %s, request %s",
			show("scam.threat"), threat.p.where, entries[0].Detail)})
	}
	return out
}

// forwardMessage asks for the message itself to be passed on.
var forwardMessage = compile([]term{{Rule: "scam.forward_message", Weight: 1, Phrases: []string{
	"forward|share this message|text", "reenvia|reenvie|reenviar|comparte|comparta este mensaje|sms",
	"encaminhe|encaminha|encaminhar|compartilhe esta mensagem", "leiten sie diese nachricht|sms", "leite diese nachricht|sms",
	"transferez|transferer|partagez ce message|sms",
	"leite|leiten diesen|den|deinen|ihren code|bestatigungscode", "leiten sie diesen|den|ihren code|bestatigungscode",
}}})

// freePrize reports whether a winner is told the prize costs nothing and
// no money or bank details will be asked for ("Nunca te pediremos pagos
// ni datos bancarios"), with no amount anywhere to pay: a real draw's
// notice. A notice that names a fee is judged as before.
func freePrize(d *doc, lang string) bool {
	if len(prizeDisclaimer.scan(d, lang, partText)) == 0 {
		return false
	}
	_, _, priced := findPrice(d)
	return !priced
}

var prizeDisclaimer = compile([]term{{Rule: "scam.prize_disclaimer", Weight: 1, Phrases: []string{
	"nunca te|le|les pediremos|pedimos|pedira pagos|pago|dinero|datos", "never ask you for|to payment|money|fees|bank|card",
	"will never ask for payment|money|fees", "nunca pediremos|pedimos|pedira pagamento|pagamentos|dinheiro|dados",
	"wir verlangen|fragen niemals|nie", "nous ne vous demanderons jamais", "ne vous demanderons jamais",
}}})

// A percentage, points or cashback "won" is a loyalty reward, not a prize.
var prizeLexicon = compile([]term{{Rule: "scam.prize", Weight: 1, Unless: []string{
	"%", "points", "puntos", "pontos", "punkte", "cashback", "descuento", "desconto", "discount", "rabatt", "remise",
	"auction", "bid", "bids", "lot", "t", "subasta", "leilao", "auktion", "versteigerung", "enchere", "encheres",
	"frete", "envio", "shipping", "versand", "livraison",
}, Phrases: []string{
	"you have won", "you ve won", "you won", "you are a winner", "you re a winner", "lucky winner",
	"your number has won", "your number won", "tu|su numero gano|resulto ganador", "seu numero ganhou|foi premiado", "ihre|deine nummer hat gewonnen",
	"votre|ton numero a gagne",
	"you have been selected to receive", "claim your prize*|reward*|gift*|cash|winning*|money|voucher*|¤",
	"you have been chosen to receive", "you have been chosen|selected for a|an", "you ve been chosen|selected for a|an", "you ve been chosen", "you ve been selected to receive",
	"prize money", "you are our winner", "you re our winner",
	"has ganado", "ha ganado", "usted ha ganado", "ganaste", "eres el ganador", "eres la ganadora",
	"reclama tu premio", "reclame su premio", "cobra tu premio", "has sido seleccionado",
	"fue elegido|elegida|seleccionado|seleccionada para recibir", "has sido elegido|elegida",
	"voce ganhou", "voce foi sorteado", "foi sorteado", "foi sorteada", "resgate seu premio", "retire seu premio",
	"voce e o ganhador", "voce e a ganhadora", "foi escolhido|escolhida|selecionado|selecionada para receber",
	"sie haben gewonnen", "du hast gewonnen", "gewinn abholen", "ihren gewinn", "deinen gewinn",
	"sie wurden ausgewahlt", "hauptgewinn",
	"vous avez gagne", "tu as gagne", "reclamez votre prix|cadeau|gain|lot", "votre gain", "grand gagnant",
	"vous avez ete selectionne*",
	"one of the|our # winners|lucky", "uno|una de los|las # ganadores|ganadoras|afortunados|afortunadas",
	"um|uma dos|das # ganhadores|ganhadoras|sorteados|sorteadas", "einer|eine der # gewinner|gewinnerinnen",
	"l un|une des # gagnants|gagnantes", "un|une des # gagnants|gagnantes",
	"your prize|reward|gift is waiting", "your prize|reward|gift awaits", "ihr preis|gewinn wartet",
	"tu premio te espera", "tu premio esta esperando", "seu premio esta esperando", "seu premio espera",
	"votre prix|cadeau|gain vous attend",
	"salio|resulto ganador|ganadora|premiado|premiada", "saiu premiado|premiada|ganhador",
}}})

// linkShorteners are public URL shorteners: a link through one hides its
// destination, which is how phishing links reach recipients. Brand-owned
// short domains (wa.me, youtu.be, amzn.to) are not listed: they lead to
// their owner's site. Keep the list sorted.
var linkShorteners = wordList(`
	1url.com adf.ly bc.vc bit.do bit.ly bitly.com bl.ink buff.ly clck.ru cli.re cutt.ly goo.gl is.gd
	lnkd.in ow.ly qrco.de rb.gy rebrand.ly s.id short.gy shorte.st shorturl.at soo.gd t.co t.ly tiny.cc
	tiny.one tinyurl.com tr.im u.to urlz.fr v.gd x.co`)

func wordList(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// shorteners finds link-shortener hosts, and hosts made to pass for a
// brand's or an authority's (phishingHost), in texts, example values and
// URL buttons.
func shorteners(d *doc) []Signal {
	var out []Signal
	seen := map[string]bool{}
	own := ownNames(d)
	for _, p := range d.parts {
		if p.kind == partFilled {
			continue // its hosts are the example values'
		}
		for _, f := range strings.Fields(p.text) {
			host := hostOf(f)
			if seen[host+p.where] {
				continue
			}
			if linkShorteners[host] {
				seen[host+p.where] = true
				out = append(out, Signal{Rule: "scam.shortener", Detail: quote(host) + " in " + p.where, Weight: 1})
			} else if why, ok := phishingHostOf(host, own); ok {
				seen[host+p.where] = true
				out = append(out, Signal{Rule: "scam.phishing_link", Detail: quote(host) + " " + why + " in " + p.where, Weight: 1})
			}
		}
	}
	return out
}

// Phishing links are told by how their domain is built, not by a list of
// bad domains: a registered name that strings a brand to an action
// ("chase-secure-verify.co", "netflix-pagos-es.com"), a name that plays a
// country code or "com" before the real top-level domain
// ("sparkasse.de-sicherheit.com", "correios.com-rastreio.net"), or a
// top-level domain sold cheaply in bulk and mostly seen in abuse (".top",
// ".xyz"). A company's own subdomains ("pay-online.utility.com") are
// under its name and are not judged.
var (
	phishingActions = wordSet("secure", "security", "verify", "verification", "login", "signin", "update", "confirm",
		"billing", "pay", "payment", "pago", "pagos", "pagar", "pagamento", "taxa", "tax", "renew", "renewal", "refund",
		"reembolso", "liberacao", "liberar", "regularizar", "desbloqueio", "unlock", "entsperren", "entsperrung", "freischalten", "desbloquear", "debloquer",
		"debloquage", "unblock", "reactivar", "reativar", "reactivate", "reactivation", "support", "soporte", "suporte",
		"sicherheit", "zahlung", "aktualisieren", "actualizar", "atualizar", "recuperar", "rastreio", "renouvellement",
		"remboursement", "paiement", "securite", "verificacion", "verificacao", "bezahlen", "sicherbezahlen", "entrega",
		"erneuerung", "pushtan", "tan", "freigabe", "registrierung", "neuregistrierung", "verifizierung",
		"cadeau", "cadeaux", "gift", "gifts", "regalo", "regalos", "presente", "presentes", "geschenk", "geschenke", "bonus", "premio", "premios",
		"customs", "aduana", "alfandega", "zoll", "douane", "wallet", "auth", "account", "redelivery", "tracking", "track",
		"parcel", "paquete", "colis", "paket", "encomenda", "claim", "reward", "rewards", "prize", "rebate", "droits",
		"rembourse", "rembourser", "securise", "booking", "versichertenportal", "portal", "iban",
		"reaktivierung", "reaktivieren", "stornierung", "storno", "atualizacao", "cadastro", "cadastral", "payout", "payouts",
		"seguridad", "seguranca", "zustellung", "appeal", "appeals", "recurso", "recours", "einspruch")
	fakeTLDLabels = wordSet("com", "gov", "gob", "gouv", "de", "fr", "es", "mx", "br", "uk", "us", "pt", "net", "org")
	genericTLDs   = wordSet("com", "net", "org", "gov", "gob", "gouv", "edu")
	reservedTLDs  = wordSet("example", "test", "invalid")
	// governmentLabels are the labels of government domains ("gob.mx",
	// "gov.br", "gouv.fr").
	governmentLabels = wordSet("gov", "gob", "gouv", "govt")
	secondLevels     = wordSet("co", "com", "org", "net", "gov", "gob", "gouv", "ac", "edu")
	authorityNames   = wordSet("etat", "gouvernement", "ministere", "nhs", "edf", "engie", "iberdrola", "endesa", "naturgy", "enel", "tk", "aok", "barmer", "dak",
		"leboncoin", "vinted", "wallapop", "olx", "hmrc", "irs", "dvla", "gov", "govt", "gouv", "gob", "antai", "ameli", "caf", "impots", "cpf",
		"urssaf", "ants", "dgfip", "receita", "detran", "inss", "serasa", "sefaz", "aeat", "hacienda", "dgt", "sat",
		"finanzamt", "elster", "bcb", "zoll", "usps", "ups", "fedex", "dhl", "correos", "correios", "seur", "colissimo",
		"chronopost", "laposte", "royalmail", "evri", "hermes", "dpd", "gls", "ezpass", "sunpass", "fastrak", "txtag",
		"ipass", "peajes", "mautgebuhr", "moncompte", "moncompteformation", "ofgem", "dwp", "nubank", "bancocentral",
		"sparkasse", "volksbank", "postbank", "commerzbank", "santander", "bbva", "caixa", "itau", "bradesco", "paypal",
		"amazon", "apple", "icloud", "netflix", "microsoft", "outlook", "whatsapp", "instagram", "facebook", "meta", "mercadolibre",
		"mercadolivre", "bizum", "revolut", "ameli", "detran", "gouv", "interac", "chase", "barclays", "hsbc", "lloyds", "natwest", "aduana", "douane", "customs", "tolls", "toll", "amende", "amendes", "multa", "multas",
		"critair", "limpanome", "dmv", "dvsa", "cfe", "rundfunkbeitrag", "agenciatributaria",
		// Retailers whose gift cards are the usual bait.
		"carrefour", "leclerc", "auchan", "lidl", "aldi", "walmart", "costco", "target", "tesco", "sainsburys", "mercadona",
		"elcorteingles", "magalu", "americanas", "liverpool", "coppel", "rewe", "edeka", "mediamarkt",
		// Marketplaces whose "safe payment" pages fake buyers copy, and a
		// city's traffic authority.
		"kleinanzeigen", "vinted", "wallapop", "leboncoin", "olx", "marktplaats", "ebay", "semovi",
		// Game stores whose logins giveaways phish ("steam" alone is also a
		// carpet cleaner's word).
		"steamcommunity", "steampowered", "epicgames", "roblox", "playstation", "xbox", "nintendo")
	abusedTLDs = wordSet("top", "xyz", "click", "icu", "buzz", "cfd", "sbs", "gq", "tk", "ml", "cf", "ga", "rest",
		"monster", "cyou", "quest", "zip", "mov", "win", "bid", "loan", "men", "work", "party", "review",
		"stream", "download", "racing", "date", "faith", "accountant", "cricket", "science", "webcam", "country", "kim")
)

// phishingHost reports whether a host is built as a phishing domain, and
// how.
func phishingHost(host string) (string, bool) { return phishingHostOf(host, nil) }

// phishingHostOf is phishingHost for a template whose own names (ownNames)
// are known: a registered name that is the sender's name as the template
// writes it ("expedia-colis.fr" under "Expédia Colis") is its own, not a
// brand strung to an action.
func phishingHostOf(host string, own map[string]bool) (string, bool) {
	labels := strings.Split(host, ".")
	if len(labels) < 2 || strings.ContainsAny(host, " /@") {
		return "", false
	}
	// Documentation domains (RFC 2606: example.com, .example, .test) stand
	// for any site: the label before them is read as the registered name
	// ("bbva-seguridad.example.com" as "bbva-seguridad.com").
	if n := len(labels); n >= 3 && (labels[n-2] == "example" && genericTLDs[labels[n-1]] || n >= 3 && reservedTLDs[labels[n-1]]) {
		if reservedTLDs[labels[n-1]] {
			labels = append(labels[:n-1:n-1], "com")
		} else {
			labels = labels[: n-1 : n-1]
			labels[n-2] = "com"
		}
	}
	tld, name := labels[len(labels)-1], labels[len(labels)-2]
	if abusedTLDs[tld] {
		return "has a top-level domain mostly seen in abuse", true
	}
	// Under a country's second level ("co.uk", "com.br") the registered
	// name is one label further left.
	reg := len(labels) - 2
	// A country code sold as a second level under "com" ("de.com",
	// "uk.com", "br.com") is read the same way.
	pseudoCountry := (tld == "com" || tld == "net") && fakeTLDLabels[name] && len(name) == 2
	if (secondLevels[name] || pseudoCountry) && len(labels) >= 3 {
		reg--
		name = labels[reg]
	}
	// An authority's or carrier's name as a subdomain of a name that is
	// not its own ("usps.redelivery-help.com"); a government's own label
	// ("gob", "gov") as a subdomain of any name that is not under a
	// government's second level ("sat-gob-mx.descargas.site").
	// A subdomain that spells out another domain ("telaplay.com.br.
	// atualizacao-cadastral.net"): a generic top-level label after a name.
	for _, l := range labels[min(1, reg):reg] {
		if genericTLDs[l] {
			return "spells out another domain before its own", true
		}
	}
	for _, l := range labels[:reg] {
		// A dashed label counts by its words ("sat-gob-mx.comprobantes-...").
		for _, w := range strings.Split(l, "-") {
			if authorityNames[w] && strings.Contains(name, "-") {
				return "puts an authority's or carrier's name before a domain not its own", true
			}
			if governmentLabels[w] && strings.Contains(l, "-") && !governmentLabels[labels[len(labels)-2]] {
				return "puts a government's label before a domain not its own", true
			}
		}
	}
	parts := strings.Split(name, "-")
	if len(parts) < 2 {
		return "", false
	}
	if fakeTLDLabels[parts[0]] {
		return "plays a domain before the real one", true
	}
	for _, w := range parts[1:] {
		if phishingActions[w] && !own[name] {
			return "strings a name to an action", true
		}
	}
	// Tax offices, road and fine agencies, health insurers and carriers
	// use their own undashed domains: one of their names strung to other
	// words ("hmrc-refund-claim", "mon-cpf-formation", "antai-amendes")
	// borrows it.
	for _, w := range parts {
		if authorityNames[w] {
			return "strings an authority's or carrier's name to other words", true
		}
	}
	return "", false
}

// ownNames are the names a template's HEADER, BODY and FOOTER write, as a
// domain would spell them: each run of two or three words, joined by "-"
// and run together ("Expédia Colis": "expedia-colis", "expediacolis").
func ownNames(d *doc) map[string]bool {
	own := map[string]bool{}
	for _, p := range d.parts {
		if p.kind != partText || p.where != "HEADER" && p.where != "BODY" && p.where != "FOOTER" {
			continue
		}
		for i := range p.toks {
			for n := 2; n <= 3 && i+n <= len(p.toks); n++ {
				words := make([]string, n)
				for k := range n {
					words[k] = p.toks[i+k].w
				}
				own[strings.Join(words, "-")] = true
				own[strings.Join(words, "")] = true
			}
		}
	}
	return own
}

// hostOf returns the lower-case host a word of text or a URL names, if it
// looks like one: scheme, "www." and port removed, path cut off.
func hostOf(word string) string {
	w := strings.ToLower(strings.Trim(word, "()[]<>{}\"'.,;:!?¡¿«»"))
	for _, scheme := range []string{"https://", "http://"} {
		w = strings.TrimPrefix(w, scheme)
	}
	w = strings.TrimPrefix(w, "www.")
	if i := strings.IndexAny(w, "/?#"); i >= 0 {
		w = w[:i]
	}
	if i := strings.IndexByte(w, ':'); i >= 0 {
		w = w[:i]
	}
	return strings.TrimSuffix(w, ".")
}

// entryVerbs ask the recipient to type or confirm something: with a
// credential after them ("verify your card number, CVV and PIN", "informe
// seus dados e senha") they ask for it to be entered where the sender can
// read it, which a threat or a refund turns into phishing.
var entryVerbs = compile([]term{{Rule: "scam.entry", Weight: 1, Phrases: []string{
	"verify", "confirm", "update", "enter", "type", "input", "validate", "provide", "submit",
	"log|sign in with", "login with", "inicia sesion con", "faca login com", "connectez-vous avec",
	"register with", "registrate|registrese con", "cadastre-se com", "inscrivez-vous avec", "registrieren sie sich mit",
	"verifica", "verifique", "confirma", "confirme", "actualiza", "actualice", "introduce", "introduzca",
	"ingresa", "ingrese", "valida", "valide", "respondiendo",
	"informe", "informando", "informar", "atualize", "digite", "insira", "valide", "regularize", "confirmando",
	"bestatigen", "bestatige", "aktualisieren", "aktualisiere", "eingeben", "gib", "geben", "verifizieren",
	"verifiez", "confirmez", "saisissez", "renseignez", "mettez a jour", "validez", "indiquez",
	// Infinitives and gerunds ("il suffit de confirmer", "introduciendo
	// tu PIN", "confirmar os dados").
	"confirmer", "verifier", "saisir", "renseigner", "confirmar", "verificar", "introducir", "introduciendo",
	"ingresando", "digitando", "entering", "confirming", "eingeben", "bestatigen sie",
	"confirmant", "saisissant", "renseignant", "validant", "verifiant", "providing", "updating", "actualizando", "atualizando",
}}})

// walletSecrets are the keys to a crypto wallet: no one but a thief asks
// for them, so any request or entry of one is the scam, without a threat.
var walletSecrets = compile([]term{{Rule: "scam.wallet_secret", Weight: 1, Phrases: []string{
	"recovery|seed|secret|backup|mnemonic phrase", "# word phrase|recovery|seed", "private key*",
	"frase semilla|secreta", "frase de recuperacion|respaldo", "frase semente|secreta", "frase de recuperacao|seguranca",
	"clave privada", "chave privada", "wiederherstellungsphrase", "seed phrase", "privater schlussel", "private schlussel",
	"phrase de recuperation|secrete", "cle privee",
	// A national identity or social security number is the key to the
	// recipient's identity: no message asks for it.
	"social security number", "ssn", "national insurance number", "numero de seguridad social", "numero de la seguridad social",
	"numero de seguro social", "curp", "numero do cpf", "numero da previdencia", "sozialversicherungsnummer",
	"steuer id", "steueridentifikationsnummer", "numero de securite sociale",
}}})

// walletSecretRequests finds an entry or request verb with a wallet secret
// after it, not negated.
func walletSecretRequests(d *doc, lang string) []Signal {
	secrets := walletSecrets.scan(d, lang, partText, partExample)
	if len(secrets) == 0 {
		return nil
	}
	verbs := append(entryVerbs.scan(d, lang, partText, partExample), requestVerbs.scan(d, lang, partText, partExample)...)
	for _, v := range verbs {
		if negatedBefore(v.p, v.from, lang) {
			continue
		}
		for _, n := range secrets {
			if n.p == v.p && n.from > v.to && n.from <= v.to+requestWindow && !negationAfter(v.p.toks, n.to, lang) {
				return []Signal{{Rule: "scam.credential_request", Weight: 1, Detail: fragment(v.p, v.from, n.to) + " in " + v.p.where}}
			}
		}
	}
	return nil
}

// credentialEntries finds an entry verb with a credential after it in its
// sentence, not negated ("never enter your PIN in a message").
func credentialEntries(d *doc, lang string) []Signal {
	nouns := credentials.scan(d, lang, partText, partExample)
	for _, v := range entryVerbs.scan(d, lang, partText, partExample) {
		if negatedBefore(v.p, v.from, lang) || lang == "de" && negatedLater(v.p, v.to) {
			continue
		}
		for _, n := range nouns {
			if n.p == v.p && n.from > v.to && n.from <= v.to+requestWindow && sameSentence(v.p, v.to, n.from) &&
				!negationAfter(v.p.toks, n.to, lang) {
				return []Signal{{Rule: "scam.credential_entry", Detail: fragment(v.p, v.from, n.to) + " in " + v.p.where, Weight: 1}}
			}
		}
	}
	return nil
}

// Typing a code into the chat, or putting it in a reply, relays it to
// whoever sent the message ("type the 6-digit code here in this chat",
// "confirm the code you received by replying to this message").
var (
	writeVerbs = compile([]term{{Rule: "scam.write", Weight: 1, Phrases: []string{
		"type", "write", "escribe", "escriba", "escribenos", "digita", "digite", "escreva", "escreve",
		"schreib", "schreiben", "schreibe", "tippe", "tippen", "ecrivez", "ecris", "tapez", "saisissez",
		"paste", "pega|pegue|pegalo", "cola|cole", "colle|collez", "einfugen|fugen",
	}}})
	inChat = compile([]term{{Rule: "scam.in_chat", Weight: 1, Phrases: []string{
		"here", "in this|the chat|conversation", "aqui", "en este chat", "no chat", "neste chat", "nesta conversa",
		"hier", "im|in den chat", "ici", "dans ce chat", "dans la conversation",
		"below", "abajo", "aqui abajo", "abaixo", "unten", "ci-dessous", "por aqui", "por aca", "en respuesta",
		"em resposta", "en reponse",
	}}})
	replyWords = compile([]term{{Rule: "scam.reply", Weight: 1, Phrases: []string{
		"by replying", "in your reply", "as a reply", "respondiendo", "contestando", "respondendo", "en repondant",
		"als antwort", "per antwort", "in ihrer antwort",
	}}})
)

// codeIntoChat finds a credential written into the chat or put in a
// reply, not negated.
func codeIntoChat(d *doc, lang string) []Signal {
	nouns := credentials.scan(d, lang, partText, partExample)
	if len(nouns) == 0 {
		return nil
	}
	chat, replies := inChat.scan(d, lang, partText, partExample), replyWords.scan(d, lang, partText, partExample)
	near := func(hs []hit, n hit) bool {
		for _, h := range hs {
			if h.p == n.p && sameSentence(n.p, min(h.from, n.from), max(h.from, n.from)) &&
				(h.from-n.to <= requestWindow && n.from-h.to <= requestWindow) {
				return true
			}
		}
		return false
	}
	for _, n := range nouns {
		if negatedBefore(n.p, n.from, lang) || negationAfter(n.p.toks, n.to, lang) ||
			anyIn(n.p.toks, n.from-1, n.from-1, shareableCode) || anyIn(n.p.toks, n.to+1, n.to+2, shareableCode) {
			continue
		}
		for _, v := range writeVerbs.scan(d, lang, partText, partExample) {
			if v.p == n.p && v.to < n.from && n.from-v.to <= requestWindow && sameSentence(n.p, v.to, n.from) && near(chat, n) {
				return []Signal{{Rule: "scam.credential_request", Weight: 1, Detail: fragment(n.p, v.from, n.to) + " into the chat in " + n.p.where}}
			}
		}
		if near(replies, n) {
			return []Signal{{Rule: "scam.credential_request", Weight: 1, Detail: fragment(n.p, n.from, n.to) + " in a reply in " + n.p.where}}
		}
	}
	return nil
}

// A question about what the code is ("What's the 6-digit code you just
// got?", "¿Cuál es el código que te llegó?", "Wie lautet der Code, den
// Sie erhalten haben?") asks for it as plainly as a request verb; so
// does naming someone to hand it to ("confirm your PIN with the
// representative who contacts you").
var (
	codeQuestions = compile([]term{{Rule: "scam.question", Weight: 1, Phrases: []string{
		"what s|is the|your", "what was the|your", "which is the|your", "cual es el|tu|su", "cual fue el", "qual e o|seu",
		"qual foi o", "wie lautet|lautete der|ihr|dein", "welcher|welches ist der|ihr|dein", "quel est le|votre|ton",
		"quel etait le",
	}}})
	agents = wordSet("agent", "agents", "representative", "adviser", "advisor", "caller", "operator", "colleague",
		"asesor", "asesora", "agente", "operador", "operadora", "representante", "atendente", "consultor", "consultora",
		"mitarbeiter", "mitarbeiterin", "berater", "beraterin", "kollege", "kollegin", "conseiller", "conseillere", "operateur",
		"rep", "support", "soporte", "suporte", "technician", "tecnico", "techniker", "technicien")
)

// needVerbs say that someone needs a code: with an agent as the one who
// needs it, a request for it.
var needVerbs = compile([]term{{Rule: "scam.need", Weight: 1, Phrases: []string{
	"need|needs|needed|requires|require", "necesita|necesitamos|precisa|precisamos", "braucht|brauchen|benotigt|benotigen",
	"a|avons besoin de|du",
}}})

// codeAskedFor finds a question about what a credential is, or a
// credential to be handed to someone named as an agent, not negated.
func codeAskedFor(d *doc, lang string, auth bool) []Signal {
	nouns := credentials.scan(d, lang, partText, partExample)
	if len(nouns) == 0 {
		return nil
	}
	referral := referralTemplate(d, lang, auth)
	questions := codeQuestions.scan(d, lang, partText, partExample)
	verbs := append(requestVerbs.scan(d, lang, partText, partExample), entryVerbs.scan(d, lang, partText, partExample)...)
	verbs = append(verbs, needVerbs.scan(d, lang, partText, partExample)...)
	for _, n := range nouns {
		toks := n.p.toks
		if negatedBefore(n.p, n.from, lang) || negationAfter(toks, n.to, lang) ||
			anyIn(toks, n.from-1, n.from-1, shareableCode) || anyIn(toks, n.to+1, n.to+2, shareableCode) {
			continue
		}
		for _, q := range questions {
			if q.p == n.p && q.to < n.from && n.from-q.to <= 3 && sameSentence(n.p, q.from, n.from) &&
				strings.Contains(n.p.text[toks[n.to].end:], "?") {
				return []Signal{{Rule: "scam.credential_request", Weight: 1, Detail: fragment(n.p, q.from, n.to) + " asked in " + n.p.where}}
			}
		}
		for _, v := range verbs {
			if v.p != n.p || !sameSentence(n.p, min(v.from, n.from), max(v.to, n.to)) || negatedBefore(v.p, v.from, lang) {
				continue
			}
			// German puts the verb last ("den Code schicken"); elsewhere
			// the verb comes first, and an agent within the sentence says
			// to whom ("confirm your PIN with the representative").
			before := v.to < n.from && n.from-v.to <= requestWindow
			// Only a relay verb may come last: "den Code in der App
			// eingeben" is typing it in.
			// A verb before "wir" or "ich" ("den Code schicken wir Ihnen") is
			// the business sending it.
			weSend := v.to+1 < len(toks) && (toks[v.to+1].g == "wir" || toks[v.to+1].g == "ich")
			verbLast := lang == "de" && v.e.rule == "scam.verb" && n.to < v.from && v.from-n.to <= requestWindow && !typedIn(v.p, v.from) &&
				!negatedLater(v.p, v.to) && !negatedInSentence(v.p, v.from) && !weSend
			// The agent is named after the code ("confirm your PIN with the
			// representative") or as the one who needs it ("our support rep
			// needs the number we texted you").
			agent := false
			for j := n.to + 1; j < len(toks) && j <= n.to+requestWindow && sameSentence(n.p, n.to, j); j++ {
				agent = agent || agents[toks[j].g]
			}
			for j := v.from - 1; j >= 0 && j >= v.from-4 && sameSentence(n.p, j, v.from); j-- {
				agent = agent || agents[toks[j].g]
			}
			if verbLast && !referral || before && agent {
				return []Signal{{Rule: "scam.credential_request", Weight: 1, Detail: fragment(n.p, min(v.from, n.from), max(v.to, n.to)) + " in " + n.p.where}}
			}
		}
	}
	return nil
}

// mistakeWords say a code reached the recipient by mistake: with a code
// and a request verb in the text it is the opening of the takeover script
// ("I sent you a code by mistake, can you send it back?").
var mistakeWords = compile([]term{{Rule: "scam.mistake", Weight: 1, Phrases: []string{
	"by mistake", "by accident", "accidentally", "wrong number", "por error", "por equivocacion", "por engano",
	"sin querer", "por acidente", "versehentlich", "aus versehen", "irrtumlich", "falsche nummer",
	"par erreur", "par megarde",
}}})

// codeSentByMistake finds a code said to be sent by mistake, with a request
// verb, anywhere in the texts.
func codeSentByMistake(d *doc, lang string) []Signal {
	m := mistakeWords.scan(d, lang, partText, partExample)
	if len(m) == 0 || len(credentials.scan(d, lang, partText, partExample)) == 0 {
		return nil
	}
	for _, v := range requestVerbs.scan(d, lang, partText, partExample) {
		if !negatedBefore(v.p, v.from, lang) {
			return []Signal{{Rule: "scam.credential_request", Weight: 1,
				Detail: fmt.Sprintf("code sent %s, then %s in %s", fragment(m[0].p, m[0].from, m[0].to), fragment(v.p, v.from, v.to), v.p.where)}}
		}
	}
	return nil
}

// scam runs every scam pattern.
func scam(d *doc, lang, category string) []Signal {
	var out []Signal
	out = append(out, credentialRequests(d, lang, category == template.CategoryAuthentication)...)
	// A one-time code's own message forwarded to someone ("reenvía este
	// mensaje a nuestro agente") hands the code on with it.
	if category == template.CategoryAuthentication && len(out) == 0 {
		for _, h := range forwardMessage.scan(d, lang, partText) {
			if !negatedBefore(h.p, h.from, lang) && !(lang == "de" && negatedLater(h.p, h.to)) {
				out = append(out, Signal{Rule: "scam.credential_request", Weight: 1, Detail: fragment(h.p, h.from, h.to) + " in " + h.p.where})
				break
			}
		}
	}
	if len(out) == 0 {
		out = append(out, codeSentByMistake(d, lang)...)
	}
	if len(out) == 0 {
		out = append(out, codeIntoChat(d, lang)...)
	}
	if len(out) == 0 {
		out = append(out, codeAskedFor(d, lang, category == template.CategoryAuthentication)...)
	}
	if len(out) == 0 {
		out = append(out, walletSecretRequests(d, lang)...)
	}
	if len(out) == 0 {
		out = append(out, codeToThirdParty(d, lang, category == template.CategoryAuthentication)...)
	}
	out = append(out, threats(d, lang, credentialEntries(d, lang))...)
	if prize := score(prizeLexicon.scan(d, lang, partText, partExample)).signals; len(prize) > 0 && !freePrize(d, lang) {
		out = append(out, prize...)
	}
	out = append(out, shorteners(d)...)
	out = append(out, numberScams(d, lang)...)
	out = append(out, privatePayees(d, lang)...)
	// The intent layer (intent.go) catches what the families above miss.
	if len(out) == 0 {
		out = intentScam(d, lang)
	}
	return out
}

// handOver names a code passed on, in any grammatical form: an
// imperative, an infinitive with its pronoun, a passive, a participle
// ("Ce code doit être communiqué à notre conseiller", "Compartirlo con el
// asesor es obligatorio").
var handOver = compile([]term{{Rule: "scam.hand_over", Weight: 1, Phrases: []string{
	"share|shared|sharing|give|given|forward|forwarded|send|sent|tell|told|read|communicated|provide|provided",
	"compartir|compartirlo|compartirla|compartido|compartida|dar|darlo|darla|dictar|dictarlo|enviarlo|proporcionar|proporcionarlo|comunicar|comunicarlo",
	"compartilhar|compartilhado|informar|informado|passar|repassar|enviar|fornecer|falar",
	"communique|communiquer|transmis|transmise|transmettre|donne|donner|partage|partager|envoye|envoyer|dicter",
	"mitteilen|mitgeteilt|weitergeben|weitergegeben|nennen|genannt|durchgeben|durchgegeben|teilen|geteilt|ubermitteln|ubermittelt|sagen",
}}})

// thirdParties are who the takeover script hands a code to: someone on
// the phone, an adviser or agent. Only the ones on a call count outside
// AUTHENTICATION templates, where a code shown to an agent at a counter
// may be a collection code.
var (
	thirdParties = compile([]term{{Rule: "scam.third_party", Weight: 1, Phrases: []string{
		"adviser|advisor|advisers|advisors|agent|agents|representative|operator|consultant",
		"asesor|asesora|asesores|agente|agentes|ejecutivo|ejecutiva|operador|operadora",
		"atendente|consultor|consultora|gerente", "conseiller|conseillere|conseillers|operateur|technicien",
		"berater|beraterin|mitarbeiter|mitarbeiterin|techniker",
	}}})
	onTheCall = compile([]term{{Rule: "scam.on_the_call", Weight: 1, Phrases: []string{
		"on the phone", "during the call", "who calls you", "who contacts you", "calling you",
		"que te|le contacte|llame", "durante la llamada", "que te|lhe ligar", "durante a ligacao", "na ligacao",
		"lors de son|l|cet appel", "pendant l appel", "au telephone", "qui vous appelle|contacte",
		"am telefon", "wahrend des anrufs|gesprachs", "der sie anruft",
	}}})
	// exceptWords make a third party the exception to "share it with no
	// one" ("don't share it with anyone except the adviser").
	exceptWords = wordSet("except", "excepting", "other", "apart", "excepto", "salvo", "exceto", "sauf", "ausser")
	// byWords make the third party the one who gives ("given a code by
	// our adviser").
	byWords = wordSet("by", "por", "pelo", "pela", "par", "von", "vom")
	// subjectPronouns stand for a code named before, as the subject of a
	// passive ("Il doit être communiqué au conseiller").
	subjectPronouns = wordSet("it", "il", "elle", "ele", "ela", "er", "this", "ce", "este", "esta", "dieser", "diese")
	// dativeArticles make a German third party the one a code goes to
	// ("dem Berater").
	dativeArticles = wordSet("dem", "einem", "unserem", "ihrem")
)

// codeToThirdParty finds a code handed to someone else in one sentence: a
// code named, a hand-over word, then a third party after it, not negated;
// or negated with the third party as its exception ("Don't share it with
// anyone except the adviser you're speaking to on the phone").
func codeToThirdParty(d *doc, lang string, auth bool) []Signal {
	nouns := credentials.scan(d, lang, partText)
	if len(nouns) == 0 {
		return nil
	}
	parties := thirdParties.scan(d, lang, partText)
	calls := onTheCall.scan(d, lang, partText)
	for _, v := range handOver.scan(d, lang, partText) {
		toks := v.p.toks
		// A pronoun for the code ("share it", "compartirlo") may stand for
		// one named in an earlier sentence ("Your code is {{1}}. Don't share
		// it with anyone except...").
		pronoun := v.to+1 < len(toks) && codePronouns[toks[v.to+1].g] || encliticObject(toks[v.to].w, lang) ||
			anyIn(toks, v.from-3, v.from-1, subjectPronouns) || lang != "en" && anyIn(toks, v.from-2, v.from-1, codePronouns)
		named := false
		for _, n := range nouns {
			if n.p == v.p && (n.to < v.from && (sameSentence(v.p, n.to, v.from) || pronoun && n.to >= v.from-pronounReach) ||
				n.from > v.to && sameSentence(v.p, v.to, n.from)) {
				named = true
				break
			}
		}
		if !named || anyIn(toks, v.to+1, v.to+3, receiveWords) {
			continue
		}
		// The adviser who gives the code ("given a new code by our
		// adviser") is no one it is handed to.
		giver := false
		for _, t := range parties {
			if t.p == v.p && t.from > v.to && sameSentence(v.p, v.to, t.from) && anyIn(toks, t.from-2, t.from-1, byWords) {
				giver = true
			}
		}
		if giver {
			continue
		}
		for gi, group := range [][]hit{parties, calls} {
			if !auth && len(calls) == 0 {
				break
			}
			for _, t := range group {
				// German puts the verb last: "dem Berater ... mitgeteilt".
				before := lang == "de" && t.to < v.from && t.from >= v.from-requestWindow && sameSentence(v.p, t.to, v.from) &&
					(anyIn(toks, t.from-1, t.from-1, dativeArticles) || gi == 1)
				if !before && (t.p != v.p || t.from <= v.to || t.from > v.to+requestWindow || !sameSentence(v.p, v.to, t.from) ||
					anyIn(toks, t.from-2, t.from-1, byWords)) {
					continue
				}
				if t.p != v.p {
					continue
				}
				if negatedBefore(v.p, v.from, lang) && !anyIn(toks, v.to+1, t.from-1, exceptWords) {
					continue
				}
				return []Signal{{Rule: "scam.credential_request", Weight: 1, Detail: fragment(v.p, min(v.from, t.from), max(v.to, t.to)) + " in " + v.p.where}}
			}
		}
	}
	return nil
}

// callVerbs ask the recipient to call.
var callVerbs = compile([]term{{Rule: "scam.call", Weight: 1, Phrases: []string{
	"call", "ring", "phone", "contact", "llame", "llama", "llamenos", "llamanos", "comuniquese", "comunicate", "marca", "marque", "ligue", "liga", "ligar",
	"anrufen", "rufen", "ruf", "appelez", "appeler", "contactez", "telefonee", "telefone",
}}})

// callToNumberGiven finds a request to call a number the message itself
// gives (a parameter or digits within a few words of the verb, in its
// sentence): "call our billing team on {{1}}", "ligue agora para {{1}}".
// A bank's alert sends the customer to the number on the card instead.
func callToNumberGiven(d *doc, lang string) (string, bool) {
	for _, v := range callVerbs.scan(d, lang, partText) {
		// A call button carries the number the message gives.
		if d.phoneButton {
			return fragment(v.p, v.from, v.to) + " in " + v.p.where + ", with a call button", true
		}
		toks := v.p.toks
		// A colon introduces the number ("call support now: {{1}}").
		for j := v.to + 1; j < len(toks) && j <= v.to+8 && !strings.ContainsAny(v.p.text[toks[v.to].end:toks[j].start], ".!?;\n"); j++ {
			if toks[j].w == paramToken || textfold.IsDigits(toks[j].w) && len(toks[j].w) >= 3 {
				return fragment(v.p, v.from, j) + " in " + v.p.where, true
			}
		}
	}
	return "", false
}
