// Package openapi serves GET /openapi.json: the service's OpenAPI 3.1
// document, generated from the route table by `make openapi` (package
// spec) and embedded here as checked in.
package openapi

import (
	"context"
	_ "embed"

	"svc/internal/transport/httpapi"
)

// Document is the checked-in OpenAPI document, a string so that each answer
// hands it on without copying its 48 KB.
//
//go:embed openapi.json
var Document string

// Serve answers the document as it is, byte for byte.
func Serve(context.Context, httpapi.Request) (int, any, error) {
	return 200, httpapi.Encoded{Body: Document}, nil
}
