package template

// What other features borrow from the template feature: the body checks of
// its decoder, so that every route speaks of a malformed body in the same
// words, and the placeholder scanner, so that a send hydrates a template
// with exactly the placeholders its validation accepted.

// CheckJSONBody accepts one JSON object in UTF-8 of at most maxBytes bytes;
// anything else is a 400 with code 100 saying in the service's words where
// and what is wrong ("request body: not valid JSON at byte 2: ...").
func CheckJSONBody(body []byte, maxBytes int) error {
	if len(body) > maxBytes {
		return bodyError("must be at most %d bytes (found %d)", maxBytes, len(body))
	}
	return checkBody(body)
}

// DecodeError turns an error of encoding/json, met after CheckJSONBody
// passed, into a 400 in the service's words that quotes no Go internals.
func DecodeError(err error) error { return unreadable(err) }

// Placeholder is one well-formed {{...}} placeholder of a template text.
type Placeholder struct {
	// Raw is the placeholder as written, braces included.
	Raw string
	// Index is a positional placeholder's number, 0 for a named one.
	Index int
	// Name is a named placeholder's name, "" for a positional one.
	Name string
	// Start and End are the byte offsets of "{{" and just past "}}".
	Start, End int
}

// Placeholders lists the well-formed placeholders of text in order; a
// stored template holds no malformed ones, since validation refused them.
func Placeholders(text string) []Placeholder {
	params, _ := parseParams(text)
	out := make([]Placeholder, len(params))
	for i, p := range params {
		out[i] = Placeholder{Raw: p.raw, Index: p.index, Name: p.name, Start: p.start, End: p.end}
	}
	return out
}
