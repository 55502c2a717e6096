// Package geokey turns a place name into the key the geocoder's table is
// indexed by. The generator that writes the table and the geocoder that reads
// it both use it, so a name and what a user types for it meet on one key.
package geokey

import (
	"strings"
	"unicode"

	"svc/internal/platform/textfold"
)

// Normalize folds case and accents (textfold, plus the few letters of place
// names it does not cover), drops apostrophes and full stops ("U.S.A." is
// "usa", "L'Aquila" is "laquila") and turns every other run of non-letters,
// non-digits into one space ("Saint-Étienne" is "saint etienne").
func Normalize(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	gap := false
	for _, r := range s {
		switch {
		case dropped(r):
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if gap && b.Len() > 0 {
				b.WriteByte(' ')
			}
			gap = false
			if f, ok := extraFold[unicode.ToLower(r)]; ok {
				b.WriteString(f)
				continue
			}
			textfold.WriteRune(&b, r)
		case unicode.Is(unicode.Mn, r):
			// A combining accent belongs to the letter before it.
			continue
		default:
			gap = true
		}
	}
	return b.String()
}

// dropped reports the marks that join a word rather than separate words.
func dropped(r rune) bool {
	switch r {
	case '\'', '’', '‘', 'ʼ', 'ʻ', '`', '´', '.':
		return true
	}
	return false
}

// extraFold covers letters of place names (Romanian comma-below, Turkish,
// Maltese, Icelandic) that textfold, made for the classifier's word lists,
// leaves as they are.
var extraFold = map[rune]string{
	'ș': "s", 'ț': "t", 'ğ': "g", 'ħ': "h", 'ċ': "c", 'ġ': "g", 'ŀ': "l",
	'þ': "th", 'ð': "d", 'ŝ': "s", 'ĝ': "g", 'ĉ': "c", 'ĵ': "j", 'ĥ': "h", 'ŭ': "u",
	'ǎ': "a", 'ǐ': "i", 'ǒ': "o", 'ǔ': "u", 'ĩ': "i", 'ũ': "u", 'ẽ': "e", 'ỳ': "y",
}
