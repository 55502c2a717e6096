package template

import "unicode"

// Emoji detection for the AUTHENTICATION rule "no emoji". Unicode defines
// emoji by the Extended_Pictographic property and a few emoji components;
// Go's unicode package has neither, so isEmojiRune rebuilds them from
// blocks and general categories:
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
func isEmojiRune(r rune) bool {
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

// firstEmoji returns the first emoji character of s and its 1-based
// character position.
func firstEmoji(s string) (rune, int, bool) {
	pos := 0
	for _, r := range s {
		pos++
		if isEmojiRune(r) {
			return r, pos, true
		}
	}
	return 0, 0, false
}
