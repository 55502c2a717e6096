package call

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"svc/internal/platform/apperr"
	"svc/internal/platform/geo"
	"svc/internal/platform/jsonbody"
)

// Limits of POST /v1/calls.
const (
	MaxBodyBytes      = 16 << 10
	MaxQueryLen       = 500
	MaxAddressLen     = 300
	MaxCallerNameLen  = 100
	MaxRedirectURLLen = 2048
)

// CreateRequest is the body of POST /v1/calls (interface section 4.7),
// validated.
type CreateRequest struct {
	Query       string
	RedirectURL string
	// Location is set when the body had one; else Address is.
	Location   *geo.Point
	Address    string
	CallerName string
}

// body is the JSON as sent; every field is kept raw, so that a wrong type
// is reported in the service's words.
type body struct {
	Query       json.RawMessage `json:"query"`
	RedirectURL json.RawMessage `json:"redirect_url"`
	Location    json.RawMessage `json:"location"`
	Address     json.RawMessage `json:"address"`
	CallerName  json.RawMessage `json:"caller_name"`
}

var bodyType = reflect.TypeFor[body]()

// MaxSDPBodyBytes bounds the body of an offer or an answer: room for a
// session description of MaxSDPBytes with its line ends escaped.
const MaxSDPBodyBytes = 2 * MaxSDPBytes

// sdpBody is the body of an offer or an answer.
type sdpBody struct {
	SDP string `json:"sdp"`
}

var sdpBodyType = reflect.TypeFor[sdpBody]()

// DecodeSDP reads the body of an offer or an answer, {"sdp": "<session
// description>"}. The body passes jsonbody.Check, the gate of every JSON
// body, so a malformed one is refused in the words every route uses; the
// description itself is checked by the session (Sessions.Offer, Answer).
func DecodeSDP(raw []byte) (string, error) {
	if err := jsonbody.Check(raw, MaxSDPBodyBytes, sdpBodyType); err != nil {
		return "", err
	}
	var b sdpBody
	if err := json.Unmarshal(raw, &b); err != nil {
		return "", jsonbody.DecodeError(raw, err, "an offer or answer")
	}
	return b.SDP, nil
}

func invalid(field, rule string) *apperr.Error {
	return apperr.Newf(apperr.CodeInvalidParameter, "%s: %s", field, rule)
}

func missing(field, rule string) *apperr.Error {
	return apperr.Newf(apperr.CodeRequiredParameter, "%s: %s", field, rule)
}

// present reports whether a field was sent with a value other than null.
func present(raw json.RawMessage) bool {
	return len(raw) > 0 && !bytes.Equal(bytes.TrimSpace(raw), []byte("null"))
}

// stringField reads an optional string field; "" when absent or null.
func stringField(field string, raw json.RawMessage, maxLen int) (string, error) {
	if !present(raw) {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", invalid(field, "expected a string")
	}
	if !utf8.ValidString(s) {
		return "", invalid(field, "not valid UTF-8")
	}
	if n := utf8.RuneCountInString(s); n > maxLen {
		return "", invalid(field, "at most "+itoa(maxLen)+" characters")
	}
	for _, r := range s {
		if unicode.IsControl(r) && r != '\t' {
			return "", invalid(field, "control characters are not allowed")
		}
	}
	return strings.TrimSpace(s), nil
}

func itoa(n int) string { return strconv.Itoa(n) }

// DecodeCreate reads and validates the body of POST /v1/calls. Every
// refusal is a 400: code 131008 for a missing field, 100 otherwise, with
// details "<field>: <rule>". The body passes jsonbody.Check, the gate the
// template and send routes share, so a malformed one is refused in their
// words. Fields it does not know are ignored, as those routes ignore them,
// so a client may send more.
func DecodeCreate(raw []byte) (CreateRequest, error) {
	var req CreateRequest
	if err := jsonbody.Check(raw, MaxBodyBytes, bodyType); err != nil {
		return req, err
	}
	var b body
	if err := json.Unmarshal(raw, &b); err != nil {
		return req, jsonbody.DecodeError(raw, err, "a call request")
	}
	var err error
	if req.Query, err = stringField("query", b.Query, MaxQueryLen); err != nil {
		return req, err
	}
	if req.CallerName, err = stringField("caller_name", b.CallerName, MaxCallerNameLen); err != nil {
		return req, err
	}
	if !present(b.RedirectURL) {
		return req, missing("redirect_url", "required: the absolute URL the user is sent to when the call ends")
	}
	if req.RedirectURL, err = stringField("redirect_url", b.RedirectURL, MaxRedirectURLLen); err != nil {
		return req, err
	}
	if err := checkRedirect(req.RedirectURL); err != nil {
		return req, err
	}
	if present(b.Location) {
		p, err := decodeLocation(b.Location)
		if err != nil {
			return req, err
		}
		req.Location = &p
	}
	if req.Address, err = stringField("address", b.Address, MaxAddressLen); err != nil {
		return req, err
	}
	if req.Location == nil && req.Address == "" {
		return req, noPlace()
	}
	return req, nil
}

// placeRule is what an address must name.
const placeRule = "write at least a city and a country, such as \"Lyon, France\""

// noPlace is the refusal of a request with neither a location nor an
// address.
func noPlace() error {
	return missing("address", "required when location is absent: "+placeRule)
}

func decodeLocation(raw json.RawMessage) (geo.Point, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return geo.Point{}, invalid("location", "expected an object with latitude and longitude")
	}
	lat, err := coordinate("location.latitude", m["latitude"])
	if err != nil {
		return geo.Point{}, err
	}
	lon, err := coordinate("location.longitude", m["longitude"])
	if err != nil {
		return geo.Point{}, err
	}
	p := geo.Point{Lat: lat, Lon: lon}
	if !p.Valid() {
		return geo.Point{}, invalid("location", fmt.Sprintf(
			"latitude must be within [-90, 90] and longitude within [-180, 180], found %v and %v", lat, lon))
	}
	return p, nil
}

// coordinate reads a latitude or longitude: a JSON number only. The
// interface types both as floats, so a string holding one is refused (the
// send route's location parameter admits one because the compatible API's
// examples write it so; this route has no such precedent).
func coordinate(field string, raw json.RawMessage) (float64, error) {
	if !present(raw) {
		return 0, missing(field, "required, a number")
	}
	var f float64
	if err := json.Unmarshal(raw, &f); err != nil {
		return 0, invalid(field, "expected a number")
	}
	return f, nil
}

// checkRedirect admits absolute http and https URLs with a host and no
// credentials: the interface asks for an absolute URL, and the browser, not
// the service, follows it, so no address is refused beyond that; any other
// scheme (javascript:, data:) is.
func checkRedirect(raw string) error {
	const field = "redirect_url"
	u, err := url.Parse(raw)
	if err != nil || !u.IsAbs() || u.Opaque != "" || u.Host == "" {
		return invalid(field, "must be an absolute URL such as https://example.com/thanks")
	}
	if u.User != nil {
		return invalid(field, "must not carry credentials")
	}
	if s := strings.ToLower(u.Scheme); s != "https" && s != "http" {
		return invalid(field, "must be an http or https URL")
	}
	return nil
}
