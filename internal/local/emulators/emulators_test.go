package emulators

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// These tests run the real emulators: the first one on a fresh machine also installs them into the
// shared home (about 30 s and 300 MB), which later runs and other packages reuse.

// client talks to the emulators directly, never through a proxy from the environment.
var client = &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{Proxy: nil}}

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// start runs a pair for one test and stops it at cleanup; the emulators' output is shown only when
// the test fails.
func start(t *testing.T, opts Options) *Running {
	t.Helper()
	var log bytes.Buffer
	opts.Log = &log
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	began := time.Now()
	r, err := Start(ctx, repoRoot(t), opts)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Logf("emulators answering after %v", time.Since(began).Round(time.Millisecond))
	t.Cleanup(func() {
		began := time.Now()
		if err := r.Stop(); err != nil {
			t.Errorf("Stop at cleanup: %v", err)
		}
		t.Logf("emulators stopped in %v", time.Since(began).Round(time.Millisecond))
		if t.Failed() {
			t.Logf("emulator output:\n%s", log.String())
		}
	})
	return r
}

// dynamo sends one DynamoDB JSON 1.0 request as the SDK would, with a syntactically valid SigV4
// header: DynamoDB Local checks that one is present, not that it is correct.
func dynamo(t *testing.T, endpoint, op, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, endpoint+"/", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-amz-json-1.0")
	req.Header.Set("X-Amz-Target", "DynamoDB_20120810."+op)
	req.Header.Set("X-Amz-Date", time.Now().UTC().Format("20060102T150405Z"))
	req.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential=test/20260101/us-east-1/dynamodb/aws4_request, "+
		"SignedHeaders=content-type;host;x-amz-date;x-amz-target, Signature=0000000000000000000000000000000000000000000000000000000000000000")
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("DynamoDB %s: %v", op, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func health(t *testing.T, endpoint string) (int, string) {
	t.Helper()
	resp, err := client.Get(endpoint + "/health")
	if err != nil {
		t.Fatalf("fauxqs /health: %v", err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func port(t *testing.T, endpoint string) int {
	t.Helper()
	u, err := url.Parse(endpoint)
	if err != nil {
		t.Fatal(err)
	}
	if u.Hostname() != "127.0.0.1" {
		t.Fatalf("endpoint %s is not on 127.0.0.1", endpoint)
	}
	p, err := strconv.Atoi(u.Port())
	if err != nil {
		t.Fatalf("endpoint %s has no port", endpoint)
	}
	return p
}

// portFree reports whether nothing listens on 127.0.0.1:p any more. A dual-stack listener on
// [::ffff:127.0.0.1] (the JVM's) also blocks this bind, so it covers both emulators.
func portFree(p int) bool {
	l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(p))
	if err != nil {
		return false
	}
	l.Close()
	return true
}

// portRelease bounds the wait for a stopped emulator's port: a JVM stopping on a loaded 2-core
// machine can take seconds, and a wait that succeeds ends at once.
const portRelease = time.Minute

// waitPortFree polls until nothing listens on p, failing the test if that takes longer than within.
func waitPortFree(t *testing.T, p int, within time.Duration) {
	t.Helper()
	deadline := time.After(within)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !portFree(p) {
		select {
		case <-deadline:
			t.Fatalf("port %d still in use after %v", p, within)
		case <-tick.C:
		}
	}
}

// listenAddrs returns the local addresses of every TCP socket listening on port p, from the kernel's
// tables, so the test sees exactly what `ss -ltn` would.
func listenAddrs(t *testing.T, p int) []net.IP {
	t.Helper()
	var ips []net.IP
	for _, f := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		data, err := os.ReadFile(f)
		if err != nil {
			continue // no IPv6 on this machine
		}
		for _, line := range strings.Split(string(data), "\n")[1:] {
			fields := strings.Fields(line)
			if len(fields) < 4 || fields[3] != "0A" { // 0A = TCP_LISTEN
				continue
			}
			addr, portHex, ok := strings.Cut(fields[1], ":")
			if !ok {
				continue
			}
			if lp, err := strconv.ParseUint(portHex, 16, 16); err != nil || int(lp) != p {
				continue
			}
			raw, err := hex.DecodeString(addr)
			if err != nil || len(raw)%4 != 0 {
				t.Fatalf("cannot parse %q in %s", fields[1], f)
			}
			// The kernel prints each 32-bit word in host (little-endian) order.
			for i := 0; i < len(raw); i += 4 {
				raw[i], raw[i+1], raw[i+2], raw[i+3] = raw[i+3], raw[i+2], raw[i+1], raw[i]
			}
			ips = append(ips, net.IP(raw))
		}
	}
	return ips
}

func assertLoopbackOnly(t *testing.T, name string, p int) {
	t.Helper()
	ips := listenAddrs(t, p)
	if len(ips) == 0 {
		t.Fatalf("%s: no listening socket found for port %d", name, p)
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			t.Errorf("%s listens on %s:%d, want loopback only", name, ip, p)
		}
	}
}

func TestRepoRoot(t *testing.T) {
	root := repoRoot(t)
	for _, f := range []string{"go.mod", filepath.Join("localstack", launcherSource)} {
		if !fileExists(filepath.Join(root, f)) {
			t.Errorf("RepoRoot() = %s, which has no %s", root, f)
		}
	}
}

func TestStartAnswersOnLoopbackAndStopFreesPorts(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/net to check bind addresses")
	}
	r := start(t, Options{})
	ddbPort, sqsPort := port(t, r.DynamoEndpoint), port(t, r.SQSEndpoint)

	code, body := dynamo(t, r.DynamoEndpoint, "ListTables", "{}")
	if code != http.StatusOK || !strings.Contains(body, `"TableNames"`) {
		t.Errorf("ListTables = %d %s, want 200 with TableNames", code, body)
	}
	code, body = health(t, r.SQSEndpoint)
	if code != http.StatusOK || !strings.Contains(body, `"ok"`) {
		t.Errorf("GET /health = %d %s, want 200 ok", code, body)
	}
	assertLoopbackOnly(t, "DynamoDB Local", ddbPort)
	assertLoopbackOnly(t, "fauxqs", sqsPort)

	if err := r.Stop(); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	// Stop waits for the processes to be reaped, so the ports must be free at once.
	for _, p := range []int{ddbPort, sqsPort} {
		if !portFree(p) {
			t.Errorf("port %d still in use right after Stop", p)
		}
	}
	if err := r.Stop(); err != nil {
		t.Errorf("second Stop: %v", err)
	}
}

func TestDataDirPersistsAcrossRestarts(t *testing.T) {
	dir := t.TempDir()
	const table = `{"TableName":"persisted","BillingMode":"PAY_PER_REQUEST",` +
		`"AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],` +
		`"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]}`

	first := start(t, Options{DataDir: dir})
	if code, body := dynamo(t, first.DynamoEndpoint, "CreateTable", table); code != http.StatusOK {
		t.Fatalf("CreateTable = %d %s", code, body)
	}
	if code, body := dynamo(t, first.DynamoEndpoint, "PutItem",
		`{"TableName":"persisted","Item":{"pk":{"S":"k1"},"v":{"S":"kept"}}}`); code != http.StatusOK {
		t.Fatalf("PutItem = %d %s", code, body)
	}
	if err := first.Stop(); err != nil {
		t.Fatalf("Stop: %v", err)
	}

	second := start(t, Options{DataDir: dir})
	code, body := dynamo(t, second.DynamoEndpoint, "GetItem", `{"TableName":"persisted","Key":{"pk":{"S":"k1"}}}`)
	if code != http.StatusOK || !strings.Contains(body, `"kept"`) {
		t.Errorf("GetItem after restart = %d %s, want the item written before", code, body)
	}
}

func TestStartFailsWithChildOutputAndLeavesNothingRunning(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	sqsPort := busy.Addr().(*net.TCPAddr).Port
	ddbPort, err := freePort()
	if err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	r, err := Start(ctx, repoRoot(t), Options{DynamoPort: ddbPort, SQSPort: sqsPort})
	if err == nil {
		_ = r.Stop()
		t.Fatal("Start succeeded with the SQS port taken")
	}
	if !strings.Contains(err.Error(), "fauxqs exited") || !strings.Contains(err.Error(), "EADDRINUSE") {
		t.Errorf("error does not name fauxqs and carry its output: %v", err)
	}
	// DynamoDB Local came up (or was coming up) and must have been stopped again.
	waitPortFree(t, ddbPort, portRelease)
}

func TestForTestsUsesEndpointsFromEnvironment(t *testing.T) {
	t.Setenv(EnvTestDynamoEndpoint, "http://127.0.0.1:1")
	t.Setenv(EnvTestSQSEndpoint, "http://127.0.0.1:2")
	d, s, stop, err := ForTests()
	if err != nil {
		t.Fatal(err)
	}
	if d != "http://127.0.0.1:1" || s != "http://127.0.0.1:2" {
		t.Errorf("ForTests() = %q, %q; want the environment's endpoints", d, s)
	}
	stop() // must not panic or touch anything
}

func TestForTestsStartsPrivatePairWhenEnvironmentIncomplete(t *testing.T) {
	// Only one of the two set is not enough: a half-configured run must not use a stray endpoint.
	t.Setenv(EnvTestDynamoEndpoint, "http://127.0.0.1:1")
	t.Setenv(EnvTestSQSEndpoint, "")
	d, s, stop, err := ForTests()
	if err != nil {
		t.Fatal(err)
	}
	stopped := false
	defer func() {
		if !stopped {
			stop()
		}
	}()
	if d == "http://127.0.0.1:1" {
		t.Fatalf("ForTests used the lone %s", EnvTestDynamoEndpoint)
	}
	if code, body := dynamo(t, d, "ListTables", "{}"); code != http.StatusOK {
		t.Errorf("ListTables on private pair = %d %s", code, body)
	}
	if code, _ := health(t, s); code != http.StatusOK {
		t.Errorf("/health on private pair = %d", code)
	}
	stop()
	stopped = true
	for _, p := range []int{port(t, d), port(t, s)} {
		if !portFree(p) {
			t.Errorf("port %d still in use after stop", p)
		}
	}
}

// TestEmulatorsDieWithParent kills a process that started a pair, without Stop, and expects the
// kernel to take the emulators down with it (Pdeathsig).
func TestEmulatorsDieWithParent(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("Pdeathsig is Linux-only")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperStartAndHang$", "-test.v")
	cmd.Env = append(os.Environ(), "EMULATORS_TEST_HELPER=1")
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	// The helper holds its pair until its stdin closes; this end stays open until the helper has
	// been killed, so only the kill can end it.
	hold, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer hold.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()

	var d, s string
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if _, err := fmt.Sscanf(sc.Text(), "READY %s %s", &d, &s); err == nil {
			break
		}
	}
	if d == "" {
		t.Fatal("helper never reported its endpoints")
	}
	if code, _ := health(t, s); code != http.StatusOK {
		t.Fatalf("helper's fauxqs not answering")
	}
	if err := cmd.Process.Signal(os.Kill); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	waitPortFree(t, port(t, d), portRelease)
	waitPortFree(t, port(t, s), portRelease)
}

// TestHelperStartAndHang is the parent process for TestEmulatorsDieWithParent; it does nothing in a
// normal run. It blocks reading stdin, which the parent test keeps open, until it is killed; should
// the parent test itself die first, stdin closes and the helper stops its pair and exits.
func TestHelperStartAndHang(t *testing.T) {
	if os.Getenv("EMULATORS_TEST_HELPER") != "1" {
		t.Skip("helper process for TestEmulatorsDieWithParent")
	}
	r, err := Start(context.Background(), repoRoot(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Stop()
	fmt.Printf("READY %s %s\n", r.DynamoEndpoint, r.SQSEndpoint)
	_, _ = io.Copy(io.Discard, os.Stdin)
}
