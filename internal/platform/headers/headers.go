// Package headers reads the header maps of API Gateway events, whose names
// keep the case the client sent.
package headers

import "strings"

// Get returns the value of the named header, matching names
// case-insensitively, or "".
func Get(h map[string]string, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	return ""
}
