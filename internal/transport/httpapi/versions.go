package httpapi

import (
	"context"

	"svc/internal/routes"
)

// versionInfo is one entry of GET /versions.
type versionInfo struct {
	API      string `json:"api"`
	Version  string `json:"version"`
	BasePath string `json:"base_path"`
	Status   string `json:"status"`
}

// versionList is the body of GET /versions, in the list shape the rest of
// the interface uses.
var versionList = struct {
	Data []versionInfo `json:"data"`
}{Data: []versionInfo{
	{API: "business", Version: "1.0", BasePath: routes.BusinessPrefix, Status: "current"},
	// The interface places the call endpoint under /v1.
	{API: "calls", Version: "1", BasePath: routes.CallsPrefix, Status: "current"},
}}

// Versions serves GET /versions: the interface versions this deployment
// serves.
func Versions(context.Context, Request) (int, any, error) { return 200, versionList, nil }
