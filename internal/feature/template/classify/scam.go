package classify

import (
	"fmt"
	"strings"
)

// Scam patterns. Any one of these rejects a template as SCAM:
//
//   - scam.credential_request: a request to send, reply with, share, tell
//     or give a password, PIN, card number or code ("reply with the code",
//     "send us your password"), unless negated ("never share your code",
//     "geben Sie diesen Code nicht weiter"), said by the sender about
//     itself ("we will send you a code"), or about a code meant to be
//     shared ("share your referral code with friends");
//   - scam.threat_payment: a threat to an account, card or the recipient
//     (closure, blocking, legal action) together with a payment demand and
//     a short deadline ("pay within 24 hours or your account will be
//     closed"); a firm but ordinary reminder ("pay by {{3}} to avoid
//     suspension of your service") has no threat phrase and passes;
//   - scam.phishing: the same threat together with a request to verify or
//     update account details;
//   - scam.prize: a prize claim ("you have won", "claim your prize"), but
//     not an auction the recipient bid in;
//   - scam.shortener: a public link shortener in a text, an example value
//     or a URL button, which hides the destination from recipient and
//     reviewer alike.

// requestWindow is how many words may stand between a request verb and the
// credential it asks for ("tell our agent your card PIN": four).
const requestWindow = 6

// negationWindow is how far before the verb, or after the credential, a
// negation cancels the request ("we will never ask you to share").
const negationWindow = 4

var requestVerbs = compile([]term{{Rule: "scam.verb", Weight: 1, Phrases: []string{
	"send", "reply", "respond", "share", "give", "tell", "provide", "forward", "submit",
	"envia", "envie", "envianos", "enviar", "manda", "mandanos", "responde", "responda", "respondenos",
	"comparte", "comparta", "compartenos", "compartir", "dinos", "diganos", "dime", "proporciona",
	"proporcione", "proporcionanos", "facilita", "facilite", "indica", "indique", "indicanos", "reenvia", "reenvie",
	"mande", "compartilhe", "compartilhar", "informe", "informar", "passe", "repasse", "encaminhe",
	"senden", "sende", "schicken", "schick", "schicke", "antworten", "antworte", "teilen", "teile", "nennen",
	"nenne", "geben", "gib", "mitteilen", "ubermitteln", "weiterleiten",
	"envoyez", "envoie", "envoyer", "repondez", "reponds", "partagez", "partage", "communiquez", "communiquer",
	"donnez", "transmettez", "indiquez",
}}})

var credentials = compile([]term{{Rule: "scam.credential", Weight: 1, Phrases: []string{
	"password*", "passcode*", "pin", "pins", "pin code", "otp", "cvv", "cvc", "cvv2", "code", "codes",
	"card number", "card details", "login details", "bank details", "card numbers", "numbers on the back",
	"code on the back", "gift card number*", "gift card code*",
	"contrasena*", "clave", "claves", "codigo", "codigos", "datos bancarios", "numero de tarjeta",
	"senha*", "dados bancarios", "numero do cartao",
	"passwort*", "kennwort*", "kartennummer", "bankdaten", "zugangsdaten", "bestatigungscode",
	"verifizierungscode", "sicherheitscode", "anmeldecode", "zugangscode",
	"mot de passe", "numero de carte", "coordonnees bancaires", "identifiants",
}}, {Rule: "scam.credential", Weight: 1, Lang: "de", Phrases: []string{"tan"}}})

// wordSet folds a list of words into a set.
func wordSet(words ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		for _, f := range foldWords(w) {
			m[f] = true
		}
	}
	return m
}

var (
	negations = wordSet("not", "never", "don", "dont", "no", "nobody", "anyone", "nunca", "jamas", "nadie",
		"nao", "ninguem", "nicht", "nie", "niemals", "niemand", "niemandem", "keinen", "ne", "jamais", "personne")
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
		"entrega")
	friends = wordSet("friend", "friends", "amigo", "amigos", "amiga", "amigas", "freund", "freunde", "freunden",
		"ami", "amis", "amie", "amies", "family", "familia", "familie", "famille")
)

// credentialRequests finds requests for a credential in the texts.
func credentialRequests(d *doc, lang string) []Signal {
	verbs := requestVerbs.scan(d, lang, partText)
	nouns := credentials.scan(d, lang, partText)
	var out []Signal
	for _, v := range verbs {
		toks := v.p.toks
		if anyIn(toks, v.from-negationWindow, v.from-1, negations) ||
			anyIn(toks, v.from-2, v.from-1, senderSubjects) || anyIn(toks, v.to+1, v.to+1, toRecipient) {
			continue
		}
		for _, n := range nouns {
			if n.p != v.p || n.from <= v.to || n.from > v.to+requestWindow {
				continue
			}
			if anyIn(toks, n.to+1, n.to+negationWindow, negations) ||
				anyIn(toks, n.from-1, n.from-1, shareableCode) || anyIn(toks, n.to+1, n.to+2, shareableCode) ||
				anyIn(toks, n.to+1, n.to+negationWindow, friends) {
				continue
			}
			out = append(out, Signal{Rule: "scam.credential_request", Detail: fragment(v.p, v.from, n.to) + " in " + v.p.where, Weight: 1})
			break
		}
	}
	return out
}

// anyIn reports whether a token from..to (inclusive, clipped) is in set.
func anyIn(toks []token, from, to int, set map[string]bool) bool {
	for i := max(from, 0); i <= to && i < len(toks); i++ {
		if set[toks[i].w] {
			return true
		}
	}
	return false
}

var threatTerms = []term{
	{Rule: "scam.threat", Weight: 1, Phrases: []string{
		"account|card|profile|access will be closed|suspended|blocked|locked|deactivated|terminated|deleted|frozen|cancelled|canceled|disabled",
		"account|card|profile has been closed|suspended|blocked|locked|deactivated|terminated|frozen|disabled|flagged",
		"account|card is blocked|locked|suspended|frozen",
		"legal action", "legal proceedings", "arrest", "arrested", "police", "lawsuit",
		"could not deliver your", "unable to deliver your", "parcel|package|shipment is|was on hold|held|blocked",
		"parcel|package|shipment has been held|blocked|stopped",
		"paquete esta retenido|bloqueado", "encomenda esta retida|bloqueada", "paket wurde|ist blockiert|zuruckgehalten",
		"colis est bloque|retenu", "colis a ete bloque|retenu",
		"cuenta|tarjeta sera|esta bloquead*|suspendid*|cerrad*|cancelad*|desactivad*|eliminad*|congelad*",
		"cuenta|tarjeta ha sido bloquead*|suspendid*|cerrad*|cancelad*|desactivad*|congelad*",
		"acciones legales", "medidas legales", "demanda judicial",
		"conta|cartao sera|esta bloquead*|suspens*|encerrad*|cancelad*|desativad*|excluid*",
		"conta|cartao foi bloquead*|suspens*|encerrad*|cancelad*|desativad*",
		"medidas judiciais", "acao judicial", "processo judicial",
		"konto|karte wird|wurde|ist gesperrt|geschlossen|geloscht|deaktiviert|eingefroren|gekundigt",
		"wird ihr|ihre|dein|deine konto|karte gesperrt|geschlossen|geloscht|deaktiviert",
		"konto gesperrt", "rechtliche schritte", "gerichtliche schritte",
		"compte|carte sera|est suspendu*|bloque*|ferme*|supprime*|desactive*|resilie*",
		"compte|carte a ete suspendu*|bloque*|ferme*|supprime*|desactive*",
		"poursuites judiciaires", "action en justice",
	}},
	{Rule: "scam.payment", Weight: 1, Phrases: []string{
		"pay", "payment", "settle", "wire", "transfer", "owe",
		"pague", "paga", "pagar", "pago", "abone", "transfiera", "deposite",
		"pagamento", "quite", "transfira", "pix",
		"zahlen", "bezahlen", "zahlung", "uberweisen", "uberweisung", "begleichen",
		"payez", "payer", "paiement", "reglez", "regler", "reglement", "virement",
	}},
	{Rule: "scam.deadline", Weight: 1, Phrases: []string{
		"within # hours|hour|hrs|minutes", "immediately", "right now", "today", "urgent*", "asap", "final notice",
		"last warning", "before midnight",
		"en las proximas # horas", "en # horas", "inmediatamente", "hoy", "urgente", "ultimo aviso",
		"em # horas", "nas proximas # horas", "imediatamente", "hoje",
		"innerhalb von # stunden", "in # stunden", "sofort", "umgehend", "heute", "dringend", "letzte mahnung",
		"sous # heures", "dans les # heures", "immediatement", "aujourd hui", "dernier rappel", "dernier avis",
	}},
	// Someone who "changed their number" and then asks for money is the
	// classic impersonation of a relative.
	{Rule: "scam.impersonation", Weight: 1, Phrases: []string{
		"changed my number", "my new number", "this is my new number", "cambie de numero", "mi nuevo numero",
		"troquei de numero", "mudei de numero", "meu numero novo", "meu novo numero", "meine neue nummer",
		"neue handynummer", "mon nouveau numero", "j ai change de numero",
	}},
	{Rule: "scam.verify", Weight: 1, Phrases: []string{
		"verify your account|identity|details|information", "update your details|information|payment|account",
		"confirm your identity|details|account|information",
		"verifique su cuenta|identidad", "verifica tu cuenta|identidad", "actualiza tus datos", "confirme sus datos",
		"verifique sua conta|identidade", "atualize seus dados", "confirme seus dados", "regularizar",
		"bestatigen sie ihr|ihre konto|daten|identitat", "aktualisieren sie ihre daten",
		"verifiez votre compte|identite", "mettez a jour vos informations", "confirmez vos informations",
	}},
}

var threatLexicon = compile(threatTerms)

// threats finds a threat together with a payment demand and a deadline, or
// with a request to verify account details.
func threats(d *doc, lang string) []Signal {
	first := map[string]hit{}
	for _, h := range threatLexicon.scan(d, lang, partText, partExample) {
		if _, ok := first[h.e.rule]; !ok {
			first[h.e.rule] = h
		}
	}
	show := func(rule string) string {
		h := first[rule]
		return fragment(h.p, h.from, h.to)
	}
	_, pay := first["scam.payment"]
	_, deadline := first["scam.deadline"]
	_, verify := first["scam.verify"]
	var out []Signal
	if _, ok := first["scam.impersonation"]; ok && pay {
		out = append(out, Signal{Rule: "scam.impersonation", Weight: 1, Detail: fmt.Sprintf("%s, payment %s in %s",
			show("scam.impersonation"), show("scam.payment"), first["scam.impersonation"].p.where)})
	}
	threat, ok := first["scam.threat"]
	if !ok {
		return out
	}
	if pay && deadline {
		out = append(out, Signal{Rule: "scam.threat_payment", Weight: 1, Detail: fmt.Sprintf("threat %s, payment %s, deadline %s in %s",
			show("scam.threat"), show("scam.payment"), show("scam.deadline"), threat.p.where)})
	}
	if verify {
		out = append(out, Signal{Rule: "scam.phishing", Weight: 1, Detail: fmt.Sprintf("threat %s, request %s in %s",
			show("scam.threat"), show("scam.verify"), threat.p.where)})
	}
	return out
}

var prizeLexicon = compile([]term{{Rule: "scam.prize", Weight: 1, Unless: []string{
	"auction", "bid", "bids", "lot", "t", "subasta", "leilao", "auktion", "versteigerung", "enchere", "encheres",
}, Phrases: []string{
	"you have won", "you ve won", "you won", "you are a winner", "you re a winner", "lucky winner",
	"you have been selected to receive", "claim your prize*|reward*|gift*|cash|winning*|money|voucher*|¤",
	"prize money", "you are our winner", "you re our winner",
	"has ganado", "ha ganado", "usted ha ganado", "ganaste", "eres el ganador", "eres la ganadora",
	"reclama tu premio", "reclame su premio", "cobra tu premio", "has sido seleccionado",
	"voce ganhou", "voce foi sorteado", "foi sorteado", "foi sorteada", "resgate seu premio", "retire seu premio",
	"voce e o ganhador", "voce e a ganhadora",
	"sie haben gewonnen", "du hast gewonnen", "gewinn abholen", "ihren gewinn", "deinen gewinn",
	"sie wurden ausgewahlt", "hauptgewinn",
	"vous avez gagne", "tu as gagne", "reclamez votre prix|cadeau|gain|lot", "votre gain", "grand gagnant",
	"vous avez ete selectionne*",
	"your prize|reward|gift is waiting", "your prize|reward|gift awaits", "ihr preis|gewinn wartet",
	"tu premio te espera", "tu premio esta esperando", "seu premio esta esperando", "seu premio espera",
	"votre prix|cadeau|gain vous attend",
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

// shorteners finds link-shortener hosts in texts, example values and URL
// buttons.
func shorteners(d *doc) []Signal {
	var out []Signal
	seen := map[string]bool{}
	for _, p := range d.parts {
		for _, f := range strings.Fields(p.text) {
			host := hostOf(f)
			if linkShorteners[host] && !seen[host+p.where] {
				seen[host+p.where] = true
				out = append(out, Signal{Rule: "scam.shortener", Detail: quote(host) + " in " + p.where, Weight: 1})
			}
		}
	}
	return out
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

// scam runs every scam pattern.
func scam(d *doc, lang string) []Signal {
	var out []Signal
	out = append(out, credentialRequests(d, lang)...)
	out = append(out, threats(d, lang)...)
	out = append(out, score(prizeLexicon.scan(d, lang, partText, partExample)).signals...)
	out = append(out, shorteners(d)...)
	return out
}
