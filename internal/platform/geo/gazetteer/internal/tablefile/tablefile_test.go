package tablefile

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	chunks := []Chunk{{"DE", "P\tBerlin\n"}, {"FR", "P\tParis\nP\tLyon\n"}}
	file, err := Write("the sources", "C\tDE\nC\tFR\n", chunks)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Write("the sources", "C\tDE\nC\tFR\n", chunks)
	if !bytes.Equal(file, again) {
		t.Error("the same input gave different bytes")
	}

	// The first member: the head, then the directory; its comment.
	r := bytes.NewReader(file)
	zr, err := gzip.NewReader(r)
	if err != nil {
		t.Fatal(err)
	}
	zr.Multistream(false)
	head, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if zr.Comment != "the sources" || !zr.ModTime.IsZero() {
		t.Errorf("header comment %q, time %v", zr.Comment, zr.ModTime)
	}
	body := file[len(file)-r.Len():]
	lines := strings.Split(strings.TrimSuffix(string(head), "\n"), "\n")
	if len(lines) != 4 || lines[0] != "C\tDE" || lines[1] != "C\tFR" {
		t.Fatalf("head %q", head)
	}
	// Each directory row points at its chunk's member.
	for i, c := range chunks {
		var cc string
		var off, size int
		if _, err := fmt.Sscanf(lines[2+i], "D\t%s\t%d\t%d", &cc, &off, &size); err != nil || cc != c.Country {
			t.Fatalf("directory row %q: %v", lines[2+i], err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(body[off : off+size]))
		if err != nil {
			t.Fatal(err)
		}
		text, err := io.ReadAll(zr)
		if err != nil || string(text) != c.Text {
			t.Errorf("chunk %s = %q, %v; want %q", cc, text, err, c.Text)
		}
	}

	// Any gzip reader reads the whole file as one text.
	zr, _ = gzip.NewReader(bytes.NewReader(file))
	all, _ := io.ReadAll(zr)
	if want := string(head) + chunks[0].Text + chunks[1].Text; string(all) != want {
		t.Errorf("whole file %q, want %q", all, want)
	}
}
