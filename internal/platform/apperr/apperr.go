// Package apperr is the service's one error model: every error a client can
// see carries a code from section 7 of the interface, and Render turns it into
// the compatible API's JSON envelope.
package apperr

import (
	"errors"
	"fmt"
	"strconv"
)

// Code is a numeric error code of the interface (section 7).
type Code int

// The codes of section 7. Each has exactly one HTTP status, in codeTable.
const (
	CodeAuth                Code = 0
	CodeCapability          Code = 3
	CodePermissionDenied    Code = 10
	CodeInvalidParameter    Code = 100
	CodeTokenInvalid        Code = 190
	CodeNotAuthorized       Code = 200
	CodeRateLimit           Code = 130429
	CodeInternal            Code = 131000
	CodeRequiredParameter   Code = 131008
	CodeInvalidValue        Code = 131009
	CodeUnavailable         Code = 131016
	CodeRecipientIsSender   Code = 131021
	CodeUndeliverable       Code = 131026
	CodeDisplayNameNotOK    Code = 131037
	CodePaymentIssue        Code = 131042
	CodeReengagement        Code = 131047
	CodeSpamRateLimit       Code = 131048
	CodeMarketingLimit      Code = 131049
	CodeMarketingOptOut     Code = 131050
	CodeUnsupportedType     Code = 131051
	CodeMediaDownload       Code = 131052
	CodeMediaUpload         Code = 131053
	CodeTemplateParamCount  Code = 132000
	CodeTemplateMissing     Code = 132001
	CodeTemplateTooLong     Code = 132005
	CodeTemplateCharPolicy  Code = 132007
	CodeTemplateParamFormat Code = 132012
	CodeTemplatePaused      Code = 132015
	CodeTemplateDisabled    Code = 132016
	CodeSenderNotRegistered Code = 133010
)

// SubcodeNotFound is the subcode the compatible API puts on code 100 when the
// object asked for does not exist (or is not visible to the caller).
const SubcodeNotFound = 33

type codeInfo struct {
	status int
	title  string
}

// codeTable is the single mapping from code to HTTP status and title.
var codeTable = map[Code]codeInfo{
	CodeAuth:                {401, "AuthException"},
	CodeCapability:          {403, "Capability or permissions issue"},
	CodePermissionDenied:    {403, "Permission denied"},
	CodeInvalidParameter:    {400, "Invalid parameter"},
	CodeTokenInvalid:        {401, "Access token invalid or expired"},
	CodeNotAuthorized:       {403, "Permission denied"},
	CodeRateLimit:           {429, "Rate limit hit"},
	CodeInternal:            {500, "Something went wrong"},
	CodeRequiredParameter:   {400, "Required parameter is missing"},
	CodeInvalidValue:        {400, "Parameter value is not valid"},
	CodeUnavailable:         {503, "Service unavailable"},
	CodeRecipientIsSender:   {400, "Recipient cannot be sender"},
	CodeUndeliverable:       {400, "Message undeliverable"},
	CodeDisplayNameNotOK:    {403, "Display name not approved"},
	CodePaymentIssue:        {402, "Business eligibility payment issue"},
	CodeReengagement:        {400, "Re-engagement message"},
	CodeSpamRateLimit:       {400, "Spam rate limit hit"},
	CodeMarketingLimit:      {400, "Per-user marketing message limit reached"},
	CodeMarketingOptOut:     {400, "User stopped marketing messages"},
	CodeUnsupportedType:     {400, "Unsupported message type"},
	CodeMediaDownload:       {400, "Media download error"},
	CodeMediaUpload:         {400, "Media upload error"},
	CodeTemplateParamCount:  {400, "Template parameter count mismatch"},
	CodeTemplateMissing:     {400, "Template does not exist or is not approved"},
	CodeTemplateTooLong:     {400, "Template hydrated text too long"},
	CodeTemplateCharPolicy:  {400, "Template format character policy violated"},
	CodeTemplateParamFormat: {400, "Template parameter format mismatch"},
	CodeTemplatePaused:      {400, "Template is paused"},
	CodeTemplateDisabled:    {400, "Template is disabled"},
	CodeSenderNotRegistered: {400, "Sender not registered"},
}

// Codes lists every code the service knows, for documentation and tests.
func Codes() []Code {
	out := make([]Code, 0, len(codeTable))
	for c := range codeTable {
		out = append(out, c)
	}
	return out
}

// Status is the HTTP status that accompanies the code. An unknown code is a
// programming error and renders as 500.
func (c Code) Status() int {
	if info, ok := codeTable[c]; ok {
		return info.status
	}
	return 500
}

// Title is the short meaning of the code from the interface's table.
func (c Code) Title() string {
	if info, ok := codeTable[c]; ok {
		return info.title
	}
	return codeTable[CodeInternal].title
}

// Type is the envelope's error.type: the compatible API reports client
// errors as OAuthException and server-side failures as a distinct type.
func (c Code) Type() string {
	if c.Status() >= 500 {
		return "ServerException"
	}
	return "OAuthException"
}

// Error is an error a client may see. Message and Details are written for the
// caller; Err is the internal cause, logged and never rendered.
type Error struct {
	Code    Code
	Message string
	Details string
	// Subcode is rendered as error.error_subcode; 0 renders as null.
	Subcode int
	// HTTPStatus overrides the code's status where the interface asks for a
	// different one (404 for a missing object, which the compatible API
	// reports as code 100), and 409 for a write that lost a race, so that a
	// client can tell "retry after re-reading" from "fix the request".
	HTTPStatus int
	// RetryAfterSeconds, when above 0, is rendered as Retry-After: a limit
	// that knows when its window ends (the per-sender throughput).
	RetryAfterSeconds int
	Err               error
}

// Error is the error's whole text for logs, internal cause included; the
// answer a client sees is rendered by Render, without the cause.
func (e *Error) Error() string {
	msg := fmt.Sprintf("(#%d) %s", e.Code, e.Message)
	if e.Details != "" {
		msg += ": " + e.Details
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap exposes the internal cause to errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// Status is the HTTP status the error is rendered with.
func (e *Error) Status() int {
	if e.HTTPStatus != 0 {
		return e.HTTPStatus
	}
	return e.Code.Status()
}

// New returns a client error with the code's title as its message.
func New(code Code, details string) *Error {
	return &Error{Code: code, Message: code.Title(), Details: details}
}

// Newf is New with a formatted details text.
func Newf(code Code, format string, args ...any) *Error {
	return New(code, fmt.Sprintf(format, args...))
}

// NotFound is the 404 for an object that does not exist or belongs to another
// account; the compatible API reports it as code 100, subcode 33.
func NotFound(details string) *Error {
	return &Error{Code: CodeInvalidParameter, Message: "Object does not exist", Details: details,
		Subcode: SubcodeNotFound, HTTPStatus: 404}
}

// Internal wraps an unexpected failure: the client sees code 131000 and the
// trace id, the cause goes to the log.
func Internal(err error) *Error {
	return &Error{Code: CodeInternal, Message: CodeInternal.Title(),
		Details: "An unexpected error occurred; quote svc_trace_id when reporting it.", Err: err}
}

// Unavailable wraps a failure of a dependency that a retry may cure.
func Unavailable(err error) *Error {
	return &Error{Code: CodeUnavailable, Message: CodeUnavailable.Title(),
		Details: "A dependency is temporarily unavailable; retry after the number of seconds in Retry-After, with backoff.", Err: err}
}

// RetryAfterUnavailable is the Retry-After, in seconds, of every 503: a
// store that refused or hung is usually back within a second, and the
// client's backoff spreads what follows.
const RetryAfterUnavailable = 1

// RetryAfter is the Retry-After header value an error's response carries,
// "" when it carries none (a 429 computes its own from the window).
func (e *Error) RetryAfter() string {
	if e.RetryAfterSeconds > 0 {
		return strconv.Itoa(e.RetryAfterSeconds)
	}
	if e.Code == CodeUnavailable {
		return strconv.Itoa(RetryAfterUnavailable)
	}
	return ""
}

// From returns err as an *Error, wrapping anything else as Internal.
func From(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return Internal(err)
}
