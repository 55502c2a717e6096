package template

import (
	"strings"
	"sync"
	"unicode"

	"svc/internal/platform/textfold"
)

// regulatedVerticals is the Stage A keyword screen of interface section 2.3
// rule 5: a text containing one of these phrases is rejected outright,
// before any classifier review. Maintenance rules:
//
//   - Phrases are specific enough that an ordinary utility or marketing
//     text does not contain them: "payday loan", not "loan"; "sports
//     betting", not "bet". Single words only where the word itself names
//     the vertical (casino, bitcoin, forex).
//   - Write phrases as people write them, accents included; matching folds
//     case and accents on both sides, so "prestamo rapido" and "PRÉSTAMO
//     RÁPIDO" both match "préstamo rápido".
//   - Matching is on whole words: a text's words are its runs of letters
//     and digits, so punctuation, hyphens and spaces all separate words
//     ("Online-Casino" matches "online casino"). The last word of a phrase
//     also matches with a plural "s" ("payday loans"); list other
//     inflections (Spanish "-es", German compounds) explicitly.
//   - English first, then Spanish, Portuguese, German and French.
//
// The screen covers the texts a recipient reads: header, body and footer
// texts and button labels. It does not read example values (they show
// what a sender might fill in, and the classifier reviews them), URLs, or
// the template name.
var regulatedVerticals = []struct {
	Name    string
	Phrases []string
}{
	{"lending", []string{
		"payday loan", "cash advance", "instant loan", "quick loan", "fast loan", "easy loan", "personal loan",
		"guaranteed loan", "loan approval", "pre-approved loan", "preapproved loan", "no credit check",
		"bad credit loan", "title loan", "installment loan", "emergency loan", "debt consolidation",
		"low interest loan", "borrow money", "apply for a loan", "microloan",
		"préstamo rápido", "préstamos rápidos", "préstamo personal", "préstamos personales", "crédito rápido",
		"préstamo sin aval",
		"empréstimo pessoal", "empréstimo consignado", "empréstimo rápido", "crédito consignado", "crédito fácil",
		"Sofortkredit", "Kredit ohne Schufa", "Privatkredit", "Schnellkredit", "Blitzkredit",
		"prêt rapide", "crédit rapide", "prêt personnel", "rachat de crédit", "crédit à la consommation",
	}},
	{"gambling", []string{
		"sports betting", "sportsbook", "online casino", "casino", "casino bonus", "free spins", "free bet",
		"place a bet", "place your bet", "bet now", "betting odds", "betting tips", "slot machine", "online slots",
		"online poker", "roulette", "blackjack", "bookmaker", "lottery ticket", "scratch card", "deposit bonus",
		"parlay",
		"apuestas deportivas", "apuesta deportiva", "casino en línea", "tragamonedas", "tragaperras",
		"giros gratis", "apuesta gratis",
		"apostas esportivas", "aposta esportiva", "cassino online", "caça-níqueis", "rodadas grátis",
		"jogo do bicho",
		"Sportwetten", "Freispiele", "Spielautomaten", "Glücksspiel",
		"paris sportifs", "casino en ligne", "machines à sous", "tours gratuits", "pari gratuit",
	}},
	{"forex or crypto", []string{
		"forex", "currency trading", "fx trading", "binary options", "crypto", "cryptocurrency", "crypto trading",
		"crypto investment", "buy crypto", "bitcoin", "ethereum", "dogecoin", "altcoin", "stablecoin",
		"memecoin", "token presale", "initial coin offering", "nft drop", "trading signals", "copy trading",
		"guaranteed returns", "double your money",
		"criptomoneda", "criptomonedas", "opciones binarias", "comercio de divisas",
		"criptomoeda", "criptomoedas", "opções binárias",
		"Kryptowährung", "Kryptowährungen", "Devisenhandel", "binäre Optionen",
		"cryptomonnaie", "crypto-monnaie", "options binaires", "trading de devises",
	}},
	{"health claims", []string{
		"miracle cure", "miracle pill", "weight loss pill", "diet pill", "lose weight fast",
		"guaranteed weight loss", "burn fat fast", "fat burner", "cures cancer", "cure cancer", "cure for cancer",
		"cure diabetes", "reverse diabetes", "reverse aging", "male enhancement", "erectile dysfunction",
		"no prescription needed", "without a prescription", "clinically proven to cure", "100% natural cure",
		"immune booster",
		"cura milagrosa", "pastillas para adelgazar", "bajar de peso rápido", "adelgazar rápido", "quema grasa",
		"emagrecer rápido", "remédio milagroso", "perder peso rápido", "cura do câncer", "pílula milagrosa",
		"Wundermittel", "Wunderheilung", "schnell abnehmen", "Abnehmpillen", "Fettverbrenner",
		"remède miracle", "perte de poids rapide", "maigrir vite", "pilule minceur", "guérit le cancer",
	}},
}

// verticalHit is a regulated phrase found in a text.
type verticalHit struct {
	Vertical string
	Phrase   string // as listed in regulatedVerticals
}

type phraseEntry struct {
	vertical, phrase string
	words            []string
}

// phrasesByFirstWord indexes the folded phrases by their first word, so a
// text is scanned once whatever the length of the list. Built on first use.
var phrasesByFirstWord = sync.OnceValue(func() map[string][]phraseEntry {
	m := map[string][]phraseEntry{}
	for _, v := range regulatedVerticals {
		for _, p := range v.Phrases {
			words := foldWords(p)
			m[words[0]] = append(m[words[0]], phraseEntry{vertical: v.Name, phrase: p, words: words})
		}
	}
	return m
})

// findVerticals returns, for each regulated vertical a text refers to, the
// first phrase found (the longest one where several start at one word), in
// the order the text mentions the verticals.
func findVerticals(text string) []verticalHit {
	words := foldWords(text)
	byFirst := phrasesByFirstWord()
	var hits []verticalHit
	seen := map[string]bool{}
	for k, w := range words {
		var best *phraseEntry
		consider := func(cands []phraseEntry) {
			for i := range cands {
				e := &cands[i]
				if !seen[e.vertical] && matchAt(e.words, words[k:]) && (best == nil || len(e.words) > len(best.words)) {
					best = e
				}
			}
		}
		consider(byFirst[w])
		if stem, ok := strings.CutSuffix(w, "s"); ok && stem != "" {
			consider(byFirst[stem])
		}
		if best != nil {
			seen[best.vertical] = true
			hits = append(hits, verticalHit{Vertical: best.vertical, Phrase: best.phrase})
		}
	}
	return hits
}

// matchAt reports whether text starts with the phrase's words; the last
// word may carry a plural "s".
func matchAt(phrase, text []string) bool {
	if len(text) < len(phrase) {
		return false
	}
	last := len(phrase) - 1
	for i, w := range phrase {
		if text[i] != w && (i != last || text[i] != w+"s") {
			return false
		}
	}
	return true
}

// foldWords splits s into lower-case, accent-free words: maximal runs of
// letters and digits. Combining marks are dropped, so decomposed accents
// (e + U+0301) fold as precomposed ones (é) do.
func foldWords(s string) []string {
	var words []string
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			words = append(words, cur.String())
			cur.Reset()
		}
	}
	for _, r := range s {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		textfold.WriteRune(&cur, r)
	}
	flush()
	return words
}
