package classify

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"svc/internal/feature/template"
	"svc/internal/platform/textfold"
)

// partKind says what a part of a template is, which decides the checks it
// feeds: every check reads texts, the content checks also read example
// values (they show what a sender will fill in), and only the shortener
// check reads button URLs.
type partKind int

const (
	partText    partKind = iota // header, body and footer texts, button labels
	partExample                 // example values of parameters
	partURL                     // a URL button's url
	// partFilled is a header's or body's text with its example values in
	// place (template.ExampleText): read by the intent layer only, which
	// judges what a message says once filled in ("Put in $10, it pays
	// $64").
	partFilled
)

// part is one text of a template, tokenised.
type part struct {
	where string // for signals: "BODY", "HEADER", "BUTTON 1", "BODY example", "BUTTON 1 url"
	kind  partKind
	text  string
	toks  []token
	// raw is the text as written, before textfold.Unmask read "c@sino"
	// as "casino": addresses and numbers are read from it.
	raw string
}

// Bounds on what one review reads, so that a hand-built Input of any size
// is reviewed in bounded time. Stage A already caps every text far below
// maxPartBytes (a BODY holds at most 1024 characters), but lets one example
// hold 16 KiB; an example value stands for one parameter of such a text, so
// it is read up to maxExampleValueBytes, and a text with its values in
// place up to maxFilledBytes (a whole body at four bytes a character). The
// checks that walk a sentence word by word cost the square of its length.
const (
	maxPartBytes         = 8 << 10
	maxFilledBytes       = 4 << 10
	maxExampleValueBytes = 1 << 10
	maxExampleParts      = 64
)

// doc is a template split into parts, in component order.
type doc struct {
	parts []part
	body  string // the first BODY text, for the format rules
	// authOptions counts the compatible API's AUTHENTICATION options present
	// (add_security_recommendation, code_expiration_minutes); otpButton says
	// whether there is an OTP button.
	authOptions int
	otpButton   bool
	// phoneButton says whether a PHONE_NUMBER button gives a number to
	// call; buttonPhones are the numbers such buttons give.
	phoneButton  bool
	buttonPhones []numberAt
	// german says the template is declared in German, whose tokens carry
	// their digraph-reduced form as g.
	german bool
	// lang is the declared language's primary subtag, whose shorthands
	// are read in full (abbreviations).
	lang string
	// home is the country whose numbers the texts write in national form
	// (homeCountry); homes are every country the language tag points to
	// (homeCountries).
	home  string
	homes []string
	// scans keeps what each lexicon found in the doc (lexicon.scan).
	scans map[scanKey][]hit
}

func newDoc(in Input) *doc {
	lang := template.PrimaryLanguage(in.Language)
	d := &doc{german: lang == "de", lang: lang, home: homeCountry(in.Language), homes: homeCountries(in.Language)}
	examples := 0
	addExamples := func(where string, raw json.RawMessage) {
		for _, s := range exampleStrings(raw) {
			if examples == maxExampleParts {
				return
			}
			examples++
			d.add(where+" example", partExample, s)
		}
	}
	seenBody := false
	for _, c := range in.Components {
		typ := strings.ToUpper(c.Type)
		switch typ {
		case template.TypeHeader, template.TypeBody, template.TypeFooter:
			if c.Text != "" {
				d.add(typ, partText, c.Text)
			}
			if filled, ok := template.ExampleText(c); ok {
				d.add(typ+" filled in", partFilled, filled)
			}
			if typ == template.TypeBody && !seenBody {
				seenBody, d.body = true, c.Text
			}
		}
		if c.AddSecurityRecommendation != nil {
			d.authOptions++
		}
		if c.CodeExpirationMinutes != nil {
			d.authOptions++
		}
		addExamples(typ, c.Example)
		for i, b := range c.Buttons {
			where := "BUTTON " + strconv.Itoa(i+1)
			if strings.ToUpper(b.Type) == template.ButtonOTP {
				d.otpButton = true
			}
			if strings.ToUpper(b.Type) == template.ButtonPhoneNumber && b.PhoneNumber != "" {
				d.phoneButton = true
				d.buttonPhones = append(d.buttonPhones, numberAt{where: where, written: b.PhoneNumber})
			}
			if b.Text != "" {
				d.add(where, partText, b.Text)
			}
			if b.AutofillText != "" {
				d.add(where, partText, b.AutofillText)
			}
			if b.URL != "" {
				d.add(where+" url", partURL, b.URL)
			}
			addExamples(where, b.Example)
		}
	}
	return d
}

func (d *doc) add(where string, kind partKind, text string) {
	limit := maxPartBytes
	switch kind {
	case partExample:
		limit = maxExampleValueBytes
	case partFilled:
		limit = maxFilledBytes
	}
	if len(text) > limit {
		text = truncateUTF8(text, limit)
	}
	raw := text
	// Words disguised to slip past a word list ("c4sino", "c.a.s.i.n.o",
	// "fr33") are read as the words they hide; a URL is read as written.
	if kind != partURL {
		text = textfold.Unmask(text)
	}
	p := part{where: where, kind: kind, text: text, raw: raw}
	if kind != partURL {
		p.toks = expandAbbreviations(tokenize(text), d.lang)
		if d.german {
			for i := range p.toks {
				p.toks[i].g = textfold.Digraphs(p.toks[i].w)
			}
		}
		countEnds(text, p.toks)
	}
	d.parts = append(d.parts, p)
}

// countEnds fills each token's ends and commas, in one pass over text
// (token offsets never decrease: an abbreviation's expansion sits at its
// end).
func countEnds(text string, toks []token) {
	var ends, commas int32
	at := 0
	upTo := func(pos int) {
		for ; at < pos; at++ {
			switch c := text[at]; {
			case c == ',':
				commas++
			case strings.IndexByte(sentenceEnds, c) >= 0:
				ends++
			}
		}
	}
	for i := range toks {
		upTo(toks[i].start)
		toks[i].ends[0], toks[i].commas[0] = ends, commas
		upTo(toks[i].end)
		toks[i].ends[1], toks[i].commas[1] = ends, commas
	}
}

// exampleStrings collects the strings of an example, in document order
// (object keys sorted, so that the order never depends on map iteration).
func exampleStrings(raw json.RawMessage) []string {
	if len(raw) == 0 {
		return nil
	}
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return nil
	}
	var out []string
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > 8 || len(out) >= maxExampleParts {
			return
		}
		switch x := v.(type) {
		case string:
			out = append(out, x)
		case []any:
			for _, e := range x {
				walk(e, depth+1)
			}
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				walk(x[k], depth+1)
			}
		}
	}
	walk(v, 0)
	return out
}

// token is one unit of a text for matching: a folded word (a maximal run of
// letters and digits, lower case, accents removed), "%", currencyToken for
// any currency symbol, or paramToken for a {{...}} placeholder. start and
// end are byte offsets into the text, so signals can quote what the sender
// wrote.
type token struct {
	w string
	// g is the form the word lists match: in a German template, w with ae,
	// oe and ue reduced (textfold.Digraphs), so that German typed without
	// umlauts reads as German typed with them; in any other, w.
	g string
	// typed is the word as written, before a shorthand was read in full
	// (abbreviations): the shorthand on the first word of its expansion,
	// empty on the others. The language check counts what was typed.
	typed      string
	start, end int
	// ends counts the sentence ends (sentenceEnds) in the text before the
	// token's start and before its end, commas the commas: sameSentence
	// and sameClause compare them instead of rescanning the text between
	// two tokens at every step of a walk back to a sentence's start.
	ends, commas [2]int32
}

const (
	paramToken    = "{{}}"
	currencyToken = "¤"
)

// tokenize splits a text into tokens. Words fold case and accents, so that
// "PRÉSTAMO", "préstamo" and "prestamo" are one word; apostrophes and
// hyphens separate words ("don't" is "don" "t", "rendez-vous" is "rendez"
// "vous"), and word lists are tokenised the same way, so they match.
func tokenize(s string) []token {
	var toks []token
	var b strings.Builder
	start, end := -1, -1
	flush := func() {
		if start >= 0 {
			w := b.String()
			toks = append(toks, token{w: w, g: w, typed: w, start: start, end: end})
			b.Reset()
			start = -1
		}
	}
	for i := 0; i < len(s); {
		if strings.HasPrefix(s[i:], "{{") {
			if j := template.PlaceholderEnd(s[i+2:]); j >= 0 {
				flush()
				toks = append(toks, token{w: paramToken, g: paramToken, typed: paramToken, start: i, end: i + 2 + j + 2})
				i += 2 + j + 2
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case unicode.Is(unicode.Mn, r):
			// A combining accent belongs to the word it follows.
			if start >= 0 {
				end = i + size
			}
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if start < 0 {
				start = i
			}
			end = i + size
			textfold.WriteRune(&b, r)
		case r == '%' || r == '％':
			flush()
			toks = append(toks, token{w: "%", g: "%", typed: "%", start: i, end: i + size})
		case unicode.Is(unicode.Sc, r):
			flush()
			toks = append(toks, token{w: currencyToken, g: currencyToken, typed: currencyToken, start: i, end: i + size})
		default:
			flush()
		}
		i += size
	}
	flush()
	return toks
}

// foldWords returns the tokens of s as tokenize folds them: the words
// textfold.Words gives, and besides them paramToken for a placeholder, "%"
// and currencyToken, which phrases are written with ("# %", "¤ #").
func foldWords(s string) []string {
	var out []string
	for _, t := range tokenize(s) {
		out = append(out, t.w)
	}
	return out
}

// fragment quotes the text between two tokens of a part for a signal,
// shortened so that signals stay readable whatever the template holds.
func fragment(p *part, from, to int) string {
	return quote(p.text[p.toks[from].start:p.toks[to].end])
}

func quote(s string) string {
	const limit = 48
	if utf8.RuneCountInString(s) > limit {
		s = string([]rune(s)[:limit]) + "…"
	}
	return strconv.Quote(s)
}

// truncateUTF8 cuts s to at most n bytes without splitting a character.
func truncateUTF8(s string, n int) string {
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// only is the doc reduced to the parts read from where ("HEADER",
// "BODY"), examples and buttons left out.
func (d *doc) only(where string) *doc {
	sub := *d
	sub.parts, sub.scans = nil, nil
	for _, p := range d.parts {
		if p.where == where {
			sub.parts = append(sub.parts, p)
		}
	}
	return &sub
}
