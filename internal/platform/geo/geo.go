// Package geo holds the small types of places on Earth: points, the
// distance between them, what an address resolved to, and the geocoder's
// errors. The geocoder itself, with its embedded 3.4 MB table, is the
// subpackage gazetteer: code that only needs a Point imports geo and does not
// link the table.
package geo

import (
	"errors"
	"math"
)

// Point is a position in decimal degrees (WGS 84).
type Point struct {
	Lat, Lon float64
}

// Valid reports whether the point is a real position: latitude within
// [-90, 90], longitude within [-180, 180], neither NaN.
func (p Point) Valid() bool {
	return p.Lat >= -90 && p.Lat <= 90 && p.Lon >= -180 && p.Lon <= 180
}

// earthRadiusKm is the mean Earth radius (IUGG).
const earthRadiusKm = 6371.0088

// DistanceKm is the great-circle (haversine) distance between two points.
func DistanceKm(a, b Point) float64 {
	rad := math.Pi / 180
	dLat := (b.Lat - a.Lat) * rad
	dLon := (b.Lon - a.Lon) * rad
	h := math.Sin(dLat/2)*math.Sin(dLat/2) +
		math.Cos(a.Lat*rad)*math.Cos(b.Lat*rad)*math.Sin(dLon/2)*math.Sin(dLon/2)
	return 2 * earthRadiusKm * math.Asin(math.Min(1, math.Sqrt(h)))
}

// Place is what an address resolved to.
type Place struct {
	Point
	// City is the place's name as GeoNames writes it.
	City string
	// CountryCode is the ISO 3166-1 alpha-2 code.
	CountryCode string
	Population  int
}

// Errors the geocoder (package gazetteer) returns; each says which part of
// the address failed. They live here so that a caller that maps them to an
// answer need not link the table.
var (
	// ErrNoCountry: no part of the address names a known country.
	ErrNoCountry = errors.New("the address names no known country")
	// ErrNoCity: the country is known but no known city of it is named.
	ErrNoCity = errors.New("the address names no known city in its country")
)
