// Package headers reads the header maps of API Gateway events, whose names
// keep the case the client sent.
package headers

import "strings"

// Get returns the value of the named header, matching names
// case-insensitively, or "".
func Get(h map[string]string, name string) string {
	v, _ := Lookup(h, nil, name)
	return v
}

// Lookup is Get over both of a proxy event's header maps, the single-value
// one first and then the first value of the multi-value one (an event built
// by hand may fill only that); ok reports that the header was sent at all,
// so a caller can refuse an empty value rather than ignore it.
func Lookup(single map[string]string, multi map[string][]string, name string) (string, bool) {
	for k, v := range single {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	for k, v := range multi {
		if strings.EqualFold(k, name) && len(v) > 0 {
			return v[0], true
		}
	}
	return "", false
}

// Values is every value sent of the named header: the multi-value map's,
// under every spelling of the name, or else the single-value map's one. A
// REST API event's single-value map keeps only the last of repeated
// headers, so only Values can tell that a header came twice.
func Values(single map[string]string, multi map[string][]string, name string) []string {
	var out []string
	for k, vs := range multi {
		if strings.EqualFold(k, name) {
			out = append(out, vs...)
		}
	}
	if out != nil {
		return out
	}
	for k, v := range single {
		if strings.EqualFold(k, name) {
			return []string{v}
		}
	}
	return nil
}
