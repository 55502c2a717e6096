package httpapi

import (
	"encoding/base64"

	"svc/internal/platform/apperr"
)

// RawBody is the request's body, decoded when API Gateway sent it base64
// (a binary media type, or a client's Content-Type the API treats as one).
func RawBody(req Request) ([]byte, error) {
	if !req.IsBase64Encoded {
		return []byte(req.Body), nil
	}
	b, err := base64.StdEncoding.DecodeString(req.Body)
	if err != nil {
		return nil, apperr.New(apperr.CodeInvalidParameter, "request body: not valid base64")
	}
	return b, nil
}
