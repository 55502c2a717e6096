package asciijson_test

import (
	"encoding/json"
	"testing"

	"svc/internal/platform/asciijson"
)

func TestMarshal(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want string
	}{
		{"ASCII stays", `a "b" \ ~`, `"a \"b\" \\ ~"`},
		{"accents", "Zoë ção", `"Zo\u00eb \u00e7\u00e3o"`},
		{"DEL", "a\x7fb", `"a\u007fb"`},
		{"astral as a surrogate pair", "🎉𝄞", `"\ud83c\udf89\ud834\udd1e"`},
		{"joined emoji", "👩🏽‍💻", `"\ud83d\udc69\ud83c\udffd\u200d\ud83d\udcbb"`},
		{"HTML and separators as encoding/json writes them", "<&>\u2028", `"\u003c\u0026\u003e\u2028"`},
		{"controls", "\x00\t", `"\u0000\t"`},
		{"invalid UTF-8", "x\xffy", `"x\ufffdy"`},
		{"last code point of the BMP", "\uffff", `"\uffff"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := asciijson.Marshal(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tc.want {
				t.Fatalf("got %s, want %s", b, tc.want)
			}
			var back string
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			if valid := string([]rune(tc.in)); back != valid {
				t.Fatalf("decodes to %q, want %q", back, valid)
			}
		})
	}
}

// Escape works on any JSON text, keys and nested values included, and
// hands back an ASCII text untouched.
func TestEscape(t *testing.T) {
	in := []byte(`{"clé":["ñ",{"x":"\u00e9 é"}],"n":1.5}`)
	want := `{"cl\u00e9":["\u00f1",{"x":"\u00e9 \u00e9"}],"n":1.5}`
	if got := asciijson.Escape(in); string(got) != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	ascii := []byte(`{"a":"b"}`)
	if got := asciijson.Escape(ascii); &got[0] != &ascii[0] {
		t.Fatal("an ASCII text is copied")
	}
}
