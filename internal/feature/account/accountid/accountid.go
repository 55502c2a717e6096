// Package accountid holds the shape of the account's ids, a ZBA's and a
// sender number's: 1 to MaxLength ASCII letters, digits or hyphens. It is a
// package of its own so that a feature parsing ids that embed a ZBA id
// (template's {zba}_{name}_{language}) need not link account and what
// account links.
package accountid

// MaxLength is the most bytes an id has.
const MaxLength = 64

// Valid reports whether s is 1 to MaxLength ASCII letters, digits or
// hyphens. No underscore, so that a template id {zba}_{name}_{language}
// splits cleanly.
func Valid(s string) bool {
	if len(s) < 1 || len(s) > MaxLength {
		return false
	}
	for _, c := range []byte(s) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}
