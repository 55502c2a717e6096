package classify

import (
	"fmt"
	"strings"
	"unicode"
)

// The language a template is written in must be the one it declares: a
// template declared en_US whose text is Spanish is sent to recipients who
// chose English, and the compatible API rejects it as content that does
// not match its tag. The text's language is told by its function words,
// the short words every sentence of a language is made of and another
// language does not use: each list below holds only words that are not
// also common in one of the other four languages ("de", "la", "a", "en",
// "que", "no", "tu", "du", "des", "le", "ou", "desde", "pedido" are left
// out for that reason). "um" is Portuguese here: German "um" is rarer in a
// template than the Portuguese article. They are looked up by the token's
// w, without the digraph reduction the word lists use: in words this short
// it would make English "due" the French "du" and "does" the Portuguese
// "dos", so German typed without umlauts is listed as such ("fuer").
var functionWords = map[string]map[string]bool{
	"en": foldedSet("the", "and", "your", "you", "is", "are", "with", "we", "this", "will", "has", "have", "our",
		"be", "of", "for", "thank", "thanks", "hello", "hi", "please", "from", "today", "tomorrow", "it", "was",
		"been", "can", "here", "now", "just", "us", "at", "by", "or", "if", "not", "all", "any", "new"),
	"es": foldedSet("el", "los", "las", "y", "su", "sus", "tus", "del", "con", "por", "una", "ya", "hola", "gracias",
		"hoy", "mañana", "usted", "muy", "pero", "este", "nuestro", "nuestra", "nuestros", "tienes", "puedes",
		"aquí", "ahora", "está", "están", "hemos", "entre", "llegará", "cuando", "tiene", "puede", "ha", "han", "son", "favor",
		"también", "al", "lo", "sin", "hasta", "estimado", "estimada", "tu", "esta", "fue", "sea"),
	"pt": foldedSet("você", "seu", "sua", "seus", "suas", "é", "em", "com", "do", "da", "dos", "das", "na",
		"nas", "um", "uma", "olá", "obrigado", "obrigada", "hoje", "amanhã", "não", "nosso", "nossa", "pra", "pelo",
		"pela", "já", "aqui", "agora", "foi", "são", "ao", "às", "também", "até", "sem", "oi", "vc", "ou", "pode", "podem",
		"connosco", "consigo", "lembre", "qualquer", "dúvida", "mensagem", "trazer", "estão", "prontas", "prontos", "favor",
		// Spanish's too, so telling neither apart.
		"por"),
	"de": foldedSet("der", "die", "das", "und", "ist", "sie", "ihr", "ihre", "ihren", "ihrem", "wir", "mit", "für", "fuer",
		"auf", "zu", "den", "dem", "ein", "eine", "einen", "nicht", "von", "bitte", "hallo", "danke", "heute",
		"unser", "unsere", "sind", "wird", "wurde", "bei", "oder", "jetzt", "noch", "hier", "ab", "uhr", "ihnen",
		"sehr", "geehrte", "geehrter", "ihres", "im", "vom", "zum", "zur", "guten", "nur", "diese", "dieser", "unserem",
		"unserer", "unseren", "woche"),
	"fr": foldedSet("et", "est", "vous", "votre", "vos", "nous", "pour", "avec", "sur", "une", "au", "aux", "ce",
		"cette", "pas", "bonjour", "merci", "aujourd", "demain", "notre", "nos", "sont", "été", "êtes", "avez",
		"chez", "dès", "ici", "maintenant", "il", "elle", "qui", "dans", "mais", "bien"),
	// Languages svc does not support, told only so that a template
	// declared in one of the five but written in one of these is a
	// mismatch ("Dzień dobry, Twoja wizyta..." declared en_GB).
	"pl": foldedSet("jest", "się", "nie", "twoja", "twój", "twoje", "twojego", "twojej", "dzień", "dobry", "dziękujemy",
		"jesteś", "został", "została", "zostało", "prosimy", "czy", "oraz", "przez", "jutro", "dzisiaj", "będzie",
		"zobaczenia", "tylko", "cześć", "zamówienie", "zamówienia", "naszym", "naszej", "ciągu", "roboczych", "dotrze",
		"wysłane", "dziękuję", "paczka", "nadana", "przesyłki", "numer"),
	"it": foldedSet("della", "delle", "degli", "gli", "grazie", "buongiorno", "ciao", "tuo", "tua", "tuoi", "vostro", "nostra", "nostro",
		"presso", "fino", "aspettiamo", "ordine", "ritiro", "siamo", "spedito", "arriverà", "entro", "venerdì",
		"vostra", "questo", "questa", "sarà", "stato", "stata", "domani", "oggi", "anche", "perché", "nel", "nella",
		"sul", "sulla", "dal", "dalla", "alle", "agli", "molto"),
	"nl": foldedSet("het", "uw", "wij", "jullie", "zijn", "voor", "niet", "bedankt", "wordt", "worden", "naar", "ook",
		"maar", "graag", "van", "dit", "deze", "onze", "u", "kunt", "tot", "ligt", "beste", "je", "bestelling", "verzonden",
		"wordt", "morgen", "tussen", "bezorgd", "volg", "pakket", "hieronder", "bij", "afspraak", "bevestigd", "uur"),
	"ca": foldedSet("teva", "teu", "teus", "teves", "amb", "fins", "és", "aquest", "aquesta", "vostra", "vostre", "gràcies",
		"dissabte", "diumenge", "demà", "avui", "perquè", "us", "hi", "els", "dels", "als", "pels", "seva", "podeu", "sou",
		"som", "heu", "hem", "però", "molt", "moltes", "dilluns", "dimarts", "dimecres", "dijous", "divendres", "nosaltres",
		"vosaltres", "hores", "aviseu", "recordem", "bon", "bona", "teniu", "benvolgut", "benvolguda", "plau",
		"informem", "farà", "serà", "estarà", "vostres", "nostre", "nostra", "nostres", "també", "aquests", "aquestes",
		"això", "què", "deixeu", "ajuntament", "carrer", "pots", "botiga", "teves",
		"rebut", "carregarà", "tens", "dubte", "aigua", "truca", "compte",
		"abans", "després", "bitllet", "bitllets", "viatge", "trajecte", "pujar", "per",
		// Spanish's too: listed so that they count for Catalan as well,
		// and so tell neither apart (see languageMismatch).
		"el", "del", "al", "hola", "esta"),
	// Galician, whose notices a business in Galicia may declare es.
	"gl": foldedSet("túa", "túas", "teu", "teus", "non", "unha", "unhas", "xa", "hoxe", "mañá", "grazas", "coa", "polo",
		"pola", "saúde", "podes", "darlle", "outra", "outro", "persoa", "canto", "moi", "cando", "máis", "tamén", "ata",
		"vosa", "voso", "nosa", "noso", "ola"),
	// Welsh, whose notices a British business may declare en_GB.
	"cy": foldedSet("mae", "eich", "yn", "yr", "ein", "diolch", "helo", "croeso", "fawr", "iawn", "wedi", "bydd", "gyda",
		"chi", "neu", "hefyd", "rydym", "os", "ydych", "archeb", "siop"),
	// Vietnamese, whose notices a restaurant in the US may declare en_US.
	"vi": foldedSet("bạn", "của", "được", "không", "chào", "cảm", "ơn", "vui", "lòng", "trong", "các", "những", "một",
		"hãy", "quý", "khách", "hàng", "nhận", "vòng", "phút", "quán", "chúng", "tôi", "xin", "đơn", "đã", "sẵn", "sàng"),
	"tr": foldedSet("merhaba", "ve", "bir", "bu", "için", "ile", "saat", "kadar", "lütfen", "teşekkürler", "sayın",
		"cumartesi", "pazar", "yarın", "bugün", "hazır", "siparişiniz", "aşağıdaki", "edebilirsiniz", "numaralı", "verildi", "kargoya", "ederiz", "teşekkür"),
}

// invertedMarks are the languages whose sentences open with "¡" and "¿":
// each mark counts as one of their function words.
var invertedMarks = map[string]bool{"es": true, "gl": true}

// judgedLanguages are the languages a text can be told to be in, in the
// order ties are broken.
var judgedLanguages = []string{"en", "es", "pt", "de", "fr", "pl", "it", "nl", "ca", "tr", "cy", "gl", "vi"}

// Bounds of the language check: the text must show at least
// minLanguageEvidence function words of the language it is in, and the
// declared language at most a languageMargin-th as many, before the two
// are said to differ. Names, brands and borrowed words ("Black Friday",
// "OK") never reach that.
const (
	minLanguageEvidence = 4
	// minShortEvidence is the least evidence for a text of fewer than
	// minLanguageEvidence*shortTextWords words, which needs one function
	// word in shortTextWords.
	minShortEvidence = 2
	shortTextWords   = 4
	languageMargin   = 4
)

// languageMismatch reports the language a template's header and body are
// written in when it is clearly another than the declared one (one of the
// five supported languages, or one of the unsupported ones functionWords
// lists: Polish, Italian, Dutch, Catalan, Galician, Welsh, Turkish or
// Vietnamese). Templates declared in any other language are not judged.
func languageMismatch(d *doc, lang string) (Signal, bool) {
	if functionWords[lang] == nil {
		return Signal{}, false
	}
	if script, ok := otherScript(d); ok {
		return Signal{Rule: "category.language", Weight: 1, Detail: fmt.Sprintf("declared %s, written in %s script",
			strings.ToUpper(lang), script)}, true
	}
	var typed []string
	counts := map[string]int{}
	marks := 0
	for _, p := range d.parts {
		if p.kind != partText || (p.where != "BODY" && p.where != "HEADER") {
			continue
		}
		marks += strings.Count(p.text, "¡") + strings.Count(p.text, "¿")
		for _, t := range p.toks {
			typed = append(typed, t.typed)
			for l, words := range functionWords {
				if words[t.typed] {
					counts[l]++
				}
			}
		}
	}
	for l := range invertedMarks {
		counts[l] += marks
	}
	best, bestCount := "", 0
	for _, l := range judgedLanguages {
		if counts[l] > bestCount {
			best, bestCount = l, counts[l]
		}
	}
	if best == lang || best == "" {
		return Signal{}, false
	}
	// Between the two, a word both use tells neither apart: Catalan and
	// Spanish share "el", "del" and "al", and a Catalan text is full of them.
	bestOnly, langOnly := 0, 0
	for _, w := range typed {
		inBest, inLang := functionWords[best][w], functionWords[lang][w]
		switch {
		case inBest && !inLang:
			bestOnly++
		case inLang && !inBest:
			langOnly++
		}
	}
	if invertedMarks[best] && !invertedMarks[lang] {
		bestOnly += marks
	} else if invertedMarks[lang] && !invertedMarks[best] {
		langOnly += marks
	}
	// A short text shows fewer function words: one of a dozen words needs
	// half as many ("Uw afspraak bij de tandarts is bevestigd voor {{1}}").
	need := max(minShortEvidence, min(minLanguageEvidence, len(typed)/shortTextWords))
	if bestOnly < need || langOnly*languageMargin > bestOnly {
		return Signal{}, false
	}
	return Signal{Rule: "category.language", Weight: 1, Detail: fmt.Sprintf("declared %s, written in %s (%d function words of %s, %d of %s)",
		strings.ToUpper(lang), strings.ToUpper(best), bestOnly, best, langOnly, lang)}, true
}

// foldedSet folds a list of words into a set looked up by a token's w.
func foldedSet(words ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		for _, f := range foldWords(w) {
			m[f] = true
		}
	}
	return m
}

// Varieties of a supported language that its tag does not cover: a
// template declared pt_BR written in European Portuguese ("o estafeta
// deixará um aviso", "pequeno-almoço"), or declared de in Swiss German
// ("Ihri Bstellig isch parat"), is read by recipients who chose the other
// variety. Each is told by words and turns the declared variety does not
// use; two distinct ones are needed, as one can be a name or a quote.
var varieties = []struct {
	declared, region, tag, name string
	words                       *lexicon
}{
	{"pt", "BR", "pt_BR", "European Portuguese", compile([]term{{Rule: "category.variety", Weight: 1, Phrases: []string{
		"telemovel", "telemoveis", "estafeta", "autocarro", "comboio", "equipa", "utilizador", "utilizadores", "connosco",
		"contacto", "contactos", "contactar", "rececao", "facto", "ecra", "frigorifico", "portagem", "multibanco",
		"pequeno almoco", "a decorrer", "esta a preparar|processar|tratar|chegar", "estamos a preparar|processar|tratar",
	}}})},
	{"de", "", "de", "Swiss German", compile([]term{{Rule: "category.variety", Weight: 1, Phrases: []string{
		// Dialect, not the Swiss greetings Standard German notices use
		// ("Grüezi", "Merci vielmal").
		"isch", "usere", "ihri", "bstellig", "en schone", "chond", "chunnt", "nod", "gsi", "luege",
		"zame", "sibni", "mir hand",
	}}})},
}

// variantMismatch reports the variety a template is written in when it is
// not the declared one, as the comment on varieties says.
func variantMismatch(d *doc, lang string) (Signal, bool) {
	for _, v := range varieties {
		if v.declared != lang || v.region != "" && d.home != v.region || v.region == "" && d.home != "" && d.home != strings.ToUpper(lang) {
			continue
		}
		seen := map[string]bool{}
		var found []string
		for _, h := range v.words.scan(d, lang, partText) {
			if h.p.where != "BODY" && h.p.where != "HEADER" || seen[h.e.phrase] {
				continue
			}
			seen[h.e.phrase] = true
			found = append(found, fragment(h.p, h.from, h.to))
		}
		if len(found) >= 2 {
			return Signal{Rule: "category.language", Weight: 1, Detail: fmt.Sprintf("declared %s, written in %s (%s)",
				v.tag, v.name, strings.Join(found, ", "))}, true
		}
	}
	return Signal{}, false
}

// scripts are the writing systems a template declared in one of the
// Latin-script languages may be written in instead ("ご注文ありがとうございます"
// declared en_US), in the order a mixed text is named by.
var scripts = []struct {
	name  string
	table *unicode.RangeTable
}{
	{"Japanese", unicode.Hiragana}, {"Japanese", unicode.Katakana}, {"Han", unicode.Han}, {"Hangul", unicode.Hangul},
	{"Cyrillic", unicode.Cyrillic}, {"Arabic", unicode.Arabic}, {"Hebrew", unicode.Hebrew}, {"Greek", unicode.Greek},
	{"Thai", unicode.Thai}, {"Devanagari", unicode.Devanagari},
}

// minScriptLetters is how many letters of another script a text needs
// before its script is judged: a name or a symbol is not a text.
const minScriptLetters = 4

// otherScript reports the script a template's header and body are mostly
// written in when it is not Latin: more than half of their letters, and at
// least minScriptLetters of them.
func otherScript(d *doc) (string, bool) {
	counts := make([]int, len(scripts))
	letters := 0
	for _, p := range d.parts {
		if p.kind != partText || (p.where != "BODY" && p.where != "HEADER") {
			continue
		}
		for _, r := range p.text {
			if !unicode.IsLetter(r) {
				continue
			}
			letters++
			for i, sc := range scripts {
				if unicode.Is(sc.table, r) {
					counts[i]++
					break
				}
			}
		}
	}
	other, best := 0, -1
	for i, n := range counts {
		other += n
		if n > 0 && (best < 0 || n > counts[best]) {
			best = i
		}
	}
	// Kana anywhere make a Han text Japanese.
	if best >= 0 && scripts[best].name == "Han" && counts[0]+counts[1] > 0 {
		best = 0
	}
	if other < minScriptLetters || other*2 <= letters {
		return "", false
	}
	return scripts[best].name, true
}
