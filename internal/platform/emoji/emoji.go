// Package emoji recognises emoji in text: whether a character is or makes
// one (Is, First), for rules that refuse emoji, and whether a string is
// exactly one emoji (One), as a reaction carries it.
package emoji

import "unicode"

// Is reports whether r is an emoji character or a character that makes one,
// as a scan for emoji in a text counts it (the AUTHENTICATION templates'
// rule "no emoji"). Unicode defines emoji by the Extended_Pictographic
// property and a few emoji components; Go's unicode package has neither, so
// Is rebuilds them from blocks and general categories:
//
//   - U+1F000..U+1FAFF, the supplementary symbol blocks (Mahjong and
//     playing cards, enclosed alphanumerics with the regional indicators,
//     Misc Symbols and Pictographs with the skin-tone modifiers, Emoticons,
//     Transport and Map, Supplemental Symbols and Pictographs, Extended-A),
//     and U+1FC00..U+1FFFD, which Unicode reserves for future pictographs.
//     The whole ranges count, assigned or not, as Extended_Pictographic
//     does: an emoji newer than Go's tables is still caught.
//   - Symbols (category So) of the BMP blocks that hold pictographs:
//     Misc Technical (⌚ ⏰), Misc Symbols (☀ ☎), Dingbats (✂ ✅) and Misc
//     Symbols and Arrows (⬛ ⭐).
//   - The emoji components that turn other characters into emoji: the
//     emoji-presentation selector U+FE0F (❤️, ©️, ▶️), the combining keycap
//     U+20E3 (1️⃣) and the tag characters U+E0020..U+E007F (subdivision
//     flags).
//
// Characters that are text by default (©, ™, ↔, ▶, ‼) count only when the
// selector U+FE0F makes them emoji, as Unicode renders them. The zero-width
// joiner is not itself an emoji (Indic and Arabic scripts use it); the
// pictographs it joins are.
func Is(r rune) bool {
	switch {
	case r >= 0x1F000 && r <= 0x1FAFF, r >= 0x1FC00 && r <= 0x1FFFD:
		return true
	case r == 0xFE0F, r == 0x20E3, r >= 0xE0020 && r <= 0xE007F:
		return true
	case r >= 0x2300 && r <= 0x23FF, r >= 0x2600 && r <= 0x27BF, r >= 0x2B00 && r <= 0x2BFF:
		return unicode.Is(unicode.So, r)
	}
	return false
}

// First returns the first emoji character of s (Is) and its 1-based
// character position.
func First(s string) (rune, int, bool) {
	pos := 0
	for _, r := range s {
		pos++
		if Is(r) {
			return r, pos, true
		}
	}
	return 0, 0, false
}

// maxEmojiElements bounds the pictographs one emoji joins with U+200D: the
// longest sequences Unicode recommends (families, couples with a kiss) join
// four.
const maxEmojiElements = 4

// maxTagSpec bounds the tag characters of one tag sequence: the
// subdivision flags' (🏴 gbsct) hold at most six before their end tag.
const maxTagSpec = 6

// One reports whether s is exactly one emoji, as a reaction carries it: a flag (two regional indicators), a keycap (0-9, # or * and U+20E3,
// with U+FE0F between them or not), or up to four pictographs joined by
// the zero-width joiner U+200D, each followed at most by a presentation
// selector, a skin-tone modifier and a tag sequence of at most maxTagSpec
// tags and its end (subdivision flags): so one emoji is a few dozen bytes
// at most.
// A character that is text by default (©, ‼, ↔) counts as a pictograph
// when U+FE0F follows it, as Is says. Where Is counts whole blocks, One
// takes only what renders as an emoji (isPictograph): of the cards, tiles
// and enclosed letters before U+1F300, the few that are emoji.
func One(s string) bool {
	rs := []rune(s)
	switch {
	case len(rs) == 0:
		return false
	case len(rs) == 2 && isRegional(rs[0]) && isRegional(rs[1]):
		return true
	case isKeycapBase(rs[0]):
		rest := rs[1:]
		if len(rest) > 0 && rest[0] == 0xFE0F {
			rest = rest[1:]
		}
		return len(rest) == 1 && rest[0] == 0x20E3
	}
	i := 0
	for elements := 1; elements <= maxEmojiElements; elements++ {
		if i >= len(rs) {
			return false
		}
		r := rs[i]
		i++
		selected := i < len(rs) && rs[i] == 0xFE0F
		if !isPictograph(r) && !(selected && textDefault(r)) {
			return false
		}
		if i < len(rs) && (rs[i] == 0xFE0F || rs[i] == 0xFE0E) {
			i++
		}
		if i < len(rs) && rs[i] >= 0x1F3FB && rs[i] <= 0x1F3FF {
			i++
		}
		if i < len(rs) && rs[i] >= 0xE0020 && rs[i] <= 0xE007E {
			start := i
			for i < len(rs) && rs[i] >= 0xE0020 && rs[i] <= 0xE007E {
				i++
			}
			if i-start > maxTagSpec || i >= len(rs) || rs[i] != 0xE007F {
				return false
			}
			i++
		}
		if i == len(rs) {
			return true
		}
		if rs[i] != 0x200D {
			return false
		}
		i++
	}
	return false
}

// isPictograph is an emoji character that stands alone: Is's, without the
// components and the regional indicators (a flag is a pair), and of the
// blocks before U+1F300 (Mahjong and domino tiles, playing cards, enclosed
// alphanumerics and ideographs, most of them text that Is counts only to
// be safe) only the characters Unicode's emoji data lists as emoji
// (enclosedEmoji): 🀄 and 🃏, but not 🂡 (U+1F0A1) nor 🄰 (U+1F130).
func isPictograph(r rune) bool {
	if r >= 0x1F000 && r < 0x1F300 {
		return inRanges(r, enclosedEmoji)
	}
	return Is(r) && r != 0xFE0F && r != 0x20E3 && !(r >= 0xE0020 && r <= 0xE007F)
}

// enclosedEmoji are the emoji among U+1F000..U+1F2FF (Unicode's
// emoji-data.txt, property Emoji), the regional indicators aside.
var enclosedEmoji = [][2]rune{
	{0x1F004, 0x1F004}, {0x1F0CF, 0x1F0CF}, {0x1F170, 0x1F171}, {0x1F17E, 0x1F17F}, {0x1F18E, 0x1F18E},
	{0x1F191, 0x1F19A}, {0x1F201, 0x1F202}, {0x1F21A, 0x1F21A}, {0x1F22F, 0x1F22F}, {0x1F232, 0x1F23A},
	{0x1F250, 0x1F251},
}

func inRanges(r rune, ranges [][2]rune) bool {
	for _, rg := range ranges {
		if r >= rg[0] && r <= rg[1] {
			return true
		}
	}
	return false
}

// textDefault is a character that U+FE0F may turn into an emoji: a symbol
// or punctuation (©, ™, ‼, ↔, 〰), or ℹ, the one letter among them.
func textDefault(r rune) bool {
	return unicode.IsSymbol(r) || unicode.IsPunct(r) || r == 0x2139
}

func isRegional(r rune) bool { return r >= 0x1F1E6 && r <= 0x1F1FF }

func isKeycapBase(r rune) bool { return r >= '0' && r <= '9' || r == '#' || r == '*' }
