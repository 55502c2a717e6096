// Package gatewayresp defines the API Gateway Gateway Responses: the bodies
// API Gateway itself returns (authentication failures, throttling, unknown
// routes, timeouts) in the same envelope the functions render. infra/
// deploys them and the local gateway renders them with Render. It also
// holds the answer AWS WAF sends for the stage's optional web ACL
// (RateBlocked), in the same envelope.
package gatewayresp

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"svc/internal/feature/account/auth"
	"svc/internal/platform/apperr"
)

// Response is one gateway response.
type Response struct {
	// Type is API Gateway's response type, e.g. UNAUTHORIZED.
	Type string
	// Status is the HTTP status; 0 keeps the status API Gateway chose.
	Status int
	// Headers maps a header to an API Gateway mapping expression: a quoted
	// static value ('Bearer') or a context variable (context.requestId).
	Headers map[string]string
	// Template is the application/json body template.
	Template string
}

// Context keys the authorizer sets on a Deny so that ACCESS_DENIED can carry
// the reason. Values are scalars, as API Gateway requires.
const (
	ctxErrorCode    = "errorCode"
	ctxErrorMessage = "errorMessage"
	ctxErrorType    = "errorType"
	ctxErrorDetails = "errorDetails"
)

// DenyContext is the authorizer context for a Deny carrying e.
func DenyContext(e *apperr.Error) map[string]any {
	env := e.ToEnvelope("").Error
	return map[string]any{
		ctxErrorCode:    int(env.Code),
		ctxErrorMessage: env.Message,
		ctxErrorType:    env.Type,
		ctxErrorDetails: env.ErrorData.Details,
	}
}

const traceVar = "$context.requestId"

// All lists the gateway responses the stack customises.
//
// A valid key is always allowed by the authorizer (it only authenticates),
// so ACCESS_DENIED is only ever a failed authentication: it is answered 401
// with the reason the authorizer put in its context. UNAUTHORIZED is what
// API Gateway answers, without calling the authorizer, when the
// Authorization header is missing.
var All = []Response{
	{Type: "UNAUTHORIZED", Status: 401, Headers: authHeaders(),
		Template: static(auth.ErrMissingCredentials)},
	{Type: "ACCESS_DENIED", Status: 401, Headers: authHeaders(),
		Template: envelope(map[string]string{
			"code": "$context.authorizer." + ctxErrorCode, "message": `"$context.authorizer.` + ctxErrorMessage + `"`,
			"type": `"$context.authorizer.` + ctxErrorType + `"`, "details": `"$context.authorizer.` + ctxErrorDetails + `"`,
		})},
	{Type: "THROTTLED", Status: 429, Headers: withTrace(map[string]string{"Retry-After": "'1'"}),
		Template: static(apperr.New(apperr.CodeRateLimit, "Too many requests; retry after the number of seconds in Retry-After."))},
	{Type: "MISSING_AUTHENTICATION_TOKEN", Status: 404, Headers: withTrace(nil),
		Template: static(apperr.NotFound("No route matches this method and path; see GET /versions."))},
	{Type: "RESOURCE_NOT_FOUND", Status: 404, Headers: withTrace(nil),
		Template: static(apperr.NotFound("No route matches this method and path; see GET /versions."))},
	{Type: "DEFAULT_4XX", Headers: withTrace(nil),
		Template: envelope(map[string]string{"details": "$context.error.messageString"})},
	{Type: "INTEGRATION_TIMEOUT", Status: 503, Headers: withTrace(retryAfterUnavailable()),
		Template: static(apperr.Unavailable(nil))},
	{Type: "AUTHORIZER_FAILURE", Status: 503, Headers: withTrace(retryAfterUnavailable()),
		Template: static(apperr.Unavailable(nil))},
	{Type: "AUTHORIZER_CONFIGURATION_ERROR", Status: 503, Headers: withTrace(retryAfterUnavailable()),
		Template: static(apperr.Unavailable(nil))},
	{Type: "DEFAULT_5XX", Headers: withTrace(nil),
		Template: static(apperr.Internal(nil))},
}

// ByType returns the response for a type, falling back as API Gateway does
// to DEFAULT_4XX or DEFAULT_5XX by the status the type has by default.
func ByType(typ string, defaultStatus int) Response {
	for _, r := range All {
		if r.Type == typ {
			return r
		}
	}
	fallback := "DEFAULT_4XX"
	if defaultStatus >= 500 {
		fallback = "DEFAULT_5XX"
	}
	for _, r := range All {
		if r.Type == fallback {
			return r
		}
	}
	panic("gatewayresp: no " + fallback)
}

// retryAfterUnavailable is the Retry-After of the gateway's own 503s, the
// same as the functions'.
func retryAfterUnavailable() map[string]string {
	return map[string]string{"Retry-After": "'" + strconv.Itoa(apperr.RetryAfterUnavailable) + "'"}
}

func withTrace(h map[string]string) map[string]string {
	out := map[string]string{apperr.TraceHeader: "context.requestId"}
	for k, v := range h {
		out[k] = v
	}
	return out
}

func authHeaders() map[string]string {
	return withTrace(map[string]string{"WWW-Authenticate": `'Bearer realm="svc"'`})
}

// static renders e's envelope with only the trace id left to API Gateway.
func static(e *apperr.Error) string {
	return string(e.ToEnvelope(traceVar).JSON())
}

// envelope renders the envelope of a 4xx whose fields come from API Gateway
// variables: raw maps a field (code, message, type, details) to the JSON text
// that replaces it, written into the template unquoted.
func envelope(raw map[string]string) string {
	e := apperr.New(apperr.CodeInvalidParameter, "")
	env := e.ToEnvelope(traceVar)
	const mark = "\x00gw:"
	fields := map[string]*string{"message": &env.Error.Message, "type": &env.Error.Type, "details": &env.Error.ErrorData.Details}
	for name, p := range fields {
		if _, ok := raw[name]; ok {
			*p = mark + name
		}
	}
	out := string(env.JSON())
	for name, expr := range raw {
		if name == "code" {
			out = strings.Replace(out, `"code":`+strconv.Itoa(int(apperr.CodeInvalidParameter)), `"code":`+expr, 1)
			continue
		}
		quoted, _ := json.Marshal(mark + name)
		out = strings.Replace(out, string(quoted), expr, 1)
	}
	return out
}

// contextVar is compiled on first use: only the local gateway renders.
var contextVar = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$context\.[A-Za-z0-9_.]+`) })

// Render substitutes API Gateway variables as API Gateway does: vars maps a
// variable without its "$" (context.requestId, context.authorizer.errorCode,
// context.error.messageString) to its text; unknown variables become empty.
// Header mappings resolve the same way. It is what the local gateway uses.
func (r Response) Render(vars map[string]string) (headers map[string]string, body string) {
	body = contextVar().ReplaceAllStringFunc(r.Template, func(v string) string { return vars[v[1:]] })
	headers = map[string]string{"Content-Type": "application/json"}
	for h, expr := range r.Headers {
		if strings.HasPrefix(expr, "'") && strings.HasSuffix(expr, "'") {
			headers[h] = expr[1 : len(expr)-1]
		} else {
			headers[h] = vars[expr]
		}
	}
	return headers, body
}
