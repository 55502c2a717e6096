package classify

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"svc/internal/platform/e164"
	"svc/internal/platform/textfold"
)

// scam.private_payee: money asked for (a bill, a fee, a donation) to be
// paid to a private person instead of the business that writes: a personal
// e-mail address (at a free mail provider, not named after the business)
// used as a Pix key or PayPal account, a personal Venmo, Cash App or
// Zelle handle or a mobile number to pay by Bizum, a CPF as the Pix key,
// an account holder who is a person ("Kontoinhaber Adam Nowak"), a payee named as a person with a bank account ("Mr D
// Patel, sort code..."), or an IBAN of another country than the
// template's. A business is paid into its own account; a "new account"
// that is someone's own is the invoice-redirection fraud. The payee often
// sits only in an example value, so example values are read too.

// payWords ask for or describe a payment.
var payWords = compile([]term{{Rule: "scam.pay", Weight: 1, Phrases: []string{
	"pay", "paid", "payment", "payable", "transfer", "donate", "donation", "bill", "invoice", "overdue",
	"pague", "pagar", "pago", "paga", "abone", "abonar", "abonarse", "abonado", "transfiera", "transfiere", "transferencia", "ingrese", "donar", "donativo", "factura", "cuota",
	"pagamento", "transfira", "deposite", "doar", "doacao", "fatura", "mensalidade",
	"zahlen", "zahlung", "bezahlen", "uberweisen", "uberweisung", "spenden", "spende", "rechnung", "betrag",
	"payer", "payez", "reglez", "reglement", "virement", "versez", "facture", "cotisation",
	"pix", "paypal", "venmo", "zelle", "bizum", "cash app", "cashapp", "iban", "sort code",
}}, {Rule: "scam.pay", Weight: 1, Lang: "pt", Phrases: []string{"doe", "boleto"}}})

// penaltyWords name a fine or surcharge threatened for paying late or
// elsewhere.
var penaltyWords = compile([]term{{Rule: "scam.penalty", Weight: 1, Phrases: []string{
	"penalty", "penalties", "late fee", "multa", "multas", "recargo", "juros", "mahngebuhr", "mahngebuhren", "saumniszuschlag",
	"penalite", "penalites", "majoration",
}}})

// consularWords name a consulate or an embassy, whose fees are paid on its
// own appointment system, never by deposit to a named account.
var consularWords = compile([]term{{Rule: "scam.consular", Weight: 1, Phrases: []string{
	"consulate", "embassy", "consulado", "embajada", "embaixada", "konsulat", "botschaft", "consulat", "ambassade",
}}})

// p2pApps are the person-to-person payment apps whose handles ("@name",
// "$name") are people's own.
var p2pApps = compile([]term{{Rule: "scam.p2p_app", Weight: 1, Phrases: []string{
	"venmo", "cash app", "cashapp", "zelle", "paypal", "revolut", "bizum", "wise",
}}})

var (
	emailAddress = regexp.MustCompile(`[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+\.)+[A-Za-z]{2,}`)
	p2pHandle    = regexp.MustCompile(`(?:^|[\s(:])([@$][A-Za-z][A-Za-z0-9._-]{2,})`)
	// personTitle opens a value with a person: a title, then a
	// capitalised name or initial.
	personTitle = regexp.MustCompile(`^\s*(?:Mr|Mrs|Ms|Miss|Sr|Sra|Srta|Dña|Herr|Frau|Mme|Mlle)\.?\s+\p{Lu}`)
	iban        = regexp.MustCompile(`\b([A-Z]{2})\d{2}(?:\s?[A-Z0-9]{4}){3,7}`)
	// cpfKey is a CPF, a person's tax number, named or written in its
	// format: in a payment, the Pix key of a person.
	cpfKey = regexp.MustCompile(`(?i:chave\s+cpf)|\b\d{3}\.\d{3}\.\d{3}-\d{2}\b`)
	// accountHolder names the holder of the account to pay into, then two
	// capitalised words.
	accountHolder = regexp.MustCompile(`(?i:kontoinhaber(?:in)?|titular|account holder|titulaire|favorecido|beneficiário|beneficiario|bénéficiaire|a nombre del?|em nome de|payable to|zugunsten von)\s*:?\s+(?:(?:Lic|Ing|Dr|Sr|Sra|Mr|Mrs|Ms|Herr|Frau|M|Mme)\.?\s+)?(\p{Lu}\p{Ll}+\s+\p{Lu}\p{Ll}+)`)
	// companySuffix follows a company's name.
	companySuffix = regexp.MustCompile(`^\s*,?\s*(?:GmbH|AG|KG|e\.\s?V\.|S\.?A\.?S?|S\.?L\.?U?|SARL|SAS|Ltd|LLC|LLP|Inc|plc|Ltda|EIRELI|ME|S/A|Lda)\b`)
)

// bankDetails name an account to pay into, after a person's name, as
// whole words ("conta", not "contact").
var bankDetails = regexp.MustCompile(`(?i)(?:^|[^\pL])(?:sort code|iban|account|acct|cuenta|conta|konto|compte|rib|clabe|agência|agencia)(?:[^\pL]|$)`)

// freeMail are the providers whose addresses anyone opens: as a payee, an
// address there is a person's unless it is named after the business.
var freeMail = map[string]bool{
	"gmail": true, "googlemail": true, "hotmail": true, "outlook": true, "live": true, "yahoo": true, "ymail": true,
	"icloud": true, "aol": true, "gmx": true, "t-online": true, "freenet": true, "uol": true, "bol": true, "terra": true,
	"orange": true, "wanadoo": true, "laposte": true, "sfr": true, "proton": true, "protonmail": true, "yandex": true,
	"msn": true, "libero": true, "web.de": true, "me.com": true, "mac.com": true, "free.fr": true, "mail.ru": true, "ig.com.br": true,
}

// ibanCountries are the home countries whose businesses are paid by IBAN:
// for their templates an IBAN of another country is a foreign account.
var ibanCountries = map[string]bool{
	"ES": true, "FR": true, "DE": true, "PT": true, "GB": true, "IT": true, "NL": true, "BE": true, "AT": true, "CH": true, "IE": true,
}

// privatePayees finds a private payee in a template that asks for a
// payment, as the comment at the top of the file says. A one-person
// business is paid to its owner's own address, handle or account, and
// says so plainly in its text; so a payee in the text counts only when
// the payment is pressed (a threat, a cut-off, a fine, a donation appeal, a
// fraud team, a tax or benefits office) and a payee in an example value,
// where the harm hides from a reviewer, always counts. A foreign IBAN and a person
// opening an example value count only there: a language school abroad
// writes its own IBAN in the text.
func privatePayees(d *doc, lang string) []Signal {
	if len(payWords.scan(d, lang, partText, partExample)) == 0 {
		return nil
	}
	pressed := threatened(d, lang) || len(intentCutOff.scan(d, lang, partText, partExample)) > 0 || len(penaltyWords.scan(d, lang, partText)) > 0 ||
		len(intentDonation.scan(d, lang, partText)) > 0 || len(officialLines.scan(d, lang, partText, partExample)) > 0 ||
		len(consularWords.scan(d, lang, partText)) > 0
	apps := len(p2pApps.scan(d, lang, partText, partExample)) > 0
	sig := func(what string, p *part) []Signal {
		return []Signal{{Rule: "scam.private_payee", Weight: 1, Detail: what + " in " + p.where}}
	}
	for i := range d.parts {
		p := &d.parts[i]
		example := p.kind == partExample
		if !example && (p.kind != partText || !pressed) {
			continue
		}
		for _, m := range emailAddress.FindAllString(p.raw, -1) {
			local, domain, _ := strings.Cut(strings.ToLower(m), "@")
			first, _, _ := strings.Cut(domain, ".")
			if (freeMail[first] || freeMail[domain]) && !namedAfter(local, d) {
				return sig("personal address "+quote(m)+" as the payee", p)
			}
		}
		if apps {
			for _, m := range p2pHandle.FindAllStringSubmatch(p.raw, -1) {
				if !namedAfter(m[1][1:], d) {
					return sig("personal handle "+quote(m[1])+" as the payee", p)
				}
			}
			// Bizum and its like pay to a phone number: a mobile's owner.
			for _, w := range numberRuns(p.raw) {
				if n, ok := d.readNumber(w, true); ok && e164.Mobile(n.e164) {
					return sig("a personal mobile "+quote(w)+" as the payee", p)
				}
			}
		}
		if m := cpfKey.FindString(p.raw); m != "" {
			return sig("a person's tax number "+quote(m)+" as the Pix key", p)
		}
		for _, m := range accountHolder.FindAllStringSubmatchIndex(p.raw, -1) {
			name := p.raw[m[2]:m[3]]
			if !companySuffix.MatchString(p.raw[m[3]:]) && !namedAfterElsewhere(name, d, name) {
				return sig("a person, "+quote(name)+", as the account holder", p)
			}
		}
		if !example {
			continue
		}
		// A title opens a greeting as often as a payee: only an example
		// value that starts with a person and goes on to an account is one.
		if personTitle.MatchString(p.raw) {
			if loc := bankDetails.FindStringIndex(p.raw); loc != nil && strings.ContainsAny(p.raw[loc[1]:], "0123456789") {
				return sig("a person's account "+quote(p.raw)+" as the payee", p)
			}
		}
		if ibanCountries[d.home] {
			for _, m := range iban.FindAllStringSubmatch(p.raw, -1) {
				if !slices.Contains(d.homes, m[1]) {
					return sig("a foreign account "+quote(m[0])+" as the payee", p)
				}
			}
		}
	}
	return nil
}

// namedAfter reports whether an address's local part, a handle or a
// holder's name is the business's own: it starts with a name the HEADER,
// BODY or FOOTER write outside addresses and handles (one capitalised
// word of four letters or more, or a run of two or three words run
// together), or holds a capitalised word of seven letters or more ("Käse
// Alpenglück": kaese.alpenglueck), German digraphs read as umlauts.
func namedAfter(local string, d *doc) bool { return namedAfterElsewhere(local, d, "") }

// namedAfterElsewhere is namedAfter with the text skip left out of the
// names the template writes: a holder's name is no business's name just
// because the holder line writes it.
func namedAfterElsewhere(local string, d *doc, skip string) bool {
	local = textfold.Digraphs(strings.Join(foldWords(local), ""))
	for _, p := range d.parts {
		if p.kind != partText || p.where != "HEADER" && p.where != "BODY" && p.where != "FOOTER" {
			continue
		}
		text := p.raw
		if skip != "" {
			text = strings.ReplaceAll(text, skip, " ")
		}
		text = emailAddress.ReplaceAllString(text, " ")
		text = p2pHandle.ReplaceAllString(text, " ")
		toks := tokenize(text)
		for i, t := range toks {
			w := textfold.Digraphs(t.w)
			if unicode.IsUpper([]rune(text[t.start:t.end])[0]) && (len(w) >= 4 && strings.HasPrefix(local, w) || len(w) >= 7 && strings.Contains(local, w)) {
				return true
			}
			joined := w
			for n := 1; n < 3 && i+n < len(toks); n++ {
				joined += textfold.Digraphs(toks[i+n].w)
				if len(joined) >= 6 && strings.HasPrefix(local, joined) {
					return true
				}
			}
		}
	}
	return false
}

// threatened reports whether a text threatens the recipient (closure,
// blocking, legal action: scam.threat's phrases).
func threatened(d *doc, lang string) bool {
	for _, h := range threatLexicon.scan(d, lang, partText, partExample) {
		// "We will never block your account" threatens nothing.
		if h.e.rule == "scam.threat" && !deniedBefore(h, lang) {
			return true
		}
	}
	return false
}
