// Package uuid makes random (version 4) UUIDs, the form of the request ids
// API Gateway and Lambda hand out, which the local stand-ins imitate.
package uuid

import (
	"crypto/rand"
	"encoding/hex"
)

// New returns a random UUID in its canonical text form. It is written
// into one array (fmt.Sprintf cost 6 allocations a request id).
func New() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	var s [36]byte
	hex.Encode(s[0:8], b[0:4])
	s[8] = '-'
	hex.Encode(s[9:13], b[4:6])
	s[13] = '-'
	hex.Encode(s[14:18], b[6:8])
	s[18] = '-'
	hex.Encode(s[19:23], b[8:10])
	s[23] = '-'
	hex.Encode(s[24:], b[10:16])
	return string(s[:])
}
