package e164

import "sync"

// Numbering-plan facts about the number ranges a message may give to call
// or pay: which ranges bill the caller a premium, which are mobiles, and
// how a number written as a country writes it at home reaches E.164. The
// tables cover the countries whose languages templates are most often
// declared in; a number of any other country is none of these.

// premiumRate are the E.164 prefixes of premium-rate and revenue-sharing
// ranges: a call to one bills the caller well above a normal call and pays
// part of it to the number's holder.
var premiumRate = []string{
	"1900", "1976", // NANP 1-900 and 1-976
	"449", "4470", // UK 09 premium rate and 070 "personal numbers"
	"34803", "34806", "34807", "34905", // Spain 803, 806, 807 and 905 (mass calling)
	"3389",           // France 089x
	"49900", "49137", // Germany 0900 and 0137 (mass calling)
	"351760", "351761", "351762", "351607", "351646", "351648", // Portugal
	"55900",                            // Brazil 0900
	"52900",                            // Mexico 900
	"39899", "39892", "39894", "39895", // Italy
	"31906", "31909", // Netherlands 0906 and 0909
	"3290",                    // Belgium 090x
	"43900", "43930", "43939", // Austria
	"41900", "41901", "41906", // Switzerland
	"61190",                                          // Australia 1900
	"353155", "353156", "353157", "353158", "353159", // Ireland 15xx
}

// PremiumRate reports whether number (E.164 digits) is in a premium-rate
// or revenue-sharing range of its country.
func PremiumRate(number string) bool { return hasPrefix(number, premiumRate) }

// mobile are the E.164 prefixes of mobile ranges. The North American
// Numbering Plan and Mexico do not tell mobiles apart by their digits, so
// they have none here; Brazil's mobiles are told by the ninth digit (see
// Mobile).
var mobile = []string{
	"4471", "4472", "4473", "4474", "4475", "4477", "4478", "4479", // UK 07, without 070 and 076 (pagers)
	"336", "337", // France 06 and 07
	"346", "347", // Spain 6 and 7
	"4915", "4916", "4917", // Germany 015x, 016x, 017x
	"3519",                                 // Portugal 9x
	"393",                                  // Italy 3xx
	"316",                                  // Netherlands 06
	"324",                                  // Belgium 04xx
	"436",                                  // Austria 06xx
	"4175", "4176", "4177", "4178", "4179", // Switzerland 07x
	"614",  // Australia 04
	"3538", // Ireland 08x
}

// Mobile reports whether number (E.164 digits) is a mobile number of its
// country, where its digits say so.
func Mobile(number string) bool {
	// Brazil: two-digit area code, then a nine-digit mobile starting with 9.
	if len(number) == 13 && number[:2] == "55" && number[4] == '9' {
		return true
	}
	return hasPrefix(number, mobile)
}

func hasPrefix(number string, prefixes []string) bool {
	for _, p := range prefixes {
		if len(number) > len(p) && number[:len(p)] == p {
			return true
		}
	}
	return false
}

// trunkZero are the countries whose numbers are written at home with a
// leading 0 that E.164 drops (0161 496 0270 is +44 161 496 0270); Brazil's
// is written only before some ranges (0900), its mobiles and landlines
// without it. Spain, Italy, Portugal and Mexico write their numbers whole;
// the North American Numbering Plan's trunk prefix is 1.
var trunkZero = map[string]bool{
	"GB": true, "FR": true, "DE": true, "BR": true, "NL": true, "BE": true, "AT": true, "CH": true,
	"AU": true, "IE": true,
}

// nationalLength bounds the digits of a national number after its trunk
// prefix, where the plan fixes them: a date or an order number written
// in groups ("09/12/2025") is too short to be one.
var nationalLength = map[string][2]int{
	"GB": {10, 10}, "FR": {9, 9}, "ES": {9, 9}, "PT": {9, 9}, "BR": {10, 11}, "MX": {10, 10}, "NL": {9, 9},
	"CH": {9, 9}, "AU": {9, 9}, "DE": {6, 11}, "IT": {6, 11}, "BE": {8, 9}, "IE": {7, 9},
}

// callingCodes maps each country to its calling code, built from the
// countries table on first use.
var callingCodes = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for prefix, c := range countries {
		// A share's key is longer than its code: the code is the shortest
		// prefix of it that is itself a key (1 for 1876, 44 for 441481).
		code := prefix
		for n := 1; n < len(prefix); n++ {
			if _, ok := countries[prefix[:n]]; ok {
				code = prefix[:n]
				break
			}
		}
		// Ties (Saint Helena has 247 and 290) go to the smaller code, so
		// the answer never depends on map order.
		if old, ok := m[c]; !ok || len(code) < len(old) || len(code) == len(old) && code < old {
			m[c] = code
		}
	}
	return m
})

// CallingCode returns the ITU calling code of an ISO 3166-1 alpha-2
// country ("44" for GB, "1" for JM), or "" for a country the table does
// not know.
func CallingCode(country string) string { return callingCodes()[country] }

// FromNational returns the E.164 digits of a number written as country
// writes it at home (digits only: "01614960270" for GB, "806517243" for
// ES, "8005550123" or "18005550123" for US), and false when it cannot be
// one: no calling code known, a country whose plan the tables do not
// hold (neither its trunk prefix nor its lengths: "0821234567" for ZA
// would keep its trunk 0), or a length the plan or E.164 refuses.
func FromNational(digits, country string) (string, bool) {
	code := CallingCode(country)
	if code == "" || digits == "" {
		return "", false
	}
	l, lengths := nationalLength[country]
	switch {
	case code == "1":
		if len(digits) == 11 && digits[0] == '1' {
			digits = digits[1:]
		}
		// A North American area code starts with 2 to 9.
		if len(digits) != 10 || digits[0] < '2' {
			return "", false
		}
	case trunkZero[country]:
		if digits[0] == '0' {
			digits = digits[1:]
		}
	case !lengths:
		return "", false
	}
	if lengths && (len(digits) < l[0] || len(digits) > l[1]) {
		return "", false
	}
	n := code + digits
	if Check(n) != nil {
		return "", false
	}
	return n, true
}
