package template

import "testing"

func TestIsEmoji(t *testing.T) {
	emoji := []string{
		"😀", "🔐", "👍🏽", "🇩🇪", "❤️", "☀", "☎", "⭐", "⬛", "⌚", "⏰", "✅", "✂", "1️⃣", "#⃣",
		"🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", // subdivision flag
		"🫨",          // Unicode 15
		"\U0001FABF", // reserved in the pictographic blocks
		"\U0001FC00", // reserved for future pictographs
		"©\uFE0F", "™\uFE0F", "▶\uFE0F",
	}
	for _, s := range emoji {
		if _, _, ok := firstEmoji(s); !ok {
			t.Errorf("%q (%U) not detected as emoji", s, []rune(s))
		}
	}
	text := []string{
		"abc", "é", "©", "™", "↔", "▶", "‼", "①", "─", "•", "→", "中文", "ش", "क्\u200dष",
		"\u200d", "€", "%", "°C", "½", "ℹ", "Ⓜ", "№",
	}
	for _, s := range text {
		if r, _, ok := firstEmoji(s); ok {
			t.Errorf("%q: %U detected as emoji", s, r)
		}
	}
}

func TestFirstEmojiPosition(t *testing.T) {
	r, pos, ok := firstEmoji("héllo 😀")
	if !ok || r != 0x1F600 || pos != 7 {
		t.Errorf("firstEmoji = %U, %d, %v", r, pos, ok)
	}
}

func TestOneEmoji(t *testing.T) {
	one := []string{
		"😀", "👍", "👍🏽", "🇩🇪", "❤️", "❤", "☀", "✅", "1️⃣", "#⃣", "*️⃣", "©️", "‼️", "ℹ️", "🏻",
		"👨‍👩‍👧‍👦",    // a family: four joined
		"🧑🏻‍❤️‍💋‍🧑🏼", // a kiss with skin tones
		"🏳️‍🌈",       // a flag sequence
		"🏴\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", // subdivision flag
		"🫨", "\U0001FABF",
	}
	for _, s := range one {
		if !OneEmoji(s) {
			t.Errorf("%q (%U) is one emoji", s, []rune(s))
		}
	}
	not := []string{
		"", " ", "a", "ok", "😀😀", "👍 ", " 👍", "🇩", "🇩🇪🇫🇷", "©", "‼", "1", "12️⃣", "\uFE0F", "\u200d",
		"😀\u200d", "\u200d😀", "😀\u200d\u200d😀", "a\uFE0F",
		"😀\u200d😀\u200d😀\u200d😀\u200d😀", // five joined
		"🏴\U000E0067\U000E0062",         // a tag sequence without its end
		"👍🏽🏽",
	}
	for _, s := range not {
		if OneEmoji(s) {
			t.Errorf("%q (%U) is not one emoji", s, []rune(s))
		}
	}
}
