package call

import (
	"math"
	"slices"
	"strings"
	"time"
	"unicode"

	"svc/internal/platform/geo"
	"svc/internal/platform/textfold"
)

// Matching. With a query, a provider is a candidate when at least one
// word of the query matches a word of its skills or description; words
// are folded (case, accents) and stemmed lightly, and a word that does not
// stem alike may still match by its character trigrams (similarity at
// least trigramFloor), for "plumber" ~ "plumbing" and small typos. A
// matching skill weighs skillWeight, a matching description word 1. The
// relevance is the mean, over the query's words, of each word's best
// match, rounded to one decimal so that providers of about the same
// relevance are ordered by distance. Without a query every available
// provider is a candidate, ordered by distance.

const (
	skillWeight  = 2.0
	trigramFloor = 0.5
)

// Match is a ranked candidate.
type Match struct {
	Provider   Provider
	Relevance  float64
	DistanceKm float64
}

// stopWords carry no need; they are dropped from queries.
var stopWords = map[string]bool{
	"a": true, "an": true, "the": true, "i": true, "me": true, "my": true, "need": true, "needs": true,
	"want": true, "for": true, "with": true, "to": true, "of": true, "and": true, "or": true, "in": true,
	"on": true, "at": true, "some": true, "someone": true, "help": true, "please": true, "who": true,
	"can": true, "is": true, "are": true, "de": true, "la": true, "le": true, "el": true, "der": true,
	"die": true, "das": true, "und": true, "ein": true, "eine": true,
}

// word is a folded word and its stem.
type word struct{ raw, stem string }

// words splits s into folded words with their stems.
func words(s string) []word {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			textfold.WriteRune(&b, r)
		} else {
			b.WriteByte(' ')
		}
	}
	var out []word
	for _, w := range strings.Fields(b.String()) {
		out = append(out, word{raw: w, stem: stem(w)})
	}
	return out
}

// suffixes are stripped, longest first, leaving a stem of at least 3
// letters: enough to bring trades and their work together ("plumber",
// "plumbing" -> "plumb"; "electrician", "electrical" -> "electric").
var suffixes = []string{"ations", "ation", "ists", "ians", "ings", "ers", "ies", "ing", "ist", "ian",
	"ers", "er", "al", "ed", "es", "y", "s"}

func stem(w string) string {
	for _, s := range suffixes {
		if strings.HasSuffix(w, s) && len(w)-len(s) >= 3 {
			return w[:len(w)-len(s)]
		}
	}
	return w
}

// trigrams of a word padded at both ends.
func trigrams(w string) map[string]bool {
	p := " " + w + " "
	out := map[string]bool{}
	r := []rune(p)
	for i := 0; i+3 <= len(r); i++ {
		out[string(r[i:i+3])] = true
	}
	return out
}

// similarity is 1 for words of one stem, else the Jaccard index of the
// folded words' trigrams.
func similarity(a, b word) float64 {
	if a.stem == b.stem {
		return 1
	}
	ta, tb := trigrams(a.raw), trigrams(b.raw)
	both := 0
	for g := range ta {
		if tb[g] {
			both++
		}
	}
	return float64(both) / float64(len(ta)+len(tb)-both)
}

// Query is a user's need, prepared once for scoring many providers.
type Query struct{ terms []word }

// ParseQuery prepares q; an empty Query matches every provider.
func ParseQuery(q string) Query {
	var terms []word
	for _, w := range words(q) {
		if !stopWords[w.raw] && !slices.Contains(terms, w) {
			terms = append(terms, w)
		}
	}
	return Query{terms: terms}
}

// Empty reports whether the query names no need.
func (q Query) Empty() bool { return len(q.terms) == 0 }

// Relevance scores p against q: 0 when nothing matches.
func (q Query) Relevance(p Provider) float64 {
	if q.Empty() {
		return 0
	}
	var skill []word
	for _, s := range p.Skills {
		skill = append(skill, words(s)...)
	}
	desc := words(p.Description)
	total := 0.0
	for _, t := range q.terms {
		total += max(skillWeight*best(t, skill), best(t, desc))
	}
	return math.Round(10*total/float64(len(q.terms))) / 10
}

func best(term word, doc []word) float64 {
	b := 0.0
	for _, w := range doc {
		if s := similarity(term, w); s >= trigramFloor && s > b {
			b = s
		}
	}
	return b
}

// Rank orders the providers available at now that match q (all of them
// when q is empty): by relevance, then distance from the user, then id.
func Rank(q Query, user geo.Point, providers []Provider, now time.Time) []Match {
	var out []Match
	for _, p := range providers {
		if !p.Availability.AvailableAt(now) {
			continue
		}
		m := Match{Provider: p, Relevance: q.Relevance(p), DistanceKm: geo.DistanceKm(user, p.Location)}
		if !q.Empty() && m.Relevance == 0 {
			continue
		}
		out = append(out, m)
	}
	slices.SortFunc(out, func(a, b Match) int {
		switch {
		case a.Relevance != b.Relevance:
			if a.Relevance > b.Relevance {
				return -1
			}
			return 1
		case a.DistanceKm != b.DistanceKm:
			if a.DistanceKm < b.DistanceKm {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Provider.ID, b.Provider.ID)
	})
	return out
}
