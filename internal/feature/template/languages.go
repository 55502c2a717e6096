package template

import (
	"strings"
	"sync"
)

// languageCodes are the template language codes the compatible API
// supports. Source: its "Supported Languages" reference for message
// templates (developers.facebook.com/documentation/business-messaging/
// whatsapp/templates/supported-languages). The first block is the list it
// has published for years; the second holds the regional codes its May 2026
// revision added that could be confirmed (Afrikaans to Hindi). Codes are
// case-sensitive and use an underscore, as the compatible API requires:
// en_US, never en-US or en_us. Keep the list sorted within each block.
var languageCodes = []string{
	"af", "ar", "az", "bg", "bn", "ca", "cs", "da", "de", "el", "en", "en_GB", "en_US", "es", "es_AR",
	"es_ES", "es_MX", "et", "fa", "fi", "fil", "fr", "ga", "gu", "ha", "he", "hi", "hr", "hu", "id", "it",
	"ja", "ka", "kk", "kn", "ko", "ky_KG", "lo", "lt", "lv", "mk", "ml", "mr", "ms", "nb", "nl", "pa", "pl",
	"pt_BR", "pt_PT", "ro", "ru", "rw_RW", "sk", "sl", "sq", "sr", "sv", "sw", "ta", "te", "th", "tr", "uk",
	"ur", "uz", "vi", "zh_CN", "zh_HK", "zh_TW", "zu",

	"ar_AE", "ar_EG", "ar_LB", "ar_MA", "ar_QA", "be_BY", "bn_IN", "de_AT", "de_CH", "en_AE", "en_AU",
	"en_CA", "en_GH", "en_IE", "en_IN", "en_JM", "en_MY", "en_NZ", "en_QA", "en_SG", "en_UG", "en_ZA",
	"fr_BE", "fr_CA", "fr_CH", "fr_CI", "fr_MA", "nl_BE", "prs_AF",
}

// languageSet is built on first use: no work at cold start for the
// functions that never validate a template.
var languageSet = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool, len(languageCodes))
	for _, c := range languageCodes {
		m[c] = true
	}
	return m
})

// IsSupportedLanguage reports whether code is a template language code of
// the compatible API, matched exactly.
func IsSupportedLanguage(code string) bool { return languageSet()[code] }

// PrimaryLanguage is the language subtag of a template language code: "es"
// for es_MX, "pt" for pt_BR.
func PrimaryLanguage(code string) string {
	l, _, _ := strings.Cut(code, "_")
	return strings.ToLower(l)
}

// suggestLanguage returns the supported code a mistyped one most likely
// means (en-us, EN_us → en_US), or "".
func suggestLanguage(code string) string {
	want := strings.ToLower(strings.ReplaceAll(code, "-", "_"))
	for _, c := range languageCodes {
		if strings.ToLower(c) == want {
			return c
		}
	}
	return ""
}
