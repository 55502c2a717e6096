package classify

import (
	"regexp"
	"strings"
	"unicode"
)

// scam.private_payee: money asked for (a bill, a fee, a donation) to be
// paid to a private person instead of the business that writes: a personal
// e-mail address (at a free mail provider, not named after the business)
// used as a Pix key or PayPal account, a personal Venmo, Cash App or
// Zelle handle, a payee named as a person with a bank account ("Mr D
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
)

// bankDetails name an account to pay into, after a person's name.
var bankDetails = []string{"sort code", "iban", "account", "acct", "cuenta", "conta", "konto", "compte", "rib", "clabe", "agência", "agencia"}

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
// payment, as the comment at the top of the file says.
func privatePayees(d *doc, lang string) []Signal {
	if len(payWords.scan(d, lang, partText, partExample)) == 0 {
		return nil
	}
	apps := len(p2pApps.scan(d, lang, partText, partExample)) > 0
	sig := func(what string, p *part) []Signal {
		return []Signal{{Rule: "scam.private_payee", Weight: 1, Detail: what + " in " + p.where}}
	}
	for i := range d.parts {
		p := &d.parts[i]
		if p.kind != partText && p.kind != partExample {
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
		}
		// A title opens a greeting as often as a payee: only an example
		// value that starts with a person and goes on to an account is one.
		if p.kind == partExample && personTitle.MatchString(p.raw) {
			lower := strings.ToLower(p.raw)
			for _, b := range bankDetails {
				if k := strings.Index(lower, b); k >= 0 && strings.ContainsAny(lower[k:], "0123456789") {
					return sig("a person's account "+quote(p.raw)+" as the payee", p)
				}
			}
		}
		if ibanCountries[d.home] {
			for _, m := range iban.FindAllStringSubmatch(p.raw, -1) {
				if m[1] != d.home {
					return sig("a foreign account "+quote(m[0])+" as the payee", p)
				}
			}
		}
	}
	return nil
}

// namedAfter reports whether an address's local part or a handle is the
// business's own name: it starts with a name the HEADER, BODY or FOOTER
// write outside addresses and handles (one capitalised word of four
// letters or more, or a run of two or three words run together).
func namedAfter(local string, d *doc) bool {
	local = strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, local)
	for _, p := range d.parts {
		if p.kind != partText || p.where != "HEADER" && p.where != "BODY" && p.where != "FOOTER" {
			continue
		}
		text := emailAddress.ReplaceAllString(p.raw, " ")
		text = p2pHandle.ReplaceAllString(text, " ")
		toks := tokenize(text)
		for i, t := range toks {
			if len(t.w) >= 4 && unicode.IsUpper([]rune(text[t.start:t.end])[0]) && strings.HasPrefix(local, t.w) {
				return true
			}
			joined := t.w
			for n := 1; n < 3 && i+n < len(toks); n++ {
				joined += toks[i+n].w
				if len(joined) >= 6 && strings.HasPrefix(local, joined) {
					return true
				}
			}
		}
	}
	return false
}
