package template

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"svc/internal/platform/textfold"
)

// param is one well-formed {{...}} placeholder of a text.
type param struct {
	raw   string // as written, braces included
	index int    // positional number, 0 for a named parameter
	name  string // named parameter's name, "" for a positional one
	start int    // byte offset of "{{"
	end   int    // byte offset just past "}}"
}

func (p param) named() bool { return p.name != "" }

// A "{{...}}" is read three ways, each for its reader; the three live here
// so that a change to one is made looking at the others:
//
//   - parseParams is Stage A's syntax check, the compatible API's rule:
//     every deviation is a problem reported to the sender.
//   - PlaceholderEnd is the classifier's token: a brace pair with no space
//     or brace inside and at most maxParamInner bytes between is one
//     placeholder, well-formed or not ("{{Name}}"); a snake_case name is
//     one whatever its length.
//   - withoutParams is the regulated-vertical screen's: from "{{" to the
//     next "}}", whatever stands between, so that no parameter reads as
//     the words around it ("bis {{4}}" is no amount).
//
// They agree on every placeholder parseParams accepts. They differ on
// malformed ones (a space or a brace between the braces, an empty pair),
// which the screen and the classifier still meet: in a text Stage A
// refuses for them, and in example values and button URLs, which it does
// not parse for parameters.

// parseParams scans a text for placeholders. A placeholder is "{{",
// content, "}}" with no brace pair inside; the content is a positional
// number without leading zeros ({{1}}) or a lower-case snake_case name
// ({{first_name}}), with no spaces. Everything else between the braces,
// an empty pair, and an unmatched "{{" or "}}" is a syntax problem, as the
// compatible API rejects it ("mismatched braces", "special characters
// inside a parameter"). Single braces are ordinary text. Scanning stops
// after maxParamProblems problems: a text that broken needs rewriting, not
// a longer list.
func parseParams(text string) (params []param, problems []string) {
	// The scan only moves forward, so each finder remembers its last match
	// and the whole scan stays linear however the braces nest.
	opens, closes := forwardFinder{s: text, sub: "{{"}, forwardFinder{s: text, sub: "}}"}
	i := 0
	for i < len(text) && len(problems) < maxParamProblems {
		start, closing := opens.next(i), closes.next(i)
		if start < 0 && closing < 0 {
			break
		}
		if start < 0 || (closing >= 0 && closing < start) {
			problems = append(problems, fmt.Sprintf("unbalanced }} at character %d", charPos(text, closing)))
			i = closing + 2
			continue
		}
		end := closes.next(start + 2)
		if end < 0 {
			problems = append(problems, fmt.Sprintf("unbalanced {{ at character %d", charPos(text, start)))
			break
		}
		if inner := opens.next(start + 2); inner >= 0 && inner < end {
			problems = append(problems, fmt.Sprintf("unbalanced {{ at character %d", charPos(text, start)))
			i = inner
			continue
		}
		p := param{raw: text[start : end+2], start: start, end: end + 2}
		if rule := classifyParam(text[start+2:end], &p); rule != "" {
			problems = append(problems, fmt.Sprintf("%s %s", quoted(p.raw), rule))
		} else {
			params = append(params, p)
		}
		i = p.end
	}
	return params, problems
}

// maxParamProblems bounds the syntax problems reported for one text.
const maxParamProblems = 5

// forwardFinder finds a substring at or after positions that never
// decrease, reusing its last answer while it is still ahead.
type forwardFinder struct {
	s, sub string
	at     int  // last match
	found  bool // at is valid
	none   bool // no match after the last search start
}

func (f *forwardFinder) next(from int) int {
	switch {
	case f.none:
		return -1
	case f.found && f.at >= from:
		return f.at
	}
	k := strings.Index(f.s[from:], f.sub)
	if k < 0 {
		f.none = true
		return -1
	}
	f.at, f.found = from+k, true
	return f.at
}

// classifyParam fills p's index or name from the content between the
// braces, or says what is wrong with it.
func classifyParam(inner string, p *param) string {
	switch {
	case inner == "":
		return "is empty: write {{1}} or {{name}}"
	case strings.IndexFunc(inner, unicode.IsSpace) >= 0:
		return "has spaces inside the braces"
	case textfold.IsDigits(inner):
		if inner[0] == '0' {
			return "is not a number from 1 without leading zeros"
		}
		n, err := strconv.Atoi(inner)
		if err != nil || n > maxParamIndex {
			return fmt.Sprintf("is numbered above %d", maxParamIndex)
		}
		p.index = n
		return ""
	case isSnakeName(inner):
		p.name = inner
		return ""
	case isSnakeName(strings.ToLower(inner)):
		return "must be lower case"
	}
	return "has characters other than lower-case letters, digits and underscores"
}

// maxParamIndex bounds positional numbers: a 1024-character body holds
// about 200 parameters at most, so a larger number is a mistake, and the
// bound keeps absurd numbers out of the sequencing check.
const maxParamIndex = 1000

// isSnakeName is ^[a-z][a-z0-9_]*$, the compatible API's named-parameter form.
func isSnakeName(s string) bool {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// sequenceRule checks that the positional numbers of one text are exactly
// 1..n and first appear in that order: the interface puts parameter
// sequencing in Stage A. The compatible API numbers parameters "from 1
// without gaps" (its review rejects 1,2,5,4) and takes the example values
// in number order, so "{{2}} ... {{1}}" would put each example in the
// other's place. A number may repeat anywhere after its first appearance:
// a sender fills it once.
func sequenceRule(params []param) string {
	var nums []int
	for _, p := range params {
		if !p.named() {
			nums = append(nums, p.index)
		}
	}
	inOrder := slices.Clone(nums)
	slices.Sort(nums)
	nums = slices.Compact(nums)
	for want, n := range nums {
		if n != want+1 {
			return fmt.Sprintf("positional parameters must be numbered {{1}}..{{n}} without gaps: {{%d}} is missing (found %s)",
				want+1, listParams(nums))
		}
	}
	highest := 0
	for _, n := range inOrder {
		if n > highest+1 {
			return fmt.Sprintf("positional parameters must first appear in order {{1}}, {{2}}, ...: {{%d}} comes before {{%d}}", n, highest+1)
		}
		highest = max(highest, n)
	}
	return ""
}

func listParams(nums []int) string {
	const shown = 8
	var b strings.Builder
	for i, n := range nums {
		if i == shown {
			b.WriteString(", ...")
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "{{%d}}", n)
	}
	return b.String()
}

// adjacentRule reports two placeholders with nothing between them, which
// the compatible API rejects as INVALID_FORMAT: the values would run into
// each other. Characters that show nothing (textfold.Invisible) are
// nothing; a space is something here, and left to the classifier's
// format.adjacent.
func adjacentRule(text string, params []param) string {
	for k := 1; k < len(params); k++ {
		if strings.TrimFunc(text[params[k-1].end:params[k].start], textfold.Invisible) == "" {
			return fmt.Sprintf("parameters %s and %s are adjacent; put text between them", quoted(params[k-1].raw), quoted(params[k].raw))
		}
	}
	return ""
}

// charPos is the 1-based character (code point) position of a byte offset.
func charPos(s string, offset int) int { return utf8.RuneCountInString(s[:offset]) + 1 }

// quoted quotes a fragment of client text for a details message, shortened
// so that details stay readable whatever the client sent.
func quoted(s string) string {
	const limit = 40
	if utf8.RuneCountInString(s) > limit {
		r := []rune(s)
		s = string(r[:limit]) + "…"
	}
	return strconv.Quote(s)
}

// maxParamInner bounds what other than a snake_case name may stand between
// "{{" and "}}" for the pair to be a placeholder token (PlaceholderEnd):
// malformed content is a token only while it is short. A well-formed
// name is one at any length, as Stage A accepts it at any length.
const maxParamInner = 64

// PlaceholderEnd returns the length of a placeholder's content when s (the
// text after "{{") closes it with "}}", holding no brace or space on the
// way, within maxParamInner bytes or after a snake_case name of any
// length; -1 otherwise. The scan stops at the first brace, so reading
// every "{{" of a text stays linear in its length.
func PlaceholderEnd(s string) int {
	snake := true
	for j := 0; j < len(s) && (j <= maxParamInner || snake); j++ {
		c := s[j]
		snake = snake && (c >= 'a' && c <= 'z' || j > 0 && (c >= '0' && c <= '9' || c == '_') || c == '}')
		switch c {
		case '}':
			if j > 0 && strings.HasPrefix(s[j:], "}}") {
				return j
			}
			return -1
		case '{', ' ', '\t', '\n':
			return -1
		}
	}
	return -1
}

// withoutParams replaces each parameter ("{{4}}", "{{name}}") with a word
// of its own, so that "bis {{4}}" is not read as "up to 4": what a
// parameter holds is screened as its example value, and in place by the
// whole-template read (ExampleText).
func withoutParams(text string) string {
	if !strings.Contains(text, "{{") {
		return text
	}
	var b strings.Builder
	for {
		i := strings.Index(text, "{{")
		if i < 0 {
			break
		}
		j := strings.Index(text[i:], "}}")
		if j < 0 {
			break
		}
		b.WriteString(text[:i])
		b.WriteString(" param ")
		text = text[i+j+2:]
	}
	b.WriteString(text)
	return b.String()
}
