package emulators

import (
	"bytes"
	"io"
	"sync"
)

// tailBuffer keeps the last max bytes written to it, for error messages about a child that died.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(bytes.TrimSpace(t.buf))
}

// syncWriter serialises writes from the two children and the installer to the caller's Log.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// prefixWriter starts every line with prefix, so interleaved output says which emulator wrote it.
// Each Write is passed on as one call, so lines from different children never mix within a line
// as long as the children write whole lines (both do).
type prefixWriter struct {
	w       io.Writer
	prefix  []byte
	midLine bool
	scratch []byte
}

// prefixed returns w with line prefixes, or nil when w is nil (no log wanted).
func prefixed(w io.Writer, prefix string) io.Writer {
	if w == nil {
		return nil
	}
	return &prefixWriter{w: w, prefix: []byte(prefix)}
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	out := p.scratch[:0]
	for _, c := range b {
		if !p.midLine {
			out = append(out, p.prefix...)
			p.midLine = true
		}
		out = append(out, c)
		if c == '\n' {
			p.midLine = false
		}
	}
	p.scratch = out
	if _, err := p.w.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}
