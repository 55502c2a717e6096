// Package webhookreceiver is a webhook callback for a developer's machine
// (make receiver): it answers the verification handshake svc sends before
// it saves a subscription, and prints each delivery with whether its
// signatures verify, so that make webhook has something on 127.0.0.1 to
// subscribe without writing a receiver first.
package webhookreceiver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"svc/internal/feature/webhook"
	"svc/internal/local/webhookverify"
)

// Tolerance is how far a delivery's webhook-timestamp may be from now for
// its Standard Webhooks signature to verify: the reference libraries' 5
// minutes.
const Tolerance = 5 * time.Minute

// maxBody bounds what is read of a delivery; svc's bodies are a few KiB.
const maxBody = 1 << 20

// Receiver answers the handshake and prints deliveries to Out.
type Receiver struct {
	// VerifyToken is the hub.verify_token the handshake must carry; ""
	// accepts any token (make webhook generates one when not given).
	VerifyToken string
	// Secret is the signing secret make webhook printed; "" checks no
	// signature.
	Secret string
	Out    io.Writer
	// Now is the clock webhook-timestamp is checked against (nil: the wall
	// clock).
	Now func() time.Time

	mu sync.Mutex // one delivery printed at a time
}

// New checks the secret (it must be one make webhook prints: a key is
// derived from it) and returns a receiver printing to out.
func New(verifyToken, secret string, out io.Writer) (*Receiver, error) {
	if secret != "" && webhook.SignStandard(secret, "evt_check", time.Unix(0, 0), nil) == "" {
		return nil, errors.New("the secret is not whsec_ and base64: give the signing secret make webhook printed last")
	}
	return &Receiver{VerifyToken: verifyToken, Secret: secret, Out: out}, nil
}

// ServeHTTP answers GET with the handshake and POST with 200 at once, then
// prints what was posted. Every delivery is acknowledged, bad signatures
// included: a refusal would only have svc retry it for a day.
func (r *Receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	switch req.Method {
	case http.MethodGet:
		r.handshake(w, req)
	case http.MethodPost:
		body, err := io.ReadAll(io.LimitReader(req.Body, maxBody))
		w.WriteHeader(http.StatusOK)
		if f, ok := w.(http.Flusher); ok {
			f.Flush()
		}
		r.print(req, body, err)
	default:
		w.Header().Set("Allow", "GET, POST")
		http.Error(w, "GET (the handshake) or POST (a delivery)", http.StatusMethodNotAllowed)
	}
}

// handshake answers svc's verification: hub.mode=subscribe and the token,
// echoing hub.challenge; 403 otherwise.
func (r *Receiver) handshake(w http.ResponseWriter, req *http.Request) {
	q := req.URL.Query()
	mode, token, challenge := q.Get("hub.mode"), q.Get("hub.verify_token"), q.Get("hub.challenge")
	var refusal string
	switch {
	case mode != "subscribe":
		refusal = fmt.Sprintf("hub.mode is %q, not subscribe", mode)
	case r.VerifyToken != "" && token != r.VerifyToken:
		refusal = "hub.verify_token is not the VERIFY_TOKEN given"
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if refusal != "" {
		http.Error(w, refusal, http.StatusForbidden)
		fmt.Fprintf(r.Out, "handshake refused (403): %s\n", refusal)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = io.WriteString(w, challenge)
	fmt.Fprintf(r.Out, "handshake answered: verify token %q, challenge %s\n", token, challenge)
}

// print writes one delivery: its field, a summary, the signatures' check
// and the JSON indented.
func (r *Receiver) print(req *http.Request, body []byte, readErr error) {
	var b strings.Builder
	fmt.Fprintf(&b, "--- delivery at %s (webhook-id %s)\n", r.now().Format(time.TimeOnly), req.Header.Get(webhook.HeaderID))
	if readErr != nil {
		fmt.Fprintf(&b, "reading the body failed: %v\n", readErr)
	}
	field, summary := Summary(body)
	fmt.Fprintf(&b, "field       %s\nsummary     %s\nsignatures  %s\n", field, summary, r.Signatures(req.Header, body))
	var indented bytes.Buffer
	if json.Indent(&indented, body, "", "  ") == nil {
		b.Write(indented.Bytes())
	} else {
		fmt.Fprintf(&b, "(not JSON) %q", body)
	}
	b.WriteString("\n")
	r.mu.Lock()
	defer r.mu.Unlock()
	_, _ = io.WriteString(r.Out, b.String())
}

// Signatures reports whether both of svc's signatures of body verify with
// the receiver's secret.
func (r *Receiver) Signatures(h http.Header, body []byte) string {
	if r.Secret == "" {
		return "not checked (no SECRET given)"
	}
	hub := "ok"
	if !webhookverify.Hub(r.Secret, body, h.Get(webhook.HeaderHubSignature)) {
		hub = "FAILED"
	}
	standard := "ok"
	if err := webhookverify.Standard(r.Secret, h, body, Tolerance, r.now()); err != nil {
		standard = "FAILED (" + strings.TrimPrefix(err.Error(), "webhookverify: ") + ")"
	}
	return fmt.Sprintf("%s %s, %s %s", webhook.HeaderHubSignature, hub, webhook.HeaderSignature, standard)
}

func (r *Receiver) now() time.Time {
	if r.Now != nil {
		return r.Now()
	}
	return time.Now()
}

// Change reads a delivery's first change: its field and value, as the
// compatible API's envelope holds them (entry[0].changes[0]); ok is false
// when the body is not that envelope.
func Change(body []byte) (field string, value map[string]any, ok bool) {
	var env struct {
		Entry []struct {
			Changes []struct {
				Field string         `json:"field"`
				Value map[string]any `json:"value"`
			} `json:"changes"`
		} `json:"entry"`
	}
	if err := json.Unmarshal(body, &env); err != nil || len(env.Entry) == 0 || len(env.Entry[0].Changes) == 0 {
		return "", nil, false
	}
	c := env.Entry[0].Changes[0]
	return c.Field, c.Value, true
}

// Summary reads a delivery's field and says in one line what it reports.
func Summary(body []byte) (field, summary string) {
	field, v, ok := Change(body)
	if !ok {
		return "?", "not the compatible API's envelope (entry[0].changes[0])"
	}
	s := func(key string) string { return str(v[key]) }
	tpl := fmt.Sprintf("template %s (%s)", s("message_template_name"), s("message_template_language"))
	switch field {
	case webhook.FieldStatusUpdate:
		summary = fmt.Sprintf("%s %s, category %s, reason %s", tpl, s("event"), s("message_template_category"), s("reason"))
		if info, ok := v["other_info"].(map[string]any); ok {
			summary += ", " + str(info["title"])
		}
	case webhook.FieldCategoryUpdate:
		summary = fmt.Sprintf("%s category %s -> %s", tpl, s("previous_category"), s("new_category"))
	case webhook.FieldQualityUpdate:
		summary = fmt.Sprintf("%s quality %s -> %s", tpl, s("previous_quality_score"), s("new_quality_score"))
	case webhook.FieldComponentsUpdate:
		summary = fmt.Sprintf("%s edited: %q", tpl, s("message_template_element"))
	case webhook.FieldMessages:
		summary = messages(v)
	default:
		summary = "a field this receiver does not know"
	}
	return field, summary
}

// messages summarises a messages value: its one status or one message.
func messages(v map[string]any) string {
	first := func(key string) map[string]any {
		if l, ok := v[key].([]any); ok && len(l) > 0 {
			m, _ := l[0].(map[string]any)
			return m
		}
		return nil
	}
	if st := first("statuses"); st != nil {
		out := fmt.Sprintf("message %s to %s: %s", str(st["id"]), str(st["recipient_id"]), str(st["status"]))
		if errs, ok := st["errors"].([]any); ok && len(errs) > 0 {
			if e, ok := errs[0].(map[string]any); ok {
				out += fmt.Sprintf(" (%s %s)", str(e["code"]), str(e["title"]))
			}
		}
		return out
	}
	if m := first("messages"); m != nil {
		out := fmt.Sprintf("message %s from %s: %s", str(m["id"]), str(m["from"]), str(m["type"]))
		if t, ok := m["text"].(map[string]any); ok {
			out += fmt.Sprintf(" %q", str(t["body"]))
		}
		return out
	}
	return "neither a status nor a message"
}

// str renders a JSON value of a summary: strings as they are, others as
// JSON, absent as "-".
func str(v any) string {
	switch x := v.(type) {
	case nil:
		return "-"
	case string:
		return x
	default:
		b, _ := json.Marshal(x)
		return string(b)
	}
}

// Serve listens on addr (keep it on 127.0.0.1) and serves r until ctx ends.
func Serve(ctx context.Context, addr string, r *Receiver) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s (set RECEIVER_PORT to use another port): %w", addr, err)
	}
	srv := &http.Server{Handler: r, ReadHeaderTimeout: 10 * time.Second}
	token := "any verify token (none given)"
	if r.VerifyToken != "" {
		token = fmt.Sprintf("verify token %q", r.VerifyToken)
	}
	check := "signatures not checked (no secret given)"
	if r.Secret != "" {
		check = "signatures checked with the secret given"
	}
	fmt.Fprintf(r.Out, "webhook receiver on http://%s/ (Ctrl-C stops it): %s, %s\n", ln.Addr(), token, check)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err = <-served:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(shutdown)
}
