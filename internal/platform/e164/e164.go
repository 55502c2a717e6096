// Package e164 checks phone numbers as svc stores and compares them: E.164
// digits without the plus sign. Senders' numbers, recipients and users
// writing in all pass this one check, so a number svc registers or sends
// to is never one it would drop when its owner writes back. Country reads
// the country a number belongs to from its calling code.
package e164

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// MinDigits and MaxDigits bound a number with its country code: E.164
// allows 15 digits, and the shortest numbers in service have 7 (a 3-digit
// country code and a 4-digit subscriber number, as Niue's and Saint
// Helena's).
const (
	MinDigits = 7
	MaxDigits = 15
)

// Check returns nil for E.164 digits without the plus sign, or an error
// saying which rule s breaks; its text names no field, for the caller to
// prefix with its own.
func Check(s string) error {
	if s == "" {
		return errors.New("must not be empty")
	}
	for i, c := range s {
		switch {
		case c == '+':
			return fmt.Errorf("must be digits only in E.164 form without the plus sign (found \"+\" at character %d)", i+1)
		case c == ' ' || c == '-' || c == '(' || c == ')' || c == '.':
			return fmt.Errorf("must be digits only, without spaces or separators (found %q at character %d)", c, i+1)
		case c < '0' || c > '9':
			return fmt.Errorf("must be digits only in E.164 form (found %q at character %d)", c, utf8.RuneCountInString(s[:i])+1)
		}
	}
	switch n := len(s); {
	case s[0] == '0':
		return errors.New("must start with the country code, which never starts with 0")
	case n < MinDigits:
		return fmt.Errorf("must be %d to %d digits with the country code (found %d)", MinDigits, MaxDigits, n)
	case n > MaxDigits:
		return fmt.Errorf("must be at most %d digits, E.164's limit (found %d)", MaxDigits, n)
	}
	return nil
}
