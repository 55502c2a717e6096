package apperr

import (
	"strconv"

	"svc/internal/platform/plainjson"
)

// MessagingProduct is the value of error_data.messaging_product and of every
// messaging_product the service returns.
const MessagingProduct = "svc"

// TraceHeader carries the trace id (the request id) on every response.
const TraceHeader = "X-Svc-Trace-Id"

// Envelope is the JSON body of every error response.
type Envelope struct {
	Error EnvelopeError `json:"error"`
}

// EnvelopeError is the error object of the envelope (interface section 7).
type EnvelopeError struct {
	Message   string    `json:"message"`
	Type      string    `json:"type"`
	Code      Code      `json:"code"`
	Subcode   *int      `json:"error_subcode"`
	ErrorData ErrorData `json:"error_data"`
	TraceID   string    `json:"svc_trace_id"`
}

// ErrorData is error.error_data.
type ErrorData struct {
	MessagingProduct string `json:"messaging_product"`
	Details          string `json:"details"`
}

// ToEnvelope builds the envelope for e; Message carries the compatible API's
// "(#code) " prefix.
func (e *Error) ToEnvelope(traceID string) Envelope {
	env := Envelope{Error: EnvelopeError{
		Message:   prefixed(e.Code, e.Message),
		Type:      e.Code.Type(),
		Code:      e.Code,
		ErrorData: ErrorData{MessagingProduct: MessagingProduct, Details: e.Details},
		TraceID:   traceID,
	}}
	if e.Subcode != 0 {
		sub := e.Subcode
		env.Error.Subcode = &sub
	}
	return env
}

// Render returns the HTTP status and JSON body for err. Anything that is not
// an *Error renders as 131000 without its text.
func Render(err error, traceID string) (int, []byte) {
	e := From(err)
	return e.Status(), e.ToEnvelope(traceID).JSON()
}

// JSON encodes the envelope without escaping <, > and &, so that texts such
// as "Bearer <API_KEY>" read as written.
func (env Envelope) JSON() []byte {
	b, _ := plainjson.Marshal(env) // plain strings and ints: cannot fail
	return b
}

func prefixed(c Code, msg string) string {
	return "(#" + strconv.Itoa(int(c)) + ") " + msg
}
