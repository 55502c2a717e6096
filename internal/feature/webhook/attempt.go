package webhook

import "time"

// Attempt is the record of one delivery attempt, as the consumer stores it.
type Attempt struct {
	// At is when the attempt started; its unix seconds are the
	// webhook-timestamp that was signed.
	At time.Time `json:"at"`
	// StatusCode is the receiver's HTTP status, 0 when there was no response
	// (refused URL or address, connection error, timeout).
	StatusCode int `json:"status_code"`
	// Latency is from sending the request to having read the capped body.
	Latency time.Duration `json:"latency"`
	// Error says why the attempt failed; "" when it succeeded.
	Error string `json:"error,omitempty"`
	// ResponseSnippet is the start of the response body, at most
	// ClientOptions.MaxResponseBytes.
	ResponseSnippet string `json:"response_snippet,omitempty"`
	// RemoteAddr is the address connected to (ip:port), for the log.
	RemoteAddr string `json:"remote_addr,omitempty"`
	// RetryAfter is the receiver's Retry-After (on any status), 0 if none:
	// the consumer may retry sooner than scheduled when it asks to, never
	// later than the next slot.
	RetryAfter time.Duration `json:"retry_after,omitempty"`
}

// OK reports whether the receiver accepted the event: a 2xx within the
// timeout. 3xx is a failure (redirects are not followed).
func (a Attempt) OK() bool { return a.StatusCode >= 200 && a.StatusCode <= 299 }
