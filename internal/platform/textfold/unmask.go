package textfold

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Unmask undoes the disguises senders put on words to slip them past a word
// screen, so that "c4sino", "l0an", "ca$ino", "c@sino", "C.A.S.I.N.O",
// "L O A N S", "саsino" (with Cyrillic letters), "ｃａｓｉｎｏ", "𝐜𝐚𝐬𝐢𝐧𝐨" and
// "ca\u200bsino" all read
// as the word they hide, and splits a number glued to its unit ("10kg",
// "24h") so that amounts read as amounts. Everything else is returned as
// written: ordinary words, numbers, prices, codes in parameters, e-mail
// addresses and URLs are not touched.
//
// The rules, each aimed at one disguise:
//
//   - invisible characters inside a word (zero-width spaces and joiners,
//     soft hyphens, direction marks and controls) are removed;
//   - in a word that mixes Latin letters with Cyrillic or Greek look-alikes,
//     the look-alikes become the Latin letters they imitate;
//   - in a word of letters and digits that does not start with a digit,
//     the digits people write for letters become those letters (0 o, 1 i,
//     3 e, 4 a, 5 s, 7 t), but only when every digit of the word is one of
//     them (so "b2b", "covid19" or "h2o" stay: 2, 6, 8 and 9 stand for no
//     letter);
//   - "$" and "@" between two letters are "s" and "a" (not in an e-mail
//     address, where "@" is followed by a dotted domain);
//   - a number glued to a unit of weight, size or time ("10kg", "24h") is
//     split before the unit;
//   - three or more single letters in a row, separated by the same mark
//     (a space between capitals, or a dot, hyphen, underscore or star),
//     are joined into one word.
func Unmask(s string) string {
	if !needsUnmask(s) {
		return s
	}
	s = dropInvisible(s)
	s = plainLetters(s)
	s = joinSpelledOut(s)
	var b strings.Builder
	b.Grow(len(s))
	start := 0
	for start < len(s) {
		end := wordEnd(s, start)
		if end == start {
			r, size := utf8.DecodeRuneInString(s[start:])
			b.WriteRune(r)
			start += size
			continue
		}
		b.WriteString(unmaskWord(s[start:end]))
		start = end
	}
	return b.String()
}

// needsUnmask is the quick test that keeps ordinary text on the fast path:
// only a text with a digit, "$", "@", a look-alike letter, an invisible
// character or a run of single letters can hold a disguise.
func needsUnmask(s string) bool {
	single := 0
	prevLetter := false
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9', r == '$', r == '@', isInvisible(r), lookAlike[r] != 0, styledLetter(r) != 0:
			return true
		}
		letter := unicode.IsLetter(r)
		if letter && !prevLetter {
			// The start of a word: is it a single letter?
			next := i + utf8.RuneLen(r)
			if next >= len(s) || !unicode.IsLetter(firstRune(s[next:])) {
				single++
				if single >= 3 {
					return true
				}
			} else {
				single = 0
			}
		}
		prevLetter = letter
	}
	return false
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// isInvisible reports whether r is a character that shows nothing inside
// a word: zero-width spaces and joiners, the soft hyphen, and the
// bidirectional controls (marks, embeddings, overrides, isolates), which
// would otherwise split "co\u200fde" into two words.
func isInvisible(r rune) bool {
	switch r {
	case '\u200b', '\u200c', '\u200d', '\u2060', '\u00ad', '\ufeff',
		'\u200e', '\u200f', '\u061c', // left-to-right, right-to-left and Arabic letter marks
		'\u202a', '\u202b', '\u202c', '\u202d', '\u202e', // embeddings and overrides
		'\u2066', '\u2067', '\u2068', '\u2069': // isolates
		return true
	}
	return false
}

// styledLetter returns the plain Latin letter a styled one stands for:
// fullwidth ("ｃａｓｉｎｏ"), circled and squared ("Ⓒ", "🅒", "🅲"),
// mathematical bold, italic, script and the like ("𝐜𝐚𝐬𝐢𝐧𝐨"); 0 for any
// other rune. Regional indicators are left alone: in a template they are
// flags far more often than letters.
func styledLetter(r rune) rune {
	switch {
	case r >= 0xFF21 && r <= 0xFF3A: // fullwidth A-Z
		return 'A' + r - 0xFF21
	case r >= 0xFF41 && r <= 0xFF5A: // fullwidth a-z
		return 'a' + r - 0xFF41
	case r >= 0x24B6 && r <= 0x24CF: // circled A-Z
		return 'A' + r - 0x24B6
	case r >= 0x24D0 && r <= 0x24E9: // circled a-z
		return 'a' + r - 0x24D0
	case r >= 0x1F130 && r <= 0x1F149: // squared A-Z
		return 'A' + r - 0x1F130
	case r >= 0x1F150 && r <= 0x1F169: // negative circled A-Z
		return 'A' + r - 0x1F150
	case r >= 0x1F170 && r <= 0x1F189: // negative squared A-Z
		return 'A' + r - 0x1F170
	case r >= 0x1D400 && r <= 0x1D6A3: // mathematical alphanumeric letters, 52 a style
		i := (r - 0x1D400) % 52
		if i < 26 {
			return 'A' + i
		}
		return 'a' + i - 26
	}
	return 0
}

// plainLetters writes styled letters as the plain letters they stand for,
// and drops the variation selectors that turn a letter into an emoji.
func plainLetters(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return styledLetter(r) != 0 }) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if l := styledLetter(r); l != 0 {
			return l
		}
		if r == '\ufe0f' || r == '\ufe0e' {
			return -1
		}
		return r
	}, s)
}

// dropInvisible removes invisible characters that stand between two
// letters or digits (elsewhere they separate nothing a reader sees either).
func dropInvisible(s string) string {
	if !strings.ContainsFunc(s, isInvisible) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isInvisible(r) {
			return -1
		}
		return r
	}, s)
}

// wordEnd returns the end of the word starting at i: a run of letters,
// digits, and "$" or "@" standing between letters or digits. It returns i
// when s[i] starts no word.
func wordEnd(s string, i int) int {
	j := i
	for j < len(s) {
		r, size := utf8.DecodeRuneInString(s[j:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) {
			j += size
			continue
		}
		if (r == '$' || r == '@') && j > i && j+size < len(s) {
			next := firstRune(s[j+size:])
			if unicode.IsLetter(next) || unicode.IsDigit(next) {
				j += size
				continue
			}
		}
		break
	}
	return j
}

// lookAlike maps Cyrillic and Greek letters that look like Latin ones to
// those Latin letters.
var lookAlike = map[rune]rune{
	'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'і': 'i', 'ј': 'j', 'ѕ': 's',
	'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w', 'к': 'k', 'м': 'm', 'т': 't', 'н': 'h', 'в': 'b',
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C', 'Т': 'T',
	'Х': 'X', 'У': 'Y', 'І': 'I', 'Ј': 'J', 'Ѕ': 'S',
	'α': 'a', 'ο': 'o', 'ρ': 'p', 'ν': 'v', 'τ': 't', 'ι': 'i', 'κ': 'k', 'υ': 'u',
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N', 'Ο': 'O',
	'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X',
}

// units are the units a number is glued to in amounts of weight, size and
// time.
var units = map[string]bool{"kg": true, "kgs": true, "kilo": true, "kilos": true, "lb": true, "lbs": true,
	"g": true, "mg": true, "ml": true, "cm": true, "h": true, "hr": true, "hrs": true, "hs": true, "min": true,
	"mins": true, "d": true, "days": true, "dias": true, "días": true, "tage": true, "jours": true}

// leet maps the digits written for letters to the letters.
var leet = map[rune]rune{'0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't'}

// unmaskWord undoes the disguises of one word (see Unmask).
func unmaskWord(w string) string {
	if strings.Contains(w, "@") && isEmailWord(w) || asWritten[strings.ToLower(w)] {
		return w
	}
	var latin, foreign, digits, letters int
	leading := true
	leadingDigits := 0
	onlyLeet := true
	for _, r := range w {
		switch {
		case lookAlike[r] != 0:
			foreign++
			letters++
			leading = false
		case r >= '0' && r <= '9':
			digits++
			if leading {
				leadingDigits++
			}
			if leet[r] == 0 {
				onlyLeet = false
			}
		case unicode.IsLetter(r):
			if r < 0x0250 {
				latin++
			}
			letters++
			leading = false
		case r == '$' || r == '@':
			letters++
			leading = false
		}
	}
	if letters == 0 {
		return w
	}
	// A number glued to its unit: "10kg" is "10 kg". Other words that
	// start with a number ("2x1", "2fa") are names and stay.
	if leadingDigits > 0 && digits == leadingDigits {
		i := strings.IndexFunc(w, func(r rune) bool { return r < '0' || r > '9' })
		if units[strings.ToLower(w[i:])] {
			return w[:i] + " " + w[i:]
		}
		return w
	}
	if leadingDigits > 0 || (digits > 0 && !onlyLeet) {
		return w
	}
	mixedScript := foreign > 0 && latin > 0
	// A word in capitals gets its letters back in capitals.
	upper := !strings.ContainsFunc(w, unicode.IsLower)
	var b strings.Builder
	for _, r := range w {
		switch {
		case mixedScript && lookAlike[r] != 0:
			b.WriteRune(lookAlike[r])
		case leet[r] != 0 && upper:
			b.WriteRune(unicode.ToUpper(leet[r]))
		case leet[r] != 0:
			b.WriteRune(leet[r])
		case r == '$':
			b.WriteByte('s')
		case r == '@':
			b.WriteByte('a')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// asWritten are names whose digit is a digit, though it could stand for a
// letter: the blood sugar test "A1C" is not "AIC".
var asWritten = map[string]bool{"a1c": true, "hba1c": true}

// isEmailWord reports whether the "@" of a word starts a domain: the text
// after it is followed by a dot in an address, which wordEnd leaves out,
// so an "@" with letters on both sides inside one word is an address only
// when the word is one. Words cut at the dot look like "info@shop": keep
// any "@" word whose local part is longer than one letter and has no
// digits-for-letters, which a disguised word ("c@sino") never is.
func isEmailWord(w string) bool {
	local, _, _ := strings.Cut(w, "@")
	return utf8.RuneCountInString(local) > 1
}

// joinSpelledOut joins three or more single letters separated by one and
// the same mark into a word: "C.A.S.I.N.O" and "c-a-s-i-n-o" become
// "CASINO" and "casino", "L O A N S" becomes "LOANS" (separated by spaces,
// three when all are capitals and four otherwise, so that ordinary short
// words in a row, as "il y a à", are left alone).
func joinSpelledOut(s string) string {
	rs := []rune(s)
	var out []rune
	i := 0
	for i < len(rs) {
		if !unicode.IsLetter(rs[i]) || (i > 0 && (unicode.IsLetter(rs[i-1]) || unicode.IsDigit(rs[i-1]))) {
			out = append(out, rs[i])
			i++
			continue
		}
		// rs[i] starts a word: see whether it is a run of single letters.
		j, end := i, i
		var sep rune
		n := 0
		allUpper := true
		for j < len(rs) && unicode.IsLetter(rs[j]) && (j+1 == len(rs) || !unicode.IsLetter(rs[j+1]) && !unicode.IsDigit(rs[j+1])) {
			if !unicode.IsUpper(rs[j]) {
				allUpper = false
			}
			n++
			end = j + 1
			if j+2 >= len(rs) || !isSpellSeparator(rs[j+1]) || (sep != 0 && rs[j+1] != sep) || !unicode.IsLetter(rs[j+2]) {
				break
			}
			sep = rs[j+1]
			j += 2
		}
		// Single lower-case letters between spaces are joined from four on:
		// three happen in ordinary text ("il y a à").
		if n >= 3 && (sep != ' ' || allUpper || n >= 4) {
			for k := i; k < end; k++ {
				if unicode.IsLetter(rs[k]) {
					out = append(out, rs[k])
				}
			}
			// What follows the last letter ("." of "C.A.S.I.N.O.", a space)
			// stays, as the text's punctuation.
			i = end
			continue
		}
		out = append(out, rs[i])
		i++
	}
	return string(out)
}

func isSpellSeparator(r rune) bool {
	switch r {
	case ' ', '.', '-', '_', '*', '·':
		return true
	}
	return false
}
