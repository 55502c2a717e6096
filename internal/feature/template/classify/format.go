package classify

import (
	"fmt"
	"strings"
	"unicode"

	"svc/internal/feature/template"
	"svc/internal/platform/textfold"
)

// Forms the compatible API turns down on review, judged on the BODY text
// (Stage A has already checked the syntax of every parameter):
//
//   - format.dangling_start: the text starts with a parameter, only
//     blanks before it (white space or characters that show nothing). Not applied to AUTHENTICATION templates, whose
//     text is the compatible API's preset "{{1}} is your verification
//     code." and starts with the code by design.
//   - format.dangling_end: the text ends with a parameter, only blanks
//     after it. Any other character counts as text: "is {{1}}." passes,
//     as the compatible API's own preset texts end with a period. Not
//     applied to AUTHENTICATION templates either: the compatible API writes
//     their text itself, and "Your code is {{1}}" ends with the code by
//     design.
//   - format.adjacent: two parameters with nothing between them but
//     blanks or a mark that joins values ("{{1}} {{2}}", "{{1}} - {{2}}",
//     "{{1}}/{{2}}"); the values run into each other and the reviewer cannot
//     tell what they are. Stage A already refuses "{{1}}{{2}}". A mark that
//     ends a clause separates them ("Hi {{1}}, {{2}} is due", "{{1}}: {{2}}",
//     "{{1}}. {{2}}"), as every blind writer of the labelled batches reads
//     the compatible API's "no text between them".
//   - format.param_ratio: too many parameters for the length of the text:
//     fewer than 2×n+1 words besides n parameters ("Hi {{1}}, order {{2}}
//     shipped today, thanks." has 5 words for 2 parameters and passes; one
//     word fewer does not). The compatible API does not publish its ratio;
//     this is the rule practitioners document (words + parameters ≥ 3×n+1,
//     see the reference notes), counting each occurrence of a parameter. A
//     word is a whitespace-separated run holding a letter or digit.
//   - format.unfilled: placeholders written in another syntax, square or
//     angle brackets around capitals ("Bonjour [PRÉNOM], votre commande
//     [N° COMMANDE]...", "<ORDER_ID>"), two or more of them: the recipient
//     would read the brackets, as no value fills them. One alone may be a
//     tag ("[NEW]"), so it takes two.

// placeholder is a {{...}} of the BODY text: byte offsets.
type placeholder struct{ start, end int }

func placeholders(s string) []placeholder {
	var out []placeholder
	for i := 0; i+1 < len(s); {
		if s[i] == '{' && s[i+1] == '{' {
			if j := template.PlaceholderEnd(s[i+2:]); j >= 0 {
				end := i + 2 + j + 2
				out = append(out, placeholder{start: i, end: end})
				i = end
				continue
			}
		}
		i++
	}
	return out
}

// joiningMarks are the marks that join two values into one ("{{1}} -
// {{2}}", "{{1}}/{{2}}"), not those that end a clause: with blanks
// (textfold.Blank: any space, or a character that shows nothing) they are
// all that may stand between two adjacent parameters.
const joiningMarks = "-–—/|&+*_~"

// joining reports whether r may stand between two adjacent parameters.
func joining(r rune) bool { return textfold.Blank(r) || strings.ContainsRune(joiningMarks, r) }

func formatProblems(body, category string) []Signal {
	var out []Signal
	if u := unfilled(body); len(u) >= 2 {
		out = append(out, Signal{Rule: "format.unfilled", Detail: quote(u[0]) + " and " + quote(u[1]) + " in BODY", Weight: 1})
	}
	ps := placeholders(body)
	if len(ps) == 0 {
		return out
	}
	raw := func(p placeholder) string { return body[p.start:p.end] }
	first, last := ps[0], ps[len(ps)-1]
	// Only blanks before the first parameter or after the last leave it
	// dangling.
	if category != template.CategoryAuthentication && strings.TrimFunc(body[:first.start], textfold.Blank) == "" {
		out = append(out, Signal{Rule: "format.dangling_start", Detail: quote(raw(first)) + " starts the BODY", Weight: 1})
	}
	if category != template.CategoryAuthentication && strings.TrimFunc(body[last.end:], textfold.Blank) == "" {
		out = append(out, Signal{Rule: "format.dangling_end", Detail: quote(raw(last)) + " ends the BODY", Weight: 1})
	}
	for k := 1; k < len(ps); k++ {
		if between := body[ps[k-1].end:ps[k].start]; strings.TrimFunc(between, joining) == "" {
			out = append(out, Signal{Rule: "format.adjacent", Detail: quote(body[ps[k-1].start:ps[k].end]) + " in BODY", Weight: 1})
			break
		}
	}
	var rest strings.Builder
	prev := 0
	for _, p := range ps {
		rest.WriteString(body[prev:p.start])
		rest.WriteByte(' ')
		prev = p.end
	}
	rest.WriteString(body[prev:])
	words := 0
	for _, f := range strings.Fields(rest.String()) {
		if hasWordChar(f) {
			words++
		}
		// Scripts written without spaces (Japanese, Chinese, Thai) count
		// a word per letter: a whole sentence is one field.
		words += max(unspacedLetters(f)-1, 0)
	}
	if need := 2*len(ps) + 1; words < need {
		out = append(out, Signal{Rule: "format.param_ratio", Weight: 1,
			Detail: fmt.Sprintf("%d parameters and %d words in BODY (at least %d words needed)", len(ps), words, need)})
	}
	return out
}

func hasWordChar(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// unfilled lists the bracketed capitals of a text that stand where a
// parameter would ("[PRÉNOM]", "<ORDER_ID>"): a pair of square or angle
// brackets around at most 32 bytes holding two or more letters, all of
// them capitals, and nothing but letters, digits, blanks and "_#°.-".
func unfilled(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		var closing byte
		switch s[i] {
		case '[':
			closing = ']'
		case '<':
			closing = '>'
		default:
			continue
		}
		j := strings.IndexByte(s[i+1:min(len(s), i+34)], closing)
		if j < 0 {
			continue
		}
		inner := s[i+1 : i+1+j]
		letters, ok := 0, true
		for _, r := range inner {
			switch {
			case unicode.IsLetter(r):
				letters++
				ok = ok && !unicode.IsLower(r)
			case unicode.IsDigit(r) || r == ' ' || strings.ContainsRune("_#°.-", r):
			default:
				ok = false
			}
		}
		if ok && letters >= 2 {
			out = append(out, s[i:i+j+2])
			i += j + 1
		}
	}
	return out
}

// unspacedLetters counts the letters of a field written in a script that
// puts no spaces between words.
func unspacedLetters(f string) int {
	n := 0
	for _, r := range f {
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Thai) {
			n++
		}
	}
	return n
}
