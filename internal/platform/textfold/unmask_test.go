package textfold

import "testing"

func TestUnmask(t *testing.T) {
	tests := []struct{ in, want string }{
		// Disguises undone.
		{"Play c4sino games", "Play casino games"},
		{"Get a l0an, no cr3dit check", "Get a loan, no credit check"},
		{"Buy B1TC0IN now", "Buy BITCOIN now"},
		{"100 fr33 spins", "100 free spins"},
		{"best ca$ino in town", "best casino in town"},
		{"the c@sino", "the casino"},
		{"our C.A.S.I.N.O is open", "our CASINO is open"},
		{"c-a-s-i-n-o bonus", "casino bonus"},
		{"Fast L O A N S approved", "Fast LOANS approved"},
		{"play c a s i n o games", "play casino games"},
		{"сasino", "casino"}, // Cyrillic с
		{"ca\u200bsino", "casino"},
		{"online ca\u200fsino", "online casino"}, // direction marks and controls too (review R3)
		{"co\u202ede\u202c and \u2066pa\u200ess\u2069", "code and pass"},
		{"ｃａｓｉｎｏ night", "casino night"},
		{"𝐜𝐚𝐬𝐢𝐧𝐨 𝐛𝐨𝐧𝐮𝐬", "casino bonus"},
		{"🅲🅰🆂🅸🅽🅾", "CASINO"},
		{"Ⓛⓞⓐⓝ", "Loan"},
		{"Lose 10kg in 2 weeks", "Lose 10 kg in 2 weeks"},
		{"delivered in 24h", "delivered in 24 h"},
		// Left as written.
		{"Your code is 123456", "Your code is 123456"},
		{"Pay $19.99 today", "Pay $19.99 today"},
		{"2x1 en pizzas", "2x1 en pizzas"},
		{"Enable 2FA now", "Enable 2FA now"},
		{"Vitamin B12 and COVID19 and H2O", "Vitamin B12 and COVID19 and H2O"},
		{"Your A1C and HbA1c results", "Your A1C and HbA1c results"},
		{"write to info@shop.com", "write to info@shop.com"},
		{"il y a à Paris", "il y a à Paris"},
		{"Привет, мир", "Привет, мир"}, // Cyrillic only: not a disguise
		{"Enter your CVV2", "Enter your CVV2"},
		{"U.S. customers", "U.S. customers"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Unmask(tt.in); got != tt.want {
			t.Errorf("Unmask(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func FuzzUnmask(f *testing.F) {
	f.Add("c4sino C.A.S.I.N.O 10kg ca$h info@x.com")
	f.Fuzz(func(t *testing.T, s string) {
		_ = Unmask(s)
	})
}
