package devstack_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/transport/admin"
)

// Where the browser test finds its browser and driver: Debian's chromium,
// and playwright-core 1.65.1 installed by make test-browser into
// .tools/browser (override with SVC_TEST_CHROMIUM, SVC_TEST_BROWSER_DRIVER).
const (
	defaultChromium = "/usr/bin/chromium"
	defaultDriver   = "../../../.tools/browser"
)

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// TestCallInBrowsers is the proof that a call connects with real media: two
// headless Chromium pages with fake microphone and camera, the provider's
// page and the user's call_url, on the local stack over HTTP. The provider
// accepts, both peers connect and receive RTP (inbound-rtp bytesReceived >
// 0 on both sides), the provider hangs up and the user's page lands on
// redirect_url. Screenshots are kept under SVC_TEST_ARTIFACTS (default: the
// test's temporary folder, named in the log). Without Chromium or the
// driver the test is skipped, saying so; make test installs both.
func TestCallInBrowsers(t *testing.T) {
	chromium := envOr("SVC_TEST_CHROMIUM", defaultChromium)
	driver, _ := filepath.Abs(envOr("SVC_TEST_BROWSER_DRIVER", defaultDriver))
	if _, err := os.Stat(chromium); err != nil {
		t.Skipf("SKIPPED, not passed: no Chromium at %s (Debian package chromium; make test-browser installs it): %v", chromium, err)
	}
	if _, err := os.Stat(filepath.Join(driver, "node_modules", "playwright-core")); err != nil {
		t.Skipf("SKIPPED, not passed: playwright-core is not installed in %s (make test-browser installs it)", driver)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("SKIPPED, not passed: no node on PATH")
	}
	e := newEnv(t, 0)
	landed := make(chan string, 1)
	thanks := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case landed <- r.URL.Path:
		default:
		}
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write([]byte("<!doctype html><title>Thanks</title><p>Thanks for calling.</p>"))
	}))
	t.Cleanup(thanks.Close)
	key := e.mint(t, "acme", auth.ScopeMessaging)
	res := e.putProvider(t, admin.Event{ZBAID: "acme", ProviderID: "pat", Name: "Pat Martin", Skills: []string{"plumbing"},
		Languages: []string{"fr"}, Location: &admin.Location{Latitude: 45.76, Longitude: 4.84}})
	providerURL := res.ProviderURL
	if strings.HasPrefix(providerURL, "/") { // this test stack has no configured base URL
		providerURL = e.url + providerURL
	}
	redirect := thanks.URL + "/thanks"
	callBody := `{"redirect_url":"` + redirect + `","query":"plumber","caller_name":"Ana",` +
		`"location":{"latitude":45.764,"longitude":4.8357}}`
	r, _, callURL := e.createCall(t, key, callBody)
	if r.status != 200 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	shots := envOr("SVC_TEST_ARTIFACTS", t.TempDir())
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "testdata/browser-call.mjs")
	cmd.Env = append(os.Environ(), "CHROMIUM="+chromium, "DRIVER_DIR="+driver, "PROVIDER_URL="+providerURL,
		"CALL_URL="+callURL.String(), "REDIRECT_URL="+redirect, "SHOTS="+shots,
		"API_URL="+e.url, "API_KEY="+key, "CALL_BODY="+callBody)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("driver: %v\n%s\n%s", err, out, stderr.String())
	}
	var got struct {
		OK                   bool     `json:"ok"`
		Error                string   `json:"error"`
		Steps                []string `json:"steps"`
		UserSees             string   `json:"userSees"`
		UserInboundBytes     float64  `json:"userInboundBytes"`
		ProviderInboundBytes float64  `json:"providerInboundBytes"`
		UserLandedOn         string   `json:"userLandedOn"`
		CSPViolations        []string `json:"cspViolations"`
		SecondCallID         string   `json:"secondCallId"`
		EndSeenAfterMs       float64  `json:"endSeenAfterMs"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(out), &got); err != nil {
		t.Fatalf("driver output %q: %v", out, err)
	}
	t.Logf("steps %v; screenshots in %s", got.Steps, shots)
	if !got.OK {
		t.Fatalf("the call did not complete: %s (steps %v)", got.Error, got.Steps)
	}
	if got.UserInboundBytes <= 0 || got.ProviderInboundBytes <= 0 {
		t.Fatalf("no media: user received %v bytes, provider %v", got.UserInboundBytes, got.ProviderInboundBytes)
	}
	if got.UserSees != "Pat Martin" || len(got.CSPViolations) > 0 {
		t.Fatalf("user saw %q; CSP violations %v", got.UserSees, got.CSPViolations)
	}
	select {
	case p := <-landed:
		if p != "/thanks" {
			t.Fatalf("redirected to %s", p)
		}
	default:
		t.Fatalf("the user's page never reached redirect_url (it reported %s)", got.UserLandedOn)
	}
	// The second call's user closed the tab: its pagehide hung up (not
	// the silence of call.AbandonAfter, which would have taken 30 s).
	second, err := e.stack.Deps.Calls().GetCall(context.Background(), got.SecondCallID)
	if err != nil || second.State != "ended" || second.EndedBy != "user" || second.EndReason != "hung_up" || got.EndSeenAfterMs > 15000 {
		t.Fatalf("the call whose tab closed: %+v, %v; the provider saw the end after %v ms", second, err, got.EndSeenAfterMs)
	}
	for _, f := range []string{"user-connected.png", "provider-connected.png", "provider-ended.png"} {
		if st, err := os.Stat(filepath.Join(shots, f)); err != nil || st.Size() == 0 {
			t.Errorf("screenshot %s: %v", f, err)
		}
	}
}
