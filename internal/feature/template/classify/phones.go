package classify

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"svc/internal/feature/template"
	"svc/internal/platform/e164"
)

// Phone numbers a template gives to call. Two kinds are scams whatever the
// words around them say:
//
//   - scam.premium_rate: a premium-rate or revenue-sharing number (UK 09,
//     French 089, German 0900, Spanish 806, US 1-900...), in a call button,
//     a text or an example value, given as the line of a bank, a tax or
//     benefits office, or to claim a refund or a prize. The call itself
//     is the theft: a "tax refund hotline" on one bills the caller by the
//     minute. A television vote's or a horoscope's paid line is not one.
//   - scam.personal_line: a mobile number, or one of another country than
//     the template's, given as the line of a bank's fraud or security team
//     or of a tax or benefits office, which answer on their published
//     landlines: a "fraud agent" on a mobile is the impostor the real bank
//     warns about.

// numberAt is a phone number a template gives: where, as written, and its
// E.164 digits; abroad says it belongs to none of the countries the
// template's language tag points to (homeCountries), however it was
// written.
type numberAt struct {
	where, written, e164 string
	abroad               bool
}

// languageCountries are the countries a language without a region is
// spoken in as a national language, its main one first: the first reads
// numbers written in national form, and a number of any of them is not
// foreign ("en" is as British as it is American).
var languageCountries = map[string][]string{
	"en": {"US", "GB", "IE", "CA", "AU", "NZ", "ZA", "IN", "SG", "JM", "MT"},
	"es": {"ES", "MX", "AR", "CO", "CL", "PE", "VE", "EC", "GT", "CU", "BO", "DO", "HN", "PY", "SV", "NI", "CR", "PA", "UY", "PR", "GQ"},
	"fr": {"FR", "BE", "CH", "LU", "MC", "CA", "SN", "CI", "CM", "MA", "TN", "DZ", "HT"},
	"de": {"DE", "AT", "CH", "LI", "LU", "BE"},
	"it": {"IT", "CH", "SM", "VA"},
	"nl": {"NL", "BE", "SR"},
	"pl": {"PL"},
	"pt": {"PT", "BR", "AO", "MZ", "CV"},
}

// homeCountry is the country a template's language tag points to: its
// region (en_GB: GB), or its language's main country.
func homeCountry(language string) string {
	if _, region, ok := strings.Cut(language, "_"); ok {
		return region
	}
	if cs := languageCountries[template.PrimaryLanguage(language)]; len(cs) > 0 {
		return cs[0]
	}
	return ""
}

// homeCountries are the countries a template's language tag points to:
// its region alone, or every country of its language, each with the
// countries that share its numbering plan (sharedPlans), the tag's own
// first.
func homeCountries(language string) []string {
	countries := languageCountries[template.PrimaryLanguage(language)]
	if _, region, ok := strings.Cut(language, "_"); ok {
		countries = []string{region}
	}
	var out []string
	for _, c := range countries {
		out = append(out, c)
		out = append(out, sharedPlans[c]...)
	}
	return out
}

// sharedPlans are the places whose numbers a country dials as its own.
// Guernsey, Jersey and the Isle of Man are in the UK's numbering plan
// (+44, written at home as 01481, 01534, 01624 and dialled from Britain
// as inland calls), and banks serving British customers answer from
// there: such a number is no more foreign to a British template than one
// in Leeds, whichever way it is written. (The other members of the North
// American plan are separate countries with their own calling areas:
// 876 is Jamaica to an American template however it is written.)
var sharedPlans = map[string][]string{"GB": {"GG", "JE", "IM"}}

// abroad reports whether E.164 number n belongs to none of the template's
// home countries (and the tag names some).
func (d *doc) abroad(n string) bool {
	return len(d.homes) > 0 && !slices.Contains(d.homes, e164.Country(n))
}

// phoneNumbers returns the numbers of the call buttons, texts and example
// values, each read as E.164. A run of digits in a text counts as a phone
// number when written in international form (+ or 00), or when it has at
// least 8 digits and is written as phone numbers are (in groups, or from
// the trunk 0): an order number, an amount or a date is not.
func (d *doc) phoneNumbers() []numberAt {
	var out []numberAt
	for _, b := range d.buttonPhones {
		if n, ok := d.readNumber(b.written, false); ok {
			n.where = b.where + " phone_number"
			out = append(out, n)
		}
	}
	for i := range d.parts {
		p := &d.parts[i]
		if p.kind != partText && p.kind != partExample {
			continue
		}
		for _, w := range numberRuns(p.raw) {
			if n, ok := d.readNumber(w, true); ok {
				n.where = p.where
				out = append(out, n)
			}
		}
	}
	return out
}

// readNumber reads a number as written; inText asks for the shape a
// number in running text must have.
func (d *doc) readNumber(written string, inText bool) (numberAt, bool) {
	digits, groups := digitsOf(bracketedTrunk.ReplaceAllString(written, "$1 "))
	international := ""
	switch {
	case strings.HasPrefix(written, "+") || strings.HasPrefix(digits, "00"):
		international = strings.TrimPrefix(digits, "00")
	case inText && (len(digits) < 8 || groups < 2 && digits[0] != '0' || dateShape.MatchString(written) || datePrefix.MatchString(written)):
		return numberAt{}, false
	case !inText && digits != "" && digits[0] != '0':
		// A button's number without its plus sign, as the compatible
		// API's own examples write it.
		international = digits
	default:
		// A tag without a region writes the numbers of any of its
		// countries: the first whose plan reads the digits has them.
		for _, c := range d.homes {
			if e, ok := e164.FromNational(digits, c); ok {
				return numberAt{written: written, e164: e, abroad: d.abroad(e)}, true
			}
		}
		return numberAt{}, false
	}
	if e164.Check(international) != nil {
		return numberAt{}, false
	}
	return numberAt{written: written, e164: international, abroad: d.abroad(international)}, true
}

// bracketedTrunk is the trunk 0 some write in brackets after the country
// code ("+44 (0)7700 900123"), which a call from abroad leaves out.
var bracketedTrunk = regexp.MustCompile(`^((?:\+|00)\d{1,3})[ .-]?\(0\)`)

// digitsOf returns the digits of s and how many groups they are written
// in.
func digitsOf(s string) (string, int) {
	var b strings.Builder
	groups, in := 0, false
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '9' {
			if !in {
				groups++
			}
			b.WriteByte(c)
			in = true
		} else {
			in = false
		}
	}
	return b.String(), groups
}

// phoneSeparators may stand between the groups of a phone number (any
// Unicode space is read as a space first).
const phoneSeparators = " .-/()"

// dateShape is a date written in digits ("09/12/2025", "2025-12-09"),
// which is not a phone number however its digits would read.
var dateShape = regexp.MustCompile(`^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$`)

// datePrefix is a date followed by more digits: the time after it
// ("17.07.2025 14 Uhr", "06/07/2025 14:00"), which would otherwise carry
// the date into a phone number.
var datePrefix = regexp.MustCompile(`^(?:(?:0?[1-9]|[12]\d|3[01])[./-](?:0?[1-9]|[12]\d|3[01])[./-](?:\d{4}|\d{2})|\d{4}[./-](?:0?[1-9]|1[0-2])[./-](?:0?[1-9]|[12]\d|3[01])) `)

// numberRuns returns the runs of s that may be phone numbers: digits
// grouped by phoneSeparators, with an optional leading "+" or "(", not
// glued to a word ("LT60 3250..." is an IBAN, "A-1234" a reference).
func numberRuns(s string) []string {
	s = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Zs, r) {
			return ' '
		}
		return r
	}, s)
	var out []string
	isDigit := func(i int) bool { return i < len(s) && s[i] >= '0' && s[i] <= '9' }
	// A number is glued to a letter or a digit before it, in any script;
	// quotes, symbols and emoji ("«08 99…»", "📞0899…") leave it free.
	glued := func(i int) bool {
		r, _ := utf8.DecodeLastRuneInString(s[:i])
		return i > 0 && (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r))
	}
	for i := 0; i < len(s); {
		start := i
		if (s[i] == '+' || s[i] == '(') && isDigit(i+1) {
			i++
		} else if !isDigit(i) {
			i++
			continue
		}
		if glued(start) {
			for i < len(s) && (isDigit(i) || s[i] >= 'A') {
				i++
			}
			continue
		}
		end := i
		for i < len(s) {
			if isDigit(i) {
				i++
				end = i
				continue
			}
			// Up to three separators (" - ", ") "), then a digit, continue
			// the number.
			j := i
			for j < len(s) && j < i+3 && strings.IndexByte(phoneSeparators, s[j]) >= 0 {
				j++
			}
			if j == i || !isDigit(j) || strings.IndexByte(s[i:j], '(') >= 0 && !areaCode(s, j) {
				break
			}
			i = j
		}
		out = append(out, s[start:end])
		i = max(i, end)
	}
	return out
}

// areaCode reports whether the digits at i close a bracketed area code
// ("(11) 98765-4321"), not a note after the number ("60 (3 €/appel)").
func areaCode(s string, i int) bool {
	j := i
	for j < len(s) && j < i+5 && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	return j < len(s) && s[j] == ')'
}

// officialLines name a bank's fraud or security team, a tax or benefits
// office, or a land or public registry: lines their owners publish on
// landlines.
var officialLines = compile([]term{{Rule: "scam.official_line", Weight: 1, Phrases: []string{
	"fraud", "fraude", "fraudes", "betrug", "betrugsabteilung", "suspicious", "suspeita", "suspeito", "sospechoso", "sospechosa",
	"verdachtig", "verdachtige", "verdachtigen", "suspecte", "suspect", "unrecognised|unrecognized charge|transaction|payment",
	"no reconocido|reconocida", "nao reconhece|reconhecida|reconhecido", "non reconnu|reconnue", "security team|department|line",
	"central de seguranca", "departamento de seguridad", "area de seguridad", "service de securite", "sicherheitsabteilung",
	"receita federal", "hmrc", "irs", "internal revenue service", "agencia tributaria", "hacienda", "finanzamt", "dgfip",
	"impots", "tresor public", "caf", "caisse d allocations familiales", "assurance maladie", "ameli", "france travail",
	"pole emploi", "inss", "seguridad social", "seguranca social", "jobcenter", "arbeitsagentur", "dwp", "social security",
	"registro publico", "cartorio", "grundbuchamt", "land registry",
}}})

// claimLines name what a premium-rate line claims to release: a refund, a
// parcel held.
var claimLines = compile([]term{{Rule: "scam.claim_line", Weight: 1, Phrases: []string{
	"refund", "rebate", "reimbursement", "reembolso", "devolucion", "remboursement", "erstattung", "ruckerstattung",
	"steuererstattung", "restituicao", "parcel", "package", "delivery", "paquete", "envio", "encomenda", "pacote",
	"paket", "sendung", "zustellung", "colis", "livraison",
}}})

// numberScams finds premium-rate numbers and personal lines, as the
// comment at the top of the file says.
func numberScams(d *doc, lang string) []Signal {
	numbers := d.phoneNumbers()
	if len(numbers) == 0 {
		return nil
	}
	official := officialLines.scan(d, lang, partText, partExample)
	// A refund to claim or a parcel held is also what a premium-rate line
	// dangles.
	claimed := official
	if len(claimed) == 0 {
		claimed = claimLines.scan(d, lang, partText, partExample)
	}
	signal := func(rule, what string, n numberAt, o hit) []Signal {
		return []Signal{{Rule: rule, Weight: 1,
			Detail: what + " " + quote(n.written) + " in " + n.where + " for " + fragment(o.p, o.from, o.to) + " in " + o.p.where}}
	}
	for _, n := range numbers {
		if len(claimed) > 0 && e164.PremiumRate(n.e164) {
			return signal("scam.premium_rate", "premium-rate number", n, claimed[0])
		}
	}
	if len(official) == 0 {
		return nil
	}
	for _, n := range numbers {
		switch {
		case n.abroad:
			return signal("scam.personal_line", "foreign number", n, official[0])
		case e164.Mobile(n.e164):
			return signal("scam.personal_line", "mobile number", n, official[0])
		}
	}
	return nil
}
