// Package emulators installs and runs the local AWS stand-ins used when there is no Docker:
// DynamoDB Local (Java) and fauxqs (SQS, on Node 24), both bound to 127.0.0.1.
//
// It is the only launcher of the emulators: tests (ForTests), the local CLI (make run) and the
// manual command in cmd/emulators (make emulators installs through it) all go through Install,
// Start and Stop. Install puts pinned versions into one directory, .localstack-home by default
// (install.go). Start runs the processes as children of the calling process, so that they die
// with it even when a test binary is killed.
package emulators

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

const (
	// EnvTestDynamoEndpoint and EnvTestSQSEndpoint, when both are set, make ForTests use an already
	// running pair instead of starting one (make test starts one pair for all packages).
	EnvTestDynamoEndpoint = "SVC_TEST_DYNAMODB_ENDPOINT"
	// EnvTestSQSEndpoint is the SQS half of the pair described at EnvTestDynamoEndpoint.
	EnvTestSQSEndpoint = "SVC_TEST_SQS_ENDPOINT"
	// EnvHome overrides the default install directory.
	EnvHome = "EMU_HOME"

	// readyTimeout bounds the wait for both emulators to answer once installed. DynamoDB Local needs
	// about 2 s on an idle machine; the margin is for loaded CI machines starting several pairs.
	readyTimeout = 90 * time.Second
	// stopGrace is how long Stop waits after SIGTERM before SIGKILL. Both exit in well under 1 s.
	stopGrace = 5 * time.Second
	// portAttempts is how often a child on an automatically chosen port is restarted on a new port
	// when it dies during start-up: a free port can be taken by someone else before the child binds it.
	portAttempts = 3
	// logTail is how much of a child's output is kept for error messages.
	logTail = 16 << 10
)

// errSiblingFailed cancels one emulator's start-up when the other one has failed.
var errSiblingFailed = errors.New("the other emulator failed to start")

// Options configures Start.
type Options struct {
	// Home is the install directory; "" means DefaultHome(repoRoot).
	Home string
	// DynamoPort and SQSPort are the ports to listen on (127.0.0.1 only); 0 picks a free port.
	DynamoPort, SQSPort int
	// DataDir, if not empty, makes DynamoDB Local persist its data there (-dbPath); otherwise it
	// keeps everything in memory and loses it on Stop.
	DataDir string
	// Log, if not nil, receives the installer's and both emulators' output, each line prefixed with
	// the emulator's name. It may be written to from several goroutines; Start serialises the writes.
	Log io.Writer
}

// Running is a started pair of emulators. Stop it when done; the children also receive SIGTERM if
// the process that started them dies.
type Running struct {
	// DynamoEndpoint is DynamoDB Local's base URL, e.g. http://127.0.0.1:8000.
	DynamoEndpoint string
	// SQSEndpoint is fauxqs's base URL, e.g. http://127.0.0.1:4566.
	SQSEndpoint string

	children []*child
	stopOnce sync.Once
	stopErr  error
}

// DefaultHome is the install directory used when none is given: $EMU_HOME if set, otherwise
// .localstack-home under the repository root (git-ignored).
func DefaultHome(repoRoot string) string {
	if h := os.Getenv(EnvHome); h != "" {
		return h
	}
	return filepath.Join(repoRoot, ".localstack-home")
}

// RepoRoot returns the repository root: the nearest directory, from the working directory upward,
// that contains go.mod. A go.mod of a nested module is skipped when an outer one also holds the
// emulators' support files (localstack/LoopbackDynamoDBLocal.java and its siblings), so that tools
// living in a sub-module still find the emulators.
func RepoRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("emulators: working directory: %w", err)
	}
	first := ""
	for dir := wd; ; {
		if fileExists(filepath.Join(dir, "go.mod")) {
			if fileExists(filepath.Join(dir, "localstack", launcherSource)) {
				return dir, nil
			}
			if first == "" {
				first = dir
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	if first == "" {
		return "", fmt.Errorf("emulators: no go.mod in %s or any parent directory", wd)
	}
	return first, nil
}

// Start installs the emulators if needed, starts DynamoDB Local and fauxqs on 127.0.0.1 and returns
// once both answer HTTP. ctx bounds installation and start-up only, not the processes' lifetime;
// waiting for the emulators to answer gives up after 90 s in any case. On failure nothing is left
// running and the error carries the end of the failing emulator's output.
func Start(ctx context.Context, repoRoot string, opts Options) (*Running, error) {
	home := opts.Home
	if home == "" {
		home = DefaultHome(repoRoot)
	}
	home, err := filepath.Abs(home)
	if err != nil {
		return nil, fmt.Errorf("emulators: home: %w", err)
	}
	var log io.Writer
	if opts.Log != nil {
		log = &syncWriter{w: opts.Log}
	}
	if err := install(ctx, repoRoot, home, prefixed(log, "install: ")); err != nil {
		return nil, err
	}
	java, err := jdkTool("java", "DynamoDB Local needs Java 17 or newer")
	if err != nil {
		return nil, err
	}
	storage := []string{"-inMemory"}
	if opts.DataDir != "" {
		dir, err := filepath.Abs(opts.DataDir)
		if err == nil {
			err = os.MkdirAll(dir, 0o755)
		}
		if err != nil {
			return nil, fmt.Errorf("emulators: data dir: %w", err)
		}
		storage = []string{"-dbPath", dir}
	}

	// The cap starts after installation, which may legitimately take minutes on a slow network.
	ctx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()

	ddb := spec{
		name: "dynamodb",
		port: opts.DynamoPort,
		cmd: func(port int) *exec.Cmd {
			args := []string{
				// Small heap and serial GC: a test pair should not take a core and a gigabyte.
				"-Xms64m", "-Xmx512m", "-XX:+UseSerialGC",
				"-Djava.library.path=" + filepath.Join(home, "ddb", "DynamoDBLocal_lib"),
				"-Dddb.host=127.0.0.1",
				"-cp", joinClasspath(
					filepath.Join(home, "launcher"),
					filepath.Join(home, "ddb", "DynamoDBLocal.jar"),
					filepath.Join(home, "ddb", "DynamoDBLocal_lib", "*"),
				),
				"LoopbackDynamoDBLocal",
			}
			args = append(args, storage...)
			args = append(args, "-sharedDb", "-disableTelemetry", "-port", strconv.Itoa(port))
			cmd := exec.Command(java, args...)
			cmd.Dir = filepath.Join(home, "ddb")
			return cmd
		},
		// DynamoDB Local answers 400 to a bare GET: any HTTP answer means Jetty is serving.
		ready: func(c *http.Client, base string) bool {
			resp, err := c.Get(base + "/")
			if err != nil {
				return false
			}
			drain(resp)
			return true
		},
	}
	sqs := spec{
		name: "fauxqs",
		port: opts.SQSPort,
		cmd: func(port int) *exec.Cmd {
			cmd := exec.Command(filepath.Join(home, "bin", "node"), "-r", "./loopback-listen.cjs", "fauxqs-start.mjs")
			cmd.Dir = filepath.Join(home, "sqs")
			cmd.Env = append(os.Environ(), "BIND_HOST=127.0.0.1", "FAUXQS_PORT="+strconv.Itoa(port))
			return cmd
		},
		ready: func(c *http.Client, base string) bool {
			resp, err := c.Get(base + "/health")
			if err != nil {
				return false
			}
			drain(resp)
			return resp.StatusCode == http.StatusOK
		},
	}

	// Start both at once: the JVM dominates start-up, so fauxqs costs nothing extra.
	type result struct {
		c   *child
		url string
		err error
	}
	// When one fails, the other is abandoned at once instead of waited for; its own error then only
	// says it was cancelled, which is left out of the result.
	ctx, abandon := context.WithCancelCause(ctx)
	defer abandon(nil)
	results := make([]result, 2)
	var wg sync.WaitGroup
	for i, s := range []spec{ddb, sqs} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, url, err := s.launch(ctx, prefixed(log, s.name+": "))
			if err != nil {
				abandon(errSiblingFailed)
			}
			results[i] = result{c, url, err}
		}()
	}
	wg.Wait()

	r := &Running{DynamoEndpoint: results[0].url, SQSEndpoint: results[1].url}
	var errs []error
	for _, res := range results {
		if res.c != nil {
			r.children = append(r.children, res.c)
		}
		if res.err != nil && !errors.Is(res.err, errSiblingFailed) {
			errs = append(errs, res.err)
		}
	}
	if len(errs) > 0 {
		_ = r.Stop()
		return nil, errors.Join(errs...)
	}
	return r, nil
}

// Stop ends both emulators: SIGTERM to each process group, then SIGKILL after a grace period. It
// waits until they have exited, so their ports are free when it returns. It is safe to call more
// than once; later calls return the first call's result. An error reports an emulator that had
// already died on its own, or one that could not be stopped.
func (r *Running) Stop() error {
	r.stopOnce.Do(func() {
		var errs []error
		for _, c := range r.children {
			if err := c.stop(); err != nil {
				errs = append(errs, err)
			}
		}
		r.stopErr = errors.Join(errs...)
	})
	return r.stopErr
}

// ForTests gives a test binary (typically its TestMain) a DynamoDB and an SQS endpoint. When both
// SVC_TEST_DYNAMODB_ENDPOINT and SVC_TEST_SQS_ENDPOINT are set it returns them and stop does
// nothing, so one pair can serve a whole `make test` run; otherwise it starts a private in-memory
// pair on free ports, installing into the shared home first if needed, and stop ends it. Tests
// sharing a pair must isolate themselves, e.g. with a random table and queue prefix.
func ForTests() (dynamoEndpoint, sqsEndpoint string, stop func(), err error) {
	d, s := os.Getenv(EnvTestDynamoEndpoint), os.Getenv(EnvTestSQSEndpoint)
	if d != "" && s != "" {
		return d, s, func() {}, nil
	}
	root, err := RepoRoot()
	if err != nil {
		return "", "", nil, err
	}
	// Generous: the first run on a fresh machine downloads about 150 MB before anything starts.
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	r, err := Start(ctx, root, Options{})
	if err != nil {
		return "", "", nil, err
	}
	return r.DynamoEndpoint, r.SQSEndpoint, func() { _ = r.Stop() }, nil
}

// spec describes how to run and probe one emulator.
type spec struct {
	name  string
	port  int // 0: choose a free one
	cmd   func(port int) *exec.Cmd
	ready func(c *http.Client, base string) bool
}

// launch starts the emulator and waits until it answers. When the port was chosen here and the
// child dies before answering, it retries on a new port, since the likeliest cause is that another
// process took the port between our probe and the child's bind.
func (s spec) launch(ctx context.Context, log io.Writer) (*child, string, error) {
	client := &http.Client{
		Timeout: time.Second,
		// Never send a loopback probe through a proxy from the environment.
		Transport: &http.Transport{Proxy: nil, DisableKeepAlives: true},
	}
	attempts := 1
	if s.port == 0 {
		attempts = portAttempts
	}
	var lastErr error
	for range attempts {
		port := s.port
		if port == 0 {
			p, err := freePort()
			if err != nil {
				return nil, "", fmt.Errorf("emulators: %s: %w", s.name, err)
			}
			port = p
		}
		c, err := startChild(s.name, s.cmd(port), log)
		if err != nil {
			return nil, "", err
		}
		base := "http://127.0.0.1:" + strconv.Itoa(port)
		err = c.waitReady(ctx, func() bool { return s.ready(client, base) })
		if err == nil {
			return c, base, nil
		}
		lastErr = err
		if !c.exited() {
			// Still running but not answering (timeout or cancellation): do not retry.
			_ = c.stop()
			return nil, "", err
		}
	}
	return nil, "", lastErr
}

// child is one emulator process.
type child struct {
	name string
	cmd  *exec.Cmd
	tail *tailBuffer
	done chan struct{} // closed once the process has been reaped
	err  error         // cmd.Wait's result, valid after done
}

func startChild(name string, cmd *exec.Cmd, log io.Writer) (*child, error) {
	c := &child{name: name, cmd: cmd, tail: &tailBuffer{max: logTail}, done: make(chan struct{})}
	var out io.Writer = c.tail
	if log != nil {
		out = io.MultiWriter(c.tail, log)
	}
	cmd.Stdout, cmd.Stderr = out, out
	// Output is copied through a pipe; do not let a stray holder of the pipe block Wait forever.
	cmd.WaitDelay = 2 * time.Second
	cmd.SysProcAttr = sysProcAttr()
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("emulators: start %s: %w", name, err)
	}
	go func() {
		c.err = cmd.Wait()
		close(c.done)
	}()
	return c, nil
}

func (c *child) exited() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

func (c *child) waitReady(ctx context.Context, ready func() bool) error {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		if ready() {
			return nil
		}
		select {
		case <-c.done:
			return fmt.Errorf("emulators: %s exited during start-up (%v); its output:\n%s", c.name, c.err, c.tail.String())
		case <-ctx.Done():
			return fmt.Errorf("emulators: %s did not answer in time (%w); its output so far:\n%s", c.name, context.Cause(ctx), c.tail.String())
		case <-tick.C:
		}
	}
}

// stop terminates the child's process group and reaps it. It reports a child that had already exited
// by itself, because that means the emulator was gone while the caller thought it was running.
func (c *child) stop() error {
	if c.exited() {
		return fmt.Errorf("emulators: %s had already exited (%v); its output:\n%s", c.name, c.err, c.tail.String())
	}
	pid := c.cmd.Process.Pid
	// The child leads its own process group (Setpgid), so -pid reaches anything it spawned too.
	_ = syscall.Kill(-pid, syscall.SIGTERM)
	select {
	case <-c.done:
		return nil
	case <-time.After(stopGrace):
	}
	_ = syscall.Kill(-pid, syscall.SIGKILL)
	select {
	case <-c.done:
		return nil
	case <-time.After(stopGrace):
		return fmt.Errorf("emulators: %s (pid %d) did not exit after SIGKILL", c.name, pid)
	}
}

// freePort asks the kernel for a free loopback port. The port is released before the emulator binds
// it, hence the retry in launch.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func joinClasspath(parts ...string) string {
	return strings.Join(parts, string(os.PathListSeparator))
}

func drain(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	_ = resp.Body.Close()
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
