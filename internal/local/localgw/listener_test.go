package localgw

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// rawRequest writes requests as they are, bytes no Go client would send,
// and reads the answer to each in turn on the same connection.
func rawRequest(t *testing.T, addr string, requests ...string) []*http.Response {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r := bufio.NewReader(c)
	var out []*http.Response
	for _, req := range requests {
		if _, err := io.WriteString(c, req); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(r, nil)
		if err != nil {
			t.Fatalf("%q: %v", req, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body = io.NopCloser(strings.NewReader(string(b)))
		out = append(out, resp)
	}
	return out
}

// TestRequestsNetHTTPRefuses: a request net/http's server refuses before
// the gateway's handler runs (a malformed percent-encoding in the path, a
// header line without a colon, no Host) gets the gateway's envelope with a
// trace id, not net/http's plain-text "400 Bad Request".
func TestRequestsNetHTTPRefuses(t *testing.T) {
	var calls atomic.Int32
	srv := testGateway(t, &calls)
	addr := strings.TrimPrefix(srv.URL, "http://")
	tests := []struct {
		name    string
		request string
		status  int
		details string
	}{
		{"malformed escape in a variable", "POST /things/%ZZ/parts HTTP/1.1\r\nHost: x\r\nAuthorization: good\r\nContent-Length: 0\r\n\r\n", 400, "percent-encoding"},
		{"malformed escape in a fixed segment", "GET /sl%ZZow HTTP/1.1\r\nHost: x\r\n\r\n", 400, "percent-encoding"},
		{"truncated escape", "GET /slow% HTTP/1.1\r\nHost: x\r\n\r\n", 400, "percent-encoding"},
		{"header line without a colon", "GET /slow HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n", 400, "could not be parsed"},
		{"no Host", "GET /slow HTTP/1.1\r\n\r\n", 400, "missing required Host header"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := rawRequest(t, addr, tt.request)[0]
			b, _ := io.ReadAll(resp.Body)
			var env struct {
				Error struct {
					Code      int    `json:"code"`
					Type      string `json:"type"`
					TraceID   string `json:"svc_trace_id"`
					ErrorData struct {
						Details string `json:"details"`
					} `json:"error_data"`
				} `json:"error"`
			}
			if err := json.Unmarshal(b, &env); err != nil {
				t.Fatalf("%d, not an envelope: %q", resp.StatusCode, b)
			}
			e := env.Error
			if resp.StatusCode != tt.status || e.Code != 100 || e.Type != "OAuthException" || !strings.Contains(e.ErrorData.Details, tt.details) {
				t.Fatalf("%d %s, want %d code 100 with details naming %q", resp.StatusCode, b, tt.status, tt.details)
			}
			if tr := resp.Header.Get("X-Svc-Trace-Id"); tr == "" || tr != e.TraceID {
				t.Fatalf("X-Svc-Trace-Id %q, svc_trace_id %q", tr, e.TraceID)
			}
			if resp.Header.Get("Content-Type") != "application/json" || !resp.Close {
				t.Fatalf("headers %v (close %v)", resp.Header, resp.Close)
			}
		})
	}
	if n := calls.Load(); n != 0 {
		t.Fatalf("the authorizer ran %d times for requests the gateway could not parse", n)
	}

	// On a kept-alive connection, a good request's answer passes untouched
	// and the malformed one after it is still the envelope.
	got := rawRequest(t, addr, "POST /things/a/parts HTTP/1.1\r\nHost: x\r\nAuthorization: good\r\nContent-Length: 2\r\n\r\n{}",
		"GET /things/%ZZ/parts HTTP/1.1\r\nHost: x\r\n\r\n")
	if got[0].StatusCode != 201 || got[1].StatusCode != 400 || got[1].Header.Get("X-Svc-Trace-Id") == "" {
		t.Fatalf("kept alive: %d then %d %v", got[0].StatusCode, got[1].StatusCode, got[1].Header)
	}
}

// TestMalformedQuery: a query string that does not decode is refused with
// the envelope before any authorizer or function runs; net/http would
// otherwise drop the pair, and a delete's language would be read as left
// out.
func TestMalformedQuery(t *testing.T) {
	var calls atomic.Int32
	srv := testGateway(t, &calls)
	for _, c := range []struct{ q, fault string }{
		{"language=d%e", `"%e" is not a percent-encoding`},
		{"name=%ZZ", `"%ZZ" is not a percent-encoding`},
		{"a=1&b=%", `"%" is not a percent-encoding`},
		{"limit=1;order=DESC", `holds a ";", which does not separate parameters here; separate them with "&"`},
		{"name=a;b", `write a ";" inside a value as %3B`},
	} {
		q := c.q
		resp, err := http.Get(srv.URL + "/slow?" + q)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var env struct {
			Error struct {
				Code      int `json:"code"`
				ErrorData struct {
					Details string `json:"details"`
				} `json:"error_data"`
			} `json:"error"`
		}
		if err := json.Unmarshal(b, &env); err != nil || resp.StatusCode != 400 || env.Error.Code != 100 ||
			!strings.Contains(env.Error.ErrorData.Details, "query string") || !strings.Contains(env.Error.ErrorData.Details, c.fault) {
			t.Fatalf("?%s: %d %s, want 400 code 100 naming the query string and %s", q, resp.StatusCode, b, c.fault)
		}
	}
	if n := calls.Load(); n != 0 {
		t.Fatalf("the authorizer ran %d times for queries that do not decode", n)
	}
}
