package geo_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mmcloughlin/geohash"

	"svc/internal/platform/geo"
)

// TestCellIsTheGeohash holds Cell to the standard geohash (the library's)
// and Neighbourhood to the library's neighbours, away from the edges where
// the library's arithmetic leaves the grid.
func TestCellIsTheGeohash(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		p := geo.Point{Lat: -85 + r.Float64()*170, Lon: -175 + r.Float64()*350}
		for _, precision := range []int{1, 3, 4, 5, 9, geo.MaxCellPrecision} {
			want := geohash.EncodeWithPrecision(p.Lat, p.Lon, uint(precision))
			if got := geo.Cell(p, precision); got != want {
				t.Fatalf("Cell(%v, %d) = %q, want %q", p, precision, got, want)
			}
			if precision < 3 {
				continue
			}
			got := geo.Neighbourhood(p, precision)
			wantN := append([]string{want}, geohash.Neighbors(want)...)
			slices.Sort(got)
			slices.Sort(wantN)
			if !slices.Equal(got, wantN) {
				t.Fatalf("Neighbourhood(%v, %d) = %v, want %v", p, precision, got, wantN)
			}
		}
	}
}

// TestNeighbourhoodAtTheEdges: the grid's last row and column hold
// latitude 90 and longitude 180, columns wrap at the antimeridian, rows
// stop at the poles, and neighbours are neighbours both ways.
func TestNeighbourhoodAtTheEdges(t *testing.T) {
	cases := []struct {
		name  string
		p     geo.Point
		cells int
	}{
		{"north pole", geo.Point{Lat: 90, Lon: 0}, 6},
		{"south pole, antimeridian", geo.Point{Lat: -90, Lon: -180}, 6},
		{"antimeridian, east side", geo.Point{Lat: 10, Lon: 180}, 9},
		{"antimeridian, west side", geo.Point{Lat: 10, Lon: -179.99}, 9},
		{"equator, prime meridian", geo.Point{Lat: 0, Lon: 0}, 9},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, precision := range []int{3, 4, 5} {
				n := geo.Neighbourhood(tc.p, precision)
				if len(n) != tc.cells || n[0] != geo.Cell(tc.p, precision) {
					t.Fatalf("precision %d: %v, want %d cells, its own first", precision, n, tc.cells)
				}
				for _, c := range n {
					lat, lon := geohash.DecodeCenter(c)
					if back := geo.Neighbourhood(geo.Point{Lat: lat, Lon: lon}, precision); !slices.Contains(back, n[0]) {
						t.Fatalf("precision %d: %s is a neighbour of %s, but not the other way (%v)", precision, c, n[0], back)
					}
				}
			}
		})
	}
	east, west := geo.Cell(geo.Point{Lat: 10, Lon: 180}, 5), geo.Cell(geo.Point{Lat: 10, Lon: -179.99}, 5)
	if !slices.Contains(geo.Neighbourhood(geo.Point{Lat: 10, Lon: 180}, 5), west) || east == west {
		t.Fatalf("the antimeridian does not wrap: %s, %s", east, west)
	}
}
