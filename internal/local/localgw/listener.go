package localgw

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"svc/internal/platform/uuid"
)

// malformedRequest is the message of the gateway's 400 for a request it
// cannot parse. API Gateway documents no response type for a malformed
// request line; a 4xx of no listed type is DEFAULT_4XX, whose template the
// stack customises, so that is what the local gateway answers.
const malformedRequest = "Bad Request: the request line or a header could not be parsed (a malformed percent-encoding such as %ZZ in the path, or a malformed header line)"

// malformedQuery is the message of a query string that url.ParseQuery
// refuses with err, naming the fault it found: a percent sign not followed
// by two hexadecimal digits, or a ";" between parameters (which Go's parser
// refuses, and some servers read as "&"); the client then knows what to
// change.
func malformedQuery(rawQuery string, err error) string {
	const prefix = "Bad Request: the query string could not be parsed: "
	var esc url.EscapeError
	switch {
	case errors.As(err, &esc):
		return prefix + fmt.Sprintf("%q is not a percent-encoding (a %% and two hexadecimal digits, such as %%2C); write a %% itself as %%25", string(esc))
	case strings.Contains(rawQuery, ";"):
		return prefix + `it holds a ";", which does not separate parameters here; separate them with "&" (limit=1&order=DESC), and write a ";" inside a value as %3B`
	}
	return strings.TrimSuffix(prefix, ": ")
}

// Listener wraps ln, the listener the gateway is served on, so that the
// answers net/http's server writes itself, before any handler runs (a
// request line it cannot parse, such as a path with a malformed
// percent-encoding, a malformed header line, headers over its limit), are
// gateway responses in the envelope like every other error, with a trace id,
// rather than plain text. Serve the gateway with it:
//
//	srv.Serve(g.Listener(ln))
func (g *Gateway) Listener(ln net.Listener) net.Listener { return listener{ln} }

type listener struct{ net.Listener }

func (l listener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return conn{c}, nil
}

type conn struct{ net.Conn }

// serverError matches the whole of an answer net/http's server writes
// without a handler (server.go, conn.serve): one write of a status line, then
// exactly these two headers and the text. A handler's response never has
// Content-Type right before Connection (net/http writes its headers sorted)
// and always has a Date, so no response of the gateway's matches.
var serverError = regexp.MustCompile(`\AHTTP/1\.1 ([0-9]{3}) [^\r\n]*\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n([0-9]{3} )?(.*)\z`)

// Write replaces net/http's own error answers with the gateway's; everything
// else passes as it is.
func (c conn) Write(p []byte) (int, error) {
	m := serverError.FindSubmatch(p)
	if m == nil {
		return c.Conn.Write(p)
	}
	code, _ := strconv.Atoi(string(m[1]))
	if _, err := c.Conn.Write(serverErrorResponse(code, string(m[3]))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// serverErrorResponse is the raw HTTP/1.1 gateway response standing for
// net/http's answer code with text (e.g. "Bad Request", or "Bad Request:
// missing required Host header"); the connection closes after it, as
// net/http closes it.
func serverErrorResponse(code int, text string) []byte {
	typ, message := "DEFAULT_4XX", malformedRequest
	switch {
	case code == http.StatusRequestHeaderFieldsTooLarge:
		// The gateway's own header limit is far below net/http's, and
		// answers this; see headerBytes.
		typ, code, message = "REQUEST_TOO_LARGE", http.StatusRequestEntityTooLarge, "Request Too Long"
	case code >= 500:
		typ, message = "DEFAULT_5XX", text
	case text != http.StatusText(code):
		message = text // net/http named the fault
	}
	status, headers, body := renderGatewayResponse(typ, code, uuid.New(), message, nil)
	var b bytes.Buffer
	fmt.Fprintf(&b, "HTTP/1.1 %d %s\r\n", status, http.StatusText(status))
	names := make([]string, 0, len(headers))
	for k := range headers {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		fmt.Fprintf(&b, "%s: %s\r\n", k, strings.NewReplacer("\r", "", "\n", "").Replace(headers[k]))
	}
	fmt.Fprintf(&b, "Content-Length: %d\r\nConnection: close\r\n\r\n%s", len(body), body)
	return b.Bytes()
}
