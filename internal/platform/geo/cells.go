package geo

import "slices"

// Geohash cells. A cell of precision n (n base-32 characters, 5n bits) is
// a rectangle of a grid of 2^ceil(5n/2) columns of longitude by
// 2^floor(5n/2) rows of latitude, its bits interleaved longitude first; the
// strings are the standard geohash. They are computed here on the grid's
// row and column rather than from a cell's centre, so that the edges hold:
// latitude 90 and longitude 180 fall in the last row and column (not past
// the grid), columns wrap at the antimeridian, rows stop at the poles, and
// "b is a neighbour of a" holds exactly when "a is a neighbour of b",
// which the provider index relies on (it files a provider under every
// neighbour of its cell, and a search reads its own cell's file).

// base32 is the geohash alphabet.
const base32 = "0123456789bcdefghjkmnpqrstuvwxyz"

// MaxCellPrecision is the finest precision Cell computes (60 bits).
const MaxCellPrecision = 12

// grid is a cell's place: its row and column, and the grid's size.
type grid struct {
	row, col           uint64
	latBits, lonBits   uint
	rowCount, colCount uint64
}

func gridOf(p Point, precision int) grid {
	bits := uint(5 * precision)
	g := grid{latBits: bits / 2, lonBits: (bits + 1) / 2}
	g.rowCount, g.colCount = 1<<g.latBits, 1<<g.lonBits
	g.row = slot((p.Lat+90)/180, g.rowCount)
	g.col = slot((p.Lon+180)/360, g.colCount)
	return g
}

// slot is the index of the fraction f of a range cut into n slots, the
// range's end in the last slot.
func slot(f float64, n uint64) uint64 {
	v := f * float64(n)
	switch {
	case !(v > 0): // also NaN
		return 0
	case v >= float64(n):
		return n - 1
	}
	return uint64(v)
}

// hash is the geohash string of the cell at row, col of g's grid.
func (g grid) hash(row, col uint64) string {
	bits := g.latBits + g.lonBits
	var h uint64
	for i := range bits {
		var bit uint64
		if i%2 == 0 {
			bit = col >> (g.lonBits - 1 - i/2) & 1
		} else {
			bit = row >> (g.latBits - 1 - i/2) & 1
		}
		h = h<<1 | bit
	}
	out := make([]byte, bits/5)
	for i := len(out) - 1; i >= 0; i-- {
		out[i] = base32[h&31]
		h >>= 5
	}
	return string(out)
}

// Cell is the geohash of p at precision characters (1 to
// MaxCellPrecision).
func Cell(p Point, precision int) string {
	g := gridOf(p, precision)
	return g.hash(g.row, g.col)
}

// Neighbourhood is the cell of p at precision followed by its neighbours:
// 8 of them, 5 on a polar row, each once.
func Neighbourhood(p Point, precision int) []string {
	g := gridOf(p, precision)
	out := make([]string, 0, 9)
	out = append(out, g.hash(g.row, g.col))
	for _, dr := range []int64{-1, 0, 1} {
		row := int64(g.row) + dr
		if row < 0 || row >= int64(g.rowCount) {
			continue
		}
		for _, dc := range []int64{-1, 0, 1} {
			col := (int64(g.col) + dc + int64(g.colCount)) % int64(g.colCount)
			h := g.hash(uint64(row), uint64(col))
			if !slices.Contains(out, h) {
				out = append(out, h)
			}
		}
	}
	return out
}
