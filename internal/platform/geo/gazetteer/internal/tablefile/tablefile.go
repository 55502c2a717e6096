// Package tablefile writes the geocoder's table file: gzip members one
// after another, so that the geocoder inflates only what an address needs.
//
// The first member (its gzip comment names the sources) holds the head rows
// (countries, admin areas) followed by one directory row per chunk,
//
//	D <country> <offset> <length>
//
// where offset counts bytes from the end of the first member. Each chunk is
// a member of its own holding one country's cities and name index. Any
// gzip tool reads the whole file as one stream (zcat shows every row).
package tablefile

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"strings"
)

// Chunk is the text of one country's rows.
type Chunk struct {
	Country string
	Text    string
}

// Write returns the file: head (rows ending in newlines) and the directory
// in the first member, then the chunks in order. The output has no time
// stamp, so the same input gives the same bytes.
func Write(comment, head string, chunks []Chunk) ([]byte, error) {
	var body bytes.Buffer
	var dir strings.Builder
	for _, c := range chunks {
		start := body.Len()
		if err := member(&body, "", c.Text); err != nil {
			return nil, err
		}
		fmt.Fprintf(&dir, "D\t%s\t%d\t%d\n", c.Country, start, body.Len()-start)
	}
	var out bytes.Buffer
	if err := member(&out, comment, head+dir.String()); err != nil {
		return nil, err
	}
	out.Write(body.Bytes())
	return out.Bytes(), nil
}

func member(w *bytes.Buffer, comment, text string) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	zw.Comment = comment
	if _, err := zw.Write([]byte(text)); err != nil {
		return err
	}
	return zw.Close()
}
