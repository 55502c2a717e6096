// Package asciijson writes JSON texts that are pure ASCII: every character
// outside U+0000..U+007E, DEL included, as a \u escape of four lower-case
// hex digits (a surrogate pair above U+FFFF). The text means the same to any JSON parser.
//
// Webhook bodies need it: whatsapp-api-js escapes a received body that way
// before hashing it and @kapso/whatsapp-cloud-api hashes the bytes as
// received, so only a body on which the escaping changes nothing verifies
// in both. Queue messages carrying user text need it too: the local SQS
// emulator refuses characters above U+FFFF (emoji) in a message body.
package asciijson

import (
	"encoding/json"
	"unicode/utf16"
	"unicode/utf8"
)

// Marshal is json.Marshal with the result made ASCII by Escape.
func Marshal(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return Escape(b), nil
}

// Escape rewrites a JSON text as encoding/json writes it with every byte
// at or above DEL escaped. encoding/json leaves DEL and every non-ASCII
// character raw (it already escapes control characters, <, >, & and
// U+2028/U+2029, with lower-case hex), and such characters only occur
// inside strings, where an escape is valid. Invalid UTF-8 becomes \ufffd.
// b is returned as is when it is ASCII already.
func Escape(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf-1 { // below DEL
			if out != nil {
				out = append(out, b[i])
			}
			i++
			continue
		}
		if out == nil {
			out = append(make([]byte, 0, len(b)+len(b)/4), b[:i]...)
		}
		r, size := utf8.DecodeRune(b[i:])
		if r1, r2 := utf16.EncodeRune(r); r1 != utf8.RuneError {
			out = appendEscape(appendEscape(out, r1), r2)
		} else {
			out = appendEscape(out, r)
		}
		i += size
	}
	if out == nil {
		return b
	}
	return out
}

func appendEscape(out []byte, r rune) []byte {
	const hexDigits = "0123456789abcdef"
	return append(out, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
}
