package gazetteer_test

import (
	"errors"
	"fmt"

	"svc/internal/platform/geo"
	"svc/internal/platform/geo/gazetteer"
)

func ExampleGeocoder_Resolve() {
	for _, address := range []string{"München, Deutschland", "Springfield, IL, USA", "Berlin", "Atlantis City, Germany"} {
		place, err := gazetteer.Default().Resolve(address)
		switch {
		case errors.Is(err, geo.ErrNoCountry), errors.Is(err, geo.ErrNoCity):
			// What a caller answers with a 400 naming the field.
			fmt.Printf("%s: %v\n", address, err)
		case err != nil:
			fmt.Printf("%s: the table is broken: %v\n", address, err)
		default:
			fmt.Printf("%s: %s, %s (%.2f, %.2f)\n", address, place.City, place.CountryCode, place.Lat, place.Lon)
		}
	}
	// Output:
	// München, Deutschland: Munich, DE (48.14, 11.58)
	// Springfield, IL, USA: Springfield, US (39.80, -89.64)
	// Berlin: the address names no known country: "berlin" is not a country
	// Atlantis City, Germany: the address names no known city in its country: no city of Germany found in "atlantis city"
}
