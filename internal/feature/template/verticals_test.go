package template

import (
	"strings"
	"testing"
)

// TestVerticalList holds the phrase list to its maintenance rules.
func TestVerticalList(t *testing.T) {
	names := map[string]bool{}
	folded := map[string]string{}
	for _, v := range regulatedVerticals {
		names[v.Name] = true
		if len(v.Phrases) < 15 {
			t.Errorf("%s: %d phrases, want at least 15", v.Name, len(v.Phrases))
		}
		for _, p := range v.Phrases {
			words := foldWords(p)
			if len(words) == 0 {
				t.Errorf("%s: phrase %q has no words", v.Name, p)
				continue
			}
			key := strings.Join(words, " ")
			if prev, dup := folded[key]; dup {
				t.Errorf("%s: phrase %q folds like %q", v.Name, p, prev)
			}
			folded[key] = p
			// Every phrase is found in a sentence around it.
			hits := findVerticals("Hello, " + strings.ToUpper(p) + "!")
			if len(hits) != 1 || hits[0].Vertical != v.Name {
				t.Errorf("%s: phrase %q found as %+v", v.Name, p, hits)
			}
		}
	}
	for _, want := range []string{"lending", "gambling", "forex or crypto", "health claims"} {
		if !names[want] {
			t.Errorf("vertical %q missing", want)
		}
	}
}

func TestFindVerticals(t *testing.T) {
	tests := []struct {
		text string
		want string // "vertical: phrase" of each hit, joined by "; "
	}{
		{"Your order has shipped", ""},
		{"The alphabet now has letters", ""},           // "bet now" only inside a word
		{"Our bookkeeping team", ""},                   // "bookmaker" prefix only
		{"sportsbetting", ""},                          // no word boundary
		{"Sports betting", "gambling: sports betting"}, // case
		{"sports\u00a0betting", "gambling: sports betting"},
		{"sports-betting", "gambling: sports betting"},
		{"SPORTS   BETTING", "gambling: sports betting"},
		{"payday loans", "lending: payday loan"},
		{"casinos", "gambling: casino"},
		{"casino bonus", "gambling: casino bonus"}, // the longest phrase at a word
		{"Préstamo rápido", "lending: préstamo rápido"},
		{"prestamo rapido", "lending: préstamo rápido"},
		{"PRE\u0301STAMO RA\u0301PIDO", "lending: préstamo rápido"},
		{"GLÜCKSSPIEL", "gambling: Glücksspiel"},
		{"gluckspiel", ""},
		{"caça-níqueis", "gambling: caça-níqueis"},
		{"100% natural cure", "health claims: 100% natural cure"},
		{"Bitcoin and forex and more bitcoin", "forex or crypto: bitcoin"},
		{"Miracle cure, then a payday loan", "health claims: miracle cure; lending: payday loan"},
	}
	for _, tc := range tests {
		var got []string
		for _, h := range findVerticals(tc.text) {
			got = append(got, h.Vertical+": "+h.Phrase)
		}
		if g := strings.Join(got, "; "); g != tc.want {
			t.Errorf("findVerticals(%q) = %q, want %q", tc.text, g, tc.want)
		}
	}
}

func TestFoldWords(t *testing.T) {
	got := strings.Join(foldWords("Straße, CAFÉ-crème; Łódź & naïve (ﬁ) 42"), " ")
	if want := "strasse cafe creme lodz naive ﬁ 42"; got != want {
		t.Errorf("foldWords = %q, want %q", got, want)
	}
}
