package gatewayresp

import (
	"strconv"
	"time"

	"svc/internal/platform/apperr"
)

// WAFResponse is an answer AWS WAF sends itself, in place of API Gateway's,
// for a request a rule of the stage's web ACL blocks. A WAF custom response
// is static text: no variable is filled in, so its envelope carries an
// empty svc_trace_id (the request reached no function, and API Gateway's
// request id cannot be written into the body).
type WAFResponse struct {
	// Status is the HTTP status.
	Status int
	// Headers are the headers WAF adds, with their literal values.
	Headers map[string]string
	// Body is the application/json body.
	Body string
}

// RateBlocked is the answer of the web ACL's per-address rate rule (the
// stack's wafRateLimit): the status and the 130429 envelope of every other
// rate limit, with Retry-After retryAfter in whole seconds (rounded up).
func RateBlocked(retryAfter time.Duration) WAFResponse {
	e := apperr.New(apperr.CodeRateLimit, "Too many requests from this address; retry after the number of seconds in Retry-After.")
	seconds := int((retryAfter + time.Second - 1) / time.Second)
	return WAFResponse{
		Status:  e.Status(),
		Headers: map[string]string{"Retry-After": strconv.Itoa(seconds)},
		Body:    string(e.ToEnvelope("").JSON()),
	}
}
