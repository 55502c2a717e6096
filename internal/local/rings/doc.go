// Package rings holds the layout's import rules in its test: which ring of
// internal/ may import which, that no function links a local package or the
// AWS SDK it does not need, and that a function links only the features its
// route table entry names. It has no code of its own.
package rings
