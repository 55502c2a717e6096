// Package geo locates places on Earth: points, distances between them, and
// an offline geocoder that resolves "city, country" addresses from embedded
// GeoNames-derived data, with no network call.
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

// Errors the geocoder returns; each says which part of the address failed.
var (
	// ErrNoCountry: no part of the address names a known country.
	ErrNoCountry = errors.New("the address names no known country")
	// ErrNoCity: the country is known but no known city of it is named.
	ErrNoCity = errors.New("the address names no known city in its country")
)
