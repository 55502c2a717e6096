// Package coldstart measures a Lambda binary's cold start on this machine.
// It plays the Lambda Runtime API to the bootstrap binary, as the Lambda
// service does: it starts the process, times how long the process takes to
// ask for its first event (its init), hands it one event and times the
// answer. The Runtime Interface Emulator cannot be installed here, so this
// is the project's own small stand-in, used by benchmarks.
package coldstart

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Result is one cold start.
type Result struct {
	// Init is from process start to its first request for an event.
	Init time.Duration
	// Invoke is from handing over the event to receiving the response.
	Invoke time.Duration
	// Response is the function's answer.
	Response []byte
}

const apiPrefix = "/2018-06-01/runtime"

// Measure starts the binary with env added to a minimal Lambda environment,
// gives it event, and returns the timings. It stops the process afterwards.
func Measure(ctx context.Context, binary string, env []string, event []byte) (Result, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return Result{}, err
	}
	rt := &runtimeAPI{event: event, got: make(chan outcome, 1)}
	srv := &http.Server{Handler: rt}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()

	cmd := exec.CommandContext(ctx, binary)
	cmd.Env = append([]string{
		"AWS_LAMBDA_RUNTIME_API=" + ln.Addr().String(),
		"AWS_LAMBDA_FUNCTION_NAME=coldstart", "AWS_LAMBDA_FUNCTION_VERSION=$LATEST",
		"AWS_LAMBDA_FUNCTION_MEMORY_SIZE=256", "AWS_REGION=us-east-1", "AWS_DEFAULT_REGION=us-east-1",
		"AWS_ACCESS_KEY_ID=local", "AWS_SECRET_ACCESS_KEY=local", "PATH=" + os.Getenv("PATH"),
	}, env...)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	rt.mu.Lock()
	rt.start = time.Now()
	rt.mu.Unlock()
	if err := cmd.Start(); err != nil {
		return Result{}, err
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	select {
	case o := <-rt.got:
		return o.result, o.err
	case <-ctx.Done():
		return Result{}, ctx.Err()
	}
}

type outcome struct {
	result Result
	err    error
}

// runtimeAPI answers the calls a Lambda runtime client makes.
type runtimeAPI struct {
	event []byte
	got   chan outcome

	mu        sync.Mutex
	start     time.Time
	init      time.Duration
	handedOut time.Time
	served    bool
}

func (rt *runtimeAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, apiPrefix)
	switch {
	case r.Method == http.MethodGet && path == "/invocation/next":
		rt.mu.Lock()
		if rt.served { // one event per cold start: park the runtime until the process is stopped
			rt.mu.Unlock()
			<-r.Context().Done()
			return
		}
		rt.served = true
		rt.init = time.Since(rt.start)
		rt.handedOut = time.Now()
		rt.mu.Unlock()
		h := w.Header()
		h.Set("Lambda-Runtime-Aws-Request-Id", "coldstart-1")
		h.Set("Lambda-Runtime-Deadline-Ms", strconv.FormatInt(time.Now().Add(30*time.Second).UnixMilli(), 10))
		h.Set("Lambda-Runtime-Invoked-Function-Arn", "arn:aws:lambda:us-east-1:000000000000:function:coldstart")
		h.Set("Lambda-Runtime-Trace-Id", "Root=1-00000000-000000000000000000000000")
		_, _ = w.Write(rt.event)
	case r.Method == http.MethodPost && strings.HasSuffix(path, "/response"):
		body, _ := io.ReadAll(r.Body)
		rt.mu.Lock()
		res := Result{Init: rt.init, Invoke: time.Since(rt.handedOut), Response: body}
		rt.mu.Unlock()
		w.WriteHeader(http.StatusAccepted)
		rt.report(outcome{result: res})
	case r.Method == http.MethodPost && strings.HasSuffix(path, "/error"):
		body, _ := io.ReadAll(r.Body)
		w.WriteHeader(http.StatusAccepted)
		rt.report(outcome{err: fmt.Errorf("function error at %s: %s", path, body)})
	default:
		http.NotFound(w, r)
	}
}

func (rt *runtimeAPI) report(o outcome) {
	select {
	case rt.got <- o:
	default:
	}
}

// Baselines are the hello-world Lambdas under baseline/ that functions are
// measured against: Hello for functions that link no AWS SDK, HelloDynamoDB
// for those that reach DynamoDB.
const (
	Hello         = "hello"
	HelloDynamoDB = "hello-dynamodb"
)

// Build compiles functions/<name> as the Makefile does, for this machine's
// architecture, into dir; it returns the binary's path.
func Build(ctx context.Context, repoRoot, name, dir string) (string, error) {
	return build(ctx, repoRoot, "./functions/"+name, dir+"/"+name)
}

// BuildBaseline compiles the baseline name (Hello, HelloDynamoDB) with the
// functions' flags into dir; it returns the binary's path.
func BuildBaseline(ctx context.Context, repoRoot, name, dir string) (string, error) {
	return build(ctx, repoRoot, "./internal/local/coldstart/baseline/"+name, dir+"/baseline-"+name)
}

// build runs the Makefile's Lambda build (dist/%/bootstrap) for the host's
// architecture.
func build(ctx context.Context, repoRoot, pkg, out string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-tags", "lambda.norpc", "-ldflags=-s -w",
		"-o", out, pkg)
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return "", errors.Join(err, errors.New(string(msg)))
	}
	return out, nil
}
