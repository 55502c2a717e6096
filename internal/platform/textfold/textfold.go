// Package textfold folds text for word matching: lower case, and Latin
// letters with diacritics reduced to plain ASCII, so that phrase lists match
// "Préstamo" and "prestamo" alike. The template validator's regulated-vertical
// screen and the classifier's word lists share it.
package textfold

import (
	"strings"
	"unicode"
)

// WriteRune writes r to b lower-cased and without its diacritics. Combining
// marks (a decomposed accent) are dropped.
func WriteRune(b *strings.Builder, r rune) {
	if unicode.Is(unicode.Mn, r) {
		return
	}
	r = unicode.ToLower(r)
	if f, ok := accentFold[r]; ok {
		b.WriteString(f)
		return
	}
	b.WriteRune(r)
}

// accentFold maps the lower-case Latin letters with diacritics of the
// supported languages (and their neighbours) to plain ASCII. The standard
// library has no Unicode decomposition tables, and the module takes no
// dependency for them.
var accentFold = map[rune]string{
	'à': "a", 'á': "a", 'â': "a", 'ã': "a", 'ä': "a", 'å': "a", 'ā': "a", 'ă': "a", 'ą': "a",
	'æ': "ae", 'ç': "c", 'ć': "c", 'č': "c", 'ď': "d", 'đ': "d",
	'è': "e", 'é': "e", 'ê': "e", 'ë': "e", 'ē': "e", 'ė': "e", 'ę': "e", 'ě': "e",
	'ì': "i", 'í': "i", 'î': "i", 'ï': "i", 'ī': "i", 'į': "i", 'ı': "i",
	'ł': "l", 'ñ': "n", 'ń': "n", 'ň': "n",
	'ò': "o", 'ó': "o", 'ô': "o", 'õ': "o", 'ö': "o", 'ø': "o", 'ō': "o", 'ő': "o", 'œ': "oe",
	'ř': "r", 'ß': "ss", 'ś': "s", 'š': "s", 'ş': "s", 'ť': "t", 'ţ': "t",
	'ù': "u", 'ú': "u", 'û': "u", 'ü': "u", 'ū': "u", 'ů': "u", 'ű': "u",
	'ý': "y", 'ÿ': "y", 'ź': "z", 'ż': "z", 'ž': "z",
}

// Words splits s into folded words: maximal runs of letters and digits,
// each written by WriteRune (lower case, accents removed). Combining marks
// neither end a word nor show in it, so decomposed accents (e + U+0301)
// fold as precomposed ones (é) do. The classifier's tokenizer folds its
// words the same way, and keeps besides the tokens its phrases are written
// with (placeholders, "%", currency symbols).
func Words(s string) []string {
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
		WriteRune(&cur, r)
	}
	flush()
	return words
}

// Digraphs reduces ae, oe and ue (in either case) to a, o and u, the way
// German is typed without umlauts ("Gebuehr" for "Gebühr", "fuer" for
// "für"), so that both spellings fold to one word ("gebuhr"). Applied to
// both sides of a comparison it is exact; it also shortens words that
// never had an umlaut ("steuer" reads "steur", "que" reads "qu"), so it
// is used only on German templates.
func Digraphs(w string) string {
	i := digraphAt(w, 0)
	if i < 0 {
		return w
	}
	var b strings.Builder
	b.Grow(len(w))
	from := 0
	for ; i >= 0; i = digraphAt(w, i+2) {
		b.WriteString(w[from : i+1])
		from = i + 2
	}
	b.WriteString(w[from:])
	return b.String()
}

// digraphAt is the index of the first of ae, oe or ue in w at or after
// from, or -1.
func digraphAt(w string, from int) int {
	for i := from; i+1 < len(w); i++ {
		if w[i+1]|0x20 == 'e' {
			switch w[i] | 0x20 {
			case 'a', 'o', 'u':
				return i
			}
		}
	}
	return -1
}

// Invisible reports whether r shows nothing at all: a format character
// (Unicode Cf: zero-width spaces and joiners, the soft hyphen, direction
// marks and controls, the byte order mark). Text between two parameters
// made only of these is no text.
func Invisible(r rune) bool { return unicode.Is(unicode.Cf, r) }

// Blank reports whether r shows as nothing but space: white space of any
// kind (a no-break or thin space too) or an invisible character.
func Blank(r rune) bool { return unicode.IsSpace(r) || Invisible(r) }

// IsDigits reports whether s is one or more ASCII digits: what a number is
// to both template stages, a positional parameter ({{1}}) and the "#" of
// the phrase lists alike. Digits of other scripts ("١٢٣") fold to
// themselves and are words, not numbers: Stage A and the classifier must
// not read one text two ways.
func IsDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
