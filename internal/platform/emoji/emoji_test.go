package emoji

import (
	"strings"
	"testing"
)

func TestIs(t *testing.T) {
	emoji := []string{
		"😀", "🔐", "👍🏽", "🇩🇪", "❤️", "☀", "☎", "⭐", "⬛", "⌚", "⏰", "✅", "✂", "1️⃣", "#⃣",
		"🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", // subdivision flag
		"🫨",          // Unicode 15
		"\U0001FABF", // reserved in the pictographic blocks
		"\U0001FC00", // reserved for future pictographs
		"©\uFE0F", "™\uFE0F", "▶\uFE0F",
	}
	for _, s := range emoji {
		if _, _, ok := First(s); !ok {
			t.Errorf("%q (%U) not detected as emoji", s, []rune(s))
		}
	}
	text := []string{
		"abc", "é", "©", "™", "↔", "▶", "‼", "①", "─", "•", "→", "中文", "ش", "क्\u200dष",
		"\u200d", "€", "%", "°C", "½", "ℹ", "Ⓜ", "№",
	}
	for _, s := range text {
		if r, _, ok := First(s); ok {
			t.Errorf("%q: %U detected as emoji", s, r)
		}
	}
}

func TestFirstPosition(t *testing.T) {
	r, pos, ok := First("héllo 😀")
	if !ok || r != 0x1F600 || pos != 7 {
		t.Errorf("First = %U, %d, %v", r, pos, ok)
	}
}

func TestOne(t *testing.T) {
	one := []string{
		"😀", "👍", "👍🏽", "🇩🇪", "❤️", "❤", "☀", "✅", "1️⃣", "#⃣", "*️⃣", "©️", "‼️", "ℹ️", "🏻",
		"👨‍👩‍👧‍👦",    // a family: four joined
		"🧑🏻‍❤️‍💋‍🧑🏼", // a kiss with skin tones
		"🏳️‍🌈",       // a flag sequence
		"🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", // subdivision flag
		"🫨", "\U0001FABF",
		"🀄", "🃏", "🅰️", "🅿", "🆎", "🆗", "🈁", "🈚", "🉑", // the emoji before U+1F300
	}
	for _, s := range one {
		if !One(s) {
			t.Errorf("%q (%U) is one emoji", s, []rune(s))
		}
	}
	not := []string{
		"", " ", "a", "ok", "😀😀", "👍 ", " 👍", "🇩", "🇩🇪🇫🇷", "©", "‼", "1", "12️⃣", "\uFE0F", "\u200d",
		"😀\u200d", "\u200d😀", "😀\u200d\u200d😀", "a\uFE0F",
		"😀\u200d😀\u200d😀\u200d😀\u200d😀",                      // five joined
		"🏴\U000E0067\U000E0062",                              // a tag sequence without its end
		"🏴" + strings.Repeat("\U000E0061", 7) + "\U000E007F", // more tags than a subdivision flag has
		"👍🏽🏽",
		"\U0001F130", // SQUARED LATIN CAPITAL LETTER A: enclosed alphanumerics, text
		"\U0001F0A1", // PLAYING CARD ACE OF SPADES: text
		"\U0001F000", // MAHJONG TILE EAST WIND: text
		"\U0001F10B", "\U0001F1AD",
	}
	for _, s := range not {
		if One(s) {
			t.Errorf("%q (%U) is not one emoji", s, []rune(s))
		}
	}
}
