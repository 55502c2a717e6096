package template

// What other features borrow from the template feature: the placeholder
// scanner, so that a send hydrates a template with exactly the placeholders
// its validation accepted.

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
