// Package plainjson encodes JSON as it is read: "<", ">" and "&" stay
// themselves (encoding/json escapes them for HTML, and no body of the
// service is embedded in HTML), with no trailing newline.
package plainjson

import (
	"bytes"
	"encoding/json"
)

// Marshal returns the JSON encoding of v without HTML escaping.
func Marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
