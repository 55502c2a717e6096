package classify

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"svc/internal/feature/template"
	"svc/internal/platform/textfold"
)

// term is one group of phrases of a word list: every phrase of the group
// fires the same rule with the same weight.
//
// Phrase syntax, shared by every list of the package. A phrase is words
// separated by spaces, written as people write them (accents, apostrophes
// and hyphens included); matching folds case and accents on both sides and
// works on whole words, so "PRÉSTAMO" matches "préstamo" and "sale" never
// matches inside "wholesale"; in a German template ae, oe and ue read as a,
// o and u on both sides (textfold.Digraphs), so "Gebühr" matches
// "Gebuehr". Within a phrase:
//
//   - word* matches any word starting with word ("descuento*" matches
//     descuento and descuentos);
//   - a|b|c matches any of the alternatives, each a single word, possibly
//     with * ("account|konto");
//   - # matches a number, written in ASCII digits as Stage A reads one
//     (textfold.IsDigits: "١٢٣" is a word), ¤ any currency symbol, {{}}
//     any parameter, and _ any one word;
//   - % is the percent sign.
//
// Stage A's lists are written in syntaxes of their own; how they differ
// from this one is written once, in template's verticals.go (Phrase
// syntaxes). A leading * (Stage A's suffix pattern) is refused here.
type term struct {
	Rule   string
	Weight float64
	// Lang, when set, limits the group to templates in that language
	// (primary subtag: "es" for es_MX). Used for words that mean something
	// harmless in another language: Spanish "sale" is "departs".
	Lang    string
	Phrases []string
	// Unless lists words that cancel a match when they come within two
	// words after it ("you have won" the "auction").
	Unless []string
}

// elem is one compiled position of a phrase.
type elem struct {
	kind     elemKind
	words    []string // exact alternatives
	prefixes []string // prefix alternatives
	// gwords and gprefixes are words and prefixes digraph-reduced, matched
	// in German templates.
	gwords, gprefixes []string
}

type elemKind int

const (
	elemWord elemKind = iota
	elemNumber
	elemCurrency
	elemParam
	elemAny
)

// match reports whether the element matches a token: by its g against the
// digraph-reduced alternatives in a German template, by its w otherwise.
func (e elem) match(t token, german bool) bool {
	w, words, prefixes := t.w, e.words, e.prefixes
	if german {
		w, words, prefixes = t.g, e.gwords, e.gprefixes
	}
	switch e.kind {
	case elemNumber:
		return textfold.IsDigits(w)
	case elemCurrency:
		return w == currencyToken
	case elemParam:
		return w == paramToken
	case elemAny:
		return true
	}
	for _, x := range words {
		if w == x {
			return true
		}
	}
	for _, x := range prefixes {
		if strings.HasPrefix(w, x) {
			return true
		}
	}
	return false
}

// byteSet is a set of bytes.
type byteSet [4]uint64

func (s *byteSet) add(b byte)      { s[b/64] |= 1 << (b % 64) }
func (s *byteSet) has(b byte) bool { return s[b/64]&(1<<(b%64)) != 0 }

// mayStart reports whether the entry can match from token t: a phrase
// whose first position is a word with prefix alternatives (tried at every
// token, as it has no exact first word to be indexed by) starts only at a
// token whose first byte begins one of them.
func (e *entry) mayStart(t token, german bool) bool {
	heads, w := e.heads, t.w
	if german {
		heads, w = e.gheads, t.g
	}
	return heads == nil || w != "" && heads.has(w[0])
}

// entry is one compiled phrase.
type entry struct {
	// heads and gheads, for a phrase whose first position is a word with
	// prefix alternatives, hold the first bytes of the alternatives and of
	// their digraph-reduced forms (see mayStart); nil otherwise.
	heads, gheads *byteSet
	rule          string
	weight        float64
	lang          string
	phrase        string // as listed
	elems         []elem
	// unless and gunless (digraph-reduced, for German templates) are the
	// words that cancel a match.
	unless, gunless map[string]bool
}

// lexicon is a compiled word list, indexed by the first word of each
// phrase so that a text is scanned once however long the list is. It is
// compiled when first used: every function binary links this package, and
// only the classifier needs its lists, so their ~3 ms stay out of the other
// functions' cold starts.
type lexicon struct {
	terms   []term
	once    sync.Once
	entries []*entry
	// byFirst and byFirstG (by the digraph-reduced word, for German
	// templates) index the entries by their first word.
	byFirst, byFirstG map[string][]*entry
	loose             []*entry // phrases whose first position is not an exact word
}

// compile returns a lexicon over terms, built on first use. A phrase that
// does not compile is a mistake in the package's own lists, found by the
// tests, so building panics.
func compile(terms []term) *lexicon { return &lexicon{terms: terms} }

// build compiles the terms once.
func (lx *lexicon) build() *lexicon {
	lx.once.Do(lx.compile)
	return lx
}

func (lx *lexicon) compile() {
	lx.byFirst, lx.byFirstG = map[string][]*entry{}, map[string][]*entry{}
	for _, t := range lx.terms {
		unless, gunless := map[string]bool{}, map[string]bool{}
		for _, u := range t.Unless {
			for _, w := range foldWords(u) {
				unless[w], gunless[textfold.Digraphs(w)] = true, true
			}
		}
		for _, p := range t.Phrases {
			elems, err := compilePhrase(p)
			if err != nil {
				panic(fmt.Sprintf("classify: %s: phrase %q: %v", t.Rule, p, err))
			}
			e := &entry{rule: t.Rule, weight: t.Weight, lang: t.Lang, phrase: p, elems: elems, unless: unless, gunless: gunless}
			lx.entries = append(lx.entries, e)
			if first := elems[0]; first.kind == elemWord && len(first.prefixes) == 0 {
				for _, w := range first.words {
					lx.byFirst[w] = append(lx.byFirst[w], e)
				}
				for _, w := range first.gwords {
					lx.byFirstG[w] = appendOnce(lx.byFirstG[w], e)
				}
			} else {
				if first.kind == elemWord {
					e.heads, e.gheads = &byteSet{}, &byteSet{}
					for _, w := range append(first.words, first.prefixes...) {
						e.heads.add(w[0])
					}
					for _, w := range append(first.gwords, first.gprefixes...) {
						e.gheads.add(w[0])
					}
				}
				lx.loose = append(lx.loose, e)
			}
		}
	}
}

func compilePhrase(p string) ([]elem, error) {
	if why, bad := template.SlotsShareAWord(p); bad {
		return nil, errors.New(why)
	}
	var elems []elem
	for _, piece := range strings.Fields(p) {
		switch piece {
		case "#":
			elems = append(elems, elem{kind: elemNumber})
			continue
		case currencyToken:
			elems = append(elems, elem{kind: elemCurrency})
			continue
		case paramToken:
			elems = append(elems, elem{kind: elemParam})
			continue
		case "_":
			elems = append(elems, elem{kind: elemAny})
			continue
		}
		if strings.Contains(piece, "|") {
			var e elem
			for _, alt := range strings.Split(piece, "|") {
				stem, prefix := strings.CutSuffix(alt, "*")
				if strings.Contains(stem, "*") {
					return nil, fmt.Errorf("alternative %q: * only ends a word here (a leading * is Stage A's suffix pattern)", alt)
				}
				ws := foldWords(stem)
				if len(ws) != 1 {
					return nil, fmt.Errorf("alternative %q is not one word", alt)
				}
				if prefix {
					e.prefixes = append(e.prefixes, ws[0])
					e.gprefixes = append(e.gprefixes, textfold.Digraphs(ws[0]))
				} else {
					e.words = append(e.words, ws[0])
					e.gwords = append(e.gwords, textfold.Digraphs(ws[0]))
				}
			}
			elems = append(elems, e)
			continue
		}
		stem, prefix := strings.CutSuffix(piece, "*")
		if strings.Contains(stem, "*") {
			return nil, fmt.Errorf("piece %q: * only ends a word here (a leading * is Stage A's suffix pattern)", piece)
		}
		ws := foldWords(stem)
		if len(ws) == 0 {
			return nil, fmt.Errorf("piece %q has no word", piece)
		}
		for i, w := range ws {
			g := []string{textfold.Digraphs(w)}
			if prefix && i == len(ws)-1 {
				elems = append(elems, elem{prefixes: []string{w}, gprefixes: g})
			} else {
				elems = append(elems, elem{words: []string{w}, gwords: g})
			}
		}
	}
	if len(elems) == 0 {
		return nil, fmt.Errorf("empty phrase")
	}
	return elems, nil
}

// appendOnce appends e unless it is already last: two alternatives of a
// first word may reduce to one ("fur|fuer").
func appendOnce(es []*entry, e *entry) []*entry {
	if n := len(es); n > 0 && es[n-1] == e {
		return es
	}
	return append(es, e)
}

// hit is a phrase found in a part: tokens from..to inclusive.
type hit struct {
	e        *entry
	p        *part
	from, to int
}

// scan finds every phrase of the lexicon in the parts of the given kinds,
// in part order, then word order, then list order. A doc keeps what each
// lexicon found (doc.scans), so that the checks that each ask for the
// same list (credentials, request verbs) scan the text once; the slice
// returned is clipped, so a caller's append copies it.
func (lx *lexicon) scan(d *doc, lang string, kinds ...partKind) []hit {
	key := scanKey{lx: lx, lang: lang}
	for _, k := range kinds {
		key.kinds |= 1 << k
	}
	if hits, ok := d.scans[key]; ok {
		return hits
	}
	hits := slices.Clip(lx.scanAll(d, lang, kinds))
	if d.scans == nil {
		d.scans = map[scanKey][]hit{}
	}
	d.scans[key] = hits
	return hits
}

// scanKey names one scan of a doc: the lexicon, the language its entries
// are limited by, and the part kinds read (a bit per kind).
type scanKey struct {
	lx    *lexicon
	lang  string
	kinds uint8
}

func (lx *lexicon) scanAll(d *doc, lang string, kinds []partKind) []hit {
	lx.build()
	first := lx.byFirst
	if d.german {
		first = lx.byFirstG
	}
	var hits []hit
	for pi := range d.parts {
		p := &d.parts[pi]
		if !kindIn(p.kind, kinds) {
			continue
		}
		for k, t := range p.toks {
			for _, cands := range [2][]*entry{first[t.g], lx.loose} {
				for _, e := range cands {
					if e.lang != "" && e.lang != lang || !e.mayStart(t, d.german) {
						continue
					}
					if to, ok := e.matchAt(p.toks, k, d.german); ok {
						hits = append(hits, hit{e: e, p: p, from: k, to: to})
					}
				}
			}
		}
	}
	return hits
}

func kindIn(k partKind, kinds []partKind) bool {
	for _, x := range kinds {
		if k == x {
			return true
		}
	}
	return false
}

// matchAt reports whether the entry matches at token k, and where it ends.
func (e *entry) matchAt(toks []token, k int, german bool) (int, bool) {
	if k+len(e.elems) > len(toks) {
		return 0, false
	}
	for i, el := range e.elems {
		if !el.match(toks[k+i], german) {
			return 0, false
		}
	}
	unless := e.unless
	if german {
		unless = e.gunless
	}
	to := k + len(e.elems) - 1
	for j := to + 1; j <= to+2 && j < len(toks); j++ {
		if unless[toks[j].g] {
			return 0, false
		}
	}
	return to, true
}

// scored is the outcome of a weighted family of rules: the sum of the best
// weight of each rule that fired, and one signal per rule.
type scored struct {
	score   float64
	signals []Signal
}

// score keeps, for each rule, its heaviest hit (the first of equals), so
// that repeating a word does not add up: "sale, sale, sale" weighs what
// "sale" does.
func score(hits []hit) scored {
	best := map[string]hit{}
	var order []string
	for _, h := range hits {
		b, ok := best[h.e.rule]
		if !ok {
			order = append(order, h.e.rule)
		}
		if !ok || h.e.weight > b.e.weight {
			best[h.e.rule] = h
		}
	}
	var s scored
	for _, r := range order {
		h := best[r]
		s.add(Signal{Rule: r, Detail: fragment(h.p, h.from, h.to) + " in " + h.p.where, Weight: h.e.weight})
	}
	return s
}

func (s *scored) add(sig Signal) {
	s.score += sig.Weight
	s.signals = append(s.signals, sig)
}
