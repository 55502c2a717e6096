package textfold

import (
	"strings"
	"testing"
)

func TestDigraphs(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"gebuehr", "gebuhr"},
		{"gebuhr", "gebuhr"},
		{"fuer", "fur"},
		{"massnahme", "massnahme"},
		{"bestaetigen", "bestatigen"},
		{"schoene", "schone"},
		{"steuerrueckerstattung", "steurruckerstattung"},
		{"steuerruckerstattung", "steurruckerstattung"},
		{"que", "qu"},
		{"ae", "a"},
		{"aeoeue", "aou"},
		{"Ueberweisung", "Uberweisung"},
		{"MIGRAENE", "MIGRANE"},
		{"Schlafstoerungen beenden", "Schlafstorungen beenden"},
		{"e", "e"},
		{"", ""},
	} {
		if got := Digraphs(tt.in); got != tt.want {
			t.Errorf("Digraphs(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestDigraphsBothSpellings folds a German word typed with umlauts and
// typed without them to one word.
func TestDigraphsBothSpellings(t *testing.T) {
	translit := strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss")
	for _, w := range []string{"gebühr", "rückerstattung", "bestätigen", "schlafstörungen", "grüße", "müssen", "über", "größe", "steuerrückzahlung"} {
		if a, b := Digraphs(fold(w)), Digraphs(fold(translit.Replace(w))); a != b {
			t.Errorf("%q folds to %q, typed without umlauts to %q", w, a, b)
		}
	}
}

func fold(w string) string {
	var b strings.Builder
	for _, r := range w {
		WriteRune(&b, r)
	}
	return b.String()
}

func TestIsDigits(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"0", true},
		{"42", true},
		{"007", true},
		{"", false},
		{"4a", false},
		{"-1", false},
		{"1.5", false},
		{"١٢٣", false}, // Arabic-Indic digits are words
		{"１２", false},  // fullwidth digits too
		{"²", false},
	} {
		if got := IsDigits(tt.in); got != tt.want {
			t.Errorf("IsDigits(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestWords(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"Straße, CAFÉ-crème; Łódź & naïve (ﬁ) 42", "strasse cafe creme lodz naive ﬁ 42"},
		{"PRE\u0301STAMO rápido", "prestamo rapido"},
		{"Hi {{1}}, 20% off: R$ 5", "hi 1 20 off r 5"},
		{"don't rendez-vous", "don t rendez vous"},
		{" \u0301 ", ""},
		{"", ""},
	} {
		if got := strings.Join(Words(tt.in), " "); got != tt.want {
			t.Errorf("Words(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
