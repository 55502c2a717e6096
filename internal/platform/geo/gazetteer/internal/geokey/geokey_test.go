package geokey

import "testing"

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"München", "munchen"},
		{"SÃO PAULO", "sao paulo"},
		{"Sa\u0303o Paulo", "sao paulo"}, // decomposed accent
		{"Saint-Étienne", "saint etienne"},
		{"L'Aquila", "laquila"},
		{"L’Aquila", "laquila"},
		{"U.S.A.", "usa"},
		{"St. Louis", "st louis"},
		{"Frankfurt (Oder)", "frankfurt oder"},
		{"  Köln ,  Deutschland ", "koln deutschland"},
		{"București", "bucuresti"},
		{"Bucureşti", "bucuresti"},
		{"Straße", "strasse"},
		{"10115 Berlin", "10115 berlin"},
		{"Москва", "москва"},
		{"", ""},
		{"!!! ???", ""},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
