package callapi

import "svc/internal/transport/httpapi"

// PageFor is the page of a role ("user" or "provider"), for tests.
func PageFor(role string) httpapi.Page {
	if role == "provider" {
		return providerPage
	}
	return userPage
}
