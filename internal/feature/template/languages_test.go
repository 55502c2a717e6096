package template

import "testing"

func TestLanguages(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range languageCodes {
		if seen[c] {
			t.Errorf("duplicate code %q", c)
		}
		seen[c] = true
	}
	// The compatible API's long-published list, every code of it.
	for _, c := range []string{"af", "sq", "ar", "az", "bn", "bg", "ca", "zh_CN", "zh_HK", "zh_TW", "hr", "cs", "da",
		"nl", "en", "en_GB", "en_US", "et", "fil", "fi", "fr", "ka", "de", "el", "gu", "ha", "he", "hi", "hu", "id",
		"ga", "it", "ja", "kn", "kk", "rw_RW", "ko", "ky_KG", "lo", "lv", "lt", "mk", "ms", "ml", "mr", "nb", "fa",
		"pl", "pt_BR", "pt_PT", "pa", "ro", "ru", "sr", "sk", "sl", "es", "es_AR", "es_ES", "es_MX", "sw", "sv",
		"ta", "te", "th", "tr", "uk", "ur", "uz", "vi", "zu"} {
		if !IsSupportedLanguage(c) {
			t.Errorf("%q not supported", c)
		}
	}
	for _, c := range []string{"", "EN", "en-US", "en_us", "pt", "zh", "xx", "en_US "} {
		if IsSupportedLanguage(c) {
			t.Errorf("%q supported", c)
		}
	}
	for in, want := range map[string]string{"en-us": "en_US", "EN": "en", "zh-tw": "zh_TW", "pt": "", "xx_YY": ""} {
		if got := suggestLanguage(in); got != want {
			t.Errorf("suggestLanguage(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestDeleteCoversEveryLanguage: a delete by name removes every language of
// the name in one transaction, so the languages must fit in one.
func TestDeleteCoversEveryLanguage(t *testing.T) {
	if n := len(languageCodes); n > MaxDeleteBatch {
		t.Fatalf("%d languages, but one delete removes at most %d", n, MaxDeleteBatch)
	}
}
