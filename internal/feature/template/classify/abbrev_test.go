package classify

import (
	"slices"
	"strings"
	"testing"
)

func TestExpandAbbreviations(t *testing.T) {
	tests := []struct {
		lang, text string
		want       []string // the words the lists match
		typed      []string // what the language check counts
	}{
		{"en", "If u didnt authorize this, call us", []string{"if", "you", "didn", "t", "authorize", "this", "call", "us"},
			[]string{"if", "u", "didnt", "", "authorize", "this", "call", "us"}},
		{"es", "Me lo puedes pasar xfa?", []string{"me", "lo", "puedes", "pasar", "por", "favor"},
			[]string{"me", "lo", "puedes", "pasar", "xfa", ""}},
		{"pt", "Se n foi vc, ignore", []string{"se", "nao", "foi", "voce", "ignore"}, nil},
		{"fr", "Ton mdp expire", []string{"ton", "mot", "de", "passe", "expire"}, nil},
		// Another language's shorthands stay as written.
		{"en", "q tal", []string{"q", "tal"}, nil},
		{"de", "u", []string{"u"}, nil},
		// Shorthands the lists name as written are not expanded.
		{"en", "reply asap", []string{"reply", "asap"}, nil},
	}
	for _, tt := range tests {
		toks := expandAbbreviations(tokenize(tt.text), tt.lang)
		var words, typed []string
		for i, tok := range toks {
			words, typed = append(words, tok.w), append(typed, tok.typed)
			if i > 0 && toks[i-1].end > tok.start {
				t.Errorf("%s %q: token %d starts at %d, before the previous one ends (%d)", tt.lang, tt.text, i, tok.start, toks[i-1].end)
			}
		}
		if !slices.Equal(words, tt.want) {
			t.Errorf("%s %q: words %v, want %v", tt.lang, tt.text, words, tt.want)
		}
		if tt.typed != nil && !slices.Equal(typed, tt.typed) {
			t.Errorf("%s %q: typed %v, want %v", tt.lang, tt.text, typed, tt.typed)
		}
	}
}

// TestAbbreviationsExpandToListedWords holds every expansion to words the
// tokenizer keeps as they are, so that each one can meet a listed phrase.
func TestAbbreviationsExpandToListedWords(t *testing.T) {
	for lang, table := range abbreviations {
		for short, full := range table {
			if got := strings.Join(foldWords(full), " "); got != full {
				t.Errorf("%s %q: expansion %q folds to %q", lang, short, full, got)
			}
			if got := strings.Join(foldWords(short), " "); got != short {
				t.Errorf("%s %q: the shorthand is not one folded word (%q)", lang, short, got)
			}
		}
	}
}
