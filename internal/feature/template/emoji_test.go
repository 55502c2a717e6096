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
