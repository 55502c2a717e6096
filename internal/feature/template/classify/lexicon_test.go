package classify

import (
	"fmt"
	"strings"
	"testing"

	"svc/internal/platform/textfold"
)

// lexicons lists every compiled word list of the package.
var lexicons = map[string]*lexicon{
	"promo": promoLexicon, "otp": otpLexicon, "abuse": abuseLexicon, "threat": threatLexicon,
	"prize": prizeLexicon, "verbs": requestVerbs, "credentials": credentials,
	"transaction": transactionLexicon, "general content": generalContentLexicon,
	"intent benefit": intentBenefit, "intent selected": intentSelected, "intent urgency": intentUrgency,
	"intent fee": intentFee, "intent data": intentData, "intent contact": intentContact,
	"intent quiz": intentQuiz, "intent kin": intentKin, "intent new number": intentNewNumber,
	"intent money ask": intentMoneyAsk, "intent day pay": intentDayPay, "intent easy work": intentEasyWork,
	"intent threat": intentThreat, "intent update": intentUpdate, "intent guarantee": intentGuarantee,
	"intent rate": intentRate, "intent device": intentDevice, "intent charge": intentCharge, "intent undo": intentUndo,
	"intent marketplace": intentMarketplace, "intent receive": intentReceive, "intent voucher pay": intentVoucherPay,
	"intent affection": intentAffection, "intent send me": intentSendMe, "intent debt discount": intentDebtDiscount,
	"intent buyer voice": intentBuyerVoice, "intent secret": intentSecret, "intent ask": intentAsk,
}

// render writes a phrase as a sender would: one instance of each special
// position.
func render(phrase string) string {
	var out []string
	for _, piece := range strings.Fields(phrase) {
		switch piece {
		case "#":
			piece = "12"
		case "{{}}":
			piece = "{{1}}"
		case "_":
			piece = "word"
		}
		piece, _, _ = strings.Cut(piece, "|")
		out = append(out, strings.TrimSuffix(piece, "*"))
	}
	return strings.Join(out, " ")
}

// TestWordLists holds every list to its maintenance rules: each phrase
// compiles, is found in a sentence around it whatever its case, in a
// German template too, and appears once per rule.
func TestWordLists(t *testing.T) {
	for name, lx := range lexicons {
		if len(lx.build().entries) == 0 {
			t.Errorf("%s: empty", name)
		}
		seen := map[string]bool{}
		for _, e := range lx.entries {
			key := fmt.Sprintf("%s|%s|%v", e.rule, e.lang, e.elems)
			if seen[key] {
				t.Errorf("%s: %s: phrase %q listed twice", name, e.rule, e.phrase)
			}
			seen[key] = true
			text := "Zz " + strings.ToUpper(render(e.phrase)) + " zz."
			toks := tokenize(text)
			if _, ok := e.matchAt(toks, 1, false); !ok {
				t.Errorf("%s: %s: phrase %q not found in %q", name, e.rule, e.phrase, text)
			}
			for i := range toks {
				toks[i].g = textfold.Digraphs(toks[i].w)
			}
			if _, ok := e.matchAt(toks, 1, true); !ok {
				t.Errorf("%s: %s: phrase %q not found in German %q", name, e.rule, e.phrase, text)
			}
		}
	}
}

func TestCompilePhraseErrors(t *testing.T) {
	for _, p := range []string{"", "   ", "a|b c|", "don't|x", "- -", "*schmerzen", "kopf|*schmerzen", "a*b"} {
		if _, err := compilePhrase(p); err == nil {
			t.Errorf("compilePhrase(%q) succeeded, want an error", p)
		}
	}
}

func TestTokenize(t *testing.T) {
	tests := []struct {
		text string
		want string // tokens joined by spaces
	}{
		{"Get 20% OFF!", "get 20 % off"},
		{"Préstamo RÁPIDO", "prestamo rapido"},
		{"PRE\u0301STAMO", "prestamo"},
		{"Straße", "strasse"},
		{"Hi {{1}}, it's {{first_name}}", "hi {{}} it s {{}}"},
		{"{{ 1 }} {{}} {{x", "1 x"},
		{"R$ 89,90 and 5 €", "r ¤ 89 90 and 5 ¤"},
		{"don't rendez-vous", "don t rendez vous"},
	}
	for _, tt := range tests {
		if got := strings.Join(foldWords(tt.text), " "); got != tt.want {
			t.Errorf("tokenize(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
	// Offsets point into the text, so signals quote what the sender wrote.
	text := "Só HOJE: 20% de desconto"
	for _, tok := range tokenize(text) {
		if tok.start < 0 || tok.end > len(text) || tok.start >= tok.end {
			t.Errorf("token %+v out of %q", tok, text)
		}
	}
}

func TestHostOf(t *testing.T) {
	tests := map[string]string{
		"bit.ly/abc":                  "bit.ly",
		"https://TinyURL.com/x?y=1":   "tinyurl.com",
		"(www.goo.gl/abc),":           "goo.gl",
		"http://is.gd:8080/x":         "is.gd",
		"t.co.":                       "t.co",
		"https://shop.example.com/sa": "shop.example.com",
		"hello":                       "hello",
	}
	for in, want := range tests {
		if got := hostOf(in); got != want {
			t.Errorf("hostOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestNumberSlot holds "#" to what Stage A calls a number: ASCII digits
// (textfold.IsDigits). Digits of other scripts are words.
func TestNumberSlot(t *testing.T) {
	elems, err := compilePhrase("# months free")
	if err != nil {
		t.Fatal(err)
	}
	e := &entry{elems: elems}
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"12 months free", true},
		{"3 MONTHS FREE", true},
		{"١٢ months free", false},
		{"１２ months free", false},
		{"twelve months free", false},
	} {
		if _, got := e.matchAt(tokenize(tt.text), 0, false); got != tt.want {
			t.Errorf("%q matches # months free: %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestNewsOfTheMonth reads a newsletter's "News im <month>" for every
// month of the list Stage A shares (template.GermanMonths), written as a
// German writes it, with or without umlauts.
func TestNewsOfTheMonth(t *testing.T) {
	var news *entry
	for _, e := range newsletterLexicon.build().entries {
		if strings.HasPrefix(e.phrase, "news im ") {
			news = e
		}
	}
	if news == nil {
		t.Fatal(`no "news im" phrase in the newsletter list`)
	}
	for _, month := range []string{"Januar", "Februar", "März", "Maerz", "April", "Mai", "Juni", "Juli", "August",
		"September", "Oktober", "November", "Dezember"} {
		toks := tokenize("News im " + month)
		for i := range toks {
			toks[i].g = textfold.Digraphs(toks[i].w)
		}
		if _, ok := news.matchAt(toks, 0, true); !ok {
			t.Errorf("%q not read as news of the month", "News im "+month)
		}
	}
}
