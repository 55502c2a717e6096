package call

import (
	"slices"
	"strings"

	"svc/internal/platform/geo"
)

// The search for providers around a user widens over geohash
// neighbourhoods (a cell and its 8 neighbours), finest first, and stops at
// the first whose providers satisfy the caller; when none does, the whole
// directory is the answer. Precision 5 is about 4.9 km square, 4 about
// 39 x 20 km, 3 about 156 km square, so the widest neighbourhood spans
// about 470 km. A store may read the neighbourhoods as it likes (an index
// per precision, or the widest alone and Widen over it), but the answer
// is the same: that is what the store contract checks.
var SearchPrecisions = []int{5, 4, 3}

// WidestPrecision is the last precision searched: its neighbourhood holds
// every finer one.
var WidestPrecision = SearchPrecisions[len(SearchPrecisions)-1]

// Widen runs the search over candidates that hold at least every provider
// of the widest neighbourhood of p: it returns, by id, the providers of the
// finest neighbourhood for which enough holds, and ok; or, when none does,
// those of the widest neighbourhood and false (the caller then reads the
// directory).
func Widen(p geo.Point, candidates []Provider, enough func([]Provider) bool) (found []Provider, ok bool) {
	for _, precision := range SearchPrecisions {
		cells := geo.Neighbourhood(p, precision)
		found = found[:0:0]
		for _, pr := range candidates {
			if slices.Contains(cells, geo.Cell(pr.Location, precision)) {
				found = append(found, pr)
			}
		}
		SortByID(found)
		if enough(found) {
			return found, true
		}
	}
	return found, false
}

// SortByID orders providers by id, so that a search's answer does not
// depend on the order of its reads.
func SortByID(ps []Provider) {
	slices.SortFunc(ps, func(a, b Provider) int { return strings.Compare(a.ID, b.ID) })
}
