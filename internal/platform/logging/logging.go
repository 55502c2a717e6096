// Package logging builds the service's structured JSON logger and holds the
// masking rules for personal data that may reach a log line.
package logging

import (
	"io"
	"log/slog"
	"strings"
)

// New returns a JSON logger at the given level. Lambda's JSON log format
// passes such lines through as structured records.
func New(w io.Writer, level slog.Level) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: level}))
}

// MaskPhone keeps only the last four characters of a phone number, so logs
// can correlate without holding the number.
func MaskPhone(n string) string {
	const keep = 4
	if len(n) <= keep {
		return strings.Repeat("*", len(n))
	}
	return strings.Repeat("*", len(n)-keep) + n[len(n)-keep:]
}
